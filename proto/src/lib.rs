//! Rust types generated from the `.proto` files beside this crate.
//!
//! Every call carries the caller's access token in the `authorization` metadata entry
//! (`Bearer <token>`), the selected project in `project-id` and the language in
//! `content-language`; the receiving service verifies the token itself.

pub mod identity {
    pub mod v1 {
        tonic::include_proto!("lumiscape.identity.v1");
    }
}

pub mod project {
    pub mod v1 {
        tonic::include_proto!("lumiscape.project.v1");
    }
}

pub mod lighting {
    pub mod v1 {
        tonic::include_proto!("lumiscape.lighting.v1");
    }
}

pub mod alarm {
    pub mod v1 {
        tonic::include_proto!("lumiscape.alarm.v1");
    }
}

pub mod maintenance {
    pub mod v1 {
        tonic::include_proto!("lumiscape.maintenance.v1");
    }
}

pub mod bridge {
    pub mod v1 {
        tonic::include_proto!("lumiscape.bridge.v1");
    }
}

pub mod events {
    pub mod v1 {
        tonic::include_proto!("lumiscape.events.v1");
    }
}

/// The text forms of the alarm contract's enums on the console's wire and in the
/// database: the `alarm_level` dictionary codes, the attribute words and the comparison
/// signs. Written once, for the alarm service, the bridge and the edge.
pub mod alarm_terms {
    pub use crate::events::v1::{AlarmLevel, Attribute, Comparison};

    impl AlarmLevel {
        /// The dictionary code: "1", "2" or "3"; empty when unspecified.
        pub fn code(self) -> &'static str {
            match self {
                AlarmLevel::Serious => "1",
                AlarmLevel::Main => "2",
                AlarmLevel::Secondary => "3",
                AlarmLevel::Unspecified => "",
            }
        }

        pub fn from_code(code: &str) -> Option<Self> {
            match code {
                "1" => Some(AlarmLevel::Serious),
                "2" => Some(AlarmLevel::Main),
                "3" => Some(AlarmLevel::Secondary),
                _ => None,
            }
        }
    }

    impl Attribute {
        /// The word: "voltage", "current", "active_power", "temperature", "signal",
        /// "loop_mismatch", "power_loss", "door_open", "contactor_fault".
        pub fn word(self) -> &'static str {
            match self {
                Attribute::Voltage => "voltage",
                Attribute::Current => "current",
                Attribute::ActivePower => "active_power",
                Attribute::Temperature => "temperature",
                Attribute::Signal => "signal",
                Attribute::LoopMismatch => "loop_mismatch",
                Attribute::PowerLoss => "power_loss",
                Attribute::DoorOpen => "door_open",
                Attribute::ContactorFault => "contactor_fault",
                Attribute::Unspecified => "",
            }
        }

        pub fn from_word(word: &str) -> Option<Self> {
            match word {
                "voltage" => Some(Attribute::Voltage),
                "current" => Some(Attribute::Current),
                "active_power" => Some(Attribute::ActivePower),
                "temperature" => Some(Attribute::Temperature),
                "signal" => Some(Attribute::Signal),
                "loop_mismatch" => Some(Attribute::LoopMismatch),
                "power_loss" => Some(Attribute::PowerLoss),
                "door_open" => Some(Attribute::DoorOpen),
                "contactor_fault" => Some(Attribute::ContactorFault),
                _ => None,
            }
        }

        /// Whether each loop reports it (else the gateway itself).
        pub fn is_loop(self) -> bool {
            matches!(
                self,
                Attribute::Voltage
                    | Attribute::Current
                    | Attribute::ActivePower
                    | Attribute::LoopMismatch
                    | Attribute::ContactorFault
            )
        }

        /// Whether it is a device event rather than a reading: 1 while the event is active,
        /// 0 once it has ended.
        pub fn is_event(self) -> bool {
            matches!(self, Attribute::PowerLoss | Attribute::DoorOpen | Attribute::ContactorFault)
        }

        /// Whether the bridge judges it from telemetry (else lighting's plan executor does).
        pub fn is_measured(self) -> bool {
            !matches!(self, Attribute::LoopMismatch | Attribute::Unspecified)
        }
    }

    impl Comparison {
        /// The sign: ">", ">=", "<" or "<=".
        pub fn sign(self) -> &'static str {
            match self {
                Comparison::Greater => ">",
                Comparison::GreaterOrEqual => ">=",
                Comparison::Less => "<",
                Comparison::LessOrEqual => "<=",
                Comparison::Unspecified => "",
            }
        }

        pub fn from_sign(sign: &str) -> Option<Self> {
            match sign {
                ">" => Some(Comparison::Greater),
                ">=" => Some(Comparison::GreaterOrEqual),
                "<" => Some(Comparison::Less),
                "<=" => Some(Comparison::LessOrEqual),
                _ => None,
            }
        }

        /// Whether `value` compared with `threshold` meets the condition.
        pub fn holds(self, value: f64, threshold: f64) -> bool {
            match self {
                Comparison::Greater => value > threshold,
                Comparison::GreaterOrEqual => value >= threshold,
                Comparison::Less => value < threshold,
                Comparison::LessOrEqual => value <= threshold,
                Comparison::Unspecified => false,
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn text_forms_round_trip() {
            for level in [AlarmLevel::Serious, AlarmLevel::Main, AlarmLevel::Secondary] {
                assert_eq!(AlarmLevel::from_code(level.code()), Some(level));
            }
            for attribute in [
                Attribute::Voltage,
                Attribute::Current,
                Attribute::ActivePower,
                Attribute::Temperature,
                Attribute::Signal,
                Attribute::LoopMismatch,
                Attribute::PowerLoss,
                Attribute::DoorOpen,
                Attribute::ContactorFault,
            ] {
                assert_eq!(Attribute::from_word(attribute.word()), Some(attribute));
            }
            for comparison in
                [Comparison::Greater, Comparison::GreaterOrEqual, Comparison::Less, Comparison::LessOrEqual]
            {
                assert_eq!(Comparison::from_sign(comparison.sign()), Some(comparison));
            }
            assert_eq!(AlarmLevel::from_code(""), None);
            assert_eq!(Attribute::from_word("power"), None);
            assert_eq!(Comparison::from_sign("=="), None);
        }

        #[test]
        fn comparisons_hold_as_written() {
            assert!(Comparison::Greater.holds(2.0, 1.0));
            assert!(!Comparison::Greater.holds(1.0, 1.0));
            assert!(Comparison::GreaterOrEqual.holds(1.0, 1.0));
            assert!(Comparison::Less.holds(0.5, 1.0));
            assert!(Comparison::LessOrEqual.holds(1.0, 1.0));
            assert!(!Comparison::Unspecified.holds(1.0, 1.0));
        }
    }
}
