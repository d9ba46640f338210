//! Filled in with the alarm service.
