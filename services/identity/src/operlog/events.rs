//! The durable consumer that turns `identity.operation.recorded` events into rows, on the
//! shared runner: acknowledged after the row is written, the event id makes a redelivery
//! harmless, an undecodable message is terminated, a failed write is retried.

use std::time::Duration;

use async_nats::jetstream;
use lumiscape_common::nats::{ConsumerSpec, Outcome, Streams, run_consumer};
use lumiscape_proto::events::v1::OperationRecorded;
use prost::Message;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

pub const CONSUMER: &str = "identity-oper-log";
pub const SUBJECT: &str = "identity.operation.recorded";
const MAX_DELIVER: i64 = 10;

pub async fn run(
    pool: PgPool,
    js: jetstream::Context,
    streams: Streams,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let spec = ConsumerSpec {
        stream: streams.identity(),
        durable: CONSUMER.to_owned(),
        filter_subjects: vec![streams.subject(SUBJECT)],
        max_deliver: MAX_DELIVER,
        ack_wait: Duration::from_secs(30),
    };
    run_consumer(js, spec, shutdown, |message| {
        let pool = pool.clone();
        async move {
            let outcome = handle(&pool, &message).await;
            (message, outcome)
        }
    })
    .await
}

async fn handle(pool: &PgPool, message: &jetstream::Message) -> Outcome {
    let decoded = OperationRecorded::decode(message.payload.clone())
        .ok()
        .and_then(|event| Uuid::parse_str(&event.event_id).ok().map(|id| (id, event)));
    let Some((event_id, event)) = decoded else {
        return Outcome::Poison("undecodable operation record".to_owned());
    };
    match super::store::insert(pool, event_id, &event).await {
        Ok(_) => Outcome::Done,
        Err(err) => Outcome::Retry(err.into()),
    }
}
