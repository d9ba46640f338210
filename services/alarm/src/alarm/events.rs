//! What the alarm lifecycle consumes and publishes: the bridge's `AlarmTransition`s in, an
//! `AlarmChanged` out (through the outbox) for every change of an alarm.

use chrono::{DateTime, Utc};
use lumiscape_common::nats::Streams;
use lumiscape_proto::events::v1::{AlarmChanged, AlarmTransition};
use prost::Message;
use sqlx::PgConnection;

use lumiscape_common::outbox::{self, OutboxEvent};

use super::model::ChangeKind;
use super::store::AlarmRow;
use crate::Tables;
use crate::alarm_type::model::Level;

/// Longest transition id kept (the column's width).
const MAX_TRANSITION_ID: usize = 200;
/// Longest serial kept.
const MAX_SERIAL: usize = 64;

/// The event of a change of `alarm`.
pub fn changed(alarm: &AlarmRow, kind: ChangeKind) -> AlarmChanged {
    let mut event = AlarmChanged {
        alarm_id: alarm.alarm_id,
        project_id: alarm.project_id,
        alarm_type_id: alarm.alarm_type_id,
        alarm_name: alarm.alarm_name.clone(),
        status: alarm.status.clone(),
        device_name: alarm.device_name.clone(),
        content_zh: alarm.content_zh.clone(),
        content_en: alarm.content_en.clone(),
        raised_at_ms: alarm.alarm_time.timestamp_millis(),
        end_at_ms: alarm.end_time.map_or(0, |t| t.timestamp_millis()),
        auto_work_order: alarm.auto_work_order,
        kind: kind.as_str().to_owned(),
        sample_time_ms: alarm.sample_time.timestamp_millis(),
        serial: alarm.serial.clone(),
        loop_index: u32::try_from(alarm.loop_index).unwrap_or(0),
        ..Default::default()
    };
    event.set_level(Level::from_code(&alarm.alarm_level).unwrap_or(Level::Unspecified));
    event
}

/// Writes the event of a change into the outbox, in the caller's transaction (the one
/// that made it).
pub async fn record(
    conn: &mut PgConnection,
    streams: &Streams,
    alarm: &AlarmRow,
    kind: ChangeKind,
) -> sqlx::Result<()> {
    let event = OutboxEvent {
        message_id: kind.message_id(alarm.alarm_id),
        subject: streams.subject(kind.event_type()),
        event_type: kind.event_type().to_owned(),
        payload: changed(alarm, kind).encode_to_vec(),
    };
    outbox::insert::<Tables>(conn, &event).await
}

/// A transition of the bridge, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Transition {
    pub id: String,
    /// For a recovery: the raise it ends.
    pub raise_id: String,
    pub alarm_type_id: i64,
    pub project_id: i64,
    pub serial: String,
    pub gateway_id: i64,
    pub gateway_name: String,
    pub loop_index: u32,
    pub raised: bool,
    pub at: DateTime<Utc>,
    pub value: f64,
    pub sample_time: DateTime<Utc>,
    /// The trace the bridge published it in (its message's `traceparent`), continued by the
    /// span that records it.
    pub traceparent: Option<String>,
}

impl Transition {
    /// Decodes a payload published on `bridge.alarm.raised` (`raised`) or
    /// `bridge.alarm.recovered`; the error says why it can never be handled.
    pub fn decode(payload: &[u8], raised: bool) -> Result<Self, String> {
        let message = AlarmTransition::decode(payload).map_err(|err| format!("undecodable transition: {err}"))?;
        Self::check(message, raised)
    }

    fn check(t: AlarmTransition, raised: bool) -> Result<Self, String> {
        let id_ok = |id: &str| !id.is_empty() && id.len() <= MAX_TRANSITION_ID;
        if !id_ok(&t.transition_id) {
            return Err("transition id missing or too long".into());
        }
        if t.raised != raised {
            return Err(format!("transition {} says raised={} on the other subject", t.transition_id, t.raised));
        }
        if !raised && !id_ok(&t.raise_transition_id) {
            return Err(format!("recovery {} names no raise", t.transition_id));
        }
        if t.project_id <= 0 || t.alarm_type_id <= 0 || t.serial.is_empty() || t.serial.len() > MAX_SERIAL {
            return Err(format!("transition {} has no valid project, type or device", t.transition_id));
        }
        if !t.value.is_finite() || i32::try_from(t.loop_index).is_err() {
            return Err(format!("transition {} has an impossible value or loop", t.transition_id));
        }
        let at = time_of(t.at_ms).ok_or_else(|| format!("transition {} has no valid time", t.transition_id))?;
        let sample_time = time_of(t.sample_time_ms).unwrap_or(at);
        Ok(Self {
            id: t.transition_id,
            raise_id: t.raise_transition_id,
            alarm_type_id: t.alarm_type_id,
            project_id: t.project_id,
            serial: t.serial,
            gateway_id: t.gateway_id,
            gateway_name: t.gateway_name,
            loop_index: t.loop_index,
            raised,
            at,
            value: t.value,
            sample_time,
            traceparent: None,
        })
    }
}

fn time_of(ms: i64) -> Option<DateTime<Utc>> {
    (ms > 0).then(|| DateTime::from_timestamp_millis(ms)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raise() -> AlarmTransition {
        AlarmTransition {
            transition_id: "7.GW-1.1.r.10".into(),
            raise_transition_id: String::new(),
            alarm_type_id: 7,
            project_id: 1,
            serial: "GW-1".into(),
            gateway_id: 3,
            gateway_name: "Cabinet A".into(),
            loop_index: 1,
            raised: true,
            at_ms: 1_700_000_000_000,
            value: 20.0,
            attribute: lumiscape_proto::alarm_terms::Attribute::Current.into(),
            sample_time_ms: 0,
        }
    }

    #[test]
    fn a_good_raise_decodes() {
        let t = Transition::decode(&raise().encode_to_vec(), true).unwrap();
        assert_eq!((t.id.as_str(), t.loop_index, t.value), ("7.GW-1.1.r.10", 1, 20.0));
        assert_eq!(t.sample_time, t.at, "a missing sample time falls back to the transition's");
    }

    #[test]
    fn a_recovery_needs_its_raise() {
        let recovery = AlarmTransition { raised: false, transition_id: "7.GW-1.1.c.11".into(), ..raise() };
        assert!(Transition::decode(&recovery.encode_to_vec(), false).is_err());
        let named = AlarmTransition { raise_transition_id: "7.GW-1.1.r.10".into(), ..recovery };
        assert_eq!(Transition::decode(&named.encode_to_vec(), false).unwrap().raise_id, "7.GW-1.1.r.10");
    }

    #[test]
    fn garbage_and_impossible_transitions_are_poison() {
        assert!(Transition::decode(b"\xff\xff\xff not protobuf", true).is_err());
        let cases = [
            AlarmTransition { transition_id: String::new(), ..raise() },
            AlarmTransition { transition_id: "x".repeat(201), ..raise() },
            AlarmTransition { project_id: 0, ..raise() },
            AlarmTransition { alarm_type_id: -1, ..raise() },
            AlarmTransition { serial: String::new(), ..raise() },
            AlarmTransition { value: f64::NAN, ..raise() },
            AlarmTransition { at_ms: 0, ..raise() },
            AlarmTransition { loop_index: u32::MAX, ..raise() },
        ];
        for case in cases {
            assert!(Transition::decode(&case.encode_to_vec(), true).is_err(), "{case:?}");
        }
        assert!(Transition::decode(&raise().encode_to_vec(), false).is_err(), "a raise on the recovery subject");
    }
}
