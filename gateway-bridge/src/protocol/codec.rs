//! Decoding and encoding: payload bytes to domain messages and back. Every payload is a JSON
//! object with a version field `v`; decoding checks the size, the syntax, the version, the
//! schema and every value's range, in that order, and refuses with the field's name and the
//! reason. It never panics, whatever the bytes. Encoding runs the decoder's checks on what it
//! is about to send, so whatever we send decodes on the other side.
//!
//! The limits below are the protocol's normative numbers (`docs/device-protocol.md` quotes
//! them).

use std::collections::BTreeSet;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use chrono::{DateTime, TimeZone, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::{ProtocolError, invalid, out_of_range};
use super::ids::{CorrelationId, FirmwareVersion, GatewaySerial, LoopIndex, MAX_LOOPS, MessageId, ScheduleId};
use super::messages::{
    Ack, AckResult, Command, CommandRequest, DeviceEvent, EventKind, GatewayParams, GatewayReading, Heartbeat,
    LoopReading, MAX_FIRMWARE_BYTES, MAX_FIRMWARE_CHUNK_BYTES, MAX_HEARTBEAT_S, MAX_LEVEL, MAX_SCHEDULE_SPAN,
    MAX_SCHEDULE_STEPS, MAX_TELEMETRY_S, MIN_HEARTBEAT_S, MIN_TELEMETRY_S, Schedule, ScheduleLoop, ScheduleStep,
    Telemetry, Uplink,
};
use super::topics::Channel;
use super::wire::{
    WireAck, WireCommand, WireEvent, WireGateway, WireHeartbeat, WireLoop, WireSchedule, WireScheduleLoop,
    WireTelemetry,
};

/// The protocol version this code speaks (the `v` field of every payload).
pub const PROTOCOL_VERSION: u64 = 1;
/// Largest payload accepted or produced, in bytes.
pub const MAX_PAYLOAD_BYTES: usize = 64 * 1024;
/// Longest error text of a failed acknowledgement, in characters.
pub const MAX_ERROR_TEXT_LEN: usize = 256;

/// Highest accepted voltage reading (V).
pub const MAX_VOLTAGE_V: f64 = 500.0;
/// Highest accepted current reading (A).
pub const MAX_CURRENT_A: f64 = 400.0;
/// Highest accepted active power reading of one loop (W).
pub const MAX_POWER_W: f64 = 200_000.0;
/// Highest accepted energy meter reading (kWh).
pub const MAX_ENERGY_KWH: f64 = 1.0e9;
/// Accepted signal strength range (dBm).
pub const MIN_SIGNAL_DBM: i16 = -140;
/// Accepted signal strength range (dBm).
pub const MAX_SIGNAL_DBM: i16 = 0;
/// Accepted cabinet temperature range (°C).
pub const MIN_TEMPERATURE_C: f64 = -60.0;
/// Accepted cabinet temperature range (°C).
pub const MAX_TEMPERATURE_C: f64 = 150.0;
/// Longest accepted uptime (20 years, in seconds).
pub const MAX_UPTIME_S: u64 = 20 * 365 * 24 * 3600;
/// Earliest accepted device time: 2020-01-01T00:00:00Z in Unix milliseconds.
pub const EARLIEST_DEVICE_TIME_MS: i64 = 1_577_836_800_000;
/// Latest accepted device time: 2100-01-01T00:00:00Z in Unix milliseconds.
pub const LATEST_DEVICE_TIME_MS: i64 = 4_102_444_800_000;

fn check_f64(field: &str, value: f64, min: f64, max: f64, unit: &str) -> Result<f64, ProtocolError> {
    if !value.is_finite() || value < min || value > max {
        return Err(out_of_range(field, format!("{value} {unit} is outside {min}..={max} {unit}")));
    }
    Ok(value)
}

/// Device time on the wire is Unix milliseconds within 2020..2100.
pub(super) fn time_from_ms(field: &str, ms: i64) -> Result<DateTime<Utc>, ProtocolError> {
    if !(EARLIEST_DEVICE_TIME_MS..=LATEST_DEVICE_TIME_MS).contains(&ms) {
        return Err(out_of_range(field, format!("{ms} ms is not between 2020-01-01 and 2100-01-01")));
    }
    Utc.timestamp_millis_opt(ms).single().ok_or_else(|| out_of_range(field, format!("{ms} ms is not a time")))
}

/// Sub-millisecond precision is dropped: the wire carries milliseconds.
fn time_to_ms(time: &DateTime<Utc>) -> i64 {
    time.timestamp_millis()
}

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

/// Size, syntax, object shape and version: the checks every payload goes through first.
fn parse_envelope(payload: &[u8]) -> Result<Value, ProtocolError> {
    if payload.len() > MAX_PAYLOAD_BYTES {
        return Err(ProtocolError::TooLarge { size: payload.len(), limit: MAX_PAYLOAD_BYTES });
    }
    let value: Value = serde_json::from_slice(payload).map_err(|err| ProtocolError::Syntax(err.to_string()))?;
    let Some(object) = value.as_object() else {
        return Err(ProtocolError::NotAnObject);
    };
    let Some(version) = object.get("v") else {
        return Err(ProtocolError::MissingVersion);
    };
    match version.as_u64() {
        Some(PROTOCOL_VERSION) => Ok(value),
        Some(other) => Err(ProtocolError::UnsupportedVersion(other)),
        None => Err(invalid("v", "must be a non-negative integer")),
    }
}

/// A wire payload that carries the protocol version `v`.
pub(super) trait Versioned: DeserializeOwned {
    fn version(&self) -> u64;
}

macro_rules! versioned {
    ($($wire:ty),*) => {
        $(impl Versioned for $wire {
            fn version(&self) -> u64 {
                self.v
            }
        })*
    };
}

versioned!(WireHeartbeat, WireTelemetry, WireEvent, WireAck, WireCommand);

fn parse_wire<T: Versioned>(channel: Channel, payload: &[u8]) -> Result<T, ProtocolError> {
    match parse_direct(payload) {
        Some(wire) => Ok(wire),
        None => parse_careful(channel, payload),
    }
}

/// The common case in one pass: a payload within the size limit, a JSON object, of this
/// version and of the right shape decodes straight into its wire type, without building a
/// `serde_json::Value` first (allocation and that tree were the bridge's top costs per
/// message, docs/performance.md). Whatever fails here is decoded again by [`parse_careful`],
/// which finds and names the first problem in the documented order. Both accept the same
/// payloads with the same result (`the_direct_path_agrees_with_the_careful_one`): a
/// repeated key, which the tree resolves to its last value, fails here and goes the careful
/// way too.
fn parse_direct<T: Versioned>(payload: &[u8]) -> Option<T> {
    let first = payload.iter().find(|byte| !matches!(byte, b' ' | b'\t' | b'\n' | b'\r'));
    if payload.len() > MAX_PAYLOAD_BYTES || first != Some(&b'{') {
        return None;
    }
    let wire: T = serde_json::from_slice(payload).ok()?;
    (wire.version() == PROTOCOL_VERSION).then_some(wire)
}

/// Size, syntax, object, version, then the shape: the reason a payload is refused.
fn parse_careful<T: DeserializeOwned>(channel: Channel, payload: &[u8]) -> Result<T, ProtocolError> {
    let value = parse_envelope(payload)?;
    serde_json::from_value(value).map_err(|err| ProtocolError::Schema { channel, reason: err.to_string() })
}

/// Decodes a payload received on an uplink `channel`. Unknown fields are ignored; missing,
/// mistyped or out-of-range ones are refused with the field's name.
pub fn decode_uplink(channel: Channel, payload: &[u8]) -> Result<Uplink, ProtocolError> {
    match channel {
        Channel::Heartbeat => Ok(Uplink::Heartbeat(heartbeat_from_wire(parse_wire(channel, payload)?)?)),
        Channel::Telemetry => Ok(Uplink::Telemetry(telemetry_from_wire(parse_wire(channel, payload)?)?)),
        Channel::Event => Ok(Uplink::Event(event_from_wire(parse_wire(channel, payload)?)?)),
        Channel::Ack => Ok(Uplink::Ack(ack_from_wire(parse_wire(channel, payload)?)?)),
        Channel::Command => Err(ProtocolError::NotUplink { channel }),
    }
}

/// Decodes a command (what a gateway does with a payload on its `cmd` subject).
pub fn decode_command(payload: &[u8]) -> Result<CommandRequest, ProtocolError> {
    command_from_wire(parse_wire(Channel::Command, payload)?)
}

/// The correlation id of a command that could not be decoded, when one can be found: a
/// gateway uses it to answer a bad command with an error instead of staying silent.
pub fn correlation_id_of(payload: &[u8]) -> Option<CorrelationId> {
    if payload.len() > MAX_PAYLOAD_BYTES {
        return None;
    }
    let value: Value = serde_json::from_slice(payload).ok()?;
    let id = value.as_object()?.get("corr_id")?.as_str()?;
    CorrelationId::new(id).ok()
}

fn heartbeat_from_wire(wire: WireHeartbeat) -> Result<Heartbeat, ProtocolError> {
    let serial = GatewaySerial::new(wire.sn)?;
    let id = MessageId::parse(&wire.id, &serial)?;
    let device_time = time_from_ms("ts", wire.ts)?;
    if wire.uptime_s > MAX_UPTIME_S {
        return Err(out_of_range("uptime_s", format!("{} s is over {MAX_UPTIME_S} s", wire.uptime_s)));
    }
    let firmware = FirmwareVersion::new(wire.fw)?;
    Ok(Heartbeat { id, device_time, uptime: Duration::from_secs(wire.uptime_s), firmware })
}

fn loop_from_wire(position: usize, wire: &WireLoop) -> Result<LoopReading, ProtocolError> {
    let field = |name: &str| format!("loops[{position}].{name}");
    Ok(LoopReading {
        index: LoopIndex::checked(&field("loop"), wire.index)?,
        on: wire.on,
        voltage_v: check_f64(&field("voltage_v"), wire.voltage_v, 0.0, MAX_VOLTAGE_V, "V")?,
        current_a: check_f64(&field("current_a"), wire.current_a, 0.0, MAX_CURRENT_A, "A")?,
        active_power_w: check_f64(&field("power_w"), wire.power_w, 0.0, MAX_POWER_W, "W")?,
        energy_kwh: check_f64(&field("energy_kwh"), wire.energy_kwh, 0.0, MAX_ENERGY_KWH, "kWh")?,
    })
}

fn loops_from_wire(wire: &[WireLoop]) -> Result<Vec<LoopReading>, ProtocolError> {
    if wire.len() > usize::from(MAX_LOOPS) {
        return Err(out_of_range("loops", format!("{} loops, over the limit of {MAX_LOOPS}", wire.len())));
    }
    let mut seen = BTreeSet::new();
    let mut loops = Vec::with_capacity(wire.len());
    for (position, wire_loop) in wire.iter().enumerate() {
        let reading = loop_from_wire(position, wire_loop)?;
        if !seen.insert(reading.index) {
            return Err(invalid("loops", format!("loop {} appears more than once", reading.index)));
        }
        loops.push(reading);
    }
    Ok(loops)
}

fn telemetry_from_wire(wire: WireTelemetry) -> Result<Telemetry, ProtocolError> {
    let serial = GatewaySerial::new(wire.sn)?;
    let id = MessageId::parse(&wire.id, &serial)?;
    let device_time = time_from_ms("ts", wire.ts)?;
    let signal_dbm = match i16::try_from(wire.gateway.signal_dbm) {
        Ok(dbm) if (MIN_SIGNAL_DBM..=MAX_SIGNAL_DBM).contains(&dbm) => dbm,
        _ => {
            return Err(out_of_range(
                "gateway.signal_dbm",
                format!("{} dBm is outside {MIN_SIGNAL_DBM}..={MAX_SIGNAL_DBM} dBm", wire.gateway.signal_dbm),
            ));
        }
    };
    let temperature_c =
        check_f64("gateway.temperature_c", wire.gateway.temperature_c, MIN_TEMPERATURE_C, MAX_TEMPERATURE_C, "°C")?;
    let firmware = FirmwareVersion::new(wire.gateway.fw)?;
    if wire.loops.is_empty() {
        return Err(invalid("loops", "a telemetry message carries at least one loop"));
    }
    let loops = loops_from_wire(&wire.loops)?;
    Ok(Telemetry { id, device_time, gateway: GatewayReading { signal_dbm, temperature_c, firmware }, loops })
}

fn event_from_wire(wire: WireEvent) -> Result<DeviceEvent, ProtocolError> {
    let serial = GatewaySerial::new(wire.sn)?;
    let id = MessageId::parse(&wire.id, &serial)?;
    let device_time = time_from_ms("ts", wire.ts)?;
    let kind = match (wire.event.as_str(), wire.index) {
        ("power_loss", None) => EventKind::PowerLoss,
        ("door_open", None) => EventKind::DoorOpen,
        ("contactor_fault", Some(index)) => EventKind::ContactorFault { index: LoopIndex::new(index)? },
        ("contactor_fault", None) => return Err(invalid("loop", "contactor_fault needs the loop")),
        ("power_loss" | "door_open", Some(_)) => {
            return Err(invalid("loop", format!("{} concerns the whole gateway and takes no loop", wire.event)));
        }
        (other, _) => {
            return Err(invalid("event", format!("{other:?} is not one of power_loss, door_open, contactor_fault")));
        }
    };
    Ok(DeviceEvent { id, device_time, kind, active: wire.active })
}

/// The optional fields of a command that are present, by their wire names.
fn present_fields(wire: &WireCommand) -> Vec<&'static str> {
    let fields = [
        ("loop", wire.index.is_some()),
        ("on", wire.on.is_some()),
        ("level", wire.level.is_some()),
        ("time", wire.time.is_some()),
        ("until", wire.until.is_some()),
        ("schedule", wire.schedule.is_some()),
        ("fw", wire.fw.is_some()),
        ("size", wire.size.is_some()),
        ("sha256", wire.sha256.is_some()),
        ("chunk", wire.chunk_size.is_some()),
        ("index", wire.chunk_index.is_some()),
        ("data", wire.data.is_some()),
        ("crc32", wire.crc32.is_some()),
        ("heartbeat_s", wire.heartbeat_s.is_some()),
        ("telemetry_s", wire.telemetry_s.is_some()),
    ];
    fields.into_iter().filter(|(_, present)| *present).map(|(name, _)| name).collect()
}

fn schedule_from_wire(wire: WireSchedule) -> Result<Schedule, ProtocolError> {
    let id = ScheduleId::new(wire.id)?;
    let from = time_from_ms("schedule.from", wire.from)?;
    let until = time_from_ms("schedule.until", wire.until)?;
    if until <= from {
        return Err(invalid("schedule.until", "must be after schedule.from"));
    }
    let span_s = (until - from).num_seconds();
    let max_span_s = MAX_SCHEDULE_SPAN.as_secs() as i64;
    if span_s > max_span_s {
        return Err(out_of_range("schedule.until", format!("the schedule spans {span_s} s, over {max_span_s} s")));
    }
    if wire.loops.len() > usize::from(MAX_LOOPS) {
        return Err(invalid("schedule.loops", format!("has {} entries, over {MAX_LOOPS}", wire.loops.len())));
    }
    let mut seen = BTreeSet::new();
    let mut loops = Vec::with_capacity(wire.loops.len());
    for (position, wire_loop) in wire.loops.into_iter().enumerate() {
        let field = format!("schedule.loops[{position}]");
        let index = LoopIndex::checked(&format!("{field}.loop"), wire_loop.index)?;
        if !seen.insert(index) {
            return Err(invalid(format!("{field}.loop"), format!("loop {index} is listed twice")));
        }
        if wire_loop.steps.is_empty() || wire_loop.steps.len() > MAX_SCHEDULE_STEPS {
            return Err(invalid(format!("{field}.steps"), format!("must have 1 to {MAX_SCHEDULE_STEPS} steps")));
        }
        let mut steps = Vec::with_capacity(wire_loop.steps.len());
        let mut previous: Option<u64> = None;
        for (step_position, (offset_s, level)) in wire_loop.steps.into_iter().enumerate() {
            let step_field = format!("{field}.steps[{step_position}]");
            if offset_s > span_s.unsigned_abs() {
                return Err(out_of_range(step_field, format!("{offset_s} s is after schedule.until ({span_s} s)")));
            }
            if previous.is_some_and(|p| offset_s <= p) {
                return Err(invalid(step_field, "steps must be in strictly increasing time order"));
            }
            if level > u64::from(MAX_LEVEL) {
                return Err(out_of_range(step_field, format!("level {level} is outside 0..={MAX_LEVEL}")));
            }
            previous = Some(offset_s);
            // Both fit: offset_s ≤ 14 days in seconds, level ≤ 100.
            steps.push(ScheduleStep { offset_s: offset_s as u32, level: level as u8 });
        }
        loops.push(ScheduleLoop { index, steps });
    }
    Ok(Schedule { id, from, until, loops })
}

fn schedule_to_wire(schedule: &Schedule) -> WireSchedule {
    WireSchedule {
        id: schedule.id.to_string(),
        from: time_to_ms(&schedule.from),
        until: time_to_ms(&schedule.until),
        loops: schedule
            .loops
            .iter()
            .map(|l| WireScheduleLoop {
                index: u64::from(l.index.get()),
                steps: l.steps.iter().map(|s| (u64::from(s.offset_s), u64::from(s.level))).collect(),
            })
            .collect(),
    }
}

/// A SHA-256 on the wire: exactly 64 lowercase hex digits.
fn sha256_from_hex(hex: &str) -> Result<[u8; 32], ProtocolError> {
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let bytes = hex.as_bytes();
    if bytes.len() != 64 {
        return Err(invalid(
            "sha256",
            format!("must be 64 lowercase hex digits, not {} characters", hex.chars().count()),
        ));
    }
    let mut digest = [0_u8; 32];
    for (byte, pair) in digest.iter_mut().zip(bytes.chunks_exact(2)) {
        let (Some(high), Some(low)) = (digit(pair[0]), digit(pair[1])) else {
            return Err(invalid("sha256", "must be 64 lowercase hex digits"));
        };
        *byte = high << 4 | low;
    }
    Ok(digest)
}

fn sha256_to_hex(digest: &[u8; 32]) -> String {
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A whole number of `field` within `range`, as the u32 the domain keeps.
fn check_u32(field: &str, value: u64, range: std::ops::RangeInclusive<u32>) -> Result<u32, ProtocolError> {
    match u32::try_from(value) {
        Ok(fits) if range.contains(&fits) => Ok(fits),
        _ => Err(out_of_range(field, format!("{value} is outside {}..={}", range.start(), range.end()))),
    }
}

fn firmware_begin_from_wire(wire: &WireCommand) -> Result<Command, ProtocolError> {
    let version = wire.fw.clone().ok_or_else(|| invalid("fw", "fw_begin needs the firmware version"))?;
    let size = wire.size.ok_or_else(|| invalid("size", "fw_begin needs the image size"))?;
    let sha256 = wire.sha256.as_deref().ok_or_else(|| invalid("sha256", "fw_begin needs the image's sha256"))?;
    let chunk_size = wire.chunk_size.ok_or_else(|| invalid("chunk", "fw_begin needs the chunk size"))?;
    let max_chunk = MAX_FIRMWARE_CHUNK_BYTES as u32;
    Ok(Command::FirmwareBegin {
        version: FirmwareVersion::new(version)?,
        size: check_u32("size", size, 1..=MAX_FIRMWARE_BYTES)?,
        sha256: sha256_from_hex(sha256)?,
        chunk_size: check_u32("chunk", chunk_size, 1..=max_chunk)?,
    })
}

fn firmware_chunk_from_wire(wire: &WireCommand) -> Result<Command, ProtocolError> {
    let index = wire.chunk_index.ok_or_else(|| invalid("index", "fw_chunk needs the chunk index"))?;
    let data = wire.data.as_deref().ok_or_else(|| invalid("data", "fw_chunk needs the data"))?;
    let crc32 = wire.crc32.ok_or_else(|| invalid("crc32", "fw_chunk needs the crc32 of the data"))?;
    // An image of MAX_FIRMWARE_BYTES in chunks of one byte has the most chunks.
    let index = check_u32("index", index, 0..=MAX_FIRMWARE_BYTES - 1)?;
    let data = BASE64.decode(data).map_err(|err| invalid("data", format!("is not standard base64: {err}")))?;
    if data.is_empty() || data.len() > MAX_FIRMWARE_CHUNK_BYTES {
        return Err(out_of_range(
            "data",
            format!("{} bytes is outside 1..={MAX_FIRMWARE_CHUNK_BYTES} bytes", data.len()),
        ));
    }
    let crc32 = check_u32("crc32", crc32, 0..=u32::MAX)?;
    Ok(Command::FirmwareChunk { index, data, crc32 })
}

/// An interval of `field` in whole seconds within `range`, or `None` when absent.
fn seconds_from_wire(
    field: &str,
    value: Option<u64>,
    range: std::ops::RangeInclusive<u32>,
) -> Result<Option<Duration>, ProtocolError> {
    let Some(seconds) = value else { return Ok(None) };
    let seconds = check_u32(field, seconds, range)?;
    Ok(Some(Duration::from_secs(u64::from(seconds))))
}

/// An interval as whole seconds on the wire; a fraction of a second cannot be sent.
fn seconds_to_wire(field: &str, interval: Option<Duration>) -> Result<Option<u64>, ProtocolError> {
    let Some(interval) = interval else { return Ok(None) };
    if interval.subsec_nanos() != 0 {
        return Err(invalid(field, format!("{interval:?} is not a whole number of seconds")));
    }
    Ok(Some(interval.as_secs()))
}

fn params_from_wire(wire: &WireCommand) -> Result<Command, ProtocolError> {
    if wire.heartbeat_s.is_none() && wire.telemetry_s.is_none() {
        return Err(invalid("cmd", "param_set sets heartbeat_s, telemetry_s or both"));
    }
    Ok(Command::SetParams(GatewayParams {
        heartbeat: seconds_from_wire("heartbeat_s", wire.heartbeat_s, MIN_HEARTBEAT_S..=MAX_HEARTBEAT_S)?,
        telemetry: seconds_from_wire("telemetry_s", wire.telemetry_s, MIN_TELEMETRY_S..=MAX_TELEMETRY_S)?,
    }))
}

/// Every `cmd` this version knows, for the refusal of any other.
const COMMAND_NAMES: &str = "loop_set, read_state, set_time, schedule_set, fw_begin, fw_chunk, fw_commit, param_set";

fn command_from_wire(wire: WireCommand) -> Result<CommandRequest, ProtocolError> {
    let correlation_id = CorrelationId::new(wire.corr_id.clone())?;
    let issued_at = time_from_ms("ts", wire.ts)?;
    let allowed: &[&str] = match wire.cmd.as_str() {
        "loop_set" => &["loop", "on", "level", "until"],
        "read_state" => &[],
        "set_time" => &["time"],
        "schedule_set" => &["schedule"],
        "fw_begin" => &["fw", "size", "sha256", "chunk"],
        "fw_chunk" => &["index", "data", "crc32"],
        "fw_commit" => &[],
        "param_set" => &["heartbeat_s", "telemetry_s"],
        other => return Err(invalid("cmd", format!("{other:?} is not one of {COMMAND_NAMES}"))),
    };
    if let Some(field) = present_fields(&wire).into_iter().find(|field| !allowed.contains(field)) {
        return Err(invalid(field, format!("is not a field of {}", wire.cmd)));
    }
    let command = match wire.cmd.as_str() {
        "loop_set" => {
            let index = wire.index.ok_or_else(|| invalid("loop", "loop_set needs the loop"))?;
            let on = wire.on.ok_or_else(|| invalid("on", "loop_set needs on (true or false)"))?;
            let level = match (on, wire.level) {
                (false, None) => 0,
                (false, Some(_)) => return Err(invalid("level", "is only for switching on")),
                (true, None) => MAX_LEVEL,
                // In 1..=MAX_LEVEL, so it fits.
                (true, Some(level)) if (1..=u64::from(MAX_LEVEL)).contains(&level) => level as u8,
                (true, Some(level)) => {
                    return Err(out_of_range("level", format!("level {level} is outside 1..={MAX_LEVEL}")));
                }
            };
            let until = wire.until.map(|ms| time_from_ms("until", ms)).transpose()?;
            Command::SetLoop { index: LoopIndex::new(index)?, level, until }
        }
        "set_time" => {
            let time = wire.time.ok_or_else(|| invalid("time", "set_time needs the time"))?;
            Command::SetTime { time: time_from_ms("time", time)? }
        }
        "schedule_set" => {
            let schedule = wire.schedule.ok_or_else(|| invalid("schedule", "schedule_set needs the schedule"))?;
            Command::SetSchedule(schedule_from_wire(schedule)?)
        }
        "fw_begin" => firmware_begin_from_wire(&wire)?,
        "fw_chunk" => firmware_chunk_from_wire(&wire)?,
        "fw_commit" => Command::FirmwareCommit,
        "param_set" => params_from_wire(&wire)?,
        _ => Command::ReadState,
    };
    Ok(CommandRequest { correlation_id, issued_at, command })
}

fn check_error_text(text: &str) -> Result<(), ProtocolError> {
    let length = text.chars().count();
    if length == 0 {
        return Err(invalid("error", "a failed command needs an error text"));
    }
    if length > MAX_ERROR_TEXT_LEN {
        return Err(invalid("error", format!("is {length} characters, over the limit of {MAX_ERROR_TEXT_LEN}")));
    }
    Ok(())
}

fn ack_from_wire(wire: WireAck) -> Result<Ack, ProtocolError> {
    let serial = GatewaySerial::new(wire.sn)?;
    let correlation_id = CorrelationId::new(wire.corr_id)?;
    let device_time = time_from_ms("ts", wire.ts)?;
    let result = match (wire.result.as_str(), wire.error) {
        ("ok", None) => AckResult::Ok,
        ("ok", Some(_)) => return Err(invalid("error", "only a failed command has an error text")),
        ("error", Some(text)) => {
            check_error_text(&text)?;
            AckResult::Error(text)
        }
        ("error", None) => return Err(invalid("error", "a failed command needs an error text")),
        (other, _) => return Err(invalid("result", format!("{other:?} is not ok or error"))),
    };
    let loops = loops_from_wire(&wire.loops)?;
    let next_chunk = match wire.next_chunk {
        None => None,
        Some(_) if result != AckResult::Ok => {
            return Err(invalid("next_chunk", "only a successful answer to fw_begin has one"));
        }
        Some(_) if !loops.is_empty() => {
            return Err(invalid(
                "next_chunk",
                "is for fw_begin and loops for read_state; an answer has one or the other",
            ));
        }
        // An image of MAX_FIRMWARE_BYTES in chunks of one byte has the most chunks.
        Some(next) => Some(check_u32("next_chunk", next, 0..=MAX_FIRMWARE_BYTES)?),
    };
    Ok(Ack { serial, correlation_id, device_time, result, loops, next_chunk })
}

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

/// The name of an event kind on the wire (the `event` field).
fn event_name(kind: EventKind) -> &'static str {
    match kind {
        EventKind::PowerLoss => "power_loss",
        EventKind::DoorOpen => "door_open",
        EventKind::ContactorFault { .. } => "contactor_fault",
    }
}

fn loop_to_wire(reading: &LoopReading) -> WireLoop {
    WireLoop {
        index: u64::from(reading.index.get()),
        on: reading.on,
        voltage_v: reading.voltage_v,
        current_a: reading.current_a,
        power_w: reading.active_power_w,
        energy_kwh: reading.energy_kwh,
    }
}

pub(super) fn telemetry_to_wire(telemetry: &Telemetry) -> WireTelemetry {
    WireTelemetry {
        v: PROTOCOL_VERSION,
        id: telemetry.id.to_string(),
        sn: telemetry.id.serial.to_string(),
        ts: time_to_ms(&telemetry.device_time),
        gateway: WireGateway {
            signal_dbm: i64::from(telemetry.gateway.signal_dbm),
            temperature_c: telemetry.gateway.temperature_c,
            fw: telemetry.gateway.firmware.to_string(),
        },
        loops: telemetry.loops.iter().map(loop_to_wire).collect(),
    }
}

/// Serialises a wire value that the decoder's own rules have accepted, so nothing leaves
/// that the other side would refuse.
fn serialise<T: Serialize>(wire: &T) -> Result<Vec<u8>, ProtocolError> {
    let bytes = serde_json::to_vec(wire).map_err(|err| ProtocolError::Syntax(err.to_string()))?;
    if bytes.len() > MAX_PAYLOAD_BYTES {
        return Err(ProtocolError::TooLarge { size: bytes.len(), limit: MAX_PAYLOAD_BYTES });
    }
    Ok(bytes)
}

/// Encodes a gateway's message (what a gateway, or the simulator, sends), after checking it
/// with the decoder's rules.
pub fn encode_uplink(uplink: &Uplink) -> Result<Vec<u8>, ProtocolError> {
    match uplink {
        Uplink::Heartbeat(heartbeat) => {
            let wire = WireHeartbeat {
                v: PROTOCOL_VERSION,
                id: heartbeat.id.to_string(),
                sn: heartbeat.id.serial.to_string(),
                ts: time_to_ms(&heartbeat.device_time),
                uptime_s: heartbeat.uptime.as_secs(),
                fw: heartbeat.firmware.to_string(),
            };
            heartbeat_from_wire(wire.clone())?;
            serialise(&wire)
        }
        Uplink::Telemetry(telemetry) => {
            let wire = telemetry_to_wire(telemetry);
            telemetry_from_wire(wire.clone())?;
            serialise(&wire)
        }
        Uplink::Event(event) => {
            let index = match event.kind {
                EventKind::ContactorFault { index } => Some(u64::from(index.get())),
                EventKind::PowerLoss | EventKind::DoorOpen => None,
            };
            let wire = WireEvent {
                v: PROTOCOL_VERSION,
                id: event.id.to_string(),
                sn: event.id.serial.to_string(),
                ts: time_to_ms(&event.device_time),
                event: event_name(event.kind).to_owned(),
                active: event.active,
                index,
            };
            event_from_wire(wire.clone())?;
            serialise(&wire)
        }
        Uplink::Ack(ack) => {
            let (result, error) = match &ack.result {
                AckResult::Ok => ("ok", None),
                AckResult::Error(text) => ("error", Some(text.clone())),
            };
            let wire = WireAck {
                v: PROTOCOL_VERSION,
                corr_id: ack.correlation_id.to_string(),
                sn: ack.serial.to_string(),
                ts: time_to_ms(&ack.device_time),
                result: result.to_owned(),
                error,
                loops: ack.loops.iter().map(loop_to_wire).collect(),
                next_chunk: ack.next_chunk.map(u64::from),
            };
            ack_from_wire(wire.clone())?;
            serialise(&wire)
        }
    }
}

/// Encodes a command (what the platform sends on a gateway's `cmd` subject), after checking
/// it with the decoder's rules.
pub fn encode_command(request: &CommandRequest) -> Result<Vec<u8>, ProtocolError> {
    let mut wire = WireCommand {
        v: PROTOCOL_VERSION,
        corr_id: request.correlation_id.to_string(),
        ts: time_to_ms(&request.issued_at),
        cmd: String::new(),
        index: None,
        on: None,
        level: None,
        time: None,
        until: None,
        schedule: None,
        fw: None,
        size: None,
        sha256: None,
        chunk_size: None,
        chunk_index: None,
        data: None,
        crc32: None,
        heartbeat_s: None,
        telemetry_s: None,
    };
    wire.cmd = match &request.command {
        Command::SetLoop { index, level, until } => {
            wire.index = Some(u64::from(index.get()));
            wire.on = Some(*level > 0);
            // Full brightness goes without the field, as gateways that cannot dim expect.
            wire.level = (1..MAX_LEVEL).contains(level).then_some(u64::from(*level));
            wire.until = until.as_ref().map(time_to_ms);
            "loop_set"
        }
        Command::ReadState => "read_state",
        Command::SetTime { time } => {
            wire.time = Some(time_to_ms(time));
            "set_time"
        }
        Command::SetSchedule(schedule) => {
            wire.schedule = Some(schedule_to_wire(schedule));
            "schedule_set"
        }
        Command::FirmwareBegin { version, size, sha256, chunk_size } => {
            wire.fw = Some(version.to_string());
            wire.size = Some(u64::from(*size));
            wire.sha256 = Some(sha256_to_hex(sha256));
            wire.chunk_size = Some(u64::from(*chunk_size));
            "fw_begin"
        }
        Command::FirmwareChunk { index, data, crc32 } => {
            wire.chunk_index = Some(u64::from(*index));
            wire.data = Some(BASE64.encode(data));
            wire.crc32 = Some(u64::from(*crc32));
            "fw_chunk"
        }
        Command::FirmwareCommit => "fw_commit",
        Command::SetParams(params) => {
            wire.heartbeat_s = seconds_to_wire("heartbeat_s", params.heartbeat)?;
            wire.telemetry_s = seconds_to_wire("telemetry_s", params.telemetry)?;
            "param_set"
        }
    }
    .to_owned();
    command_from_wire(wire.clone())?;
    serialise(&wire)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::fixtures::*;
    use crate::protocol::topics::Topics;
    use proptest::prelude::*;

    fn telemetry_json() -> Value {
        serde_json::from_slice(&encode_uplink(&Uplink::Telemetry(telemetry())).unwrap()).unwrap()
    }

    /// Changes one field of a valid payload.
    type Mutation = fn(&mut Value);

    fn decode_telemetry_value(value: &Value) -> Result<Uplink, ProtocolError> {
        decode_uplink(Channel::Telemetry, value.to_string().as_bytes())
    }

    #[test]
    fn valid_payloads_take_the_direct_path_and_doubtful_ones_the_careful_one() {
        let bytes = encode_uplink(&Uplink::Telemetry(telemetry())).unwrap();
        assert!(parse_direct::<WireTelemetry>(&bytes).is_some());
        let text = String::from_utf8(bytes).unwrap();
        for doubtful in [text.replacen('{', r#"{"v":1,"#, 1), text.replace(r#""v":1"#, r#""v":2"#)] {
            assert!(parse_direct::<WireTelemetry>(doubtful.as_bytes()).is_none(), "{doubtful}");
        }
        // A repeated key: the careful way takes the last, as it always did.
        let repeated = text.replacen('{', r#"{"v":7,"#, 1);
        assert!(parse_careful::<WireTelemetry>(Channel::Telemetry, repeated.as_bytes()).is_ok());
    }

    #[test]
    fn telemetry_round_trips_and_uses_the_documented_field_names() {
        let bytes = encode_uplink(&Uplink::Telemetry(telemetry())).unwrap();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["v"], 1);
        assert_eq!(value["id"], "GW-0001-1735689600042");
        assert_eq!(value["sn"], "GW-0001");
        assert_eq!(value["ts"], 1_735_689_600_000_i64);
        assert_eq!(value["gateway"]["signal_dbm"], -71);
        assert_eq!(value["loops"][0]["loop"], 1);
        assert_eq!(value["loops"][0]["power_w"], 867.3);
        assert_eq!(decode_uplink(Channel::Telemetry, &bytes).unwrap(), Uplink::Telemetry(telemetry()));
    }

    #[test]
    fn every_uplink_and_command_round_trips() {
        let heartbeat = Uplink::Heartbeat(Heartbeat {
            id: MessageId::new(serial(), 7),
            device_time: at(1_735_689_600_000),
            uptime: Duration::from_secs(86_400),
            firmware: FirmwareVersion::new("2.4.1+build.7").unwrap(),
        });
        let event = Uplink::Event(DeviceEvent {
            id: MessageId::new(serial(), 8),
            device_time: at(1_735_689_600_500),
            kind: EventKind::ContactorFault { index: LoopIndex::new(3).unwrap() },
            active: true,
        });
        let ack = Uplink::Ack(Ack {
            serial: serial(),
            correlation_id: CorrelationId::new("0b9e6f3c-2f6a-4c1e-9a57-3f1d2c4b5a69").unwrap(),
            device_time: at(1_735_689_601_000),
            result: AckResult::Ok,
            loops: vec![reading(1, false)],
            next_chunk: None,
        });
        let failed = Uplink::Ack(Ack {
            serial: serial(),
            correlation_id: CorrelationId::new("c-1").unwrap(),
            device_time: at(1_735_689_601_000),
            result: AckResult::Error("loop 9 does not exist".into()),
            loops: Vec::new(),
            next_chunk: None,
        });
        for (channel, uplink) in
            [(Channel::Heartbeat, heartbeat), (Channel::Event, event), (Channel::Ack, ack), (Channel::Ack, failed)]
        {
            let bytes = encode_uplink(&uplink).unwrap();
            assert_eq!(decode_uplink(channel, &bytes).unwrap(), uplink);
        }
        for command in [
            Command::SetLoop { index: LoopIndex::new(2).unwrap(), level: 0, until: None },
            Command::SetLoop { index: LoopIndex::new(3).unwrap(), level: 100, until: Some(at(1_735_693_200_000)) },
            Command::SetLoop { index: LoopIndex::new(4).unwrap(), level: 30, until: None },
            Command::ReadState,
            Command::SetTime { time: at(1_893_456_000_000) },
        ] {
            let request = CommandRequest {
                correlation_id: CorrelationId::new("c-42").unwrap(),
                issued_at: at(1_735_689_600_000),
                command,
            };
            assert_eq!(decode_command(&encode_command(&request).unwrap()).unwrap(), request);
        }
    }

    /// The worked example of `docs/device-protocol.md`, 6.2: a 40-byte image in chunks of 32.
    const EXAMPLE_SHA256: &str = "d9ffd0640e70b31dc16642d89c15694fccf09b97b55e6cac72041416d1bfcfed";

    fn firmware_begin() -> Command {
        Command::FirmwareBegin {
            version: FirmwareVersion::new("2.5.0").unwrap(),
            size: 40,
            sha256: sha256_from_hex(EXAMPLE_SHA256).unwrap(),
            chunk_size: 32,
        }
    }

    fn request(command: Command) -> CommandRequest {
        CommandRequest {
            correlation_id: CorrelationId::new("c-42").unwrap(),
            issued_at: at(1_735_689_600_000),
            command,
        }
    }

    #[test]
    fn firmware_commands_round_trip_with_the_documented_field_names() {
        let chunk = Command::FirmwareChunk { index: 1, data: b"ytes.\n\x00\x01".to_vec(), crc32: 304_924_753 };
        let expected = [
            (firmware_begin(), serde_json::json!({"fw": "2.5.0", "size": 40, "sha256": EXAMPLE_SHA256, "chunk": 32})),
            (chunk, serde_json::json!({"index": 1, "data": "eXRlcy4KAAE=", "crc32": 304_924_753_u32})),
            (Command::FirmwareCommit, serde_json::json!({})),
        ];
        for (command, fields) in expected {
            let bytes = encode_command(&request(command.clone())).unwrap();
            let mut value: Value = serde_json::from_slice(&bytes).unwrap();
            let object = value.as_object_mut().unwrap();
            for envelope in ["v", "corr_id", "ts", "cmd"] {
                object.remove(envelope).unwrap();
            }
            assert_eq!(value, fields, "{command:?}");
            assert_eq!(decode_command(&bytes).unwrap(), request(command));
        }
        let answer = Uplink::Ack(Ack {
            serial: serial(),
            correlation_id: CorrelationId::new("c-42").unwrap(),
            device_time: at(1_735_689_600_100),
            result: AckResult::Ok,
            loops: Vec::new(),
            next_chunk: Some(1),
        });
        let bytes = encode_uplink(&answer).unwrap();
        assert_eq!(serde_json::from_slice::<Value>(&bytes).unwrap()["next_chunk"], 1);
        assert_eq!(decode_uplink(Channel::Ack, &bytes).unwrap(), answer);
    }

    #[test]
    fn the_largest_chunk_fits_in_a_payload() {
        let command = Command::FirmwareChunk {
            index: MAX_FIRMWARE_BYTES - 1,
            data: vec![0xff; MAX_FIRMWARE_CHUNK_BYTES],
            crc32: u32::MAX,
        };
        let request = CommandRequest {
            correlation_id: CorrelationId::new("c".repeat(crate::protocol::MAX_CORRELATION_ID_LEN)).unwrap(),
            issued_at: at(LATEST_DEVICE_TIME_MS),
            command,
        };
        let bytes = encode_command(&request).unwrap();
        assert!(bytes.len() <= MAX_PAYLOAD_BYTES, "{} bytes", bytes.len());
        assert_eq!(decode_command(&bytes).unwrap(), request);
    }

    #[test]
    fn firmware_commands_and_next_chunk_are_checked() {
        let refused = |json: &str, reason_part: &str| {
            let err = decode_command(json.as_bytes()).map(drop).expect_err(json);
            assert!(err.to_string().contains(reason_part), "{err} lacks {reason_part}");
        };
        let command = r#""v":1,"corr_id":"c-1","ts":1735689600000"#;
        let begin = |fields: &str| format!(r#"{{{command},"cmd":"fw_begin",{fields}}}"#);
        let sha = EXAMPLE_SHA256;
        assert!(
            decode_command(begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{sha}","chunk":32"#)).as_bytes()).is_ok()
        );
        refused(
            &begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{}","chunk":32"#, sha.to_uppercase())),
            "sha256 is invalid",
        );
        refused(
            &begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{}","chunk":32"#, &sha[..62])),
            "not 62 characters",
        );
        refused(
            &begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{}zz","chunk":32"#, &sha[..62])),
            "64 lowercase hex",
        );
        refused(&begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{sha}00","chunk":32"#)), "not 66 characters");
        refused(&begin(&format!(r#""fw":"2.5.0","size":0,"sha256":"{sha}","chunk":32"#)), "size is out of range");
        refused(
            &begin(&format!(r#""fw":"2.5.0","size":16777217,"sha256":"{sha}","chunk":32"#)),
            "size is out of range",
        );
        refused(&begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{sha}","chunk":32769"#)), "chunk is out of range");
        refused(&begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{sha}","chunk":0"#)), "chunk is out of range");
        refused(&begin(&format!(r#""fw":"2 5","size":40,"sha256":"{sha}","chunk":32"#)), "fw is invalid");
        refused(&begin(&format!(r#""size":40,"sha256":"{sha}","chunk":32"#)), "needs the firmware version");
        refused(&begin(r#""fw":"2.5.0","size":40,"chunk":32"#), "needs the image's sha256");
        refused(
            &begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{sha}","chunk":32,"loop":1"#)),
            "loop is invalid: is not a field of fw_begin",
        );
        refused(
            &begin(&format!(r#""fw":"2.5.0","size":40,"sha256":"{sha}","chunk":32,"index":0"#)),
            "not a field of fw_begin",
        );

        let chunk = |fields: &str| format!(r#"{{{command},"cmd":"fw_chunk",{fields}}}"#);
        assert!(decode_command(chunk(r#""index":1,"data":"eXRlcy4KAAE=","crc32":304924753"#).as_bytes()).is_ok());
        refused(&chunk(r#""index":1,"data":"eXRlcy4KAAE=""#), "needs the crc32");
        refused(&chunk(r#""index":1,"data":"eXRlcy4KAAE","crc32":1"#), "not standard base64");
        refused(&chunk(r#""index":1,"data":"eXRl cy4KAAE=","crc32":1"#), "not standard base64");
        refused(&chunk(r#""index":1,"data":"eXRlcy4KAAE-","crc32":1"#), "not standard base64");
        refused(&chunk(r#""index":1,"data":"","crc32":0"#), "0 bytes is outside");
        refused(&chunk(r#""index":1,"data":"AA==","crc32":4294967296"#), "crc32 is out of range");
        refused(&chunk(r#""index":16777216,"data":"AA==","crc32":1"#), "index is out of range");
        refused(&chunk(r#""data":"AA==","crc32":1"#), "needs the chunk index");
        refused(&chunk(r#""index":1,"data":"AA==","crc32":1,"fw":"2.5.0""#), "not a field of fw_chunk");
        let too_big = BASE64.encode(vec![0_u8; MAX_FIRMWARE_CHUNK_BYTES + 1]);
        refused(&chunk(&format!(r#""index":1,"data":"{too_big}","crc32":1"#)), "32769 bytes is outside 1..=32768");
        refused(&format!(r#"{{{command},"cmd":"fw_commit","index":3}}"#), "not a field of fw_commit");
        assert_eq!(
            decode_command(format!(r#"{{{command},"cmd":"fw_commit"}}"#).as_bytes()).unwrap().command,
            Command::FirmwareCommit
        );

        let ack = r#""v":1,"corr_id":"c-1","sn":"GW-0001","ts":1735689600000"#;
        let refused_ack = |json: String, reason_part: &str| {
            let err = decode_uplink(Channel::Ack, json.as_bytes()).map(drop).expect_err(&json);
            assert!(err.to_string().contains(reason_part), "{err} lacks {reason_part}");
        };
        assert!(decode_uplink(Channel::Ack, format!(r#"{{{ack},"result":"ok","next_chunk":0}}"#).as_bytes()).is_ok());
        refused_ack(format!(r#"{{{ack},"result":"error","error":"x","next_chunk":3}}"#), "only a successful answer");
        refused_ack(
            format!(
                r#"{{{ack},"result":"ok","next_chunk":3,"loops":[{{"loop":1,"on":false,"voltage_v":220,"current_a":0,"power_w":0,"energy_kwh":1}}]}}"#
            ),
            "one or the other",
        );
        refused_ack(format!(r#"{{{ack},"result":"ok","next_chunk":16777217}}"#), "next_chunk is out of range");
        refused_ack(format!(r#"{{{ack},"result":"ok","next_chunk":-1}}"#), "schema");
    }

    fn params(heartbeat_s: Option<u64>, telemetry_s: Option<u64>) -> Command {
        Command::SetParams(GatewayParams {
            heartbeat: heartbeat_s.map(Duration::from_secs),
            telemetry: telemetry_s.map(Duration::from_secs),
        })
    }

    #[test]
    fn param_set_round_trips_with_the_documented_field_names() {
        let expected = [
            (params(Some(30), Some(60)), serde_json::json!({"heartbeat_s": 30, "telemetry_s": 60})),
            (params(Some(10), None), serde_json::json!({"heartbeat_s": 10})),
            (params(None, Some(3600)), serde_json::json!({"telemetry_s": 3600})),
            (params(Some(10), Some(10)), serde_json::json!({"heartbeat_s": 10, "telemetry_s": 10})),
        ];
        for (command, fields) in expected {
            let bytes = encode_command(&request(command.clone())).unwrap();
            let mut value: Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(value["cmd"], "param_set");
            let object = value.as_object_mut().unwrap();
            for envelope in ["v", "corr_id", "ts", "cmd"] {
                object.remove(envelope).unwrap();
            }
            assert_eq!(value, fields, "{command:?}");
            assert_eq!(decode_command(&bytes).unwrap(), request(command));
        }
    }

    #[test]
    fn param_set_is_checked_both_ways() {
        let refused = |fields: &str, reason_part: &str| {
            let json = format!(r#"{{"v":1,"corr_id":"c-1","ts":1735689600000,"cmd":"param_set"{fields}}}"#);
            let err = decode_command(json.as_bytes()).map(drop).expect_err(&json);
            assert!(err.to_string().contains(reason_part), "{err} lacks {reason_part}");
        };
        refused("", "cmd is invalid: param_set sets heartbeat_s, telemetry_s or both");
        refused(r#","heartbeat_s":null,"telemetry_s":null"#, "sets heartbeat_s, telemetry_s or both");
        refused(r#","heartbeat_s":9"#, "heartbeat_s is out of range: 9 is outside 10..=30");
        refused(r#","heartbeat_s":31,"telemetry_s":60"#, "heartbeat_s is out of range: 31 is outside 10..=30");
        refused(r#","heartbeat_s":0"#, "heartbeat_s is out of range");
        refused(r#","heartbeat_s":4294967306"#, "heartbeat_s is out of range");
        refused(r#","telemetry_s":9"#, "telemetry_s is out of range: 9 is outside 10..=3600");
        refused(r#","telemetry_s":3601"#, "telemetry_s is out of range: 3601 is outside 10..=3600");
        refused(r#","heartbeat_s":30.5"#, "schema");
        refused(r#","heartbeat_s":30.0"#, "schema");
        refused(r#","telemetry_s":-60"#, "schema");
        refused(r#","telemetry_s":"60""#, "schema");
        refused(r#","heartbeat_s":30,"loop":1"#, "loop is invalid: is not a field of param_set");
        refused(r#","telemetry_s":60,"time":1735689600000"#, "time is invalid: is not a field of param_set");
        let other = r#"{"v":1,"corr_id":"c-1","ts":1735689600000,"cmd":"read_state","heartbeat_s":30}"#;
        let err = decode_command(other.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("heartbeat_s is invalid: is not a field of read_state"), "{err}");

        let not_sent = |command: Command, reason_part: &str| {
            let err = encode_command(&request(command.clone())).expect_err(&format!("{command:?}"));
            assert!(err.to_string().contains(reason_part), "{err} lacks {reason_part}");
        };
        not_sent(params(None, None), "sets heartbeat_s, telemetry_s or both");
        not_sent(params(Some(9), None), "heartbeat_s is out of range");
        not_sent(params(Some(31), Some(60)), "heartbeat_s is out of range");
        not_sent(params(Some(30), Some(3601)), "telemetry_s is out of range");
        not_sent(params(None, Some(0)), "telemetry_s is out of range");
        let fraction = GatewayParams { heartbeat: Some(Duration::from_millis(20_500)), telemetry: None };
        not_sent(Command::SetParams(fraction), "heartbeat_s is invalid: 20.5s is not a whole number of seconds");
        let fraction = GatewayParams { heartbeat: None, telemetry: Some(Duration::from_nanos(60_000_000_001)) };
        not_sent(Command::SetParams(fraction), "telemetry_s is invalid");
    }

    #[test]
    fn the_heartbeat_ceiling_is_the_interval_the_offline_judgement_counts() {
        assert_eq!(Duration::from_secs(u64::from(MAX_HEARTBEAT_S)), crate::protocol::HEARTBEAT_INTERVAL);
        assert_eq!((MIN_HEARTBEAT_S, MAX_HEARTBEAT_S, MIN_TELEMETRY_S, MAX_TELEMETRY_S), (10, 30, 10, 3600));
    }

    #[test]
    fn the_envelope_is_checked_first() {
        let huge = vec![b' '; MAX_PAYLOAD_BYTES + 1];
        assert!(matches!(decode_uplink(Channel::Telemetry, &huge), Err(ProtocolError::TooLarge { .. })));
        assert!(matches!(decode_uplink(Channel::Telemetry, b"{\"v\":1"), Err(ProtocolError::Syntax(_))));
        assert_eq!(decode_uplink(Channel::Telemetry, b"[1,2]"), Err(ProtocolError::NotAnObject));
        assert_eq!(decode_uplink(Channel::Telemetry, b"{}"), Err(ProtocolError::MissingVersion));
        assert_eq!(decode_uplink(Channel::Telemetry, b"{\"v\":2}"), Err(ProtocolError::UnsupportedVersion(2)));
        assert!(matches!(decode_uplink(Channel::Telemetry, b"{\"v\":\"1\"}"), Err(ProtocolError::Invalid { .. })));
        assert_eq!(
            decode_uplink(Channel::Command, b"{\"v\":1}"),
            Err(ProtocolError::NotUplink { channel: Channel::Command })
        );
        // Deep nesting is refused by the parser's recursion limit, not by a stack overflow.
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(matches!(decode_command(deep.as_bytes()), Err(ProtocolError::Syntax(_))));
    }

    #[test]
    fn missing_or_mistyped_fields_are_named() {
        let mut value = telemetry_json();
        value.as_object_mut().unwrap().remove("gateway");
        let err = decode_telemetry_value(&value).unwrap_err();
        assert!(err.to_string().contains("missing field `gateway`"), "{err}");
        let mut value = telemetry_json();
        value["loops"][0]["on"] = Value::from("yes");
        let err = decode_telemetry_value(&value).unwrap_err();
        assert!(matches!(err, ProtocolError::Schema { channel: Channel::Telemetry, .. }), "{err}");
        // Unknown fields are ignored so a gateway may add some without a version bump.
        let mut value = telemetry_json();
        value["vendor_extra"] = Value::from(1);
        assert_eq!(decode_telemetry_value(&value).unwrap(), Uplink::Telemetry(telemetry()));
    }

    #[test]
    fn out_of_range_values_are_refused_with_the_field_and_the_limit() {
        let cases: [(&str, Mutation, &str); 9] = [
            ("loops[1].voltage_v", |v| v["loops"][1]["voltage_v"] = Value::from(612.0), "612 V is outside 0..=500 V"),
            ("loops[0].current_a", |v| v["loops"][0]["current_a"] = Value::from(-0.5), "-0.5 A"),
            ("loops[2].power_w", |v| v["loops"][2]["power_w"] = Value::from(1.0e7), "W"),
            ("loops[0].energy_kwh", |v| v["loops"][0]["energy_kwh"] = Value::from(-1.0), "kWh"),
            ("gateway.signal_dbm", |v| v["gateway"]["signal_dbm"] = Value::from(12), "12 dBm"),
            ("gateway.temperature_c", |v| v["gateway"]["temperature_c"] = Value::from(300.5), "°C"),
            ("loops[0].loop", |v| v["loops"][0]["loop"] = Value::from(0), "loop 0 is outside 1..=64"),
            ("loops[2].loop", |v| v["loops"][2]["loop"] = Value::from(65), "loop 65"),
            ("ts", |v| v["ts"] = Value::from(1_000), "not between 2020-01-01 and 2100-01-01"),
        ];
        for (field, mutate, reason_part) in cases {
            let mut value = telemetry_json();
            mutate(&mut value);
            match decode_telemetry_value(&value) {
                Err(ProtocolError::OutOfRange { field: got, reason }) => {
                    assert_eq!(got, field);
                    assert!(reason.contains(reason_part), "{field}: {reason}");
                }
                other => panic!("{field}: expected out of range, got {other:?}"),
            }
        }
    }

    #[test]
    fn identifiers_and_structure_are_checked() {
        let cases: [(Mutation, &str); 7] = [
            (|v| v["sn"] = Value::from("GW 0001"), "sn is invalid: character ' ' is not allowed"),
            (|v| v["sn"] = Value::from("GW.0001"), "character '.'"),
            (|v| v["id"] = Value::from("GW-0002-5"), "serial part \"GW-0002\""),
            (|v| v["id"] = Value::from("GW-0001-+5"), "not a decimal number"),
            (|v| v["loops"][1]["loop"] = Value::from(1), "loop 1 appears more than once"),
            (|v| v["loops"] = Value::Array(Vec::new()), "at least one loop"),
            (|v| v["gateway"]["fw"] = Value::from(""), "fw is invalid: must not be empty"),
        ];
        for (mutate, reason_part) in cases {
            let mut value = telemetry_json();
            mutate(&mut value);
            let err = decode_telemetry_value(&value).unwrap_err();
            assert!(err.to_string().contains(reason_part), "{err} lacks {reason_part}");
        }
    }

    #[test]
    fn events_commands_and_acks_check_their_variants() {
        let refused = |channel: Channel, json: &str, reason_part: &str| {
            let result = match channel {
                Channel::Command => decode_command(json.as_bytes()).map(drop),
                _ => decode_uplink(channel, json.as_bytes()).map(drop),
            };
            let err = result.expect_err(json);
            assert!(err.to_string().contains(reason_part), "{err} lacks {reason_part}");
        };
        let event = r#""v":1,"id":"GW-0001-3","sn":"GW-0001","ts":1735689600000"#;
        refused(Channel::Event, &format!(r#"{{{event},"event":"contactor_fault","active":true}}"#), "needs the loop");
        refused(Channel::Event, &format!(r#"{{{event},"event":"door_open","active":true,"loop":2}}"#), "takes no loop");
        refused(Channel::Event, &format!(r#"{{{event},"event":"flood","active":true}}"#), "\"flood\" is not one of");
        let command = r#""v":1,"corr_id":"c-1","ts":1735689600000"#;
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"loop_set","loop":2}}"#), "needs on");
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"loop_set","on":true}}"#), "needs the loop");
        refused(
            Channel::Command,
            &format!(r#"{{{command},"cmd":"loop_set","loop":2,"on":false,"level":30}}"#),
            "only for switching on",
        );
        refused(
            Channel::Command,
            &format!(r#"{{{command},"cmd":"loop_set","loop":2,"on":true,"level":0}}"#),
            "outside 1..=100",
        );
        refused(
            Channel::Command,
            &format!(r#"{{{command},"cmd":"loop_set","loop":2,"on":true,"level":101}}"#),
            "outside 1..=100",
        );
        refused(
            Channel::Command,
            &format!(r#"{{{command},"cmd":"read_state","loop":1}}"#),
            "not a field of read_state",
        );
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"set_time"}}"#), "needs the time");
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"set_time","time":5}}"#), "time is out of range");
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"reboot"}}"#), "\"reboot\" is not one of");
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"loop_set","loop":1,"on":true,"until":5}}"#), "until");
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"read_state","until":1735689600000}}"#), "not a field");
        refused(Channel::Command, &format!(r#"{{{command},"cmd":"schedule_set"}}"#), "needs the schedule");
        let schedule = |body: &str| format!(r#"{{{command},"cmd":"schedule_set","schedule":{{"id":"s-1",{body}}}}}"#);
        let span = r#""from":1735689600000,"until":1735776000000"#;
        refused(
            Channel::Command,
            &schedule(r#""from":1735689600000,"until":1735689600000,"loops":[]"#),
            "after schedule.from",
        );
        refused(Channel::Command, &schedule(r#""from":1735689600000,"until":1737000000000,"loops":[]"#), "spans");
        refused(Channel::Command, &schedule(&format!(r#"{span},"loops":[{{"loop":1,"steps":[]}}]"#)), "1 to 512 steps");
        refused(Channel::Command, &schedule(&format!(r#"{span},"loops":[{{"loop":65,"steps":[[0,1]]}}]"#)), "loop 65");
        refused(
            Channel::Command,
            &schedule(&format!(r#"{span},"loops":[{{"loop":1,"steps":[[0,1]]}},{{"loop":1,"steps":[[0,0]]}}]"#)),
            "listed twice",
        );
        refused(
            Channel::Command,
            &schedule(&format!(r#"{span},"loops":[{{"loop":1,"steps":[[60,100],[60,0]]}}]"#)),
            "strictly increasing",
        );
        refused(
            Channel::Command,
            &schedule(&format!(r#"{span},"loops":[{{"loop":1,"steps":[[0,101]]}}]"#)),
            "level 101",
        );
        refused(
            Channel::Command,
            &schedule(&format!(r#"{span},"loops":[{{"loop":1,"steps":[[86401,0]]}}]"#)),
            "after schedule.until",
        );
        refused(Channel::Command, &schedule(&format!(r#"{span},"loops":[{{"loop":1,"steps":[[0,"on"]]}}]"#)), "schema");
        refused(Channel::Command, r#"{"v":1,"corr_id":"a b","ts":1735689600000,"cmd":"read_state"}"#, "corr_id");
        let ack = r#""v":1,"corr_id":"c-1","sn":"GW-0001","ts":1735689600000"#;
        refused(Channel::Ack, &format!(r#"{{{ack},"result":"error"}}"#), "needs an error text");
        refused(Channel::Ack, &format!(r#"{{{ack},"result":"ok","error":"x"}}"#), "only a failed command");
        refused(Channel::Ack, &format!(r#"{{{ack},"result":"maybe"}}"#), "\"maybe\" is not ok or error");
        let long = "x".repeat(MAX_ERROR_TEXT_LEN + 1);
        refused(Channel::Ack, &format!(r#"{{{ack},"result":"error","error":"{long}"}}"#), "over the limit of 256");
    }

    #[test]
    fn a_schedule_gives_each_loop_its_last_step_and_the_next_change() {
        let from = at(1_735_689_600_000);
        let loop_1 = LoopIndex::new(1).unwrap();
        let schedule = Schedule {
            id: ScheduleId::new("s-1").unwrap(),
            from,
            until: from + chrono::TimeDelta::hours(24),
            loops: vec![ScheduleLoop {
                index: loop_1,
                steps: vec![ScheduleStep { offset_s: 3600, level: 100 }, ScheduleStep { offset_s: 7200, level: 0 }],
            }],
        };
        let later = |seconds| from + chrono::TimeDelta::seconds(seconds);
        assert_eq!(schedule.level_at(loop_1, later(3599)), None, "before the first step the loop is left alone");
        assert_eq!(schedule.level_at(loop_1, later(3600)), Some(100));
        assert_eq!(schedule.level_at(loop_1, later(7199)), Some(100));
        assert_eq!(schedule.level_at(loop_1, later(90_000)), Some(0), "after until the last step holds");
        assert_eq!(schedule.level_at(LoopIndex::new(2).unwrap(), later(5000)), None, "a loop not named");
        assert_eq!(schedule.next_step_after(loop_1, later(3600)), Some(later(7200)));
        assert_eq!(schedule.next_step_after(loop_1, later(7200)), None);
    }

    #[test]
    fn a_bad_commands_correlation_id_can_still_be_found() {
        let bad = br#"{"v":1,"corr_id":"c-7","ts":1735689600000,"cmd":"reboot"}"#;
        assert!(decode_command(bad).is_err());
        assert_eq!(correlation_id_of(bad), Some(CorrelationId::new("c-7").unwrap()));
        assert_eq!(correlation_id_of(b"{\"corr_id\":\"no spaces allowed\"}"), None);
        assert_eq!(correlation_id_of(b"garbage"), None);
    }

    #[test]
    fn encoding_refuses_what_decoding_would() {
        let mut bad = telemetry();
        bad.loops[0].voltage_v = f64::NAN;
        assert!(matches!(encode_uplink(&Uplink::Telemetry(bad)), Err(ProtocolError::OutOfRange { .. })));
        let mut bad = telemetry();
        bad.loops.push(reading(1, true));
        assert!(encode_uplink(&Uplink::Telemetry(bad)).is_err());
        let ack = Ack {
            serial: serial(),
            correlation_id: CorrelationId::new("c").unwrap(),
            device_time: at(1_735_689_600_000),
            result: AckResult::Error(String::new()),
            loops: Vec::new(),
            next_chunk: None,
        };
        assert!(encode_uplink(&Uplink::Ack(ack)).is_err());
    }

    /// Every ```json block of the protocol document is a valid message of some channel, so
    /// the worked examples cannot drift from the code.
    #[test]
    fn the_documents_examples_decode() {
        let doc = include_str!("../../../docs/device-protocol.md");
        let mut examples = 0;
        for block in doc.split("```json").skip(1) {
            let Some((json, _)) = block.split_once("```") else { panic!("unclosed json block") };
            let decodes = [Channel::Heartbeat, Channel::Telemetry, Channel::Event, Channel::Ack]
                .into_iter()
                .any(|channel| decode_uplink(channel, json.as_bytes()).is_ok())
                || decode_command(json.as_bytes()).is_ok();
            assert!(decodes, "example does not decode: {json}");
            examples += 1;
        }
        assert!(examples >= 24, "only {examples} examples");
    }

    /// A JSON value of any kind, for a field that may not expect it.
    fn arb_json() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            (-1.0e12..1.0e12_f64).prop_map(Value::from),
            Just(Value::from(1.0)),
            Just(Value::from(2)),
            "[A-Za-z0-9._-]{0,12}".prop_map(Value::from),
            Just(serde_json::json!([])),
            Just(serde_json::json!({})),
        ]
    }

    /// A valid payload changed at one key of the object at `path` (the top, `gateway` or the
    /// first loop): set to `value`, removed, or repeated before the original with `value`;
    /// or wrapped in whitespace, or turned into an array.
    fn near_valid(payload: &[u8], path: usize, key: prop::sample::Index, op: u8, value: &Value) -> Vec<u8> {
        let mut tree: Value = serde_json::from_slice(payload).unwrap();
        let object = match (path, &mut tree) {
            (1, Value::Object(top)) if top.contains_key("gateway") => top.get_mut("gateway").unwrap(),
            (2, Value::Object(top)) if top.get("loops").and_then(Value::as_array).is_some_and(|l| !l.is_empty()) => {
                &mut top.get_mut("loops").unwrap()[0]
            }
            (_, tree) => tree,
        };
        let Value::Object(map) = object else { unreachable!() };
        let keys: Vec<String> = map.keys().cloned().collect();
        let key = keys[key.index(keys.len())].clone();
        match op % 6 {
            0 => {
                map.insert(key, value.clone());
            }
            1 => {
                map.remove(&key);
            }
            2 => {
                // A repeated key: JSON text that no `Value` can hold.
                let text = serde_json::to_string(&tree).unwrap();
                let repeated = format!("{{{}:{},", serde_json::to_string(&key).unwrap(), value);
                return text.replacen('{', &repeated, 1).into_bytes();
            }
            3 => return format!(" \n\t{}\r ", serde_json::to_string(&tree).unwrap()).into_bytes(),
            4 => return serde_json::to_vec(&tree.as_object().unwrap().values().collect::<Vec<_>>()).unwrap(),
            _ => {
                map.insert("v".into(), value.clone());
            }
        }
        serde_json::to_vec(&tree).unwrap()
    }

    /// Both ways of reading a payload give the same answer, to the last digit and message.
    fn ways_agree<T: Versioned + std::fmt::Debug>(channel: Channel, payload: &[u8]) -> Result<(), TestCaseError> {
        let direct = parse_wire::<T>(channel, payload);
        let careful = parse_careful::<T>(channel, payload);
        prop_assert_eq!(format!("{direct:?}"), format!("{careful:?}"), "{}", String::from_utf8_lossy(payload));
        Ok(())
    }

    proptest! {
        #[test]
        fn the_direct_path_agrees_with_the_careful_one(
            telemetry in arb_telemetry(),
            request in (arb_correlation_id(), arb_time(), arb_command())
                .prop_map(|(correlation_id, issued_at, command)| CommandRequest { correlation_id, issued_at, command }),
            kind in arb_event_kind(),
            which in 0_u8..5,
            path in 0_usize..3,
            key in any::<prop::sample::Index>(),
            op in any::<u8>(),
            value in arb_json(),
        ) {
            let id = telemetry.id.clone();
            let device_time = telemetry.device_time;
            let (channel, payload) = match which {
                0 => (Channel::Telemetry, encode_uplink(&Uplink::Telemetry(telemetry)).unwrap()),
                1 => {
                    let firmware = telemetry.gateway.firmware.clone();
                    let heartbeat = Heartbeat { id, device_time, uptime: Duration::from_secs(60), firmware };
                    (Channel::Heartbeat, encode_uplink(&Uplink::Heartbeat(heartbeat)).unwrap())
                }
                2 => (Channel::Event, encode_uplink(&Uplink::Event(DeviceEvent { id, device_time, kind, active: true })).unwrap()),
                3 => {
                    let ack = Ack {
                        serial: id.serial.clone(),
                        correlation_id: request.correlation_id.clone(),
                        device_time,
                        result: AckResult::Ok,
                        loops: telemetry.loops,
                        next_chunk: None,
                    };
                    (Channel::Ack, encode_uplink(&Uplink::Ack(ack)).unwrap())
                }
                _ => (Channel::Command, encode_command(&request).unwrap()),
            };
            let payload = near_valid(&payload, path, key, op, &value);
            match channel {
                Channel::Telemetry => ways_agree::<WireTelemetry>(channel, &payload)?,
                Channel::Heartbeat => ways_agree::<WireHeartbeat>(channel, &payload)?,
                Channel::Event => ways_agree::<WireEvent>(channel, &payload)?,
                Channel::Ack => ways_agree::<WireAck>(channel, &payload)?,
                Channel::Command => ways_agree::<WireCommand>(channel, &payload)?,
            }
        }

        #[test]
        fn arbitrary_bytes_read_alike_both_ways(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
            ways_agree::<WireTelemetry>(Channel::Telemetry, &bytes)?;
            ways_agree::<WireCommand>(Channel::Command, &bytes)?;
        }

        #[test]
        fn telemetry_round_trips(telemetry in arb_telemetry()) {
            let bytes = encode_uplink(&Uplink::Telemetry(telemetry.clone())).unwrap();
            prop_assert!(bytes.len() <= MAX_PAYLOAD_BYTES);
            prop_assert_eq!(decode_uplink(Channel::Telemetry, &bytes).unwrap(), Uplink::Telemetry(telemetry));
        }

        #[test]
        fn heartbeats_and_events_round_trip(
            serial in arb_serial(),
            seq in any::<u64>(),
            device_time in arb_time(),
            uptime_s in 0..=MAX_UPTIME_S,
            firmware in arb_firmware(),
            kind in arb_event_kind(),
            active in any::<bool>(),
        ) {
            let heartbeat = Uplink::Heartbeat(Heartbeat {
                id: MessageId::new(serial.clone(), seq),
                device_time,
                uptime: Duration::from_secs(uptime_s),
                firmware,
            });
            let bytes = encode_uplink(&heartbeat).unwrap();
            prop_assert_eq!(decode_uplink(Channel::Heartbeat, &bytes).unwrap(), heartbeat);
            let event = Uplink::Event(DeviceEvent { id: MessageId::new(serial, seq), device_time, kind, active });
            let bytes = encode_uplink(&event).unwrap();
            prop_assert_eq!(decode_uplink(Channel::Event, &bytes).unwrap(), event);
        }

        #[test]
        fn commands_and_acks_round_trip(
            serial in arb_serial(),
            correlation_id in arb_correlation_id(),
            issued_at in arb_time(),
            command in arb_command(),
            result in arb_ack_result(),
            loops in arb_loops(0),
            next_chunk in proptest::option::of(0..=MAX_FIRMWARE_BYTES),
        ) {
            let request = CommandRequest { correlation_id: correlation_id.clone(), issued_at, command };
            prop_assert_eq!(decode_command(&encode_command(&request).unwrap()).unwrap(), request);
            // The answer to fw_begin: successful and without loops.
            let next_chunk = next_chunk.filter(|_| result == AckResult::Ok && loops.is_empty());
            let ack = Uplink::Ack(Ack { serial, correlation_id, device_time: issued_at, result, loops, next_chunk });
            let bytes = encode_uplink(&ack).unwrap();
            prop_assert_eq!(decode_uplink(Channel::Ack, &bytes).unwrap(), ack);
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
            for channel in Channel::ALL {
                let _ = decode_uplink(channel, &bytes);
            }
            let _ = decode_command(&bytes);
            let _ = correlation_id_of(&bytes);
            let topics = Topics::new("p").unwrap();
            let _ = topics.decode_uplink(&String::from_utf8_lossy(&bytes), &bytes);
        }

        #[test]
        fn corrupted_valid_payloads_never_panic(
            telemetry in arb_telemetry(),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        ) {
            let mut bytes = encode_uplink(&Uplink::Telemetry(telemetry)).unwrap();
            for (position, byte) in edits {
                let at = position.index(bytes.len());
                bytes[at] = byte;
            }
            let _ = decode_uplink(Channel::Telemetry, &bytes);
        }

        #[test]
        fn out_of_range_readings_are_refused(
            telemetry in arb_telemetry(),
            position in any::<prop::sample::Index>(),
            field in prop_oneof![Just("voltage_v"), Just("current_a"), Just("power_w"), Just("energy_kwh")],
            excess in prop_oneof![-1.0e12..-1.0e-6, 1.0..1.0e12],
        ) {
            let mut value: Value = serde_json::from_slice(&encode_uplink(&Uplink::Telemetry(telemetry.clone())).unwrap()).unwrap();
            let loop_position = position.index(telemetry.loops.len());
            let limit = match field {
                "voltage_v" => MAX_VOLTAGE_V,
                "current_a" => MAX_CURRENT_A,
                "power_w" => MAX_POWER_W,
                _ => MAX_ENERGY_KWH,
            };
            let bad = if excess < 0.0 { excess } else { limit + excess };
            value["loops"][loop_position][field] = Value::from(bad);
            match decode_uplink(Channel::Telemetry, value.to_string().as_bytes()) {
                Err(ProtocolError::OutOfRange { field: got, reason }) => {
                    prop_assert_eq!(got, format!("loops[{loop_position}].{field}"));
                    prop_assert!(reason.contains("is outside"), "{}", reason);
                }
                other => prop_assert!(false, "expected out of range, got {:?}", other),
            }
        }

        #[test]
        fn out_of_range_gateway_readings_are_refused(
            telemetry in arb_telemetry(),
            signal in prop_oneof![-100_000_i64..-141, 1_i64..100_000],
            temperature in prop_oneof![-1.0e9..-60.001, 150.001..1.0e9],
        ) {
            let valid: Value = serde_json::from_slice(&encode_uplink(&Uplink::Telemetry(telemetry)).unwrap()).unwrap();
            let mut value = valid.clone();
            value["gateway"]["signal_dbm"] = Value::from(signal);
            let err = decode_uplink(Channel::Telemetry, value.to_string().as_bytes()).unwrap_err();
            prop_assert!(matches!(&err, ProtocolError::OutOfRange { field, .. } if field == "gateway.signal_dbm"), "{}", err);
            let mut value = valid;
            value["gateway"]["temperature_c"] = Value::from(temperature);
            let err = decode_uplink(Channel::Telemetry, value.to_string().as_bytes()).unwrap_err();
            prop_assert!(matches!(&err, ProtocolError::OutOfRange { field, .. } if field == "gateway.temperature_c"), "{}", err);
        }
    }
}
