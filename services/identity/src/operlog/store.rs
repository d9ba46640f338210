//! The operation log's table.

use chrono::{DateTime, Utc};
use lumiscape_proto::events::v1::OperationRecorded;
use sqlx::PgPool;
use uuid::Uuid;

/// Text cut to the column's length, on a character boundary.
fn bounded(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// Inserts one record; a redelivered event (same id) changes nothing.
pub async fn insert(pool: &PgPool, event_id: Uuid, e: &OperationRecorded) -> sqlx::Result<bool> {
    let oper_time = DateTime::<Utc>::from_timestamp_millis(e.oper_time_ms).unwrap_or_else(Utc::now);
    let done = sqlx::query!(
        "INSERT INTO identity.oper_log (event_id, title, business_type, method, request_method, oper_name, oper_url, \
         oper_ip, oper_param, json_result, status, error_msg, oper_time, cost_time, project_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (event_id) DO NOTHING",
        event_id,
        bounded(&e.title, 50),
        e.business_type,
        bounded(&e.method, 200),
        bounded(&e.request_method, 10),
        bounded(&e.oper_name, 50),
        bounded(&e.oper_url, 255),
        bounded(&e.oper_ip, 128),
        bounded(&e.oper_param, 2000),
        bounded(&e.json_result, 2000),
        e.status,
        bounded(&e.error_msg, 2000),
        oper_time,
        e.cost_time_ms,
        (e.project_id > 0).then_some(e.project_id),
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[derive(Debug, Clone)]
pub struct OperLogRow {
    pub oper_id: i64,
    pub title: String,
    pub business_type: i32,
    pub method: String,
    pub request_method: String,
    pub oper_name: String,
    pub oper_url: String,
    pub oper_ip: String,
    pub oper_param: String,
    pub json_result: String,
    pub status: i32,
    pub error_msg: String,
    pub oper_time: DateTime<Utc>,
    pub cost_time: i64,
}

#[derive(Debug, Clone, Default)]
pub struct OperLogFilter {
    pub title: String,
    pub oper_name: String,
    pub business_type: Option<i32>,
    pub status: Option<i32>,
    pub oper_ip: String,
    pub from: Option<DateTime<Utc>>,
    pub before: Option<DateTime<Utc>>,
}

macro_rules! oper_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            OperLogRow,
            "SELECT oper_id, title, business_type, method, request_method, oper_name, oper_url, oper_ip, oper_param, \
             json_result, status, error_msg, oper_time, cost_time FROM identity.oper_log " + $after,
            $($arg),*
        )
    };
}

/// The records matching `filter`, newest first, and the count of all.
pub async fn list(pool: &PgPool, f: &OperLogFilter, limit: i64, offset: i64) -> sqlx::Result<(Vec<OperLogRow>, i64)> {
    let rows = oper_query!(
        "WHERE strpos(title, $1) > 0 AND strpos(oper_name, $2) > 0 AND ($3::int IS NULL OR business_type = $3) \
         AND ($4::int IS NULL OR status = $4) AND strpos(oper_ip, $5) > 0 \
         AND ($6::timestamptz IS NULL OR oper_time >= $6) AND ($7::timestamptz IS NULL OR oper_time < $7) \
         ORDER BY oper_time DESC, oper_id DESC LIMIT $8 OFFSET $9";
        f.title,
        f.oper_name,
        f.business_type,
        f.status,
        f.oper_ip,
        f.from,
        f.before,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.oper_log \
         WHERE strpos(title, $1) > 0 AND strpos(oper_name, $2) > 0 AND ($3::int IS NULL OR business_type = $3) \
         AND ($4::int IS NULL OR status = $4) AND strpos(oper_ip, $5) > 0 \
         AND ($6::timestamptz IS NULL OR oper_time >= $6) AND ($7::timestamptz IS NULL OR oper_time < $7)",
        f.title,
        f.oper_name,
        f.business_type,
        f.status,
        f.oper_ip,
        f.from,
        f.before,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, oper_id: i64) -> sqlx::Result<Option<OperLogRow>> {
    oper_query!("WHERE oper_id = $1"; oper_id).fetch_optional(pool).await
}

/// Deletes all the given rows or none: `Ok(false)` (nothing deleted) when one does not exist.
pub async fn delete(pool: &PgPool, oper_ids: &[i64]) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!("DELETE FROM identity.oper_log WHERE oper_id = ANY ($1)", oper_ids)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != oper_ids.len() as u64 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

pub async fn clean(pool: &PgPool) -> sqlx::Result<u64> {
    Ok(sqlx::query!("DELETE FROM identity.oper_log").execute(pool).await?.rows_affected())
}
