//! Lighting's outboxes: its event table (relayed by `common::outbox`) and the gateway
//! registry's queue, synced to its bucket in the same rounds (see
//! [`crate::gateway::registry`]).

use async_nats::jetstream::{self, kv};
pub use lumiscape_common::outbox::OutboxSignal;
use lumiscape_common::outbox::{self, Pending};
use sqlx::{PgConnection, PgPool};
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

/// Relays events and registry changes until `shutdown`.
pub async fn relay(
    pool: PgPool,
    js: jetstream::Context,
    registry: kv::Store,
    signal: OutboxSignal,
    shutdown: CancellationToken,
) {
    outbox::run_relay("lighting", signal, shutdown, || async {
        let events = relay_events(&pool, &js).await?;
        let serials = registry::sync_batch(&pool, &registry).await?;
        anyhow::Ok(events + serials)
    })
    .await
}

type OutboxRow = (Uuid, String, String, Vec<u8>);

/// Publishes a batch of events and deletes them once JetStream has acknowledged each.
async fn relay_events(pool: &PgPool, js: &jetstream::Context) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT event_id, subject, event_type, payload FROM lighting.outbox \
         ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED",
    )
    .bind(outbox::BATCH)
    .fetch_all(&mut *tx)
    .await?;
    let ids: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
    let events: Vec<Pending> = rows
        .into_iter()
        .map(|(id, subject, event_type, payload)| Pending { message_id: id.to_string(), subject, event_type, payload })
        .collect();
    outbox::publish(js, &events).await?;
    sqlx::query("DELETE FROM lighting.outbox WHERE event_id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(ids.len())
}
