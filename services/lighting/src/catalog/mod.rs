//! Equipment categories and types: the device registry's catalogue (issue 12). A type's value
//! orders devices by priority (lower is higher), its status check time says how often a device
//! of it is checked, and its minimum burn time is rule 3 of the scheduler (docs/scheduler.md).

pub mod grpc;
pub mod model;
pub mod store;
