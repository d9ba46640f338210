//! Key-value projections: a JetStream bucket kept equal to part of a service's schema, for
//! readers that must not call the service (the gateway-bridge reads lighting's gateway
//! registry and alarm's rules this way, and keeps working while those services are down).
//!
//! A change queues the affected keys in the service's `projection_queue` in the same
//! transaction; the service's relay ([`crate::outbox::Relay`]) then puts or deletes each key
//! from the database as it is *then*. So entries are never lost (NATS away: the key stays
//! queued), order does not matter (the latest state wins) and two relays never write one
//! key at once (the queued row is locked while it is synced; a change committed meanwhile
//! queues it again). At start a service queues every key, which heals anything the bucket
//! lost. This design replaced alarm's compare-and-set rule book, which needed a periodic
//! full resync to heal a failed write and made every edit wait for NATS.

use std::sync::Arc;

use async_nats::jetstream::{self, kv};
use futures::TryStreamExt;
use sqlx::{PgConnection, PgPool};

use crate::nats::Streams;
use crate::tables::ServiceTables;

/// Keys synced per round.
const BATCH: i64 = 100;

/// What a projection mirrors: the value each key should hold.
#[async_trait::async_trait]
pub trait Source: Send + Sync + 'static {
    /// The value `key` should hold now, read in the relay's transaction; `None` deletes it.
    async fn value(&self, conn: &mut PgConnection, key: &str) -> anyhow::Result<Option<Vec<u8>>>;

    /// Every key that should exist now.
    async fn keys(&self, pool: &PgPool) -> anyhow::Result<Vec<String>>;
}

/// A bucket and the source it mirrors.
#[derive(Clone)]
pub struct Projection {
    /// The bucket's name without the deployment's prefix, as the queue stores it.
    name: &'static str,
    store: kv::Store,
    source: Arc<dyn Source>,
}

impl Projection {
    /// Opens (creating when missing) the bucket `name` under the deployment's prefix.
    pub async fn open(
        js: &jetstream::Context,
        streams: &Streams,
        name: &'static str,
        description: &str,
        source: impl Source,
    ) -> anyhow::Result<Self> {
        let store = crate::nats::open_bucket(js, &streams.bucket(name), description).await?;
        Ok(Self { name, store, source: Arc::new(source) })
    }

    /// Queues keys of bucket `name` to be brought in line, in the caller's transaction.
    pub async fn queue<T: ServiceTables>(conn: &mut PgConnection, name: &str, keys: &[String]) -> sqlx::Result<()> {
        T::queue_keys(conn, name, keys).await
    }

    /// Queues every key now in the bucket and every key the source says should be, so the
    /// relay puts the live ones and deletes the rest.
    pub async fn queue_all<T: ServiceTables>(&self, pool: &PgPool) -> anyhow::Result<()> {
        let mut keys: Vec<String> = self.store.keys().await?.try_collect().await?;
        keys.extend(self.source.keys(pool).await?);
        let mut conn = pool.acquire().await?;
        T::queue_keys(&mut conn, self.name, &keys).await?;
        Ok(())
    }

    /// Brings up to [`BATCH`] queued keys in line; answers how many.
    pub(crate) async fn sync_batch<T: ServiceTables>(&self, pool: &PgPool) -> anyhow::Result<usize> {
        let mut tx = pool.begin().await?;
        let keys = T::take_keys(&mut tx, self.name, BATCH).await?;
        if keys.is_empty() {
            return Ok(0);
        }
        for key in &keys {
            match self.source.value(&mut tx, key).await? {
                Some(value) => {
                    self.store.put(key.as_str(), value.into()).await?;
                }
                None => self.store.delete(key.as_str()).await?,
            }
        }
        T::delete_keys(&mut tx, self.name, &keys).await?;
        tx.commit().await?;
        tracing::debug!(bucket = self.name, count = keys.len(), "projection synced");
        Ok(keys.len())
    }
}
