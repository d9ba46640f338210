//! Tables kept in partitions by time (the daily ones of telemetry, the monthly ones of the
//! communication records and the energy hours): made ahead, and on demand for a period a
//! batch needs; dropped whole once past their retention, so expiring rows never costs a
//! `DELETE`.

use std::collections::{BTreeSet, HashSet};
use std::future::Future;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{Datelike, Months, NaiveDate, Utc};
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

/// A table of the lighting schema in monthly partitions (UTC months of its time column),
/// each named `{TABLE}_YYYYMM` by `lighting.ensure_month_partition` (lighting migration 0016).
pub trait MonthlyTable: Copy + Send + Sync + 'static {
    /// The partitioned table, without its schema.
    const TABLE: &'static str;
    /// What the logs call its partitions.
    const NAME: &'static str;
}

/// A monthly table's layout: the current month and `months` before it kept, this month's and
/// the next made ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Monthly<T> {
    months: u32,
    table: PhantomData<T>,
}

impl<T> Monthly<T> {
    pub fn months(months: u32) -> Self {
        Self { months, table: PhantomData }
    }

    /// The first day of the oldest month kept on `today`.
    pub fn first_kept_month(self, today: NaiveDate) -> NaiveDate {
        first_of_month(today).checked_sub_months(Months::new(self.months)).unwrap_or(NaiveDate::MIN)
    }
}

impl<T: MonthlyTable> Layout for Monthly<T> {
    const NAME: &'static str = T::NAME;

    fn ahead(self, today: NaiveDate) -> BTreeSet<NaiveDate> {
        let this = first_of_month(today);
        [Some(this), this.checked_add_months(Months::new(1))].into_iter().flatten().collect()
    }

    fn first_kept(self, today: NaiveDate) -> NaiveDate {
        self.first_kept_month(today)
    }

    async fn create(pool: &PgPool, first_day: NaiveDate) -> sqlx::Result<()> {
        sqlx::query_scalar!("SELECT lighting.ensure_month_partition($1, $2)", T::TABLE, first_day)
            .fetch_one(pool)
            .await?;
        Ok(())
    }

    async fn drop_before(pool: &PgPool, first_kept: NaiveDate) -> sqlx::Result<i32> {
        sqlx::query_scalar!(
            "SELECT lighting.drop_month_partitions_before($1, $2) AS \"dropped!\"",
            T::TABLE,
            first_kept
        )
        .fetch_one(pool)
        .await
    }
}

/// The first day of `day`'s month.
pub fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy)]
    struct Table;

    impl MonthlyTable for Table {
        const TABLE: &'static str = "table";
        const NAME: &'static str = "a table";
    }

    #[test]
    fn this_month_and_the_next_are_made_and_the_kept_months_counted_back() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let layout = Monthly::<Table>::months(13);
        assert_eq!(layout.ahead(day(2026, 12, 31)), BTreeSet::from([day(2026, 12, 1), day(2027, 1, 1)]));
        assert_eq!(layout.first_kept(day(2026, 11, 30)), day(2025, 10, 1));
        assert_eq!(Monthly::<Table>::months(1).first_kept(day(2026, 3, 1)), day(2026, 2, 1));
        assert_eq!(Monthly::<Table>::months(u32::MAX).first_kept(day(2026, 3, 1)), NaiveDate::MIN);
    }
}
