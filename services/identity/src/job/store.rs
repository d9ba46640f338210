//! Job and job-log queries.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use sqlx::{PgConnection, PgPool};

use super::model::JobDraft;

#[derive(Debug, Clone)]
pub struct JobRow {
    pub job_id: i64,
    pub job_name: String,
    pub job_group: String,
    pub invoke_target: String,
    pub cron_expression: String,
    pub misfire_policy: String,
    pub concurrent: String,
    pub failure_strategy: String,
    pub status: String,
    pub remark: String,
    pub next_fire_at: Option<DateTime<Utc>>,
    pub running_since: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

macro_rules! job_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            JobRow,
            "SELECT job_id, job_name, job_group, invoke_target, cron_expression, misfire_policy::text AS \"misfire_policy!\", \
             concurrent::text AS \"concurrent!\", failure_strategy::text AS \"failure_strategy!\", status::text AS \"status!\", \
             remark, next_fire_at, running_since, created_at FROM identity.jobs " + $after,
            $($arg),*
        )
    };
}

pub async fn list(
    pool: &PgPool,
    name: &str,
    group: &str,
    status: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<JobRow>, i64)> {
    let rows = job_query!(
        "WHERE strpos(job_name, $1) > 0 AND ($2 = '' OR job_group = $2) AND ($3 = '' OR status = $3) \
         ORDER BY job_id LIMIT $4 OFFSET $5";
        name,
        group,
        status,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.jobs WHERE strpos(job_name, $1) > 0 AND ($2 = '' OR job_group = $2) \
         AND ($3 = '' OR status = $3)",
        name,
        group,
        status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, job_id: i64) -> sqlx::Result<Option<JobRow>> {
    job_query!("WHERE job_id = $1"; job_id).fetch_optional(pool).await
}

/// Adds a job, with its first fire time when it starts enabled.
pub async fn insert(pool: &PgPool, draft: &JobDraft, next_fire_at: Option<DateTime<Utc>>) -> Result<i64, Error> {
    sqlx::query_scalar!(
        "INSERT INTO identity.jobs (job_name, job_group, invoke_target, cron_expression, misfire_policy, concurrent, \
         failure_strategy, status, remark, next_fire_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING job_id",
        draft.job_name,
        draft.job_group,
        draft.handler.key(),
        draft.cron_expression,
        draft.misfire_policy,
        draft.concurrent,
        draft.failure_strategy,
        draft.status,
        draft.remark,
        next_fire_at,
    )
    .fetch_one(pool)
    .await
    .map_err(|err| translate(err, draft))
}

/// Saves an edit and the new next fire time; false when the job does not exist.
pub async fn update(
    pool: &PgPool,
    job_id: i64,
    draft: &JobDraft,
    next_fire_at: Option<DateTime<Utc>>,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE identity.jobs SET job_name = $2, job_group = $3, invoke_target = $4, cron_expression = $5, \
         misfire_policy = $6, concurrent = $7, failure_strategy = $8, status = $9, remark = $10, next_fire_at = $11 \
         WHERE job_id = $1",
        job_id,
        draft.job_name,
        draft.job_group,
        draft.handler.key(),
        draft.cron_expression,
        draft.misfire_policy,
        draft.concurrent,
        draft.failure_strategy,
        draft.status,
        draft.remark,
        next_fire_at,
    )
    .execute(pool)
    .await
    .map_err(|err| translate(err, draft))?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_status(
    pool: &PgPool,
    job_id: i64,
    status: &str,
    next_fire_at: Option<DateTime<Utc>>,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE identity.jobs SET status = $2, next_fire_at = $3 WHERE job_id = $1",
        job_id,
        status,
        next_fire_at
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes all the given jobs or none.
pub async fn delete(pool: &PgPool, job_ids: &[i64]) -> sqlx::Result<Deleted> {
    let mut tx = pool.begin().await?;
    let statuses = sqlx::query_scalar!(
        "DELETE FROM identity.jobs WHERE job_id = ANY ($1) RETURNING status::text AS \"status!\"",
        job_ids
    )
    .fetch_all(&mut *tx)
    .await?;
    if statuses.len() != job_ids.len() {
        return Ok(Deleted::Missing);
    }
    if statuses.iter().any(|s| s == "0") {
        return Ok(Deleted::OnSchedule);
    }
    tx.commit().await?;
    Ok(Deleted::All)
}

/// What a delete of jobs did: all of them, or none because one does not exist or one is
/// still on its schedule (the spec: a scheduled task is disabled before it is deleted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deleted {
    All,
    Missing,
    OnSchedule,
}

/// The enabled jobs due now, locked for this transaction; rows another replica holds are
/// skipped (it is firing them).
pub async fn claim_due(conn: &mut PgConnection, limit: i64) -> sqlx::Result<Vec<JobRow>> {
    job_query!(
        "WHERE status = '0' AND next_fire_at <= now() ORDER BY next_fire_at LIMIT $1 FOR UPDATE SKIP LOCKED";
        limit,
    )
    .fetch_all(conn)
    .await
}

/// Moves a claimed job to its next fire time, marking it running when this firing runs.
pub async fn advance(
    conn: &mut PgConnection,
    job_id: i64,
    next: Option<DateTime<Utc>>,
    running: bool,
) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE identity.jobs SET next_fire_at = $2, running_since = CASE WHEN $3 THEN now() ELSE running_since END \
         WHERE job_id = $1",
        job_id,
        next,
        running
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Opens the log entry of a firing; `None` when that firing is logged already.
pub async fn open_log(conn: &mut PgConnection, job: &JobRow, fire_time: DateTime<Utc>) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar!(
        "INSERT INTO identity.job_logs (job_id, job_name, job_group, invoke_target, fire_time) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (job_id, fire_time) DO NOTHING RETURNING job_log_id",
        job.job_id,
        job.job_name,
        job.job_group,
        job.invoke_target,
        fire_time,
    )
    .fetch_optional(conn)
    .await
}

/// Closes a firing: its log entry, the job's running mark, and the job's pause when it
/// failed and its strategy says so.
pub async fn close_log(
    pool: &PgPool,
    log_id: i64,
    job_id: i64,
    outcome: &Result<String, String>,
    pause_on_failure: bool,
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    let (status, message, error) = match outcome {
        Ok(message) => ("0", message.as_str(), ""),
        Err(error) => ("1", "", error.as_str()),
    };
    sqlx::query!(
        "UPDATE identity.job_logs SET status = $2, job_message = $3, exception_info = $4, stop_time = now() WHERE job_log_id = $1",
        log_id,
        status,
        message.chars().take(500).collect::<String>(),
        error.chars().take(2000).collect::<String>(),
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "UPDATE identity.jobs SET running_since = NULL, status = CASE WHEN $2 THEN '1' ELSE status END, \
         next_fire_at = CASE WHEN $2 THEN NULL ELSE next_fire_at END WHERE job_id = $1",
        job_id,
        outcome.is_err() && pause_on_failure,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

#[derive(Debug, Clone)]
pub struct JobLogRow {
    pub job_log_id: i64,
    pub job_id: i64,
    pub job_name: String,
    pub job_group: String,
    pub invoke_target: String,
    pub fire_time: DateTime<Utc>,
    pub job_message: String,
    pub status: Option<String>,
    pub exception_info: String,
    pub start_time: DateTime<Utc>,
    pub stop_time: Option<DateTime<Utc>>,
}

macro_rules! log_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            JobLogRow,
            "SELECT job_log_id, job_id, job_name, job_group, invoke_target, fire_time, job_message, status::text AS status, \
             exception_info, start_time, stop_time FROM identity.job_logs " + $after,
            $($arg),*
        )
    };
}

#[allow(clippy::too_many_arguments)]
pub async fn list_logs(
    pool: &PgPool,
    job_id: Option<i64>,
    name: &str,
    group: &str,
    status: &str,
    from: Option<DateTime<Utc>>,
    before: Option<DateTime<Utc>>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<JobLogRow>, i64)> {
    let rows = log_query!(
        "WHERE ($1::bigint IS NULL OR job_id = $1) AND strpos(job_name, $2) > 0 AND ($3 = '' OR job_group = $3) \
         AND ($4 = '' OR status = $4) AND ($5::timestamptz IS NULL OR start_time >= $5) \
         AND ($6::timestamptz IS NULL OR start_time < $6) ORDER BY start_time DESC, job_log_id DESC LIMIT $7 OFFSET $8";
        job_id,
        name,
        group,
        status,
        from,
        before,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.job_logs WHERE ($1::bigint IS NULL OR job_id = $1) \
         AND strpos(job_name, $2) > 0 AND ($3 = '' OR job_group = $3) AND ($4 = '' OR status = $4) \
         AND ($5::timestamptz IS NULL OR start_time >= $5) AND ($6::timestamptz IS NULL OR start_time < $6)",
        job_id,
        name,
        group,
        status,
        from,
        before,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_log(pool: &PgPool, job_log_id: i64) -> sqlx::Result<Option<JobLogRow>> {
    log_query!("WHERE job_log_id = $1"; job_log_id).fetch_optional(pool).await
}

/// Deletes all the given rows or none: `Ok(false)` (nothing deleted) when one does not exist.
pub async fn delete_logs(pool: &PgPool, ids: &[i64]) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!("DELETE FROM identity.job_logs WHERE job_log_id = ANY ($1)", ids)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != ids.len() as u64 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

pub async fn clean_logs(pool: &PgPool) -> sqlx::Result<u64> {
    Ok(sqlx::query!("DELETE FROM identity.job_logs").execute(pool).await?.rows_affected())
}

fn translate(err: sqlx::Error, draft: &JobDraft) -> Error {
    Error::from_db(err, |constraint| {
        (constraint == "jobs_name_key").then(|| Msg::JobNameTaken { name: draft.job_name.clone() })
    })
}
