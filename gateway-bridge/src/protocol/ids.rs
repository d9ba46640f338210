//! The protocol's identifiers: gateway serials, loop indexes, message ids (serial and
//! sequence number), correlation ids and firmware versions. Each is checked once, when it is
//! made, so code holding one never checks it again; serials and correlation ids are limited
//! to `[A-Za-z0-9_-]` because they become NATS subject tokens and MQTT topic levels.

use std::fmt;
use std::str::FromStr;

use super::error::{ProtocolError, invalid, out_of_range};

/// Loops are numbered `1..=MAX_LOOPS`.
pub const MAX_LOOPS: u8 = 64;
/// Longest gateway serial number.
pub const MAX_SERIAL_LEN: usize = 32;
/// Longest correlation id of a command.
pub const MAX_CORRELATION_ID_LEN: usize = 64;
/// Longest firmware version string.
pub const MAX_FIRMWARE_LEN: usize = 32;

/// The characters of a subject token and MQTT topic level: `[A-Za-z0-9_-]`.
pub(super) fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Checks that `value` is 1..=`max_len` characters, each accepted by `allowed`.
pub(super) fn check_token(
    field: &str,
    value: &str,
    max_len: usize,
    allowed: fn(char) -> bool,
) -> Result<(), ProtocolError> {
    if value.is_empty() {
        return Err(invalid(field, "must not be empty"));
    }
    if value.len() > max_len {
        return Err(invalid(field, format!("is {} characters, over the limit of {max_len}", value.len())));
    }
    if let Some(bad) = value.chars().find(|c| !allowed(*c)) {
        return Err(invalid(field, format!("character {bad:?} is not allowed")));
    }
    Ok(())
}

/// A gateway's serial number: 1 to 32 characters of `[A-Za-z0-9_-]`, so it is a safe subject
/// token and MQTT topic level.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GatewaySerial(String);

impl GatewaySerial {
    /// Checks and wraps a serial number.
    pub fn new(serial: impl Into<String>) -> Result<Self, ProtocolError> {
        let serial = serial.into();
        check_token("sn", &serial, MAX_SERIAL_LEN, is_token_char)?;
        Ok(Self(serial))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GatewaySerial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for GatewaySerial {
    type Err = ProtocolError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

/// A loop (a switched lighting circuit of the gateway's cabinet), numbered from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LoopIndex(u8);

impl LoopIndex {
    /// Checks that `index` is within `1..=MAX_LOOPS`.
    pub fn new(index: u64) -> Result<Self, ProtocolError> {
        Self::checked("loop", index)
    }

    pub(super) fn checked(field: &str, index: u64) -> Result<Self, ProtocolError> {
        match u8::try_from(index) {
            Ok(small) if (1..=MAX_LOOPS).contains(&small) => Ok(Self(small)),
            _ => Err(out_of_range(field, format!("loop {index} is outside 1..={MAX_LOOPS}"))),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for LoopIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The unique id of an uplink message: the gateway's serial and its sequence number,
/// written `{serial}-{seq}`. A resent message keeps its id; the platform deduplicates by it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MessageId {
    pub serial: GatewaySerial,
    pub seq: u64,
}

impl MessageId {
    pub fn new(serial: GatewaySerial, seq: u64) -> Self {
        Self { serial, seq }
    }

    /// Parses `{serial}-{seq}` and checks that the serial is `expected`.
    pub(super) fn parse(value: &str, expected: &GatewaySerial) -> Result<Self, ProtocolError> {
        let Some((serial, seq)) = value.rsplit_once('-') else {
            return Err(invalid("id", "must be \"{serial}-{seq}\""));
        };
        if serial != expected.as_str() {
            return Err(invalid("id", format!("serial part {serial:?} is not the message's serial {expected:?}")));
        }
        if seq.is_empty() || seq.len() > 20 || !seq.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid("id", format!("sequence part {seq:?} is not a decimal number")));
        }
        let seq = seq.parse::<u64>().map_err(|_| out_of_range("id", format!("sequence {seq} is over 2^64-1")))?;
        Ok(Self { serial: expected.clone(), seq })
    }
}

impl fmt::Display for MessageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.serial, self.seq)
    }
}

/// The id the platform gives a command; the gateway repeats it in the acknowledgement.
/// 1 to 64 characters of `[A-Za-z0-9_-]` (a UUID fits).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CorrelationId(String);

impl CorrelationId {
    pub fn new(id: impl Into<String>) -> Result<Self, ProtocolError> {
        let id = id.into();
        check_token("corr_id", &id, MAX_CORRELATION_ID_LEN, is_token_char)?;
        Ok(Self(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CorrelationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The id the platform gives a schedule it issues (`schedule.id`); the gateway keeps it with the
/// schedule. 1 to 64 characters of `[A-Za-z0-9_-]`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScheduleId(String);

impl ScheduleId {
    pub fn new(id: impl Into<String>) -> Result<Self, ProtocolError> {
        let id = id.into();
        check_token("schedule.id", &id, MAX_CORRELATION_ID_LEN, is_token_char)?;
        Ok(Self(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ScheduleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A firmware version as the gateway reports it: 1 to 32 characters of `[A-Za-z0-9._+-]`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FirmwareVersion(String);

impl FirmwareVersion {
    pub fn new(version: impl Into<String>) -> Result<Self, ProtocolError> {
        let version = version.into();
        check_token("fw", &version, MAX_FIRMWARE_LEN, |c| is_token_char(c) || c == '.' || c == '+')?;
        Ok(Self(version))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for FirmwareVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
