//! The auto work order: an alarm raised under a type with "auto work order" on opens a work
//! order, once. A redelivered event (after a `kill -9`, or a second replica) finds the alarm
//! already standing in an order and changes nothing; a flap of the same alarm joins its open
//! order (`store::open_for_alarm`).

use std::time::Duration;

use async_nats::jetstream;
use chrono::{DateTime, Utc};
use lumiscape_common::nats::{ConsumerSpec, Outcome, run_consumer};
use lumiscape_proto::events::v1::{AlarmChanged, AlarmLevel};
use prost::Message;
use tokio_util::sync::CancellationToken;

use super::model::{self, Urgency, WorkOrderDraft};
use super::store::{self, AlarmOutcome, AlarmRef};
use crate::Shared;

pub const CONSUMER: &str = "maintenance-auto-work-orders";
/// Deliveries after which a failing message is given up (it stays in the stream).
pub const MAX_DELIVER: i64 = 10;
const RAISED: &str = "alarm.raised";

/// Consumes the alarm service's raises until `shutdown`.
pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let streams = shared.streams.clone();
    let spec = ConsumerSpec {
        stream: streams.alarm(),
        durable: CONSUMER.to_owned(),
        filter_subjects: vec![streams.subject(RAISED)],
        max_deliver: MAX_DELIVER,
        ack_wait: Duration::from_secs(30),
    };
    run_consumer(shared.js.clone(), spec, shutdown, move |message| {
        let shared = shared.clone();
        async move {
            let outcome = on_raised(&shared, &message).await;
            (message, outcome)
        }
    })
    .await
}

async fn on_raised(shared: &Shared, message: &jetstream::Message) -> Outcome {
    let Ok(alarm) = AlarmChanged::decode(message.payload.clone()) else {
        return Outcome::Poison("undecodable alarm event".to_owned());
    };
    if !alarm.auto_work_order || alarm.alarm_id <= 0 {
        return Outcome::Done;
    }
    let (draft, alarm_ref) = order_for(&alarm);
    match store::open_for_alarm(&shared.pool, &shared.streams, alarm.project_id, &draft, &alarm_ref).await {
        Ok(outcome) => {
            match outcome {
                AlarmOutcome::Opened(id) => {
                    tracing::info!(alarm = alarm.alarm_id, work_order = id, "work order opened")
                }
                AlarmOutcome::Joined(id) => {
                    tracing::info!(alarm = alarm.alarm_id, work_order = id, "flap joined its work order")
                }
                AlarmOutcome::Already => tracing::debug!(alarm = alarm.alarm_id, "alarm already has its work order"),
            }
            shared.outbox.wake();
            Outcome::Done
        }
        Err(err) => Outcome::Retry(anyhow::anyhow!("{err}")),
    }
}

/// The order an alarm opens: of type alarm, as urgent as its level, at its device.
pub fn order_for(alarm: &AlarmChanged) -> (WorkOrderDraft, AlarmRef) {
    let level = AlarmLevel::try_from(alarm.level).unwrap_or(AlarmLevel::Unspecified);
    let description =
        format!("{} · {}\n{}\n{}", alarm.alarm_name, alarm.device_name, alarm.content_zh, alarm.content_en);
    let draft = WorkOrderDraft {
        order_type: model::TYPE_ALARM.to_owned(),
        question_type: model::QUESTION_OTHER.to_owned(),
        urgency: Urgency::of_alarm_level(level.code()),
        expected_at: None,
        address: alarm.device_name.chars().take(model::MAX_ADDRESS_CHARS).collect(),
        description: description.chars().take(model::MAX_DESCRIPTION_CHARS).collect(),
        attachments: Vec::new(),
        alarm_id: Some(alarm.alarm_id),
    };
    let alarm_ref = AlarmRef {
        alarm_id: alarm.alarm_id,
        raised_at: DateTime::from_timestamp_millis(alarm.raised_at_ms).unwrap_or_else(Utc::now),
        flap_key: model::flap_key(alarm.alarm_type_id, &alarm.serial, alarm.loop_index),
    };
    (draft, alarm_ref)
}
