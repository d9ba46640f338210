//! The transactional outbox and its relay, the same for every service. An event is written
//! into the service's `outbox` table ([`crate::tables`]) in the same transaction as the
//! change it describes, and the relay publishes it to JetStream afterwards with its message
//! id as `Nats-Msg-Id`, so an event is never lost (NATS away) nor doubled (a relay
//! restarted between publish and delete: the stream's duplicate window absorbs the repeat).
//! The same relay brings the service's key-value projections in line
//! ([`crate::projection`]), so one loop per service moves everything a commit owes NATS.

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use sqlx::{PgConnection, PgPool};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::projection::Projection;
use crate::tables::ServiceTables;
pub use crate::tables::{OutboxEvent, StoredEvent};

/// Rows a relay takes in one round.
pub const BATCH: i64 = 100;
/// How often a relay looks for rows other replicas wrote.
const POLL: Duration = Duration::from_secs(1);

/// Wakes a relay early after a commit; it also polls, for rows other replicas wrote.
#[derive(Clone, Default)]
pub struct OutboxSignal(Arc<Notify>);

impl OutboxSignal {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// Writes an event into the service's outbox, in the caller's transaction, with the trace
/// it is written in. Wake the relay ([`OutboxSignal::wake`]) once the transaction has
/// committed.
pub async fn insert<T: ServiceTables>(conn: &mut PgConnection, event: &OutboxEvent) -> sqlx::Result<()> {
    T::insert_event(conn, event, crate::trace::current_traceparent().as_deref()).await
}

/// Publishes `events` in order and waits until JetStream has acknowledged each. An event
/// written in a trace is published in a span of that trace (`publish <subject>`), and its
/// consumers continue it.
pub async fn publish(js: &jetstream::Context, events: &[StoredEvent]) -> anyhow::Result<()> {
    let mut acks = Vec::with_capacity(events.len());
    let mut spans = Vec::new();
    for stored in events {
        let event = &stored.event;
        let mut headers = crate::nats::event_headers(&event.message_id, &event.event_type);
        match &stored.traceparent {
            Some(traceparent) if crate::trace::active() => {
                let span = publish_span(stored, traceparent);
                if let Some(own) = crate::trace::traceparent_of_span(&span) {
                    crate::trace::insert_traceparent(&mut headers, &own);
                }
                spans.push(span);
            }
            // Not tracing here: the event still carries the trace it was written in.
            Some(traceparent) => crate::trace::insert_traceparent(&mut headers, traceparent),
            None => {}
        }
        acks.push(js.publish_with_headers(event.subject.clone(), headers, event.payload.clone().into()).await?);
    }
    for ack in acks {
        ack.await?;
    }
    // The spans end here, once JetStream holds every event.
    drop(spans);
    Ok(())
}

/// The span an event written in a trace is published in (`publish <event type>`).
fn publish_span(stored: &StoredEvent, traceparent: &str) -> tracing::Span {
    let event = &stored.event;
    let name = format!("publish {}", event.event_type);
    let span = tracing::info_span!(
        "publish",
        otel.name = name.as_str(),
        otel.kind = "producer",
        messaging.system = "nats",
        messaging.destination.name = event.subject.as_str(),
        messaging.message.id = event.message_id.as_str(),
        trace_id = tracing::field::Empty,
    );
    crate::trace::continue_trace(&span, crate::trace::context_from_traceparent(Some(traceparent)));
    span
}

/// One service's relay: its outbox, then each of its projections, round after round.
pub struct Relay<T: ServiceTables> {
    name: &'static str,
    pool: PgPool,
    js: jetstream::Context,
    signal: OutboxSignal,
    projections: Vec<Projection>,
    tables: PhantomData<T>,
}

impl<T: ServiceTables> Relay<T> {
    pub fn new(name: &'static str, pool: PgPool, js: jetstream::Context, signal: OutboxSignal) -> Self {
        Self { name, pool, js, signal, projections: Vec::new(), tables: PhantomData }
    }

    /// Keeps this projection in line too.
    pub fn with_projection(mut self, projection: Projection) -> Self {
        self.projections.push(projection);
        self
    }

    /// Relays until `shutdown`: again at once while rows keep coming, else on a wake-up or
    /// after a second; a failed round is logged and tried again.
    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        loop {
            match self.round().await {
                Ok(moved) if moved > 0 => continue,
                Ok(_) => {}
                Err(err) => tracing::warn!(relay = self.name, error = %err, "relay round failed; retrying"),
            }
            tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                _ = self.signal.0.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
            }
        }
    }

    /// Moves one batch of events and one batch of each projection's keys; answers how many.
    async fn round(&self) -> anyhow::Result<usize> {
        let mut moved = self.relay_events().await?;
        for projection in &self.projections {
            moved += projection.sync_batch::<T>(&self.pool).await?;
        }
        Ok(moved)
    }

    /// Publishes a batch of events in order and deletes them once JetStream acknowledged
    /// each; the rows stay locked meanwhile, so two relays never publish the same row.
    async fn relay_events(&self) -> anyhow::Result<usize> {
        let mut tx = self.pool.begin().await?;
        let events = T::take_events(&mut tx, BATCH).await?;
        if events.is_empty() {
            return Ok(0);
        }
        publish(&self.js, &events).await?;
        let ids: Vec<i64> = events.iter().map(|e| e.outbox_id).collect();
        T::delete_events(&mut tx, &ids).await?;
        tx.commit().await?;
        Ok(ids.len())
    }
}
