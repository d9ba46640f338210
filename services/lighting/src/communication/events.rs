//! The consumer of the bridge's communication records (`bridge.communication`), and the
//! monthly partitions they are kept in.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use chrono::{NaiveDate, Utc};
use lumiscape_common::nats::{ConsumerSpec, Outcome, Streams, run_batch_consumer, together_or_alone};
use lumiscape_proto::events::v1::CommunicationBatch;
use prost::Message;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use super::model::{Retention, Row, first_of_month};
use super::store;

pub const CONSUMER: &str = "lighting-communication";
/// Time to handle one message before JetStream delivers it again.
const ACK_WAIT: Duration = Duration::from_secs(60);
/// Most batches (one per chunk of device messages) written in one statement.
const BATCHES_PER_WRITE: usize = 16;
/// SQLSTATE of a row that fits no partition.
const NO_PARTITION: &str = "23514";

/// The monthly partitions (UTC months) of the records: this month's and next month's made
/// ahead, those past the retention dropped (`crate::partitions::Monthly`).
pub type Partitions = crate::partitions::Partitions<Retention>;

/// Most a published batch may inflate to (its limit when published is 512 KiB of records).
const MAX_INFLATED: u64 = 8 * 1024 * 1024;

/// A published batch's records: inflated from `deflated` when the bridge compressed them;
/// `None` for what is not a batch (or inflates past [`MAX_INFLATED`]).
fn read_batch(payload: &[u8]) -> Option<CommunicationBatch> {
    use std::io::Read as _;
    let batch = CommunicationBatch::decode(payload).ok()?;
    if batch.deflated.is_empty() {
        return Some(batch);
    }
    let mut inflated = Vec::new();
    flate2::read::ZlibDecoder::new(&batch.deflated[..]).take(MAX_INFLATED + 1).read_to_end(&mut inflated).ok()?;
    if inflated.len() as u64 > MAX_INFLATED {
        return None;
    }
    let mut inner = CommunicationBatch::decode(&inflated[..]).ok()?;
    inner.records.extend(batch.records);
    Some(inner)
}

/// What the consumer needs.
#[derive(Clone)]
pub struct Recorder {
    pub pool: PgPool,
    pub js: jetstream::Context,
    pub streams: Streams,
    pub partitions: Partitions,
    pub max_deliver: i64,
}

impl Recorder {
    /// Consumes `bridge.communication` until `shutdown`, writing the batches that wait together.
    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let spec = ConsumerSpec {
            stream: self.streams.bridge(),
            durable: CONSUMER.to_owned(),
            filter_subjects: vec![self.streams.subject("bridge.communication")],
            max_deliver: self.max_deliver,
            ack_wait: ACK_WAIT,
        };
        let this = Arc::new(self);
        run_batch_consumer(this.js.clone(), spec, BATCHES_PER_WRITE, shutdown, move |messages| {
            let this = this.clone();
            async move {
                let outcomes = this.handle(&messages).await;
                messages.into_iter().zip(outcomes).collect()
            }
        })
        .await
    }

    /// One outcome per message, in order: the undecodable ones are poison, the others are
    /// written together (or, when that fails, one by one).
    async fn handle(&self, messages: &[jetstream::Message]) -> Vec<Outcome> {
        let decoded: Vec<Option<CommunicationBatch>> = messages.iter().map(|m| read_batch(&m.payload)).collect();
        let batches: Vec<&CommunicationBatch> = decoded.iter().flatten().collect();
        let mut written = together_or_alone(&batches, |group: &[&CommunicationBatch]| {
            self.write(group.iter().flat_map(|b| &b.records).collect())
        })
        .await
        .into_iter();
        decoded
            .iter()
            .map(|batch| match batch {
                Some(_) => written.next().unwrap_or_else(|| Outcome::Retry(anyhow::anyhow!("no outcome"))),
                None => Outcome::Poison("undecodable communication batch".into()),
            })
            .collect()
    }

    async fn write(&self, records: Vec<&lumiscape_proto::events::v1::CommunicationRecord>) -> anyhow::Result<()> {
        let now = Utc::now();
        let total = records.len();
        let rows: Vec<Row> = records
            .into_iter()
            .filter_map(Row::of)
            .filter(|row| self.partitions.layout().accepts(row.recorded_at, now))
            .collect();
        let skipped = total - rows.len();
        if skipped > 0 {
            metrics::counter!("lumiscape_lighting_comm_records_skipped_total").increment(skipped as u64);
        }
        let months: BTreeSet<NaiveDate> = rows.iter().map(|r| first_of_month(r.recorded_at.date_naive())).collect();
        self.partitions.ensure(&self.pool, &months).await?;
        match store::write(&self.pool, &rows).await {
            Ok(new) => {
                metrics::counter!("lumiscape_lighting_comm_records_total").increment(new);
                Ok(())
            }
            Err(err) => {
                if err.as_database_error().and_then(|e| e.code()).as_deref() == Some(NO_PARTITION) {
                    self.partitions.forget();
                }
                Err(err.into())
            }
        }
    }
}
