//! What gateways and the platform say to each other, as plain domain types: heartbeats,
//! telemetry, events and acknowledgements up, commands down. They carry units in their names
//! and know nothing of JSON; the codec checks every value on the way in and on the way out,
//! so the bridge and the simulator work with these types and never with payloads.

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::ids::{CorrelationId, FirmwareVersion, GatewaySerial, LoopIndex, MessageId, ScheduleId};
use super::topics::Channel;

/// How long the platform waits for a command's acknowledgement before it reports a timeout.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(5);
/// How often a gateway sends a heartbeat in the field.
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(30);
/// Missed heartbeats after which the platform takes a gateway as offline; commands to an
/// offline gateway fail at once instead of waiting for [`COMMAND_TIMEOUT`].
pub const OFFLINE_AFTER_MISSED_HEARTBEATS: u32 = 3;

/// "I am alive", sent every [`HEARTBEAT_INTERVAL`].
#[derive(Debug, Clone, PartialEq)]
pub struct Heartbeat {
    pub id: MessageId,
    pub device_time: DateTime<Utc>,
    pub uptime: Duration,
    pub firmware: FirmwareVersion,
}

/// One loop's readings at one moment.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopReading {
    pub index: LoopIndex,
    /// Whether the loop's contactor is closed.
    pub on: bool,
    pub voltage_v: f64,
    pub current_a: f64,
    pub active_power_w: f64,
    /// The loop's energy meter, ever increasing.
    pub energy_kwh: f64,
}

/// The gateway's own readings.
#[derive(Debug, Clone, PartialEq)]
pub struct GatewayReading {
    pub signal_dbm: i16,
    /// Temperature inside the cabinet.
    pub temperature_c: f64,
    pub firmware: FirmwareVersion,
}

/// One sample of the gateway and all its loops.
#[derive(Debug, Clone, PartialEq)]
pub struct Telemetry {
    pub id: MessageId,
    pub device_time: DateTime<Utc>,
    pub gateway: GatewayReading,
    /// At least one loop, each index at most once.
    pub loops: Vec<LoopReading>,
}

/// What a gateway reports as an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The cabinet's mains supply is gone (the gateway runs on its backup battery).
    PowerLoss,
    /// The cabinet door is open.
    DoorOpen,
    /// A loop's contactor does not follow its command (welded or not pulling in).
    ContactorFault { index: LoopIndex },
}

/// An event: a condition began (`active`) or ended.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceEvent {
    pub id: MessageId,
    pub device_time: DateTime<Utc>,
    pub kind: EventKind,
    pub active: bool,
}

/// Longest time a schedule may cover (`schedule.until` − `schedule.from`): 14 days.
pub const MAX_SCHEDULE_SPAN: Duration = Duration::from_secs(14 * 24 * 3600);
/// Most steps one loop of a schedule may have.
pub const MAX_SCHEDULE_STEPS: usize = 512;
/// Highest level of a step: 100 %. Level 0 is off.
pub const MAX_LEVEL: u8 = 100;

/// One planned change of a loop: from `offset_s` seconds after the schedule's start, the loop
/// is at `level` (0 off, 1 to 100 on at that brightness; a gateway that cannot dim closes the
/// contactor for any level above 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduleStep {
    pub offset_s: u32,
    pub level: u8,
}

/// The planned changes of one loop, in time order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleLoop {
    pub index: LoopIndex,
    pub steps: Vec<ScheduleStep>,
}

/// What a gateway follows on its own, without the platform: per loop, the level from each
/// step's time to the next. It replaces the gateway's previous schedule whole. A loop it does
/// not name, and any loop before its first step, is left as it is; after `until` each loop
/// stays as its last step left it (the platform issues the next schedule before then).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    pub id: ScheduleId,
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
    /// Each loop at most once.
    pub loops: Vec<ScheduleLoop>,
}

impl Schedule {
    fn loop_steps(&self, index: LoopIndex) -> &[ScheduleStep] {
        self.loops.iter().find(|l| l.index == index).map_or(&[], |l| l.steps.as_slice())
    }

    fn time_of(&self, step: &ScheduleStep) -> DateTime<Utc> {
        self.from + chrono::TimeDelta::seconds(i64::from(step.offset_s))
    }

    /// The level the schedule sets loop `index` to at `at`: its last step at or before `at`;
    /// `None` when the loop has no step yet by then.
    pub fn level_at(&self, index: LoopIndex, at: DateTime<Utc>) -> Option<u8> {
        self.loop_steps(index).iter().take_while(|step| self.time_of(step) <= at).last().map(|step| step.level)
    }

    /// The first planned change of loop `index` after `after`.
    pub fn next_step_after(&self, index: LoopIndex, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.loop_steps(index).iter().map(|step| self.time_of(step)).find(|time| *time > after)
    }
}

/// Most bytes of firmware one `fw_chunk` carries (decoded): its base64 and the rest of the
/// command stay under the payload limit.
pub const MAX_FIRMWARE_CHUNK_BYTES: usize = 32 * 1024;
/// Largest firmware image a `fw_begin` may announce: 16 MiB.
pub const MAX_FIRMWARE_BYTES: u32 = 16 * 1024 * 1024;

/// How many chunks an image of `size` bytes takes in chunks of `chunk_size` bytes (the last
/// one holds the remainder): `ceil(size / chunk_size)`.
pub fn firmware_chunk_count(size: u32, chunk_size: u32) -> u32 {
    size.div_ceil(chunk_size.max(1))
}

/// Shortest heartbeat interval a gateway may be given (`param_set`), in seconds.
pub const MIN_HEARTBEAT_S: u32 = 10;
/// Longest heartbeat interval a gateway may be given, in seconds: the platform takes a gateway
/// as offline after [`OFFLINE_AFTER_MISSED_HEARTBEATS`] heartbeats of [`HEARTBEAT_INTERVAL`]
/// without a message, so a gateway beating more slowly would look offline while it is not.
pub const MAX_HEARTBEAT_S: u32 = HEARTBEAT_INTERVAL.as_secs() as u32;
/// Shortest telemetry interval a gateway may be given (`param_set`), in seconds.
pub const MIN_TELEMETRY_S: u32 = 10;
/// Longest telemetry interval a gateway may be given, in seconds: an hour.
pub const MAX_TELEMETRY_S: u32 = 3600;

/// Operating parameters the platform sets on a gateway, which applies them at once and keeps
/// them across restarts (in flash). `None` leaves that parameter as it is; a command sets at
/// least one. Both are whole seconds, within their `MIN_…_S..=MAX_…_S`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GatewayParams {
    /// How often the gateway sends a heartbeat ([`MIN_HEARTBEAT_S`] to [`MAX_HEARTBEAT_S`]).
    pub heartbeat: Option<Duration>,
    /// How often the gateway sends telemetry ([`MIN_TELEMETRY_S`] to [`MAX_TELEMETRY_S`]).
    pub telemetry: Option<Duration>,
}

/// What the platform asks a gateway to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Put one loop at `level`: 0 is off, 1 to [`MAX_LEVEL`] on at that brightness (a
    /// schedule step's levels). Under a schedule the loop holds this (a manual override)
    /// until `until`, or until the schedule's next step for it if that comes first, and then
    /// follows the schedule again; without `until`, until that next step.
    SetLoop { index: LoopIndex, level: u8, until: Option<DateTime<Utc>> },
    /// Keep and follow this schedule, in place of any earlier one.
    SetSchedule(Schedule),
    /// Answer with the current readings of every loop.
    ReadState,
    /// Set the gateway's clock.
    SetTime { time: DateTime<Utc> },
    /// Prepare to receive firmware `version`, `size` bytes whose SHA-256 is `sha256`, in
    /// chunks of `chunk_size` bytes ([`firmware_chunk_count`] of them). The answer's
    /// [`Ack::next_chunk`] is the first chunk the gateway still needs: the chunks it already
    /// holds of this very image (same `sha256`, `size` and `chunk_size`) are kept, any other
    /// partial image is discarded; a gateway already running `version` needs none.
    FirmwareBegin { version: FirmwareVersion, size: u32, sha256: [u8; 32], chunk_size: u32 },
    /// Chunk `index` (from 0) of the image announced by [`Command::FirmwareBegin`]; `crc32` is
    /// the CRC-32/ISO-HDLC of `data`, which the gateway checks. Every chunk but the last is
    /// `chunk_size` bytes.
    FirmwareChunk { index: u32, data: Vec<u8>, crc32: u32 },
    /// Check the whole image against its SHA-256 and, if it matches, acknowledge and restart
    /// into it.
    FirmwareCommit,
    /// Apply these operating parameters and keep them across restarts.
    SetParams(GatewayParams),
}

/// A command as sent: its correlation id, when the platform issued it, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRequest {
    pub correlation_id: CorrelationId,
    pub issued_at: DateTime<Utc>,
    pub command: Command,
}

/// Whether a command was carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AckResult {
    Ok,
    /// The gateway's reason, 1 to 256 characters.
    Error(String),
}

/// A gateway's answer to a command.
#[derive(Debug, Clone, PartialEq)]
pub struct Ack {
    pub serial: GatewaySerial,
    pub correlation_id: CorrelationId,
    pub device_time: DateTime<Utc>,
    pub result: AckResult,
    /// The loops' readings, in the answer to [`Command::ReadState`]; empty otherwise.
    pub loops: Vec<LoopReading>,
    /// The first chunk the gateway still needs, in the successful answer to
    /// [`Command::FirmwareBegin`]; `None` otherwise.
    pub next_chunk: Option<u32>,
}

/// Any message a gateway sends.
#[derive(Debug, Clone, PartialEq)]
pub enum Uplink {
    Heartbeat(Heartbeat),
    Telemetry(Telemetry),
    Event(DeviceEvent),
    Ack(Ack),
}

impl Uplink {
    pub fn channel(&self) -> Channel {
        match self {
            Uplink::Heartbeat(_) => Channel::Heartbeat,
            Uplink::Telemetry(_) => Channel::Telemetry,
            Uplink::Event(_) => Channel::Event,
            Uplink::Ack(_) => Channel::Ack,
        }
    }

    pub fn serial(&self) -> &GatewaySerial {
        match self {
            Uplink::Heartbeat(heartbeat) => &heartbeat.id.serial,
            Uplink::Telemetry(telemetry) => &telemetry.id.serial,
            Uplink::Event(event) => &event.id.serial,
            Uplink::Ack(ack) => &ack.serial,
        }
    }

    /// The message id used for deduplication; acknowledgements have none (their
    /// correlation id plays that part).
    pub fn message_id(&self) -> Option<&MessageId> {
        match self {
            Uplink::Heartbeat(heartbeat) => Some(&heartbeat.id),
            Uplink::Telemetry(telemetry) => Some(&telemetry.id),
            Uplink::Event(event) => Some(&event.id),
            Uplink::Ack(_) => None,
        }
    }

    pub fn device_time(&self) -> DateTime<Utc> {
        match self {
            Uplink::Heartbeat(heartbeat) => heartbeat.device_time,
            Uplink::Telemetry(telemetry) => telemetry.device_time,
            Uplink::Event(event) => event.device_time,
            Uplink::Ack(ack) => ack.device_time,
        }
    }
}
