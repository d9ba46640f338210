//! Live push to the console over Server-Sent Events: new, recovered and closed alarms and
//! gateways going online or offline, as they happen.
//!
//! One core NATS subscription per edge process feeds a broadcast channel; each open stream
//! takes what belongs to its project and what its caller may see. Live push is a hint, not
//! the record: a console that was disconnected refetches its lists, so a missed event costs
//! a refresh, never data. Every keep-alive re-checks the session, so a signed-out or expired
//! session's stream ends within one interval.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Extension;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::{Stream, StreamExt};
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_proto::events::v1::{AlarmChanged, GatewayStatusChanged};
use prost::Message;
use serde_json::json;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

use crate::EdgeState;
use crate::envelope::ApiError;
use crate::guard::RequestInfo;

/// How often an idle stream sends a keep-alive and re-checks the session.
pub const PING_INTERVAL: Duration = Duration::from_secs(15);
/// Events a slow stream may fall behind before it skips ahead.
const BUFFER: usize = 1024;
/// Who sees alarm events, and who sees gateway events.
const ALARM_PERMISSIONS: &[&str] = &["pc:alarm:realtime:list", "pc:alarm:history:list"];
const GATEWAY_PERMISSIONS: &[&str] = &["pc:lighting:gateway:list", "pc:lighting:control:edit"];

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
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Alarm => "alarm",
            Kind::Gateway => "gateway",
        }
    }
}

/// The fan-out of live events inside one edge process.
#[derive(Clone)]
pub struct Hub {
    sender: broadcast::Sender<LiveEvent>,
}

impl Hub {
    /// Subscribes to the alarm and gateway-status subjects and relays them until `shutdown`.
    pub fn start(nats: async_nats::Client, prefix: &str, shutdown: CancellationToken) -> Self {
        let (sender, _) = broadcast::channel(BUFFER);
        let streams = Streams::new(prefix);
        let subjects = [streams.subject("alarm.>"), streams.subject("bridge.gateway.status")];
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
        Self { sender }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<LiveEvent> {
        self.sender.subscribe()
    }
}

async fn relay_events(
    nats: &async_nats::Client,
    subjects: &[String; 2],
    relay: &broadcast::Sender<LiveEvent>,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let alarms = nats.subscribe(subjects[0].clone()).await?;
    let gateways = nats.subscribe(subjects[1].clone()).await?;
    let mut both = futures::stream::select(alarms, gateways);
    loop {
        let message = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            message = both.next() => message,
        };
        let Some(message) = message else { anyhow::bail!("subscription ended") };
        let event = if message.subject.as_str() == subjects[1] {
            GatewayStatusChanged::decode(message.payload).ok().map(gateway_event)
        } else {
            let kind = message.subject.rsplit('.').next().unwrap_or_default().to_owned();
            AlarmChanged::decode(message.payload).ok().map(|alarm| alarm_event(alarm, &kind))
        };
        match event {
            // No open stream is not an error.
            Some(event) => drop(relay.send(event)),
            None => tracing::debug!(subject = %message.subject, "undecodable live event skipped"),
        }
    }
}

/// Unix milliseconds as the console's `YYYY-MM-DD HH:mm:ss` in the server's time zone.
fn local_time(ms: i64) -> Option<String> {
    (ms > 0).then(|| {
        chrono::DateTime::from_timestamp_millis(ms)
            .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string())
    })?
}

fn alarm_event(alarm: AlarmChanged, subject_kind: &str) -> LiveEvent {
    let kind = if alarm.kind.is_empty() { subject_kind.to_owned() } else { alarm.kind.clone() };
    let data = json!({
        "kind": kind,
        "alarmId": alarm.alarm_id,
        "alarmName": alarm.alarm_name,
        "alarmLevel": level_code(&alarm.level),
        "status": alarm.status,
        "deviceName": alarm.device_name,
        "contentZh": alarm.content_zh,
        "contentEn": alarm.content_en,
        "alarmTime": local_time(alarm.raised_at_ms),
        "endTime": local_time(alarm.end_at_ms),
    });
    LiveEvent { project_id: alarm.project_id, kind: Kind::Alarm, data: data.to_string().into() }
}

/// The console's dictionary code (`alarm_level`) of a level word of the event.
fn level_code(level: &str) -> &str {
    match level {
        "serious" => "1",
        "main" => "2",
        "secondary" => "3",
        other => other,
    }
}

fn gateway_event(status: GatewayStatusChanged) -> LiveEvent {
    let data = json!({
        "gatewayId": status.gateway_id,
        "gatewayNumber": status.serial,
        "onlineStatus": if status.online { "1" } else { "0" },
        "time": local_time(status.at_ms),
    });
    LiveEvent { project_id: status.project_id, kind: Kind::Gateway, data: data.to_string().into() }
}

/// `GET /live/stream`: the caller's project's live events as Server-Sent Events.
pub async fn stream(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
) -> axum::response::Response {
    let lang = info.lang();
    let (Some(project_id), Some(caller), Some(token)) = (info.ctx.project_id, info.caller, info.ctx.token.clone())
    else {
        return ApiError::new(ErrorCode::BadRequest, &Msg::ProjectIdInvalid, lang).into_response();
    };
    let events = events(state, project_id, Wants::of(&caller), token);
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(PING_INTERVAL).event(Event::default().event("ping")))
        .into_response()
}

/// Which events a stream's caller may see.
#[derive(Debug, Clone, Copy)]
struct Wants {
    alarms: bool,
    gateways: bool,
}

impl Wants {
    fn of(caller: &lumiscape_common::auth::Caller) -> Self {
        Self { alarms: caller.has_any(ALARM_PERMISSIONS), gateways: caller.has_any(GATEWAY_PERMISSIONS) }
    }

    fn admits(self, kind: Kind) -> bool {
        match kind {
            Kind::Alarm => self.alarms,
            Kind::Gateway => self.gateways,
        }
    }
}

/// What a stream carries from one event to the next.
struct Open {
    receiver: broadcast::Receiver<LiveEvent>,
    state: EdgeState,
    token: String,
    check: tokio::time::Interval,
    wants: Wants,
}

fn events(
    state: EdgeState,
    project_id: i64,
    wants: Wants,
    token: String,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let receiver = state.live.subscribe();
    let mut check = tokio::time::interval_at(tokio::time::Instant::now() + PING_INTERVAL, PING_INTERVAL);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let open = Open { receiver, state, token, check, wants };
    futures::stream::unfold(open, move |mut open| async move {
        loop {
            tokio::select! {
                _ = open.check.tick() => {
                    // Signed out, expired, or no longer allowed into the project: the stream
                    // ends. Permissions taken away narrow what it shows from now on.
                    match open.state.auth.authenticate(&open.token).await {
                        Ok(caller) if caller.may_access_project(project_id) => open.wants = Wants::of(&caller),
                        _ => return None,
                    }
                }
                received = open.receiver.recv() => match received {
                    Ok(event) if event.project_id == project_id && open.wants.admits(event.kind) => {
                        let sse = Event::default().event(event.kind.name()).data(event.data.as_ref());
                        return Some((Ok(sse), open));
                    }
                    Ok(_) => {}
                    Err(broadcast::error::RecvError::Lagged(skipped)) => {
                        // Tell the console to refetch instead of pretending nothing was lost.
                        let sse = Event::default().event("resync").data(json!({ "skipped": skipped }).to_string());
                        return Some((Ok(sse), open));
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
            }
        }
    })
}
