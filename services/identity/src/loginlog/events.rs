//! The durable consumer that turns sign-in events into login log rows. At-least-once:
//! each message is acknowledged after its row is written; the row's event id makes a
//! redelivery harmless. A message that cannot be decoded is terminated, never retried.

use std::time::Duration;

use async_nats::jetstream::{self, AckKind, consumer};
use futures::StreamExt;
use lumiscape_proto::events::v1::LoginEvent;
use prost::Message;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::Subjects;

pub const CONSUMER: &str = "identity-login-log";
/// Deliveries after which a failing message is given up (it stays in the stream).
pub const MAX_DELIVER: i64 = 10;

pub async fn run(
    pool: PgPool,
    js: jetstream::Context,
    subjects: Subjects,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let stream = js.get_stream(&subjects.stream).await?;
    let consumer = stream
        .get_or_create_consumer(
            CONSUMER,
            consumer::pull::Config {
                durable_name: Some(CONSUMER.into()),
                filter_subjects: vec![subjects.event("identity.login.>"), subjects.event("identity.logout")],
                ack_policy: consumer::AckPolicy::Explicit,
                ack_wait: Duration::from_secs(30),
                max_deliver: MAX_DELIVER,
                ..Default::default()
            },
        )
        .await?;
    loop {
        let mut messages = match consumer.messages().await {
            Ok(messages) => messages,
            Err(err) => {
                tracing::warn!(error = %err, "login log consumer could not subscribe; retrying");
                tokio::select! {
                    _ = shutdown.cancelled() => return Ok(()),
                    _ = tokio::time::sleep(Duration::from_secs(1)) => continue,
                }
            }
        };
        loop {
            let next = tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                next = messages.next() => next,
            };
            match next {
                Some(Ok(message)) => handle(&pool, message).await,
                Some(Err(err)) => {
                    tracing::warn!(error = %err, "login log consumer error");
                    break;
                }
                None => break,
            }
        }
    }
}

async fn handle(pool: &PgPool, message: jetstream::Message) {
    let decoded = LoginEvent::decode(message.payload.clone())
        .ok()
        .and_then(|event| Uuid::parse_str(&event.event_id).ok().map(|id| (id, event)));
    let Some((event_id, event)) = decoded else {
        tracing::warn!(subject = %message.subject, "undecodable login event; terminating it");
        if let Err(err) = message.ack_with(AckKind::Term).await {
            tracing::warn!(error = %err, "could not terminate message");
        }
        return;
    };
    match super::store::insert(pool, event_id, &event).await {
        Ok(_) => {
            if let Err(err) = message.ack().await {
                tracing::warn!(error = %err, "could not acknowledge login event");
            }
        }
        Err(err) => {
            tracing::warn!(error = %err, "login log write failed; will be redelivered");
            if let Err(err) = message.ack_with(AckKind::Nak(Some(Duration::from_secs(1)))).await {
                tracing::warn!(error = %err, "could not nak login event");
            }
        }
    }
}
