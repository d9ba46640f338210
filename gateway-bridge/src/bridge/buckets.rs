//! The key-value buckets the bridge reads and keeps: the gateway registry and the alarm rules
//! (owned by lighting and alarm, mirrored here), and its own condition and presence state.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use futures::StreamExt;
use lumiscape_proto::events::v1::{AlarmRule, GatewayRegistration};
use prost::Message;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::rules::Rule;

/// Every live key of a bucket with its value, read once.
pub async fn load(store: &kv::Store) -> anyhow::Result<Vec<(String, bytes::Bytes)>> {
    // Asked of the server now: `Store::status` answers from what the handle read when it was
    // opened, and a bucket that was empty then would read as empty for ever (a partition
    // taken over, or a session resumed, would start without the states stored since).
    let mut stream = store.stream.clone();
    if stream.info().await?.state.messages == 0 {
        return Ok(Vec::new());
    }
    let mut watch = store.watch_with_history(">").await?;
    let mut entries = Vec::new();
    while let Some(entry) = tokio::time::timeout(Duration::from_secs(10), watch.next()).await? {
        let entry = entry?;
        let caught_up = entry.delta == 0 || entry.seen_current;
        if entry.operation == kv::Operation::Put {
            entries.push((entry.key, entry.value));
        }
        if caught_up {
            break;
        }
    }
    Ok(entries)
}

/// A local copy of a bucket, kept current by a watch; re-opened after any error.
pub struct Mirror<T> {
    map: Arc<RwLock<HashMap<String, T>>>,
    ready: watch::Receiver<bool>,
}

impl<T> Clone for Mirror<T> {
    fn clone(&self) -> Self {
        Self { map: self.map.clone(), ready: self.ready.clone() }
    }
}

impl<T: Clone + Send + Sync + 'static> Mirror<T> {
    /// Starts mirroring `bucket`; `decode` turns a value into `T` (`None`: skipped, logged).
    pub fn start(
        js: jetstream::Context,
        bucket: String,
        decode: fn(&[u8]) -> Option<T>,
        shutdown: CancellationToken,
    ) -> Self {
        let map = Arc::new(RwLock::new(HashMap::new()));
        let (ready_tx, ready) = watch::channel(false);
        let copy = map.clone();
        tokio::spawn(async move {
            loop {
                let result = tokio::select! {
                    _ = shutdown.cancelled() => return,
                    result = follow(&js, &bucket, decode, &copy, &ready_tx) => result,
                };
                if let Err(err) = result {
                    tracing::warn!(%bucket, error = %err, "bucket watch failed; reopening");
                }
                tokio::select! {
                    _ = shutdown.cancelled() => return,
                    _ = tokio::time::sleep(Duration::from_millis(500)) => {}
                }
            }
        });
        Self { map, ready }
    }

    /// Waits until the first full copy is in.
    pub async fn ready(&self) {
        let mut ready = self.ready.clone();
        let _ = ready.wait_for(|r| *r).await;
    }

    pub fn get(&self, key: &str) -> Option<T> {
        self.map.read().expect("mirror lock").get(key).cloned()
    }

    pub fn values(&self) -> Vec<T> {
        self.map.read().expect("mirror lock").values().cloned().collect()
    }
}

async fn follow<T>(
    js: &jetstream::Context,
    bucket: &str,
    decode: fn(&[u8]) -> Option<T>,
    map: &RwLock<HashMap<String, T>>,
    ready: &watch::Sender<bool>,
) -> anyhow::Result<()> {
    let store = lumiscape_common::nats::open_bucket(js, bucket, "").await?;
    // The revision is taken before the copy is read: whatever is written meanwhile comes
    // again through the watch (applying it twice is harmless), so nothing falls in between.
    let revision = store.status().await?.info.state.last_sequence;
    let initial = load(&store).await?;
    {
        let mut map = map.write().expect("mirror lock");
        map.clear();
        for (key, value) in initial {
            match decode(&value) {
                Some(item) => {
                    map.insert(key, item);
                }
                None => tracing::warn!(%bucket, %key, "undecodable bucket entry skipped"),
            }
        }
    }
    ready.send_replace(true);
    let mut watch = store.watch_all_from_revision(revision + 1).await?;
    // A watch does not survive a server restart unnoticed: after any disconnection the
    // mirror is read again from scratch.
    let stats = js.client().statistics();
    let connects = stats.connects.load(std::sync::atomic::Ordering::Relaxed);
    let mut check = tokio::time::interval(Duration::from_secs(1));
    loop {
        let entry = tokio::select! {
            entry = watch.next() => entry,
            _ = check.tick() => {
                if stats.connects.load(std::sync::atomic::Ordering::Relaxed) != connects {
                    anyhow::bail!("reconnected to the server");
                }
                continue;
            }
        };
        let Some(entry) = entry else { break };
        let entry = entry?;
        let mut map = map.write().expect("mirror lock");
        match entry.operation {
            kv::Operation::Put => match decode(&entry.value) {
                Some(item) => {
                    map.insert(entry.key, item);
                }
                None => tracing::warn!(%bucket, key = %entry.key, "undecodable bucket entry skipped"),
            },
            kv::Operation::Delete | kv::Operation::Purge => {
                map.remove(&entry.key);
            }
        }
    }
    anyhow::bail!("watch ended")
}

/// The registry key of a gateway.
pub use lumiscape_common::nats::gateway_registry::key as gateway_key;

/// Shared, not copied, by every message of the gateway (`Mirror::get` clones the `Arc`).
pub fn decode_gateway(bytes: &[u8]) -> Option<Arc<GatewayRegistration>> {
    GatewayRegistration::decode(bytes).ok().map(Arc::new)
}

pub fn decode_rule(bytes: &[u8]) -> Option<Arc<Rule>> {
    let rule = AlarmRule::decode(bytes).ok()?;
    Rule::from_proto(&rule).map(Arc::new)
}
