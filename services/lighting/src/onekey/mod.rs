//! One-key control: every loop of every gateway of a project switched at once, with an
//! audit record and an `OneKeyExecuted` event for each call.

pub mod grpc;
pub mod model;
pub mod store;
