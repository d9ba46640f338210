//! Alarms: their lifecycle from the bridge's transitions, their events, and the screens'
//! gRPC service.

pub mod events;
pub mod grpc;
pub mod lifecycle;
pub mod model;
pub mod store;
pub mod work_orders;
