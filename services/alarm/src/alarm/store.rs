//! Alarms in `alarm.alarms` and recoveries waiting for their raise. Every query of the
//! screens is scoped by project; the lifecycle finds alarms by the bridge's transition ids.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

use super::model::AlarmStatus;
use crate::alarm_type::store::RaiseSource;
use crate::paging::Page;

/// The columns of an alarm.
macro_rules! alarm_columns {
    () => {
        "alarm_id, project_id, alarm_type_id, alarm_name, alarm_level, content_zh, content_en, trigger_attribute, \
         trigger_comparison, trigger_value_text, auto_processing, auto_work_order, gateway_id, serial, loop_index, \
         device_name, value, status, alarm_time, sample_time, end_time, recovered, close_reason"
    };
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AlarmRow {
    pub alarm_id: i64,
    pub project_id: i64,
    pub alarm_type_id: i64,
    pub alarm_name: String,
    pub alarm_level: String,
    pub content_zh: String,
    pub content_en: String,
    pub trigger_attribute: String,
    pub trigger_comparison: String,
    pub trigger_value_text: String,
    pub auto_processing: bool,
    pub auto_work_order: bool,
    pub gateway_id: i64,
    pub serial: String,
    pub loop_index: i32,
    pub device_name: String,
    pub value: f64,
    pub status: String,
    pub alarm_time: DateTime<Utc>,
    pub sample_time: DateTime<Utc>,
    pub end_time: Option<DateTime<Utc>>,
    pub recovered: bool,
    pub close_reason: String,
}

impl AlarmRow {
    /// The stored status; the column's CHECK allows no other.
    pub fn status(&self) -> AlarmStatus {
        AlarmStatus::parse(&self.status).unwrap_or(AlarmStatus::NotProcessed)
    }
}

/// A raise to record: where and when, and the type it copies.
pub struct NewAlarm<'a> {
    pub project_id: i64,
    pub alarm_type_id: i64,
    pub raise_transition_id: &'a str,
    pub source: &'a RaiseSource,
    pub gateway_id: i64,
    pub serial: &'a str,
    pub loop_index: i32,
    pub device_name: &'a str,
    pub value: f64,
    pub alarm_time: DateTime<Utc>,
    pub sample_time: DateTime<Utc>,
}

/// Serializes the transactions about one raise (its own and its recovery's) until the
/// transaction ends, so a raise and its recovery handled at once by two replicas cannot
/// both miss each other.
pub async fn lock_transition(conn: &mut PgConnection, raise_transition_id: &str) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(raise_transition_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a raise; `None` when its transition was recorded before.
pub async fn insert_raised(conn: &mut PgConnection, alarm: &NewAlarm<'_>) -> sqlx::Result<Option<AlarmRow>> {
    sqlx::query_as(concat!(
        "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, \
         content_zh, content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, \
         auto_work_order, gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) \
         ON CONFLICT (raise_transition_id) DO NOTHING RETURNING ",
        alarm_columns!()
    ))
    .bind(alarm.project_id)
    .bind(alarm.alarm_type_id)
    .bind(alarm.raise_transition_id)
    .bind(&alarm.source.alarm_name)
    .bind(&alarm.source.alarm_level)
    .bind(&alarm.source.content_zh)
    .bind(&alarm.source.content_en)
    .bind(&alarm.source.trigger_attribute)
    .bind(&alarm.source.trigger_comparison)
    .bind(&alarm.source.trigger_value_text)
    .bind(alarm.source.auto_processing)
    .bind(alarm.source.auto_work_order)
    .bind(alarm.gateway_id)
    .bind(alarm.serial)
    .bind(alarm.loop_index)
    .bind(alarm.device_name)
    .bind(alarm.value)
    .bind(alarm.alarm_time)
    .bind(alarm.sample_time)
    .fetch_optional(conn)
    .await
}

/// The alarm a raise transition made, locked for the change.
pub async fn lock_by_raise(
    conn: &mut PgConnection,
    project_id: i64,
    raise_transition_id: &str,
) -> sqlx::Result<Option<AlarmRow>> {
    sqlx::query_as(concat!(
        "SELECT ",
        alarm_columns!(),
        " FROM alarm.alarms WHERE project_id = $1 AND raise_transition_id = $2 FOR UPDATE"
    ))
    .bind(project_id)
    .bind(raise_transition_id)
    .fetch_optional(conn)
    .await
}

/// Marks an alarm recovered at `end_time` with the given status.
pub async fn set_recovered(
    conn: &mut PgConnection,
    alarm_id: i64,
    status: AlarmStatus,
    end_time: DateTime<Utc>,
    transition_id: &str,
) -> sqlx::Result<AlarmRow> {
    sqlx::query_as(concat!(
        "UPDATE alarm.alarms SET recovered = TRUE, end_time = $2, status = $3, recovery_transition_id = $4, \
         updated_at = now() WHERE alarm_id = $1 RETURNING ",
        alarm_columns!()
    ))
    .bind(alarm_id)
    .bind(end_time)
    .bind(status.code())
    .bind(transition_id)
    .fetch_one(conn)
    .await
}

/// A recovery that arrived before its raise.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EarlyRecovery {
    pub transition_id: String,
    pub end_time: DateTime<Utc>,
}

/// Keeps a recovery until its raise arrives; a second copy changes nothing.
pub async fn keep_early_recovery(
    conn: &mut PgConnection,
    project_id: i64,
    raise_transition_id: &str,
    recovery: &EarlyRecovery,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO alarm.early_recoveries (raise_transition_id, transition_id, project_id, end_time) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (raise_transition_id) DO NOTHING",
    )
    .bind(raise_transition_id)
    .bind(&recovery.transition_id)
    .bind(project_id)
    .bind(recovery.end_time)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes the recovery that was waiting for this raise, if any.
pub async fn take_early_recovery(
    conn: &mut PgConnection,
    project_id: i64,
    raise_transition_id: &str,
) -> sqlx::Result<Option<EarlyRecovery>> {
    sqlx::query_as(
        "DELETE FROM alarm.early_recoveries WHERE raise_transition_id = $1 AND project_id = $2 \
         RETURNING transition_id, end_time",
    )
    .bind(raise_transition_id)
    .bind(project_id)
    .fetch_optional(conn)
    .await
}

/// The filters of the alarm lists; empty strings and `None` match everything.
#[derive(Debug, Clone, Default)]
pub struct AlarmFilter {
    pub open_only: bool,
    pub alarm_type_id: Option<i64>,
    pub level: String,
    pub status: String,
    pub device_name: String,
    pub begin: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

/// The conditions shared by the list and its count ($1 project, $2..$8 the filter).
macro_rules! alarm_filter {
    () => {
        " FROM alarm.alarms WHERE project_id = $1 AND (NOT $2 OR status IN ('0', '1')) \
          AND ($3::bigint IS NULL OR alarm_type_id = $3) AND ($4 = '' OR alarm_level = $4) \
          AND ($5 = '' OR status = $5) AND strpos(lower(device_name), lower($6)) > 0 \
          AND ($7::timestamptz IS NULL OR alarm_time >= $7) AND ($8::timestamptz IS NULL OR alarm_time <= $8)"
    };
}

/// One page of the project's alarms, newest first, and how many match in all.
pub async fn list(
    pool: &PgPool,
    project_id: i64,
    filter: &AlarmFilter,
    page: Page,
) -> sqlx::Result<(Vec<AlarmRow>, i64)> {
    let rows = sqlx::query_as(concat!(
        "SELECT ",
        alarm_columns!(),
        alarm_filter!(),
        " ORDER BY alarm_time DESC, alarm_id DESC LIMIT $9 OFFSET $10"
    ))
    .bind(project_id)
    .bind(filter.open_only)
    .bind(filter.alarm_type_id)
    .bind(&filter.level)
    .bind(&filter.status)
    .bind(&filter.device_name)
    .bind(filter.begin)
    .bind(filter.end)
    .bind(page.limit)
    .bind(page.offset)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(concat!("SELECT count(*)", alarm_filter!()))
        .bind(project_id)
        .bind(filter.open_only)
        .bind(filter.alarm_type_id)
        .bind(&filter.level)
        .bind(&filter.status)
        .bind(&filter.device_name)
        .bind(filter.begin)
        .bind(filter.end)
        .fetch_one(pool)
        .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, project_id: i64, alarm_id: i64) -> sqlx::Result<Option<AlarmRow>> {
    sqlx::query_as(concat!("SELECT ", alarm_columns!(), " FROM alarm.alarms WHERE project_id = $1 AND alarm_id = $2"))
        .bind(project_id)
        .bind(alarm_id)
        .fetch_optional(pool)
        .await
}

/// An alarm of the project, locked for a change.
pub async fn lock(conn: &mut PgConnection, project_id: i64, alarm_id: i64) -> sqlx::Result<Option<AlarmRow>> {
    sqlx::query_as(concat!(
        "SELECT ",
        alarm_columns!(),
        " FROM alarm.alarms WHERE project_id = $1 AND alarm_id = $2 FOR UPDATE"
    ))
    .bind(project_id)
    .bind(alarm_id)
    .fetch_optional(conn)
    .await
}

/// Closes an alarm with a reason, noting who closed it.
pub async fn set_closed(conn: &mut PgConnection, alarm_id: i64, reason: &str, user: &str) -> sqlx::Result<AlarmRow> {
    sqlx::query_as(concat!(
        "UPDATE alarm.alarms SET status = '3', close_reason = $2, closed_by = $3, closed_at = now(), \
         updated_at = now() WHERE alarm_id = $1 RETURNING ",
        alarm_columns!()
    ))
    .bind(alarm_id)
    .bind(reason)
    .bind(user)
    .fetch_one(conn)
    .await
}

/// Takes an alarm into processing, noting who did.
pub async fn set_processing(conn: &mut PgConnection, alarm_id: i64, user: &str) -> sqlx::Result<AlarmRow> {
    sqlx::query_as(concat!(
        "UPDATE alarm.alarms SET status = '1', processed_by = $2, updated_at = now() WHERE alarm_id = $1 RETURNING ",
        alarm_columns!()
    ))
    .bind(alarm_id)
    .bind(user)
    .fetch_one(conn)
    .await
}

/// Open alarms of the project.
pub async fn count_open(pool: &PgPool, project_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM alarm.alarms WHERE project_id = $1 AND status IN ('0', '1')")
        .bind(project_id)
        .fetch_one(pool)
        .await
}

/// How long a recovery may wait for its raise. A raise comes late only by redeliveries
/// (minutes at most); one that never comes (its type was deleted or disabled, so it was
/// skipped) would leave its recovery waiting forever.
pub const EARLY_RECOVERY_KEPT_HOURS: i32 = 24;

/// Drops, once an hour, recoveries that waited longer than [`EARLY_RECOVERY_KEPT_HOURS`].
pub async fn purge_stale_early_recoveries(pool: PgPool, shutdown: tokio_util::sync::CancellationToken) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        let purged =
            sqlx::query("DELETE FROM alarm.early_recoveries WHERE created_at < now() - make_interval(hours => $1)")
                .bind(EARLY_RECOVERY_KEPT_HOURS)
                .execute(&pool)
                .await;
        match purged {
            Ok(done) if done.rows_affected() > 0 => {
                tracing::warn!(count = done.rows_affected(), "recoveries whose raise never came were dropped");
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "early recoveries not purged; next hour"),
        }
    }
}
