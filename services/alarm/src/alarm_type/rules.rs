//! The rule book: the JetStream key-value bucket `ALARM_RULES` the gateway-bridge evaluates,
//! kept equal to the enabled alarm types (key `rule.{alarm_type_id}`, value an
//! `AlarmRule`).
//!
//! Each write is a compare-and-set against the revision read *before* the database, so two
//! replicas (or an edit racing a resync) can never leave an older rule in the bucket: the
//! writer that read stale data finds the revision moved and starts over. Every type is
//! synced after each change; the whole book at start and every minute, which also heals
//! an edit whose bucket write failed.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use futures::TryStreamExt;
use lumiscape_common::nats::Streams;
use lumiscape_proto::events::v1::{AlarmCondition, AlarmRule};
use prost::Message;
use sqlx::PgPool;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::store::{self, RuleRow};

/// How often the whole book is compared with the database.
const RESYNC_EVERY: Duration = Duration::from_secs(60);
/// How long an edit waits for its rules to reach the bucket before leaving them to the
/// background resync.
const SYNC_AFTER_CHANGE: Duration = Duration::from_secs(3);
/// Compare-and-set attempts of one key before giving up (another writer keeps winning).
const ATTEMPTS: usize = 5;

/// The bucket key of a type's rule.
pub fn key(alarm_type_id: i64) -> String {
    format!("rule.{alarm_type_id}")
}

fn id_of(key: &str) -> Option<i64> {
    key.strip_prefix("rule.")?.parse().ok()
}

fn condition(attribute: &str, comparison: &str, threshold: f64, seconds: i32) -> AlarmCondition {
    AlarmCondition {
        attribute: attribute.to_owned(),
        comparison: comparison.to_owned(),
        threshold,
        hold_seconds: u32::try_from(seconds).unwrap_or(0),
    }
}

/// The rule of an enabled type, as the bridge reads it.
pub fn rule_of(row: &RuleRow) -> AlarmRule {
    let recovery = row
        .recovery_value
        .filter(|_| !row.recovery_attribute.is_empty())
        .map(|threshold| condition(&row.recovery_attribute, &row.recovery_comparison, threshold, row.recovery_seconds));
    AlarmRule {
        alarm_type_id: row.alarm_type_id,
        project_id: row.project_id,
        device_type: row.device_type.clone(),
        trigger: Some(condition(
            &row.trigger_attribute,
            &row.trigger_comparison,
            row.trigger_value,
            row.trigger_seconds,
        )),
        recovery,
        alarm_name: row.alarm_name.clone(),
    }
}

/// The bucket and the database it mirrors.
#[derive(Clone)]
pub struct RuleBook {
    store: kv::Store,
    pool: PgPool,
    wake: Arc<Notify>,
}

impl RuleBook {
    /// Opens the bucket, creating it with the bridge's settings if it does not exist yet.
    pub async fn open(js: &jetstream::Context, streams: &Streams, pool: PgPool) -> anyhow::Result<Self> {
        let bucket = streams.bucket("ALARM_RULES");
        let store = match js.get_key_value(&bucket).await {
            Ok(store) => store,
            Err(_) => create_bucket(js, &bucket).await?,
        };
        Ok(Self { store, pool, wake: Arc::default() })
    }

    /// Brings one type's key in line with the database.
    pub async fn sync(&self, alarm_type_id: i64) -> anyhow::Result<()> {
        let key = key(alarm_type_id);
        for _ in 0..ATTEMPTS {
            let entry = self.store.entry(&key).await?;
            let wanted = store::enabled_rule(&self.pool, alarm_type_id).await?.map(|row| rule_of(&row).encode_to_vec());
            if self.write(&key, entry, wanted).await.is_ok() {
                return Ok(());
            }
        }
        anyhow::bail!("rule {alarm_type_id} kept changing under us")
    }

    /// Writes `wanted` (or deletes the key when `None`) if the key is still at `entry`'s
    /// revision; does nothing when it already holds it.
    async fn write(&self, key: &str, entry: Option<kv::Entry>, wanted: Option<Vec<u8>>) -> anyhow::Result<()> {
        let live = entry.filter(|e| e.operation == kv::Operation::Put);
        match (live, wanted) {
            (Some(current), Some(value)) if current.value.as_ref() == value.as_slice() => Ok(()),
            (Some(current), Some(value)) => {
                self.store.update(key, value.into(), current.revision).await?;
                Ok(())
            }
            (None, Some(value)) => {
                self.store.create(key, value.into()).await?;
                Ok(())
            }
            (Some(current), None) => {
                self.store.delete_expect_revision(key, Some(current.revision)).await?;
                Ok(())
            }
            (None, None) => Ok(()),
        }
    }

    /// Syncs the types an edit touched, within [`SYNC_AFTER_CHANGE`]. A failure is logged
    /// and left to the background resync: the edit itself is committed and stands.
    pub async fn sync_after_change(&self, ids: &[i64]) {
        let synced = tokio::time::timeout(SYNC_AFTER_CHANGE, async {
            for &id in ids {
                self.sync(id).await.map_err(|err| (id, err))?;
            }
            Ok::<(), (i64, anyhow::Error)>(())
        })
        .await;
        let failure = match synced {
            Ok(Ok(())) => return,
            Ok(Err((id, err))) => format!("rule {id}: {err}"),
            Err(_) => "timed out".to_owned(),
        };
        tracing::warn!(alarm_types = ?ids, %failure, "alarm rules not synced yet; the resync will retry");
        self.wake.notify_one();
    }

    /// Syncs every key in the bucket and every enabled type; returns how many were checked.
    pub async fn resync_all(&self) -> anyhow::Result<usize> {
        let mut ids: Vec<i64> =
            self.store.keys().await?.try_collect::<Vec<String>>().await?.iter().filter_map(|k| id_of(k)).collect();
        ids.extend(store::enabled_ids(&self.pool).await?);
        ids.sort_unstable();
        ids.dedup();
        for &id in &ids {
            self.sync(id).await?;
        }
        Ok(ids.len())
    }

    /// Resyncs at start (retrying until it succeeds), then every minute and whenever a sync
    /// after an edit failed, until `shutdown`.
    pub async fn run(self, shutdown: CancellationToken) {
        let mut pause = Duration::from_millis(500);
        loop {
            match self.resync_all().await {
                Ok(count) => {
                    tracing::debug!(rules = count, "alarm rules resynced");
                    pause = RESYNC_EVERY;
                }
                Err(err) => {
                    tracing::warn!(error = %err, "alarm rule resync failed; retrying");
                    pause = (pause * 2).clamp(Duration::from_millis(500), Duration::from_secs(10));
                }
            }
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(pause) => {}
            }
        }
    }
}

/// Creates the bucket as the bridge does (history 1, file storage); if the bridge created it
/// a moment earlier, opens that one.
async fn create_bucket(js: &jetstream::Context, bucket: &str) -> anyhow::Result<kv::Store> {
    let created = js
        .create_key_value(kv::Config {
            bucket: bucket.to_owned(),
            history: 1,
            storage: jetstream::stream::StorageType::File,
            ..Default::default()
        })
        .await;
    match created {
        Ok(store) => Ok(store),
        Err(err) => js.get_key_value(bucket).await.map_err(|_| anyhow::Error::from(err)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(recovery: Option<f64>) -> RuleRow {
        RuleRow {
            alarm_type_id: 7,
            project_id: 1,
            alarm_name: "Loop over-current".into(),
            device_type: "loop".into(),
            trigger_attribute: "current".into(),
            trigger_comparison: ">".into(),
            trigger_value: 15.0,
            trigger_seconds: 0,
            recovery_attribute: if recovery.is_some() { "current".into() } else { String::new() },
            recovery_comparison: if recovery.is_some() { "<=".into() } else { String::new() },
            recovery_value: recovery,
            recovery_seconds: 5,
        }
    }

    #[test]
    fn a_rule_carries_both_conditions() {
        let rule = rule_of(&row(Some(12.5)));
        assert_eq!((rule.alarm_type_id, rule.project_id, rule.device_type.as_str()), (7, 1, "loop"));
        let trigger = rule.trigger.unwrap();
        assert_eq!(
            (trigger.attribute.as_str(), trigger.comparison.as_str(), trigger.threshold),
            ("current", ">", 15.0)
        );
        let recovery = rule.recovery.unwrap();
        assert_eq!((recovery.comparison.as_str(), recovery.threshold, recovery.hold_seconds), ("<=", 12.5, 5));
        assert_eq!(rule.alarm_name, "Loop over-current");
    }

    #[test]
    fn a_type_without_recovery_has_no_recovery_condition() {
        assert!(rule_of(&row(None)).recovery.is_none());
    }

    #[test]
    fn keys_round_trip() {
        assert_eq!(key(42), "rule.42");
        assert_eq!(id_of("rule.42"), Some(42));
        assert_eq!(id_of("other.42"), None);
        assert_eq!(id_of("rule.x"), None);
    }
}
