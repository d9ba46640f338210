//! The SLA sweep: an open order past the due time its urgency set is said once on the live
//! stream (`maintenance.workorder.overdue`, which the edge pushes to the project's consoles;
//! the handler's console shows it as a notification, and the handler's own list puts it first).
//! The list flags overdue orders itself, at every read; the sweep only notifies.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::store;
use crate::Shared;

/// How often the sweep looks: an order is notified at most this long after its due time.
pub const SWEEP_EVERY: Duration = Duration::from_secs(10);
/// Orders marked per transaction; a longer backlog is taken over the next rounds.
const BATCH: i64 = 200;

/// Sweeps until `shutdown`. Any number of replicas may run it: each order is taken once.
pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = every.tick() => {}
        }
        loop {
            match store::flag_overdue(&shared.pool, &shared.streams, BATCH).await {
                Ok(0) => break,
                Ok(marked) => {
                    tracing::info!(orders = marked, "work orders overdue");
                    shared.outbox.wake();
                    if (marked as i64) < BATCH {
                        break;
                    }
                }
                Err(err) => {
                    tracing::warn!(error = %err, "the SLA sweep failed; trying again next round");
                    break;
                }
            }
        }
    }
}
