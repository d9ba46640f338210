//! The demo's energy history: four weeks of 15-minute meter readings for every loop of the
//! demo gateways, following the demo plan (full light from 15 minutes after sunset to 23:00,
//! 30% until 10 minutes before sunrise), stored as telemetry and rolled as a rebuild rolls
//! held days (each loop's cursor at its last seeded reading); and the demo tariff. Only for a
//! project without older samples.

use chrono::{DateTime, Days, NaiveTime, TimeDelta, Utc};
use sqlx::PgPool;

use super::model::{Band, Baseline, Setting, bands_of};
use super::store;
use crate::schedule::sun::Site;
use crate::telemetry::store as telemetry;

/// Days of history.
const DAYS: u64 = 28;
/// Minutes between readings.
const EVERY_MINUTES: i64 = 15;

/// A demo tariff in the shape of a Chinese commercial time-of-use tariff (illustrative prices).
pub fn demo_setting() -> Setting {
    let bands = bands_of("VVVVVVVVPPPFFPPFFFPPPFVV").unwrap_or([Band::Flat; 24]);
    Setting {
        peak_price: 1.0612,
        flat_price: 0.6393,
        valley_price: 0.2974,
        bands,
        baseline: Baseline::FullNight,
        note: "演示基准：同一批回路从日落到日出全程满功率（按各回路统计期内的最高功率）".into(),
    }
}

/// The power a demo loop draws at `at` under the demo plan, in W.
fn demo_power(site: &Site, at: DateTime<Utc>, rated_w: f64) -> f64 {
    let day = site.date_of(at);
    let evening_on = site.sunset(day) + TimeDelta::minutes(15);
    let late = site.at(day, NaiveTime::from_hms_opt(23, 0, 0).unwrap_or_default());
    let morning_off = site.sunrise(day) - TimeDelta::minutes(10);
    if at >= evening_on && at < late {
        rated_w
    } else if at >= late || at < morning_off {
        rated_w * 0.3
    } else {
        0.0
    }
}

/// Seeds the history of `gateways` (ids) of a project at `site`, ending now, and the demo
/// tariff; nothing when the project already has samples older than a day.
pub async fn seed_history(pool: &PgPool, project_id: i64, site: &Site, gateways: &[i64]) -> sqlx::Result<()> {
    let now = Utc::now();
    let mut conn = pool.acquire().await?;
    if store::plan(&mut conn, project_id).await?.setting.is_none() {
        store::save_setting(pool, project_id, &demo_setting(), "seed").await?;
    }
    let older = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.loop_samples WHERE gateway_id = ANY($1) AND sample_time < $2) AS \"e!\"",
        gateways,
        now - TimeDelta::days(1)
    )
    .fetch_one(&mut *conn)
    .await?;
    if older {
        return Ok(());
    }
    let start = site.day_start(site.date_of(now).checked_sub_days(Days::new(DAYS)).unwrap_or(site.date_of(now)));
    for day in start.date_naive().iter_days().take_while(|day| *day <= now.date_naive()) {
        telemetry::ensure_partition(pool, day).await?;
    }
    let (mut gateway_id, mut loop_index, mut sample_time, mut is_on, mut voltage, mut current, mut power, mut energy) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (position, gateway) in gateways.iter().enumerate() {
        for index in 1..=super::super::seed::DEMO_LOOPS {
            // 1.2 to 3.0 kW per loop, the same every time.
            let rated_w = 1200.0 + 600.0 * f64::from((position as i32 * 7 + index * 3) % 4);
            let mut meter = 800.0 + 150.0 * f64::from(index) + 90.0 * position as f64;
            let mut at = start;
            while at <= now {
                let watts = demo_power(site, at, rated_w);
                meter += watts * EVERY_MINUTES as f64 / 60_000.0;
                gateway_id.push(*gateway);
                loop_index.push(i16::try_from(index).unwrap_or(1));
                sample_time.push(at);
                is_on.push(watts > 0.0);
                voltage.push(if watts > 0.0 { 229.0 } else { 231.0 });
                current.push(watts / 229.0 / 0.95);
                power.push(watts);
                energy.push((meter * 1000.0).round() / 1000.0);
                at += TimeDelta::minutes(EVERY_MINUTES);
            }
        }
    }
    let seq = vec![0i64; gateway_id.len()];
    sqlx::query!(
        "INSERT INTO lighting.loop_samples (gateway_id, loop_index, sample_time, seq, is_on, voltage_v, current_a, \
         active_power_w, energy_kwh) \
         SELECT * FROM UNNEST($1::bigint[], $2::smallint[], $3::timestamptz[], $4::bigint[], $5::boolean[], \
         $6::float8[], $7::float8[], $8::float8[], $9::float8[]) ON CONFLICT DO NOTHING",
        &gateway_id,
        &loop_index,
        &sample_time,
        &seq,
        &is_on,
        &voltage,
        &current,
        &power,
        &energy
    )
    .execute(&mut *conn)
    .await?;
    // Each loop's cursor at its last seeded reading, then the period rolled as a rebuild does:
    // the gateways have reported nothing yet, so no loop shows a state of its own.
    sqlx::query!(
        "INSERT INTO lighting.energy_cursors (gateway_id, loop_index, sample_time, energy_kwh) \
         SELECT DISTINCT ON (gateway_id, loop_index) gateway_id, loop_index, sample_time, energy_kwh \
         FROM lighting.loop_samples WHERE gateway_id = ANY($1) ORDER BY gateway_id, loop_index, sample_time DESC \
         ON CONFLICT (gateway_id, loop_index) DO NOTHING",
        gateways
    )
    .execute(&mut *conn)
    .await?;
    drop(conn);
    super::roll::rebuild(pool, project_id, site.date_of(start), site.date_of(now)).await?;
    Ok(())
}
