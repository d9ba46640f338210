//! Projections of the gateway-bridge's events: stored samples (time-partitioned), the
//! latest reading of each loop, gateways' telemetry and presence.

pub mod events;
pub mod model;
pub mod partitions;
pub mod store;
