//! The transactional outbox (identity's pattern): alarm events are inserted in the same
//! transaction as the alarm change they describe and relayed to JetStream afterwards, with
//! their message id as `Nats-Msg-Id`, so an event is never lost (NATS away) nor doubled
//! (relay restarted between publish and delete: the stream's duplicate window absorbs it).

use std::sync::Arc;
use std::time::Duration;

use sqlx::{PgConnection, PgPool};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// Rows relayed per round.
const BATCH: i64 = 100;

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

/// Wakes the relay early after an insert; it also polls, for rows other replicas wrote.
#[derive(Clone, Default)]
pub struct OutboxSignal(Arc<Notify>);

impl OutboxSignal {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// Relays the outbox until `shutdown`.
pub async fn relay(
    pool: PgPool,
    js: async_nats::jetstream::Context,
    signal: OutboxSignal,
    shutdown: CancellationToken,
) {
    loop {
        match relay_batch(&pool, &js).await {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "alarm outbox relay failed; retrying"),
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = signal.0.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
        }
    }
}

type OutboxRow = (i64, String, String, String, Vec<u8>);

/// Publishes up to [`BATCH`] events in order and deletes them once JetStream has
/// acknowledged each.
async fn relay_batch(pool: &PgPool, js: &async_nats::jetstream::Context) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT outbox_id, message_id, subject, event_type, payload FROM alarm.outbox \
         ORDER BY outbox_id LIMIT $1 FOR UPDATE SKIP LOCKED",
    )
    .bind(BATCH)
    .fetch_all(&mut *tx)
    .await?;
    let mut acks = Vec::with_capacity(rows.len());
    for (_, message_id, subject, event_type, payload) in &rows {
        let headers = lumiscape_common::nats::event_headers(message_id, event_type);
        acks.push(js.publish_with_headers(subject.clone(), headers, payload.clone().into()).await?);
    }
    for ack in acks {
        ack.await?;
    }
    let ids: Vec<i64> = rows.iter().map(|row| row.0).collect();
    sqlx::query("DELETE FROM alarm.outbox WHERE outbox_id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(rows.len())
}
