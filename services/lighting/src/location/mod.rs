//! Where the project's devices stand on the map: a device's location, and the located
//! devices of a viewport as markers, or as clusters counted from an in-memory copy of the
//! project's located gateways (kept by version) when there are too many to draw. Devices
//! are gateways until the device registry (issue 12) adds its kinds.

pub mod grpc;
pub mod located;
pub mod model;
pub mod store;
