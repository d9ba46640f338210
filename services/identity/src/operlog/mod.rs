//! The operation log: every write a signed-in caller makes through the edge travels as an
//! `OperationRecorded` event to a durable consumer that stores it; administrators list,
//! read, export, delete and clean it (RuoYi's /monitor/operlog).

pub mod events;
pub mod grpc;
pub mod store;
