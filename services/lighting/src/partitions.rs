//! Tables kept in partitions by time (the daily ones of telemetry, the monthly ones of the
//! communication records): made ahead, and on demand for a period a batch needs; dropped
//! whole once past their retention, so expiring rows never costs a `DELETE`.

use std::collections::{BTreeSet, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{NaiveDate, Utc};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

/// How often partitions are made ahead and old ones dropped.
const MAINTENANCE_INTERVAL: Duration = Duration::from_secs(3600);

/// How one table is partitioned: a partition is named by its first day.
pub trait Layout: Copy + Send + Sync + 'static {
    /// What the logs call its partitions.
    const NAME: &'static str;
    /// The partitions to have on `today` (the current one and some ahead).
    fn ahead(self, today: NaiveDate) -> BTreeSet<NaiveDate>;
    /// The first day of the oldest partition kept on `today`.
    fn first_kept(self, today: NaiveDate) -> NaiveDate;
    /// Makes the partition starting `first_day` unless it exists.
    fn create(pool: &PgPool, first_day: NaiveDate) -> impl Future<Output = sqlx::Result<()>> + Send;
    /// Drops the partitions before the one starting `first_kept`; how many.
    fn drop_before(pool: &PgPool, first_kept: NaiveDate) -> impl Future<Output = sqlx::Result<i32>> + Send;
}

/// The partitions this process knows to exist, and the layout that bounds them.
#[derive(Clone)]
pub struct Partitions<L: Layout> {
    layout: L,
    known: Arc<Mutex<HashSet<NaiveDate>>>,
}

impl<L: Layout> Partitions<L> {
    pub fn new(layout: L) -> Self {
        Self { layout, known: Arc::default() }
    }

    pub fn layout(&self) -> L {
        self.layout
    }

    /// Makes sure the partitions starting on `first_days` exist; asks the database only for
    /// those not seen.
    pub async fn ensure(&self, pool: &PgPool, first_days: &BTreeSet<NaiveDate>) -> sqlx::Result<()> {
        for day in first_days {
            if self.known.lock().expect("partitions lock").contains(day) {
                continue;
            }
            L::create(pool, *day).await?;
            self.known.lock().expect("partitions lock").insert(*day);
        }
        Ok(())
    }

    /// Forgets what it knew (after a write found a partition missing: another replica may
    /// have dropped it).
    pub fn forget(&self) {
        self.known.lock().expect("partitions lock").clear();
    }

    /// Makes the partitions ahead and drops expired ones.
    pub async fn maintain(&self, pool: &PgPool) -> anyhow::Result<()> {
        let today = Utc::now().date_naive();
        self.ensure(pool, &self.layout.ahead(today)).await?;
        let first_kept = self.layout.first_kept(today);
        let dropped = L::drop_before(pool, first_kept).await?;
        if dropped > 0 {
            self.known.lock().expect("partitions lock").retain(|day| *day >= first_kept);
            tracing::info!(dropped, %first_kept, what = L::NAME, "expired partitions dropped");
        }
        Ok(())
    }

    /// Maintains the partitions every hour (after the first time, at start) until `shutdown`.
    pub async fn run(self, pool: PgPool, shutdown: CancellationToken) -> anyhow::Result<()> {
        let first = tokio::time::Instant::now() + MAINTENANCE_INTERVAL;
        let mut tick = tokio::time::interval_at(first, MAINTENANCE_INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                _ = tick.tick() => {}
            }
            if let Err(err) = self.maintain(&pool).await {
                tracing::warn!(error = %err, what = L::NAME, "partition maintenance failed; will retry");
            }
        }
    }
}
