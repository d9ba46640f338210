//! A night's plan for a project: for each loop, the timeline the rules resolve from the
//! enabled tasks (`docs/scheduler.md`), beside the loop's latest reading.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};

use super::model::day_time_from_columns;
use super::store::{PlanLoopRow, TaskLoopRow};
use super::sun::{Site, SunDay};
use super::task::{Days, Light, Phase, Task};
use super::timeline::{LoopPlan, Segment, Window, resolve};

/// A night runs from noon of its date to noon of the next day, in the site's time zone.
pub fn night(site: &Site, date: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    let noon = NaiveTime::from_hms_opt(12, 0, 0).unwrap_or(NaiveTime::MIN);
    let next = date.succ_opt().unwrap_or(date);
    (site.at(date, noon), site.at(next, noon))
}

/// The sunset that starts the night and the sunrise that ends it; `None` in a polar day or
/// night.
pub fn sun_edges(site: &Site, date: NaiveDate) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    let sunset = match site.sun(date) {
        SunDay::Daylight { set, .. } => Some(set),
        _ => None,
    };
    let sunrise = match site.sun(date.succ_opt().unwrap_or(date)) {
        SunDay::Daylight { rise, .. } => Some(rise),
        _ => None,
    };
    (sunset, sunrise)
}

/// A loop's tasks, by task and member phase (a sequential combined scene's members are tasks of
/// their own part of the run).
type TasksOfLoop = BTreeMap<(i64, Option<Phase>), Task>;

/// Each loop's tasks, as the loop sees them: when a task's scenes both set a loop, the later
/// scene wins (so does the later member of a synchronous combined scene); a sequential
/// combined scene gives the loop one task per member that sets it, each holding its part of
/// the run. `rows` come ordered by task and scene position.
pub fn tasks_by_loop(rows: &[TaskLoopRow]) -> BTreeMap<(i64, i32), Vec<Task>> {
    let mut by_loop: BTreeMap<(i64, i32), TasksOfLoop> = BTreeMap::new();
    for row in rows {
        let light = match (row.is_on, row.brightness) {
            (true, Some(level)) => Light::On { level: u8::try_from(level).unwrap_or(100) },
            (true, None) => Light::On { level: 100 },
            (false, _) => Light::Off,
        };
        let task = Task {
            id: row.task_id,
            scene: row.scene_id,
            priority: u8::try_from(row.priority).unwrap_or(0),
            days: Days {
                from: row.date_from,
                to: row.date_to,
                weekdays: u8::try_from(row.weekdays).unwrap_or(Days::EVERY_WEEKDAY),
            },
            start: day_time_from_columns(&row.start_kind, row.start_clock, row.start_offset),
            end: day_time_from_columns(&row.end_kind, row.end_clock, row.end_offset),
            light,
            phase: phase_of(row),
        };
        by_loop.entry((row.gateway_id, row.loop_index)).or_default().insert((row.task_id, task.phase), task);
    }
    by_loop.into_iter().map(|(key, tasks)| (key, tasks.into_values().collect())).collect()
}

fn phase_of(row: &TaskLoopRow) -> Option<Phase> {
    let minutes = |m: Option<i32>| m.and_then(|m| u32::try_from(m).ok());
    Some(Phase {
        offset: minutes(row.phase_offset)?,
        length: minutes(row.phase_length)?,
        period: minutes(row.phase_period)?,
    })
}

/// The longest silence in a loop's telemetry still read as one stretch of state: beyond it
/// the state between two samples is unknown, and the chart shows a gap.
pub const MAX_SAMPLE_GAP: TimeDelta = TimeDelta::minutes(5);

/// A loop's reported states as stretches `(from, to, on)`: consecutive samples of one state
/// are one stretch, from its first sample to the next sample (or its last, before a gap
/// longer than [`MAX_SAMPLE_GAP`] or at the end). `samples` are in time order.
pub fn actual_segments(samples: &[(DateTime<Utc>, bool)]) -> Vec<(DateTime<Utc>, DateTime<Utc>, bool)> {
    let mut stretches: Vec<(DateTime<Utc>, DateTime<Utc>, bool)> = Vec::new();
    for &(at, on) in samples {
        match stretches.last_mut() {
            Some(last) if at - last.1 > MAX_SAMPLE_GAP => stretches.push((at, at, on)),
            Some(last) if last.2 == on => last.1 = at,
            Some(last) => {
                last.1 = at;
                stretches.push((at, at, on));
            }
            None => stretches.push((at, at, on)),
        }
    }
    stretches
}

/// One loop of the plan.
#[derive(Debug, Clone)]
pub struct LoopNight {
    pub row: PlanLoopRow,
    pub segments: Vec<Segment>,
}

/// Every loop's timeline over `[from, to)`, under the project's timing one-key windows
/// (rule 0) and with the minimum burn time of the loop's devices (rule 3). No overrides yet:
/// they come with the command path.
pub fn resolve_loops(
    site: &Site,
    loops: Vec<PlanLoopRow>,
    task_rows: &[TaskLoopRow],
    windows: &[Window],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<LoopNight> {
    let tasks = tasks_by_loop(task_rows);
    loops
        .into_iter()
        .map(|row| {
            let own: &[Task] = tasks.get(&(row.gateway_id, row.loop_index)).map_or(&[], Vec::as_slice);
            let minimum_burn = TimeDelta::minutes(i64::from(row.minimum_burn_minutes.max(0)));
            let plan = LoopPlan { site, tasks: own, windows, overrides: &[], minimum_burn, lit_since: None };
            let segments = resolve(&plan, from, to);
            LoopNight { row, segments }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::timeline::Cause;

    fn row(minimum_burn_minutes: i32) -> PlanLoopRow {
        PlanLoopRow {
            gateway_id: 1,
            gateway_name: "G1".into(),
            serial: "GW-1".into(),
            online: true,
            loop_index: 1,
            loop_name: "L1".into(),
            is_on: None,
            sample_time: None,
            minimum_burn_minutes,
        }
    }

    /// A task lighting the loop from 18:00 to 18:10 every day.
    fn ten_minutes() -> TaskLoopRow {
        TaskLoopRow {
            task_id: 7,
            task_name: "Short".into(),
            priority: 1,
            date_from: None,
            date_to: None,
            weekdays: 127,
            start_kind: "0".into(),
            start_clock: NaiveTime::from_hms_opt(18, 0, 0),
            start_offset: 0,
            end_kind: "0".into(),
            end_clock: NaiveTime::from_hms_opt(18, 10, 0),
            end_offset: 0,
            position: 1,
            scene_id: 3,
            scene_name: "On".into(),
            gateway_id: 1,
            loop_index: 1,
            is_on: true,
            brightness: None,
            phase_offset: None,
            phase_length: None,
            phase_period: None,
        }
    }

    #[test]
    fn reported_states_become_stretches_with_gaps_where_telemetry_fell_silent() {
        let t = |minute: i64| DateTime::from_timestamp(1_766_534_400, 0).unwrap() + TimeDelta::minutes(minute);
        let samples = [(t(0), true), (t(1), true), (t(2), false), (t(3), false), (t(20), false), (t(21), true)];
        assert_eq!(
            actual_segments(&samples),
            vec![(t(0), t(2), true), (t(2), t(3), false), (t(20), t(21), false), (t(21), t(21), true)]
        );
        assert!(actual_segments(&[]).is_empty());
    }

    #[test]
    fn the_loops_devices_burn_their_minimum_time_in_the_resolved_plan() {
        let site = Site::new(31.24, 121.5, chrono_tz::Asia::Shanghai).unwrap();
        let (from, to) = night(&site, NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
        let on_at = site.at(NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(), NaiveTime::from_hms_opt(18, 0, 0).unwrap());
        let off_at = |loops: Vec<PlanLoopRow>| {
            let nights = resolve_loops(&site, loops, &[ten_minutes()], &[], from, to);
            let lit = nights[0].segments.iter().find(|s| s.light != Light::Off).copied().unwrap();
            let last_lit = nights[0].segments.iter().rev().find(|s| s.light != Light::Off).copied().unwrap();
            (lit.from, last_lit.to, last_lit.cause)
        };
        // Without devices the plan's ten minutes stand; a 30-minute lamp burns 30.
        assert_eq!(
            off_at(vec![row(0)]),
            (on_at, on_at + TimeDelta::minutes(10), Cause::Task { task: 7, scene: 3, priority: 1 })
        );
        let until = on_at + TimeDelta::minutes(30);
        assert_eq!(off_at(vec![row(30)]), (on_at, until, Cause::MinimumBurn { until }));
    }
}
