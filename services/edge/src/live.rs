//! The feed of live push: one core NATS subscription per edge process (alarms changing,
//! gateways going online or offline, work orders passing their due time) turned into the console's JSON events and fanned out
//! on a broadcast channel. The Server-Sent Events streams that read it are
//! `api::live`. Live push is a hint, not the record: a console that was disconnected
//! refetches its lists, so a missed event costs a refresh, never data.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt;
use lumiscape_common::nats::Streams;
use lumiscape_proto::events::v1::{AlarmChanged, GatewayStatusChanged, WorkOrderChanged};
use prost::Message;
use serde_json::json;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

use crate::convert::{flag, local_time};

/// Events a slow stream may fall behind before it skips ahead.
const BUFFER: usize = 1024;

/// One event for the consoles of one project.
#[derive(Debug, Clone)]
pub struct LiveEvent {
    pub project_id: i64,
    pub kind: Kind,
    /// The JSON `data` line.
    pub data: Arc<str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Alarm,
    Gateway,
    WorkOrder,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Alarm => "alarm",
            Kind::Gateway => "gateway",
            Kind::WorkOrder => "workOrder",
        }
    }
}

/// The fan-out of live events inside one edge process, and the count of open streams per
/// session (at most `per_session` each: a console opens one, a few tabs a few; a script
/// that opens hundreds would hold as many tasks and buffers).
#[derive(Clone)]
pub struct Hub {
    sender: broadcast::Sender<LiveEvent>,
    open: Arc<Mutex<HashMap<String, usize>>>,
    per_session: usize,
}

/// An open stream's place in its session's count; given back when the stream ends.
pub struct StreamSlot {
    open: Arc<Mutex<HashMap<String, usize>>>,
    session_id: String,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.session_id) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.session_id);
            }
        }
    }
}

impl Hub {
    /// Subscribes to the alarm, gateway-status and overdue work-order subjects and relays them
    /// until `shutdown`.
    pub fn start(nats: async_nats::Client, prefix: &str, per_session: usize, shutdown: CancellationToken) -> Self {
        let (sender, _) = broadcast::channel(BUFFER);
        let streams = Streams::new(prefix);
        let subjects = [
            streams.subject("alarm.>"),
            streams.subject("bridge.gateway.status"),
            streams.subject("maintenance.workorder.overdue"),
        ];
        let relay = sender.clone();
        tokio::spawn(async move {
            loop {
                if let Err(err) = relay_events(&nats, &subjects, &relay, &shutdown).await {
                    tracing::warn!(error = %err, "live push feed interrupted; resubscribing");
                }
                tokio::select! {
                    _ = shutdown.cancelled() => return,
                    _ = tokio::time::sleep(Duration::from_millis(500)) => {}
                }
            }
        });
        Self { sender, open: Arc::default(), per_session: per_session.max(1) }
    }

    /// A place for one more stream of the session, unless it has `per_session` open already.
    pub fn admit(&self, session_id: &str) -> Option<StreamSlot> {
        let mut open = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(session_id.to_owned()).or_insert(0);
        if *count >= self.per_session {
            return None;
        }
        *count += 1;
        Some(StreamSlot { open: self.open.clone(), session_id: session_id.to_owned() })
    }

    pub fn subscribe(&self) -> broadcast::Receiver<LiveEvent> {
        self.sender.subscribe()
    }
}

async fn relay_events(
    nats: &async_nats::Client,
    subjects: &[String; 3],
    relay: &broadcast::Sender<LiveEvent>,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let mut subscriptions = Vec::with_capacity(subjects.len());
    for subject in subjects {
        subscriptions.push(nats.subscribe(subject.clone()).await?);
    }
    let mut all = futures::stream::select_all(subscriptions);
    loop {
        let message = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            message = all.next() => message,
        };
        let Some(message) = message else { anyhow::bail!("subscription ended") };
        let event = if message.subject.as_str() == subjects[1] {
            GatewayStatusChanged::decode(message.payload).ok().map(gateway_event)
        } else if message.subject.as_str() == subjects[2] {
            WorkOrderChanged::decode(message.payload).ok().map(overdue_event)
        } else {
            let kind = message.subject.rsplit('.').next().unwrap_or_default().to_owned();
            AlarmChanged::decode(message.payload).ok().map(|alarm| alarm_event(alarm, &kind))
        };
        match event {
            // No open stream is not an error.
            Some(event) => {
                // An alarm's change ends its trace here, handed to the consoles' streams.
                let traced = lumiscape_common::trace::active()
                    && message.headers.as_ref().is_some_and(|h| h.get(lumiscape_common::trace::TRACEPARENT).is_some());
                if traced {
                    let span = tracing::info_span!(
                        "live push",
                        otel.kind = "consumer",
                        messaging.system = "nats",
                        messaging.destination.name = message.subject.as_str(),
                        live.receivers = relay.receiver_count(),
                        trace_id = tracing::field::Empty,
                    );
                    lumiscape_common::trace::continue_trace(
                        &span,
                        lumiscape_common::trace::context_from_nats(message.headers.as_ref()),
                    );
                    let _pushing = span.enter();
                    drop(relay.send(event));
                } else {
                    drop(relay.send(event));
                }
            }
            None => tracing::debug!(subject = %message.subject, "undecodable live event skipped"),
        }
    }
}

fn alarm_event(alarm: AlarmChanged, subject_kind: &str) -> LiveEvent {
    let kind = if alarm.kind.is_empty() { subject_kind.to_owned() } else { alarm.kind.clone() };
    let data = json!({
        "kind": kind,
        "alarmId": alarm.alarm_id,
        "alarmName": alarm.alarm_name,
        "alarmLevel": alarm.level().code(),
        "status": alarm.status,
        "deviceName": alarm.device_name,
        "contentZh": alarm.content_zh,
        "contentEn": alarm.content_en,
        "alarmTime": local_time(alarm.raised_at_ms),
        "endTime": local_time(alarm.end_at_ms),
    });
    LiveEvent { project_id: alarm.project_id, kind: Kind::Alarm, data: data.to_string().into() }
}

fn gateway_event(status: GatewayStatusChanged) -> LiveEvent {
    let data = json!({
        "gatewayId": status.gateway_id,
        "gatewayNumber": status.serial,
        "onlineStatus": flag(status.online),
        "time": local_time(status.at_ms),
    });
    LiveEvent { project_id: status.project_id, kind: Kind::Gateway, data: data.to_string().into() }
}

/// An open work order past its due time: the handler's console says so (`handlerId`).
fn overdue_event(order: WorkOrderChanged) -> LiveEvent {
    let data = json!({
        "kind": "overdue",
        "workOrderId": order.work_order_id,
        "orderNumber": order.order_number,
        "status": order.status,
        "handlerId": if order.handler_id > 0 { json!(order.handler_id) } else { serde_json::Value::Null },
        "dueTime": local_time(order.due_at_ms),
    });
    LiveEvent { project_id: order.project_id, kind: Kind::WorkOrder, data: data.to_string().into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hub(per_session: usize) -> Hub {
        Hub { sender: broadcast::channel(1).0, open: Arc::default(), per_session }
    }

    #[test]
    fn a_session_holds_at_most_its_share_of_streams() {
        let hub = hub(2);
        let first = hub.admit("s1").unwrap();
        let _second = hub.admit("s1").unwrap();
        assert!(hub.admit("s1").is_none(), "a third stream of one session is refused");
        assert!(hub.admit("s2").is_some(), "another session is not affected");
        drop(first);
        assert!(hub.admit("s1").is_some(), "a closed stream gives its place back");
    }
}
