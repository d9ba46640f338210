//! Dictionaries: typed lists of values with Chinese and English labels.

pub mod grpc;
pub mod model;
pub mod store;
