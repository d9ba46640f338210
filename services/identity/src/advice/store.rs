//! Advice queries.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

#[derive(Debug, Clone)]
pub struct AdviceRow {
    pub advice_id: i64,
    pub user_name: String,
    pub title: String,
    pub content: String,
    pub status: String,
    pub reply: String,
    pub replied_by: String,
    pub replied_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

macro_rules! advice_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            AdviceRow,
            "SELECT advice_id, user_name, title, content, status::text AS \"status!\", reply, replied_by, replied_at, \
             created_at FROM identity.advices " + $after,
            $($arg),*
        )
    };
}

pub async fn insert(pool: &PgPool, user_id: i64, user_name: &str, title: &str, content: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "INSERT INTO identity.advices (user_id, user_name, title, content) VALUES ($1, $2, $3, $4) RETURNING advice_id",
        user_id,
        user_name,
        title,
        content
    )
    .fetch_one(pool)
    .await
}

/// A page of the feedback matching the filters (of one user when `user_id` is given),
/// newest first, and the count of all.
pub async fn list(
    pool: &PgPool,
    user_id: Option<i64>,
    title: &str,
    user_name: &str,
    status: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<AdviceRow>, i64)> {
    let rows = advice_query!(
        "WHERE ($1::bigint IS NULL OR user_id = $1) AND strpos(title, $2) > 0 AND strpos(user_name, $3) > 0 \
         AND ($4 = '' OR status = $4) ORDER BY created_at DESC, advice_id DESC LIMIT $5 OFFSET $6";
        user_id,
        title,
        user_name,
        status,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.advices WHERE ($1::bigint IS NULL OR user_id = $1) \
         AND strpos(title, $2) > 0 AND strpos(user_name, $3) > 0 AND ($4 = '' OR status = $4)",
        user_id,
        title,
        user_name,
        status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, advice_id: i64) -> sqlx::Result<Option<AdviceRow>> {
    advice_query!("WHERE advice_id = $1"; advice_id).fetch_optional(pool).await
}

/// Writes a reply; false when there is no such feedback.
pub async fn reply(pool: &PgPool, advice_id: i64, reply: &str, status: &str, by: &str) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE identity.advices SET reply = $2, status = $3, replied_by = $4, replied_at = now() WHERE advice_id = $1",
        advice_id,
        reply,
        status,
        by
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes all the given rows or none: `Ok(false)` (nothing deleted) when one does not exist.
pub async fn delete(pool: &PgPool, advice_ids: &[i64]) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!("DELETE FROM identity.advices WHERE advice_id = ANY ($1)", advice_ids)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != advice_ids.len() as u64 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}
