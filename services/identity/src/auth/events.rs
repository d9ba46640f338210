//! The sign-in events identity publishes (through the outbox).

use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::{self, OutboxEvent};
use lumiscape_proto::events::v1::LoginEvent;
use prost::Message;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::Tables;

/// What happened at a sign-in door.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginOutcome {
    Succeeded,
    Failed,
    LoggedOut,
}

impl LoginOutcome {
    pub fn event_type(self) -> &'static str {
        match self {
            LoginOutcome::Succeeded => "identity.login.succeeded",
            LoginOutcome::Failed => "identity.login.failed",
            LoginOutcome::LoggedOut => "identity.logout",
        }
    }

    /// The login log's status column: '0' success, '1' failure.
    pub fn status(self) -> &'static str {
        if self == LoginOutcome::Failed { "1" } else { "0" }
    }
}

/// One sign-in fact, as the login log records it.
#[derive(Debug, Clone)]
pub struct LoginFact<'a> {
    pub outcome: LoginOutcome,
    pub user_name: &'a str,
    pub user_id: i64,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub message_key: &'a str,
}

/// Writes the event into the outbox, in the caller's transaction.
pub async fn record(conn: &mut PgConnection, streams: &Streams, fact: &LoginFact<'_>) -> sqlx::Result<()> {
    let event_id = Uuid::now_v7();
    let event = LoginEvent {
        event_id: event_id.to_string(),
        user_name: fact.user_name.chars().take(50).collect(),
        user_id: fact.user_id,
        ip: fact.ip.chars().take(128).collect(),
        user_agent: fact.user_agent.chars().take(500).collect(),
        status: fact.outcome.status().to_owned(),
        message_key: fact.message_key.to_owned(),
        occurred_at_ms: chrono::Utc::now().timestamp_millis(),
    };
    let event = OutboxEvent {
        message_id: event_id.to_string(),
        subject: streams.subject(fact.outcome.event_type()),
        event_type: fact.outcome.event_type().to_owned(),
        payload: event.encode_to_vec(),
    };
    outbox::insert::<Tables>(conn, &event).await
}
