//! NATS connection and JetStream helpers.

use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;

use async_nats::jetstream::{self, kv, stream};
use async_nats::{HeaderMap, HeaderValue};
use tracing::Instrument as _;

/// Connects, retrying until `wait` has passed; later disconnections are retried forever
/// by the client itself. `credentials` is a `.creds` file (`nats.credentials_file`), or none
/// for a server without authentication.
pub async fn connect(
    url: &str,
    name: &str,
    credentials: Option<&Path>,
    wait: Duration,
) -> anyhow::Result<async_nats::Client> {
    let creds = match credentials {
        Some(path) => Some((
            path,
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the NATS credentials {}", path.display()))?,
        )),
        None => None,
    };
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let options = match &creds {
            Some((path, creds)) => async_nats::ConnectOptions::with_credentials(creds)
                .with_context(|| format!("{} holds no NATS credentials", path.display()))?,
            None => async_nats::ConnectOptions::new(),
        };
        let options =
            options.name(name).max_reconnects(None).connection_timeout(Duration::from_secs(5)).event_callback(
                |event| async move {
                    match event {
                        async_nats::Event::Connected => tracing::info!("nats connected"),
                        async_nats::Event::Disconnected => tracing::warn!("nats disconnected"),
                        other => tracing::debug!(event = %other, "nats event"),
                    }
                },
            );
        match options.connect(url).await {
            Ok(client) => return Ok(client),
            Err(err) if tokio::time::Instant::now() < deadline => {
                tracing::warn!(error = %err, "nats not ready; retrying");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(err) => return Err(err.into()),
        }
    }
}

/// Connects as [`connect`] does with the configuration's URL and credentials.
pub async fn connect_with(
    cfg: &crate::config::Config,
    name: &str,
    wait: Duration,
) -> anyhow::Result<async_nats::Client> {
    connect(&cfg.nats.url, name, cfg.nats.credentials_file.as_deref(), wait).await
}

/// The most a key-value projection bucket may hold. Its values are small (a registration,
/// a rule: under 1 KiB), so 256 MiB is some 250,000 keys; a bucket that grows past it is a
/// bug, and a write beyond it fails (and stays queued) rather than evicting live keys.
pub const BUCKET_MAX_BYTES: i64 = 256 * 1024 * 1024;

/// Opens a key-value bucket, creating it when missing: history 1 (readers want the
/// latest value only), file storage, at most [`BUCKET_MAX_BYTES`]. Entries never expire by
/// age: a projection's keys live as long as what they mirror. Whichever process starts
/// first creates it; one that loses that race opens the other's.
pub async fn open_bucket(js: &jetstream::Context, bucket: &str, description: &str) -> anyhow::Result<kv::Store> {
    open_bucket_with(
        js,
        kv::Config {
            bucket: bucket.to_owned(),
            description: description.to_owned(),
            history: 1,
            max_bytes: BUCKET_MAX_BYTES,
            storage: stream::StorageType::File,
            ..Default::default()
        },
    )
    .await
}

/// Opens the bucket `config` names, creating it with `config` when missing (the race
/// between two starting processes as in [`open_bucket`]).
pub async fn open_bucket_with(js: &jetstream::Context, config: kv::Config) -> anyhow::Result<kv::Store> {
    if let Ok(store) = js.get_key_value(&config.bucket).await {
        return Ok(store);
    }
    let bucket = config.bucket.clone();
    match js.create_key_value(config).await {
        Ok(store) => Ok(store),
        Err(err) => js.get_key_value(&bucket).await.map_err(|_| anyhow::Error::from(err)),
    }
}

/// Headers of an event: `Nats-Msg-Id` for deduplication and the event type.
pub fn event_headers(message_id: &str, event_type: &str) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("Nats-Msg-Id", HeaderValue::from(message_id));
    headers.insert("Lumiscape-Event-Type", HeaderValue::from(event_type));
    headers
}

/// How long a stream keeps what the bridge publishes (normalized telemetry, transitions).
pub const BRIDGE_STREAM_MAX_AGE: Duration = Duration::from_secs(7 * 24 * 3600);
/// The deduplication window of the event streams: a redelivered input decided again within
/// it publishes nothing new.
pub const DUPLICATE_WINDOW: Duration = Duration::from_secs(600);

/// The streams of the event spine, one per domain, under a deployment's prefix. Every
/// service that publishes to or consumes from one calls [`Streams::ensure`] with the same
/// settings, so whichever starts first creates it.
#[derive(Debug, Clone)]
pub struct Streams {
    prefix: String,
}

/// One stream: its name, the subjects it stores and its limits. Every stream is bounded
/// in age and in size (docs/event-spine.md, "Limits", says why each is what it is).
#[derive(Debug, Clone)]
pub struct StreamSpec {
    pub name: String,
    pub subjects: Vec<String>,
    pub max_age: Duration,
    pub max_bytes: i64,
    /// What a full stream does: the event streams fed by outboxes refuse new messages (the
    /// outbox keeps them until there is room, so nothing is lost); the bridge's stream of
    /// normalized telemetry drops its oldest (a reading nobody read for days is worth less
    /// than today's).
    pub discard: stream::DiscardPolicy,
}

/// The size limit of a service's event stream: facts are small (under 1 KiB), so 1 GiB
/// holds a million of them, far more than 30 days of a large deployment's alarms.
pub const EVENT_STREAM_MAX_BYTES: i64 = 1024 * 1024 * 1024;
/// The size limit of the bridge's stream: a week of telemetry of 1,000 gateways at one
/// sample a minute is some 2 GiB of normalized batches.
pub const BRIDGE_STREAM_MAX_BYTES: i64 = 4 * 1024 * 1024 * 1024;

impl Streams {
    pub fn new(prefix: &str) -> Self {
        Self { prefix: prefix.to_owned() }
    }

    fn name(&self, name: &str) -> String {
        if self.prefix.is_empty() { name.to_owned() } else { format!("{}_{name}", self.prefix) }
    }

    /// A subject under the prefix: `{prefix}.{subject}`.
    pub fn subject(&self, subject: &str) -> String {
        if self.prefix.is_empty() { subject.to_owned() } else { format!("{}.{subject}", self.prefix) }
    }

    /// The bucket or stream name `{prefix}_{name}`.
    pub fn bucket(&self, name: &str) -> String {
        self.name(name)
    }

    /// What the gateway-bridge publishes: `bridge.telemetry`, `bridge.gateway.status`,
    /// `bridge.device.event`, `bridge.alarm.raised|recovered`.
    pub fn bridge(&self) -> StreamSpec {
        StreamSpec {
            name: self.name("BRIDGE"),
            subjects: vec![self.subject("bridge.>")],
            max_age: BRIDGE_STREAM_MAX_AGE,
            max_bytes: BRIDGE_STREAM_MAX_BYTES,
            discard: stream::DiscardPolicy::Old,
        }
    }

    /// The alarm service's facts: `alarm.raised`, `alarm.recovered`, `alarm.closed`,
    /// `alarm.processing`.
    pub fn alarm(&self) -> StreamSpec {
        self.event_stream("ALARM", "alarm.>")
    }

    /// Identity's facts: `identity.login.succeeded|failed`, `identity.logout`.
    pub fn identity(&self) -> StreamSpec {
        self.event_stream("IDENTITY", "identity.>")
    }

    /// The project service's facts: `project.project.created|deleted`.
    pub fn project(&self) -> StreamSpec {
        self.event_stream("PROJECT", "project.>")
    }

    /// The maintenance service's facts: `maintenance.workorder.{created|<action>}`.
    pub fn maintenance(&self) -> StreamSpec {
        self.event_stream("MAINTENANCE", "maintenance.>")
    }

    /// The lighting service's facts: `lighting.onekey.executed`.
    pub fn lighting(&self) -> StreamSpec {
        self.event_stream("LIGHTING", "lighting.>")
    }

    /// A service's stream of facts: 30 days, [`EVENT_STREAM_MAX_BYTES`], new messages
    /// refused when full (its outbox holds them meanwhile).
    fn event_stream(&self, name: &str, subject: &str) -> StreamSpec {
        StreamSpec {
            name: self.name(name),
            subjects: vec![self.subject(subject)],
            max_age: Duration::from_secs(30 * 24 * 3600),
            max_bytes: EVENT_STREAM_MAX_BYTES,
            discard: stream::DiscardPolicy::New,
        }
    }

    /// Creates or updates the stream (file storage, deduplication window
    /// [`DUPLICATE_WINDOW`], its limits).
    pub async fn ensure(js: &jetstream::Context, spec: &StreamSpec) -> anyhow::Result<()> {
        js.create_or_update_stream(stream::Config {
            name: spec.name.clone(),
            subjects: spec.subjects.clone(),
            storage: stream::StorageType::File,
            retention: stream::RetentionPolicy::Limits,
            max_age: spec.max_age,
            max_bytes: spec.max_bytes,
            discard: spec.discard,
            duplicate_window: DUPLICATE_WINDOW,
            ..Default::default()
        })
        .await?;
        Ok(())
    }
}

/// Lighting's gateway registry, a key-value projection that the bridge and the alarm service
/// read: key `gw.{serial}`, value a `GatewayRegistration`.
pub mod gateway_registry {
    /// The bucket's name, before the deployment's prefix ([`super::Streams::bucket`]).
    pub const BUCKET: &str = "GATEWAYS";
    /// What every key starts with.
    pub const KEY_PREFIX: &str = "gw.";

    /// The key of a serial.
    pub fn key(serial: &str) -> String {
        format!("{KEY_PREFIX}{serial}")
    }
}

/// The longest pause before a failed message is delivered again.
pub const MAX_RETRY_PAUSE: Duration = Duration::from_secs(30);

/// What a consumer's handler made of one message.
#[derive(Debug)]
pub enum Outcome {
    /// Handled (or already handled before): acknowledge it.
    Done,
    /// Failed for a reason that may pass (database down): redeliver it after a pause, up to
    /// the consumer's `max_deliver`, then give it up.
    Retry(anyhow::Error),
    /// Can never be handled (undecodable, impossible values): terminate it at once.
    Poison(String),
}

/// A durable pull consumer with explicit acknowledgement.
#[derive(Debug, Clone)]
pub struct ConsumerSpec {
    pub stream: StreamSpec,
    pub durable: String,
    pub filter_subjects: Vec<String>,
    /// Deliveries of one message before it is given up (terminated).
    pub max_deliver: i64,
    pub ack_wait: Duration,
}

/// Runs a durable consumer until `shutdown`, one message at a time in stream order. It
/// (re)creates the stream and consumer whenever it (re)connects, so a restarted NATS
/// server or a deleted consumer heals by itself. Retries are paced by a nak delay; a
/// message that fails on its last allowed delivery is terminated and counted.
pub async fn run_consumer<F, Fut>(
    js: jetstream::Context,
    spec: ConsumerSpec,
    shutdown: tokio_util::sync::CancellationToken,
    handler: F,
) -> anyhow::Result<()>
where
    F: Fn(jetstream::Message) -> Fut,
    Fut: std::future::Future<Output = (jetstream::Message, Outcome)>,
{
    let handler = std::sync::Arc::new(handler);
    run_batch_consumer(js, spec, 1, shutdown, move |messages| {
        let handler = handler.clone();
        async move {
            let mut handled = Vec::with_capacity(messages.len());
            for message in messages {
                handled.push(handler(message).await);
            }
            handled
        }
    })
    .await
}

/// Runs a durable consumer like [`run_consumer`], but hands the handler every message that
/// is already waiting, up to `max_batch`, in stream order, so that one round of work (one
/// database transaction) covers them all. Nothing waits to fill a batch: under a light
/// load a batch is one message. The handler answers an outcome for each message it was
/// given, and each is acknowledged, redelivered or terminated on its own.
pub async fn run_batch_consumer<F, Fut>(
    js: jetstream::Context,
    spec: ConsumerSpec,
    max_batch: usize,
    shutdown: tokio_util::sync::CancellationToken,
    handler: F,
) -> anyhow::Result<()>
where
    F: Fn(Vec<jetstream::Message>) -> Fut,
    Fut: std::future::Future<Output = Vec<(jetstream::Message, Outcome)>>,
{
    use async_nats::jetstream::consumer;
    use futures::StreamExt;

    let durable = spec.durable.clone();
    let mut backoff = Duration::from_millis(200);
    loop {
        let attempt = async {
            Streams::ensure(&js, &spec.stream).await?;
            let stream = js.get_stream(&spec.stream.name).await?;
            let consumer = stream
                .get_or_create_consumer(
                    &durable,
                    consumer::pull::Config {
                        durable_name: Some(durable.clone()),
                        filter_subjects: spec.filter_subjects.clone(),
                        ack_policy: consumer::AckPolicy::Explicit,
                        ack_wait: spec.ack_wait,
                        max_deliver: spec.max_deliver,
                        ..Default::default()
                    },
                )
                .await?;
            anyhow::Ok(consumer.messages().await?)
        };
        let messages = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            attempt = attempt => match attempt {
                Ok(messages) => messages,
                Err(err) => {
                    tracing::warn!(consumer = %durable, error = %err, "consumer could not start; retrying");
                    tokio::select! {
                        _ = shutdown.cancelled() => return Ok(()),
                        _ = tokio::time::sleep(backoff) => {}
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    continue;
                }
            },
        };
        backoff = Duration::from_millis(200);
        let mut chunks = messages.ready_chunks(max_batch.max(1));
        loop {
            let chunk = tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                chunk = chunks.next() => chunk,
            };
            let Some(chunk) = chunk else { break };
            let mut batch = Vec::with_capacity(chunk.len());
            let mut failed = None;
            for next in chunk {
                match next {
                    Ok(message) => batch.push(message),
                    Err(err) => failed = Some(err),
                }
            }
            if !batch.is_empty() {
                let delivered: Vec<i64> =
                    batch.iter().map(|m| m.info().map(|info| info.delivered).unwrap_or(1)).collect();
                // What the stream holds for this consumer beyond what it has been given: its lag.
                if let Some(pending) = batch.last().and_then(|m| m.info().ok()).map(|info| info.pending) {
                    metrics::gauge!("lumiscape_consumer_pending", "consumer" => durable.clone()).set(pending as f64);
                }
                let (size, started) = (batch.len(), std::time::Instant::now());
                let span = consume_span(&durable, &batch);
                let handled = handler(batch).instrument(span).await;
                metrics::histogram!("lumiscape_consumer_batch_messages", "consumer" => durable.clone())
                    .record(size as f64);
                metrics::histogram!("lumiscape_consumer_handle_seconds", "consumer" => durable.clone())
                    .record(started.elapsed().as_secs_f64());
                for ((message, outcome), delivered) in handled.into_iter().zip(delivered) {
                    settle(&spec, &message, outcome, delivered).await;
                }
            }
            if let Some(err) = failed {
                // The messages that came before the error are handled above.
                tracing::warn!(consumer = %durable, error = %err, "consumer stream error; resubscribing");
                break;
            }
        }
    }
}

/// The span a batch is handled in (`consume <durable>`). It continues the trace of the first
/// message that carries one and links the others': handlers that record each message on its
/// own (the alarm lifecycle) continue each message's trace themselves.
fn consume_span(durable: &str, batch: &[jetstream::Message]) -> tracing::Span {
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;
    if !crate::trace::active() {
        return tracing::Span::none();
    }
    let name = format!("consume {durable}");
    let span = tracing::info_span!(
        "consume",
        otel.name = name.as_str(),
        otel.kind = "consumer",
        messaging.system = "nats",
        messaging.consumer.group.name = durable,
        messaging.batch.message_count = batch.len(),
        trace_id = tracing::field::Empty,
    );
    let mut traced = batch
        .iter()
        .filter_map(|m| m.headers.as_ref().and_then(|h| h.get(crate::trace::TRACEPARENT)))
        .map(|v| crate::trace::context_from_traceparent(Some(v.as_str())));
    crate::trace::continue_trace(&span, traced.next().unwrap_or_default());
    for other in traced {
        use opentelemetry::trace::TraceContextExt as _;
        span.add_link(other.span().span_context().clone());
    }
    span
}

/// Writes `items` in one round with `write` (one transaction); when that fails and there
/// were several, writes each alone, so that one item the database refuses for good holds
/// back no other. Answers each item's outcome, in order. The batch consumers' write step.
pub async fn together_or_alone<'a, T, F, Fut>(items: &'a [T], write: F) -> Vec<Outcome>
where
    F: Fn(&'a [T]) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    match write(items).await {
        Ok(()) => items.iter().map(|_| Outcome::Done).collect(),
        Err(err) if items.len() == 1 => vec![Outcome::Retry(err)],
        // No connection to the database: one by one would only wait as long again per item.
        Err(err) if database_away(&err) => {
            items.iter().map(|_| Outcome::Retry(anyhow::anyhow!("the database is away: {err:#}"))).collect()
        }
        Err(err) => {
            tracing::debug!(items = items.len(), error = %err, "writing together failed; one by one");
            let mut outcomes = Vec::with_capacity(items.len());
            for at in 0..items.len() {
                outcomes.push(match write(&items[at..=at]).await {
                    Ok(()) => Outcome::Done,
                    Err(err) => Outcome::Retry(err),
                });
            }
            outcomes
        }
    }
}

/// Whether a write failed for want of a database connection rather than for its data.
fn database_away(err: &anyhow::Error) -> bool {
    matches!(
        err.downcast_ref::<sqlx::Error>(),
        Some(sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_))
    )
}

/// Acknowledges, redelivers after a pause, or terminates one handled message.
async fn settle(spec: &ConsumerSpec, message: &jetstream::Message, outcome: Outcome, delivered: i64) {
    use async_nats::jetstream::AckKind;
    let durable = &spec.durable;
    let ack = match outcome {
        Outcome::Done => message.ack().await,
        Outcome::Poison(reason) => {
            metrics::counter!("lumiscape_consumer_poison_total", "consumer" => durable.clone()).increment(1);
            tracing::warn!(consumer = %durable, subject = %message.subject, %reason, "poison message terminated");
            message.ack_with(AckKind::Term).await
        }
        Outcome::Retry(err) if delivered >= spec.max_deliver => {
            metrics::counter!("lumiscape_consumer_poison_total", "consumer" => durable.clone()).increment(1);
            tracing::error!(consumer = %durable, subject = %message.subject, error = %err, delivered,
                "message failed on its last delivery; terminated");
            message.ack_with(AckKind::Term).await
        }
        Outcome::Retry(err) => {
            tracing::warn!(consumer = %durable, error = %err, delivered, "message failed; will be redelivered");
            // 0.5 s, 1 s, 2 s ... up to 30 s: with the default 20 deliveries a message
            // outlives some seven minutes of a database being away.
            let pause = Duration::from_millis(250u64.saturating_mul(1 << delivered.clamp(0, 7))).min(MAX_RETRY_PAUSE);
            message.ack_with(AckKind::Nak(Some(pause))).await
        }
    };
    if let Err(err) = ack {
        tracing::warn!(consumer = %durable, error = %err, "could not acknowledge; it will be redelivered");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a group unless it holds a 2 (refused for good) or a 9 (the database away);
    /// counts the rounds.
    async fn write(rounds: &std::sync::atomic::AtomicUsize, group: &[u32]) -> anyhow::Result<()> {
        rounds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if group.contains(&9) {
            return Err(sqlx::Error::PoolTimedOut.into());
        }
        if group.contains(&2) { Err(anyhow::anyhow!("check constraint")) } else { Ok(()) }
    }

    fn kinds(outcomes: &[Outcome]) -> Vec<&'static str> {
        outcomes
            .iter()
            .map(|o| match o {
                Outcome::Done => "done",
                Outcome::Retry(_) => "retry",
                Outcome::Poison(_) => "poison",
            })
            .collect()
    }

    #[tokio::test]
    async fn a_group_is_written_at_once_and_a_refused_item_alone() {
        let rounds = std::sync::atomic::AtomicUsize::new(0);
        let all_good = together_or_alone(&[1, 3, 4], |g| write(&rounds, g)).await;
        assert_eq!((kinds(&all_good), rounds.swap(0, std::sync::atomic::Ordering::Relaxed)), (vec!["done"; 3], 1));
        let one_bad = together_or_alone(&[1, 2, 3], |g| write(&rounds, g)).await;
        assert_eq!(kinds(&one_bad), ["done", "retry", "done"], "only the refused item is retried");
        assert_eq!(rounds.swap(0, std::sync::atomic::Ordering::Relaxed), 4, "the group, then each alone");
        let away = together_or_alone(&[1, 9, 3], |g| write(&rounds, g)).await;
        assert_eq!(kinds(&away), ["retry"; 3], "the database away: all retried");
        assert_eq!(rounds.load(std::sync::atomic::Ordering::Relaxed), 1, "not one by one");
        assert!(together_or_alone(&[] as &[u32], |g| write(&rounds, g)).await.is_empty());
    }

    #[test]
    fn every_stream_is_bounded_in_age_and_size() {
        let streams = Streams::new("t");
        for spec in [streams.bridge(), streams.alarm(), streams.identity(), streams.lighting()] {
            assert!(spec.max_age > Duration::ZERO && spec.max_bytes > 0, "{}", spec.name);
        }
        assert_eq!(streams.alarm().discard, stream::DiscardPolicy::New, "an outbox waits rather than losing events");
        assert_eq!(streams.bridge().discard, stream::DiscardPolicy::Old);
    }
}
