//! The communication records (`docs/device-protocol.md`, "Communication records"): every
//! message between a gateway and the platform, as the bridge recorded it, kept in monthly
//! partitions and searched one month at a time.

pub mod events;
pub mod model;
pub mod store;
