//! The daily partitions of `lighting.loop_samples` (UTC days): yesterday's to the day after
//! tomorrow's made ahead, those older than the retention dropped (`crate::partitions`).

use std::collections::BTreeSet;

use chrono::{Days, NaiveDate};
use sqlx::PgPool;

use super::model::Retention;
use super::store;
use crate::partitions::Layout;

/// Days made ahead of today.
const DAYS_AHEAD: u64 = 2;

/// The partitions of telemetry this process knows.
pub type Partitions = crate::partitions::Partitions<Retention>;

impl Layout for Retention {
    const NAME: &'static str = "telemetry";

    fn ahead(self, today: NaiveDate) -> BTreeSet<NaiveDate> {
        let first = today.checked_sub_days(Days::new(1)).unwrap_or(today);
        first.iter_days().take(DAYS_AHEAD as usize + 2).collect()
    }

    fn first_kept(self, today: NaiveDate) -> NaiveDate {
        self.first_kept_day(today)
    }

    async fn create(pool: &PgPool, first_day: NaiveDate) -> sqlx::Result<()> {
        store::ensure_partition(pool, first_day).await
    }

    async fn drop_before(pool: &PgPool, first_kept: NaiveDate) -> sqlx::Result<i32> {
        store::drop_partitions_before(pool, first_kept).await
    }
}
