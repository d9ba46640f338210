//! The JSON payloads exactly as they are on the wire, field names and all (see
//! `docs/device-protocol.md`). These shapes accept anything of the right JSON types; the
//! codec checks the values and turns them into domain types. They stay private to the
//! protocol, so nothing outside it ever sees a JSON field name.

use serde::{Deserialize, Serialize};

/// A `heartbeat` payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireHeartbeat {
    pub(super) v: u64,
    pub(super) id: String,
    pub(super) sn: String,
    pub(super) ts: i64,
    pub(super) uptime_s: u64,
    pub(super) fw: String,
}

/// The gateway's own readings inside a `telemetry` payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireGateway {
    pub(super) signal_dbm: i64,
    pub(super) temperature_c: f64,
    pub(super) fw: String,
}

/// One loop's readings, in `telemetry` and in the answer to `read_state`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireLoop {
    #[serde(rename = "loop")]
    pub(super) index: u64,
    pub(super) on: bool,
    pub(super) voltage_v: f64,
    pub(super) current_a: f64,
    pub(super) power_w: f64,
    pub(super) energy_kwh: f64,
}

/// A `telemetry` payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireTelemetry {
    pub(super) v: u64,
    pub(super) id: String,
    pub(super) sn: String,
    pub(super) ts: i64,
    pub(super) gateway: WireGateway,
    pub(super) loops: Vec<WireLoop>,
}

/// An `event` payload; `loop` only with `contactor_fault`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireEvent {
    pub(super) v: u64,
    pub(super) id: String,
    pub(super) sn: String,
    pub(super) ts: i64,
    pub(super) event: String,
    pub(super) active: bool,
    #[serde(rename = "loop", default, skip_serializing_if = "Option::is_none")]
    pub(super) index: Option<u64>,
}

/// A `cmd` payload; which optional fields it carries depends on `cmd`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireCommand {
    pub(super) v: u64,
    pub(super) corr_id: String,
    pub(super) ts: i64,
    pub(super) cmd: String,
    #[serde(rename = "loop", default, skip_serializing_if = "Option::is_none")]
    pub(super) index: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) on: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) level: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) time: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) until: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) schedule: Option<WireSchedule>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) fw: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) size: Option<u64>,
    /// 64 lowercase hex digits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) sha256: Option<String>,
    #[serde(rename = "chunk", default, skip_serializing_if = "Option::is_none")]
    pub(super) chunk_size: Option<u64>,
    #[serde(rename = "index", default, skip_serializing_if = "Option::is_none")]
    pub(super) chunk_index: Option<u64>,
    /// Standard base64 with padding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) data: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) crc32: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) heartbeat_s: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) telemetry_s: Option<u64>,
}

/// The `schedule` of a `schedule_set` command; steps are `[offset_s, level]` pairs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireSchedule {
    pub(super) id: String,
    pub(super) from: i64,
    pub(super) until: i64,
    pub(super) loops: Vec<WireScheduleLoop>,
}

/// One loop of a schedule.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireScheduleLoop {
    #[serde(rename = "loop")]
    pub(super) index: u64,
    pub(super) steps: Vec<(u64, u64)>,
}

/// An `ack` payload; `error` only when `result` is `error`, `loops` only in the answer to
/// `read_state`, `next_chunk` only in the answer to `fw_begin`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct WireAck {
    pub(super) v: u64,
    pub(super) corr_id: String,
    pub(super) sn: String,
    pub(super) ts: i64,
    pub(super) result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) error: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) loops: Vec<WireLoop>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) next_chunk: Option<u64>,
}
