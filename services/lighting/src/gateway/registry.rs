//! The GATEWAYS key-value projection, which the gateway-bridge watches to learn which
//! project a serial belongs to: key `gw.{serial}`, value a `GatewayRegistration`. A change
//! of the registry queues its serial's key in the same transaction; the relay then puts or
//! deletes the key from the row as it is then ([`lumiscape_common::projection`]).

use lumiscape_common::nats::gateway_registry::KEY_PREFIX;
pub use lumiscape_common::nats::gateway_registry::{BUCKET, key};
use lumiscape_common::projection::{Projection, Source};
use lumiscape_proto::events::v1::GatewayRegistration;
use prost::Message;
use sqlx::{PgConnection, PgPool};

use crate::Tables;

/// Queues the serials' keys, in the caller's transaction.
pub async fn queue(conn: &mut PgConnection, serials: &[&str]) -> sqlx::Result<()> {
    let keys: Vec<String> = serials.iter().map(|serial| key(serial)).collect();
    Projection::queue::<Tables>(conn, BUCKET, &keys).await
}

/// The registry as the projection reads it.
pub struct Registry;

#[async_trait::async_trait]
impl Source for Registry {
    async fn value(&self, conn: &mut PgConnection, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let Some(serial) = key.strip_prefix(KEY_PREFIX) else {
            return Ok(None);
        };
        let row = sqlx::query!(
            "SELECT gateway_id, project_id, gateway_name, loop_count FROM lighting.gateways \
             WHERE serial = $1 AND NOT deleted",
            serial,
        )
        .fetch_optional(conn)
        .await?;
        Ok(row.map(|row| {
            GatewayRegistration {
                gateway_id: row.gateway_id,
                project_id: row.project_id,
                serial: serial.to_owned(),
                name: row.gateway_name,
                loop_count: u32::try_from(row.loop_count).unwrap_or(0),
            }
            .encode_to_vec()
        }))
    }

    async fn keys(&self, pool: &PgPool) -> anyhow::Result<Vec<String>> {
        let serials =
            sqlx::query_scalar!("SELECT serial FROM lighting.gateways WHERE NOT deleted").fetch_all(pool).await?;
        Ok(serials.iter().map(|serial| key(serial)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_the_serial() {
        assert_eq!(key("SIM-00001"), "gw.SIM-00001");
    }
}
