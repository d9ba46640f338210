//! The monthly partitions of `lighting.energy_hours` (UTC months): this month's and next
//! month's made ahead, those past `telemetry.energy_hour_retention_months` dropped
//! (`crate::partitions`). A month the roller writes that is not made yet (a new loop's
//! history) is made as it writes (`store::add_hours`). Days and months are not partitioned:
//! they are kept for ever.

use std::collections::BTreeSet;

use chrono::{Months, NaiveDate};
use sqlx::PgPool;

use super::store;
use crate::communication::model::{Retention, first_of_month};
use crate::partitions::Layout;

/// How many months of hours are kept before the current one.
#[derive(Debug, Clone, Copy)]
pub struct HourRetention(Retention);

impl HourRetention {
    pub fn months(months: u32) -> Self {
        Self(Retention::months(months))
    }

    /// The first day of the oldest month whose hours are kept on `today` (UTC).
    pub fn first_kept_month(self, today: NaiveDate) -> NaiveDate {
        self.0.first_kept_month(today)
    }
}

/// The hours' partitions this process knows.
pub type HourPartitions = crate::partitions::Partitions<HourRetention>;

impl Layout for HourRetention {
    const NAME: &'static str = "energy hours";

    fn ahead(self, today: NaiveDate) -> BTreeSet<NaiveDate> {
        let this = first_of_month(today);
        [Some(this), this.checked_add_months(Months::new(1))].into_iter().flatten().collect()
    }

    fn first_kept(self, today: NaiveDate) -> NaiveDate {
        self.first_kept_month(today)
    }

    async fn create(pool: &PgPool, first_day: NaiveDate) -> sqlx::Result<()> {
        store::ensure_hour_partition(pool, first_day).await
    }

    async fn drop_before(pool: &PgPool, first_kept: NaiveDate) -> sqlx::Result<i32> {
        store::drop_hour_partitions_before(pool, first_kept).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_month_and_the_next_are_made_and_the_kept_months_counted_back() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let retention = HourRetention::months(13);
        assert_eq!(retention.ahead(day(2026, 12, 31)), BTreeSet::from([day(2026, 12, 1), day(2027, 1, 1)]));
        assert_eq!(retention.first_kept(day(2026, 11, 30)), day(2025, 10, 1));
        assert_eq!(HourRetention::months(1).first_kept(day(2026, 3, 1)), day(2026, 2, 1));
    }
}
