//! Identity's outbox table; the relay is `common::outbox`'s.

pub use lumiscape_common::outbox::OutboxSignal;
use lumiscape_common::outbox::{self, Pending};
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// An event waiting in the outbox.
pub struct OutboxEvent<'a> {
    pub event_id: Uuid,
    pub subject: &'a str,
    pub event_type: &'a str,
    pub payload: Vec<u8>,
}

pub async fn insert(conn: &mut PgConnection, event: &OutboxEvent<'_>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO identity.outbox (event_id, subject, event_type, payload) VALUES ($1, $2, $3, $4)")
        .bind(event.event_id)
        .bind(event.subject)
        .bind(event.event_type)
        .bind(&event.payload)
        .execute(conn)
        .await?;
    Ok(())
}

/// Relays the outbox until `shutdown`.
pub async fn relay(
    pool: PgPool,
    js: async_nats::jetstream::Context,
    signal: OutboxSignal,
    shutdown: CancellationToken,
) {
    outbox::run_relay("identity", signal, shutdown, || relay_batch(&pool, &js)).await
}

type OutboxRow = (Uuid, String, String, Vec<u8>);

/// Publishes a batch of events and deletes them once JetStream has acknowledged each.
async fn relay_batch(pool: &PgPool, js: &async_nats::jetstream::Context) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT event_id, subject, event_type, payload FROM identity.outbox \
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
    sqlx::query("DELETE FROM identity.outbox WHERE event_id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(ids.len())
}
