//! What every Lumiscape service shares: configuration, the error vocabulary, localized
//! messages, access tokens and sessions, permission matching, the database pool and the
//! NATS helpers. No domain logic lives here.

pub mod auth;
pub mod config;
pub mod db;
pub mod error;
pub mod grpc;
pub mod i18n;
pub mod nats;
pub mod observability;
pub mod outbox;
pub mod permission;
pub mod session;

pub use error::{Error, ErrorCode, Result, StatusExt};
pub use i18n::Lang;
