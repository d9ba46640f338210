//! The communication records: every message between a gateway and the platform, kept by
//! lighting (`bridge.communication`, `docs/device-protocol.md`, "Communication records").
//!
//! The device stream's messages are recorded with the chunk that handles them, published
//! with its other outputs (so a record is never lost, and a redelivered chunk writes the same
//! records under the same keys). Commands and acknowledgements, which do not pass through
//! the stream, go through a [`Recorder`]: gathered for a moment and published in batches.

use std::sync::Arc;
use std::time::Duration;

use lumiscape_proto::events::v1 as ev;
use prost::Message;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::Shared;
use crate::protocol::Channel;

/// Most of a payload a record keeps.
pub const MAX_RECORDED_PAYLOAD: usize = 8 * 1024;
/// Records waiting to be published before new ones are dropped (and counted).
const QUEUE: usize = 10_000;
/// Most records in one published batch, and the longest a record waits for others.
const BATCH: usize = 500;
const LINGER: Duration = Duration::from_millis(200);

/// Which way a message went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
}

/// What became of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    Duplicate,
    Refused,
    Sent,
}

/// A record of one message of `gateway`.
pub struct Entry<'a> {
    pub gateway: &'a ev::GatewayRegistration,
    pub direction: Direction,
    pub channel: Channel,
    pub outcome: Outcome,
    pub reason: String,
    pub message_seq: u64,
    pub correlation_id: &'a str,
    pub device_time_ms: i64,
    pub at_ms: i64,
    pub payload: &'a [u8],
    pub record_key: String,
}

impl Entry<'_> {
    pub fn record(self) -> ev::CommunicationRecord {
        let kept = &self.payload[..self.payload.len().min(MAX_RECORDED_PAYLOAD)];
        ev::CommunicationRecord {
            gateway_id: self.gateway.gateway_id,
            project_id: self.gateway.project_id,
            direction: match self.direction {
                Direction::Up => "up",
                Direction::Down => "down",
            }
            .into(),
            channel: match self.channel {
                Channel::Command => "command",
                other => other.as_str(),
            }
            .into(),
            outcome: match self.outcome {
                Outcome::Accepted => "accepted",
                Outcome::Duplicate => "duplicate",
                Outcome::Refused => "refused",
                Outcome::Sent => "sent",
            }
            .into(),
            reason: self.reason,
            message_seq: self.message_seq,
            correlation_id: self.correlation_id.to_owned(),
            device_time_ms: self.device_time_ms,
            at_ms: self.at_ms,
            size: u32::try_from(self.payload.len()).unwrap_or(u32::MAX),
            payload: kept.to_vec(),
            record_key: self.record_key,
        }
    }
}

/// Splits records into batches of at most `max_bytes` encoded (a single larger record is a
/// batch of its own).
pub fn batches(records: Vec<ev::CommunicationRecord>, max_bytes: usize) -> Vec<ev::CommunicationBatch> {
    let mut out = Vec::new();
    let mut batch = ev::CommunicationBatch::default();
    let mut size = 0;
    for record in records {
        // Each repeated field costs its length, a tag and a length prefix (at most 1 + 4).
        let record_size = record.encoded_len() + 5;
        if size + record_size > max_bytes && !batch.records.is_empty() {
            out.push(std::mem::take(&mut batch));
            size = 0;
        }
        size += record_size;
        batch.records.push(record);
    }
    if !batch.records.is_empty() {
        out.push(batch);
    }
    out
}

/// A batch as published: its records encoded and compressed (zlib, fastest level), in
/// `deflated`. The records are mostly JSON payloads: NATS stores a fifth of their size.
pub fn deflated(batch: &ev::CommunicationBatch) -> Vec<u8> {
    use std::io::Write as _;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(&batch.encode_to_vec());
    let compressed = encoder.finish().unwrap_or_default();
    ev::CommunicationBatch { records: Vec::new(), deflated: compressed }.encode_to_vec()
}

/// Hands records of commands and acknowledgements to a task that publishes them in batches.
#[derive(Clone)]
pub struct Recorder {
    tx: mpsc::Sender<ev::CommunicationRecord>,
}

impl Recorder {
    /// The recorder and what its task reads (see [`run`]).
    pub fn new() -> (Self, mpsc::Receiver<ev::CommunicationRecord>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        (Self { tx }, rx)
    }

    /// Queues a record; when the queue is full (NATS away for long) it is dropped and counted.
    pub fn record(&self, record: ev::CommunicationRecord) {
        if self.tx.try_send(record).is_err() {
            metrics::counter!("lumiscape_bridge_comm_records_dropped_total").increment(1);
        }
    }
}

/// Publishes what the recorder gathers until `shutdown`, then what is left.
pub async fn run(
    shared: Arc<Shared>,
    mut rx: mpsc::Receiver<ev::CommunicationRecord>,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let subject = shared.streams.subject("bridge.communication");
    loop {
        let mut records = Vec::new();
        let first = tokio::select! {
            _ = shutdown.cancelled() => None,
            record = rx.recv() => record,
        };
        let Some(first) = first else {
            rx.close();
            while let Ok(record) = rx.try_recv() {
                records.push(record);
            }
            publish(&shared, &subject, records).await;
            return Ok(());
        };
        records.push(first);
        let deadline = tokio::time::Instant::now() + LINGER;
        while records.len() < BATCH {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(record)) => records.push(record),
                _ => break,
            }
        }
        publish(&shared, &subject, records).await;
    }
}

/// Publishes the records, a few tries each batch; what cannot be published is counted.
async fn publish(shared: &Shared, subject: &str, records: Vec<ev::CommunicationRecord>) {
    for batch in batches(records, 512 * 1024) {
        let count = batch.records.len() as u64;
        let payload = deflated(&batch);
        let id = uuid::Uuid::new_v4().simple().to_string();
        let mut published = false;
        for attempt in 0..3u32 {
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", id.as_str());
            let sent = shared.js.publish_with_headers(subject.to_owned(), headers, payload.clone().into()).await;
            if let Ok(ack) = sent
                && ack.await.is_ok()
            {
                published = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(200 * u64::from(attempt + 1))).await;
        }
        if !published {
            metrics::counter!("lumiscape_bridge_comm_records_dropped_total").increment(count);
            tracing::warn!(count, "communication records not published");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gateway() -> ev::GatewayRegistration {
        ev::GatewayRegistration { gateway_id: 7, project_id: 1, serial: "GW-1".into(), ..Default::default() }
    }

    fn entry<'a>(gateway: &'a ev::GatewayRegistration, payload: &'a [u8]) -> Entry<'a> {
        Entry {
            gateway,
            direction: Direction::Up,
            channel: Channel::Telemetry,
            outcome: Outcome::Refused,
            reason: "payload is not valid json".into(),
            message_seq: 0,
            correlation_id: "",
            device_time_ms: 0,
            at_ms: 1_000,
            payload,
            record_key: "s42".into(),
        }
    }

    #[test]
    fn a_record_keeps_the_size_and_at_most_8_kib_of_the_payload() {
        let gateway = gateway();
        let big = vec![b'x'; 70 * 1024];
        let record = entry(&gateway, &big).record();
        assert_eq!((record.size, record.payload.len()), (70 * 1024, MAX_RECORDED_PAYLOAD));
        assert_eq!(
            (record.direction.as_str(), record.channel.as_str(), record.outcome.as_str()),
            ("up", "telemetry", "refused")
        );
        let small = entry(&gateway, b"{}").record();
        assert_eq!((small.size, small.payload.as_slice()), (2, b"{}".as_slice()));
    }

    #[test]
    fn a_published_batch_is_compressed_and_reads_back_whole() {
        use std::io::Read as _;
        let gateway = gateway();
        let payload =
            br#"{"v":1,"id":"GW-1-7","sn":"GW-1","loops":[{"loop":1,"on":true,"voltage_v":220.1}]}"#.repeat(20);
        let batch =
            ev::CommunicationBatch { records: vec![entry(&gateway, &payload).record(); 50], deflated: Vec::new() };
        let published = deflated(&batch);
        assert!(published.len() * 5 < batch.encoded_len(), "{} of {}", published.len(), batch.encoded_len());
        let outer = ev::CommunicationBatch::decode(&published[..]).unwrap();
        assert!(outer.records.is_empty());
        let mut inflated = Vec::new();
        flate2::read::ZlibDecoder::new(&outer.deflated[..]).read_to_end(&mut inflated).unwrap();
        assert_eq!(ev::CommunicationBatch::decode(&inflated[..]).unwrap(), batch);
    }

    #[test]
    fn batches_are_bounded_and_keep_the_order() {
        let gateway = gateway();
        let payload = vec![b'y'; 1000];
        let records: Vec<_> = (0..100)
            .map(|n| ev::CommunicationRecord { record_key: format!("s{n}"), ..entry(&gateway, &payload).record() })
            .collect();
        let split = batches(records, 10_000);
        assert!(split.len() > 1);
        assert!(split.iter().all(|b| b.encoded_len() <= 10_000 + 1100));
        let keys: Vec<String> = split.iter().flat_map(|b| b.records.iter().map(|r| r.record_key.clone())).collect();
        assert_eq!(keys, (0..100).map(|n| format!("s{n}")).collect::<Vec<_>>());
    }
}
