//! One virtual strong-current lighting gateway, without any I/O: a tick or a command in,
//! payloads out. Its readings follow a real cabinet (220 V ±3 %, LED loop currents, power =
//! V·I·pf, energy meters that only grow, drifting signal and cabinet temperature), it sends a
//! heartbeat every `HEARTBEAT_INTERVAL` (or the interval a `param_set` gave it) whatever the
//! telemetry interval, it obeys commands, firmware upgrades included (a partial image kept
//! across drop-outs, a silent restart into a committed one), and it misbehaves as its
//! [`Faults`] and [`FirmwareFaults`] ask.
//! Randomness comes from one seeded source per gateway, so a seed replays a run and every
//! behaviour is unit-tested without a server.

use std::ops::RangeInclusive;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use rand::Rng;
use rand::rngs::StdRng;
use sha2::{Digest, Sha256};
use tracing::{debug, info, warn};

use super::{Faults, FirmwareFaults, SimulatorConfig};
use crate::protocol::{
    Ack, AckResult, Channel, Command, CorrelationId, DeviceEvent, EventKind, FirmwareVersion, Flaw, GatewayParams,
    GatewayReading, GatewaySerial, HEARTBEAT_INTERVAL, Heartbeat, LoopIndex, LoopReading, MAX_ERROR_TEXT_LEN,
    MAX_LEVEL, MessageId, ProtocolError, Schedule, Telemetry, Uplink, correlation_id_of, decode_command, encode_uplink,
    firmware_chunk_count, flawed_telemetry,
};

/// Nominal supply voltage (V).
const NOMINAL_VOLTAGE_V: f64 = 220.0;
/// The supply stays within ±3 % of nominal unless an under-voltage is injected.
const VOLTAGE_TOLERANCE: f64 = 0.03;
/// An injected under-voltage sags the supply to this share of nominal (170 to 195 V).
const UNDER_VOLTAGE_SHARE: std::ops::Range<f64> = 0.773..0.886;
/// An injected over-current draws this multiple of the loop's rated current.
const OVER_CURRENT_FACTOR: std::ops::Range<f64> = 1.6..3.0;
/// Rated current of a loop of LED luminaires (A): 8 to 40 fittings of 40 to 150 W.
const RATED_CURRENT_A: std::ops::Range<f64> = 1.5..12.0;
/// Power factor of LED drivers.
const POWER_FACTOR: std::ops::Range<f64> = 0.92..0.98;
/// Signal strength range of a cellular gateway in the field (dBm).
const SIGNAL_DBM: RangeInclusive<f64> = -95.0..=-60.0;
/// Cabinet temperature bounds (°C).
const TEMPERATURE_C: RangeInclusive<f64> = -20.0..=60.0;
/// How long an injected offline period lasts, in intervals.
const OFFLINE_INTERVALS: RangeInclusive<u32> = 5..=20;
/// How long an injected event stays active, in intervals.
const EVENT_INTERVALS: RangeInclusive<u32> = 3..=10;

/// What a run did, summed over the fleet.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimStats {
    pub heartbeats: u64,
    /// Well-formed telemetry messages, each counted once (duplicates are counted apart).
    pub telemetry: u64,
    pub events: u64,
    pub acks: u64,
    pub commands_received: u64,
    /// Commands that came while the gateway was offline or restarting.
    pub commands_ignored_offline: u64,
    pub over_current_samples: u64,
    pub under_voltage_samples: u64,
    pub offline_periods: u64,
    pub malformed: u64,
    pub duplicates: u64,
    pub out_of_order: u64,
    /// Messages that could not be handed to the transport.
    pub publish_errors: u64,
    /// Firmware chunks stored (repeats not counted).
    pub firmware_chunks: u64,
    /// `fw_chunk` commands lost on purpose (`FirmwareFaults::lost_chunk`), never answered.
    pub firmware_chunks_lost: u64,
    /// Offline periods after a chunk (`FirmwareFaults::drop_out`); also in `offline_periods`.
    pub firmware_drop_outs: u64,
    /// Images stored with a flipped byte (`FirmwareFaults::corrupt`).
    pub firmware_corrupted: u64,
    /// Restarts into a new firmware version.
    pub firmware_upgrades: u64,
    /// Restarts back into the old version (`FirmwareFaults::old_after_reboot`).
    pub firmware_failed_boots: u64,
    /// Operating parameters applied (`param_set`).
    pub params_set: u64,
}

impl SimStats {
    pub(super) fn merge(&mut self, other: &SimStats) {
        self.heartbeats += other.heartbeats;
        self.telemetry += other.telemetry;
        self.events += other.events;
        self.acks += other.acks;
        self.commands_received += other.commands_received;
        self.commands_ignored_offline += other.commands_ignored_offline;
        self.over_current_samples += other.over_current_samples;
        self.under_voltage_samples += other.under_voltage_samples;
        self.offline_periods += other.offline_periods;
        self.malformed += other.malformed;
        self.duplicates += other.duplicates;
        self.out_of_order += other.out_of_order;
        self.publish_errors += other.publish_errors;
        self.firmware_chunks += other.firmware_chunks;
        self.firmware_chunks_lost += other.firmware_chunks_lost;
        self.firmware_drop_outs += other.firmware_drop_outs;
        self.firmware_corrupted += other.firmware_corrupted;
        self.firmware_upgrades += other.firmware_upgrades;
        self.firmware_failed_boots += other.firmware_failed_boots;
        self.params_set += other.params_set;
    }
}

/// A payload to send on one of the gateway's channels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Outgoing {
    pub(super) channel: Channel,
    pub(super) payload: Vec<u8>,
}

/// A manual command holding a scheduled loop: from when (device time) and until when.
#[derive(Debug, Clone, Copy)]
struct Override {
    since: DateTime<Utc>,
    until: Option<DateTime<Utc>>,
}

/// One loop of the cabinet: its contactor, its drivers' level and the luminaires behind it.
#[derive(Debug, Clone)]
struct VirtualLoop {
    on: bool,
    /// The drivers' level while on, 1 to 100 %.
    level: u8,
    rated_current_a: f64,
    power_factor: f64,
    energy_kwh: f64,
    /// A `loop_set` holding the loop against its schedule.
    manual: Option<Override>,
    /// Its contactor is stuck (`Faults::stuck_loops`): it stays as it is.
    stuck: bool,
}

impl VirtualLoop {
    /// The current drawn while on: the rated current scaled by the drivers' level.
    fn load_a(&self) -> f64 {
        self.rated_current_a * f64::from(self.level) / f64::from(MAX_LEVEL)
    }

    /// The nominal power at `voltage_v`; what the energy meter integrates.
    fn power_w(&self, voltage_v: f64) -> f64 {
        if self.on { voltage_v * self.load_a() * self.power_factor } else { 0.0 }
    }

    fn set_level(&mut self, level: u8) {
        if self.stuck {
            return;
        }
        self.on = level > 0;
        if level > 0 {
            self.level = level.min(MAX_LEVEL);
        }
    }
}

/// A firmware image being received (`fw_begin`, then its chunks in order). It is in flash, so
/// it outlives a drop-out, and a `fw_begin` of the same image resumes it.
#[derive(Debug, Clone)]
struct FirmwareTransfer {
    version: FirmwareVersion,
    size: u32,
    sha256: [u8; 32],
    chunk_size: u32,
    /// Chunks `0..next_chunk`, as stored.
    image: Vec<u8>,
    next_chunk: u32,
    /// The byte a bad flash write will store wrong (`FirmwareFaults::corrupt`).
    corrupt_at: Option<u32>,
}

impl FirmwareTransfer {
    fn chunk_count(&self) -> u32 {
        firmware_chunk_count(self.size, self.chunk_size)
    }

    fn is_image(&self, size: u32, sha256: &[u8; 32], chunk_size: u32) -> bool {
        self.size == size && self.sha256 == *sha256 && self.chunk_size == chunk_size
    }

    /// The length chunk `index` must have: the chunk size, or the remainder for the last.
    fn chunk_len(&self, index: u32) -> u64 {
        let start = u64::from(index) * u64::from(self.chunk_size);
        (u64::from(self.size) - start).min(u64::from(self.chunk_size))
    }
}

/// A restart after `fw_commit`: silent until `until` (real time), then running `into`.
#[derive(Debug, Clone)]
struct Reboot {
    until: DateTime<Utc>,
    into: FirmwareVersion,
}

/// One simulated gateway: its loops, its readings and its faults.
pub(super) struct VirtualGateway {
    pub(super) serial: GatewaySerial,
    faults: Faults,
    rng: StdRng,
    loops: Vec<VirtualLoop>,
    supply_voltage_v: f64,
    signal_dbm: f64,
    temperature_c: f64,
    base_temperature_c: f64,
    firmware: FirmwareVersion,
    /// Device clock minus real clock; changed by `set_time`.
    clock_offset: TimeDelta,
    next_seq: u64,
    uptime: Duration,
    offline_intervals_left: u32,
    /// A telemetry payload held back to be sent after the next one.
    held_back: Option<Vec<u8>>,
    /// Active events and the intervals until they end.
    open_events: Vec<(EventKind, u32)>,
    /// Time since the last heartbeat; `None` before the first.
    since_heartbeat: Option<Duration>,
    /// Time since the last telemetry; `None` before the first.
    since_telemetry: Option<Duration>,
    /// How often it sends a heartbeat: [`HEARTBEAT_INTERVAL`] until a `param_set` says
    /// otherwise. Kept in flash, so it outlives drop-outs and restarts.
    heartbeat_interval: Duration,
    /// The least time between two telemetry messages: zero (every tick) until a `param_set`
    /// says otherwise. Kept in flash as the heartbeat interval is.
    telemetry_interval: Duration,
    /// The schedule it was given, followed at every tick.
    schedule: Option<Schedule>,
    firmware_faults: FirmwareFaults,
    /// How long a restart into a committed image takes.
    reboot_time: Duration,
    /// The firmware image being received, if any.
    transfer: Option<FirmwareTransfer>,
    /// A restart under way, if any.
    reboot: Option<Reboot>,
    pub(super) stats: SimStats,
}

/// Rounds to `decimals` places the way a meter reports, so the JSON carries `221.4`, not
/// `221.40000000000003`.
fn round_to(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

impl VirtualGateway {
    /// A gateway of `cfg`'s loops, faults and firmware, with every loop on. `first_seq` seeds
    /// the message sequence: the boot time in Unix milliseconds keeps ids unique across
    /// restarts of the simulator (a firmware restart keeps counting).
    pub(super) fn new(
        serial: GatewaySerial,
        cfg: &SimulatorConfig,
        mut rng: StdRng,
        first_seq: u64,
    ) -> Result<Self, ProtocolError> {
        let faults = cfg.faults.clone();
        let loops = (0..cfg.loops)
            .map(|position| VirtualLoop {
                on: true,
                level: MAX_LEVEL,
                rated_current_a: rng.gen_range(RATED_CURRENT_A),
                power_factor: rng.gen_range(POWER_FACTOR),
                energy_kwh: rng.gen_range(100.0..5000.0),
                manual: None,
                stuck: faults
                    .stuck_loops
                    .iter()
                    .any(|(stuck, index)| stuck == serial.as_str() && usize::from(*index) == position + 1),
            })
            .collect();
        let base_temperature_c = rng.gen_range(18.0..35.0);
        Ok(Self {
            serial,
            faults,
            loops,
            supply_voltage_v: NOMINAL_VOLTAGE_V * rng.gen_range(0.99..1.01),
            signal_dbm: rng.gen_range(SIGNAL_DBM),
            temperature_c: base_temperature_c,
            base_temperature_c,
            firmware: FirmwareVersion::new(cfg.firmware.as_str())?,
            clock_offset: TimeDelta::zero(),
            next_seq: first_seq,
            uptime: Duration::ZERO,
            offline_intervals_left: 0,
            held_back: None,
            open_events: Vec::new(),
            since_heartbeat: None,
            since_telemetry: None,
            heartbeat_interval: HEARTBEAT_INTERVAL,
            telemetry_interval: Duration::ZERO,
            schedule: None,
            firmware_faults: cfg.firmware_faults.clone(),
            reboot_time: cfg.reboot,
            transfer: None,
            reboot: None,
            stats: SimStats::default(),
            rng,
        })
    }

    /// How long after the start this gateway sends first: a random share of `interval`, so
    /// the fleet spreads over the interval instead of sending all at once.
    pub(super) fn stagger(&mut self, interval: Duration) -> Duration {
        Duration::from_millis(self.rng.gen_range(0..interval.as_millis().max(1) as u64))
    }

    fn roll(&mut self, probability: f64) -> bool {
        probability > 0.0 && self.rng.gen_bool(probability.min(1.0))
    }

    fn is_offline(&self) -> bool {
        self.offline_intervals_left > 0
    }

    fn device_time(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now + self.clock_offset
    }

    fn next_id(&mut self) -> MessageId {
        let id = MessageId::new(self.serial.clone(), self.next_seq);
        self.next_seq = self.next_seq.wrapping_add(1);
        id
    }

    /// Lets time pass: the meters integrate, the supply, signal and temperature drift.
    fn advance(&mut self, elapsed: Duration) {
        self.uptime += elapsed;
        let hours = elapsed.as_secs_f64() / 3600.0;
        for virtual_loop in &mut self.loops {
            virtual_loop.energy_kwh += virtual_loop.power_w(self.supply_voltage_v) * hours / 1000.0;
        }
        let low = NOMINAL_VOLTAGE_V * (1.0 - VOLTAGE_TOLERANCE);
        let high = NOMINAL_VOLTAGE_V * (1.0 + VOLTAGE_TOLERANCE);
        let pull = (NOMINAL_VOLTAGE_V - self.supply_voltage_v) * 0.05;
        self.supply_voltage_v = (self.supply_voltage_v + pull + self.rng.gen_range(-0.8..0.8)).clamp(low, high);
        self.signal_dbm =
            (self.signal_dbm + self.rng.gen_range(-1.5..1.5)).clamp(*SIGNAL_DBM.start(), *SIGNAL_DBM.end());
        let pull = (self.base_temperature_c - self.temperature_c) * 0.02;
        self.temperature_c = (self.temperature_c + pull + self.rng.gen_range(-0.3..0.3))
            .clamp(*TEMPERATURE_C.start(), *TEMPERATURE_C.end());
    }

    /// Sets every scheduled loop to what its schedule says at `device_time`, unless a manual
    /// override still holds it: an override ends at its own `until` or at the loop's next
    /// step after it was made, whichever comes first (`docs/device-protocol.md`, 6.1).
    fn follow_schedule(&mut self, device_time: DateTime<Utc>) {
        let Some(schedule) = &self.schedule else { return };
        for (position, virtual_loop) in self.loops.iter_mut().enumerate() {
            let Ok(index) = LoopIndex::new(position as u64 + 1) else { continue };
            if let Some(manual) = virtual_loop.manual {
                let next_step = schedule.next_step_after(index, manual.since);
                let ends = match (manual.until, next_step) {
                    (Some(until), Some(step)) => Some(until.min(step)),
                    (until, step) => until.or(step),
                };
                if ends.is_none_or(|ends| device_time < ends) {
                    continue;
                }
                virtual_loop.manual = None;
                info!(gateway = %self.serial, loop_index = index.get(), "simulated override ended; back to the schedule");
            }
            if let Some(level) = schedule.level_at(index, device_time) {
                let was = (virtual_loop.on, virtual_loop.level);
                virtual_loop.set_level(level);
                if was != (virtual_loop.on, virtual_loop.level) {
                    debug!(gateway = %self.serial, loop_index = index.get(), level, "simulated loop follows its schedule");
                }
            }
        }
    }

    /// The loops' readings now; with `inject` the over-current and under-voltage faults may
    /// show in them.
    fn sample_loops(&mut self, inject: bool) -> Vec<LoopReading> {
        let mut supply_v = self.supply_voltage_v;
        if inject && self.roll(self.faults.under_voltage) {
            supply_v = NOMINAL_VOLTAGE_V * self.rng.gen_range(UNDER_VOLTAGE_SHARE);
            self.stats.under_voltage_samples += 1;
        }
        let mut over_current_loop = None;
        let loops_on: Vec<usize> = self
            .loops
            .iter()
            .enumerate()
            .filter(|(_, virtual_loop)| virtual_loop.on)
            .map(|(position, _)| position)
            .collect();
        if inject && !loops_on.is_empty() && self.roll(self.faults.over_current) {
            over_current_loop = Some(loops_on[self.rng.gen_range(0..loops_on.len())]);
            self.stats.over_current_samples += 1;
        }
        let mut readings = Vec::with_capacity(self.loops.len());
        for (position, virtual_loop) in self.loops.iter().enumerate() {
            let voltage_v = round_to((supply_v + self.rng.gen_range(-0.3..0.3)).max(0.0), 1);
            let current_a = if !virtual_loop.on {
                0.0
            } else if over_current_loop == Some(position) {
                virtual_loop.rated_current_a * self.rng.gen_range(OVER_CURRENT_FACTOR)
            } else {
                virtual_loop.load_a() * (1.0 + self.rng.gen_range(-0.02..0.02))
            };
            let current_a = round_to(current_a, 3);
            // Positions are below MAX_LOOPS, checked by the config, so the index always fits.
            let Ok(index) = LoopIndex::new(position as u64 + 1) else { continue };
            readings.push(LoopReading {
                index,
                on: virtual_loop.on,
                voltage_v,
                current_a,
                active_power_w: round_to(voltage_v * current_a * virtual_loop.power_factor, 1),
                energy_kwh: round_to(virtual_loop.energy_kwh, 3),
            });
        }
        readings
    }

    fn gateway_reading(&self) -> GatewayReading {
        GatewayReading {
            signal_dbm: self.signal_dbm.round() as i16,
            temperature_c: round_to(self.temperature_c, 1),
            firmware: self.firmware.clone(),
        }
    }

    fn encode(&self, uplink: &Uplink) -> Option<Vec<u8>> {
        match encode_uplink(uplink) {
            Ok(payload) => Some(payload),
            Err(err) => {
                warn!(gateway = %self.serial, channel = %uplink.channel(), error = %err, "simulated message not encodable");
                None
            }
        }
    }

    /// One interval has passed: what the gateway sends now.
    pub(super) fn tick(&mut self, now: DateTime<Utc>, elapsed: Duration) -> Vec<Outgoing> {
        self.advance(elapsed);
        if let Some(reboot) = &self.reboot {
            if now < reboot.until {
                return Vec::new();
            }
            return self.boot(now);
        }
        if self.is_offline() {
            self.offline_intervals_left -= 1;
            if !self.is_offline() {
                info!(gateway = %self.serial, "simulated gateway back online");
            }
            return Vec::new();
        }
        if self.roll(self.faults.offline) {
            self.offline_intervals_left = self.rng.gen_range(OFFLINE_INTERVALS);
            self.stats.offline_periods += 1;
            info!(gateway = %self.serial, intervals = self.offline_intervals_left, "simulated gateway going offline");
            return Vec::new();
        }
        let device_time = self.device_time(now);
        self.follow_schedule(device_time);
        let mut outgoing = Vec::new();
        // Heartbeats go out every heartbeat interval, as in the field, whatever the telemetry
        // interval, and telemetry once its own interval has passed; the first tick sends both.
        let since = self.since_heartbeat.map(|since| since + elapsed);
        if since.is_none_or(|since| since >= self.heartbeat_interval) {
            self.push_heartbeat(&mut outgoing, device_time);
        } else {
            self.since_heartbeat = since;
        }
        let since = self.since_telemetry.map(|since| since + elapsed);
        if since.is_none_or(|since| since >= self.telemetry_interval) {
            self.push_telemetry(&mut outgoing, device_time);
        } else {
            self.since_telemetry = since;
        }
        self.push_events(&mut outgoing, device_time);
        outgoing
    }

    /// The restart is over: the gateway runs the version it restarted into (the new one, or
    /// the old one when the new did not boot) and says so at once, in a heartbeat and a
    /// telemetry message, without faults in the way.
    fn boot(&mut self, now: DateTime<Utc>) -> Vec<Outgoing> {
        let Some(reboot) = self.reboot.take() else { return Vec::new() };
        if reboot.into == self.firmware {
            warn!(gateway = %self.serial, firmware = %self.firmware, "simulated gateway restarted into its old firmware");
            self.stats.firmware_failed_boots += 1;
        } else {
            info!(gateway = %self.serial, from = %self.firmware, to = %reboot.into, "simulated gateway restarted into new firmware");
            self.stats.firmware_upgrades += 1;
        }
        self.firmware = reboot.into;
        self.uptime = Duration::ZERO;
        // What was in memory is gone.
        self.held_back = None;
        let device_time = self.device_time(now);
        self.follow_schedule(device_time);
        let mut outgoing = Vec::new();
        self.push_heartbeat(&mut outgoing, device_time);
        let telemetry = Telemetry {
            id: self.next_id(),
            device_time,
            gateway: self.gateway_reading(),
            loops: self.sample_loops(false),
        };
        if let Some(payload) = self.encode(&Uplink::Telemetry(telemetry)) {
            outgoing.push(Outgoing { channel: Channel::Telemetry, payload });
            self.stats.telemetry += 1;
        }
        self.since_telemetry = Some(Duration::ZERO);
        outgoing
    }

    fn push_heartbeat(&mut self, outgoing: &mut Vec<Outgoing>, device_time: DateTime<Utc>) {
        let heartbeat = Uplink::Heartbeat(Heartbeat {
            id: self.next_id(),
            device_time,
            uptime: self.uptime,
            firmware: self.firmware.clone(),
        });
        if let Some(payload) = self.encode(&heartbeat) {
            outgoing.push(Outgoing { channel: Channel::Heartbeat, payload });
            self.stats.heartbeats += 1;
        }
        self.since_heartbeat = Some(Duration::ZERO);
    }

    fn push_telemetry(&mut self, outgoing: &mut Vec<Outgoing>, device_time: DateTime<Utc>) {
        self.since_telemetry = Some(Duration::ZERO);
        let telemetry = Telemetry {
            id: self.next_id(),
            device_time,
            gateway: self.gateway_reading(),
            loops: self.sample_loops(true),
        };
        if self.roll(self.faults.malformed) {
            let flaw = Flaw::ALL[self.rng.gen_range(0..Flaw::ALL.len())];
            debug!(gateway = %self.serial, flaw = ?flaw, "simulated malformed telemetry");
            outgoing.push(Outgoing { channel: Channel::Telemetry, payload: flawed_telemetry(&telemetry, flaw) });
            self.stats.malformed += 1;
            return;
        }
        let Some(payload) = self.encode(&Uplink::Telemetry(telemetry)) else { return };
        if self.held_back.is_none() && self.roll(self.faults.out_of_order) {
            self.held_back = Some(payload);
            return;
        }
        if self.roll(self.faults.duplicate) {
            outgoing.push(Outgoing { channel: Channel::Telemetry, payload: payload.clone() });
            self.stats.duplicates += 1;
        }
        outgoing.push(Outgoing { channel: Channel::Telemetry, payload });
        self.stats.telemetry += 1;
        if let Some(older) = self.held_back.take() {
            outgoing.push(Outgoing { channel: Channel::Telemetry, payload: older });
            self.stats.telemetry += 1;
            self.stats.out_of_order += 1;
        }
    }

    fn push_event(&mut self, outgoing: &mut Vec<Outgoing>, device_time: DateTime<Utc>, kind: EventKind, active: bool) {
        let event = Uplink::Event(DeviceEvent { id: self.next_id(), device_time, kind, active });
        if let Some(payload) = self.encode(&event) {
            outgoing.push(Outgoing { channel: Channel::Event, payload });
            self.stats.events += 1;
        }
    }

    fn push_events(&mut self, outgoing: &mut Vec<Outgoing>, device_time: DateTime<Utc>) {
        let mut still_open = Vec::new();
        for (kind, intervals_left) in std::mem::take(&mut self.open_events) {
            if intervals_left <= 1 {
                self.push_event(outgoing, device_time, kind, false);
            } else {
                still_open.push((kind, intervals_left - 1));
            }
        }
        self.open_events = still_open;
        if !self.roll(self.faults.events) {
            return;
        }
        let kind = match self.rng.gen_range(0..3) {
            0 => EventKind::PowerLoss,
            1 => EventKind::DoorOpen,
            _ => match LoopIndex::new(self.rng.gen_range(1..=self.loops.len() as u64)) {
                Ok(index) => EventKind::ContactorFault { index },
                Err(_) => EventKind::DoorOpen,
            },
        };
        if self.open_events.iter().any(|(open, _)| *open == kind) {
            return;
        }
        self.push_event(outgoing, device_time, kind, true);
        let duration = self.rng.gen_range(EVENT_INTERVALS);
        self.open_events.push((kind, duration));
    }

    fn ack(
        &mut self,
        correlation_id: CorrelationId,
        device_time: DateTime<Utc>,
        result: AckResult,
        loops: Vec<LoopReading>,
        next_chunk: Option<u32>,
    ) -> Option<Outgoing> {
        let ack =
            Uplink::Ack(Ack { serial: self.serial.clone(), correlation_id, device_time, result, loops, next_chunk });
        let payload = self.encode(&ack)?;
        self.stats.acks += 1;
        Some(Outgoing { channel: Channel::Ack, payload })
    }

    /// `fw_begin`: keep the chunks already held of this very image, else start it anew; a
    /// gateway already running `version` needs no chunk. Answers the first chunk it needs.
    fn begin_firmware(&mut self, version: FirmwareVersion, size: u32, sha256: [u8; 32], chunk_size: u32) -> u32 {
        let chunk_count = firmware_chunk_count(size, chunk_size);
        if version == self.firmware {
            info!(gateway = %self.serial, firmware = %version, "simulated gateway already runs this firmware");
            self.transfer = None;
            return chunk_count;
        }
        if let Some(held) = self.transfer.as_mut().filter(|held| held.is_image(size, &sha256, chunk_size)) {
            info!(gateway = %self.serial, firmware = %version, next_chunk = held.next_chunk, "simulated firmware transfer resumed");
            held.version = version;
            return held.next_chunk;
        }
        let corrupt_at = self.roll(self.firmware_faults.corrupt).then(|| self.rng.gen_range(0..size));
        info!(gateway = %self.serial, firmware = %version, size, chunks = chunk_count, "simulated firmware transfer begun");
        self.transfer =
            Some(FirmwareTransfer { version, size, sha256, chunk_size, image: Vec::new(), next_chunk: 0, corrupt_at });
        0
    }

    /// `fw_chunk`: the next chunk in order is stored; an earlier one is a repeat, answered
    /// and not stored again.
    fn store_chunk(&mut self, index: u32, data: &[u8], crc32: u32) -> AckResult {
        let Some(transfer) = self.transfer.as_mut() else {
            return AckResult::Error("no firmware transfer in progress".into());
        };
        let chunk_count = transfer.chunk_count();
        if index >= chunk_count {
            return AckResult::Error(format!("chunk {index} is beyond the image's {chunk_count} chunks"));
        }
        if crc32fast::hash(data) != crc32 {
            return AckResult::Error(format!("chunk {index} crc mismatch"));
        }
        if index > transfer.next_chunk {
            return AckResult::Error(format!("chunk {index} out of order, expecting {}", transfer.next_chunk));
        }
        if index < transfer.next_chunk {
            debug!(gateway = %self.serial, chunk = index, "simulated firmware chunk repeated");
            return AckResult::Ok;
        }
        let expected = transfer.chunk_len(index);
        if data.len() as u64 != expected {
            return AckResult::Error(format!("chunk {index} is {} bytes, expecting {expected}", data.len()));
        }
        let start = transfer.image.len();
        transfer.image.extend_from_slice(data);
        if let Some(at) =
            transfer.corrupt_at.map(|at| at as usize).filter(|at| (start..transfer.image.len()).contains(at))
        {
            transfer.image[at] ^= 0x01;
            self.stats.firmware_corrupted += 1;
            debug!(gateway = %self.serial, chunk = index, "simulated bad flash write");
        }
        transfer.next_chunk += 1;
        self.stats.firmware_chunks += 1;
        AckResult::Ok
    }

    /// `fw_commit`: a whole image whose SHA-256 matches is acknowledged and restarted into
    /// (silent for the reboot time); a wrong one is discarded.
    fn commit_firmware(&mut self, now: DateTime<Utc>) -> AckResult {
        let Some(transfer) = self.transfer.take() else {
            return AckResult::Error("no firmware transfer in progress".into());
        };
        let chunk_count = transfer.chunk_count();
        if transfer.next_chunk < chunk_count {
            let text = format!("image incomplete: {} of {chunk_count} chunks", transfer.next_chunk);
            self.transfer = Some(transfer);
            return AckResult::Error(text);
        }
        if <[u8; 32]>::from(Sha256::digest(&transfer.image)) != transfer.sha256 {
            warn!(gateway = %self.serial, firmware = %transfer.version, "simulated firmware image discarded: checksum mismatch");
            return AckResult::Error("image checksum mismatch".into());
        }
        let into =
            if self.roll(self.firmware_faults.old_after_reboot) { self.firmware.clone() } else { transfer.version };
        let until = TimeDelta::from_std(self.reboot_time)
            .ok()
            .and_then(|reboot| now.checked_add_signed(reboot))
            .unwrap_or(DateTime::<Utc>::MAX_UTC);
        info!(gateway = %self.serial, reboot_ms = self.reboot_time.as_millis() as u64, "simulated gateway restarting into committed firmware");
        self.reboot = Some(Reboot { until, into });
        AckResult::Ok
    }

    /// `param_set`: the parameters it names replace the ones in flash; the others stay.
    fn set_params(&mut self, params: GatewayParams) {
        if let Some(heartbeat) = params.heartbeat {
            self.heartbeat_interval = heartbeat;
        }
        if let Some(telemetry) = params.telemetry {
            self.telemetry_interval = telemetry;
        }
        self.stats.params_set += 1;
        info!(
            gateway = %self.serial,
            heartbeat_s = self.heartbeat_interval.as_secs(),
            telemetry_s = self.telemetry_interval.as_secs(),
            "simulated gateway keeps new operating parameters"
        );
    }

    /// A command arrived: carry it out and answer, unless offline or restarting.
    pub(super) fn handle_command(&mut self, payload: &[u8], now: DateTime<Utc>) -> Option<Outgoing> {
        self.stats.commands_received += 1;
        if self.reboot.is_some() {
            self.stats.commands_ignored_offline += 1;
            debug!(gateway = %self.serial, "simulated gateway restarting; command ignored");
            return None;
        }
        if self.is_offline() {
            self.stats.commands_ignored_offline += 1;
            debug!(gateway = %self.serial, "simulated gateway offline; command ignored");
            return None;
        }
        let request = match decode_command(payload) {
            Ok(request) => request,
            Err(err) => {
                warn!(gateway = %self.serial, error = %err, "simulated gateway refused a command");
                let correlation_id = correlation_id_of(payload)?;
                let text: String = format!("invalid command: {err}").chars().take(MAX_ERROR_TEXT_LEN).collect();
                return self.ack(correlation_id, self.device_time(now), AckResult::Error(text), Vec::new(), None);
            }
        };
        let is_chunk = matches!(request.command, Command::FirmwareChunk { .. });
        if is_chunk && self.roll(self.firmware_faults.lost_chunk) {
            self.stats.firmware_chunks_lost += 1;
            debug!(gateway = %self.serial, correlation_id = %request.correlation_id, "simulated firmware chunk lost");
            return None;
        }
        if is_chunk {
            debug!(gateway = %self.serial, correlation_id = %request.correlation_id, "simulated gateway got a firmware chunk");
        } else {
            debug!(gateway = %self.serial, correlation_id = %request.correlation_id, command = ?request.command, "simulated gateway got a command");
        }
        let mut loops = Vec::new();
        let mut next_chunk = None;
        let result = match request.command {
            Command::SetLoop { index, level, until } => {
                let loop_count = self.loops.len();
                let since = self.device_time(now);
                match self.loops.get_mut(usize::from(index.get()) - 1) {
                    Some(virtual_loop) => {
                        virtual_loop.set_level(level);
                        virtual_loop.manual = Some(Override { since, until });
                        info!(gateway = %self.serial, loop_index = index.get(), level, "simulated loop switched");
                        AckResult::Ok
                    }
                    None => {
                        AckResult::Error(format!("loop {index} does not exist; this gateway has {loop_count} loops"))
                    }
                }
            }
            Command::SetSchedule(schedule) => {
                let loop_count = self.loops.len();
                match schedule.loops.iter().find(|l| usize::from(l.index.get()) > loop_count) {
                    Some(missing) => AckResult::Error(format!(
                        "loop {} does not exist; this gateway has {loop_count} loops",
                        missing.index
                    )),
                    None => {
                        info!(gateway = %self.serial, schedule = %schedule.id, loops = schedule.loops.len(), "simulated gateway keeps a new schedule");
                        // A new schedule replaces the old one and any override made under it.
                        for virtual_loop in &mut self.loops {
                            virtual_loop.manual = None;
                        }
                        self.schedule = Some(schedule);
                        self.follow_schedule(self.device_time(now));
                        AckResult::Ok
                    }
                }
            }
            Command::ReadState => {
                loops = self.sample_loops(false);
                AckResult::Ok
            }
            Command::SetTime { time } => {
                self.clock_offset = time - now;
                info!(gateway = %self.serial, device_time = %time, "simulated gateway clock set");
                AckResult::Ok
            }
            Command::FirmwareBegin { version, size, sha256, chunk_size } => {
                next_chunk = Some(self.begin_firmware(version, size, sha256, chunk_size));
                AckResult::Ok
            }
            Command::FirmwareChunk { index, data, crc32 } => self.store_chunk(index, &data, crc32),
            Command::FirmwareCommit => self.commit_firmware(now),
            Command::SetParams(params) => {
                self.set_params(params);
                AckResult::Ok
            }
        };
        let ack = self.ack(request.correlation_id, self.device_time(now), result, loops, next_chunk);
        if is_chunk && self.roll(self.firmware_faults.drop_out) {
            self.offline_intervals_left = self.rng.gen_range(OFFLINE_INTERVALS);
            self.stats.offline_periods += 1;
            self.stats.firmware_drop_outs += 1;
            info!(gateway = %self.serial, intervals = self.offline_intervals_left, "simulated gateway dropping out mid-transfer");
        }
        ack
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{CommandRequest, ScheduleId, ScheduleLoop, ScheduleStep, decode_uplink, encode_command};
    use crate::simulator::SimulatorConfig;
    use rand::SeedableRng;

    const NOW_MS: i64 = 1_735_689_600_000;
    const STEP: Duration = Duration::from_millis(100);

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp_millis(NOW_MS).unwrap()
    }

    fn virtual_gateway(faults: Faults) -> VirtualGateway {
        let cfg = SimulatorConfig { faults, loops: 4, seed: Some(11), ..SimulatorConfig::default() };
        VirtualGateway::new(cfg.serial(1).unwrap(), &cfg, StdRng::seed_from_u64(11), 1_000).unwrap()
    }

    fn decoded(outgoing: &[Outgoing], channel: Channel) -> Vec<Uplink> {
        outgoing
            .iter()
            .filter(|message| message.channel == channel)
            .map(|message| decode_uplink(channel, &message.payload).unwrap())
            .collect()
    }

    fn only_telemetry(outgoing: &[Outgoing]) -> Telemetry {
        match decoded(outgoing, Channel::Telemetry).as_slice() {
            [Uplink::Telemetry(telemetry)] => telemetry.clone(),
            other => panic!("expected one telemetry, got {other:?}"),
        }
    }

    fn command(correlation_id: &str, command: Command) -> Vec<u8> {
        encode_command(&CommandRequest {
            correlation_id: CorrelationId::new(correlation_id).unwrap(),
            issued_at: now(),
            command,
        })
        .unwrap()
    }

    fn ack_of(outgoing: Option<Outgoing>) -> Ack {
        let outgoing = outgoing.expect("an answer");
        assert_eq!(outgoing.channel, Channel::Ack);
        match decode_uplink(Channel::Ack, &outgoing.payload).unwrap() {
            Uplink::Ack(ack) => ack,
            other => panic!("expected an ack, got {other:?}"),
        }
    }

    #[test]
    fn a_healthy_gateway_sends_realistic_readings() {
        let mut gateway = virtual_gateway(Faults::default());
        let mut last_energy = [0.0; 4];
        let mut last_seq = 0;
        for step in 0..200 {
            let outgoing = gateway.tick(now() + TimeDelta::milliseconds(step * 100), STEP);
            let beats_every = (HEARTBEAT_INTERVAL.as_millis() / STEP.as_millis()) as i64;
            let expected_beats = usize::from(step % beats_every == 0);
            assert_eq!(decoded(&outgoing, Channel::Heartbeat).len(), expected_beats, "heartbeats every 30 s");
            let telemetry = only_telemetry(&outgoing);
            assert!(telemetry.id.seq > last_seq, "sequence grows");
            last_seq = telemetry.id.seq;
            assert!((-95..=-60).contains(&telemetry.gateway.signal_dbm));
            assert!((-20.0..=60.0).contains(&telemetry.gateway.temperature_c));
            assert_eq!(telemetry.loops.len(), 4);
            for (position, reading) in telemetry.loops.iter().enumerate() {
                assert!(reading.on);
                assert!((213.0..=227.0).contains(&reading.voltage_v), "{}", reading.voltage_v);
                assert!((1.4..=12.3).contains(&reading.current_a), "{}", reading.current_a);
                let apparent = reading.voltage_v * reading.current_a;
                assert!(reading.active_power_w <= apparent && reading.active_power_w >= apparent * 0.9);
                assert!(reading.energy_kwh >= last_energy[position], "energy only grows");
                last_energy[position] = reading.energy_kwh;
            }
        }
        let before = only_telemetry(&gateway.tick(now(), STEP)).loops[0].energy_kwh;
        let after = only_telemetry(&gateway.tick(now(), Duration::from_secs(3600))).loops[0].energy_kwh;
        let rated = gateway.loops[0].rated_current_a * gateway.loops[0].power_factor * NOMINAL_VOLTAGE_V / 1000.0;
        assert!((after - before - rated).abs() < rated * 0.05, "one hour adds about the rated kWh");
    }

    #[test]
    fn loops_obey_commands_and_answer_with_the_correlation_id() {
        let mut gateway = virtual_gateway(Faults::default());
        let ack = ack_of(gateway.handle_command(
            &command("c-1", Command::SetLoop { index: LoopIndex::new(2).unwrap(), level: 0, until: None }),
            now(),
        ));
        assert_eq!(ack.correlation_id.as_str(), "c-1");
        assert_eq!(ack.result, AckResult::Ok);
        let telemetry = only_telemetry(&gateway.tick(now(), STEP));
        assert!(!telemetry.loops[1].on);
        assert_eq!(telemetry.loops[1].current_a, 0.0);
        assert_eq!(telemetry.loops[1].active_power_w, 0.0);
        assert!(telemetry.loops[0].on);

        let ack = ack_of(gateway.handle_command(&command("c-2", Command::ReadState), now()));
        assert_eq!(ack.loops.len(), 4);
        assert!(!ack.loops[1].on && ack.loops[0].on);

        let ack = ack_of(gateway.handle_command(
            &command("c-3", Command::SetLoop { index: LoopIndex::new(9).unwrap(), level: 100, until: None }),
            now(),
        ));
        assert!(matches!(ack.result, AckResult::Error(ref text) if text.contains("loop 9 does not exist")));

        let set_to = DateTime::from_timestamp_millis(1_893_456_000_000).unwrap();
        let ack = ack_of(gateway.handle_command(&command("c-4", Command::SetTime { time: set_to }), now()));
        assert_eq!(ack.result, AckResult::Ok);
        assert_eq!(ack.device_time, set_to);
        let telemetry = only_telemetry(&gateway.tick(now() + TimeDelta::seconds(1), STEP));
        assert_eq!(telemetry.device_time, set_to + TimeDelta::seconds(1));

        let ack = ack_of(gateway.handle_command(br#"{"v":1,"corr_id":"c-5","cmd":"reboot"}"#, now()));
        assert!(matches!(ack.result, AckResult::Error(ref text) if text.starts_with("invalid command")));
        assert!(gateway.handle_command(b"garbage", now()).is_none());
        assert_eq!(gateway.stats.commands_received, 6);
        assert_eq!(gateway.stats.acks, 5);
    }

    #[test]
    fn a_dimmed_loop_draws_its_share_of_the_rated_current() {
        let mut gateway = virtual_gateway(Faults::default());
        let loop_3 = LoopIndex::new(3).unwrap();
        let ack = ack_of(
            gateway.handle_command(&command("c-1", Command::SetLoop { index: loop_3, level: 30, until: None }), now()),
        );
        assert_eq!(ack.result, AckResult::Ok);
        let rated = gateway.loops[2].rated_current_a;
        let dimmed = only_telemetry(&gateway.tick(now(), STEP)).loops[2].clone();
        assert!(dimmed.on);
        assert!((dimmed.current_a - rated * 0.3).abs() < rated * 0.05, "{} A at 30 % of {rated} A", dimmed.current_a);
        ack_of(
            gateway.handle_command(&command("c-2", Command::SetLoop { index: loop_3, level: 100, until: None }), now()),
        );
        let full = only_telemetry(&gateway.tick(now(), STEP)).loops[2].clone();
        assert!((full.current_a - rated).abs() < rated * 0.05, "{} A at full of {rated} A", full.current_a);
    }

    /// Steps at `[offset_s, level]` for loop 1 and 2 of a schedule starting at `now()`.
    fn schedule(steps: &[(u32, u8)]) -> Schedule {
        let loop_steps: Vec<ScheduleStep> =
            steps.iter().map(|&(offset_s, level)| ScheduleStep { offset_s, level }).collect();
        Schedule {
            id: ScheduleId::new("s-1").unwrap(),
            from: now(),
            until: now() + TimeDelta::days(2),
            loops: [1, 2]
                .into_iter()
                .map(|index| ScheduleLoop { index: LoopIndex::new(index).unwrap(), steps: loop_steps.clone() })
                .collect(),
        }
    }

    fn loop_states(gateway: &mut VirtualGateway, at: DateTime<Utc>) -> Vec<(bool, f64)> {
        only_telemetry(&gateway.tick(at, STEP)).loops.iter().map(|l| (l.on, l.current_a)).collect()
    }

    #[test]
    fn a_gateway_follows_its_schedule_in_simulated_time() {
        let mut gateway = virtual_gateway(Faults::default());
        // off at once, on at 100 % after an hour, 30 % after two, off after three
        let plan = schedule(&[(0, 0), (3600, 100), (7200, 30), (10_800, 0)]);
        let ack = ack_of(gateway.handle_command(&command("c-1", Command::SetSchedule(plan)), now()));
        assert_eq!(ack.result, AckResult::Ok);
        let later = |seconds: i64| now() + TimeDelta::seconds(seconds);
        let states = loop_states(&mut gateway, later(1));
        assert!(!states[0].0 && !states[1].0, "the first step applies as soon as the schedule arrives");
        assert!(states[2].0 && states[3].0, "loops the schedule does not name are left alone");
        let full = loop_states(&mut gateway, later(3600));
        assert!(full[0].0 && full[1].0);
        let dimmed = loop_states(&mut gateway, later(7300));
        assert!(dimmed[0].0);
        let share = dimmed[0].1 / full[0].1;
        assert!((0.27..0.33).contains(&share), "at 30 % the loop draws about 30 % ({share})");
        assert!(!loop_states(&mut gateway, later(10_800))[0].0);
        assert!(!loop_states(&mut gateway, later(3 * 86_400))[0].0, "after until the last step holds");

        let too_many = Schedule {
            loops: vec![ScheduleLoop {
                index: LoopIndex::new(9).unwrap(),
                steps: vec![ScheduleStep { offset_s: 0, level: 100 }],
            }],
            ..schedule(&[(0, 0)])
        };
        let ack = ack_of(gateway.handle_command(&command("c-2", Command::SetSchedule(too_many)), now()));
        assert!(matches!(ack.result, AckResult::Error(ref text) if text.contains("loop 9 does not exist")));
    }

    #[test]
    fn a_manual_override_reverts_at_the_next_step_or_at_its_end() {
        let mut gateway = virtual_gateway(Faults::default());
        let later = |seconds: i64| now() + TimeDelta::seconds(seconds);
        let plan = schedule(&[(0, 100), (3600, 0), (7200, 100)]);
        ack_of(gateway.handle_command(&command("c-1", Command::SetSchedule(plan)), now()));
        // switched off by hand with no end: held until the next step (off anyway at 3600),
        // which it then follows; the step after that switches it on again
        let loop_1 = LoopIndex::new(1).unwrap();
        let off = Command::SetLoop { index: loop_1, level: 0, until: None };
        ack_of(gateway.handle_command(&command("c-2", off), later(60)));
        assert!(!loop_states(&mut gateway, later(61))[0].0, "the override holds");
        assert!(loop_states(&mut gateway, later(61))[1].0, "the other loop keeps its plan");
        assert!(!loop_states(&mut gateway, later(3600))[0].0);
        assert!(loop_states(&mut gateway, later(7200))[0].0, "the plan takes over again");

        // switched on by hand for ten minutes inside an off stretch: back off after ten minutes
        let mut gateway = virtual_gateway(Faults::default());
        ack_of(gateway.handle_command(&command("c-3", Command::SetSchedule(schedule(&[(0, 0), (7200, 100)]))), now()));
        let on = Command::SetLoop { index: loop_1, level: 100, until: Some(later(700)) };
        ack_of(gateway.handle_command(&command("c-4", on), later(100)));
        assert!(loop_states(&mut gateway, later(699))[0].0, "held until its end");
        assert!(!loop_states(&mut gateway, later(700))[0].0, "reverted to the plan at its end");

        // an override whose end lies after the next step ends at that step
        let off_long = Command::SetLoop { index: loop_1, level: 0, until: Some(later(20_000)) };
        ack_of(gateway.handle_command(&command("c-5", off_long), later(1000)));
        assert!(!loop_states(&mut gateway, later(7199))[0].0);
        assert!(loop_states(&mut gateway, later(7200))[0].0, "the next planned change ends it");
    }

    #[test]
    fn an_offline_gateway_is_silent_and_ignores_commands() {
        let mut gateway = virtual_gateway(Faults { offline: 1.0, ..Faults::default() });
        for _ in 0..50 {
            assert!(gateway.tick(now(), STEP).is_empty());
        }
        assert!(gateway.handle_command(&command("c-1", Command::ReadState), now()).is_none());
        assert_eq!(gateway.stats.commands_ignored_offline, 1);
        assert!(gateway.stats.offline_periods >= 2, "comes back and goes again");

        let mut flaky = virtual_gateway(Faults { offline: 0.2, ..Faults::default() });
        let silent = (0..200).filter(|_| flaky.tick(now(), STEP).is_empty()).count();
        assert!(silent > 20 && silent < 200, "{silent}");
    }

    #[test]
    fn faults_show_in_the_payloads() {
        let mut garbling = virtual_gateway(Faults { malformed: 1.0, ..Faults::default() });
        for _ in 0..20 {
            let outgoing = garbling.tick(now(), STEP);
            let telemetry: Vec<_> = outgoing.iter().filter(|m| m.channel == Channel::Telemetry).collect();
            assert_eq!(telemetry.len(), 1);
            assert!(decode_uplink(Channel::Telemetry, &telemetry[0].payload).is_err());
        }
        assert_eq!(garbling.stats.malformed, 20);

        let mut repeating = virtual_gateway(Faults { duplicate: 1.0, ..Faults::default() });
        let outgoing = repeating.tick(now(), STEP);
        let telemetry: Vec<_> = outgoing.iter().filter(|m| m.channel == Channel::Telemetry).collect();
        assert_eq!(telemetry.len(), 2);
        assert_eq!(telemetry[0], telemetry[1], "same message id, same bytes");

        let mut shuffling = virtual_gateway(Faults { out_of_order: 1.0, ..Faults::default() });
        assert!(decoded(&shuffling.tick(now(), STEP), Channel::Telemetry).is_empty(), "held back");
        let later = decoded(&shuffling.tick(now() + TimeDelta::seconds(1), STEP), Channel::Telemetry);
        let [Uplink::Telemetry(newer), Uplink::Telemetry(older)] = later.as_slice() else { panic!("{later:?}") };
        assert!(older.id.seq < newer.id.seq && older.device_time < newer.device_time);
        assert_eq!(shuffling.stats.out_of_order, 1);

        let mut straining = virtual_gateway(Faults { under_voltage: 1.0, over_current: 1.0, ..Faults::default() });
        let telemetry = only_telemetry(&straining.tick(now(), STEP));
        assert!(telemetry.loops.iter().all(|reading| reading.voltage_v < 196.0));
        let over = telemetry
            .loops
            .iter()
            .zip(&straining.loops)
            .filter(|(reading, virtual_loop)| reading.current_a > virtual_loop.rated_current_a * 1.5)
            .count();
        assert_eq!(over, 1);
    }

    /// A 100-byte image in chunks of 32: three whole chunks and one of 4 bytes.
    const CHUNK: u32 = 32;

    fn image() -> Vec<u8> {
        (0..100_u8).map(|byte| byte.wrapping_mul(37)).collect()
    }

    fn begin(version: &str, image: &[u8]) -> Command {
        Command::FirmwareBegin {
            version: FirmwareVersion::new(version).unwrap(),
            size: image.len() as u32,
            sha256: Sha256::digest(image).into(),
            chunk_size: CHUNK,
        }
    }

    fn chunk(image: &[u8], index: u32) -> Command {
        let data = image.chunks(CHUNK as usize).nth(index as usize).unwrap().to_vec();
        Command::FirmwareChunk { index, crc32: crc32fast::hash(&data), data }
    }

    fn firmware_gateway(firmware_faults: FirmwareFaults) -> VirtualGateway {
        let cfg = SimulatorConfig { loops: 4, firmware_faults, ..SimulatorConfig::default() };
        VirtualGateway::new(cfg.serial(1).unwrap(), &cfg, StdRng::seed_from_u64(11), 1_000).unwrap()
    }

    /// Sends `command` at `now()` and returns the answer.
    fn answer(gateway: &mut VirtualGateway, correlation_id: &str, sent: Command) -> Ack {
        ack_of(gateway.handle_command(&command(correlation_id, sent), now()))
    }

    fn error_of(ack: &Ack) -> &str {
        match &ack.result {
            AckResult::Error(text) => text,
            AckResult::Ok => panic!("expected an error, got ok"),
        }
    }

    /// Begins `image()` as 2.5.0 and sends all its chunks; each is acknowledged.
    fn send_image(gateway: &mut VirtualGateway) {
        assert_eq!(answer(gateway, "b", begin("2.5.0", &image())).next_chunk, Some(0));
        for index in 0..4 {
            assert_eq!(answer(gateway, &format!("k{index}"), chunk(&image(), index)).result, AckResult::Ok);
        }
    }

    fn firmware_reported(outgoing: &[Outgoing]) -> (Vec<String>, Vec<String>) {
        let heartbeats = decoded(outgoing, Channel::Heartbeat)
            .into_iter()
            .map(|beat| match beat {
                Uplink::Heartbeat(beat) => beat.firmware.to_string(),
                other => panic!("{other:?}"),
            })
            .collect();
        let telemetry = decoded(outgoing, Channel::Telemetry)
            .into_iter()
            .map(|sample| match sample {
                Uplink::Telemetry(sample) => sample.gateway.firmware.to_string(),
                other => panic!("{other:?}"),
            })
            .collect();
        (heartbeats, telemetry)
    }

    #[test]
    fn a_whole_transfer_is_committed_and_the_gateway_restarts_into_it() {
        let mut gateway = firmware_gateway(FirmwareFaults::default());
        let before = gateway.tick(now(), STEP);
        assert_eq!(firmware_reported(&before), (vec!["2.4.1-sim".into()], vec!["2.4.1-sim".into()]));
        send_image(&mut gateway);
        let repeat = answer(&mut gateway, "k2-again", chunk(&image(), 2));
        assert_eq!(repeat.result, AckResult::Ok, "a repeat is answered and not stored again");
        assert_eq!(gateway.stats.firmware_chunks, 4);
        let commit = answer(&mut gateway, "c", Command::FirmwareCommit);
        assert_eq!(commit.result, AckResult::Ok);
        assert_eq!(commit.next_chunk, None);

        // Silent for the reboot (3 s by default), commands ignored.
        let later = |ms: i64| now() + TimeDelta::milliseconds(ms);
        assert!(gateway.tick(later(1000), STEP).is_empty());
        assert!(gateway.handle_command(&command("r", Command::ReadState), later(2000)).is_none());
        assert!(gateway.tick(later(2999), STEP).is_empty());
        let back = gateway.tick(later(3000), STEP);
        assert_eq!(firmware_reported(&back), (vec!["2.5.0".into()], vec!["2.5.0".into()]));
        let Some(Uplink::Heartbeat(beat)) = decoded(&back, Channel::Heartbeat).pop() else { panic!() };
        assert!(beat.uptime < Duration::from_secs(1), "uptime counts from the restart");
        assert_eq!(gateway.stats.firmware_upgrades, 1);

        let ids: Vec<u64> =
            [before, back].iter().flat_map(|sent| sent.iter()).map(|m| uplink_seq(&m.payload, m.channel)).collect();
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "message ids stay unique: {ids:?}");
        assert_eq!(answer(&mut gateway, "r2", Command::ReadState).result, AckResult::Ok, "answers again");
        let after = gateway.tick(later(3100), STEP);
        assert_eq!(firmware_reported(&after).1, vec!["2.5.0".to_owned()]);
        // Nothing left to commit.
        assert_eq!(error_of(&answer(&mut gateway, "c2", Command::FirmwareCommit)), "no firmware transfer in progress");
    }

    fn uplink_seq(payload: &[u8], channel: Channel) -> u64 {
        decode_uplink(channel, payload).unwrap().message_id().unwrap().seq
    }

    #[test]
    fn a_transfer_resumes_after_a_drop_out() {
        let mut gateway = firmware_gateway(FirmwareFaults { drop_out: 1.0, ..FirmwareFaults::default() });
        assert_eq!(answer(&mut gateway, "b", begin("2.5.0", &image())).next_chunk, Some(0));
        assert_eq!(answer(&mut gateway, "k0", chunk(&image(), 0)).result, AckResult::Ok, "answered, then gone");
        assert!(gateway.handle_command(&command("k1", chunk(&image(), 1)), now()).is_none(), "offline");
        assert_eq!(gateway.stats.firmware_drop_outs, 1);
        let mut ticks = 0;
        while gateway.tick(now(), STEP).is_empty() {
            ticks += 1;
            assert!(ticks <= 20, "back within 20 intervals");
        }
        assert!(ticks >= 5, "silent for {ticks} intervals");
        let resumed = answer(&mut gateway, "b2", begin("2.5.0", &image()));
        assert_eq!((resumed.result, resumed.next_chunk), (AckResult::Ok, Some(1)), "chunk 0 is kept");

        // Another image (or the same one in other chunks) starts from scratch.
        let other: Vec<u8> = image().into_iter().rev().collect();
        assert_eq!(answer(&mut gateway, "b3", begin("2.6.0", &other)).next_chunk, Some(0));
        assert_eq!(answer(&mut gateway, "b4", begin("2.5.0", &image())).next_chunk, Some(0), "the partial was dropped");
    }

    #[test]
    fn chunks_are_checked_for_their_crc_order_and_length() {
        let mut gateway = firmware_gateway(FirmwareFaults::default());
        let no_transfer = answer(&mut gateway, "k", chunk(&image(), 0));
        assert_eq!(error_of(&no_transfer), "no firmware transfer in progress");
        answer(&mut gateway, "b", begin("2.5.0", &image()));
        let Command::FirmwareChunk { data, crc32, .. } = chunk(&image(), 0) else { unreachable!() };
        let bad_crc = Command::FirmwareChunk { index: 0, data: data.clone(), crc32: crc32 ^ 1 };
        assert_eq!(error_of(&answer(&mut gateway, "k0", bad_crc)), "chunk 0 crc mismatch");
        assert_eq!(answer(&mut gateway, "k0-again", chunk(&image(), 0)).result, AckResult::Ok);
        assert_eq!(error_of(&answer(&mut gateway, "k3", chunk(&image(), 3))), "chunk 3 out of order, expecting 1");
        let short = data[..10].to_vec();
        let short = Command::FirmwareChunk { index: 1, crc32: crc32fast::hash(&short), data: short };
        assert_eq!(error_of(&answer(&mut gateway, "k1", short)), "chunk 1 is 10 bytes, expecting 32");
        let beyond = Command::FirmwareChunk { index: 4, crc32, data };
        assert!(error_of(&answer(&mut gateway, "k4", beyond)).contains("beyond the image's 4 chunks"));
        assert_eq!(answer(&mut gateway, "b2", begin("2.5.0", &image())).next_chunk, Some(1), "only chunk 0 stored");
    }

    #[test]
    fn an_incomplete_image_is_not_committed() {
        let mut gateway = firmware_gateway(FirmwareFaults::default());
        answer(&mut gateway, "b", begin("2.5.0", &image()));
        for index in 0..3 {
            answer(&mut gateway, &format!("k{index}"), chunk(&image(), index));
        }
        let commit = answer(&mut gateway, "c", Command::FirmwareCommit);
        assert_eq!(error_of(&commit), "image incomplete: 3 of 4 chunks");
        assert_eq!(answer(&mut gateway, "k3", chunk(&image(), 3)).result, AckResult::Ok, "the transfer goes on");
        assert_eq!(answer(&mut gateway, "c2", Command::FirmwareCommit).result, AckResult::Ok);
    }

    #[test]
    fn a_corrupt_flash_write_fails_the_commit_and_discards_the_image() {
        let mut gateway = firmware_gateway(FirmwareFaults { corrupt: 1.0, ..FirmwareFaults::default() });
        send_image(&mut gateway);
        assert_eq!(gateway.stats.firmware_corrupted, 1);
        assert_eq!(error_of(&answer(&mut gateway, "c", Command::FirmwareCommit)), "image checksum mismatch");
        assert_eq!(answer(&mut gateway, "b2", begin("2.5.0", &image())).next_chunk, Some(0), "starts over");
        assert!(gateway.tick(now(), STEP).iter().any(|m| m.channel == Channel::Heartbeat), "no restart");
    }

    #[test]
    fn a_new_image_that_does_not_boot_leaves_the_old_version() {
        let mut gateway = firmware_gateway(FirmwareFaults { old_after_reboot: 1.0, ..FirmwareFaults::default() });
        send_image(&mut gateway);
        assert_eq!(answer(&mut gateway, "c", Command::FirmwareCommit).result, AckResult::Ok);
        assert!(gateway.tick(now() + TimeDelta::seconds(1), STEP).is_empty(), "restarting");
        let back = gateway.tick(now() + TimeDelta::seconds(3), STEP);
        assert_eq!(firmware_reported(&back), (vec!["2.4.1-sim".into()], vec!["2.4.1-sim".into()]));
        assert_eq!(gateway.stats.firmware_failed_boots, 1);
    }

    #[test]
    fn a_lost_chunk_is_never_answered() {
        let mut gateway = firmware_gateway(FirmwareFaults { lost_chunk: 1.0, ..FirmwareFaults::default() });
        assert_eq!(answer(&mut gateway, "b", begin("2.5.0", &image())).next_chunk, Some(0));
        assert!(gateway.handle_command(&command("k0", chunk(&image(), 0)), now()).is_none());
        assert_eq!(gateway.stats.firmware_chunks_lost, 1);
        assert_eq!(answer(&mut gateway, "b2", begin("2.5.0", &image())).next_chunk, Some(0), "nothing stored");
    }

    #[test]
    fn a_gateway_running_the_version_needs_no_chunk() {
        let mut gateway = firmware_gateway(FirmwareFaults::default());
        let ack = answer(&mut gateway, "b", begin("2.4.1-sim", &image()));
        assert_eq!((ack.result, ack.next_chunk), (AckResult::Ok, Some(4)));
        assert_eq!(error_of(&answer(&mut gateway, "k0", chunk(&image(), 0))), "no firmware transfer in progress");
    }

    #[test]
    fn an_immediate_reboot_restarts_at_the_next_tick() {
        let cfg =
            SimulatorConfig { loops: 4, reboot: Duration::ZERO, firmware: "1.0".into(), ..SimulatorConfig::default() };
        let mut gateway = VirtualGateway::new(cfg.serial(1).unwrap(), &cfg, StdRng::seed_from_u64(11), 1_000).unwrap();
        send_image(&mut gateway);
        assert_eq!(answer(&mut gateway, "c", Command::FirmwareCommit).result, AckResult::Ok);
        assert_eq!(firmware_reported(&gateway.tick(now(), STEP)), (vec!["2.5.0".into()], vec!["2.5.0".into()]));
    }

    /// The simulator's default tick.
    const FIVE_SECONDS: Duration = Duration::from_secs(5);

    fn params(heartbeat_s: Option<u64>, telemetry_s: Option<u64>) -> Command {
        Command::SetParams(GatewayParams {
            heartbeat: heartbeat_s.map(Duration::from_secs),
            telemetry: telemetry_s.map(Duration::from_secs),
        })
    }

    /// Ticks `ticks` times every 5 s from `from`: the ticks (from 0) that sent a heartbeat, and
    /// those that sent telemetry.
    fn pacing(gateway: &mut VirtualGateway, from: DateTime<Utc>, ticks: usize) -> (Vec<usize>, Vec<usize>) {
        let mut heartbeats = Vec::new();
        let mut telemetry = Vec::new();
        for tick in 0..ticks {
            let at = from + TimeDelta::seconds(5 * tick as i64);
            let outgoing = gateway.tick(at, FIVE_SECONDS);
            if outgoing.iter().any(|message| message.channel == Channel::Heartbeat) {
                heartbeats.push(tick);
            }
            if outgoing.iter().any(|message| message.channel == Channel::Telemetry) {
                telemetry.push(tick);
            }
        }
        (heartbeats, telemetry)
    }

    fn every(step: usize, ticks: usize) -> Vec<usize> {
        (0..ticks).step_by(step).collect()
    }

    #[test]
    fn param_set_paces_heartbeats_and_telemetry() {
        let mut gateway = virtual_gateway(Faults::default());
        assert_eq!(
            pacing(&mut gateway, now(), 12),
            (every(6, 12), every(1, 12)),
            "30 s heartbeats, telemetry each tick"
        );

        let mut gateway = virtual_gateway(Faults::default());
        assert_eq!(answer(&mut gateway, "p-1", params(None, Some(60))).result, AckResult::Ok);
        assert_eq!(gateway.stats.params_set, 1);
        let (heartbeats, telemetry) = pacing(&mut gateway, now(), 48);
        assert_eq!(telemetry, every(12, 48), "telemetry every 60 s: every 12th tick of 5 s");
        assert_eq!(heartbeats, every(6, 48), "the heartbeat is left as it was");

        let ack = answer(&mut gateway, "p-2", params(Some(10), None));
        assert_eq!((ack.result, ack.loops.len(), ack.next_chunk), (AckResult::Ok, 0, None), "a plain ack");
        let (heartbeats, telemetry) = pacing(&mut gateway, now() + TimeDelta::seconds(240), 48);
        assert_eq!(heartbeats, every(2, 48), "a heartbeat every 10 s");
        assert_eq!(telemetry, every(12, 48), "the telemetry interval is left as it was");

        answer(&mut gateway, "p-3", params(Some(30), Some(10)));
        let (heartbeats, telemetry) = pacing(&mut gateway, now() + TimeDelta::seconds(480), 12);
        assert_eq!((heartbeats.len(), telemetry), (2, every(2, 12)));
        assert_eq!(gateway.stats.params_set, 3);
    }

    #[test]
    fn parameters_survive_a_drop_out_and_a_restart() {
        let mut gateway = firmware_gateway(FirmwareFaults { drop_out: 1.0, ..FirmwareFaults::default() });
        answer(&mut gateway, "p", params(Some(10), Some(60)));
        answer(&mut gateway, "b", begin("2.5.0", &image()));
        answer(&mut gateway, "k0", chunk(&image(), 0));
        let mut silent = 0;
        while gateway.tick(now(), FIVE_SECONDS).is_empty() {
            silent += 1;
            assert!(silent <= 20, "back within 20 intervals");
        }
        let (heartbeats, telemetry) = pacing(&mut gateway, now(), 48);
        assert_eq!(heartbeats, every(2, 48).into_iter().map(|tick| tick + 1).collect::<Vec<_>>(), "every 10 s");
        assert_eq!(telemetry.windows(2).map(|pair| pair[1] - pair[0]).collect::<Vec<_>>(), vec![12; 3], "every 60 s");

        let mut gateway = firmware_gateway(FirmwareFaults::default());
        answer(&mut gateway, "p", params(Some(10), Some(60)));
        send_image(&mut gateway);
        assert_eq!(answer(&mut gateway, "c", Command::FirmwareCommit).result, AckResult::Ok);
        let (heartbeats, telemetry) = pacing(&mut gateway, now(), 50);
        // Silent for the 3 s restart, back at the first tick after (5 s) with both at once.
        assert_eq!(heartbeats, (1..50).step_by(2).collect::<Vec<_>>(), "still every 10 s");
        assert_eq!(telemetry, vec![1, 13, 25, 37, 49], "still every 60 s");
    }

    #[test]
    fn a_bad_param_set_is_answered_with_an_error_and_changes_nothing() {
        let mut gateway = virtual_gateway(Faults::default());
        let too_slow = br#"{"v":1,"corr_id":"p-1","ts":1735689600000,"cmd":"param_set","heartbeat_s":60}"#;
        let ack = ack_of(gateway.handle_command(too_slow, now()));
        assert!(matches!(ack.result, AckResult::Error(ref text) if text.contains("heartbeat_s is out of range")));
        let nothing = br#"{"v":1,"corr_id":"p-2","ts":1735689600000,"cmd":"param_set"}"#;
        assert!(matches!(ack_of(gateway.handle_command(nothing, now())).result, AckResult::Error(_)));
        assert_eq!(gateway.stats.params_set, 0);
        assert_eq!(pacing(&mut gateway, now(), 12), (every(6, 12), every(1, 12)), "as before");
    }

    #[test]
    fn events_start_and_end() {
        let mut gateway = virtual_gateway(Faults { events: 1.0, ..Faults::default() });
        let mut raised = 0;
        let mut cleared = 0;
        for _ in 0..50 {
            for event in decoded(&gateway.tick(now(), STEP), Channel::Event) {
                let Uplink::Event(event) = event else { unreachable!() };
                if event.active { raised += 1 } else { cleared += 1 }
            }
        }
        assert!(raised >= 3 && cleared >= 1, "{raised} raised, {cleared} cleared");
        assert!(raised - cleared <= 3, "at most one of each kind open at once");
    }
}
