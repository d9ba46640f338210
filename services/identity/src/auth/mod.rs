//! Sign-in, captcha, lockout, sessions and sign-out.

pub mod events;
pub mod grpc;
pub mod model;
pub mod store;
