//! Alarm's outbox table: alarm events go in with the alarm change they describe; the relay
//! is `common::outbox`'s.

pub use lumiscape_common::outbox::OutboxSignal;
use lumiscape_common::outbox::{self, Pending};
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;

/// An event waiting in the outbox.
pub struct OutboxEvent<'a> {
    pub message_id: &'a str,
    pub subject: &'a str,
    pub event_type: &'a str,
    pub payload: Vec<u8>,
}

pub async fn insert(conn: &mut PgConnection, event: &OutboxEvent<'_>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO alarm.outbox (message_id, subject, event_type, payload) VALUES ($1, $2, $3, $4)")
        .bind(event.message_id)
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
    outbox::run_relay("alarm", signal, shutdown, || relay_batch(&pool, &js)).await
}

type OutboxRow = (i64, String, String, String, Vec<u8>);

/// Publishes a batch of events in order and deletes them once JetStream has acknowledged
/// each.
async fn relay_batch(pool: &PgPool, js: &async_nats::jetstream::Context) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT outbox_id, message_id, subject, event_type, payload FROM alarm.outbox \
         ORDER BY outbox_id LIMIT $1 FOR UPDATE SKIP LOCKED",
    )
    .bind(outbox::BATCH)
    .fetch_all(&mut *tx)
    .await?;
    let ids: Vec<i64> = rows.iter().map(|row| row.0).collect();
    let events: Vec<Pending> = rows
        .into_iter()
        .map(|(_, message_id, subject, event_type, payload)| Pending { message_id, subject, event_type, payload })
        .collect();
    outbox::publish(js, &events).await?;
    sqlx::query("DELETE FROM alarm.outbox WHERE outbox_id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(ids.len())
}
