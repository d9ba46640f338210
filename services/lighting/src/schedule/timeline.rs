//! What a loop should do at every instant, and why.
//!
//! Three rules, applied in this order (`docs/scheduler.md`), after rule 0:
//! 0. **Timing one-key.** Inside a timing one-key window every loop of the project is on at
//!    full light or off, whatever the tasks say; between overlapping windows the later made
//!    (the larger id) wins.
//! 1. **Priority.** At every instant the loop follows the run of the highest priority that
//!    covers it. Between runs of equal priority, the one that started later wins (the newer
//!    instruction); between runs that also started together, the task with the smaller id
//!    (the older task). Where no run covers an instant, the loop is off.
//! 2. **Overrides.** A manual command holds from when it was given until its own end, or
//!    until the next planned change of the light (the first instant the plan asks for a
//!    different light than when the command was given), and then the loop follows the plan
//!    again by itself. A later command replaces an earlier one.
//! 3. **Minimum burn.** A lamp that was switched on stays on for at least the minimum burn
//!    time of its type. An off that comes sooner is deferred until the time is up; the loop
//!    then does what it is asked at that moment.

use chrono::{DateTime, TimeDelta, Utc};

use super::sun::Site;
use super::task::{Light, Run, Task};

/// A manual command on a loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Override {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub light: Light,
    pub until: Until,
}

/// A timing one-key window: the project's loops all on (or off) in `[from, to)`, above every
/// task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub id: i64,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub light: Light,
}

impl Window {
    fn covers(&self, instant: DateTime<Utc>) -> bool {
        self.from <= instant && instant < self.to
    }
}

/// How long a manual command holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Until the plan asks for a different light than when the command was given.
    NextPlannedChange,
    /// Until this instant (or the next command).
    Instant(DateTime<Utc>),
}

/// Why a segment's light is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// No run covers it: off.
    Idle,
    /// A run of this task, through this scene.
    Task { task: i64, scene: i64, priority: u8 },
    /// A timing one-key window.
    Timing { id: i64 },
    /// A manual command.
    Override { id: i64 },
    /// The plan asks for off, deferred until the lamp has burnt its minimum time.
    MinimumBurn { until: DateTime<Utc> },
}

/// A stretch of time with one light and one cause: `[from, to)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub light: Light,
    pub cause: Cause,
}

/// Everything that decides one loop.
#[derive(Debug, Clone, Copy)]
pub struct LoopPlan<'a> {
    pub site: &'a Site,
    /// The tasks whose scenes address the loop, each with the light it asks of it.
    pub tasks: &'a [Task],
    /// The project's timing one-key windows.
    pub windows: &'a [Window],
    pub overrides: &'a [Override],
    /// The minimum burn time of the loop's lamp type.
    pub minimum_burn: TimeDelta,
    /// When the loop was last switched on, if it is on at the window's start.
    pub lit_since: Option<DateTime<Utc>>,
}

/// The loop's timeline over `[from, to)`: contiguous segments, adjacent ones differing in
/// light or cause. Empty when `to` is not after `from`.
pub fn resolve(plan: &LoopPlan<'_>, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Segment> {
    if to <= from {
        return Vec::new();
    }
    // An override given before the window may still hold in it: resolve from the first one.
    let start = plan.overrides.iter().map(|o| o.at).filter(|at| *at < to).fold(from, std::cmp::min);
    let planned = planned(plan.site, plan.tasks, plan.windows, start, to);
    let commanded = overlay(&planned, plan.overrides, to);
    let burnt = burn(&commanded, plan.minimum_burn, plan.lit_since.filter(|_| start == from));
    clip(&burnt, from, to)
}

/// The light at an instant of a timeline.
pub fn light_at(segments: &[Segment], instant: DateTime<Utc>) -> Option<Light> {
    segment_at(segments, instant).map(|segment| segment.light)
}

/// The segment covering an instant.
pub fn segment_at(segments: &[Segment], instant: DateTime<Utc>) -> Option<&Segment> {
    let index = segments.partition_point(|segment| segment.to <= instant);
    segments.get(index).filter(|segment| segment.from <= instant)
}

/// The first instant after `after` at which the light changes, if it does in the timeline.
pub fn next_change(segments: &[Segment], after: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let current = light_at(segments, after)?;
    segments.iter().find(|segment| segment.from > after && segment.light != current).map(|segment| segment.from)
}

/// Which run decides: higher priority, then the later start (of the task's run, for a
/// combined scene's member), then the smaller task id.
fn outranks(a: &Run, b: &Run) -> bool {
    (a.task.priority, a.began, std::cmp::Reverse(a.task.id)) > (b.task.priority, b.began, std::cmp::Reverse(b.task.id))
}

/// Rule 1 alone.
fn planned(site: &Site, tasks: &[Task], windows: &[Window], from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Segment> {
    let runs: Vec<Run> = tasks.iter().flat_map(|task| task.runs(site, from, to)).collect();
    let mut edges: Vec<DateTime<Utc>> = runs
        .iter()
        .flat_map(|run| [run.start, run.end])
        .chain(windows.iter().flat_map(|w| [w.from, w.to]))
        .filter(|edge| *edge > from && *edge < to)
        .chain([from, to])
        .collect();
    edges.sort_unstable();
    edges.dedup();
    let mut segments = Vec::with_capacity(edges.len());
    for pair in edges.windows(2) {
        let [begin, end] = [pair[0], pair[1]];
        let winner = runs.iter().filter(|run| run.covers(begin)).fold(None::<&Run>, |best, run| match best {
            Some(best) if !outranks(run, best) => Some(best),
            _ => Some(run),
        });
        let window = windows.iter().filter(|w| w.covers(begin)).max_by_key(|w| w.id);
        let (light, cause) = match (window, winner) {
            (Some(window), _) => (window.light, Cause::Timing { id: window.id }),
            (None, Some(run)) => {
                (run.task.light, Cause::Task { task: run.task.id, scene: run.task.scene, priority: run.task.priority })
            }
            (None, None) => (Light::Off, Cause::Idle),
        };
        push(&mut segments, Segment { from: begin, to: end, light, cause });
    }
    segments
}

/// Rule 2: the overrides laid over the plan.
fn overlay(planned: &[Segment], overrides: &[Override], to: DateTime<Utc>) -> Vec<Segment> {
    let mut sorted: Vec<&Override> = overrides.iter().filter(|o| o.at < to).collect();
    sorted.sort_by_key(|o| (o.at, o.id));
    // Each override's interval, cut by the next one.
    let mut holds: Vec<(DateTime<Utc>, DateTime<Utc>, &Override)> = Vec::new();
    for (index, command) in sorted.iter().enumerate() {
        let own_end = match command.until {
            Until::Instant(end) => end,
            Until::NextPlannedChange => next_change(planned, command.at).unwrap_or(to),
        };
        let next_start = sorted.get(index + 1).map_or(to, |next| next.at);
        let end = own_end.min(next_start).min(to);
        if end > command.at {
            holds.push((command.at, end, command));
        }
    }
    let mut segments = Vec::with_capacity(planned.len() + 2 * holds.len());
    let mut holds = holds.into_iter().peekable();
    for segment in planned {
        let mut cursor = segment.from;
        while cursor < segment.to {
            while holds.next_if(|(_, end, _)| *end <= cursor).is_some() {}
            match holds.peek() {
                Some((start, end, command)) if *start <= cursor => {
                    let stop = (*end).min(segment.to);
                    let cause = Cause::Override { id: command.id };
                    push(&mut segments, Segment { from: cursor, to: stop, light: command.light, cause });
                    cursor = stop;
                }
                Some((start, _, _)) if *start < segment.to => {
                    push(&mut segments, Segment { from: cursor, to: *start, ..*segment });
                    cursor = *start;
                }
                _ => {
                    push(&mut segments, Segment { from: cursor, ..*segment });
                    cursor = segment.to;
                }
            }
        }
    }
    segments
}

/// Rule 3: offs deferred until the lamp has burnt its minimum time.
fn burn(commanded: &[Segment], minimum: TimeDelta, lit_since: Option<DateTime<Utc>>) -> Vec<Segment> {
    let mut segments: Vec<Segment> = Vec::with_capacity(commanded.len());
    // When the lamp was switched on, and at which level it burns, while it is on.
    let mut lit: Option<(DateTime<Utc>, Light)> = match (lit_since, commanded.first()) {
        (Some(since), Some(first)) => {
            Some((since, if first.light.is_on() { first.light } else { Light::On { level: 100 } }))
        }
        _ => None,
    };
    for segment in commanded {
        if segment.light.is_on() {
            let since = lit.map_or(segment.from, |(since, _)| since);
            lit = Some((since, segment.light));
            push(&mut segments, *segment);
            continue;
        }
        let Some((since, level)) = lit else {
            push(&mut segments, *segment);
            continue;
        };
        let until = since + minimum;
        if until <= segment.from {
            lit = None;
            push(&mut segments, *segment);
            continue;
        }
        let held_to = until.min(segment.to);
        push(
            &mut segments,
            Segment { from: segment.from, to: held_to, light: level, cause: Cause::MinimumBurn { until } },
        );
        if held_to < segment.to {
            lit = None;
            push(&mut segments, Segment { from: held_to, ..*segment });
        }
    }
    segments
}

fn clip(segments: &[Segment], from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Segment> {
    segments
        .iter()
        .filter(|segment| segment.to > from && segment.from < to)
        .map(|segment| Segment { from: segment.from.max(from), to: segment.to.min(to), ..*segment })
        .collect()
}

/// Appends, merging with the previous segment when it continues it unchanged.
fn push(segments: &mut Vec<Segment>, segment: Segment) {
    if segment.to <= segment.from {
        return;
    }
    if let Some(last) = segments.last_mut()
        && last.to == segment.from
        && last.light == segment.light
        && last.cause == segment.cause
    {
        last.to = segment.to;
        return;
    }
    segments.push(segment);
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, NaiveTime};
    use chrono_tz::Europe;
    use proptest::prelude::*;

    use super::super::task::{DayTime, Days, Phase};
    use super::*;

    fn berlin() -> Site {
        Site::new(52.52, 13.405, Europe::Berlin).unwrap()
    }

    fn clock(minutes: u32) -> DayTime {
        DayTime::Clock(NaiveTime::from_num_seconds_from_midnight_opt(minutes * 60, 0).unwrap())
    }

    fn on(level: u8) -> Light {
        Light::On { level }
    }

    fn task(id: i64, priority: u8, start: u32, end: u32, light: Light) -> Task {
        Task {
            id,
            scene: id * 10,
            priority,
            days: Days::every_day(),
            start: clock(start),
            end: clock(end),
            light,
            phase: None,
        }
    }

    fn local(site: &Site, y: i32, m: u32, d: u32, minutes: u32) -> DateTime<Utc> {
        let date = NaiveDate::from_ymd_opt(y, m, d).unwrap();
        site.at(date, NaiveTime::from_num_seconds_from_midnight_opt(minutes * 60, 0).unwrap())
    }

    /// The rules' definition at one instant, evaluated directly: the reference the timeline
    /// is compared with.
    fn planned_at(site: &Site, tasks: &[Task], windows: &[Window], instant: DateTime<Utc>) -> Light {
        let window = windows.iter().filter(|w| w.from <= instant && instant < w.to).max_by_key(|w| w.id);
        if let Some(window) = window {
            return window.light;
        }
        let runs: Vec<Run> = tasks
            .iter()
            .flat_map(|t| t.runs(site, instant - TimeDelta::days(4), instant + TimeDelta::days(1)))
            .filter(|run| run.covers(instant))
            .collect();
        let mut best: Option<&Run> = None;
        for run in &runs {
            if best.is_none_or(|b| outranks(run, b)) {
                best = Some(run);
            }
        }
        best.map_or(Light::Off, |run| run.task.light)
    }

    /// Rules 1 to 3 run as a controller would, one simulated minute at a time from `from`.
    fn simulate(plan: &LoopPlan<'_>, from: DateTime<Utc>, minutes: i64) -> Vec<Light> {
        let minute = TimeDelta::minutes(1);
        let mut commands: Vec<Override> = plan.overrides.to_vec();
        commands.sort_by_key(|o| (o.at, o.id));
        let horizon = from + minute * i32::try_from(minutes).unwrap();
        // Each command's hold, found by walking the plan minute by minute.
        let holds: Vec<(DateTime<Utc>, DateTime<Utc>, Light)> = commands
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let own = match c.until {
                    Until::Instant(end) => end,
                    Until::NextPlannedChange => {
                        let at_start = planned_at(plan.site, plan.tasks, plan.windows, c.at);
                        let mut t = c.at + minute;
                        while t < horizon && planned_at(plan.site, plan.tasks, plan.windows, t) == at_start {
                            t += minute;
                        }
                        t.min(horizon)
                    }
                };
                let next = commands.get(i + 1).map_or(horizon, |n| n.at);
                (c.at, own.min(next), c.light)
            })
            .collect();
        let mut lit = plan.lit_since.map(|since| (since, on(100)));
        let mut out = Vec::new();
        for step in 0..minutes {
            let now = from + minute * i32::try_from(step).unwrap();
            let wanted = holds
                .iter()
                .rev()
                .find(|(start, end, _)| *start <= now && now < *end)
                .map_or_else(|| planned_at(plan.site, plan.tasks, plan.windows, now), |hold| hold.2);
            let light = match (wanted, lit) {
                (Light::On { .. }, Some((since, _))) => {
                    lit = Some((since, wanted));
                    wanted
                }
                (Light::On { .. }, None) => {
                    lit = Some((now, wanted));
                    wanted
                }
                (Light::Off, Some((since, level))) if now < since + plan.minimum_burn => level,
                (Light::Off, _) => {
                    lit = None;
                    Light::Off
                }
            };
            out.push(light);
        }
        out
    }

    fn assert_contiguous(segments: &[Segment], from: DateTime<Utc>, to: DateTime<Utc>) {
        assert_eq!(segments.first().map(|s| s.from), Some(from));
        assert_eq!(segments.last().map(|s| s.to), Some(to));
        for pair in segments.windows(2) {
            assert_eq!(pair[0].to, pair[1].from, "no gap or overlap");
            assert!(pair[0].light != pair[1].light || pair[0].cause != pair[1].cause, "merged");
        }
        assert!(segments.iter().all(|s| s.from < s.to));
    }

    #[test]
    fn a_timing_one_key_outranks_every_task_and_the_later_one_wins_an_overlap() {
        let site = berlin();
        let tasks = [task(1, 255, 18 * 60, 23 * 60, on(80))];
        let at = |minutes| local(&site, 2026, 12, 1, minutes);
        let windows = [
            Window { id: 4, from: at(19 * 60), to: at(21 * 60), light: Light::Off },
            Window { id: 7, from: at(20 * 60), to: at(20 * 60 + 30), light: on(100) },
        ];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &windows,
            overrides: &[],
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let timeline = resolve(&plan, at(12 * 60), local(&site, 2026, 12, 2, 0));
        let seen: Vec<(DateTime<Utc>, Light, Cause)> = timeline.iter().map(|s| (s.from, s.light, s.cause)).collect();
        let top = Cause::Task { task: 1, scene: 10, priority: 255 };
        assert_eq!(
            seen,
            [
                (at(12 * 60), Light::Off, Cause::Idle),
                (at(18 * 60), on(80), top),
                (at(19 * 60), Light::Off, Cause::Timing { id: 4 }),
                (at(20 * 60), on(100), Cause::Timing { id: 7 }),
                (at(20 * 60 + 30), Light::Off, Cause::Timing { id: 4 }),
                (at(21 * 60), on(80), top),
                (at(23 * 60), Light::Off, Cause::Idle),
            ]
        );
    }

    #[test]
    fn a_festival_outranks_the_everyday_plan_and_the_plan_resumes_after_it() {
        let site = berlin();
        let everyday = Task { start: DayTime::Sunset(15), end: DayTime::Sunrise(-10), ..task(1, 10, 0, 0, on(80)) };
        let dim = task(2, 10, 23 * 60, 5 * 60, on(30));
        let festival_days = Days {
            from: NaiveDate::from_ymd_opt(2026, 12, 24),
            to: NaiveDate::from_ymd_opt(2026, 12, 26),
            weekdays: Days::EVERY_WEEKDAY,
        };
        let festival = Task { days: festival_days, ..task(3, 200, 17 * 60, 60, on(100)) };
        let tasks = [everyday, dim, festival];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &[],
            overrides: &[],
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let from = local(&site, 2026, 12, 24, 12 * 60);
        let to = local(&site, 2026, 12, 25, 12 * 60);
        let timeline = resolve(&plan, from, to);
        assert_contiguous(&timeline, from, to);
        // About 16:12 (sunset + 15): the everyday plan; 17:00 the festival; 01:00 the dim plan (started
        // at 23:00, still running); 05:00 the everyday plan until sunrise - 10; then off.
        let at = |minutes: u32, day: u32| light_at(&timeline, local(&site, 2026, 12, day, minutes)).unwrap();
        assert_eq!(at(16 * 60 + 40, 24), on(80));
        assert_eq!(at(17 * 60, 24), on(100));
        assert_eq!(at(23 * 60 + 30, 24), on(100), "the festival outranks the dim plan");
        assert_eq!(at(60 + 1, 25), on(30), "after the festival, the plan of the hour");
        assert_eq!(at(5 * 60 + 30, 25), on(80));
        assert_eq!(at(11 * 60, 25), Light::Off);
        let festival_segment = segment_at(&timeline, local(&site, 2026, 12, 24, 20 * 60)).unwrap();
        assert_eq!(festival_segment.cause, Cause::Task { task: 3, scene: 30, priority: 200 });
    }

    #[test]
    fn equal_priorities_go_to_the_later_start_then_to_the_older_task() {
        let site = berlin();
        let tasks = [
            task(7, 5, 18 * 60, 23 * 60, on(100)),
            task(4, 5, 20 * 60, 22 * 60, on(40)),
            task(9, 5, 20 * 60, 21 * 60, on(60)),
        ];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &[],
            overrides: &[],
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let from = local(&site, 2026, 7, 1, 0);
        let timeline = resolve(&plan, from, from + TimeDelta::days(1));
        let at = |minutes: u32| light_at(&timeline, local(&site, 2026, 7, 1, minutes)).unwrap();
        assert_eq!(at(19 * 60), on(100));
        assert_eq!(at(20 * 60 + 30), on(40), "4 and 9 started together: the smaller id wins");
        assert_eq!(at(21 * 60 + 30), on(40));
        assert_eq!(at(22 * 60 + 30), on(100));
    }

    #[test]
    fn an_override_holds_until_the_next_planned_change_then_reverts() {
        let site = berlin();
        let tasks = [task(1, 1, 18 * 60, 23 * 60, on(100)), task(2, 1, 23 * 60, 6 * 60, on(30))];
        let given = local(&site, 2026, 7, 1, 20 * 60);
        let overrides = [Override { id: 5, at: given, light: Light::Off, until: Until::NextPlannedChange }];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &[],
            overrides: &overrides,
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let from = local(&site, 2026, 7, 1, 12 * 60);
        let timeline = resolve(&plan, from, from + TimeDelta::days(1));
        assert_eq!(light_at(&timeline, given), Some(Light::Off));
        assert_eq!(segment_at(&timeline, given).unwrap().cause, Cause::Override { id: 5 });
        assert_eq!(light_at(&timeline, local(&site, 2026, 7, 1, 23 * 60 - 1)), Some(Light::Off));
        assert_eq!(light_at(&timeline, local(&site, 2026, 7, 1, 23 * 60)), Some(on(30)), "reverted by itself");
        // With a duration it reverts when the duration is over.
        let timed = [Override { until: Until::Instant(given + TimeDelta::minutes(30)), ..overrides[0] }];
        let plan = LoopPlan { overrides: &timed, ..plan };
        let timeline = resolve(&plan, from, from + TimeDelta::days(1));
        assert_eq!(light_at(&timeline, given + TimeDelta::minutes(29)), Some(Light::Off));
        assert_eq!(light_at(&timeline, given + TimeDelta::minutes(30)), Some(on(100)));
    }

    #[test]
    fn an_override_given_before_the_window_still_holds_in_it() {
        let site = berlin();
        let tasks = [task(1, 1, 18 * 60, 23 * 60, on(100))];
        let given = local(&site, 2026, 7, 1, 19 * 60);
        let overrides = [Override { id: 1, at: given, light: on(10), until: Until::NextPlannedChange }];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &[],
            overrides: &overrides,
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let from = given + TimeDelta::hours(1);
        let timeline = resolve(&plan, from, from + TimeDelta::hours(6));
        assert_eq!(timeline[0].from, from);
        assert_eq!(timeline[0].light, on(10));
        assert_eq!(light_at(&timeline, local(&site, 2026, 7, 1, 23 * 60)), Some(Light::Off));
    }

    #[test]
    fn a_short_burn_is_stretched_to_the_minimum_and_says_why() {
        let site = berlin();
        let tasks = [task(1, 1, 18 * 60, 18 * 60 + 5, on(100))];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &[],
            overrides: &[],
            minimum_burn: TimeDelta::minutes(15),
            lit_since: None,
        };
        let from = local(&site, 2026, 7, 1, 12 * 60);
        let timeline = resolve(&plan, from, from + TimeDelta::hours(12));
        let held = segment_at(&timeline, local(&site, 2026, 7, 1, 18 * 60 + 5)).unwrap();
        let until = local(&site, 2026, 7, 1, 18 * 60 + 15);
        assert_eq!(held.cause, Cause::MinimumBurn { until });
        assert_eq!(held.light, on(100));
        assert_eq!(held.to, until);
        assert_eq!(light_at(&timeline, until), Some(Light::Off));
        // An off command during the minimum burn is deferred too.
        let tasks = [task(1, 1, 18 * 60, 23 * 60, on(100))];
        let overrides = [Override {
            id: 1,
            at: local(&site, 2026, 7, 1, 18 * 60 + 2),
            light: Light::Off,
            until: Until::NextPlannedChange,
        }];
        let plan = LoopPlan { tasks: &tasks, overrides: &overrides, ..plan };
        let timeline = resolve(&plan, from, from + TimeDelta::hours(12));
        assert_eq!(light_at(&timeline, local(&site, 2026, 7, 1, 18 * 60 + 10)), Some(on(100)));
        assert_eq!(light_at(&timeline, until), Some(Light::Off));
    }

    #[test]
    fn a_lamp_lit_before_the_window_counts_its_burn_from_then() {
        let site = berlin();
        let from = local(&site, 2026, 7, 1, 12 * 60);
        let plan = LoopPlan {
            site: &site,
            tasks: &[],
            windows: &[],
            overrides: &[],
            minimum_burn: TimeDelta::minutes(20),
            lit_since: Some(from - TimeDelta::minutes(5)),
        };
        let timeline = resolve(&plan, from, from + TimeDelta::hours(1));
        assert_eq!(timeline[0].to, from + TimeDelta::minutes(15));
        assert!(timeline[0].light.is_on());
        assert_eq!(timeline[1].light, Light::Off);
    }

    #[test]
    fn a_run_that_started_days_before_the_window_still_decides_it() {
        let site = berlin();
        let tasks = [task(1, 1, 22 * 60, 6 * 60, on(70))];
        let plan = LoopPlan {
            site: &site,
            tasks: &tasks,
            windows: &[],
            overrides: &[],
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let from = local(&site, 2026, 7, 2, 3 * 60);
        let timeline = resolve(&plan, from, from + TimeDelta::hours(1));
        assert_eq!(timeline[0].light, on(70), "the run of the 1st covers 03:00 on the 2nd");
        // In the polar night a run from sunset lasts until the end of the next day.
        let tromso = Site::new(69.65, 18.96, Europe::Oslo).unwrap();
        let night = [Task { start: DayTime::Sunset(0), end: DayTime::Sunrise(0), ..tasks[0] }];
        let plan = LoopPlan { site: &tromso, tasks: &night, ..plan };
        let from = local(&tromso, 2026, 12, 21, 0);
        let timeline = resolve(&plan, from, from + TimeDelta::days(3));
        assert_eq!(timeline.len(), 1, "lit without a break: {timeline:?}");
        assert_eq!(timeline[0].light, on(70));
    }

    #[test]
    fn empty_window_is_empty() {
        let site = berlin();
        let plan = LoopPlan {
            site: &site,
            tasks: &[],
            windows: &[],
            overrides: &[],
            minimum_burn: TimeDelta::zero(),
            lit_since: None,
        };
        let at = local(&site, 2026, 7, 1, 0);
        assert!(resolve(&plan, at, at).is_empty());
        assert_eq!(resolve(&plan, at, at + TimeDelta::hours(1)).len(), 1);
    }

    fn light_strategy() -> impl Strategy<Value = Light> {
        prop_oneof![Just(Light::Off), (1u8..=100).prop_map(|level| Light::On { level })]
    }

    /// Tasks at whole minutes, a few priorities so that ties happen, weekdays and date ranges
    /// around the spring DST change in Berlin.
    fn task_strategy() -> impl Strategy<Value = Task> {
        let phase = proptest::option::of((0u32..240, 0u32..120, 0u32..2).prop_map(|(offset, length, cycle)| Phase {
            offset,
            length,
            // a cycle is at least as long as the member's part
            period: if cycle == 1 && length > 0 { offset + length + 30 } else { 0 },
        }));
        (1i64..20, 0u8..4, 0u32..1440, 0u32..1440, 1u8..=127, 0u32..4, 0u32..4, light_strategy(), phase).prop_map(
            |(id, priority, start, end, weekdays, from, length, light, phase)| {
                let from_date = NaiveDate::from_ymd_opt(2026, 3, 26).unwrap() + chrono::Days::new(u64::from(from));
                Task {
                    id,
                    scene: id,
                    priority,
                    days: Days {
                        from: Some(from_date),
                        to: Some(from_date + chrono::Days::new(u64::from(length))),
                        weekdays,
                    },
                    start: clock(start),
                    end: clock(end),
                    light,
                    phase,
                }
            },
        )
    }

    /// Timing one-key windows over the two simulated days: (id, start minute, length, light).
    fn window_strategy() -> impl Strategy<Value = (i64, u32, u32, Light)> {
        (1i64..9, 0u32..2880, 1u32..900, light_strategy())
    }

    fn override_strategy() -> impl Strategy<Value = (i64, u32, Light, Option<u32>)> {
        (1i64..50, 0u32..2880, light_strategy(), proptest::option::of(1u32..600))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// The resolved timeline is the controller's minute-by-minute behaviour under rules
        /// 1 to 3, across the spring DST change.
        #[test]
        fn the_timeline_is_the_rules_applied_minute_by_minute(
            tasks in proptest::collection::vec(task_strategy(), 0..6),
            commands in proptest::collection::vec(override_strategy(), 0..3),
            timings in proptest::collection::vec(window_strategy(), 0..3),
            burn in 0i64..90,
            start in 0u32..1440,
            lit_before in proptest::option::of(0i64..120),
        ) {
            let site = berlin();
            let from = local(&site, 2026, 3, 28, start);
            let minutes = 2 * 1440;
            let to = from + TimeDelta::minutes(minutes);
            let overrides: Vec<Override> = commands
                .iter()
                .map(|(id, at, light, hold)| Override {
                    id: *id,
                    at: from + TimeDelta::minutes(i64::from(*at)),
                    light: *light,
                    until: hold.map_or(Until::NextPlannedChange, |m| Until::Instant(from + TimeDelta::minutes(i64::from(at + m)))),
                })
                .collect();
            let lit_since = lit_before.map(|m| from - TimeDelta::minutes(m));
            let windows: Vec<Window> = timings
                .iter()
                .map(|(id, at, length, light)| {
                    let start = from + TimeDelta::minutes(i64::from(*at));
                    Window { id: *id, from: start, to: start + TimeDelta::minutes(i64::from(*length)), light: *light }
                })
                .collect();
            let plan = LoopPlan { site: &site, tasks: &tasks, windows: &windows, overrides: &overrides, minimum_burn: TimeDelta::minutes(burn), lit_since };
            let timeline = resolve(&plan, from, to);
            assert_contiguous(&timeline, from, to);
            let expected = simulate(&plan, from, minutes);
            for (step, light) in expected.iter().enumerate() {
                let now = from + TimeDelta::minutes(i64::try_from(step).unwrap());
                prop_assert_eq!(light_at(&timeline, now), Some(*light), "minute {} ({})", step, now);
            }
        }

        /// Without overrides or burn, every segment's cause is the run that outranks every
        /// other run covering it.
        #[test]
        fn each_segment_names_the_run_that_decided_it(tasks in proptest::collection::vec(task_strategy(), 1..6), start in 0u32..1440) {
            let site = berlin();
            let from = local(&site, 2026, 3, 27, start);
            let to = from + TimeDelta::days(3);
            let plan = LoopPlan { site: &site, tasks: &tasks, windows: &[], overrides: &[], minimum_burn: TimeDelta::zero(), lit_since: None };
            for segment in resolve(&plan, from, to) {
                let covering: Vec<Run> = tasks.iter().flat_map(|t| t.runs(&site, from, to)).filter(|r| r.covers(segment.from)).collect();
                match segment.cause {
                    Cause::Idle => prop_assert!(covering.is_empty()),
                    Cause::Task { task, priority, .. } => {
                        let top = covering.iter().map(|r| r.task.priority).max();
                        prop_assert_eq!(Some(priority), top);
                        prop_assert!(covering.iter().any(|r| r.task.id == task));
                    }
                    other => prop_assert!(false, "unexpected cause {:?}", other),
                }
            }
        }

        /// After a command's hold is over, the loop follows the plan again: with no burn, the
        /// light equals the plan's from the end of the hold to the next command.
        #[test]
        fn every_override_reverts_to_the_plan(
            tasks in proptest::collection::vec(task_strategy(), 1..5),
            at in 0u32..1440,
            hold in proptest::option::of(1u32..600),
            light in light_strategy(),
        ) {
            let site = berlin();
            let from = local(&site, 2026, 3, 28, 0);
            let to = from + TimeDelta::days(2);
            let given = from + TimeDelta::minutes(i64::from(at));
            let until = hold.map_or(Until::NextPlannedChange, |m| Until::Instant(given + TimeDelta::minutes(i64::from(m))));
            let overrides = [Override { id: 1, at: given, light, until }];
            let plan = LoopPlan { site: &site, tasks: &tasks, windows: &[], overrides: &overrides, minimum_burn: TimeDelta::zero(), lit_since: None };
            let timeline = resolve(&plan, from, to);
            let plain = resolve(&LoopPlan { overrides: &[], ..plan }, from, to);
            let end = match until {
                Until::Instant(end) => end,
                Until::NextPlannedChange => next_change(&plain, given).unwrap_or(to),
            };
            let held_inside = timeline.iter().filter(|s| matches!(s.cause, Cause::Override { .. })).all(|s| s.from >= given && s.to <= end);
            prop_assert!(held_inside, "an override outside its hold");
            let mut t = end;
            while t < to {
                prop_assert_eq!(light_at(&timeline, t), light_at(&plain, t));
                t += TimeDelta::minutes(7);
            }
        }

        /// No lamp switched on inside the window burns for less than the minimum, unless the
        /// window ends first.
        #[test]
        fn no_burn_is_shorter_than_the_minimum(
            tasks in proptest::collection::vec(task_strategy(), 1..6),
            commands in proptest::collection::vec(override_strategy(), 0..4),
            burn in 1i64..120,
        ) {
            let site = berlin();
            let from = local(&site, 2026, 3, 28, 0);
            let to = from + TimeDelta::days(2);
            let overrides: Vec<Override> = commands
                .iter()
                .map(|(id, at, light, hold)| Override {
                    id: *id,
                    at: from + TimeDelta::minutes(i64::from(*at)),
                    light: *light,
                    until: hold.map_or(Until::NextPlannedChange, |m| Until::Instant(from + TimeDelta::minutes(i64::from(at + m)))),
                })
                .collect();
            let plan = LoopPlan { site: &site, tasks: &tasks, windows: &[], overrides: &overrides, minimum_burn: TimeDelta::minutes(burn), lit_since: None };
            let timeline = resolve(&plan, from, to);
            let mut lit_at: Option<DateTime<Utc>> = None;
            for segment in &timeline {
                match (segment.light.is_on(), lit_at) {
                    (true, None) => lit_at = Some(segment.from),
                    (false, Some(since)) => {
                        prop_assert!(segment.from - since >= TimeDelta::minutes(burn), "burnt {} min", (segment.from - since).num_minutes());
                        lit_at = None;
                    }
                    _ => {}
                }
            }
        }
    }
}
