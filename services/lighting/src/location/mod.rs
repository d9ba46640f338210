//! Where the project's devices stand on the map: a device's location, and the located
//! devices of a viewport as markers, or as clusters counted in SQL when there are too many
//! to draw. Devices are gateways until the device registry (issue 12) adds its kinds.

pub mod grpc;
pub mod model;
pub mod store;
