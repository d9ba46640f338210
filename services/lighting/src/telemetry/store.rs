//! The projections' writes and the charts' reads. A batch is stored with one statement per
//! table, whatever its size; every write is idempotent, so a redelivered event changes
//! nothing.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, PgPool};

use super::model::{Batch, GatewayColumns, KnownGateway, LoopStateColumns, SampleColumns, StatusChange};
use lumiscape_common::paging::Page;

/// The live gateways among `ids`.
pub async fn known_gateways(pool: &PgPool, ids: &[i64]) -> sqlx::Result<HashMap<i64, KnownGateway>> {
    let rows = sqlx::query!(
        "SELECT gateway_id, serial, project_id FROM lighting.gateways WHERE gateway_id = ANY($1) AND NOT deleted",
        ids,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.gateway_id, KnownGateway { serial: r.serial, project_id: r.project_id })).collect())
}

/// Stores a batch in one transaction: its samples, the latest reading of each loop and the
/// gateways' latest telemetry.
pub async fn write_batch(pool: &PgPool, batch: &Batch) -> sqlx::Result<u64> {
    let mut tx = pool.begin().await?;
    let inserted = insert_samples(&mut tx, &batch.sample_columns()).await?;
    upsert_loop_state(&mut tx, &batch.latest_loops()).await?;
    update_gateways(&mut tx, &batch.latest_gateways()).await?;
    tx.commit().await?;
    Ok(inserted)
}

async fn insert_samples(conn: &mut PgConnection, rows: &SampleColumns) -> sqlx::Result<u64> {
    if rows.is_empty() {
        return Ok(0);
    }
    let done = sqlx::query!(
        "INSERT INTO lighting.loop_samples (gateway_id, loop_index, sample_time, seq, is_on, voltage_v, current_a, \
         active_power_w, energy_kwh) \
         SELECT * FROM UNNEST($1::bigint[], $2::smallint[], $3::timestamptz[], $4::bigint[], $5::boolean[], \
         $6::float8[], $7::float8[], $8::float8[], $9::float8[]) \
         ON CONFLICT (gateway_id, loop_index, sample_time, seq) DO NOTHING",
        &rows.gateway_id,
        &rows.loop_index,
        &rows.sample_time,
        &rows.seq,
        &rows.is_on,
        &rows.voltage_v,
        &rows.current_a,
        &rows.active_power_w,
        &rows.energy_kwh
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Keeps the newer of the stored and the given reading of each loop.
pub async fn upsert_loop_state(conn: &mut PgConnection, rows: &LoopStateColumns) -> sqlx::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "INSERT INTO lighting.loop_state (gateway_id, loop_index, is_on, voltage_v, current_a, active_power_w, \
         energy_kwh, sample_time) \
         SELECT * FROM UNNEST($1::bigint[], $2::integer[], $3::boolean[], $4::float8[], $5::float8[], $6::float8[], \
         $7::float8[], $8::timestamptz[]) \
         ON CONFLICT (gateway_id, loop_index) DO UPDATE SET is_on = EXCLUDED.is_on, voltage_v = EXCLUDED.voltage_v, \
         current_a = EXCLUDED.current_a, active_power_w = EXCLUDED.active_power_w, energy_kwh = EXCLUDED.energy_kwh, \
         sample_time = EXCLUDED.sample_time WHERE lighting.loop_state.sample_time <= EXCLUDED.sample_time",
        &rows.gateway_id,
        &rows.loop_index,
        &rows.is_on,
        &rows.voltage_v,
        &rows.current_a,
        &rows.active_power_w,
        &rows.energy_kwh,
        &rows.sample_time
    )
    .execute(conn)
    .await?;
    Ok(())
}

async fn update_gateways(conn: &mut PgConnection, rows: &GatewayColumns) -> sqlx::Result<()> {
    if rows.gateway_id.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "UPDATE lighting.gateways g SET signal_dbm = u.signal_dbm, temperature_c = u.temperature_c, \
         firmware = u.firmware, telemetry_at = u.telemetry_at, last_seen_at = GREATEST(g.last_seen_at, u.seen_at) \
         FROM UNNEST($1::bigint[], $2::integer[], $3::float8[], $4::text[], $5::timestamptz[], $6::timestamptz[]) \
         AS u (gateway_id, signal_dbm, temperature_c, firmware, telemetry_at, seen_at) \
         WHERE g.gateway_id = u.gateway_id AND NOT g.deleted \
         AND (g.telemetry_at IS NULL OR g.telemetry_at <= u.telemetry_at)",
        &rows.gateway_id,
        &rows.signal_dbm,
        // Nullable elements: a gateway may report no temperature.
        &rows.temperature_c as &[Option<f64>],
        &rows.firmware,
        &rows.telemetry_at,
        &rows.seen_at
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a presence change of a live gateway: a row of its history (once), and its online
/// flag unless a later change is already stored; coming online is also a sighting.
/// `false` when nothing changed (a repeat, or an unknown gateway).
pub async fn apply_status(pool: &PgPool, change: &StatusChange) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let updated = sqlx::query!(
        "UPDATE lighting.gateways SET online = $3, status_at = $4, \
         last_seen_at = CASE WHEN $3 THEN GREATEST(last_seen_at, $4) ELSE last_seen_at END \
         WHERE gateway_id = $1 AND serial = $2 AND NOT deleted AND (status_at IS NULL OR status_at <= $4)",
        change.gateway_id,
        &change.serial,
        change.online,
        change.at
    )
    .execute(&mut *tx)
    .await?;
    let logged = sqlx::query!(
        "INSERT INTO lighting.gateway_status_log (gateway_id, project_id, serial, online, reason, at) \
         SELECT gateway_id, project_id, serial, $3, $4, $5 FROM lighting.gateways \
         WHERE gateway_id = $1 AND serial = $2 AND NOT deleted \
         ON CONFLICT (serial, at, online) DO NOTHING",
        change.gateway_id,
        &change.serial,
        change.online,
        &change.reason,
        change.at
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(updated.rows_affected() > 0 || logged.rows_affected() > 0)
}

/// Creates the partition of one day unless it exists.
pub async fn ensure_partition(pool: &PgPool, day: NaiveDate) -> sqlx::Result<()> {
    sqlx::query_scalar!("SELECT lighting.ensure_sample_partition($1)", day).fetch_one(pool).await?;
    Ok(())
}

/// Drops the partitions of the days before `first_kept`; returns how many.
pub async fn drop_partitions_before(pool: &PgPool, first_kept: NaiveDate) -> sqlx::Result<i32> {
    sqlx::query_scalar!("SELECT lighting.drop_sample_partitions_before($1) AS \"dropped!\"", first_kept)
        .fetch_one(pool)
        .await
}

/// One minute of the power chart.
#[derive(Debug, Clone)]
pub struct PowerRow {
    pub minute: DateTime<Utc>,
    pub active_power_w: f64,
    pub voltage_v: f64,
    pub current_a: f64,
}

/// Per-minute averages of a loop of a gateway of the project in `[since, until]`. The
/// closed range on the partition key lets the planner skip the partitions of other days.
pub async fn power(
    pool: &PgPool,
    project_id: i64,
    gateway_id: i64,
    loop_index: u32,
    (since, until): (DateTime<Utc>, DateTime<Utc>),
) -> sqlx::Result<Vec<PowerRow>> {
    sqlx::query_as!(
        PowerRow,
        "SELECT date_trunc('minute', s.sample_time) AS \"minute!\", avg(s.active_power_w) AS \"active_power_w!\", \
         avg(s.voltage_v) AS \"voltage_v!\", avg(s.current_a) AS \"current_a!\" \
         FROM lighting.loop_samples s \
         JOIN lighting.gateways g ON g.gateway_id = s.gateway_id AND g.project_id = $1 AND NOT g.deleted \
         WHERE s.gateway_id = $2 AND s.loop_index = $3 AND s.sample_time >= $4 AND s.sample_time <= $5 \
         GROUP BY 1 ORDER BY 1",
        project_id,
        gateway_id,
        loop_index as i16,
        since,
        until,
    )
    .fetch_all(pool)
    .await
}

/// The reported on/off state of a loop of a gateway of the project in `[since, until]`, in
/// time order (a lighting chart's actual side).
pub async fn switch_samples(
    pool: &PgPool,
    project_id: i64,
    gateway_id: i64,
    loop_index: u32,
    (since, until): (DateTime<Utc>, DateTime<Utc>),
) -> sqlx::Result<Vec<(DateTime<Utc>, bool)>> {
    let rows = sqlx::query!(
        "SELECT s.sample_time, s.is_on FROM lighting.loop_samples s \
         JOIN lighting.gateways g ON g.gateway_id = s.gateway_id AND g.project_id = $1 AND NOT g.deleted \
         WHERE s.gateway_id = $2 AND s.loop_index = $3 AND s.sample_time >= $4 AND s.sample_time <= $5 \
         ORDER BY s.sample_time, s.seq",
        project_id,
        gateway_id,
        loop_index as i16,
        since,
        until,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.sample_time, r.is_on)).collect())
}

#[derive(Debug, Clone)]
pub struct StatusRow {
    pub online: bool,
    pub reason: String,
    pub at: DateTime<Utc>,
}

/// A page of a gateway's presence changes, newest first, and their count.
pub async fn online_history(
    pool: &PgPool,
    project_id: i64,
    gateway_id: i64,
    page: Page,
) -> sqlx::Result<(Vec<StatusRow>, i64)> {
    let rows = sqlx::query_as!(
        StatusRow,
        "SELECT online, reason, at FROM lighting.gateway_status_log WHERE gateway_id = $1 AND project_id = $2 \
         ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4",
        gateway_id,
        project_id,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.gateway_status_log WHERE gateway_id = $1 AND project_id = $2",
        gateway_id,
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
