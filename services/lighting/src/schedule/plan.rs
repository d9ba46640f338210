//! A night's plan for a project: for each loop, the timeline the rules resolve from the
//! enabled tasks (`docs/scheduler.md`), beside the loop's latest reading.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};

use super::model::day_time_from_columns;
use super::store::{PlanLoopRow, TaskLoopRow};
use super::sun::{Site, SunDay};
use super::task::{Days, Light, Task};
use super::timeline::{LoopPlan, Segment, resolve};

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

/// Each loop's tasks, as the loop sees them: when a task's scenes both set a loop, the later
/// scene wins. `rows` come ordered by task and scene position.
pub fn tasks_by_loop(rows: &[TaskLoopRow]) -> BTreeMap<(i64, i32), Vec<Task>> {
    let mut by_loop: BTreeMap<(i64, i32), BTreeMap<i64, Task>> = BTreeMap::new();
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
        };
        by_loop.entry((row.gateway_id, row.loop_index)).or_default().insert(row.task_id, task);
    }
    by_loop.into_iter().map(|(key, tasks)| (key, tasks.into_values().collect())).collect()
}

/// One loop of the plan.
#[derive(Debug, Clone)]
pub struct LoopNight {
    pub row: PlanLoopRow,
    pub segments: Vec<Segment>,
}

/// Every loop's timeline over `[from, to)`. No overrides and no minimum burn yet: both come
/// with the command path and the device types.
pub fn resolve_loops(
    site: &Site,
    loops: Vec<PlanLoopRow>,
    task_rows: &[TaskLoopRow],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<LoopNight> {
    let tasks = tasks_by_loop(task_rows);
    loops
        .into_iter()
        .map(|row| {
            let own: &[Task] = tasks.get(&(row.gateway_id, row.loop_index)).map_or(&[], Vec::as_slice);
            let plan = LoopPlan { site, tasks: own, overrides: &[], minimum_burn: TimeDelta::zero(), lit_since: None };
            let segments = resolve(&plan, from, to);
            LoopNight { row, segments }
        })
        .collect()
}
