//! When a task runs and what it asks of a loop.
//!
//! A task runs on its days (a date range, weekdays, or both) from its start to its end. Each
//! is a clock time, or sunrise or sunset moved by a signed number of minutes. The run of a
//! day starts on that day; when its end comes before its start on the same day (sunset to
//! sunrise, 18:00 to 06:00), it ends on the next day. So a run belongs to the day it starts on:
//! a festival from the 24th to the 26th lights the night of the 26th to the 27th too.

use chrono::{DateTime, Datelike as _, NaiveDate, NaiveTime, TimeDelta, Utc};

use super::sun::{Site, SunDay};

/// What a loop is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Light {
    Off,
    /// On at a brightness of 1 to 100 percent.
    On {
        level: u8,
    },
}

impl Light {
    pub fn is_on(self) -> bool {
        matches!(self, Light::On { .. })
    }
}

/// A moment of a local day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayTime {
    /// A clock time in the site's time zone.
    Clock(NaiveTime),
    /// Sunrise moved by this many minutes (negative: before it).
    Sunrise(i32),
    /// Sunset moved by this many minutes.
    Sunset(i32),
}

impl DayTime {
    /// The instant this names on a local date at a site.
    pub fn on(self, site: &Site, date: NaiveDate) -> DateTime<Utc> {
        match self {
            DayTime::Clock(time) => site.at(date, time),
            DayTime::Sunrise(minutes) => site.sunrise(date) + TimeDelta::minutes(i64::from(minutes)),
            DayTime::Sunset(minutes) => site.sunset(date) + TimeDelta::minutes(i64::from(minutes)),
        }
    }
}

/// The days a task runs on: between two dates (both included; either may be open) and on the
/// weekdays of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Days {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// Bit 0 is Monday, bit 6 Sunday.
    pub weekdays: u8,
}

impl Days {
    /// Every weekday.
    pub const EVERY_WEEKDAY: u8 = 0b111_1111;

    /// Every day.
    pub fn every_day() -> Self {
        Self { from: None, to: None, weekdays: Self::EVERY_WEEKDAY }
    }

    pub fn includes(&self, date: NaiveDate) -> bool {
        let after_start = self.from.is_none_or(|from| date >= from);
        let before_end = self.to.is_none_or(|to| date <= to);
        let weekday = 1u8 << date.weekday().num_days_from_monday();
        after_start && before_end && self.weekdays & weekday != 0
    }
}

/// A task as one loop sees it: when it runs, its priority, and what its scene asks of the loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    pub id: i64,
    /// The scene that sets `light` for this loop.
    pub scene: i64,
    /// 0 to 255; larger is higher (spec section 5).
    pub priority: u8,
    pub days: Days,
    pub start: DayTime,
    pub end: DayTime,
    pub light: Light,
    /// Through a sequential combined scene: the part of each run this member's light holds.
    pub phase: Option<Phase>,
}

/// A member's part of a run of a task whose scene is a sequential combined scene: from
/// `offset` minutes after the run's start, for `length` minutes (0: to the run's end), and
/// again every `period` minutes when the scene cycles (0: once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Phase {
    pub offset: u32,
    pub length: u32,
    pub period: u32,
}

impl Phase {
    /// The parts of `[start, end)` this phase holds, in order.
    pub fn within(self, start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<(DateTime<Utc>, DateTime<Utc>)> {
        let minutes = |m: u32| TimeDelta::minutes(i64::from(m));
        let mut parts = Vec::new();
        let mut base = start;
        loop {
            let from = base + minutes(self.offset);
            if from >= end {
                break;
            }
            let to = if self.length == 0 { end } else { (from + minutes(self.length)).min(end) };
            if to > from {
                parts.push((from, to));
            }
            if self.period == 0 {
                break;
            }
            base += minutes(self.period);
        }
        parts
    }
}

/// One run of a task: `[start, end)`, never empty. `began` is the start of the task's run it
/// is part of (the same as `start` unless the run is a combined scene's member's part): ties
/// between tasks are broken by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub task: Task,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub began: DateTime<Utc>,
}

impl Run {
    pub fn covers(&self, instant: DateTime<Utc>) -> bool {
        self.start <= instant && instant < self.end
    }
}

/// How many days before a window a run that reaches into it may start: a run ends at most
/// on the day after its start, and in the polar night that sunrise is the end of that day,
/// plus an offset.
const RUN_REACH_DAYS: u64 = 3;

impl Task {
    /// The run that starts on a local date, if the task runs that day and the run is not
    /// empty (a night under the midnight sun is).
    pub fn run_on(&self, site: &Site, date: NaiveDate) -> Option<Run> {
        if !self.days.includes(date) {
            return None;
        }
        // No evening under the midnight sun, no morning in the polar night: a run that starts
        // from the sunset or sunrise that does not come does not happen.
        match (self.start, site.sun(date)) {
            (DayTime::Sunset(_), SunDay::PolarDay) | (DayTime::Sunrise(_), SunDay::PolarNight) => return None,
            _ => {}
        }
        let start = self.start.on(site, date);
        let same_day = self.end.on(site, date);
        let end = if same_day > start { same_day } else { self.end.on(site, date.succ_opt()?) };
        (end > start).then_some(Run { task: *self, start, end, began: start })
    }

    /// Every run that overlaps `[from, to)`, in order of their start.
    pub fn runs(&self, site: &Site, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Run> {
        let first = site.date_of(from).checked_sub_days(chrono::Days::new(RUN_REACH_DAYS));
        let last = site.date_of(to);
        let mut runs = Vec::new();
        let Some(mut date) = first else { return runs };
        while date <= last {
            if let Some(run) = self.run_on(site, date) {
                match self.phase {
                    None => runs.push(run),
                    Some(phase) => runs.extend(phase.within(run.start, run.end).into_iter().map(|(start, end)| Run {
                        start,
                        end,
                        ..run
                    })),
                }
            }
            let Some(next) = date.succ_opt() else { break };
            date = next;
        }
        runs.retain(|run| run.end > from && run.start < to);
        runs
    }
}

#[cfg(test)]
mod tests {
    use chrono_tz::{America, Australia, Europe};

    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn clock(h: u32, m: u32) -> DayTime {
        DayTime::Clock(NaiveTime::from_hms_opt(h, m, 0).unwrap())
    }

    fn site_time(site: &Site, instant: DateTime<Utc>) -> (NaiveDate, NaiveTime) {
        let local = instant.with_timezone(&site.zone()).naive_local();
        (local.date(), local.time())
    }

    fn task(start: DayTime, end: DayTime) -> Task {
        Task {
            id: 1,
            scene: 1,
            priority: 1,
            days: Days::every_day(),
            start,
            end,
            light: Light::On { level: 100 },
            phase: None,
        }
    }

    #[test]
    fn a_phase_holds_its_part_of_each_run_once_or_in_cycles() {
        let start = DateTime::from_timestamp(1_766_534_400, 0).unwrap();
        let at = |m: i64| start + TimeDelta::minutes(m);
        let end = at(100);
        // a sequence of 30 + 20 minutes, the last member holding to the end
        assert_eq!(Phase { offset: 0, length: 30, period: 0 }.within(start, end), vec![(at(0), at(30))]);
        assert_eq!(Phase { offset: 30, length: 0, period: 0 }.within(start, end), vec![(at(30), at(100))]);
        // cycling every 50 minutes: the second member at 30-50 and 80-100
        assert_eq!(
            Phase { offset: 30, length: 20, period: 50 }.within(start, end),
            vec![(at(30), at(50)), (at(80), at(100))]
        );
        // a cycle cut by the run's end, and a phase starting after it
        assert_eq!(
            Phase { offset: 0, length: 30, period: 60 }.within(start, end),
            vec![(at(0), at(30)), (at(60), at(90))]
        );
        assert!(Phase { offset: 120, length: 10, period: 0 }.within(start, end).is_empty());
    }

    proptest::proptest! {
        /// A minute of a run is in a phase's parts exactly when, counted from the run's start
        /// (modulo the cycle), it falls in `[offset, offset + length)` (to the end for 0).
        #[test]
        fn a_phase_covers_the_minutes_its_definition_says(
            offset in 0u32..300, length in 0u32..200, cycle in proptest::bool::ANY, run in 1i64..900,
        ) {
            let period = if cycle && length > 0 { offset + length + 7 } else { 0 };
            let phase = Phase { offset, length, period };
            let start = DateTime::from_timestamp(1_766_534_400, 0).unwrap();
            let end = start + TimeDelta::minutes(run);
            let parts = phase.within(start, end);
            for minute in 0..run {
                let at = start + TimeDelta::minutes(minute);
                let into = u32::try_from(minute).unwrap();
                let into = if period > 0 { into % period } else { into };
                let defined = into >= offset && (length == 0 || into < offset + length);
                let covered = parts.iter().any(|(from, to)| *from <= at && at < *to);
                proptest::prop_assert_eq!(covered, defined, "minute {}", minute);
            }
        }
    }

    #[test]
    fn a_sequential_members_runs_start_with_their_part_but_keep_the_runs_start() {
        let site = Site::new(30.25, 120.17, chrono_tz::Asia::Shanghai).unwrap();
        let member =
            Task { phase: Some(Phase { offset: 30, length: 30, period: 60 }), ..task(clock(18, 0), clock(21, 0)) };
        let from = site.at(date(2026, 12, 1), NaiveTime::from_hms_opt(12, 0, 0).unwrap());
        let runs = member.runs(&site, from, from + TimeDelta::hours(12));
        let parts: Vec<_> = runs.iter().map(|r| (site_time(&site, r.start).1, site_time(&site, r.end).1)).collect();
        let hm = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
        assert_eq!(parts, vec![(hm(18, 30), hm(19, 0)), (hm(19, 30), hm(20, 0)), (hm(20, 30), hm(21, 0))]);
        assert!(runs.iter().all(|r| site_time(&site, r.began).1 == hm(18, 0)), "ties count from the run's start");
    }

    #[test]
    fn days_combine_a_date_range_and_weekdays() {
        let weekends = Days { from: Some(date(2026, 12, 1)), to: Some(date(2026, 12, 31)), weekdays: 0b110_0000 };
        assert!(weekends.includes(date(2026, 12, 5)), "a Saturday in range");
        assert!(!weekends.includes(date(2026, 12, 7)), "a Monday");
        assert!(!weekends.includes(date(2026, 11, 29)), "a Sunday before the range");
        assert!(!weekends.includes(date(2027, 1, 2)), "a Saturday after it");
        assert!(Days::every_day().includes(date(1999, 1, 1)));
    }

    #[test]
    fn a_run_that_ends_before_it_starts_ends_the_next_day() {
        let site = Site::new(52.52, 13.405, Europe::Berlin).unwrap();
        let night = task(clock(18, 0), clock(6, 0)).run_on(&site, date(2026, 7, 1)).unwrap();
        assert_eq!(night.end - night.start, TimeDelta::hours(12));
        assert_eq!(site.date_of(night.end), date(2026, 7, 2));
        let evening = task(DayTime::Sunset(15), clock(23, 0)).run_on(&site, date(2026, 7, 1)).unwrap();
        assert_eq!(site.date_of(evening.end), date(2026, 7, 1));
        let all_day = task(clock(0, 0), clock(0, 0)).run_on(&site, date(2026, 7, 1)).unwrap();
        assert_eq!(all_day.end - all_day.start, TimeDelta::hours(24));
    }

    /// A night of fixed clock times is an hour shorter or longer on the nights the clocks
    /// change, in three zones of both hemispheres, and every other night of the year it is the
    /// same length; each local day has exactly one run.
    #[test]
    fn clock_runs_follow_dst_in_three_zones() {
        let zones = [
            (Site::new(52.52, 13.405, Europe::Berlin).unwrap(), date(2026, 3, 28), date(2026, 10, 24)),
            (Site::new(40.71, -74.0, America::New_York).unwrap(), date(2026, 3, 7), date(2026, 10, 31)),
            (Site::new(-33.87, 151.21, Australia::Sydney).unwrap(), date(2026, 10, 3), date(2026, 4, 4)),
        ];
        for (site, shorter, longer) in zones {
            let night = task(clock(22, 0), clock(6, 0));
            let mut day = date(2026, 1, 1);
            while day.year() == 2026 {
                let run = night.run_on(&site, day).unwrap();
                let expected = if day == shorter {
                    TimeDelta::hours(7)
                } else if day == longer {
                    TimeDelta::hours(9)
                } else {
                    TimeDelta::hours(8)
                };
                assert_eq!(run.end - run.start, expected, "{} {day}", site.zone());
                assert_eq!(site.date_of(run.start), day);
                let runs = night.runs(&site, site.day_start(day), site.day_end(day));
                let starting_today = runs.iter().filter(|r| site.date_of(r.start) == day).count();
                assert_eq!(starting_today, 1, "{} {day}", site.zone());
                day = day.succ_opt().unwrap();
            }
        }
    }

    #[test]
    fn a_night_from_sunset_is_empty_under_the_midnight_sun_and_whole_in_the_polar_night() {
        let tromso = Site::new(69.65, 18.96, Europe::Oslo).unwrap();
        let night = task(DayTime::Sunset(0), DayTime::Sunrise(0));
        assert_eq!(night.run_on(&tromso, date(2026, 6, 21)), None);
        // An evening from sunset does not happen under the midnight sun, and lasts the day in
        // the polar night; a morning from sunrise does not happen in the polar night.
        let evening = task(DayTime::Sunset(15), clock(23, 0));
        assert_eq!(evening.run_on(&tromso, date(2026, 6, 21)), None);
        let dark = evening.run_on(&tromso, date(2026, 12, 21)).unwrap();
        assert_eq!(dark.start, tromso.day_start(date(2026, 12, 21)) + TimeDelta::minutes(15));
        assert_eq!(site_time(&tromso, dark.end), (date(2026, 12, 21), NaiveTime::from_hms_opt(23, 0, 0).unwrap()));
        let morning = task(DayTime::Sunrise(0), clock(9, 0));
        assert_eq!(morning.run_on(&tromso, date(2026, 12, 21)), None);
        assert!(morning.run_on(&tromso, date(2026, 6, 21)).is_some());
        let polar = night.run_on(&tromso, date(2026, 12, 21)).unwrap();
        assert_eq!(polar.start, tromso.day_start(date(2026, 12, 21)));
        assert!(polar.end >= tromso.day_end(date(2026, 12, 21)));
        // Through the whole year the nights cover every instant the sun is down.
        let mut day = date(2026, 1, 1);
        while day.year() == 2026 {
            if let Some(run) = night.run_on(&tromso, day) {
                assert!(run.end - run.start <= TimeDelta::hours(48), "{day}");
            }
            day = day.succ_opt().unwrap();
        }
    }
}
