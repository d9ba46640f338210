//! The durable consumers of the bridge's stream: telemetry batches into stored samples and
//! latest readings, presence changes into the online flag and its history. At-least-once
//! delivery, idempotent writes.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use lumiscape_common::nats::{ConsumerSpec, Outcome, Streams, run_consumer};
use lumiscape_proto::events::v1::{GatewayStatusChanged, TelemetryBatch};
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

    /// Consumes `bridge.telemetry` until `shutdown`.
    pub async fn run_telemetry(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let spec = self.spec(TELEMETRY_CONSUMER, "bridge.telemetry");
        let this = Arc::new(self);
        run_consumer(this.js.clone(), spec, shutdown, move |message| {
            let this = this.clone();
            async move {
                let outcome = this.handle_telemetry(&message.payload).await;
                (message, outcome)
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

    async fn handle_telemetry(&self, payload: &[u8]) -> Outcome {
        let Ok(event) = TelemetryBatch::decode(payload) else {
            return Outcome::Poison("undecodable telemetry batch".into());
        };
        let mut ids: Vec<i64> = event.samples.iter().map(|s| s.gateway_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let known = match store::known_gateways(&self.pool, &ids).await {
            Ok(known) => known,
            Err(err) => return Outcome::Retry(err.into()),
        };
        let batch = Batch::accept(&event.samples, &known, self.partitions.retention(), chrono::Utc::now());
        metrics::counter!("lumiscape_lighting_samples_skipped_total").increment(batch.skipped as u64);
        if batch.samples.is_empty() {
            return Outcome::Done;
        }
        if let Err(err) = self.partitions.ensure(&self.pool, &batch.days()).await {
            return Outcome::Retry(err.into());
        }
        match store::write_batch(&self.pool, &batch).await {
            Ok(rows) => {
                metrics::counter!("lumiscape_lighting_sample_rows_total").increment(rows);
                tracing::debug!(batch = %event.batch_id, samples = batch.samples.len(), rows, "telemetry stored");
                Outcome::Done
            }
            Err(err) => {
                let missing_partition = err.as_database_error().and_then(|e| e.code()).as_deref() == Some(NO_PARTITION);
                if missing_partition {
                    self.partitions.forget();
                }
                Outcome::Retry(err.into())
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
