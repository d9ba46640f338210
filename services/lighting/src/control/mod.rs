//! Real-time control: commands to one gateway through the gateway-bridge, refused at once
//! when the gateway is offline in lighting's projection.

pub mod bridge;
pub mod grpc;

use chrono::Utc;
use sqlx::PgPool;

use crate::telemetry::model::{LoopStateColumns, Reading};
use crate::telemetry::store;

/// Keeps the readings a gateway acknowledged as its loops' latest state. A failure is
/// logged, not returned: the command was carried out, and telemetry will catch up.
pub async fn record_readings(pool: &PgPool, gateway_id: i64, readings: &[Reading]) {
    let rows = LoopStateColumns::of_gateway(gateway_id, Utc::now(), readings);
    let written = async {
        let mut conn = pool.acquire().await?;
        store::upsert_loop_state(&mut conn, &rows).await
    };
    if let Err(err) = written.await {
        tracing::warn!(gateway_id, error = %err, "acknowledged loop state not stored");
    }
}
