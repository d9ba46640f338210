//! Energy statistics (issue 13, docs/energy.md): the loops' meters rolled up by the
//! project's local hours, days and months, priced by its time-of-use tariff and measured
//! against its written baseline.

pub mod grpc;
pub mod model;
pub mod partitions;
pub mod roll;
pub mod seed;
pub mod store;
pub mod workbook;
