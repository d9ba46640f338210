//! Organization (RuoYi's dept): a tree of companies, departments and teams that users
//! belong to and that roles of custom data scope name.

pub mod grpc;
pub mod model;
pub mod store;
