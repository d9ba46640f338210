//! Menus and the console route tree built from them.

pub mod admin;
pub mod grpc;
pub mod model;
pub mod store;
