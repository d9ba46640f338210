//! `GET /live/stream`: the caller's project's live events ([`crate::live`]) as Server-Sent
//! Events, filtered by what the caller may see. Every keep-alive re-checks the session, so a
//! signed-out or expired session's stream ends within one interval.

use std::convert::Infallible;
use std::time::Duration;

use axum::Extension;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::{alarm, lighting, operation};
use serde_json::json;
use tokio::sync::broadcast;

use crate::envelope::ApiError;
use crate::limit::RetryAfter;
use crate::live::{Kind, LiveEvent, StreamSlot};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// How often an idle stream sends a keep-alive and re-checks the session.
pub const PING_INTERVAL: Duration = Duration::from_secs(15);
/// Who sees alarm events, who sees gateway events, and who sees overdue work orders.
const ALARM_PERMISSIONS: &[&str] = &[alarm::realtime::LIST, alarm::history::LIST];
const GATEWAY_PERMISSIONS: &[&str] = &[lighting::gateway::LIST, lighting::control::EDIT];
const WORK_ORDER_PERMISSIONS: &[&str] = &[operation::work_order::LIST];

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
    let Some(slot) = state.live.admit(&caller.session_id) else {
        return ApiError::too_many_requests(RetryAfter(PING_INTERVAL), lang).into_response();
    };
    let events = events(state, project_id, Wants::of(&caller), token, slot);
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(PING_INTERVAL).event(Event::default().event("ping")))
        .into_response()
}

/// Which events a stream's caller may see.
#[derive(Debug, Clone, Copy)]
struct Wants {
    alarms: bool,
    gateways: bool,
    work_orders: bool,
}

impl Wants {
    fn of(caller: &lumiscape_common::auth::Caller) -> Self {
        Self {
            alarms: caller.has_any(ALARM_PERMISSIONS),
            gateways: caller.has_any(GATEWAY_PERMISSIONS),
            work_orders: caller.has_any(WORK_ORDER_PERMISSIONS),
        }
    }

    fn admits(self, kind: Kind) -> bool {
        match kind {
            Kind::Alarm => self.alarms,
            Kind::Gateway => self.gateways,
            Kind::WorkOrder => self.work_orders,
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
    /// Held while the stream lives: its place in the session's count.
    _slot: StreamSlot,
}

fn events(
    state: EdgeState,
    project_id: i64,
    wants: Wants,
    token: String,
    slot: StreamSlot,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let receiver = state.live.subscribe();
    let mut check = tokio::time::interval_at(tokio::time::Instant::now() + PING_INTERVAL, PING_INTERVAL);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let open = Open { receiver, state, token, check, wants, _slot: slot };
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
