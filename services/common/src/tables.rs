//! The two tables every service with events keeps in its own schema, in one shape: the
//! transactional `outbox` ([`crate::outbox`]) and the `projection_queue` of keys whose
//! key-value entry must be brought in line ([`crate::projection`]). Their queries are written
//! once, by [`service_tables!`](crate::service_tables), which a service invokes with its
//! schema name; the SQL is therefore static and checked at compile time like every other
//! query. The DDL a service's migration creates them with is in `docs/new-module.md`.

use std::future::Future;

use sqlx::PgConnection;

/// An event on its way out: the message id becomes `Nats-Msg-Id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEvent {
    pub message_id: String,
    pub subject: String,
    pub event_type: String,
    pub payload: Vec<u8>,
}

/// An event read back from the outbox, with the trace it was written in (`traceparent`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEvent {
    pub outbox_id: i64,
    pub event: OutboxEvent,
    pub traceparent: Option<String>,
}

/// The queries of one service's outbox and projection queue.
pub trait ServiceTables: Send + Sync + 'static {
    /// The schema the tables live in.
    const SCHEMA: &'static str;

    /// Writes an event made in the trace `traceparent`, in the caller's transaction.
    fn insert_event(
        conn: &mut PgConnection,
        event: &OutboxEvent,
        traceparent: Option<&str>,
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Locks and reads up to `limit` events, oldest first; rows another relay holds are
    /// skipped.
    fn take_events(conn: &mut PgConnection, limit: i64) -> impl Future<Output = sqlx::Result<Vec<StoredEvent>>> + Send;

    fn delete_events(conn: &mut PgConnection, ids: &[i64]) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Queues keys of a bucket (the logical name, without the deployment's prefix), in the
    /// caller's transaction.
    fn queue_keys(
        conn: &mut PgConnection,
        bucket: &str,
        keys: &[String],
    ) -> impl Future<Output = sqlx::Result<()>> + Send;

    /// Locks and reads up to `limit` queued keys of a bucket, oldest first.
    fn take_keys(
        conn: &mut PgConnection,
        bucket: &str,
        limit: i64,
    ) -> impl Future<Output = sqlx::Result<Vec<String>>> + Send;

    fn delete_keys(
        conn: &mut PgConnection,
        bucket: &str,
        keys: &[String],
    ) -> impl Future<Output = sqlx::Result<()>> + Send;
}

/// Writes the [`ServiceTables`] queries for a schema: `service_tables!(Tables, "lighting");`
/// declares `pub struct Tables` whose queries name `lighting.outbox` and
/// `lighting.projection_queue`.
#[macro_export]
macro_rules! service_tables {
    ($name:ident, $schema:tt) => {
        /// This service's outbox and projection queue (`lumiscape_common::tables`).
        pub struct $name;

        impl $crate::tables::ServiceTables for $name {
            const SCHEMA: &'static str = $schema;

            async fn insert_event(
                conn: &mut ::sqlx::PgConnection,
                event: &$crate::tables::OutboxEvent,
                traceparent: Option<&str>,
            ) -> ::sqlx::Result<()> {
                ::sqlx::query!(
                    "INSERT INTO "
                        + $schema
                        + ".outbox (message_id, subject, event_type, payload, traceparent) \
                     VALUES ($1, $2, $3, $4, $5)",
                    event.message_id,
                    event.subject,
                    event.event_type,
                    event.payload,
                    traceparent,
                )
                .execute(conn)
                .await?;
                Ok(())
            }

            async fn take_events(
                conn: &mut ::sqlx::PgConnection,
                limit: i64,
            ) -> ::sqlx::Result<Vec<$crate::tables::StoredEvent>> {
                let rows = ::sqlx::query!(
                    "SELECT outbox_id, message_id, subject, event_type, payload, traceparent FROM "
                        + $schema
                        + ".outbox \
                     ORDER BY outbox_id LIMIT $1 FOR UPDATE SKIP LOCKED",
                    limit,
                )
                .fetch_all(conn)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|row| $crate::tables::StoredEvent {
                        outbox_id: row.outbox_id,
                        event: $crate::tables::OutboxEvent {
                            message_id: row.message_id,
                            subject: row.subject,
                            event_type: row.event_type,
                            payload: row.payload,
                        },
                        traceparent: row.traceparent,
                    })
                    .collect())
            }

            async fn delete_events(conn: &mut ::sqlx::PgConnection, ids: &[i64]) -> ::sqlx::Result<()> {
                ::sqlx::query!("DELETE FROM " + $schema + ".outbox WHERE outbox_id = ANY($1)", ids)
                    .execute(conn)
                    .await?;
                Ok(())
            }

            async fn queue_keys(conn: &mut ::sqlx::PgConnection, bucket: &str, keys: &[String]) -> ::sqlx::Result<()> {
                ::sqlx::query!(
                    "INSERT INTO "
                        + $schema
                        + ".projection_queue (bucket, key) \
                     SELECT DISTINCT $1::text, unnest($2::text[]) \
                     ON CONFLICT (bucket, key) DO UPDATE SET queued_at = now()",
                    bucket,
                    keys,
                )
                .execute(conn)
                .await?;
                Ok(())
            }

            async fn take_keys(
                conn: &mut ::sqlx::PgConnection,
                bucket: &str,
                limit: i64,
            ) -> ::sqlx::Result<Vec<String>> {
                ::sqlx::query_scalar!(
                    "SELECT key FROM "
                        + $schema
                        + ".projection_queue WHERE bucket = $1 \
                     ORDER BY queued_at LIMIT $2 FOR UPDATE SKIP LOCKED",
                    bucket,
                    limit,
                )
                .fetch_all(conn)
                .await
            }

            async fn delete_keys(conn: &mut ::sqlx::PgConnection, bucket: &str, keys: &[String]) -> ::sqlx::Result<()> {
                ::sqlx::query!(
                    "DELETE FROM " + $schema + ".projection_queue WHERE bucket = $1 AND key = ANY($2)",
                    bucket,
                    keys,
                )
                .execute(conn)
                .await?;
                Ok(())
            }
        }
    };
}
