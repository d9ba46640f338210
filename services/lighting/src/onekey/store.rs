//! The one-key audit records and their event.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::{self, OutboxEvent};
use lumiscape_common::paging::Page;
use lumiscape_proto::events::v1::OneKeyExecuted;
use prost::Message;
use sqlx::PgPool;
use uuid::Uuid;

use super::model::{GatewayOutcome, Tally, action};
use crate::Tables;

pub const EVENT_TYPE: &str = "lighting.onekey.executed";

/// Who switched what, for the record.
pub struct NewRecord<'a> {
    pub project_id: i64,
    pub user_id: i64,
    pub user_name: &'a str,
    pub on: bool,
    pub tally: Tally,
    pub outcomes: &'a [GatewayOutcome],
}

/// Writes the record and its `OneKeyExecuted` event (through the outbox) in one
/// transaction; returns the record id.
pub async fn insert(pool: &PgPool, streams: &Streams, record: &NewRecord<'_>) -> Result<i64, Error> {
    let results = serde_json::to_value(record.outcomes).map_err(Error::internal)?;
    let mut tx = pool.begin().await?;
    let row = sqlx::query!(
        "INSERT INTO lighting.onekey_records (project_id, user_id, user_name, action, total, succeeded, failed, \
         results) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING record_id, created_at",
        record.project_id,
        record.user_id,
        record.user_name,
        action(record.on),
        record.tally.total as i32,
        record.tally.succeeded as i32,
        record.tally.failed as i32,
        results,
    )
    .fetch_one(&mut *tx)
    .await?;
    let (record_id, created_at) = (row.record_id, row.created_at);
    let event = OneKeyExecuted {
        record_id,
        project_id: record.project_id,
        user_id: record.user_id,
        user_name: record.user_name.to_owned(),
        on: record.on,
        total: record.tally.total,
        succeeded: record.tally.succeeded,
        at_ms: created_at.timestamp_millis(),
    };
    let outgoing = OutboxEvent {
        message_id: Uuid::new_v4().to_string(),
        subject: streams.subject(EVENT_TYPE),
        event_type: EVENT_TYPE.to_owned(),
        payload: event.encode_to_vec(),
    };
    outbox::insert::<Tables>(&mut tx, &outgoing).await?;
    tx.commit().await?;
    Ok(record_id)
}

#[derive(Debug, Clone)]
pub struct RecordRow {
    pub record_id: i64,
    pub action: String,
    pub user_name: String,
    pub total: i32,
    pub succeeded: i32,
    pub failed: i32,
    pub created_at: DateTime<Utc>,
}

/// A page of the project's records, newest first, and their count.
pub async fn list(pool: &PgPool, project_id: i64, page: Page) -> sqlx::Result<(Vec<RecordRow>, i64)> {
    let rows = sqlx::query_as!(
        RecordRow,
        "SELECT record_id, action, user_name, total, succeeded, failed, created_at FROM lighting.onekey_records \
         WHERE project_id = $1 ORDER BY record_id DESC LIMIT $2 OFFSET $3",
        project_id,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.onekey_records WHERE project_id = $1",
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
