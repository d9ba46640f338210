//! The login log, written by a durable JetStream consumer of the sign-in events, and read,
//! exported, deleted and cleaned by administrators (RuoYi's /monitor/logininfor).

pub mod events;
pub mod grpc;
pub mod store;
