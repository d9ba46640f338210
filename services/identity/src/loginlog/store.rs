//! The login log's table.

use chrono::{DateTime, Utc};
use lumiscape_proto::events::v1::LoginEvent;
use sqlx::PgPool;
use uuid::Uuid;

/// Inserts one entry; a redelivered event (same id) changes nothing.
pub async fn insert(pool: &PgPool, event_id: Uuid, event: &LoginEvent) -> sqlx::Result<bool> {
    let login_time = DateTime::<Utc>::from_timestamp_millis(event.occurred_at_ms).unwrap_or_else(Utc::now);
    let done = sqlx::query!(
        "INSERT INTO identity.login_log (event_id, user_name, ipaddr, user_agent, status, msg, login_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING",
        event_id,
        event.user_name,
        event.ip,
        event.user_agent,
        event.status,
        event.message_key,
        login_time,
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
