//! Projects: the picker, project management (every field of spec section 3) and what the
//! home page reads of a project.

pub mod events;
pub mod grpc;
pub mod model;
pub mod store;
