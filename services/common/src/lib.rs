//! What every Lumiscape service shares: configuration, the error vocabulary, localized
//! messages, access tokens and sessions, permissions and `authorize`, paging, start-up, the
//! database pool, the NATS helpers, the outbox and key-value projections. No domain logic
//! lives here. `docs/new-module.md` says how a module uses each.

pub mod access;
pub mod auth;
pub mod blocking;
pub mod coalesce;
pub mod config;
pub mod db;
pub mod error;
pub mod grpc;
pub mod i18n;
pub mod ids;
pub mod local;
pub mod nats;
pub mod nats_auth;
pub mod observability;
pub mod outbox;
pub mod paging;
pub mod permission;
pub mod projection;
pub mod service;
pub mod session;
pub mod tables;
pub mod text;
pub mod trace;
pub mod tree;
pub mod workbook;

pub use error::{Error, ErrorCode, Result, StatusExt};
pub use i18n::Lang;
