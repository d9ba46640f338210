//! Projects.

pub mod grpc;
pub mod model;
pub mod store;
