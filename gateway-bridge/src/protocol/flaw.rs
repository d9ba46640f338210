//! Payloads broken on purpose, for fault injection: the simulator sends them to prove that
//! the platform refuses what a misbehaving gateway might send. Built from a valid payload's
//! wire shape, so each flaw is the only thing wrong with it.

use serde_json::Value;

use super::codec::{MAX_VOLTAGE_V, PROTOCOL_VERSION, telemetry_to_wire};
use super::messages::Telemetry;

/// Ways a payload can be broken, for fault injection: a flawed payload never decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flaw {
    /// The first half of the JSON text.
    Truncated,
    /// Bytes that are not JSON (nor UTF-8).
    NotJson,
    /// A version this platform does not speak.
    UnsupportedVersion,
    /// The first loop's voltage far out of range.
    OutOfRange,
    /// Without its loops.
    MissingField,
}

impl Flaw {
    pub const ALL: [Flaw; 5] =
        [Flaw::Truncated, Flaw::NotJson, Flaw::UnsupportedVersion, Flaw::OutOfRange, Flaw::MissingField];
}

/// A telemetry payload broken in the given way (what a misbehaving gateway might send).
pub fn flawed_telemetry(telemetry: &Telemetry, flaw: Flaw) -> Vec<u8> {
    let wire = telemetry_to_wire(telemetry);
    let text = serde_json::to_string(&wire).unwrap_or_default();
    let Ok(Value::Object(mut object)) = serde_json::from_str::<Value>(&text) else {
        return text.into_bytes();
    };
    match flaw {
        Flaw::Truncated => return text.as_bytes()[..text.len() / 2].to_vec(),
        Flaw::NotJson => return b"\xff\xfe\x00 telemetry? \x80".to_vec(),
        Flaw::UnsupportedVersion => {
            object.insert("v".into(), Value::from(PROTOCOL_VERSION + 98));
        }
        Flaw::OutOfRange => {
            if let Some(Value::Object(first)) = object.get_mut("loops").and_then(|loops| loops.get_mut(0)) {
                first.insert("voltage_v".into(), Value::from(MAX_VOLTAGE_V * 20.0));
            }
        }
        Flaw::MissingField => {
            object.remove("loops");
        }
    }
    Value::Object(object).to_string().into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::codec::decode_uplink;
    use crate::protocol::fixtures::telemetry;
    use crate::protocol::topics::Channel;

    #[test]
    fn every_flaw_makes_telemetry_undecodable() {
        for flaw in Flaw::ALL {
            let payload = flawed_telemetry(&telemetry(), flaw);
            assert!(decode_uplink(Channel::Telemetry, &payload).is_err(), "{flaw:?} decoded");
        }
    }
}
