//! A project's addresses: a tree of places (park, zone, walkway) inside one project.

pub mod grpc;
pub mod model;
pub mod store;
