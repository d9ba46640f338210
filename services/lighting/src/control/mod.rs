//! Real-time control: commands to one gateway through the gateway-bridge, refused at once
//! when the gateway is offline in lighting's projection.

pub mod bridge;
pub mod commands;
pub mod fanout;
pub mod grpc;
pub mod relay;

use chrono::Utc;
use sqlx::PgPool;

use crate::telemetry::model::LoopStateColumns;
use crate::telemetry::store;

/// Keeps the readings a gateway acknowledged as its loops' latest state, at the gateway's
/// own time (so they order with its telemetry even when its clock is off). A failure is
/// logged, not returned: the command was carried out, and telemetry will catch up.
pub async fn record_readings(pool: &PgPool, gateway_id: i64, ack: &bridge::Ack) {
    let rows = LoopStateColumns::of_gateway(gateway_id, ack.device_time.unwrap_or_else(Utc::now), &ack.readings);
    let written = async {
        let mut conn = pool.acquire().await?;
        store::upsert_loop_state(&mut conn, &rows).await
    };
    if let Err(err) = written.await {
        tracing::warn!(gateway_id, error = %err, "acknowledged loop state not stored");
    }
}
