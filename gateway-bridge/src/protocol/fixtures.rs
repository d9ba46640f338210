//! Valid values for the protocol's unit tests: one sample of each, and proptest strategies
//! that cover each type's whole accepted range.

use chrono::{DateTime, Utc};
use proptest::prelude::*;

use super::codec::{
    EARLIEST_DEVICE_TIME_MS, LATEST_DEVICE_TIME_MS, MAX_CURRENT_A, MAX_ENERGY_KWH, MAX_POWER_W, MAX_SIGNAL_DBM,
    MAX_TEMPERATURE_C, MAX_VOLTAGE_V, MIN_SIGNAL_DBM, MIN_TEMPERATURE_C, time_from_ms,
};
use super::ids::{CorrelationId, FirmwareVersion, GatewaySerial, LoopIndex, MAX_LOOPS, MessageId, ScheduleId};
use super::messages::{
    AckResult, Command, EventKind, GatewayParams, GatewayReading, LoopReading, MAX_FIRMWARE_BYTES,
    MAX_FIRMWARE_CHUNK_BYTES, MAX_HEARTBEAT_S, MAX_LEVEL, MAX_SCHEDULE_SPAN, MAX_TELEMETRY_S, MIN_HEARTBEAT_S,
    MIN_TELEMETRY_S, Schedule, ScheduleLoop, ScheduleStep, Telemetry,
};

pub(super) fn serial() -> GatewaySerial {
    GatewaySerial::new("GW-0001").unwrap()
}

pub(super) fn at(ms: i64) -> DateTime<Utc> {
    time_from_ms("ts", ms).unwrap()
}

pub(super) fn reading(index: u64, on: bool) -> LoopReading {
    LoopReading {
        index: LoopIndex::new(index).unwrap(),
        on,
        voltage_v: 221.4,
        current_a: if on { 4.125 } else { 0.0 },
        active_power_w: if on { 867.3 } else { 0.0 },
        energy_kwh: 1523.418,
    }
}

pub(super) fn telemetry() -> Telemetry {
    Telemetry {
        id: MessageId::new(serial(), 1_735_689_600_042),
        device_time: at(1_735_689_600_000),
        gateway: GatewayReading {
            signal_dbm: -71,
            temperature_c: 34.5,
            firmware: FirmwareVersion::new("2.4.1").unwrap(),
        },
        loops: vec![reading(1, true), reading(2, false), reading(3, true)],
    }
}

pub(super) fn arb_serial() -> impl Strategy<Value = GatewaySerial> {
    "[A-Za-z0-9_-]{1,32}".prop_map(|serial| GatewaySerial::new(serial).unwrap())
}

pub(super) fn arb_time() -> impl Strategy<Value = DateTime<Utc>> {
    (EARLIEST_DEVICE_TIME_MS..=LATEST_DEVICE_TIME_MS).prop_map(|ms| time_from_ms("ts", ms).unwrap())
}

pub(super) fn arb_loops(min: usize) -> impl Strategy<Value = Vec<LoopReading>> {
    proptest::collection::btree_map(
        1..=MAX_LOOPS,
        (any::<bool>(), 0.0..=MAX_VOLTAGE_V, 0.0..=MAX_CURRENT_A, 0.0..=MAX_POWER_W, 0.0..=MAX_ENERGY_KWH),
        min..=usize::from(MAX_LOOPS),
    )
    .prop_map(|loops| {
        loops
            .into_iter()
            .map(|(index, (on, voltage_v, current_a, active_power_w, energy_kwh))| LoopReading {
                index: LoopIndex::new(u64::from(index)).unwrap(),
                on,
                voltage_v,
                current_a,
                active_power_w,
                energy_kwh,
            })
            .collect()
    })
}

pub(super) fn arb_firmware() -> impl Strategy<Value = FirmwareVersion> {
    "[A-Za-z0-9._+-]{1,32}".prop_map(|version| FirmwareVersion::new(version).unwrap())
}

pub(super) fn arb_telemetry() -> impl Strategy<Value = Telemetry> {
    (
        arb_serial(),
        any::<u64>(),
        arb_time(),
        MIN_SIGNAL_DBM..=MAX_SIGNAL_DBM,
        MIN_TEMPERATURE_C..=MAX_TEMPERATURE_C,
        arb_firmware(),
        arb_loops(1),
    )
        .prop_map(|(serial, seq, device_time, signal_dbm, temperature_c, firmware, loops)| Telemetry {
            id: MessageId::new(serial, seq),
            device_time,
            gateway: GatewayReading { signal_dbm, temperature_c, firmware },
            loops,
        })
}

pub(super) fn arb_correlation_id() -> impl Strategy<Value = CorrelationId> {
    "[A-Za-z0-9_-]{1,64}".prop_map(|id| CorrelationId::new(id).unwrap())
}

/// A schedule of up to 8 loops, each with 1 to 20 increasing steps within its span.
pub(super) fn arb_schedule() -> impl Strategy<Value = Schedule> {
    let span_s = MAX_SCHEDULE_SPAN.as_secs() as u32;
    (
        "[A-Za-z0-9_-]{1,64}",
        EARLIEST_DEVICE_TIME_MS..LATEST_DEVICE_TIME_MS - i64::from(span_s) * 1000,
        1..=span_s,
        proptest::collection::btree_map(
            1..=MAX_LOOPS,
            proptest::collection::btree_map(0..=span_s, 0..=MAX_LEVEL, 1..20),
            0..8,
        ),
    )
        .prop_map(|(id, from_ms, span, loops)| {
            let from = DateTime::from_timestamp_millis(from_ms).unwrap();
            Schedule {
                id: ScheduleId::new(id).unwrap(),
                from,
                until: from + chrono::TimeDelta::seconds(i64::from(span)),
                loops: loops
                    .into_iter()
                    .map(|(index, steps)| ScheduleLoop {
                        index: LoopIndex::new(u64::from(index)).unwrap(),
                        steps: steps
                            .into_iter()
                            .map(|(offset_s, level)| ScheduleStep { offset_s: offset_s.min(span), level })
                            .fold(Vec::new(), |mut kept: Vec<ScheduleStep>, step| {
                                if kept.last().is_none_or(|last| last.offset_s < step.offset_s) {
                                    kept.push(step);
                                }
                                kept
                            }),
                    })
                    .collect(),
            }
        })
}

pub(super) fn arb_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        (1..=MAX_LOOPS, 0..=MAX_LEVEL, proptest::option::of(arb_time())).prop_map(|(index, level, until)| {
            Command::SetLoop { index: LoopIndex::new(u64::from(index)).unwrap(), level, until }
        }),
        Just(Command::ReadState),
        arb_time().prop_map(|time| Command::SetTime { time }),
        arb_schedule().prop_map(Command::SetSchedule),
        (arb_firmware(), 1..=MAX_FIRMWARE_BYTES, any::<[u8; 32]>(), 1..=MAX_FIRMWARE_CHUNK_BYTES as u32).prop_map(
            |(version, size, sha256, chunk_size)| Command::FirmwareBegin { version, size, sha256, chunk_size }
        ),
        // Small chunks keep the cases fast; the largest is a unit test of its own.
        (0..MAX_FIRMWARE_BYTES, proptest::collection::vec(any::<u8>(), 1..64), any::<u32>())
            .prop_map(|(index, data, crc32)| Command::FirmwareChunk { index, data, crc32 }),
        Just(Command::FirmwareCommit),
        arb_params().prop_map(Command::SetParams),
    ]
}

/// Operating parameters within their ranges, at least one of the two set.
pub(super) fn arb_params() -> impl Strategy<Value = GatewayParams> {
    let seconds = |range: std::ops::RangeInclusive<u32>| {
        proptest::option::of(range.prop_map(|s| std::time::Duration::from_secs(u64::from(s))))
    };
    (seconds(MIN_HEARTBEAT_S..=MAX_HEARTBEAT_S), seconds(MIN_TELEMETRY_S..=MAX_TELEMETRY_S))
        .prop_filter("param_set sets at least one", |(heartbeat, telemetry)| heartbeat.is_some() || telemetry.is_some())
        .prop_map(|(heartbeat, telemetry)| GatewayParams { heartbeat, telemetry })
}

pub(super) fn arb_event_kind() -> impl Strategy<Value = EventKind> {
    prop_oneof![
        Just(EventKind::PowerLoss),
        Just(EventKind::DoorOpen),
        (1..=MAX_LOOPS)
            .prop_map(|index| EventKind::ContactorFault { index: LoopIndex::new(u64::from(index)).unwrap() }),
    ]
}

pub(super) fn arb_ack_result() -> impl Strategy<Value = AckResult> {
    prop_oneof![Just(AckResult::Ok), "\\PC{1,256}".prop_map(AckResult::Error)]
}
