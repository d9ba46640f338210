//! What the projections make of the bridge's events, before any query: which samples are
//! kept, the columns of the one statement that stores them, the latest reading per loop and
//! per gateway, and which days of telemetry are kept.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Days, NaiveDate, TimeDelta, Utc};
use lumiscape_proto::events::v1 as ev;

use crate::gateway::model::MAX_LOOPS;

/// Longest firmware version stored.
pub const MAX_FIRMWARE_CHARS: usize = 64;
/// Longest presence reason stored.
pub const MAX_REASON_CHARS: usize = 16;

/// How many days of telemetry are kept, in whole UTC days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    days: u32,
}

impl Retention {
    pub fn days(days: u32) -> Self {
        Self { days }
    }

    /// The oldest day kept on `today`; partitions of earlier days are dropped.
    pub fn first_kept_day(self, today: NaiveDate) -> NaiveDate {
        today.checked_sub_days(Days::new(u64::from(self.days))).unwrap_or(NaiveDate::MIN)
    }

    /// Whether a sample taken at `time` is stored: within the kept days, and not more than
    /// a day ahead of `now` (a gateway with a wrong clock must not create far partitions).
    pub fn accepts(self, time: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        time.date_naive() >= self.first_kept_day(now.date_naive()) && time <= now + TimeDelta::days(1)
    }
}

/// One loop's readings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    pub index: u32,
    pub on: bool,
    pub voltage_v: f64,
    pub current_a: f64,
    pub active_power_w: f64,
    pub energy_kwh: f64,
}

impl Reading {
    /// A loop reading, unless its index or values are impossible.
    pub fn new(
        index: u32,
        on: bool,
        voltage_v: f64,
        current_a: f64,
        active_power_w: f64,
        energy_kwh: f64,
    ) -> Option<Self> {
        let finite = [voltage_v, current_a, active_power_w, energy_kwh].iter().all(|v| v.is_finite());
        ((1..=MAX_LOOPS).contains(&index) && finite).then_some(Self {
            index,
            on,
            voltage_v,
            current_a,
            active_power_w,
            energy_kwh,
        })
    }
}

/// A sample of a registered gateway, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub gateway_id: i64,
    pub seq: i64,
    /// Device time.
    pub time: DateTime<Utc>,
    /// When the bridge received it.
    pub received: DateTime<Utc>,
    pub signal_dbm: i32,
    pub temperature_c: Option<f64>,
    pub firmware: String,
    pub readings: Vec<Reading>,
}

impl Sample {
    /// The sample of an event, unless a value is impossible.
    pub fn from_event(event: &ev::TelemetrySample) -> Option<Self> {
        let seq = i64::try_from(event.seq).ok()?;
        let time = DateTime::from_timestamp_millis(event.device_time_ms)?;
        let received = DateTime::from_timestamp_millis(event.received_at_ms).filter(|_| event.received_at_ms > 0);
        let mut readings = Vec::with_capacity(event.loops.len());
        for l in &event.loops {
            readings.push(Reading::new(l.index, l.on, l.voltage_v, l.current_a, l.active_power_w, l.energy_kwh)?);
        }
        Some(Self {
            gateway_id: event.gateway_id,
            seq,
            time,
            received: received.unwrap_or(time),
            signal_dbm: event.signal_dbm,
            temperature_c: Some(event.temperature_c).filter(|t| t.is_finite()),
            firmware: event.firmware.chars().take(MAX_FIRMWARE_CHARS).collect(),
            readings,
        })
    }
}

/// A live gateway as the projection knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownGateway {
    pub serial: String,
    pub project_id: i64,
}

/// The samples of one batch worth storing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Batch {
    pub samples: Vec<Sample>,
    /// Samples left out: unknown or deleted gateway, impossible values, outside retention.
    pub skipped: usize,
}

impl Batch {
    /// Keeps the samples of live gateways (same id, serial and project as registered) with
    /// possible values, taken within the retention period.
    pub fn accept<'a>(
        events: impl IntoIterator<Item = &'a ev::TelemetrySample>,
        known: &HashMap<i64, KnownGateway>,
        retention: Retention,
        now: DateTime<Utc>,
    ) -> Self {
        let mut batch = Self::default();
        for event in events {
            let registered = known
                .get(&event.gateway_id)
                .is_some_and(|g| g.serial == event.serial && g.project_id == event.project_id);
            match Sample::from_event(event).filter(|s| registered && retention.accepts(s.time, now)) {
                Some(sample) => batch.samples.push(sample),
                None => batch.skipped += 1,
            }
        }
        batch
    }

    /// The UTC days the samples fall on (their partitions must exist).
    pub fn days(&self) -> BTreeSet<NaiveDate> {
        self.samples.iter().map(|s| s.time.date_naive()).collect()
    }

    /// One row per loop of every sample, as columns.
    pub fn sample_columns(&self) -> SampleColumns {
        let mut columns = SampleColumns::default();
        for sample in &self.samples {
            for reading in &sample.readings {
                columns.push(sample, reading);
            }
        }
        columns
    }

    /// The latest reading of each loop in the batch.
    pub fn latest_loops(&self) -> LoopStateColumns {
        let mut latest: HashMap<(i64, u32), (DateTime<Utc>, Reading)> = HashMap::new();
        for sample in &self.samples {
            for reading in &sample.readings {
                let entry = latest.entry((sample.gateway_id, reading.index)).or_insert((sample.time, *reading));
                // On a tie the later sample in stream order wins, as it would stored alone.
                if sample.time >= entry.0 {
                    *entry = (sample.time, *reading);
                }
            }
        }
        let mut columns = LoopStateColumns::default();
        let mut keys: Vec<_> = latest.keys().copied().collect();
        keys.sort_unstable();
        for key in keys {
            let (time, reading) = latest[&key];
            columns.push(key.0, time, &reading);
        }
        columns
    }

    /// The latest sample of each gateway in the batch.
    pub fn latest_gateways(&self) -> GatewayColumns {
        let mut latest: HashMap<i64, &Sample> = HashMap::new();
        for sample in &self.samples {
            let entry = latest.entry(sample.gateway_id).or_insert(sample);
            if sample.time >= entry.time {
                *entry = sample;
            }
        }
        let mut samples: Vec<&Sample> = latest.into_values().collect();
        samples.sort_unstable_by_key(|s| s.gateway_id);
        let mut columns = GatewayColumns::default();
        for sample in samples {
            columns.push(sample);
        }
        columns
    }
}

/// Rows of `lighting.loop_samples`, column by column (for one `INSERT ... SELECT FROM UNNEST`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SampleColumns {
    pub gateway_id: Vec<i64>,
    pub loop_index: Vec<i16>,
    pub sample_time: Vec<DateTime<Utc>>,
    pub seq: Vec<i64>,
    pub is_on: Vec<bool>,
    pub voltage_v: Vec<f64>,
    pub current_a: Vec<f64>,
    pub active_power_w: Vec<f64>,
    pub energy_kwh: Vec<f64>,
}

impl SampleColumns {
    fn push(&mut self, sample: &Sample, reading: &Reading) {
        self.gateway_id.push(sample.gateway_id);
        self.loop_index.push(reading.index as i16);
        self.sample_time.push(sample.time);
        self.seq.push(sample.seq);
        self.is_on.push(reading.on);
        self.voltage_v.push(reading.voltage_v);
        self.current_a.push(reading.current_a);
        self.active_power_w.push(reading.active_power_w);
        self.energy_kwh.push(reading.energy_kwh);
    }

    pub fn len(&self) -> usize {
        self.gateway_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.gateway_id.is_empty()
    }
}

/// Rows of `lighting.loop_state`, at most one per loop, column by column.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LoopStateColumns {
    pub gateway_id: Vec<i64>,
    pub loop_index: Vec<i32>,
    pub is_on: Vec<bool>,
    pub voltage_v: Vec<f64>,
    pub current_a: Vec<f64>,
    pub active_power_w: Vec<f64>,
    pub energy_kwh: Vec<f64>,
    pub sample_time: Vec<DateTime<Utc>>,
}

impl LoopStateColumns {
    /// The readings of one gateway at one time (a command's acknowledgement), the last one
    /// of a loop given twice winning.
    pub fn of_gateway(gateway_id: i64, time: DateTime<Utc>, readings: &[Reading]) -> Self {
        let mut by_loop: HashMap<u32, Reading> = HashMap::new();
        for reading in readings {
            by_loop.insert(reading.index, *reading);
        }
        let mut indexes: Vec<u32> = by_loop.keys().copied().collect();
        indexes.sort_unstable();
        let mut columns = Self::default();
        for index in indexes {
            columns.push(gateway_id, time, &by_loop[&index]);
        }
        columns
    }

    fn push(&mut self, gateway_id: i64, time: DateTime<Utc>, reading: &Reading) {
        self.gateway_id.push(gateway_id);
        self.loop_index.push(reading.index as i32);
        self.is_on.push(reading.on);
        self.voltage_v.push(reading.voltage_v);
        self.current_a.push(reading.current_a);
        self.active_power_w.push(reading.active_power_w);
        self.energy_kwh.push(reading.energy_kwh);
        self.sample_time.push(time);
    }

    pub fn is_empty(&self) -> bool {
        self.gateway_id.is_empty()
    }
}

/// The latest signal, temperature, firmware and times of each gateway, column by column.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GatewayColumns {
    pub gateway_id: Vec<i64>,
    pub signal_dbm: Vec<i32>,
    pub temperature_c: Vec<Option<f64>>,
    pub firmware: Vec<String>,
    pub telemetry_at: Vec<DateTime<Utc>>,
    pub seen_at: Vec<DateTime<Utc>>,
}

impl GatewayColumns {
    fn push(&mut self, sample: &Sample) {
        self.gateway_id.push(sample.gateway_id);
        self.signal_dbm.push(sample.signal_dbm);
        self.temperature_c.push(sample.temperature_c);
        self.firmware.push(sample.firmware.clone());
        self.telemetry_at.push(sample.time);
        self.seen_at.push(sample.received);
    }
}

/// A gateway came online or went offline, as the bridge decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    pub gateway_id: i64,
    pub project_id: i64,
    pub serial: String,
    pub online: bool,
    pub at: DateTime<Utc>,
    pub reason: String,
}

impl StatusChange {
    /// The change of an event, unless it names no gateway or an impossible time.
    pub fn from_event(event: &ev::GatewayStatusChanged) -> Option<Self> {
        let at = DateTime::from_timestamp_millis(event.at_ms).filter(|_| event.at_ms > 0)?;
        (event.gateway_id > 0 && !event.serial.is_empty()).then(|| Self {
            gateway_id: event.gateway_id,
            project_id: event.project_id,
            serial: event.serial.clone(),
            online: event.online,
            at,
            reason: event.reason.chars().take(MAX_REASON_CHARS).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ms: i64) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(ms).unwrap()
    }

    fn event(gateway_id: i64, seq: u64, time_ms: i64, loops: &[(u32, f64)]) -> ev::TelemetrySample {
        ev::TelemetrySample {
            serial: format!("GW-{gateway_id}"),
            gateway_id,
            project_id: 1,
            seq,
            device_time_ms: time_ms,
            signal_dbm: -70,
            temperature_c: 31.5,
            firmware: "1.2.3".into(),
            loops: loops
                .iter()
                .map(|&(index, power)| ev::LoopSample {
                    index,
                    on: power > 0.0,
                    voltage_v: 220.0,
                    current_a: power / 220.0,
                    active_power_w: power,
                    energy_kwh: 1.0,
                })
                .collect(),
            received_at_ms: time_ms + 40,
        }
    }

    fn known(ids: &[i64]) -> HashMap<i64, KnownGateway> {
        ids.iter().map(|&id| (id, KnownGateway { serial: format!("GW-{id}"), project_id: 1 })).collect()
    }

    const NOW: i64 = 1_790_000_000_000;

    #[test]
    fn retention_keeps_whole_days() {
        let retention = Retention::days(90);
        let today = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        assert_eq!(retention.first_kept_day(today), NaiveDate::from_ymd_opt(2026, 8, 25).unwrap());
        let now = at(NOW);
        assert!(retention.accepts(now, now));
        assert!(retention.accepts(now - TimeDelta::days(89), now));
        assert!(!retention.accepts(now - TimeDelta::days(91), now));
        assert!(retention.accepts(now + TimeDelta::hours(23), now));
        assert!(!retention.accepts(now + TimeDelta::days(2), now), "a wrong clock creates no far partitions");
    }

    #[test]
    fn only_samples_of_registered_gateways_are_kept() {
        let mut foreign = event(1, 7, NOW, &[(1, 10.0)]);
        foreign.project_id = 2;
        let mut renamed = event(1, 8, NOW, &[(1, 10.0)]);
        renamed.serial = "OTHER".into();
        let events = [event(1, 6, NOW, &[(1, 10.0)]), foreign, renamed, event(9, 1, NOW, &[(1, 10.0)])];
        let batch = Batch::accept(&events, &known(&[1]), Retention::days(90), at(NOW));
        assert_eq!(batch.samples.len(), 1);
        assert_eq!(batch.samples[0].seq, 6);
        assert_eq!(batch.skipped, 3);
    }

    #[test]
    fn impossible_values_are_skipped() {
        let mut nan = event(1, 1, NOW, &[(1, 10.0)]);
        nan.loops[0].voltage_v = f64::NAN;
        let events = [nan, event(1, 2, NOW, &[(0, 1.0)]), event(1, 3, NOW, &[(65, 1.0)]), event(1, u64::MAX, NOW, &[])];
        let batch = Batch::accept(&events, &known(&[1]), Retention::days(90), at(NOW));
        assert!(batch.samples.is_empty());
        assert_eq!(batch.skipped, 4);
    }

    #[test]
    fn samples_become_one_row_per_loop() {
        let events = [event(1, 1, NOW, &[(1, 10.0), (2, 0.0)]), event(2, 5, NOW + 5000, &[(1, 20.0)])];
        let batch = Batch::accept(&events, &known(&[1, 2]), Retention::days(90), at(NOW));
        let columns = batch.sample_columns();
        assert_eq!(columns.len(), 3);
        assert_eq!(columns.gateway_id, vec![1, 1, 2]);
        assert_eq!(columns.loop_index, vec![1, 2, 1]);
        assert_eq!(columns.seq, vec![1, 1, 5]);
        assert_eq!(columns.active_power_w, vec![10.0, 0.0, 20.0]);
        assert_eq!(batch.days().len(), 1);
    }

    #[test]
    fn the_latest_reading_of_each_loop_wins_whatever_the_order() {
        let events =
            [event(1, 2, NOW + 5000, &[(1, 30.0), (2, 40.0)]), event(1, 1, NOW, &[(1, 10.0), (2, 20.0), (3, 5.0)])];
        let batch = Batch::accept(&events, &known(&[1]), Retention::days(90), at(NOW));
        let latest = batch.latest_loops();
        assert_eq!(latest.loop_index, vec![1, 2, 3]);
        assert_eq!(latest.active_power_w, vec![30.0, 40.0, 5.0]);
        assert_eq!(latest.sample_time, vec![at(NOW + 5000), at(NOW + 5000), at(NOW)]);
        let gateways = batch.latest_gateways();
        assert_eq!(gateways.gateway_id, vec![1]);
        assert_eq!(gateways.telemetry_at, vec![at(NOW + 5000)]);
        assert_eq!(gateways.seen_at, vec![at(NOW + 5040)]);
        assert_eq!(gateways.temperature_c, vec![Some(31.5)]);
    }

    #[test]
    fn acknowledged_readings_are_one_row_per_loop() {
        let reading = |index, power| Reading::new(index, true, 220.0, 0.1, power, 1.0).unwrap();
        let columns = LoopStateColumns::of_gateway(4, at(NOW), &[reading(2, 1.0), reading(1, 2.0), reading(2, 3.0)]);
        assert_eq!(columns.loop_index, vec![1, 2]);
        assert_eq!(columns.active_power_w, vec![2.0, 3.0]);
    }

    #[test]
    fn status_changes_need_a_gateway_and_a_time() {
        let event = ev::GatewayStatusChanged {
            serial: "GW-1".into(),
            gateway_id: 1,
            project_id: 1,
            online: true,
            at_ms: NOW,
            reason: "heartbeat".into(),
        };
        let change = StatusChange::from_event(&event).unwrap();
        assert_eq!((change.online, change.at, change.reason.as_str()), (true, at(NOW), "heartbeat"));
        assert!(StatusChange::from_event(&ev::GatewayStatusChanged { at_ms: 0, ..event.clone() }).is_none());
        assert!(StatusChange::from_event(&ev::GatewayStatusChanged { gateway_id: 0, ..event }).is_none());
    }
}
