//! The outboxes: events are inserted with the change they describe and published to
//! JetStream afterwards with their id as `Nats-Msg-Id`, so an event is never lost (NATS
//! away) nor doubled (relay restarted between publish and delete); the gateway registry is
//! synced to its bucket the same way (see [`crate::gateway::registry`]).

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use sqlx::{PgConnection, PgPool};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::gateway::registry;

/// An event waiting in the outbox.
pub struct OutboxEvent<'a> {
    pub event_id: Uuid,
    pub subject: &'a str,
    pub event_type: &'a str,
    pub payload: Vec<u8>,
}

pub async fn insert(conn: &mut PgConnection, event: &OutboxEvent<'_>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO lighting.outbox (event_id, subject, event_type, payload) VALUES ($1, $2, $3, $4)")
        .bind(event.event_id)
        .bind(event.subject)
        .bind(event.event_type)
        .bind(&event.payload)
        .execute(conn)
        .await?;
    Ok(())
}

/// Wakes the relay early after a write; it also polls, for rows other replicas wrote.
#[derive(Clone, Default)]
pub struct OutboxSignal(Arc<Notify>);

impl OutboxSignal {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// Relays events and registry changes until `shutdown`.
pub async fn relay(
    pool: PgPool,
    js: jetstream::Context,
    registry: kv::Store,
    signal: OutboxSignal,
    shutdown: CancellationToken,
) {
    loop {
        let relayed = async {
            let events = relay_events(&pool, &js).await?;
            let serials = registry::sync_batch(&pool, &registry).await?;
            anyhow::Ok(events + serials)
        };
        match relayed.await {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "lighting outbox relay failed; retrying"),
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = signal.0.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
        }
    }
}

type OutboxRow = (Uuid, String, String, Vec<u8>);

/// Publishes up to 100 events and deletes them once JetStream has acknowledged each.
async fn relay_events(pool: &PgPool, js: &jetstream::Context) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT event_id, subject, event_type, payload FROM lighting.outbox \
         ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED",
    )
    .fetch_all(&mut *tx)
    .await?;
    let mut acks = Vec::with_capacity(rows.len());
    for (event_id, subject, event_type, payload) in &rows {
        let headers = lumiscape_common::nats::event_headers(&event_id.to_string(), event_type);
        acks.push(js.publish_with_headers(subject.clone(), headers, payload.clone().into()).await?);
    }
    for ack in acks {
        ack.await?;
    }
    let ids: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
    sqlx::query("DELETE FROM lighting.outbox WHERE event_id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(rows.len())
}
