//! Bridges share the gateways out by partition.
//!
//! The device stream stores each message under its gateway's partition: a subject transform
//! (`{{partition(n,1)}}` of the serial, `Topics::partition_transform`) turns
//! `{p}.dev.{serial}.{channel}` into `{p}.devp.{n}.{k}.{serial}.{channel}`. Partition `k` has
//! its own durable consumer, `bridge-ingest-{n}-{k}`, filtered to those subjects. A gateway is
//! always in the same partition, so its messages stay in order, and one bridge at a time
//! decides them.
//!
//! Which bridge runs which partition is settled in the BRIDGE_LEASES bucket, whose entries
//! expire after `bridge.lease_seconds` unless renewed:
//! - `member.{id}`: each live bridge, renewed every third of the lease. Each bridge aims at
//!   its share of the partitions (`ceil(n / members)`): it claims free ones up to it, and hands
//!   back what is over it.
//! - `lease.{consumer}`: the bridge that runs the consumer. It is taken with a create (fails
//!   while another holds it) and renewed with an update on its last revision (fails when it
//!   was lost). A bridge that cannot renew stops the partition at once, and a partition is
//!   acknowledged only while its lease holds ([`Lease::held`]), so a bridge that lost it
//!   never acknowledges messages its successor is deciding.
//!
//! A bridge that takes a partition over starts from what its predecessor stored: the
//! condition states and presence of the partition's gateways (BRIDGE_STATE), and the
//! consumer's acknowledged position. Messages delivered but not acknowledged are decided
//! again, in order, and publish nothing new (their ids are deterministic).
//!
//! Changing `bridge.partitions` changes the layout. The bridge that starts with the new
//! value creates the new consumers, then points the stream's transform at them, so from that
//! message on everything goes to the new partitions. The consumers of the old layout (and the
//! single consumer `bridge-ingest` of a bridge from before partitions) are then emptied, each
//! by the bridge that holds its lease, and deleted; no bridge starts a partition of the new
//! layout while one of them exists, so each gateway's messages are still decided in order.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Duration;

use async_nats::jetstream::{consumer, kv, stream};
use futures::TryStreamExt;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::Shared;
use super::ingest;
use crate::protocol::partition_of;

/// The consumer of a bridge from before partitions (no filter, the stream untransformed).
pub const LEGACY_CONSUMER: &str = "bridge-ingest";

/// The durable consumer of partition `partition` of `partitions`.
pub fn consumer_name(partitions: u32, partition: u32) -> String {
    format!("{LEGACY_CONSUMER}-{partitions}-{partition}")
}

/// Which gateways a lane decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every gateway: the consumer of a bridge from before partitions.
    All,
    Partition {
        partitions: u32,
        partition: u32,
    },
}

impl Scope {
    pub fn holds(&self, serial: &str) -> bool {
        match *self {
            Scope::All => true,
            Scope::Partition { partitions, partition } => partition_of(serial, partitions) == partition,
        }
    }

    /// The scope of one of the bridge's consumers, from its name.
    pub fn of_consumer(name: &str) -> Option<Self> {
        if name == LEGACY_CONSUMER {
            return Some(Scope::All);
        }
        let (partitions, partition) = name.strip_prefix(LEGACY_CONSUMER)?.strip_prefix('-')?.split_once('-')?;
        let (partitions, partition) = (partitions.parse().ok()?, partition.parse().ok()?);
        (partition < partitions).then_some(Scope::Partition { partitions, partition })
    }
}

/// A bridge's claim on one consumer: valid until a moment, pushed on by each renewal.
#[derive(Debug, Default)]
pub struct Lease {
    /// Unix ms after which the claim may have passed to another bridge.
    valid_until_ms: AtomicI64,
}

impl Lease {
    fn renewed(&self, ttl: Duration) {
        // A margin of a second for clocks and the renewal's own round trip.
        let until = chrono::Utc::now().timestamp_millis() + ttl.as_millis() as i64 - 1000;
        self.valid_until_ms.store(until, Ordering::Release);
    }

    /// Whether this bridge still holds the consumer.
    pub fn held(&self) -> bool {
        chrono::Utc::now().timestamp_millis() < self.valid_until_ms.load(Ordering::Acquire)
    }
}

/// One consumer of the device stream as a bridge runs it.
pub struct Lane {
    pub consumer: String,
    pub scope: Scope,
    pub lease: Arc<Lease>,
    /// The consumer belongs to an old layout: it is emptied, then deleted.
    pub draining: AtomicBool,
}

impl Lane {
    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }
}

/// The layout of the device stream: how many partitions its transform makes, or `None` for a
/// stream from before partitions.
fn layout_of(shared: &Shared, config: &stream::Config) -> Option<u32> {
    config.subject_transform.as_ref().and_then(|t| shared.topics.partitions_of_transform(&t.destination))
}

/// The consumer config of a partition (or of the legacy consumer, narrowed to the
/// untransformed subjects so that it only empties what it already held).
fn consumer_config(shared: &Shared, name: &str, filter: String) -> consumer::pull::Config {
    consumer::pull::Config {
        durable_name: Some(name.to_owned()),
        filter_subject: filter,
        ack_policy: consumer::AckPolicy::All,
        ack_wait: Duration::from_secs(30),
        max_deliver: shared.max_deliver,
        max_ack_pending: i64::try_from(shared.fetch_batch * 2).unwrap_or(i64::MAX),
        ..Default::default()
    }
}

/// Makes sure the device stream exists and stores messages by partition. With the layout
/// `partitions` new (a first start, a stream from before partitions, or another value than the
/// stream's), the new consumers are created before the transform points at them: with
/// interest retention, a message stored while no consumer wants it is not kept.
pub async fn ensure_layout(shared: &Shared, partitions: u32) -> anyhow::Result<()> {
    let wanted = ingest::device_stream(shared, partitions);
    let mut stream = match shared.js.get_stream(&wanted.name).await {
        Ok(stream) => stream,
        Err(_) => {
            // Created untransformed, so nothing is stored before the consumers exist.
            let mut untransformed = wanted.clone();
            untransformed.subject_transform = None;
            shared.js.get_or_create_stream(untransformed).await?
        }
    };
    let current = stream.info().await?.config.clone();
    let layout = layout_of(shared, &current);
    for partition in 0..partitions {
        let name = consumer_name(partitions, partition);
        stream
            .get_or_create_consumer(
                &name,
                consumer_config(shared, &name, shared.topics.partition_filter(partitions, partition)),
            )
            .await?;
    }
    if layout == Some(partitions) {
        return Ok(());
    }
    // A consumer from before partitions keeps only what it holds: the untransformed subjects.
    if current.subject_transform.is_none()
        && stream.get_consumer::<consumer::pull::Config>(LEGACY_CONSUMER).await.is_ok()
    {
        stream
            .update_consumer(consumer_config(shared, LEGACY_CONSUMER, shared.topics.all_wildcard()))
            .await
            .map_err(|err| anyhow::anyhow!("narrowing {LEGACY_CONSUMER}: {err}"))?;
    }
    tracing::info!(from = ?layout, to = partitions, "the device stream now stores messages by partition");
    let updated = stream::Config { subject_transform: wanted.subject_transform.clone(), ..current };
    shared.js.update_stream(updated).await?;
    Ok(())
}

/// A lane this bridge runs.
struct Held {
    key: String,
    revision: u64,
    lane: Arc<Lane>,
    stop: CancellationToken,
    task: JoinHandle<()>,
}

/// Claims, renews and hands back partitions for one bridge until `shutdown`.
pub struct Coordinator {
    shared: Arc<Shared>,
    leases: kv::Store,
    member: String,
    ttl: Duration,
    held: HashMap<String, Held>,
}

impl Coordinator {
    pub async fn open(shared: Arc<Shared>, ttl: Duration) -> anyhow::Result<Self> {
        let config = kv::Config {
            bucket: shared.streams.bucket("BRIDGE_LEASES"),
            description: "gateway-bridge members and partition leases".into(),
            history: 1,
            max_age: ttl,
            storage: stream::StorageType::File,
            ..Default::default()
        };
        let leases = lumiscape_common::nats::open_bucket_with(&shared.js, config).await?;
        let member = uuid::Uuid::new_v4().simple().to_string();
        Ok(Self { shared, leases, member, ttl, held: HashMap::new() })
    }

    pub async fn run(mut self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let mut tick = tokio::time::interval(self.ttl / 3);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = tick.tick() => {}
            }
            if let Err(err) = self.round().await {
                tracing::warn!(error = %err, "partition round failed; retrying");
            }
            metrics::gauge!("lumiscape_bridge_partitions_held").set(self.held.len() as f64);
        }
        // Handed back at once, so another bridge need not wait for the leases to expire.
        let names: Vec<String> = self.held.keys().cloned().collect();
        for name in names {
            self.release(&name).await;
        }
        let _ = self.leases.purge(format!("member.{}", self.member)).await;
        Ok(())
    }

    async fn round(&mut self) -> anyhow::Result<()> {
        self.leases.put(format!("member.{}", self.member), self.member.clone().into()).await?;
        self.renew().await;
        let mut stream = self.shared.js.get_stream(self.shared.streams.bucket("DEVICE")).await?;
        let layout = layout_of(&self.shared, &stream.info().await?.config);
        let names: Vec<String> = stream.consumer_names().try_collect().await?;
        let current: Vec<String> = match layout {
            Some(n) => (0..n).map(|k| consumer_name(n, k)).collect(),
            None => vec![LEGACY_CONSUMER.to_owned()],
        };
        let old: Vec<&String> =
            names.iter().filter(|n| Scope::of_consumer(n).is_some() && !current.contains(n)).collect();
        for name in &old {
            if let Some(held) = self.held.get(*name) {
                // The layout moved while this bridge ran the lane: it empties it now.
                held.lane.draining.store(true, Ordering::Release);
            } else {
                self.claim(name, true).await;
            }
        }
        if !old.is_empty() || layout.is_none() {
            return Ok(());
        }
        let partitions = current.len();
        let members = self.members().await?.max(1);
        let share = partitions.div_ceil(members);
        let mine: Vec<String> = self.held.keys().filter(|n| current.contains(n)).cloned().collect();
        if mine.len() > share {
            for name in mine.iter().skip(share) {
                tracing::info!(consumer = %name, members, share, "handing a partition back");
                self.release(name).await;
            }
            return Ok(());
        }
        // Start looking at a place of the member's own, so bridges starting together do not
        // all race for partition 0.
        let offset = crate::protocol::partition_of(&self.member, partitions as u32) as usize;
        let mut count = mine.len();
        for i in 0..partitions {
            if count >= share {
                break;
            }
            let name = &current[(offset + i) % partitions];
            if !self.held.contains_key(name) && self.claim(name, false).await {
                count += 1;
            }
        }
        Ok(())
    }

    /// Live members of the bucket (their keys expire with the lease time).
    async fn members(&self) -> anyhow::Result<usize> {
        let keys: Vec<String> = self.leases.keys().await?.try_collect().await?;
        Ok(keys.iter().filter(|k| k.starts_with("member.")).count())
    }

    async fn renew(&mut self) {
        let mut lost = Vec::new();
        let mut ended = Vec::new();
        for (name, held) in &mut self.held {
            if held.task.is_finished() {
                ended.push(name.clone());
                continue;
            }
            match self.leases.update(&held.key, self.member.clone().into(), held.revision).await {
                Ok(revision) => {
                    held.revision = revision;
                    held.lane.lease.renewed(self.ttl);
                }
                Err(err) => {
                    tracing::warn!(consumer = %name, error = %err, "partition lease lost; stopping it");
                    lost.push(name.clone());
                }
            }
        }
        for name in lost {
            if let Some(held) = self.held.remove(&name) {
                // Awaited: a partition this bridge claims again must not have two lanes
                // pulling from its consumer at once (each would decide part of a gateway's
                // messages with a state of its own).
                held.stop.cancel();
                let _ = tokio::time::timeout(self.ttl * 3, held.task).await;
                forget_scope(&self.shared, held.lane.scope, &self.scopes());
            }
        }
        // A drained lane ends by itself (its consumer deleted): its lease goes too.
        for name in ended {
            self.release(&name).await;
        }
    }

    /// The scopes of the lanes this bridge runs.
    fn scopes(&self) -> Vec<Scope> {
        self.held.values().map(|h| h.lane.scope).collect()
    }

    /// Takes the lease of `name` if free, and starts its lane.
    async fn claim(&mut self, name: &str, draining: bool) -> bool {
        let Some(scope) = Scope::of_consumer(name) else { return false };
        let key = format!("lease.{name}");
        let Ok(revision) = self.leases.create(&key, self.member.clone().into()).await else { return false };
        tracing::info!(consumer = %name, draining, "partition taken");
        let lease = Arc::new(Lease::default());
        lease.renewed(self.ttl);
        let lane = Arc::new(Lane { consumer: name.to_owned(), scope, lease, draining: AtomicBool::new(draining) });
        let stop = CancellationToken::new();
        let task = {
            let (shared, lane, stop) = (self.shared.clone(), lane.clone(), stop.clone());
            tokio::spawn(async move {
                if let Err(err) = ingest::run(shared, lane.clone(), stop).await {
                    tracing::error!(consumer = %lane.consumer, error = %err, "partition stopped");
                }
            })
        };
        self.held.insert(name.to_owned(), Held { key, revision, lane, stop, task });
        true
    }

    /// Stops a lane after its current chunk, then hands its lease back.
    async fn release(&mut self, name: &str) {
        let Some(held) = self.held.remove(name) else { return };
        held.stop.cancel();
        let _ = held.task.await;
        forget_scope(&self.shared, held.lane.scope, &self.scopes());
        if let Err(err) = self.leases.delete_expect_revision(&held.key, Some(held.revision)).await {
            tracing::debug!(consumer = %name, error = %err, "lease not handed back (it expires by itself)");
        }
    }
}

/// This bridge no longer watches the presence of the scope's gateways, save those another of
/// its lanes still runs (a drained old layout's lane overlaps the new partitions).
fn forget_scope(shared: &Shared, scope: Scope, kept: &[Scope]) {
    shared.presence.forget(|serial| scope.holds(serial) && !kept.iter().any(|k| k.holds(serial)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consumers_name_their_scope() {
        assert_eq!(consumer_name(4, 2), "bridge-ingest-4-2");
        assert_eq!(Scope::of_consumer("bridge-ingest-4-2"), Some(Scope::Partition { partitions: 4, partition: 2 }));
        assert_eq!(Scope::of_consumer(LEGACY_CONSUMER), Some(Scope::All));
        for other in
            ["bridge-ingest-4-4", "bridge-ingest-x-1", "bridge-ingest-4", "lighting-telemetry", "bridge-ingest-"]
        {
            assert_eq!(Scope::of_consumer(other), None, "{other}");
        }
        let scope = Scope::Partition { partitions: 4, partition: 1 };
        assert!(scope.holds("GW-0001") && !scope.holds("GW-0002"));
        assert!(Scope::All.holds("GW-0002"));
    }

    #[test]
    fn a_lease_holds_until_its_time_less_a_margin() {
        let lease = Lease::default();
        assert!(!lease.held(), "not held before it is taken");
        lease.renewed(Duration::from_secs(6));
        assert!(lease.held());
        lease.renewed(Duration::from_millis(500));
        assert!(!lease.held(), "a lease shorter than the margin is not trusted");
    }
}
