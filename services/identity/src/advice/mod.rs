//! Advice (意见反馈): feedback any signed-in user sends; administrators list it, reply and
//! set its status (pending, replied, closed).

pub mod grpc;
pub mod model;
pub mod store;
