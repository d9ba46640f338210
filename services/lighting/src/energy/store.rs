//! Energy rollups in PostgreSQL: what the roller reads and writes, and the statistics'
//! queries. Every query names the project; filters are bind parameters.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, PgPool};

use super::model::{Baseline, Figures, Setting, bands_of};

/// A lock no other work of the service takes: one roller (or rebuild) at a time across replicas.
const ROLL_LOCK: i64 = 0x6c75_6d69_656e_6572;

/// Takes the roll lock for this transaction unless another holds it.
pub async fn try_lock(conn: &mut PgConnection) -> sqlx::Result<bool> {
    let locked =
        sqlx::query_scalar!("SELECT pg_try_advisory_xact_lock($1) AS \"locked!\"", ROLL_LOCK).fetch_one(conn).await?;
    Ok(locked)
}

/// Waits for the roll lock, for this transaction.
pub async fn lock(conn: &mut PgConnection) -> sqlx::Result<()> {
    sqlx::query!("SELECT pg_advisory_xact_lock($1)", ROLL_LOCK).execute(conn).await?;
    Ok(())
}

/// A loop with readings not yet rolled: where it stands and its latest reading.
#[derive(Debug, Clone)]
pub struct Dirty {
    pub gateway_id: i64,
    pub loop_index: i16,
    pub project_id: i64,
    pub cursor: Option<(DateTime<Utc>, f64)>,
    pub latest_at: DateTime<Utc>,
    pub latest_kwh: f64,
    pub latest_power_w: f64,
}

/// Loops after `(gateway, loop)` whose latest reading is newer than their cursor, in order.
pub async fn dirty_loops(conn: &mut PgConnection, after: (i64, i16), limit: i64) -> sqlx::Result<Vec<Dirty>> {
    let rows = sqlx::query!(
        "SELECT s.gateway_id, s.loop_index::smallint AS \"loop_index!\", g.project_id, \
         c.sample_time AS \"cursor_time?\", c.energy_kwh AS \"cursor_kwh?\", \
         s.sample_time, s.energy_kwh, s.active_power_w \
         FROM lighting.loop_state s JOIN lighting.gateways g ON g.gateway_id = s.gateway_id \
         LEFT JOIN lighting.energy_cursors c ON c.gateway_id = s.gateway_id AND c.loop_index = s.loop_index \
         WHERE (c.sample_time IS NULL OR s.sample_time > c.sample_time) \
         AND (s.gateway_id, s.loop_index) > ($1, $2::smallint) \
         ORDER BY s.gateway_id, s.loop_index LIMIT $3",
        after.0,
        after.1,
        limit
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Dirty {
            gateway_id: r.gateway_id,
            loop_index: r.loop_index,
            project_id: r.project_id,
            cursor: r.cursor_time.zip(r.cursor_kwh),
            latest_at: r.sample_time,
            latest_kwh: r.energy_kwh,
            latest_power_w: r.active_power_w,
        })
        .collect())
}

/// A stored sample of a loop.
#[derive(Debug, Clone)]
pub struct Sample {
    pub gateway_id: i64,
    pub loop_index: i16,
    pub sample_time: DateTime<Utc>,
    pub energy_kwh: f64,
    pub active_power_w: f64,
}

/// The samples of each loop in `(after, upto]`, oldest first, at most `per_loop` each.
pub async fn samples_between(
    conn: &mut PgConnection,
    gateway_ids: &[i64],
    loop_indexes: &[i16],
    after: &[DateTime<Utc>],
    upto: &[DateTime<Utc>],
    per_loop: i64,
) -> sqlx::Result<Vec<Sample>> {
    sqlx::query_as!(
        Sample,
        "SELECT s.gateway_id AS \"gateway_id!\", s.loop_index AS \"loop_index!\", s.sample_time AS \"sample_time!\", \
         s.energy_kwh AS \"energy_kwh!\", s.active_power_w AS \"active_power_w!\" \
         FROM UNNEST($1::bigint[], $2::smallint[], $3::timestamptz[], $4::timestamptz[]) AS c(gateway_id, loop_index, after, upto) \
         CROSS JOIN LATERAL (SELECT gateway_id, loop_index, sample_time, energy_kwh, active_power_w \
           FROM lighting.loop_samples s WHERE s.gateway_id = c.gateway_id AND s.loop_index = c.loop_index \
           AND s.sample_time > c.after AND s.sample_time <= c.upto ORDER BY s.sample_time, s.seq LIMIT $5) s \
         ORDER BY s.gateway_id, s.loop_index, s.sample_time",
        gateway_ids,
        loop_indexes,
        after,
        upto,
        per_loop
    )
    .fetch_all(conn)
    .await
}

/// The last sample of each loop before `before` (a rebuild's starting reading).
pub async fn samples_before(
    conn: &mut PgConnection,
    gateway_ids: &[i64],
    loop_indexes: &[i16],
    before: DateTime<Utc>,
) -> sqlx::Result<Vec<Sample>> {
    sqlx::query_as!(
        Sample,
        "SELECT s.gateway_id AS \"gateway_id!\", s.loop_index AS \"loop_index!\", s.sample_time AS \"sample_time!\", \
         s.energy_kwh AS \"energy_kwh!\", s.active_power_w AS \"active_power_w!\" \
         FROM UNNEST($1::bigint[], $2::smallint[]) AS c(gateway_id, loop_index) \
         CROSS JOIN LATERAL (SELECT gateway_id, loop_index, sample_time, energy_kwh, active_power_w \
           FROM lighting.loop_samples s WHERE s.gateway_id = c.gateway_id AND s.loop_index = c.loop_index \
           AND s.sample_time < $3 ORDER BY s.sample_time DESC, s.seq DESC LIMIT 1) s",
        gateway_ids,
        loop_indexes,
        before
    )
    .fetch_all(conn)
    .await
}

/// A project's zone (its site's, if set) and setting (its own, if written).
#[derive(Debug, Clone)]
pub struct Plan {
    pub zone: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub setting: Option<(Setting, String, DateTime<Utc>)>,
}

pub async fn plan(conn: &mut PgConnection, project_id: i64) -> sqlx::Result<Plan> {
    let site =
        sqlx::query!("SELECT latitude, longitude, time_zone FROM lighting.sites WHERE project_id = $1", project_id)
            .fetch_optional(&mut *conn)
            .await?;
    let setting = sqlx::query!(
        "SELECT peak_price, flat_price, valley_price, hour_bands, baseline, baseline_note, updated_by, updated_at \
         FROM lighting.energy_settings WHERE project_id = $1",
        project_id
    )
    .fetch_optional(conn)
    .await?;
    let setting = setting.map(|s| {
        let written = Setting {
            peak_price: s.peak_price,
            flat_price: s.flat_price,
            valley_price: s.valley_price,
            bands: bands_of(&s.hour_bands).unwrap_or(Setting::default().bands),
            baseline: Baseline::parse(&s.baseline).unwrap_or(Baseline::FullNight),
            note: s.baseline_note,
        };
        (written, s.updated_by, s.updated_at)
    });
    Ok(Plan {
        zone: site.as_ref().map(|s| s.time_zone.clone()),
        latitude: site.as_ref().map(|s| s.latitude),
        longitude: site.as_ref().map(|s| s.longitude),
        setting,
    })
}

pub async fn save_setting(pool: &PgPool, project_id: i64, setting: &Setting, user: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO lighting.energy_settings (project_id, peak_price, flat_price, valley_price, hour_bands, baseline, \
         baseline_note, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) \
         ON CONFLICT (project_id) DO UPDATE SET peak_price = EXCLUDED.peak_price, flat_price = EXCLUDED.flat_price, \
         valley_price = EXCLUDED.valley_price, hour_bands = EXCLUDED.hour_bands, baseline = EXCLUDED.baseline, \
         baseline_note = EXCLUDED.baseline_note, updated_by = EXCLUDED.updated_by, updated_at = now()",
        project_id,
        setting.peak_price,
        setting.flat_price,
        setting.valley_price,
        setting.hour_bands(),
        setting.baseline.as_str(),
        setting.note,
        user
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Hour rollups to add, column by column.
#[derive(Debug, Default)]
pub struct HourColumns {
    pub gateway_id: Vec<i64>,
    pub loop_index: Vec<i16>,
    pub hour_at: Vec<DateTime<Utc>>,
    pub project_id: Vec<i64>,
    pub band: Vec<String>,
    pub kwh: Vec<f64>,
    pub max_power_w: Vec<f64>,
    pub flags: Vec<i16>,
}

/// The UTC months of `hours` whose partition of the hours is not made yet (no lock taken).
pub async fn missing_hour_months(conn: &mut PgConnection, hours: &[DateTime<Utc>]) -> sqlx::Result<Vec<NaiveDate>> {
    sqlx::query_scalar!(
        "SELECT m AS \"m!\" FROM (SELECT DISTINCT date_trunc('month', h AT TIME ZONE 'UTC')::date AS m \
         FROM UNNEST($1::timestamptz[]) AS h) AS months \
         WHERE to_regclass(format('lighting.energy_hours_%s', to_char(m, 'YYYYMM'))) IS NULL ORDER BY m",
        hours
    )
    .fetch_all(conn)
    .await
}

/// Adds energy to the hours (a row is made the first time). Their months' partitions must be
/// made (`missing_hour_months`).
pub async fn add_hours(conn: &mut PgConnection, rows: &HourColumns) -> sqlx::Result<()> {
    if rows.gateway_id.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "INSERT INTO lighting.energy_hours (gateway_id, loop_index, hour_at, project_id, band, kwh, max_power_w, flags) \
         SELECT * FROM UNNEST($1::bigint[], $2::smallint[], $3::timestamptz[], $4::bigint[], $5::text[], $6::float8[], \
         $7::float8[], $8::smallint[]) \
         ON CONFLICT (gateway_id, loop_index, hour_at) DO UPDATE SET kwh = lighting.energy_hours.kwh + EXCLUDED.kwh, \
         max_power_w = GREATEST(lighting.energy_hours.max_power_w, EXCLUDED.max_power_w), \
         flags = lighting.energy_hours.flags | EXCLUDED.flags",
        &rows.gateway_id,
        &rows.loop_index,
        &rows.hour_at,
        &rows.project_id,
        &rows.band,
        &rows.kwh,
        &rows.max_power_w,
        &rows.flags
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Local days (or months) of loops to sum again: each with the instants (or days) it spans.
#[derive(Debug, Default)]
pub struct SpanColumns<T> {
    pub gateway_id: Vec<i64>,
    pub loop_index: Vec<i16>,
    pub key: Vec<NaiveDate>,
    pub from: Vec<T>,
    pub to: Vec<T>,
}

/// Sums the given loops' days again from their hours.
pub async fn refresh_days(conn: &mut PgConnection, days: &SpanColumns<DateTime<Utc>>) -> sqlx::Result<()> {
    if days.gateway_id.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "INSERT INTO lighting.energy_days (gateway_id, loop_index, day, project_id, kwh, peak_kwh, flat_kwh, valley_kwh, \
         max_power_w, flags) \
         SELECT t.gateway_id, t.loop_index, t.day, MAX(h.project_id), SUM(h.kwh), \
         COALESCE(SUM(h.kwh) FILTER (WHERE h.band = 'P'), 0), COALESCE(SUM(h.kwh) FILTER (WHERE h.band = 'F'), 0), \
         COALESCE(SUM(h.kwh) FILTER (WHERE h.band = 'V'), 0), MAX(h.max_power_w), bit_or(h.flags) \
         FROM UNNEST($1::bigint[], $2::smallint[], $3::date[], $4::timestamptz[], $5::timestamptz[]) \
         AS t(gateway_id, loop_index, day, starts, ends) \
         JOIN lighting.energy_hours h ON h.gateway_id = t.gateway_id AND h.loop_index = t.loop_index \
         AND h.hour_at >= t.starts AND h.hour_at < t.ends \
         GROUP BY t.gateway_id, t.loop_index, t.day \
         ON CONFLICT (gateway_id, loop_index, day) DO UPDATE SET project_id = EXCLUDED.project_id, kwh = EXCLUDED.kwh, \
         peak_kwh = EXCLUDED.peak_kwh, flat_kwh = EXCLUDED.flat_kwh, valley_kwh = EXCLUDED.valley_kwh, \
         max_power_w = EXCLUDED.max_power_w, flags = EXCLUDED.flags",
        &days.gateway_id,
        &days.loop_index,
        &days.key,
        &days.from,
        &days.to
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sums the given loops' months again from their days.
pub async fn refresh_months(conn: &mut PgConnection, months: &SpanColumns<NaiveDate>) -> sqlx::Result<()> {
    if months.gateway_id.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "INSERT INTO lighting.energy_months (gateway_id, loop_index, month, project_id, kwh, peak_kwh, flat_kwh, \
         valley_kwh, max_power_w, flags) \
         SELECT t.gateway_id, t.loop_index, t.month, MAX(d.project_id), SUM(d.kwh), SUM(d.peak_kwh), SUM(d.flat_kwh), \
         SUM(d.valley_kwh), MAX(d.max_power_w), bit_or(d.flags) \
         FROM UNNEST($1::bigint[], $2::smallint[], $3::date[], $4::date[], $5::date[]) \
         AS t(gateway_id, loop_index, month, first_day, last_day) \
         JOIN lighting.energy_days d ON d.gateway_id = t.gateway_id AND d.loop_index = t.loop_index \
         AND d.day >= t.first_day AND d.day <= t.last_day \
         GROUP BY t.gateway_id, t.loop_index, t.month \
         ON CONFLICT (gateway_id, loop_index, month) DO UPDATE SET project_id = EXCLUDED.project_id, kwh = EXCLUDED.kwh, \
         peak_kwh = EXCLUDED.peak_kwh, flat_kwh = EXCLUDED.flat_kwh, valley_kwh = EXCLUDED.valley_kwh, \
         max_power_w = EXCLUDED.max_power_w, flags = EXCLUDED.flags",
        &months.gateway_id,
        &months.loop_index,
        &months.key,
        &months.from,
        &months.to
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves the loops' cursors to their last rolled readings.
pub async fn save_cursors(
    conn: &mut PgConnection,
    gateway_ids: &[i64],
    loop_indexes: &[i16],
    times: &[DateTime<Utc>],
    kwh: &[f64],
) -> sqlx::Result<()> {
    if gateway_ids.is_empty() {
        return Ok(());
    }
    sqlx::query!(
        "INSERT INTO lighting.energy_cursors (gateway_id, loop_index, sample_time, energy_kwh) \
         SELECT * FROM UNNEST($1::bigint[], $2::smallint[], $3::timestamptz[], $4::float8[]) \
         ON CONFLICT (gateway_id, loop_index) DO UPDATE SET sample_time = EXCLUDED.sample_time, \
         energy_kwh = EXCLUDED.energy_kwh",
        gateway_ids,
        loop_indexes,
        times,
        kwh
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A rolled loop of a project and how far it was rolled.
pub struct Rolled {
    pub gateway_id: i64,
    pub loop_index: i16,
    pub cursor_at: DateTime<Utc>,
}

/// The project's loops the roller has reached.
pub async fn rolled_loops(conn: &mut PgConnection, project_id: i64) -> sqlx::Result<Vec<Rolled>> {
    sqlx::query_as!(
        Rolled,
        "SELECT c.gateway_id, c.loop_index, c.sample_time AS cursor_at FROM lighting.energy_cursors c \
         JOIN lighting.gateways g ON g.gateway_id = c.gateway_id WHERE g.project_id = $1 \
         ORDER BY c.gateway_id, c.loop_index",
        project_id
    )
    .fetch_all(conn)
    .await
}

/// Forgets a project's hours in `[from, to)` and its days from `first` to `last` (a rebuild).
pub async fn clear(
    conn: &mut PgConnection,
    project_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    first: NaiveDate,
    last: NaiveDate,
) -> sqlx::Result<()> {
    sqlx::query!(
        "DELETE FROM lighting.energy_hours WHERE project_id = $1 AND hour_at >= $2 AND hour_at < $3",
        project_id,
        from,
        to
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "DELETE FROM lighting.energy_days WHERE project_id = $1 AND day BETWEEN $2 AND $3",
        project_id,
        first,
        last
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Sums a project's days from `first` to `last` from its hours (local days of `zone`), then
/// the months holding them from their days.
pub async fn resum_project(
    conn: &mut PgConnection,
    project_id: i64,
    zone: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    first_month: NaiveDate,
    last_day_of_months: NaiveDate,
) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO lighting.energy_days (gateway_id, loop_index, day, project_id, kwh, peak_kwh, flat_kwh, valley_kwh, \
         max_power_w, flags) \
         SELECT gateway_id, loop_index, (hour_at AT TIME ZONE $2)::date, MAX(project_id), SUM(kwh), \
         COALESCE(SUM(kwh) FILTER (WHERE band = 'P'), 0), COALESCE(SUM(kwh) FILTER (WHERE band = 'F'), 0), \
         COALESCE(SUM(kwh) FILTER (WHERE band = 'V'), 0), MAX(max_power_w), bit_or(flags) \
         FROM lighting.energy_hours WHERE project_id = $1 AND hour_at >= $3 AND hour_at < $4 \
         GROUP BY gateway_id, loop_index, (hour_at AT TIME ZONE $2)::date \
         ON CONFLICT (gateway_id, loop_index, day) DO UPDATE SET kwh = EXCLUDED.kwh, peak_kwh = EXCLUDED.peak_kwh, \
         flat_kwh = EXCLUDED.flat_kwh, valley_kwh = EXCLUDED.valley_kwh, max_power_w = EXCLUDED.max_power_w, \
         flags = EXCLUDED.flags",
        project_id,
        zone,
        from,
        to
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "DELETE FROM lighting.energy_months WHERE project_id = $1 AND month BETWEEN $2 AND $3",
        project_id,
        first_month,
        last_day_of_months
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "INSERT INTO lighting.energy_months (gateway_id, loop_index, month, project_id, kwh, peak_kwh, flat_kwh, \
         valley_kwh, max_power_w, flags) \
         SELECT gateway_id, loop_index, date_trunc('month', day)::date, MAX(project_id), SUM(kwh), SUM(peak_kwh), \
         SUM(flat_kwh), SUM(valley_kwh), MAX(max_power_w), bit_or(flags) \
         FROM lighting.energy_days WHERE project_id = $1 AND day BETWEEN $2 AND $3 \
         GROUP BY gateway_id, loop_index, date_trunc('month', day)::date",
        project_id,
        first_month,
        last_day_of_months
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Which loops a statistic covers: all of the project's, a gateway's, one loop, or a group's.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    pub gateway_id: Option<i64>,
    pub loop_index: Option<i16>,
    pub group_id: Option<i64>,
}

/// What one bucket key measured.
pub struct Measured<K> {
    pub key: K,
    pub figures: Figures,
}

fn figures(kwh: Option<f64>, peak: Option<f64>, flat: Option<f64>, valley: Option<f64>, flags: Option<i16>) -> Figures {
    Figures {
        kwh: kwh.unwrap_or(0.0),
        peak_kwh: peak.unwrap_or(0.0),
        flat_kwh: flat.unwrap_or(0.0),
        valley_kwh: valley.unwrap_or(0.0),
        flags: u8::try_from(flags.unwrap_or(0)).unwrap_or(0),
    }
}

/// A query over a rollup table aliased `r`, limited to a [`Scope`]: `$1` the project, `$4`
/// the gateway, `$5` the loop and `$6` the group (each `NULL` for all).
macro_rules! scoped_query {
    ($before:literal, $after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query!(
            $before + " AND ($4::bigint IS NULL OR r.gateway_id = $4) AND ($5::smallint IS NULL OR r.loop_index = $5) \
             AND ($6::bigint IS NULL OR (r.gateway_id, r.loop_index) IN (SELECT v.gateway_id, v.loop_index::smallint \
             FROM lighting.devices v JOIN lighting.device_group_members gm ON gm.device_id = v.device_id \
             WHERE gm.group_id = $6 AND v.project_id = $1)) " + $after,
            $($arg),*
        )
    };
}

/// The scope's energy by local hour in `[from, to)`.
pub async fn by_hour(
    pool: &PgPool,
    project_id: i64,
    scope: Scope,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> sqlx::Result<Vec<Measured<DateTime<Utc>>>> {
    let rows = scoped_query!(
        "SELECT r.hour_at, SUM(r.kwh) AS kwh, SUM(r.kwh) FILTER (WHERE r.band = 'P') AS peak, \
         SUM(r.kwh) FILTER (WHERE r.band = 'F') AS flat, SUM(r.kwh) FILTER (WHERE r.band = 'V') AS valley, \
         bit_or(r.flags) AS flags \
         FROM lighting.energy_hours r WHERE r.project_id = $1 AND r.hour_at >= $2 AND r.hour_at < $3",
        "GROUP BY r.hour_at";
        project_id,
        from,
        to,
        scope.gateway_id,
        scope.loop_index,
        scope.group_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Measured { key: r.hour_at, figures: figures(r.kwh, r.peak, r.flat, r.valley, r.flags) })
        .collect())
}

/// The scope's energy by local day from `first` to `last`.
pub async fn by_day(
    pool: &PgPool,
    project_id: i64,
    scope: Scope,
    first: NaiveDate,
    last: NaiveDate,
) -> sqlx::Result<Vec<Measured<NaiveDate>>> {
    let rows = scoped_query!(
        "SELECT r.day, SUM(r.kwh) AS kwh, SUM(r.peak_kwh) AS peak, SUM(r.flat_kwh) AS flat, \
         SUM(r.valley_kwh) AS valley, bit_or(r.flags) AS flags \
         FROM lighting.energy_days r WHERE r.project_id = $1 AND r.day BETWEEN $2 AND $3",
        "GROUP BY r.day";
        project_id,
        first,
        last,
        scope.gateway_id,
        scope.loop_index,
        scope.group_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Measured { key: r.day, figures: figures(r.kwh, r.peak, r.flat, r.valley, r.flags) })
        .collect())
}

/// The scope's energy by local month (its first day) for the months from `first` to `last`.
pub async fn by_month(
    pool: &PgPool,
    project_id: i64,
    scope: Scope,
    first: NaiveDate,
    last: NaiveDate,
) -> sqlx::Result<Vec<Measured<NaiveDate>>> {
    let rows = scoped_query!(
        "SELECT r.month, SUM(r.kwh) AS kwh, SUM(r.peak_kwh) AS peak, SUM(r.flat_kwh) AS flat, \
         SUM(r.valley_kwh) AS valley, bit_or(r.flags) AS flags \
         FROM lighting.energy_months r WHERE r.project_id = $1 AND r.month BETWEEN $2 AND $3",
        "GROUP BY r.month";
        project_id,
        first,
        last,
        scope.gateway_id,
        scope.loop_index,
        scope.group_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Measured { key: r.month, figures: figures(r.kwh, r.peak, r.flat, r.valley, r.flags) })
        .collect())
}

/// The highest power each loop of the scope drew on the days from `first` to `last` (W),
/// summed: the full-night baseline's load. From the months holding the days when `by_month`
/// (a long period, where the days would be many).
pub async fn peak_load(
    pool: &PgPool,
    project_id: i64,
    scope: Scope,
    first: NaiveDate,
    last: NaiveDate,
    by_month: bool,
) -> sqlx::Result<f64> {
    let tops: Vec<Option<f64>> = if by_month {
        scoped_query!(
            "SELECT MAX(r.max_power_w) AS top FROM lighting.energy_months r \
             WHERE r.project_id = $1 AND r.month BETWEEN date_trunc('month', $2::date)::date AND $3",
            "GROUP BY r.gateway_id, r.loop_index";
            project_id,
            first,
            last,
            scope.gateway_id,
            scope.loop_index,
            scope.group_id
        )
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|l| l.top)
        .collect()
    } else {
        scoped_query!(
            "SELECT MAX(r.max_power_w) AS top FROM lighting.energy_days r \
             WHERE r.project_id = $1 AND r.day BETWEEN $2 AND $3",
            "GROUP BY r.gateway_id, r.loop_index";
            project_id,
            first,
            last,
            scope.gateway_id,
            scope.loop_index,
            scope.group_id
        )
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|l| l.top)
        .collect()
    };
    Ok(tops.into_iter().flatten().sum())
}

/// One loop of a ranking.
pub struct Ranked {
    pub gateway_id: i64,
    pub gateway_name: Option<String>,
    pub serial: Option<String>,
    pub loop_index: i16,
    pub loop_name: Option<String>,
    pub kwh: f64,
    pub peak_kwh: f64,
    pub flat_kwh: f64,
    pub valley_kwh: f64,
}

/// The loops that used the most on the days from `first` to `last`; by whole months when
/// `months` (for long periods, where the days would be many).
pub async fn ranking(
    pool: &PgPool,
    project_id: i64,
    group_id: Option<i64>,
    first: NaiveDate,
    last: NaiveDate,
    months: bool,
    limit: i64,
) -> sqlx::Result<Vec<Ranked>> {
    sqlx::query_as!(
        Ranked,
        "WITH used AS ( \
           SELECT gateway_id, loop_index, kwh, peak_kwh, flat_kwh, valley_kwh FROM lighting.energy_days \
           WHERE NOT $5 AND project_id = $1 AND day BETWEEN $3 AND $4 \
           UNION ALL \
           SELECT gateway_id, loop_index, kwh, peak_kwh, flat_kwh, valley_kwh FROM lighting.energy_months \
           WHERE $5 AND project_id = $1 AND month BETWEEN date_trunc('month', $3::date)::date AND $4) \
         SELECT u.gateway_id AS \"gateway_id!\", g.gateway_name AS \"gateway_name?\", g.serial AS \"serial?\", \
         u.loop_index AS \"loop_index!\", l.loop_name AS \"loop_name?\", SUM(u.kwh) AS \"kwh!\", \
         SUM(u.peak_kwh) AS \"peak_kwh!\", SUM(u.flat_kwh) AS \"flat_kwh!\", SUM(u.valley_kwh) AS \"valley_kwh!\" \
         FROM used u LEFT JOIN lighting.gateways g ON g.gateway_id = u.gateway_id \
         LEFT JOIN lighting.loops l ON l.gateway_id = u.gateway_id AND l.loop_index = u.loop_index \
         WHERE ($2::bigint IS NULL OR (u.gateway_id, u.loop_index) IN (SELECT v.gateway_id, v.loop_index::smallint \
           FROM lighting.devices v JOIN lighting.device_group_members m ON m.device_id = v.device_id \
           WHERE m.group_id = $2 AND v.project_id = $1)) \
         GROUP BY u.gateway_id, g.gateway_name, g.serial, u.loop_index, l.loop_name \
         ORDER BY SUM(u.kwh) DESC, u.gateway_id, u.loop_index LIMIT $6",
        project_id,
        group_id,
        first,
        last,
        months,
        limit
    )
    .fetch_all(pool)
    .await
}

/// Whether a group of the project exists.
pub async fn group_exists(pool: &PgPool, project_id: i64, group_id: i64) -> sqlx::Result<bool> {
    let found = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.device_groups WHERE group_id = $1 AND project_id = $2) AS \"found!\"",
        group_id,
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok(found)
}

/// Whether a gateway belongs to the project (deleted ones too: their energy was used).
pub async fn gateway_of_project(pool: &PgPool, project_id: i64, gateway_id: i64) -> sqlx::Result<bool> {
    let found = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.gateways WHERE gateway_id = $1 AND project_id = $2) AS \"found!\"",
        gateway_id,
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok(found)
}
