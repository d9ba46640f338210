//! The registry's queries. Every one names the project; a gateway of another project is
//! as absent as one that never existed. Each write is one transaction with the queueing of
//! the GATEWAYS keys it changes.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::{GatewayDraft, GatewayFilter};
use super::{credentials, registry};

#[derive(Debug, Clone)]
pub struct GatewayRow {
    pub gateway_id: i64,
    pub project_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub communication_type: String,
    pub gateway_type: String,
    pub brand: String,
    pub loop_count: i32,
    pub remark: String,
    pub online: bool,
    pub signal_dbm: Option<i32>,
    pub temperature_c: Option<f64>,
    pub firmware: String,
    pub last_seen_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// The operating parameters it last acknowledged (seconds), and when.
    pub heartbeat_s: Option<i32>,
    pub telemetry_s: Option<i32>,
    pub params_at: Option<DateTime<Utc>>,
}

impl GatewayRow {
    pub fn loop_count(&self) -> u32 {
        u32::try_from(self.loop_count).unwrap_or(0)
    }
}

/// A loop with its latest reading, if any.
#[derive(Debug, Clone)]
pub struct LoopRow {
    pub loop_index: i32,
    pub loop_name: String,
    pub is_on: Option<bool>,
    pub voltage_v: Option<f64>,
    pub current_a: Option<f64>,
    pub active_power_w: Option<f64>,
    pub energy_kwh: Option<f64>,
    pub sample_time: Option<DateTime<Utc>>,
}

/// One page of the project's gateways matching `filter`, by id, and the count of all matches.
pub async fn list(
    pool: &PgPool,
    project_id: i64,
    filter: &GatewayFilter,
    page: Page,
) -> sqlx::Result<(Vec<GatewayRow>, i64)> {
    let rows = sqlx::query_as!(
        GatewayRow,
        "SELECT gateway_id, project_id, gateway_name, serial, communication_type, gateway_type, brand, loop_count, remark, online, \
         signal_dbm, temperature_c, firmware, last_seen_at, created_at, heartbeat_s, telemetry_s, params_at FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted AND strpos(gateway_name, $2) > 0 AND strpos(serial, $3) > 0 \
         AND ($4::boolean IS NULL OR online = $4) ORDER BY gateway_id LIMIT $5 OFFSET $6",
        project_id,
        filter.name,
        filter.serial,
        filter.online,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted AND strpos(gateway_name, $2) > 0 AND strpos(serial, $3) > 0 \
         AND ($4::boolean IS NULL OR online = $4)",
        project_id,
        filter.name,
        filter.serial,
        filter.online,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// Every live gateway of the project, by id.
pub async fn list_all(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<GatewayRow>> {
    sqlx::query_as!(
        GatewayRow,
        "SELECT gateway_id, project_id, gateway_name, serial, communication_type, gateway_type, brand, loop_count, remark, online, \
         signal_dbm, temperature_c, firmware, last_seen_at, created_at, heartbeat_s, telemetry_s, params_at FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted ORDER BY gateway_id",
        project_id,
    )
    .fetch_all(pool)
    .await
}

pub async fn find(pool: &PgPool, project_id: i64, gateway_id: i64) -> sqlx::Result<Option<GatewayRow>> {
    sqlx::query_as!(
        GatewayRow,
        "SELECT gateway_id, project_id, gateway_name, serial, communication_type, gateway_type, brand, loop_count, remark, online, \
         signal_dbm, temperature_c, firmware, last_seen_at, created_at, heartbeat_s, telemetry_s, params_at FROM lighting.gateways \
         WHERE gateway_id = $1 AND project_id = $2 AND NOT deleted",
        gateway_id,
        project_id,
    )
    .fetch_optional(pool)
    .await
}

/// The live gateways of the project among `gateway_ids`, by id.
pub async fn find_many(pool: &PgPool, project_id: i64, gateway_ids: &[i64]) -> sqlx::Result<Vec<GatewayRow>> {
    sqlx::query_as!(
        GatewayRow,
        "SELECT gateway_id, project_id, gateway_name, serial, communication_type, gateway_type, brand, loop_count, remark, online, \
         signal_dbm, temperature_c, firmware, last_seen_at, created_at, heartbeat_s, telemetry_s, params_at FROM lighting.gateways \
         WHERE gateway_id = ANY($1) AND project_id = $2 AND NOT deleted ORDER BY gateway_id",
        gateway_ids,
        project_id,
    )
    .fetch_all(pool)
    .await
}

/// Keeps the parameters the gateways `gateway_ids` acknowledged at `at`; an absent one
/// stays as it was.
pub async fn record_params(
    pool: &PgPool,
    project_id: i64,
    gateway_ids: &[i64],
    heartbeat_s: Option<i32>,
    telemetry_s: Option<i32>,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.gateways SET heartbeat_s = COALESCE($3, heartbeat_s), \
         telemetry_s = COALESCE($4, telemetry_s), params_at = $5 \
         WHERE gateway_id = ANY($1) AND project_id = $2",
        gateway_ids,
        project_id,
        heartbeat_s,
        telemetry_s,
        at,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// The gateway's loops with their latest readings, by index.
pub async fn loops(pool: &PgPool, gateway_id: i64) -> sqlx::Result<Vec<LoopRow>> {
    sqlx::query_as!(
        LoopRow,
        "SELECT l.loop_index, l.loop_name, s.is_on AS \"is_on?\", s.voltage_v AS \"voltage_v?\", \
         s.current_a AS \"current_a?\", s.active_power_w AS \"active_power_w?\", s.energy_kwh AS \"energy_kwh?\", \
         s.sample_time AS \"sample_time?\" FROM lighting.loops l \
         LEFT JOIN lighting.loop_state s ON s.gateway_id = l.gateway_id AND s.loop_index = l.loop_index \
         WHERE l.gateway_id = $1 ORDER BY l.loop_index",
        gateway_id,
    )
    .fetch_all(pool)
    .await
}

/// Registers a gateway with its loops and its first credential (`credential_key`); the
/// registry entry follows through the relay.
pub async fn insert(
    pool: &PgPool,
    project_id: i64,
    draft: &GatewayDraft,
    created_by: &str,
    credential_key: &str,
) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let gateway_id = sqlx::query_scalar!(
        "INSERT INTO lighting.gateways (project_id, gateway_name, serial, communication_type, loop_count, remark, \
         created_by, gateway_type, brand) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING gateway_id",
        project_id,
        draft.name,
        draft.serial.as_str(),
        draft.communication.code(),
        draft.loop_count as i32,
        draft.remark,
        created_by,
        draft.gateway_type,
        draft.brand,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    write_loops(&mut tx, gateway_id, draft).await?;
    credentials::record(&mut tx, gateway_id, draft.serial.as_str(), credential_key, created_by).await?;
    registry::queue(&mut tx, &[draft.serial.as_str()]).await?;
    tx.commit().await?;
    Ok(gateway_id)
}

/// Locks a live gateway of the project for the transaction and returns its serial.
pub async fn lock_serial(conn: &mut PgConnection, project_id: i64, gateway_id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        "SELECT serial FROM lighting.gateways WHERE gateway_id = $1 AND project_id = $2 AND NOT deleted FOR UPDATE",
        gateway_id,
        project_id,
    )
    .fetch_optional(conn)
    .await
}

/// Edits a gateway of the project: loops beyond a smaller count go, new ones come, named
/// ones are renamed. `Ok(false)` when there is no such gateway.
pub async fn update(pool: &PgPool, project_id: i64, gateway_id: i64, draft: &GatewayDraft) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let Some(old_serial) = lock_serial(&mut tx, project_id, gateway_id).await? else { return Ok(false) };
    sqlx::query!(
        "UPDATE lighting.gateways SET gateway_name = $2, serial = $3, communication_type = $4, loop_count = $5, \
         remark = $6, gateway_type = $7, brand = $8, updated_at = now() WHERE gateway_id = $1",
        gateway_id,
        draft.name,
        draft.serial.as_str(),
        draft.communication.code(),
        draft.loop_count as i32,
        draft.remark,
        draft.gateway_type,
        draft.brand,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    sqlx::query!(
        "DELETE FROM lighting.loops WHERE gateway_id = $1 AND loop_index > $2",
        gateway_id,
        draft.loop_count as i32,
    )
    .execute(&mut *tx)
    .await?;
    write_loops(&mut tx, gateway_id, draft).await?;
    if old_serial != draft.serial.as_str() {
        // The credential names the old serial's subjects: it goes, and a new one is issued
        // on request.
        credentials::revoke(&mut tx, &[gateway_id]).await?;
    }
    registry::queue(&mut tx, &[draft.serial.as_str(), &old_serial]).await?;
    tx.commit().await?;
    Ok(true)
}

/// Creates the loops `1..=loop_count` that are missing (unnamed unless named) and renames
/// the named ones; other names are kept.
async fn write_loops(conn: &mut PgConnection, gateway_id: i64, draft: &GatewayDraft) -> sqlx::Result<()> {
    let (indexes, names) = draft.loop_name_columns();
    sqlx::query!(
        "INSERT INTO lighting.loops (gateway_id, loop_index, loop_name) \
         SELECT $1, i, COALESCE(n.loop_name, '') FROM generate_series(1, $2::integer) AS i \
         LEFT JOIN UNNEST($3::integer[], $4::text[]) AS n (loop_index, loop_name) ON n.loop_index = i \
         ON CONFLICT (gateway_id, loop_index) DO UPDATE SET loop_name = EXCLUDED.loop_name \
         WHERE EXCLUDED.loop_index = ANY($3)",
        gateway_id,
        draft.loop_count as i32,
        &indexes,
        &names,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes (softly) the named gateways of the project, all or none: `Ok(None)` when one of
/// them is not a live gateway of the project.
pub async fn delete(pool: &PgPool, project_id: i64, gateway_ids: &[i64]) -> Result<Option<usize>, Error> {
    let mut tx = pool.begin().await?;
    let serials = sqlx::query_scalar!(
        "UPDATE lighting.gateways SET deleted = TRUE, online = FALSE, updated_at = now() \
         WHERE project_id = $1 AND gateway_id = ANY($2) AND NOT deleted RETURNING serial",
        project_id,
        gateway_ids,
    )
    .fetch_all(&mut *tx)
    .await?;
    if serials.len() != gateway_ids.len() {
        tx.rollback().await?;
        return Ok(None);
    }
    let keys: Vec<&str> = serials.iter().map(String::as_str).collect();
    credentials::revoke(&mut tx, gateway_ids).await?;
    registry::queue(&mut tx, &keys).await?;
    tx.commit().await?;
    Ok(Some(serials.len()))
}

/// A serial already taken is a validation error naming it.
fn translate(err: sqlx::Error, draft: &GatewayDraft) -> Error {
    Error::from_db(err, |constraint| {
        (constraint == "gateways_serial_key")
            .then(|| Msg::GatewayNumberTaken { number: draft.serial.as_str().to_owned() })
    })
}

/// The project's gateways and loops: how many, how many online, on and off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub gateways: i64,
    pub online: i64,
    pub loops: i64,
    pub loops_on: i64,
    pub loops_off: i64,
}

/// The project's power now: the sum of the latest active power of its gateways' loops
/// that have reported, how many they are, and when the newest of them was sampled.
pub struct LivePower {
    pub active_power_w: f64,
    pub loops_reporting: i64,
    pub newest: Option<DateTime<Utc>>,
}

pub async fn live_power(pool: &PgPool, project_id: i64) -> sqlx::Result<LivePower> {
    let row = sqlx::query!(
        "SELECT coalesce(sum(s.active_power_w), 0) AS \"active_power_w!\", count(*) AS \"loops!\", \
         max(s.sample_time) AS newest \
         FROM lighting.loop_state s JOIN lighting.loops l USING (gateway_id, loop_index) \
         JOIN lighting.gateways g USING (gateway_id) WHERE g.project_id = $1 AND NOT g.deleted",
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok(LivePower { active_power_w: row.active_power_w, loops_reporting: row.loops, newest: row.newest })
}

/// How many gateways the project has, how many of them are online, and their loops.
pub async fn counts(pool: &PgPool, project_id: i64) -> sqlx::Result<Counts> {
    // One pass over the project's gateways, each with its loops: three relations for the
    // planner (which plans it anew on most calls, the projects' sizes being skewed).
    let row = sqlx::query!(
        "SELECT count(*) AS \"gateways!\", count(*) FILTER (WHERE g.online) AS \"online!\", \
         coalesce(sum(l.loops), 0)::bigint AS \"loops!\", coalesce(sum(l.loops_on), 0)::bigint AS \"loops_on!\", \
         coalesce(sum(l.loops_off), 0)::bigint AS \"loops_off!\" \
         FROM lighting.gateways g CROSS JOIN LATERAL ( \
           SELECT count(*) AS loops, count(*) FILTER (WHERE s.is_on) AS loops_on, \
           count(*) FILTER (WHERE NOT s.is_on) AS loops_off \
           FROM lighting.loops l LEFT JOIN lighting.loop_state s USING (gateway_id, loop_index) \
           WHERE l.gateway_id = g.gateway_id) l \
         WHERE g.project_id = $1 AND NOT g.deleted",
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok(Counts {
        gateways: row.gateways,
        online: row.online,
        loops: row.loops,
        loops_on: row.loops_on,
        loops_off: row.loops_off,
    })
}
