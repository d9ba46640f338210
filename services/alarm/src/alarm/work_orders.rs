//! The other half of the loop with maintenance: a confirmed work order sets the alarms it
//! stood for to processed (spec: alarm status "processed"). A closed order leaves its alarms
//! alone, and so does a redelivered confirmation (the alarms are processed already).

use std::time::Duration;

use async_nats::jetstream;
use lumiscape_common::nats::{ConsumerSpec, Outcome, run_consumer};
use lumiscape_proto::events::v1::WorkOrderChanged;
use prost::Message;
use tokio_util::sync::CancellationToken;

use super::store;
use crate::Shared;

pub const CONSUMER: &str = "alarm-work-order-confirmations";
/// Deliveries after which a failing message is given up (it stays in the stream).
pub const MAX_DELIVER: i64 = 10;
const CONFIRMED: &str = "maintenance.workorder.confirm";

/// Consumes the maintenance service's confirmations until `shutdown`.
pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let streams = shared.streams.clone();
    let spec = ConsumerSpec {
        stream: streams.maintenance(),
        durable: CONSUMER.to_owned(),
        filter_subjects: vec![streams.subject(CONFIRMED)],
        max_deliver: MAX_DELIVER,
        ack_wait: Duration::from_secs(30),
    };
    run_consumer(shared.js.clone(), spec, shutdown, move |message| {
        let shared = shared.clone();
        async move {
            let outcome = on_confirmed(&shared, &message).await;
            (message, outcome)
        }
    })
    .await
}

async fn on_confirmed(shared: &Shared, message: &jetstream::Message) -> Outcome {
    let Ok(order) = WorkOrderChanged::decode(message.payload.clone()) else {
        return Outcome::Poison("undecodable work order event".to_owned());
    };
    if order.alarm_ids.is_empty() {
        return Outcome::Done;
    }
    let processed = store::process_for_work_order(
        &shared.pool,
        &shared.streams,
        order.project_id,
        &order.alarm_ids,
        &order.order_number,
    )
    .await;
    match processed {
        Ok(ids) => {
            if !ids.is_empty() {
                tracing::info!(work_order = order.work_order_id, alarms = ?ids, "alarms processed by their work order");
                shared.outbox.wake();
            }
            Outcome::Done
        }
        Err(err) => Outcome::Retry(anyhow::anyhow!("{err}")),
    }
}
