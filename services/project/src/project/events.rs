//! The project's facts, written to the outbox in the transaction of the change: identity
//! grants a new project to its creator and drops a deleted one from every user. A project
//! is created and deleted once, so each event's message id is its project's.

use chrono::Utc;
use lumiscape_common::nats::Streams;
use lumiscape_common::tables::OutboxEvent;
use lumiscape_proto::events::v1::{ProjectCreated, ProjectDeleted};
use prost::Message;

pub const CREATED: &str = "project.project.created";
pub const DELETED: &str = "project.project.deleted";

pub fn created(streams: &Streams, project_id: i64, user_id: i64, project_name: &str) -> OutboxEvent {
    let event_id = format!("{CREATED}.{project_id}");
    let payload = ProjectCreated {
        event_id: event_id.clone(),
        project_id,
        created_by_user_id: user_id,
        project_name: project_name.to_owned(),
        occurred_at_ms: Utc::now().timestamp_millis(),
    };
    OutboxEvent {
        message_id: event_id,
        subject: streams.subject(CREATED),
        event_type: CREATED.to_owned(),
        payload: payload.encode_to_vec(),
    }
}

pub fn deleted(streams: &Streams, project_id: i64) -> OutboxEvent {
    let event_id = format!("{DELETED}.{project_id}");
    let payload =
        ProjectDeleted { event_id: event_id.clone(), project_id, occurred_at_ms: Utc::now().timestamp_millis() };
    OutboxEvent {
        message_id: event_id,
        subject: streams.subject(DELETED),
        event_type: DELETED.to_owned(),
        payload: payload.encode_to_vec(),
    }
}
