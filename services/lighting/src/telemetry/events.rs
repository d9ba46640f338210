//! The durable consumers of the bridge's stream: telemetry batches into stored samples and
//! latest readings, presence changes into the online flag and its history. At-least-once
//! delivery, idempotent writes.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use lumiscape_common::nats::{ConsumerSpec, Outcome, Streams, run_batch_consumer, run_consumer, together_or_alone};
use lumiscape_proto::events::v1::{GatewayStatusChanged, TelemetryBatch, TelemetrySample};
use prost::Message;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use super::model::{Batch, StatusChange};
use super::partitions::Partitions;
use super::store;

pub const TELEMETRY_CONSUMER: &str = "lighting-telemetry";
pub const PRESENCE_CONSUMER: &str = "lighting-presence";
/// Time to handle one message before JetStream delivers it again.
const ACK_WAIT: Duration = Duration::from_secs(60);
/// Most telemetry batches stored in one transaction: the ones waiting when the last write
/// ended. Each write costs a few round trips and a commit, whatever its size; taking what
/// has piled up keeps the storage abreast of the bridge, at any rate.
const BATCHES_PER_WRITE: usize = 64;
/// Most samples in one transaction, so that a backlog of full batches (512 KiB each) makes
/// several transactions of a bounded size rather than one huge one. A single batch larger
/// than this is still written whole.
const SAMPLES_PER_WRITE: usize = 10_000;
/// SQLSTATE of a row that fits no partition.
const NO_PARTITION: &str = "23514";

/// What the projections need.
#[derive(Clone)]
pub struct Projections {
    pub pool: PgPool,
    pub js: jetstream::Context,
    pub streams: Streams,
    pub partitions: Partitions,
    pub max_deliver: i64,
}

impl Projections {
    fn spec(&self, durable: &str, subject: &str) -> ConsumerSpec {
        ConsumerSpec {
            stream: self.streams.bridge(),
            durable: durable.to_owned(),
            filter_subjects: vec![self.streams.subject(subject)],
            max_deliver: self.max_deliver,
            ack_wait: ACK_WAIT,
        }
    }

    /// Consumes `bridge.telemetry` until `shutdown`, storing the batches that wait together.
    pub async fn run_telemetry(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let spec = self.spec(TELEMETRY_CONSUMER, "bridge.telemetry");
        let this = Arc::new(self);
        run_batch_consumer(this.js.clone(), spec, BATCHES_PER_WRITE, shutdown, move |messages| {
            let this = this.clone();
            async move {
                let outcomes = this.handle_telemetry(&messages).await;
                messages.into_iter().zip(outcomes).collect()
            }
        })
        .await
    }

    /// Consumes `bridge.gateway.status` until `shutdown`.
    pub async fn run_presence(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let spec = self.spec(PRESENCE_CONSUMER, "bridge.gateway.status");
        let this = Arc::new(self);
        run_consumer(this.js.clone(), spec, shutdown, move |message| {
            let this = this.clone();
            async move {
                let outcome = this.handle_status(&message.payload).await;
                (message, outcome)
            }
        })
        .await
    }

    /// One outcome per message, in order: the undecodable ones are poison, the others are
    /// stored together (or, when that fails, one by one).
    async fn handle_telemetry(&self, messages: &[jetstream::Message]) -> Vec<Outcome> {
        let decoded: Vec<Option<TelemetryBatch>> =
            messages.iter().map(|m| TelemetryBatch::decode(&m.payload[..]).ok()).collect();
        let events: Vec<&TelemetryBatch> = decoded.iter().flatten().collect();
        let mut outcomes = Vec::with_capacity(events.len());
        for group in bounded_groups(&events, |e| e.samples.len(), SAMPLES_PER_WRITE) {
            let stored = together_or_alone(group, |group: &[&TelemetryBatch]| {
                self.store_samples(group.iter().flat_map(|e| &e.samples).collect())
            })
            .await;
            outcomes.extend(stored);
        }
        let mut written = outcomes.into_iter();
        decoded
            .iter()
            .map(|event| match event {
                Some(_) => written.next().unwrap_or_else(|| Outcome::Retry(anyhow::anyhow!("no outcome"))),
                None => Outcome::Poison("undecodable telemetry batch".into()),
            })
            .collect()
    }

    /// Stores the samples of live gateways in one transaction.
    async fn store_samples(&self, samples: Vec<&TelemetrySample>) -> anyhow::Result<()> {
        if samples.is_empty() {
            return Ok(());
        }
        let mut ids: Vec<i64> = samples.iter().map(|s| s.gateway_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let known = store::known_gateways(&self.pool, &ids).await?;
        let batch = Batch::accept(samples.iter().copied(), &known, self.partitions.layout(), chrono::Utc::now());
        // Counted once the write is done: a group written again one by one counts once.
        let skipped = || metrics::counter!("lumiscape_lighting_samples_skipped_total").increment(batch.skipped as u64);
        if batch.samples.is_empty() {
            skipped();
            return Ok(());
        }
        self.partitions.ensure(&self.pool, &batch.days()).await?;
        match store::write_batch(&self.pool, &batch).await {
            Ok(rows) => {
                skipped();
                metrics::counter!("lumiscape_lighting_sample_rows_total").increment(rows);
                tracing::debug!(samples = batch.samples.len(), rows, "telemetry stored");
                Ok(())
            }
            Err(err) => {
                let missing_partition = err.as_database_error().and_then(|e| e.code()).as_deref() == Some(NO_PARTITION);
                if missing_partition {
                    self.partitions.forget();
                }
                Err(err.into())
            }
        }
    }

    async fn handle_status(&self, payload: &[u8]) -> Outcome {
        let Ok(event) = GatewayStatusChanged::decode(payload) else {
            return Outcome::Poison("undecodable gateway status".into());
        };
        let Some(change) = StatusChange::from_event(&event) else {
            return Outcome::Poison(format!("impossible gateway status of {:?}", event.serial));
        };
        match store::apply_status(&self.pool, &change).await {
            Ok(true) => Outcome::Done,
            Ok(false) => {
                tracing::debug!(serial = %change.serial, "status change already applied, or of an unknown gateway");
                Outcome::Done
            }
            Err(err) => Outcome::Retry(err.into()),
        }
    }
}

/// Consecutive runs of `items` whose sizes add up to at most `limit` (an item larger than
/// `limit` makes a run of its own), in order.
fn bounded_groups<T>(items: &[T], size: impl Fn(&T) -> usize, limit: usize) -> Vec<&[T]> {
    let mut groups = Vec::new();
    let (mut start, mut total) = (0, 0);
    for (at, item) in items.iter().enumerate() {
        let n = size(item);
        if at > start && total + n > limit {
            groups.push(&items[start..at]);
            (start, total) = (at, 0);
        }
        total += n;
    }
    if start < items.len() {
        groups.push(&items[start..]);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::bounded_groups;

    #[test]
    fn groups_are_bounded_in_samples_and_keep_the_order() {
        let sizes = [3, 4, 2, 9, 12, 1, 1];
        let groups: Vec<Vec<usize>> = bounded_groups(&sizes, |n| *n, 10).into_iter().map(<[usize]>::to_vec).collect();
        assert_eq!(groups, [vec![3, 4, 2], vec![9], vec![12], vec![1, 1]]);
        assert!(bounded_groups(&[] as &[usize], |n| *n, 10).is_empty());
        assert_eq!(bounded_groups(&[5, 5], |n| *n, 10), [&[5, 5][..]]);
    }
}
