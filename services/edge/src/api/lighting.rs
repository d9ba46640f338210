//! Filled in with the lighting service.
