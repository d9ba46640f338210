//! Assets (spec: "assets"): types with their attributes (spec section 5), assets whose net
//! value is straight-line depreciation computed at every read, and the receive, return,
//! repair and scrap records that move their status (a scrap cancellable).

pub mod grpc;
pub mod model;
pub mod store;
pub mod workbook;
