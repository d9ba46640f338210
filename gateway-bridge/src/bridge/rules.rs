//! Alarm conditions on normalized telemetry: which rules apply to a sample, and how one
//! device's condition moves between idle, pending, raised and recovering. Pure: time is the
//! device's, so replaying the same samples in the same order decides the same transitions
//! with the same ids, which is what makes a redelivery harmless.

use lumiscape_proto::alarm_terms::{Attribute, Comparison};
use lumiscape_proto::events::v1::{AlarmCondition, AlarmRule};
use serde::{Deserialize, Serialize};

use crate::protocol::Telemetry;

/// A checked condition: attribute, comparison, threshold, and how long it must hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub attribute: Attribute,
    pub comparison: Comparison,
    pub threshold: f64,
    pub hold_ms: i64,
}

impl Condition {
    fn from_proto(condition: &AlarmCondition) -> Option<Self> {
        // Unknown or unspecified values (a rule written by an older alarm service) are not
        // evaluated: the alarm service rewrites every rule when it starts.
        // A condition lighting judges (a loop against its plan) is not the bridge's.
        let attribute = Attribute::try_from(condition.attribute).ok().filter(|a| a.is_measured())?;
        let comparison = Comparison::try_from(condition.comparison).ok().filter(|c| *c != Comparison::Unspecified)?;
        Some(Self {
            attribute,
            comparison,
            threshold: condition.threshold.is_finite().then_some(condition.threshold)?,
            hold_ms: i64::from(condition.hold_seconds) * 1000,
        })
    }

    fn holds(&self, value: f64) -> bool {
        self.comparison.holds(value, self.threshold)
    }
}

/// An alarm type as the bridge evaluates it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub alarm_type_id: i64,
    pub project_id: i64,
    pub name: String,
    pub trigger: Condition,
    pub recovery: Option<Condition>,
}

impl Rule {
    /// Checks a rule from the alarm service's bucket; `None` when it cannot be evaluated (an
    /// unknown attribute, a recovery on another attribute kind), which is logged by the caller.
    pub fn from_proto(rule: &AlarmRule) -> Option<Self> {
        let trigger = Condition::from_proto(rule.trigger.as_ref()?)?;
        let recovery = match &rule.recovery {
            Some(recovery) => Some(Condition::from_proto(recovery)?),
            None => None,
        };
        if recovery.as_ref().is_some_and(|r| r.attribute.is_loop() != trigger.attribute.is_loop()) {
            return None;
        }
        Some(Self {
            alarm_type_id: rule.alarm_type_id,
            project_id: rule.project_id,
            name: rule.alarm_name.clone(),
            trigger,
            recovery,
        })
    }

    /// The readings of a sample this rule looks at: `(loop index or 0, trigger value,
    /// recovery value)`. None for a rule on a device event: events are not readings.
    pub fn readings(&self, sample: &Telemetry) -> Vec<(u8, f64, Option<f64>)> {
        let recovery_attr = self.recovery.as_ref().map(|r| r.attribute);
        if self.trigger.attribute.is_event() {
            return Vec::new();
        }
        if self.trigger.attribute.is_loop() {
            sample
                .loops
                .iter()
                .map(|reading| {
                    let read = |attribute| match attribute {
                        Attribute::Voltage => reading.voltage_v,
                        Attribute::Current => reading.current_a,
                        _ => reading.active_power_w,
                    };
                    (reading.index.get(), read(self.trigger.attribute), recovery_attr.map(read))
                })
                .collect()
        } else {
            let read = |attribute| match attribute {
                Attribute::Temperature => sample.gateway.temperature_c,
                _ => f64::from(sample.gateway.signal_dbm),
            };
            vec![(0, read(self.trigger.attribute), recovery_attr.map(read))]
        }
    }
}

/// Where one device's condition of one rule stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Nothing holds. Stored once the condition has moved (a recovery, a trigger that did not
    /// hold long enough), so that the device time it moved at is kept: a sample decided
    /// before, delivered again after a crash, must not raise from an idle state that a later
    /// sample made (see `a_redelivered_breach_after_its_recovery_raises_nothing`).
    Idle,
    /// The trigger holds since `since_ms` but not yet long enough.
    Pending { since_ms: i64 },
    /// An alarm is raised (by the transition `raise_id`).
    Raised { raise_id: String },
    /// Raised, and the recovery condition holds since `since_ms`.
    Recovering { raise_id: String, since_ms: i64 },
}

/// A stored state: the phase and the device time of the sample that last changed it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CondState {
    #[serde(flatten)]
    pub phase: Phase,
    pub last_ms: i64,
}

/// What one sample decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Nothing changed.
    Unchanged,
    /// The state changes, without a transition (a pending start, a recovery that fails).
    Moved(Option<CondState>),
    /// An alarm is raised with this id.
    Raise { id: String, state: CondState },
    /// The alarm `raise_id` recovered with transition `id`; the state is idle again, as of
    /// `state.last_ms`.
    Recover { id: String, raise_id: String, state: CondState },
}

/// The deterministic id of a transition: the rule, the device and loop, the kind and the
/// sequence number of the deciding sample.
pub fn transition_id(alarm_type_id: i64, serial: &str, loop_index: u8, raised: bool, seq: u64) -> String {
    let kind = if raised { "r" } else { "c" };
    format!("{alarm_type_id}.{serial}.{loop_index}.{kind}.{seq}")
}

/// The idle state after a sample at `at_ms` moved the condition back.
fn idle(at_ms: i64) -> CondState {
    CondState { phase: Phase::Idle, last_ms: at_ms }
}

/// Evaluates one reading of a sample (at device time `at_ms`, sequence `seq`) against the
/// current state (`None`, or `Idle`, is idle). Samples at or before the state's last change are
/// ignored: they were decided before (a redelivery) or arrived out of order.
#[allow(clippy::too_many_arguments)]
pub fn decide(
    rule: &Rule,
    state: Option<&CondState>,
    serial: &str,
    loop_index: u8,
    trigger_value: f64,
    recovery_value: Option<f64>,
    at_ms: i64,
    seq: u64,
) -> Decision {
    if state.is_some_and(|s| at_ms <= s.last_ms) {
        return Decision::Unchanged;
    }
    let triggered = rule.trigger.holds(trigger_value);
    let raise = || Decision::Raise {
        id: transition_id(rule.alarm_type_id, serial, loop_index, true, seq),
        state: CondState {
            phase: Phase::Raised { raise_id: transition_id(rule.alarm_type_id, serial, loop_index, true, seq) },
            last_ms: at_ms,
        },
    };
    match state.map(|s| &s.phase) {
        None | Some(Phase::Idle) if triggered && rule.trigger.hold_ms == 0 => raise(),
        None | Some(Phase::Idle) if triggered => {
            Decision::Moved(Some(CondState { phase: Phase::Pending { since_ms: at_ms }, last_ms: at_ms }))
        }
        None | Some(Phase::Idle) => Decision::Unchanged,
        Some(Phase::Pending { since_ms }) if triggered => {
            if at_ms - since_ms >= rule.trigger.hold_ms {
                raise()
            } else {
                Decision::Unchanged
            }
        }
        Some(Phase::Pending { .. }) => Decision::Moved(Some(idle(at_ms))),
        Some(Phase::Raised { raise_id }) => match &rule.recovery {
            None if !triggered => Decision::Moved(Some(idle(at_ms))),
            None => Decision::Unchanged,
            Some(recovery) => {
                let recovering = recovery_value.is_some_and(|v| recovery.holds(v));
                if !recovering {
                    return Decision::Unchanged;
                }
                if recovery.hold_ms == 0 {
                    return Decision::Recover {
                        id: transition_id(rule.alarm_type_id, serial, loop_index, false, seq),
                        raise_id: raise_id.clone(),
                        state: idle(at_ms),
                    };
                }
                Decision::Moved(Some(CondState {
                    phase: Phase::Recovering { raise_id: raise_id.clone(), since_ms: at_ms },
                    last_ms: at_ms,
                }))
            }
        },
        Some(Phase::Recovering { raise_id, since_ms }) => {
            let recovery = rule.recovery.as_ref();
            let recovering = recovery.zip(recovery_value).is_some_and(|(r, v)| r.holds(v));
            if !recovering {
                return Decision::Moved(Some(CondState {
                    phase: Phase::Raised { raise_id: raise_id.clone() },
                    last_ms: at_ms,
                }));
            }
            if at_ms - since_ms >= recovery.map_or(0, |r| r.hold_ms) {
                Decision::Recover {
                    id: transition_id(rule.alarm_type_id, serial, loop_index, false, seq),
                    raise_id: raise_id.clone(),
                    state: idle(at_ms),
                }
            } else {
                Decision::Unchanged
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn condition(attribute: Attribute, comparison: Comparison, threshold: f64, hold_s: i64) -> Condition {
        Condition { attribute, comparison, threshold, hold_ms: hold_s * 1000 }
    }

    fn over_current(hold_s: i64, recovery_hold_s: Option<i64>) -> Rule {
        Rule {
            alarm_type_id: 7,
            project_id: 1,
            name: "over-current".into(),
            trigger: condition(Attribute::Current, Comparison::Greater, 15.0, hold_s),
            recovery: recovery_hold_s.map(|h| condition(Attribute::Current, Comparison::LessOrEqual, 12.5, h)),
        }
    }

    /// Runs samples `(current, at seconds, seq)` through `decide`, returning the transitions.
    fn run(rule: &Rule, samples: &[(f64, i64, u64)]) -> (Vec<String>, Option<CondState>) {
        let mut state: Option<CondState> = None;
        let mut transitions = Vec::new();
        for &(value, at_s, seq) in samples {
            match decide(rule, state.as_ref(), "GW-1", 2, value, Some(value), at_s * 1000, seq) {
                Decision::Unchanged => {}
                Decision::Moved(next) => state = next,
                Decision::Raise { id, state: next } => {
                    transitions.push(id);
                    state = Some(next);
                }
                Decision::Recover { id, state: next, .. } => {
                    transitions.push(id);
                    state = Some(next);
                }
            }
        }
        (transitions, state)
    }

    #[test]
    fn an_immediate_rule_raises_once_and_recovers_once() {
        let rule = over_current(0, Some(0));
        let (transitions, state) = run(&rule, &[(10.0, 1, 1), (20.0, 2, 2), (21.0, 3, 3), (11.0, 4, 4), (10.0, 5, 5)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.2", "7.GW-1.2.c.4"]);
        assert_eq!(state, Some(CondState { phase: Phase::Idle, last_ms: 4000 }), "idle as of the recovery");
    }

    #[test]
    fn a_breach_must_hold_for_its_duration() {
        let rule = over_current(60, Some(0));
        let (transitions, _) = run(&rule, &[(20.0, 0, 1), (20.0, 30, 2), (10.0, 40, 3), (20.0, 50, 4), (20.0, 109, 5)]);
        assert!(transitions.is_empty(), "a dip restarts the clock: {transitions:?}");
        let (transitions, _) = run(&rule, &[(20.0, 0, 1), (20.0, 30, 2), (20.0, 60, 3)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.3"]);
    }

    #[test]
    fn between_thresholds_the_alarm_stays_raised() {
        let rule = over_current(0, Some(0));
        let (transitions, state) = run(&rule, &[(20.0, 1, 1), (14.0, 2, 2), (13.0, 3, 3)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.1"]);
        assert!(matches!(state.unwrap().phase, Phase::Raised { .. }));
    }

    #[test]
    fn a_recovery_with_a_duration_waits_and_can_fall_back() {
        let rule = over_current(0, Some(30));
        let (transitions, state) = run(&rule, &[(20.0, 0, 1), (10.0, 10, 2), (20.0, 20, 3), (10.0, 30, 4)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.1"]);
        assert!(matches!(state.unwrap().phase, Phase::Recovering { since_ms: 30_000, .. }));
        let (transitions, _) = run(&rule, &[(20.0, 0, 1), (10.0, 10, 2), (10.0, 40, 3)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.1", "7.GW-1.2.c.3"]);
    }

    #[test]
    fn without_a_recovery_condition_the_state_clears_silently() {
        let rule = over_current(0, None);
        let (transitions, state) = run(&rule, &[(20.0, 1, 1), (10.0, 2, 2), (20.0, 3, 3)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.1", "7.GW-1.2.r.3"]);
        assert!(state.is_some());
    }

    #[test]
    fn replayed_and_out_of_order_samples_change_nothing() {
        let rule = over_current(0, Some(0));
        let raised = CondState { phase: Phase::Raised { raise_id: "7.GW-1.2.r.5".into() }, last_ms: 5000 };
        for at in [4000, 5000] {
            assert_eq!(decide(&rule, Some(&raised), "GW-1", 2, 1.0, Some(1.0), at, 9), Decision::Unchanged);
        }
        let decision = decide(&rule, Some(&raised), "GW-1", 2, 1.0, Some(1.0), 6000, 9);
        assert_eq!(
            decision,
            Decision::Recover { id: "7.GW-1.2.c.9".into(), raise_id: "7.GW-1.2.r.5".into(), state: idle(6000) }
        );
    }

    #[test]
    fn the_same_samples_decide_the_same_ids() {
        let rule = over_current(0, Some(0));
        let samples = [(20.0, 1, 11), (10.0, 2, 12), (30.0, 3, 13)];
        assert_eq!(run(&rule, &samples), run(&rule, &samples));
    }

    #[test]
    fn rules_from_the_bucket_are_checked() {
        let good = AlarmRule {
            alarm_type_id: 1,
            project_id: 1,
            device_type: "loop".into(),
            trigger: Some(AlarmCondition {
                attribute: Attribute::Voltage.into(),
                comparison: Comparison::Less.into(),
                threshold: 198.0,
                hold_seconds: 0,
            }),
            recovery: Some(AlarmCondition {
                attribute: Attribute::Voltage.into(),
                comparison: Comparison::GreaterOrEqual.into(),
                threshold: 205.0,
                hold_seconds: 0,
            }),
            alarm_name: "under-voltage".into(),
        };
        assert!(Rule::from_proto(&good).is_some());
        let mut bad = good.clone();
        bad.trigger.as_mut().unwrap().comparison = Comparison::Unspecified.into();
        assert!(Rule::from_proto(&bad).is_none());
        let mut unknown = good.clone();
        unknown.trigger.as_mut().unwrap().attribute = 42;
        assert!(Rule::from_proto(&unknown).is_none(), "a value this bridge does not know is not guessed");
        let mut mixed = good.clone();
        mixed.recovery.as_mut().unwrap().attribute = Attribute::Temperature.into();
        assert!(Rule::from_proto(&mixed).is_none(), "a loop trigger cannot recover on a gateway reading");
        let mut none = good;
        none.trigger = None;
        assert!(Rule::from_proto(&none).is_none());
    }

    /// The double raise of the spine's kill -9 tests: a chunk held a breach (with the alarm
    /// already raised: nothing to do) and the recovery after it; its states were stored, and
    /// the bridge died before acknowledging. Its successor decides the chunk again from the
    /// stored state: the breach must not raise from the idle state the recovery left.
    #[test]
    fn a_redelivered_breach_after_its_recovery_raises_nothing() {
        let rule = over_current(0, Some(0));
        let (transitions, stored) = run(&rule, &[(20.0, 26, 26), (20.0, 50, 50), (5.0, 51, 51)]);
        assert_eq!(transitions, vec!["7.GW-1.2.r.26", "7.GW-1.2.c.51"]);
        let stored = stored.expect("the idle state is kept, with its time");
        for (value, at_s, seq) in [(20.0, 50, 50), (5.0, 51, 51)] {
            let decision = decide(&rule, Some(&stored), "GW-1", 2, value, Some(value), at_s * 1000, seq);
            assert_eq!(decision, Decision::Unchanged, "sample {seq} again");
        }
        let next = decide(&rule, Some(&stored), "GW-1", 2, 20.0, Some(20.0), 76_000, 76);
        assert!(
            matches!(next, Decision::Raise { ref id, .. } if id == "7.GW-1.2.r.76"),
            "a new breach raises: {next:?}"
        );
        let json = serde_json::to_string(&stored).unwrap();
        assert_eq!(json, r#"{"phase":"idle","last_ms":51000}"#);
    }

    #[test]
    fn states_round_trip_through_json() {
        let state = CondState { phase: Phase::Recovering { raise_id: "x".into(), since_ms: 3 }, last_ms: 4 };
        let json = serde_json::to_vec(&state).unwrap();
        assert_eq!(serde_json::from_slice::<CondState>(&json).unwrap(), state);
    }
}
