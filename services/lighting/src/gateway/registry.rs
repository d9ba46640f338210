//! The GATEWAYS key-value bucket, which the gateway-bridge watches to learn which project a
//! serial belongs to: key `gw.{serial}`, value a `GatewayRegistration`.
//!
//! A change of the registry queues its serial in `lighting.registry_sync` in the same
//! transaction; the relay then puts or deletes the key from the row as it is *then*, so
//! entries are never lost (NATS away) and order does not matter (the latest state wins).
//! Two relays never sync one serial at once: the queued row is locked while it is synced.

use async_nats::jetstream::{self, kv};
use futures::TryStreamExt;
use lumiscape_proto::events::v1::GatewayRegistration;
use prost::Message;
use sqlx::{PgConnection, PgPool};

/// The bucket's name under the deployment's prefix.
pub const BUCKET: &str = "GATEWAYS";
/// Serials synced per transaction.
const BATCH: i64 = 100;

/// The key of a serial.
pub fn key(serial: &str) -> String {
    format!("gw.{serial}")
}

/// Opens the bucket, creating it when missing (history 1, like the bridge does).
pub async fn open_bucket(js: &jetstream::Context, bucket: &str) -> anyhow::Result<kv::Store> {
    if let Ok(store) = js.get_key_value(bucket).await {
        return Ok(store);
    }
    let created = js
        .create_key_value(kv::Config {
            bucket: bucket.to_owned(),
            description: "lighting's gateway registry, by serial".to_owned(),
            history: 1,
            storage: jetstream::stream::StorageType::File,
            ..Default::default()
        })
        .await;
    match created {
        Ok(store) => Ok(store),
        // The bridge may have created it this instant.
        Err(err) => js.get_key_value(bucket).await.map_err(|_| anyhow::Error::from(err)),
    }
}

/// Queues a serial for syncing, in the caller's transaction. A serial being synced right
/// now is queued again after that sync, which then saw the old state.
pub async fn queue(conn: &mut PgConnection, serial: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO lighting.registry_sync (serial) VALUES ($1) \
         ON CONFLICT (serial) DO UPDATE SET queued_at = now()",
    )
    .bind(serial)
    .execute(conn)
    .await?;
    Ok(())
}

/// Queues every live serial and every key in the bucket, so the relay puts all live
/// gateways and deletes the keys of gateways no longer live.
pub async fn queue_full_resync(pool: &PgPool, store: &kv::Store) -> anyhow::Result<()> {
    let keys: Vec<String> = store.keys().await?.try_collect().await?;
    let bucket_serials: Vec<String> = keys.iter().filter_map(|k| k.strip_prefix("gw.")).map(str::to_owned).collect();
    sqlx::query(
        "INSERT INTO lighting.registry_sync (serial) \
         SELECT serial FROM lighting.gateways WHERE NOT deleted UNION SELECT unnest($1::text[]) \
         ON CONFLICT (serial) DO UPDATE SET queued_at = now()",
    )
    .bind(&bucket_serials)
    .execute(pool)
    .await?;
    Ok(())
}

/// The registration of the live gateway with this serial, if there is one.
async fn registration(conn: &mut PgConnection, serial: &str) -> sqlx::Result<Option<GatewayRegistration>> {
    let row: Option<(i64, i64, String, i32)> = sqlx::query_as(
        "SELECT gateway_id, project_id, gateway_name, loop_count FROM lighting.gateways \
         WHERE serial = $1 AND NOT deleted",
    )
    .bind(serial)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(gateway_id, project_id, name, loop_count)| GatewayRegistration {
        gateway_id,
        project_id,
        serial: serial.to_owned(),
        name,
        loop_count: u32::try_from(loop_count).unwrap_or(0),
    }))
}

/// Syncs up to [`BATCH`] queued serials; returns how many.
pub async fn sync_batch(pool: &PgPool, store: &kv::Store) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let serials: Vec<String> = sqlx::query_scalar(
        "SELECT serial FROM lighting.registry_sync ORDER BY queued_at LIMIT $1 FOR UPDATE SKIP LOCKED",
    )
    .bind(BATCH)
    .fetch_all(&mut *tx)
    .await?;
    for serial in &serials {
        match registration(&mut tx, serial).await? {
            Some(entry) => {
                store.put(key(serial), entry.encode_to_vec().into()).await?;
            }
            None => store.delete(key(serial)).await?,
        }
    }
    sqlx::query("DELETE FROM lighting.registry_sync WHERE serial = ANY($1)").bind(&serials).execute(&mut *tx).await?;
    tx.commit().await?;
    if !serials.is_empty() {
        tracing::debug!(count = serials.len(), "gateway registry synced");
    }
    Ok(serials.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_the_serial() {
        assert_eq!(key("SIM-00001"), "gw.SIM-00001");
    }
}
