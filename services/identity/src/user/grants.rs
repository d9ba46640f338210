//! Project grants that follow the project service's facts: a new project is granted to its
//! creator (users with all projects see it already), a deleted one is taken from everyone.
//! Each change rewrites the live sessions of the users it touched. Idempotent: a
//! redelivered event finds the grant made, or the project gone, and changes nothing.

use std::time::Duration;

use async_nats::jetstream;
use lumiscape_common::nats::{ConsumerSpec, Outcome, run_consumer};
use lumiscape_proto::events::v1::{ProjectCreated, ProjectDeleted};
use prost::Message;
use tokio_util::sync::CancellationToken;

use crate::Shared;

pub const CONSUMER: &str = "identity-project-grants";
/// Deliveries after which a failing message is given up (it stays in the stream).
pub const MAX_DELIVER: i64 = 10;
const CREATED: &str = "project.project.created";
const DELETED: &str = "project.project.deleted";

/// Consumes the project service's facts until `shutdown`.
pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let streams = shared.streams.clone();
    let spec = ConsumerSpec {
        stream: streams.project(),
        durable: CONSUMER.to_owned(),
        filter_subjects: vec![streams.subject(CREATED), streams.subject(DELETED)],
        max_deliver: MAX_DELIVER,
        ack_wait: Duration::from_secs(30),
    };
    let (created, deleted) = (streams.subject(CREATED), streams.subject(DELETED));
    run_consumer(shared.js.clone(), spec, shutdown, move |message| {
        let shared = shared.clone();
        let subject = message.subject.to_string();
        let (created, deleted) = (created.clone(), deleted.clone());
        async move {
            let outcome = if subject == created {
                on_created(&shared, &message).await
            } else if subject == deleted {
                on_deleted(&shared, &message).await
            } else {
                Outcome::Poison(format!("unexpected subject {subject}"))
            };
            (message, outcome)
        }
    })
    .await
}

async fn on_created(shared: &Shared, message: &jetstream::Message) -> Outcome {
    let Ok(event) = ProjectCreated::decode(message.payload.clone()) else {
        return Outcome::Poison("undecodable project created event".to_owned());
    };
    let granted = super::store::grant_project(&shared.pool, event.created_by_user_id, event.project_id).await;
    match granted {
        Ok(false) => Outcome::Done,
        Ok(true) => match super::sessions::refresh(shared, event.created_by_user_id).await {
            Ok(()) => {
                tracing::info!(
                    project = event.project_id,
                    user = event.created_by_user_id,
                    "project granted to its creator"
                );
                Outcome::Done
            }
            Err(err) => Outcome::Retry(anyhow::anyhow!("{err}")),
        },
        Err(err) => Outcome::Retry(err.into()),
    }
}

async fn on_deleted(shared: &Shared, message: &jetstream::Message) -> Outcome {
    let Ok(event) = ProjectDeleted::decode(message.payload.clone()) else {
        return Outcome::Poison("undecodable project deleted event".to_owned());
    };
    let users = match super::store::revoke_project(&shared.pool, event.project_id).await {
        Ok(users) => users,
        Err(err) => return Outcome::Retry(err.into()),
    };
    for user_id in users {
        if let Err(err) = super::sessions::refresh(shared, user_id).await {
            return Outcome::Retry(anyhow::anyhow!("{err}"));
        }
    }
    Outcome::Done
}
