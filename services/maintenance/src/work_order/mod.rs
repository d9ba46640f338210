//! Work orders (spec: "work orders"): opened by hand, from an alarm, or by the auto work
//! order of an alarm type; taken through the spec's actions by one state machine.

pub mod alarms;
pub mod grpc;
pub mod model;
pub mod sla;
pub mod store;
