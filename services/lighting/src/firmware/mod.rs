//! Gateway versions and staged upgrades (issue 13, docs/firmware.md): the project's firmware
//! library, and campaigns that send an image to its gateways in acknowledged, checksummed
//! chunks (`docs/device-protocol.md`, 6.2) and confirm each by the version it reports after
//! the reboot.

pub mod campaign;
pub mod grpc;
pub mod model;
pub mod store;
