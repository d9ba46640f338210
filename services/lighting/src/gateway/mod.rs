//! Gateways and their loops: the registry, its bucket for the bridge, and the charts.

pub mod credentials;
pub mod grpc;
pub mod model;
pub mod registry;
pub mod store;
