//! Lumiscape's device path. [`protocol`] is the gateway wire protocol, the only code that
//! knows device payloads; [`simulator`] is a fleet of virtual gateways speaking it over NATS
//! or MQTT, for development, demos and tests.

pub mod bridge;
pub mod protocol;
pub mod simulator;

pub use protocol::ProtocolError;
pub use simulator::{Faults, SimStats, SimulatorConfig, SimulatorError, Transport};
