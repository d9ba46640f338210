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

#[derive(Debug, Clone)]
pub struct LoginLogRow {
    pub info_id: i64,
    pub user_name: String,
    pub ipaddr: String,
    pub user_agent: String,
    pub status: String,
    pub msg: String,
    pub login_time: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct LoginLogFilter {
    pub ipaddr: String,
    pub user_name: String,
    pub status: String,
    pub from: Option<DateTime<Utc>>,
    pub before: Option<DateTime<Utc>>,
}

/// A page of the entries matching `filter` (every one, up to `page`'s limit), newest first.
pub async fn list(
    pool: &PgPool,
    filter: &LoginLogFilter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<LoginLogRow>, i64)> {
    let rows = sqlx::query_as!(
        LoginLogRow,
        "SELECT info_id, user_name, ipaddr, user_agent, status::text AS \"status!\", msg, login_time \
         FROM identity.login_log WHERE strpos(ipaddr, $1) > 0 AND strpos(user_name, $2) > 0 \
         AND ($3 = '' OR status = $3) AND ($4::timestamptz IS NULL OR login_time >= $4) \
         AND ($5::timestamptz IS NULL OR login_time < $5) ORDER BY login_time DESC, info_id DESC LIMIT $6 OFFSET $7",
        filter.ipaddr,
        filter.user_name,
        filter.status,
        filter.from,
        filter.before,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.login_log WHERE strpos(ipaddr, $1) > 0 AND strpos(user_name, $2) > 0 \
         AND ($3 = '' OR status = $3) AND ($4::timestamptz IS NULL OR login_time >= $4) \
         AND ($5::timestamptz IS NULL OR login_time < $5)",
        filter.ipaddr,
        filter.user_name,
        filter.status,
        filter.from,
        filter.before,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// Deletes entries; how many there were.
/// Deletes all the given rows or none: `Ok(false)` (nothing deleted) when one does not exist.
pub async fn delete(pool: &PgPool, info_ids: &[i64]) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!("DELETE FROM identity.login_log WHERE info_id = ANY ($1)", info_ids)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != info_ids.len() as u64 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// Deletes every entry.
pub async fn clean(pool: &PgPool) -> sqlx::Result<u64> {
    Ok(sqlx::query!("DELETE FROM identity.login_log").execute(pool).await?.rows_affected())
}

/// Clears an account's wrong-password count and lock; false when there is no such account.
pub async fn unlock(pool: &PgPool, user_name: &str) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE identity.users SET failed_attempts = 0, locked_until = NULL, updated_at = now() \
         WHERE user_name = $1 AND NOT deleted",
        user_name
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
