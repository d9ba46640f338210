//! Filled in with the live service.
