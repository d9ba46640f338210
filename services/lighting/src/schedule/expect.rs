//! What a loop under an acknowledged schedule should be doing now, as the gateway itself
//! decides it (`docs/device-protocol.md`, 6.1): the schedule's step in force, unless an
//! operator's switch since the schedule's start still holds. A switch holds until its hold
//! ends, and never past the schedule's next step after it. Pure, in simulated time.

use chrono::{DateTime, TimeDelta, Utc};

/// An operator's switch of the loop: when, to which level (0 off, 1-100 on at that
/// brightness), and held until when at most (`None`: until the next step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    pub at: DateTime<Utc>,
    pub level: u8,
    pub until: Option<DateTime<Utc>>,
}

/// What the loop should be: its level (0 off), and since when (a reading taken before that
/// tells nothing about it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expected {
    pub level: u8,
    pub since: DateTime<Utc>,
}

impl Expected {
    /// On at any brightness: all telemetry can tell.
    pub fn on(&self) -> bool {
        self.level > 0
    }
}

/// The step in force at `now` of a schedule from `from` (`steps`: `(offset_s, level)`,
/// increasing offsets), and when it began; `None` before the first.
fn step_at(steps: &[(u32, u8)], from: DateTime<Utc>, now: DateTime<Utc>) -> Option<(DateTime<Utc>, u8)> {
    steps
        .iter()
        .map(|&(offset, level)| (from + TimeDelta::seconds(i64::from(offset)), level))
        .take_while(|(at, _)| *at <= now)
        .last()
}

/// The first step after `at`, if any.
fn next_step(steps: &[(u32, u8)], from: DateTime<Utc>, at: DateTime<Utc>) -> Option<DateTime<Utc>> {
    steps.iter().map(|&(offset, _)| from + TimeDelta::seconds(i64::from(offset))).find(|step| *step > at)
}

/// What the loop should be at `now`, given its schedule's steps from `from` and the newest
/// operator's switch of it (if any). `None` when the schedule says nothing yet.
pub fn expected(
    steps: &[(u32, u8)],
    from: DateTime<Utc>,
    switch: Option<Switch>,
    now: DateTime<Utc>,
) -> Option<Expected> {
    let (began, level) = step_at(steps, from, now)?;
    let planned = Expected { level, since: began };
    let Some(switch) = switch.filter(|s| s.at >= from && s.at <= now) else { return Some(planned) };
    let ends = match (switch.until, next_step(steps, from, switch.at)) {
        (Some(until), Some(step)) => Some(until.min(step)),
        (until, step) => until.or(step),
    };
    match ends {
        Some(end) if end <= now => Some(if end > began { Expected { level, since: end } } else { planned }),
        _ => Some(Expected { level: switch.level, since: switch.at }),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn t(minutes: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_766_534_400, 0).unwrap() + TimeDelta::minutes(minutes)
    }

    /// Off, on at +60 min, off at +300 min.
    const STEPS: &[(u32, u8)] = &[(0, 0), (3600, 100), (18_000, 0)];

    #[test]
    fn the_plan_alone_is_its_step_in_force() {
        assert_eq!(expected(STEPS, t(0), None, t(30)), Some(Expected { level: 0, since: t(0) }));
        assert_eq!(expected(STEPS, t(0), None, t(60)), Some(Expected { level: 100, since: t(60) }));
        assert_eq!(expected(STEPS, t(0), None, t(400)), Some(Expected { level: 0, since: t(300) }));
        assert_eq!(expected(&[(600, 100)], t(0), None, t(5)), None, "nothing planned yet");
    }

    #[test]
    fn a_switch_holds_until_its_hold_ends_then_the_plan_is_back() {
        let off = Switch { at: t(90), level: 0, until: Some(t(105)) };
        assert_eq!(expected(STEPS, t(0), Some(off), t(100)), Some(Expected { level: 0, since: t(90) }));
        assert_eq!(expected(STEPS, t(0), Some(off), t(110)), Some(Expected { level: 100, since: t(105) }));
    }

    #[test]
    fn a_switch_ends_at_the_next_step_at_the_latest() {
        let on = Switch { at: t(20), level: 100, until: None };
        assert_eq!(expected(STEPS, t(0), Some(on), t(40)), Some(Expected { level: 100, since: t(20) }));
        // the step at +60 says on anyway; from +300 the plan's off is back
        assert_eq!(expected(STEPS, t(0), Some(on), t(301)), Some(Expected { level: 0, since: t(300) }));
        let long = Switch { at: t(100), level: 0, until: Some(t(1000)) };
        assert_eq!(expected(STEPS, t(0), Some(long), t(320)), Some(Expected { level: 0, since: t(300) }));
    }

    #[test]
    fn levels_come_through_from_the_plan_and_from_a_dimming_switch() {
        let dim_at_night: &[(u32, u8)] = &[(0, 0), (3600, 100), (7200, 30)];
        assert_eq!(expected(dim_at_night, t(0), None, t(150)), Some(Expected { level: 30, since: t(120) }));
        let dimmed = Switch { at: t(70), level: 50, until: None };
        let now = expected(dim_at_night, t(0), Some(dimmed), t(80)).unwrap();
        assert_eq!((now.level, now.on()), (50, true));
        assert_eq!(expected(dim_at_night, t(0), Some(dimmed), t(121)), Some(Expected { level: 30, since: t(120) }));
    }

    #[test]
    fn a_switch_before_the_schedule_counts_for_nothing() {
        let before = Switch { at: t(-10), level: 100, until: Some(t(100)) };
        assert_eq!(expected(STEPS, t(0), Some(before), t(30)), Some(Expected { level: 0, since: t(0) }));
    }

    proptest! {
        /// Whatever the steps and the switch, the answer is the switch while it holds and the
        /// plan's step otherwise, and never dates from the future.
        #[test]
        fn the_answer_is_the_switch_while_it_holds_else_the_plan(
            offsets in proptest::collection::btree_set(1u32..50_000, 0..6),
            levels in proptest::collection::vec(0u8..=100, 7),
            switch_at in 0i64..900,
            level in 0u8..=100,
            hold in proptest::option::of(1i64..600),
            now in 0i64..900,
        ) {
            let mut steps = vec![(0u32, levels[0])];
            steps.extend(offsets.iter().zip(&levels[1..]).map(|(&o, &l)| (o, l)));
            let from = t(0);
            let switch = Switch { at: t(switch_at), level, until: hold.map(|h| t(switch_at + h)) };
            let now_t = t(now);
            let answer = expected(&steps, from, Some(switch), now_t).unwrap();
            prop_assert!(answer.since <= now_t);
            let (_, planned) = step_at(&steps, from, now_t).unwrap();
            let step_after = next_step(&steps, from, switch.at);
            let holds = switch.at <= now_t
                && switch.until.is_none_or(|u| now_t < u)
                && step_after.is_none_or(|s| now_t < s);
            prop_assert_eq!(answer.level, if holds { level } else { planned });
        }
    }
}
