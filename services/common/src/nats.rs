//! NATS connection and JetStream helpers.

use std::time::Duration;

use async_nats::jetstream::{self, stream};
use async_nats::{HeaderMap, HeaderValue};

/// Connects, retrying until `wait` has passed; later disconnections are retried forever
/// by the client itself.
pub async fn connect(url: &str, name: &str, wait: Duration) -> anyhow::Result<async_nats::Client> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let options = async_nats::ConnectOptions::new()
            .name(name)
            .max_reconnects(None)
            .connection_timeout(Duration::from_secs(5))
            .event_callback(|event| async move {
                match event {
                    async_nats::Event::Connected => tracing::info!("nats connected"),
                    async_nats::Event::Disconnected => tracing::warn!("nats disconnected"),
                    other => tracing::debug!(event = %other, "nats event"),
                }
            });
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

/// Creates or updates a stream with file storage, deduplication and the given subjects.
pub async fn ensure_stream(js: &jetstream::Context, name: &str, subjects: Vec<String>) -> anyhow::Result<()> {
    js.create_or_update_stream(stream::Config {
        name: name.to_owned(),
        subjects,
        storage: stream::StorageType::File,
        retention: stream::RetentionPolicy::Limits,
        max_age: Duration::from_secs(30 * 24 * 3600),
        duplicate_window: Duration::from_secs(120),
        ..Default::default()
    })
    .await?;
    Ok(())
}

/// Headers of an event: `Nats-Msg-Id` for deduplication and the event type.
pub fn event_headers(message_id: &str, event_type: &str) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("Nats-Msg-Id", HeaderValue::from(message_id));
    headers.insert("Lumiscape-Event-Type", HeaderValue::from(event_type));
    headers
}
