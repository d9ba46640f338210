//! The personal center: the signed-in user's profile, password and avatar.

pub mod grpc;
pub mod model;
pub mod store;
