//! Areas and buildings drawn over a project's plan picture, and the devices placed in them.

pub mod grpc;
pub mod model;
pub mod store;
