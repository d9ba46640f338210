//! Alarm types: their rules, storage, gRPC service, and the rule book the bridge reads.

pub mod grpc;
pub mod model;
pub mod rules;
pub mod store;
