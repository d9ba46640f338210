//! Alarm types in `alarm.alarm_types`. Every query is scoped by project, except those the
//! rule book's projection uses to mirror every project's enabled types into the bridge's
//! bucket. Each write is one transaction with the queueing of the rule keys it changes.

use chrono::{DateTime, Utc};
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::AlarmTypeSpec;
use super::rules;

/// An alarm type query with the listed columns: `select_types!("WHERE ..."; args)`.
macro_rules! select_types {
    ($($sql:literal),+; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            AlarmTypeRow,
            "SELECT alarm_type_id, project_id, alarm_name, device_type, alarm_level, content_zh, content_en, \
             trigger_attribute, trigger_comparison, trigger_value_text, trigger_seconds, recovery_attribute, \
             recovery_comparison, recovery_value_text, recovery_seconds, auto_processing, auto_work_order, enabled, \
             created_at FROM alarm.alarm_types " $(+ $sql)+,
            $($arg),*
        )
    };
}

/// An alarm type as stored: the text of every field as entered.
#[derive(Debug, Clone)]
pub struct AlarmTypeRow {
    pub alarm_type_id: i64,
    pub project_id: i64,
    pub alarm_name: String,
    pub device_type: String,
    pub alarm_level: String,
    pub content_zh: String,
    pub content_en: String,
    pub trigger_attribute: String,
    pub trigger_comparison: String,
    pub trigger_value_text: String,
    pub trigger_seconds: i32,
    pub recovery_attribute: String,
    pub recovery_comparison: String,
    pub recovery_value_text: String,
    pub recovery_seconds: i32,
    pub auto_processing: bool,
    pub auto_work_order: bool,
    pub enabled: bool,
    pub created_at: DateTime<Utc>,
}

/// The list filters; empty strings match everything.
#[derive(Debug, Clone, Default)]
pub struct TypeFilter {
    pub name: String,
    pub device_type: String,
    pub level: String,
}

pub async fn list(
    pool: &PgPool,
    project_id: i64,
    filter: &TypeFilter,
    page: Page,
) -> sqlx::Result<(Vec<AlarmTypeRow>, i64)> {
    let rows = select_types!(
        "WHERE project_id = $1 AND strpos(lower(alarm_name), lower($2)) > 0 \
         AND ($3 = '' OR device_type = $3) AND ($4 = '' OR alarm_level = $4) \
         ORDER BY alarm_type_id DESC LIMIT $5 OFFSET $6";
        project_id,
        filter.name,
        filter.device_type,
        filter.level,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM alarm.alarm_types \
         WHERE project_id = $1 AND strpos(lower(alarm_name), lower($2)) > 0 \
         AND ($3 = '' OR device_type = $3) AND ($4 = '' OR alarm_level = $4)",
        project_id,
        filter.name,
        filter.device_type,
        filter.level,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, project_id: i64, alarm_type_id: i64) -> sqlx::Result<Option<AlarmTypeRow>> {
    select_types!("WHERE project_id = $1 AND alarm_type_id = $2"; project_id, alarm_type_id).fetch_optional(pool).await
}

/// Stores a new type and queues its rule; returns its id. Thresholds are kept as NUMERIC
/// and as entered.
pub async fn insert(pool: &PgPool, project_id: i64, spec: &AlarmTypeSpec) -> sqlx::Result<i64> {
    let recovery = RecoveryBinds::of(spec);
    let mut tx = pool.begin().await?;
    let alarm_type_id = sqlx::query_scalar!(
        "INSERT INTO alarm.alarm_types (project_id, alarm_name, device_type, alarm_level, content_zh, content_en, \
         trigger_attribute, trigger_comparison, trigger_value, trigger_value_text, trigger_seconds, \
         recovery_attribute, recovery_comparison, recovery_value, recovery_value_text, recovery_seconds, \
         auto_processing, auto_work_order, enabled) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::numeric, $9, $10, $11, $12, $13::text::numeric, $14, $15, \
         $16, $17, $18) RETURNING alarm_type_id",
        project_id,
        spec.name,
        spec.device_type.as_str(),
        spec.level.code(),
        spec.content_zh,
        spec.content_en,
        spec.trigger.attribute.word(),
        spec.trigger.comparison.sign(),
        spec.trigger.threshold.text,
        hold(spec.trigger.hold_seconds),
        recovery.attribute,
        recovery.comparison,
        recovery.value,
        recovery.text,
        recovery.seconds,
        spec.auto_processing,
        spec.auto_work_order,
        spec.enabled,
    )
    .fetch_one(&mut *tx)
    .await?;
    rules::queue(&mut tx, &[alarm_type_id]).await?;
    tx.commit().await?;
    Ok(alarm_type_id)
}

/// Replaces a type's fields and queues its rule; false when the project has no such type.
pub async fn update(pool: &PgPool, project_id: i64, alarm_type_id: i64, spec: &AlarmTypeSpec) -> sqlx::Result<bool> {
    let recovery = RecoveryBinds::of(spec);
    let mut tx = pool.begin().await?;
    let done = sqlx::query!(
        "UPDATE alarm.alarm_types SET alarm_name = $3, device_type = $4, alarm_level = $5, content_zh = $6, \
         content_en = $7, trigger_attribute = $8, trigger_comparison = $9, trigger_value = $10::text::numeric, \
         trigger_value_text = $10, trigger_seconds = $11, recovery_attribute = $12, recovery_comparison = $13, \
         recovery_value = $14::text::numeric, recovery_value_text = $15, recovery_seconds = $16, \
         auto_processing = $17, auto_work_order = $18, enabled = $19, updated_at = now() \
         WHERE project_id = $1 AND alarm_type_id = $2",
        project_id,
        alarm_type_id,
        spec.name,
        spec.device_type.as_str(),
        spec.level.code(),
        spec.content_zh,
        spec.content_en,
        spec.trigger.attribute.word(),
        spec.trigger.comparison.sign(),
        spec.trigger.threshold.text,
        hold(spec.trigger.hold_seconds),
        recovery.attribute,
        recovery.comparison,
        recovery.value,
        recovery.text,
        recovery.seconds,
        spec.auto_processing,
        spec.auto_work_order,
        spec.enabled,
    )
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    rules::queue(&mut tx, &[alarm_type_id]).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes the given types of the project and queues their rules, all or none: `None`
/// when one of them is not the project's.
pub async fn delete(pool: &PgPool, project_id: i64, ids: &[i64]) -> sqlx::Result<Option<u64>> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query!(
        "DELETE FROM alarm.alarm_types WHERE project_id = $1 AND alarm_type_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != ids.len() as u64 {
        return Ok(None);
    }
    rules::queue(&mut tx, ids).await?;
    tx.commit().await?;
    Ok(Some(done.rows_affected()))
}

/// The recovery columns: empty strings and NULL when the type has none.
struct RecoveryBinds<'a> {
    attribute: &'a str,
    comparison: &'a str,
    value: Option<&'a str>,
    text: &'a str,
    seconds: i32,
}

impl<'a> RecoveryBinds<'a> {
    fn of(spec: &'a AlarmTypeSpec) -> Self {
        match &spec.recovery {
            Some(recovery) => Self {
                attribute: recovery.attribute.word(),
                comparison: recovery.comparison.sign(),
                value: Some(&recovery.threshold.text),
                text: &recovery.threshold.text,
                seconds: hold(recovery.hold_seconds),
            },
            None => Self { attribute: "", comparison: "", value: None, text: "", seconds: 0 },
        }
    }
}

/// Hold times are at most a day, far inside an INTEGER.
fn hold(seconds: u32) -> i32 {
    i32::try_from(seconds).unwrap_or(i32::MAX)
}

/// What the bridge needs of an enabled type (its rule).
#[derive(Debug, Clone)]
pub struct RuleRow {
    pub alarm_type_id: i64,
    pub project_id: i64,
    pub alarm_name: String,
    pub device_type: String,
    pub trigger_attribute: String,
    pub trigger_comparison: String,
    pub trigger_value: f64,
    pub trigger_seconds: i32,
    pub recovery_attribute: String,
    pub recovery_comparison: String,
    pub recovery_value: Option<f64>,
    pub recovery_seconds: i32,
}

/// The rule of a type if it exists and is enabled (any project: the bucket holds them all).
pub async fn enabled_rule(conn: &mut PgConnection, alarm_type_id: i64) -> sqlx::Result<Option<RuleRow>> {
    sqlx::query_as!(
        RuleRow,
        "SELECT alarm_type_id, project_id, alarm_name, device_type, trigger_attribute, trigger_comparison, \
         trigger_value::float8 AS \"trigger_value!\", trigger_seconds, recovery_attribute, recovery_comparison, \
         recovery_value::float8 AS recovery_value, recovery_seconds \
         FROM alarm.alarm_types WHERE alarm_type_id = $1 AND enabled",
        alarm_type_id,
    )
    .fetch_optional(conn)
    .await
}

/// The ids of every enabled type of every project.
pub async fn enabled_ids(pool: &PgPool) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("SELECT alarm_type_id FROM alarm.alarm_types WHERE enabled ORDER BY alarm_type_id")
        .fetch_all(pool)
        .await
}

/// What a raise copies from its type.
#[derive(Debug, Clone)]
pub struct RaiseSource {
    pub alarm_name: String,
    pub alarm_level: String,
    pub content_zh: String,
    pub content_en: String,
    pub trigger_attribute: String,
    pub trigger_comparison: String,
    pub trigger_value_text: String,
    pub auto_processing: bool,
    pub auto_work_order: bool,
}

/// The type of a raise, if it still exists in that project and is enabled.
pub async fn raise_source(
    conn: &mut PgConnection,
    project_id: i64,
    alarm_type_id: i64,
) -> sqlx::Result<Option<RaiseSource>> {
    sqlx::query_as!(
        RaiseSource,
        "SELECT alarm_name, alarm_level, content_zh, content_en, trigger_attribute, trigger_comparison, \
         trigger_value_text, auto_processing, auto_work_order \
         FROM alarm.alarm_types WHERE project_id = $1 AND alarm_type_id = $2 AND enabled",
        project_id,
        alarm_type_id,
    )
    .fetch_optional(conn)
    .await
}
