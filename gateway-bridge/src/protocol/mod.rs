//! The device wire protocol, version 1: the only code in Lumiscape that knows what a gateway
//! sends and receives. `docs/device-protocol.md` is its prose description; the constants and
//! checks here are the normative ones.
//!
//! A payload crosses four layers, each in its own file: `topics` (which subject, so which
//! gateway and channel), `wire` (the JSON shapes, private), `codec` (checks every value and
//! turns the wire shape into the domain types of `messages`, or refuses with a
//! [`ProtocolError`]) and `ids` (the identifiers the messages are made of). `flaw` breaks
//! payloads on purpose for fault injection. Everything public is re-exported here, so the
//! rest of the code names it `protocol::X` and never sees the layout.

mod codec;
mod error;
mod flaw;
mod ids;
mod messages;
mod topics;
mod wire;

#[cfg(test)]
mod fixtures;

pub use codec::{
    EARLIEST_DEVICE_TIME_MS, LATEST_DEVICE_TIME_MS, MAX_CURRENT_A, MAX_ENERGY_KWH, MAX_ERROR_TEXT_LEN,
    MAX_PAYLOAD_BYTES, MAX_POWER_W, MAX_SIGNAL_DBM, MAX_TEMPERATURE_C, MAX_UPTIME_S, MAX_VOLTAGE_V, MIN_SIGNAL_DBM,
    MIN_TEMPERATURE_C, PROTOCOL_VERSION, correlation_id_of, decode_command, decode_uplink, encode_command,
    encode_uplink,
};
pub use error::ProtocolError;
pub use flaw::{Flaw, flawed_telemetry};
pub use ids::{
    CorrelationId, FirmwareVersion, GatewaySerial, LoopIndex, MAX_CORRELATION_ID_LEN, MAX_FIRMWARE_LEN, MAX_LOOPS,
    MAX_SERIAL_LEN, MessageId, ScheduleId,
};
pub use messages::{
    Ack, AckResult, COMMAND_TIMEOUT, Command, CommandRequest, DeviceEvent, EventKind, GatewayParams, GatewayReading,
    HEARTBEAT_INTERVAL, Heartbeat, LoopReading, MAX_FIRMWARE_BYTES, MAX_FIRMWARE_CHUNK_BYTES, MAX_HEARTBEAT_S,
    MAX_LEVEL, MAX_SCHEDULE_SPAN, MAX_SCHEDULE_STEPS, MAX_TELEMETRY_S, MIN_HEARTBEAT_S, MIN_TELEMETRY_S,
    OFFLINE_AFTER_MISSED_HEARTBEATS, Schedule, ScheduleLoop, ScheduleStep, Telemetry, Uplink, firmware_chunk_count,
};
pub use topics::{Channel, MAX_PREFIX_LEN, Topics, partition_of};
