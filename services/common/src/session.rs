//! Live sessions, shared by every process of a deployment through a JetStream key-value
//! bucket. Each process keeps a local copy fed by a watch, so checking a token costs no
//! network round trip; a session it has not seen yet is read from the bucket once.
//! Revocations are kept as tombstones so a slow read can never resurrect a session.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

use crate::error::{Error, Result};

/// What every process needs to know about a signed-in user, without asking identity.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SessionState {
    pub uid: i64,
    pub user_name: String,
    /// Unix milliseconds after which the session is over unless refreshed.
    pub expires_at_ms: i64,
    pub permissions: Vec<String>,
    /// The user may access every project.
    pub all_projects: bool,
    /// The projects the user may access when not `all_projects`.
    pub project_ids: Vec<i64>,
}

impl SessionState {
    pub fn is_live_at(&self, now_ms: i64) -> bool {
        now_ms < self.expires_at_ms
    }
}

#[derive(Debug, Clone)]
enum Slot {
    Live { state: Arc<SessionState>, revision: u64 },
    Revoked { until_ms: i64 },
}

/// The session bucket and this process's copy of it. Cheap to clone.
#[derive(Clone)]
pub struct SessionRegistry {
    store: Arc<kv::Store>,
    local: Arc<RwLock<HashMap<String, Slot>>>,
    max_age: Duration,
    client: async_nats::Client,
}

impl SessionRegistry {
    /// Opens (creating when missing) the bucket and starts following it until `shutdown`.
    pub async fn open(
        js: &jetstream::Context,
        bucket: &str,
        max_age: Duration,
        shutdown: CancellationToken,
    ) -> anyhow::Result<Self> {
        let store = match js.get_key_value(bucket).await {
            Ok(store) => store,
            Err(_) => {
                js.create_key_value(kv::Config {
                    bucket: bucket.to_owned(),
                    description: "Lumiscape sessions".into(),
                    history: 1,
                    max_age,
                    max_bytes: crate::nats::BUCKET_MAX_BYTES,
                    storage: jetstream::stream::StorageType::File,
                    ..Default::default()
                })
                .await?
            }
        };
        let registry = Self { store: Arc::new(store), local: Arc::default(), max_age, client: js.client() };
        let watch = registry.store.watch_all().await?;
        tokio::spawn(registry.clone().follow(watch, shutdown));
        Ok(registry)
    }

    async fn follow(self, mut watch: kv::Watch, shutdown: CancellationToken) {
        let mut sweep = tokio::time::interval(Duration::from_secs(60));
        // A watch can stall unnoticed across a server restart: after any reconnection it is
        // reopened from the last revision seen, so no revocation is missed.
        let stats = self.client.statistics();
        let mut connects = stats.connects.load(std::sync::atomic::Ordering::Relaxed);
        let mut check = tokio::time::interval(Duration::from_secs(1));
        let mut last_revision = 0u64;
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = sweep.tick() => self.sweep(chrono::Utc::now().timestamp_millis()),
                _ = check.tick() => {
                    let now = stats.connects.load(std::sync::atomic::Ordering::Relaxed);
                    if now != connects {
                        match self.store.watch_all_from_revision(last_revision + 1).await {
                            Ok(w) => {
                                watch = w;
                                connects = now;
                                tracing::info!("session watch reopened after a reconnection");
                            }
                            Err(err) => tracing::warn!(error = %err, "session watch could not reopen yet"),
                        }
                    }
                }
                next = watch.next() => match next {
                    Some(Ok(entry)) => {
                        last_revision = last_revision.max(entry.revision);
                        self.apply(entry)
                    }
                    Some(Err(err)) => tracing::warn!(error = %err, "session watch error"),
                    None => {
                        tracing::warn!("session watch ended; reopening");
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        match self.store.watch_all().await {
                            Ok(w) => watch = w,
                            Err(err) => tracing::warn!(error = %err, "session watch could not reopen"),
                        }
                    }
                },
            }
        }
    }

    fn apply(&self, entry: kv::Entry) {
        match entry.operation {
            kv::Operation::Put => match serde_json::from_slice::<SessionState>(&entry.value) {
                Ok(state) => self.insert_live(entry.key, Arc::new(state), entry.revision),
                Err(err) => tracing::warn!(error = %err, "unreadable session entry"),
            },
            kv::Operation::Delete | kv::Operation::Purge => self.insert_revoked(entry.key),
        }
    }

    fn insert_live(&self, sid: String, state: Arc<SessionState>, revision: u64) {
        let mut local = self.local.write().unwrap_or_else(|e| e.into_inner());
        match local.get(&sid) {
            Some(Slot::Revoked { .. }) => {}
            Some(Slot::Live { revision: known, .. }) if *known >= revision => {}
            _ => {
                local.insert(sid, Slot::Live { state, revision });
            }
        }
    }

    fn insert_revoked(&self, sid: String) {
        let until_ms = chrono::Utc::now().timestamp_millis() + self.max_age.as_millis() as i64;
        self.local.write().unwrap_or_else(|e| e.into_inner()).insert(sid, Slot::Revoked { until_ms });
    }

    fn sweep(&self, now_ms: i64) {
        self.local.write().unwrap_or_else(|e| e.into_inner()).retain(|_, slot| match slot {
            Slot::Live { state, .. } => state.is_live_at(now_ms),
            Slot::Revoked { until_ms } => now_ms < *until_ms,
        });
    }

    /// Creates or replaces a session; returns once the bucket has stored it.
    pub async fn put(&self, sid: &str, state: &SessionState) -> Result<()> {
        let body = serde_json::to_vec(state).map_err(Error::internal)?;
        let revision = self.store.put(sid, body.into()).await.map_err(Error::unavailable)?;
        self.insert_live(sid.to_owned(), Arc::new(state.clone()), revision);
        Ok(())
    }

    /// Replaces a live session's state (a refresh), only if the bucket still holds it as
    /// read: the write names the revision it read, so a revocation landing in between makes
    /// it fail instead of bringing the session back. `Ok(false)` when the session is gone,
    /// revoked or changed meanwhile.
    pub async fn replace(&self, sid: &str, state: &SessionState) -> Result<bool> {
        if !is_valid_key(sid) {
            return Ok(false);
        }
        let Some(entry) = self.store.entry(sid).await.map_err(Error::unavailable)? else {
            return Ok(false);
        };
        if entry.operation != kv::Operation::Put {
            self.insert_revoked(entry.key);
            return Ok(false);
        }
        let body = serde_json::to_vec(state).map_err(Error::internal)?;
        match self.store.update(sid, body.into(), entry.revision).await {
            Ok(revision) => {
                self.insert_live(sid.to_owned(), Arc::new(state.clone()), revision);
                Ok(true)
            }
            Err(err) if err.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(false),
            Err(err) => Err(Error::unavailable(err)),
        }
    }

    /// Ends a session everywhere.
    pub async fn revoke(&self, sid: &str) -> Result<()> {
        self.insert_revoked(sid.to_owned());
        self.store.delete(sid).await.map_err(Error::unavailable)?;
        Ok(())
    }

    /// Stops honouring a session in this process at once (after it was revoked elsewhere).
    pub fn forget_local(&self, sid: &str) {
        self.insert_revoked(sid.to_owned());
    }

    /// The session's state, from the local copy or else from the bucket.
    pub async fn get(&self, sid: &str) -> Result<Option<Arc<SessionState>>> {
        if let Some(slot) = self.local.read().unwrap_or_else(|e| e.into_inner()).get(sid) {
            return Ok(match slot {
                Slot::Live { state, .. } => Some(state.clone()),
                Slot::Revoked { .. } => None,
            });
        }
        if !is_valid_key(sid) {
            return Ok(None);
        }
        let Some(entry) = self.store.entry(sid).await.map_err(Error::unavailable)? else {
            return Ok(None);
        };
        if entry.operation != kv::Operation::Put {
            self.insert_revoked(entry.key);
            return Ok(None);
        }
        let state: SessionState = serde_json::from_slice(&entry.value).map_err(Error::internal)?;
        let state = Arc::new(state);
        self.insert_live(entry.key.clone(), state.clone(), entry.revision);
        // A revocation may have arrived between the read and the insert.
        Ok(match self.local.read().unwrap_or_else(|e| e.into_inner()).get(&entry.key) {
            Some(Slot::Live { state, .. }) => Some(state.clone()),
            _ => None,
        })
    }
}

/// Session ids are UUIDs; anything else never reaches the bucket.
fn is_valid_key(sid: &str) -> bool {
    !sid.is_empty() && sid.len() <= 64 && sid.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(expires_at_ms: i64) -> SessionState {
        SessionState {
            uid: 1,
            user_name: "a".into(),
            expires_at_ms,
            permissions: vec![],
            all_projects: false,
            project_ids: vec![],
        }
    }

    #[test]
    fn liveness_is_by_expiry() {
        let state = state(1000);
        assert!(state.is_live_at(999));
        assert!(!state.is_live_at(1000));
    }

    #[test]
    fn only_uuid_like_keys_are_looked_up() {
        assert!(is_valid_key("0192f1c2-7d4e-7b8a-9f00-123456789abc"));
        assert!(!is_valid_key(""));
        assert!(!is_valid_key("a.b"));
        assert!(!is_valid_key("a>b"));
        assert!(!is_valid_key(&"a".repeat(65)));
    }

    /// Two registries on one bucket, as two processes would have: a refresh in one racing a
    /// logout in the other never leaves the session live.
    #[tokio::test]
    async fn a_refresh_racing_a_logout_never_revives_the_session() {
        let url = std::env::var("LUMISCAPE_TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
        let creds = std::env::var("LUMISCAPE_TEST_NATS_AUTH_DIR")
            .ok()
            .map(|dir| std::path::Path::new(&dir).join("services.creds"));
        let Ok(client) = crate::nats::connect(&url, "test", creds.as_deref(), Duration::from_secs(10)).await else {
            panic!("NATS at {url} (set LUMISCAPE_TEST_NATS_URL and LUMISCAPE_TEST_NATS_AUTH_DIR)");
        };
        let js = jetstream::new(client);
        let bucket = format!("t{}_SESSIONS", &uuid::Uuid::new_v4().simple().to_string()[..12]);
        let shutdown = CancellationToken::new();
        let max_age = Duration::from_secs(600);
        let refresher = SessionRegistry::open(&js, &bucket, max_age, shutdown.clone()).await.unwrap();
        let logout = SessionRegistry::open(&js, &bucket, max_age, shutdown.clone()).await.unwrap();
        let far = chrono::Utc::now().timestamp_millis() + 600_000;

        // Revoked before the refresh reads: the refresh writes nothing.
        refresher.put("s-before", &state(far)).await.unwrap();
        logout.revoke("s-before").await.unwrap();
        assert!(!refresher.replace("s-before", &state(far + 1)).await.unwrap());
        assert_eq!(refresher.store.entry("s-before").await.unwrap().unwrap().operation, kv::Operation::Delete);

        // Revoked between the refresh's read and its write: the revision check refuses it.
        refresher.put("s-between", &state(far)).await.unwrap();
        let read = refresher.store.entry("s-between").await.unwrap().unwrap();
        logout.revoke("s-between").await.unwrap();
        let body = serde_json::to_vec(&state(far + 1)).unwrap();
        let stale = refresher.store.update("s-between", body.into(), read.revision).await;
        assert_eq!(stale.unwrap_err().kind(), kv::UpdateErrorKind::WrongLastRevision);

        // Many refreshes racing one logout: afterwards the key is deleted and nobody sees it.
        for round in 0..20 {
            let sid = format!("s-race-{round}");
            refresher.put(&sid, &state(far)).await.unwrap();
            let states: Vec<SessionState> = (0..4).map(|i| state(far + i)).collect();
            let refreshes = states.iter().map(|next| refresher.replace(&sid, next));
            let (_, results) = tokio::join!(logout.revoke(&sid), futures::future::join_all(refreshes));
            for result in results {
                result.unwrap();
            }
            let last = refresher.store.entry(sid.as_str()).await.unwrap().unwrap();
            assert_eq!(last.operation, kv::Operation::Delete, "round {round}: the session came back");
            assert!(logout.get(&sid).await.unwrap().is_none());
        }

        // A session never seen is not created by a refresh.
        assert!(!refresher.replace("s-unknown", &state(far)).await.unwrap());
        assert!(refresher.store.entry("s-unknown").await.unwrap().is_none());
        // A live one is refreshed.
        refresher.put("s-live", &state(far)).await.unwrap();
        assert!(refresher.replace("s-live", &state(far + 5)).await.unwrap());
        assert_eq!(refresher.get("s-live").await.unwrap().unwrap().expires_at_ms, far + 5);

        shutdown.cancel();
        js.delete_key_value(&bucket).await.unwrap();
    }
}
