//! Alarms in `alarm.alarms` and recoveries waiting for their raise. Every query of the
//! screens is scoped by project; the lifecycle finds alarms by the bridge's transition ids.

use chrono::{DateTime, NaiveDate, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::events;
use super::model::{self, AlarmStatus, ChangeKind};
use crate::alarm_type::store::RaiseSource;

/// An alarm query answering whole rows: `alarm_query!("SELECT", "FROM ... WHERE ..."; args)`
/// puts the alarm's columns between the two parts.
macro_rules! alarm_query {
    ($before:literal, $after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            AlarmRow,
            $before + " alarm_id, project_id, alarm_type_id, alarm_name, alarm_level, content_zh, content_en, \
             trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, auto_work_order, gateway_id, \
             serial, loop_index, device_name, value, status, alarm_time, sample_time, end_time, recovered, \
             close_reason " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
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
    sqlx::query_scalar!("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text", raise_transition_id)
        .fetch_one(conn)
        .await?;
    Ok(())
}

/// Records a raise; `None` when its transition was recorded before.
pub async fn insert_raised(conn: &mut PgConnection, alarm: &NewAlarm<'_>) -> sqlx::Result<Option<AlarmRow>> {
    alarm_query!(
        "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, \
         content_zh, content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, \
         auto_work_order, gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) \
         ON CONFLICT (raise_transition_id) DO NOTHING RETURNING",
        "";
        alarm.project_id,
        alarm.alarm_type_id,
        alarm.raise_transition_id,
        alarm.source.alarm_name,
        alarm.source.alarm_level,
        alarm.source.content_zh,
        alarm.source.content_en,
        alarm.source.trigger_attribute,
        alarm.source.trigger_comparison,
        alarm.source.trigger_value_text,
        alarm.source.auto_processing,
        alarm.source.auto_work_order,
        alarm.gateway_id,
        alarm.serial,
        alarm.loop_index,
        alarm.device_name,
        alarm.value,
        alarm.alarm_time,
        alarm.sample_time,
    )
    .fetch_optional(conn)
    .await
}

/// The alarm a raise transition made, locked for the change.
pub async fn lock_by_raise(
    conn: &mut PgConnection,
    project_id: i64,
    raise_transition_id: &str,
) -> sqlx::Result<Option<AlarmRow>> {
    alarm_query!(
        "SELECT",
        "FROM alarm.alarms WHERE project_id = $1 AND raise_transition_id = $2 FOR UPDATE";
        project_id,
        raise_transition_id,
    )
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
    alarm_query!(
        "UPDATE alarm.alarms SET recovered = TRUE, end_time = $2, status = $3, recovery_transition_id = $4, \
         updated_at = now() WHERE alarm_id = $1 RETURNING",
        "";
        alarm_id,
        end_time,
        status.code(),
        transition_id,
    )
    .fetch_one(conn)
    .await
}

/// A recovery that arrived before its raise.
#[derive(Debug, Clone)]
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
    sqlx::query!(
        "INSERT INTO alarm.early_recoveries (raise_transition_id, transition_id, project_id, end_time) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (raise_transition_id) DO NOTHING",
        raise_transition_id,
        recovery.transition_id,
        project_id,
        recovery.end_time,
    )
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
    sqlx::query_as!(
        EarlyRecovery,
        "DELETE FROM alarm.early_recoveries WHERE raise_transition_id = $1 AND project_id = $2 \
         RETURNING transition_id, end_time",
        raise_transition_id,
        project_id,
    )
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

/// One page of the project's alarms, newest first, and how many match in all.
pub async fn list(
    pool: &PgPool,
    project_id: i64,
    filter: &AlarmFilter,
    page: Page,
) -> sqlx::Result<(Vec<AlarmRow>, i64)> {
    let rows = alarm_query!(
        "SELECT",
        "FROM alarm.alarms WHERE project_id = $1 AND (NOT $2 OR status IN ('0', '1')) \
         AND ($3::bigint IS NULL OR alarm_type_id = $3) AND ($4 = '' OR alarm_level = $4) \
         AND ($5 = '' OR status = $5) AND strpos(lower(device_name), lower($6)) > 0 \
         AND ($7::timestamptz IS NULL OR alarm_time >= $7) AND ($8::timestamptz IS NULL OR alarm_time <= $8) \
         ORDER BY alarm_time DESC, alarm_id DESC LIMIT $9 OFFSET $10";
        project_id,
        filter.open_only,
        filter.alarm_type_id,
        filter.level,
        filter.status,
        filter.device_name,
        filter.begin,
        filter.end,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM alarm.alarms WHERE project_id = $1 AND (NOT $2 OR status IN ('0', '1')) \
         AND ($3::bigint IS NULL OR alarm_type_id = $3) AND ($4 = '' OR alarm_level = $4) \
         AND ($5 = '' OR status = $5) AND strpos(lower(device_name), lower($6)) > 0 \
         AND ($7::timestamptz IS NULL OR alarm_time >= $7) AND ($8::timestamptz IS NULL OR alarm_time <= $8)",
        project_id,
        filter.open_only,
        filter.alarm_type_id,
        filter.level,
        filter.status,
        filter.device_name,
        filter.begin,
        filter.end,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, project_id: i64, alarm_id: i64) -> sqlx::Result<Option<AlarmRow>> {
    alarm_query!("SELECT", "FROM alarm.alarms WHERE project_id = $1 AND alarm_id = $2"; project_id, alarm_id)
        .fetch_optional(pool)
        .await
}

/// A change a person makes to an alarm: close it (with a reason) or take it into processing.
pub struct Change<'a> {
    pub project_id: i64,
    pub alarm_id: i64,
    pub kind: ChangeKind,
    pub reason: &'a str,
    pub user: &'a str,
}

/// Applies a change to one alarm of the project, with its event, in one transaction; the
/// model decides on the locked row whether the alarm's status allows it.
pub async fn change(pool: &PgPool, streams: &Streams, change: &Change<'_>) -> Result<AlarmRow, Error> {
    let mut tx = pool.begin().await?;
    let alarm = alarm_query!(
        "SELECT",
        "FROM alarm.alarms WHERE project_id = $1 AND alarm_id = $2 FOR UPDATE";
        change.project_id,
        change.alarm_id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::AlarmNotFound))?;
    let changed = match change.kind {
        ChangeKind::Closed => {
            model::check_closable(alarm.status())?;
            alarm_query!(
                "UPDATE alarm.alarms SET status = '3', close_reason = $2, closed_by = $3, closed_at = now(), \
                 updated_at = now() WHERE alarm_id = $1 RETURNING",
                "";
                change.alarm_id,
                change.reason,
                change.user,
            )
            .fetch_one(&mut *tx)
            .await?
        }
        _ => {
            model::check_processable(alarm.status())?;
            alarm_query!(
                "UPDATE alarm.alarms SET status = '1', processed_by = $2, updated_at = now() WHERE alarm_id = $1 \
                 RETURNING",
                "";
                change.alarm_id,
                change.user,
            )
            .fetch_one(&mut *tx)
            .await?
        }
    };
    events::record(&mut tx, streams, &changed, change.kind).await?;
    tx.commit().await?;
    Ok(changed)
}

/// The alarms a confirmed work order stood for, set processed, each with its event. A closed
/// or already processed alarm is left alone, so a redelivered confirmation changes nothing.
/// Gives the ids it changed.
pub async fn process_for_work_order(
    pool: &PgPool,
    streams: &Streams,
    project_id: i64,
    alarm_ids: &[i64],
    order_number: &str,
) -> Result<Vec<i64>, Error> {
    let mut tx = pool.begin().await?;
    let changed = alarm_query!(
        "UPDATE alarm.alarms SET status = '2', processed_by = $3, updated_at = now() \
         WHERE project_id = $1 AND alarm_id = ANY($2) AND status IN ('0', '1', '4') RETURNING",
        "";
        project_id,
        alarm_ids,
        order_number,
    )
    .fetch_all(&mut *tx)
    .await?;
    for alarm in &changed {
        events::record(&mut tx, streams, alarm, ChangeKind::Processed).await?;
    }
    tx.commit().await?;
    Ok(changed.iter().map(|alarm| alarm.alarm_id).collect())
}

/// Open alarms of the project: how many, and how many of each level (serious, main,
/// secondary).
pub async fn count_open(pool: &PgPool, project_id: i64) -> sqlx::Result<(i64, [i64; 3])> {
    let row = sqlx::query!(
        "SELECT count(*) AS \"open!\", count(*) FILTER (WHERE alarm_level = '1') AS \"serious!\", \
         count(*) FILTER (WHERE alarm_level = '2') AS \"main!\", count(*) FILTER (WHERE alarm_level = '3') AS \"secondary!\" \
         FROM alarm.alarms WHERE project_id = $1 AND status IN ('0', '1')",
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok((row.open, [row.serious, row.main, row.secondary]))
}

/// The alarms of a project raised in `[start, end)`, counted per local day (at
/// `offset_minutes` from UTC) and level: `(day, level, count)`.
pub async fn trend(
    pool: &PgPool,
    project_id: i64,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    offset_minutes: i32,
) -> sqlx::Result<Vec<(NaiveDate, String, i64)>> {
    let rows = sqlx::query!(
        "SELECT ((alarm_time + make_interval(mins => $4)) AT TIME ZONE 'UTC')::date AS \"day!\", \
         alarm_level AS \"level!\", count(*) AS \"count!\" \
         FROM alarm.alarms WHERE project_id = $1 AND alarm_time >= $2 AND alarm_time < $3 GROUP BY 1, 2",
        project_id,
        start,
        end,
        offset_minutes
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.day, r.level, r.count)).collect())
}

/// How long a recovery may wait for its raise. A raise comes late only by redeliveries
/// (minutes at most); one that never comes (its type was deleted or disabled, so it was
/// skipped) would leave its recovery waiting forever.
pub const EARLY_RECOVERY_KEPT_HOURS: i32 = 24;

/// Drops recoveries that waited longer than [`EARLY_RECOVERY_KEPT_HOURS`]; answers how many.
pub async fn purge_stale_early_recoveries(pool: &PgPool) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "DELETE FROM alarm.early_recoveries WHERE created_at < now() - make_interval(hours => $1)",
        EARLY_RECOVERY_KEPT_HOURS
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}
