//! The login log, written by a durable JetStream consumer of the sign-in events.

pub mod events;
pub mod store;
