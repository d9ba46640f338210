//! The monthly partitions of `lighting.energy_hours` (UTC months): this month's and next
//! month's made ahead, those past `telemetry.energy_hour_retention_months` dropped
//! (`crate::partitions::Monthly`). A month the roller writes that is not made yet (a new
//! loop's history) is made as it writes (`store::add_hours`). Days and months are not
//! partitioned: they are kept for ever.

use crate::partitions::{Monthly, MonthlyTable};

/// The hours' table, in monthly partitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hours;

impl MonthlyTable for Hours {
    const TABLE: &'static str = "energy_hours";
    const NAME: &'static str = "energy hours";
}

/// How many months of hours are kept before the current one.
pub type HourRetention = Monthly<Hours>;

/// The hours' partitions this process knows.
pub type HourPartitions = crate::partitions::Partitions<HourRetention>;
