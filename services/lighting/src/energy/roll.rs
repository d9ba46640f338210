//! The roller: folds the loops' stored samples into the energy rollups, off the device path
//! (the telemetry consumer only stores samples; this reads them back in batches a minute
//! later). Each loop has a cursor, its last counted reading, moved in the same transaction as
//! the rollups it fed, so a crash or a second replica never counts a reading twice. A
//! rebuild replays a held period the same way.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use chrono_tz::Tz;
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;

use super::model::{self, Reading, Setting, month_of};
use super::partitions::HourRetention;
use super::store::{self, HourColumns, Sample, SpanColumns};
use crate::partitions::Layout;
use crate::schedule::sun::Site;

/// Loops rolled per transaction.
const LOOPS_PER_CHUNK: i64 = 500;
/// Samples read per loop per chunk (a loop with more is finished by the next passes). With
/// [`LOOPS_PER_CHUNK`], at most half a million readings in memory at once.
const SAMPLES_PER_LOOP: i64 = 1_000;

/// A project's zone and tariff, as the roller applies them.
#[derive(Debug, Clone)]
pub struct ProjectPlan {
    pub zone: Tz,
    pub setting: Setting,
}

impl ProjectPlan {
    pub fn of(plan: &store::Plan) -> Self {
        let zone = plan.zone.as_deref().and_then(|zone| zone.parse().ok()).unwrap_or(Tz::UTC);
        let setting = plan.setting.as_ref().map(|(setting, _, _)| setting.clone()).unwrap_or_default();
        Self { zone, setting }
    }

    /// The project's local days (no sun times needed).
    pub fn days(&self) -> Site {
        Site::new(0.0, 0.0, self.zone).expect("0, 0 is a place")
    }
}

#[derive(Debug, Clone, Copy)]
struct HourSum {
    project_id: i64,
    band: char,
    kwh: f64,
    max_power_w: f64,
    flags: u8,
}

/// What one pass adds to the hours, by loop and hour.
#[derive(Debug, Default)]
struct Rollup {
    hours: BTreeMap<(i64, i16, DateTime<Utc>), HourSum>,
}

impl Rollup {
    /// Adds what `next` adds to `previous` on a loop, keeping only the hours in `window`.
    fn add(
        &mut self,
        (project_id, gateway_id, loop_index): (i64, i64, i16),
        plan: &ProjectPlan,
        previous: &Reading,
        next: &Reading,
        window: Option<(DateTime<Utc>, DateTime<Utc>)>,
    ) -> bool {
        let Some(step) = model::step(previous, next) else { return false };
        let inside = |hour: DateTime<Utc>| window.is_none_or(|(from, to)| hour >= from && hour < to);
        let mut entry = |hour: DateTime<Utc>, kwh: f64, power: f64, flags: u8| {
            if !inside(hour) {
                return;
            }
            let band = plan.setting.band(model::local_hour(hour, plan.zone).1).letter();
            let sum = self.hours.entry((gateway_id, loop_index, hour)).or_insert(HourSum {
                project_id,
                band,
                kwh: 0.0,
                max_power_w: 0.0,
                flags: 0,
            });
            sum.kwh += kwh;
            sum.max_power_w = sum.max_power_w.max(power);
            sum.flags |= flags;
        };
        for (hour, kwh) in model::spread(previous.at, next.at, step.kwh, plan.zone) {
            entry(hour, kwh, 0.0, 0);
        }
        let last_hour = model::hour_start(next.at - TimeDelta::milliseconds(1), plan.zone);
        entry(last_hour, 0.0, next.power_w.max(0.0), step.flags);
        true
    }

    /// The hours it writes.
    fn hours(&self) -> Vec<DateTime<Utc>> {
        self.hours.keys().map(|(_, _, hour_at)| *hour_at).collect()
    }

    fn columns(&self) -> HourColumns {
        let mut columns = HourColumns::default();
        for ((gateway_id, loop_index, hour_at), sum) in &self.hours {
            columns.gateway_id.push(*gateway_id);
            columns.loop_index.push(*loop_index);
            columns.hour_at.push(*hour_at);
            columns.project_id.push(sum.project_id);
            columns.band.push(sum.band.to_string());
            columns.kwh.push(sum.kwh);
            columns.max_power_w.push(sum.max_power_w);
            columns.flags.push(i16::from(sum.flags));
        }
        columns
    }

    /// The loops' local days and months the hours fall in, to sum again.
    fn touched(&self, plans: &HashMap<i64, ProjectPlan>) -> (SpanColumns<DateTime<Utc>>, SpanColumns<NaiveDate>) {
        let mut days = BTreeSet::new();
        for ((gateway_id, loop_index, hour_at), sum) in &self.hours {
            let Some(plan) = plans.get(&sum.project_id) else { continue };
            days.insert((*gateway_id, *loop_index, model::local_hour(*hour_at, plan.zone).0, sum.project_id));
        }
        let mut day_columns = SpanColumns::default();
        let mut months = BTreeSet::new();
        for (gateway_id, loop_index, day, project_id) in days {
            let site = plans.get(&project_id).map(ProjectPlan::days).expect("plan of a rolled hour");
            day_columns.gateway_id.push(gateway_id);
            day_columns.loop_index.push(loop_index);
            day_columns.key.push(day);
            day_columns.from.push(site.day_start(day));
            day_columns.to.push(site.day_end(day));
            months.insert((gateway_id, loop_index, month_of(day)));
        }
        let mut month_columns = SpanColumns::default();
        for (gateway_id, loop_index, month) in months {
            month_columns.gateway_id.push(gateway_id);
            month_columns.loop_index.push(loop_index);
            month_columns.key.push(month);
            month_columns.from.push(month);
            month_columns
                .to
                .push(month.checked_add_months(chrono::Months::new(1)).and_then(|m| m.pred_opt()).unwrap_or(month));
        }
        (day_columns, month_columns)
    }

    /// Writes the hours, then sums their days and months again.
    async fn write(&self, conn: &mut PgConnection, plans: &HashMap<i64, ProjectPlan>) -> sqlx::Result<()> {
        store::add_hours(conn, &self.columns()).await?;
        let (days, months) = self.touched(plans);
        store::refresh_days(conn, &days).await?;
        store::refresh_months(conn, &months).await
    }
}

/// Makes the hours' partitions of `months`, each in a short transaction of its own: made
/// inside a roll's or a rebuild's, a partition's lock would shut every reader of the hours out
/// until that one commits (and could deadlock with the partition maintenance).
async fn make_months(pool: &PgPool, months: impl IntoIterator<Item = NaiveDate>) -> sqlx::Result<()> {
    for month in months {
        HourRetention::create(pool, month).await?;
    }
    Ok(())
}

/// The UTC months (their first days) the instants from `from` to before `to` fall in.
fn utc_months(from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<NaiveDate> {
    let mut months = Vec::new();
    if from >= to {
        return months;
    }
    let mut month = month_of(from.date_naive());
    while month.and_hms_opt(0, 0, 0).is_some_and(|start| start.and_utc() < to) {
        months.push(month);
        let Some(next) = month.checked_add_months(chrono::Months::new(1)) else { break };
        month = next;
    }
    months
}

async fn plans_of(conn: &mut PgConnection, projects: Vec<i64>) -> sqlx::Result<HashMap<i64, ProjectPlan>> {
    let mut plans = HashMap::new();
    for project_id in projects {
        if let std::collections::hash_map::Entry::Vacant(slot) = plans.entry(project_id) {
            slot.insert(ProjectPlan::of(&store::plan(conn, project_id).await?));
        }
    }
    Ok(plans)
}

fn reading(sample: &Sample) -> Reading {
    Reading { at: sample.sample_time, kwh: sample.energy_kwh, power_w: sample.active_power_w }
}

/// What one call of [`roll`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Rolled {
    pub loops: usize,
    pub readings: usize,
    /// This replica held the roll (another one did not).
    pub held: bool,
    /// The most a rolled loop's cursor trailed its latest reading: how far behind the rollups
    /// were when the roll began (about the roll's interval in steady state).
    pub behind: TimeDelta,
}

impl Rolled {
    fn and(self, other: Rolled) -> Rolled {
        Rolled {
            loops: self.loops + other.loops,
            readings: self.readings + other.readings,
            held: self.held || other.held,
            behind: self.behind.max(other.behind),
        }
    }
}

/// A loop whose cursor is further behind its latest reading than this is rolled from its
/// stored samples, one by one; a loop closer than this from its latest reading alone (the
/// energy in between spread evenly, as between any two readings), so a roll in steady state
/// reads one row per loop whatever the message rate.
const CATCH_UP: TimeDelta = TimeDelta::minutes(15);

fn needs_samples(loop_state: &store::Dirty) -> bool {
    loop_state.cursor.is_none_or(|(at, _)| loop_state.latest_at - at > CATCH_UP)
}

/// After each chunk the roller waits this many times as long as the chunk took.
const PACE: u32 = 2;

/// Passes over the loops one roll makes at most (a loop with a long history takes one pass
/// per [`SAMPLES_PER_LOOP`] readings).
const MAX_PASSES: usize = 100;

/// Rolls every loop with readings past its cursor. Does nothing while another replica rolls.
pub async fn roll(pool: &PgPool) -> sqlx::Result<Rolled> {
    let mut done = Rolled::default();
    for _ in 0..MAX_PASSES {
        let (rolled, unfinished) = roll_pass(pool).await?;
        done = done.and(rolled);
        if !unfinished {
            break;
        }
    }
    Ok(done)
}

/// One pass over the loops with readings past their cursors; whether a loop had more
/// readings than one pass takes.
async fn roll_pass(pool: &PgPool) -> sqlx::Result<(Rolled, bool)> {
    let mut done = Rolled::default();
    let mut unfinished = false;
    let mut after = (i64::MIN, i16::MIN);
    // The chunk whose missing months were just made, rolled again.
    let mut made_for = None;
    loop {
        let chunk_started = std::time::Instant::now();
        let chunk_after = after;
        let mut tx = pool.begin().await?;
        if !store::try_lock(&mut tx).await? {
            return Ok((done, false));
        }
        done.held = true;
        let dirty = store::dirty_loops(&mut tx, after, LOOPS_PER_CHUNK).await?;
        for loop_state in &dirty {
            if let Some((at, _)) = loop_state.cursor {
                done.behind = done.behind.max(loop_state.latest_at - at);
            }
        }
        let Some(last) = dirty.last() else { return Ok((done, unfinished)) };
        after = (last.gateway_id, last.loop_index);
        let unrolled = i64::try_from(dirty.len()).unwrap_or(i64::MAX);
        // Samples only for the loops that fell behind (new ones, or the roller was away): a
        // loop rolled a minute ago needs only its latest reading.
        let behind: Vec<&store::Dirty> = dirty.iter().filter(|d| needs_samples(d)).collect();
        let samples = store::samples_between(
            &mut tx,
            &behind.iter().map(|d| d.gateway_id).collect::<Vec<_>>(),
            &behind.iter().map(|d| d.loop_index).collect::<Vec<_>>(),
            &behind.iter().map(|d| d.cursor.map_or(DateTime::<Utc>::UNIX_EPOCH, |(at, _)| at)).collect::<Vec<_>>(),
            &behind.iter().map(|d| d.latest_at).collect::<Vec<_>>(),
            SAMPLES_PER_LOOP,
        )
        .await?;
        let plans = plans_of(&mut tx, dirty.iter().map(|d| d.project_id).collect()).await?;
        let mut by_loop: HashMap<(i64, i16), Vec<Reading>> = HashMap::new();
        for sample in &samples {
            by_loop.entry((sample.gateway_id, sample.loop_index)).or_default().push(reading(sample));
        }
        let mut rollup = Rollup::default();
        let mut readings_rolled = 0;
        let mut cursors = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for loop_state in &dirty {
            let key = (loop_state.gateway_id, loop_state.loop_index);
            let mut readings = by_loop.remove(&key).unwrap_or_default();
            // The latest reading may not be a stored sample (a command's acknowledgement).
            let complete = (readings.len() as i64) < SAMPLES_PER_LOOP;
            unfinished |= !complete;
            if complete && readings.last().is_none_or(|r| r.at < loop_state.latest_at) {
                readings.push(Reading {
                    at: loop_state.latest_at,
                    kwh: loop_state.latest_kwh,
                    power_w: loop_state.latest_power_w,
                });
            }
            let plan = &plans[&loop_state.project_id];
            let mut previous = loop_state.cursor.map(|(at, kwh)| Reading { at, kwh, power_w: 0.0 });
            for next in readings {
                let counted = match &previous {
                    Some(before) => rollup.add(
                        (loop_state.project_id, loop_state.gateway_id, loop_state.loop_index),
                        plan,
                        before,
                        &next,
                        None,
                    ),
                    None => true,
                };
                if counted {
                    previous = Some(next);
                }
                readings_rolled += 1;
            }
            if let Some(last) = previous {
                cursors.0.push(loop_state.gateway_id);
                cursors.1.push(loop_state.loop_index);
                cursors.2.push(last.at);
                cursors.3.push(last.kwh);
            }
        }
        let missing = store::missing_hour_months(&mut tx, &rollup.hours()).await?;
        if !missing.is_empty() && made_for != Some(chunk_after) {
            // Rolled back, the months made apart (see `make_months`), the chunk again.
            tx.rollback().await?;
            make_months(pool, missing).await?;
            made_for = Some(chunk_after);
            after = chunk_after;
            continue;
        }
        rollup.write(&mut tx, &plans).await?;
        store::save_cursors(&mut tx, &cursors.0, &cursors.1, &cursors.2, &cursors.3).await?;
        tx.commit().await?;
        done.loops += dirty.len();
        done.readings += readings_rolled;
        if unrolled < LOOPS_PER_CHUNK {
            return Ok((done, unfinished));
        }
        // Paced: the database's time goes to the device path twice as long as to the roll,
        // so a large fleet's roll is a low hum over seconds, not a burst every minute.
        tokio::time::sleep(chunk_started.elapsed() * PACE).await;
    }
}

/// Rolls every `interval` until `shutdown`.
pub async fn run(pool: PgPool, interval: Duration, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return Ok(()),
            _ = ticker.tick() => {}
        }
        let started = std::time::Instant::now();
        match roll(&pool).await {
            Ok(rolled) if rolled.held => {
                // Only the replica that rolled speaks for the rollups: the others would report
                // a roll they did not make.
                metrics::gauge!("lumiscape_energy_rolled_at_seconds").set(Utc::now().timestamp() as f64);
                metrics::gauge!("lumiscape_energy_roll_behind_seconds").set(rolled.behind.as_seconds_f64());
                if rolled.loops > 0 {
                    metrics::histogram!("lumiscape_energy_roll_seconds").record(started.elapsed().as_secs_f64());
                    tracing::debug!(loops = rolled.loops, readings = rolled.readings, "energy rolled");
                }
            }
            // Another replica rolls: its figure, not an old one of this replica's, is the one.
            Ok(_) => metrics::gauge!("lumiscape_energy_roll_behind_seconds").set(0.0),
            Err(err) => {
                metrics::counter!("lumiscape_energy_roll_failures_total").increment(1);
                tracing::warn!(error = %err, "energy roll failed, tried again next time");
            }
        }
    }
}

/// Rolls a project's days from `first` to `last` again from the samples still held (each loop
/// up to its cursor: what comes after is the roller's). How many days.
pub async fn rebuild(pool: &PgPool, project_id: i64, first: NaiveDate, last: NaiveDate) -> sqlx::Result<u32> {
    let mut tx = pool.begin().await?;
    store::lock(&mut tx).await?;
    let plan = ProjectPlan::of(&store::plan(&mut tx, project_id).await?);
    let site = plan.days();
    let (from, to) = (site.day_start(first), site.day_end(last));
    // Before anything here touches the hours (see `make_months`); a rebuild writes no hour
    // outside the period.
    make_months(pool, utc_months(from, to)).await?;
    let first_month = month_of(first);
    let last_of_months =
        month_of(last).checked_add_months(chrono::Months::new(1)).and_then(|m| m.pred_opt()).unwrap_or(last);
    store::clear(&mut tx, project_id, from, to, first, last).await?;
    let rolled = store::rolled_loops(&mut tx, project_id).await?;
    for chunk in rolled.chunks(200) {
        let gateway_ids: Vec<i64> = chunk.iter().map(|r| r.gateway_id).collect();
        let loop_indexes: Vec<i16> = chunk.iter().map(|r| r.loop_index).collect();
        let before = store::samples_before(&mut tx, &gateway_ids, &loop_indexes, from).await?;
        let mut previous: HashMap<(i64, i16), Reading> =
            before.iter().map(|s| ((s.gateway_id, s.loop_index), reading(s))).collect();
        let mut after = vec![from - TimeDelta::microseconds(1); chunk.len()];
        loop {
            let upto: Vec<DateTime<Utc>> = chunk.iter().map(|r| r.cursor_at.min(to)).collect();
            let samples =
                store::samples_between(&mut tx, &gateway_ids, &loop_indexes, &after, &upto, SAMPLES_PER_LOOP).await?;
            if samples.is_empty() {
                break;
            }
            let mut rollup = Rollup::default();
            for sample in &samples {
                let key = (sample.gateway_id, sample.loop_index);
                let next = reading(sample);
                let counted = match previous.get(&key) {
                    Some(before) => rollup.add((project_id, key.0, key.1), &plan, before, &next, Some((from, to))),
                    None => true,
                };
                if counted {
                    previous.insert(key, next);
                }
                if let Some(position) = chunk.iter().position(|r| (r.gateway_id, r.loop_index) == key) {
                    after[position] = after[position].max(sample.sample_time);
                }
            }
            store::add_hours(&mut tx, &rollup.columns()).await?;
        }
    }
    store::resum_project(&mut tx, project_id, &plan.zone.to_string(), from, to, first_month, last_of_months).await?;
    tx.commit().await?;
    Ok(u32::try_from((last - first).num_days() + 1).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_lies_in_the_utc_months_it_touches() {
        let at = |text: &str| DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc);
        let day = |y, m| NaiveDate::from_ymd_opt(y, m, 1).unwrap();
        // Shanghai's 1 to 31 December: from 30 November 16:00 UTC.
        assert_eq!(
            utc_months(at("2026-11-30T16:00:00Z"), at("2026-12-31T16:00:00Z")),
            vec![day(2026, 11), day(2026, 12)]
        );
        assert_eq!(utc_months(at("2026-12-01T00:00:00Z"), at("2027-01-01T00:00:00Z")), vec![day(2026, 12)]);
        assert_eq!(utc_months(at("2026-12-05T00:00:00Z"), at("2026-12-05T00:00:00Z")), Vec::<NaiveDate>::new());
    }
}
