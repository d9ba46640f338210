//! The device registry (issue 12): lamps and fittings, each hung on one loop of a gateway,
//! their workbooks (xlsx import and export), and the groups operators switch them by. A
//! device's type gives its priority, status check time and minimum burn time
//! ([`crate::catalog`]); its loop is what a command switches.

pub mod grpc;
pub mod model;
pub mod store;
pub mod workbook;
