//! The transactional outbox's relay, shared by every service that keeps one: events are
//! inserted in the same transaction as the change they describe (each service's own table)
//! and relayed to JetStream afterwards with their message id as `Nats-Msg-Id`, so an event is
//! never lost (NATS away) nor doubled (a relay restarted between publish and delete: the
//! stream's duplicate window absorbs the repeat).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// Rows a relay takes in one round.
pub const BATCH: i64 = 100;
/// How often a relay looks for rows other replicas wrote.
const POLL: Duration = Duration::from_secs(1);

/// Wakes a relay early after an insert; it also polls, for rows other replicas wrote.
#[derive(Clone, Default)]
pub struct OutboxSignal(Arc<Notify>);

impl OutboxSignal {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// An event read from an outbox, ready to publish.
pub struct Pending {
    pub message_id: String,
    pub subject: String,
    pub event_type: String,
    pub payload: Vec<u8>,
}

/// Publishes `events` in order and waits until JetStream has acknowledged each.
pub async fn publish(js: &jetstream::Context, events: &[Pending]) -> anyhow::Result<()> {
    let mut acks = Vec::with_capacity(events.len());
    for event in events {
        let headers = crate::nats::event_headers(&event.message_id, &event.event_type);
        acks.push(js.publish_with_headers(event.subject.clone(), headers, event.payload.clone().into()).await?);
    }
    for ack in acks {
        ack.await?;
    }
    Ok(())
}

/// Runs `round` (relay one batch, answer how many rows it moved) until `shutdown`: again at
/// once while rows keep coming, else on a wake-up or after a second; a failed round is
/// logged and tried again.
pub async fn run_relay<F, Fut>(name: &'static str, signal: OutboxSignal, shutdown: CancellationToken, mut round: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<usize>>,
{
    loop {
        match round().await {
            Ok(moved) if moved > 0 => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(outbox = name, error = %err, "outbox relay failed; retrying"),
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = signal.0.notified() => {}
            _ = tokio::time::sleep(POLL) => {}
        }
    }
}
