//! A project's announcements (spec section 3: title, image, content, creator), in RuoYi's
//! notice shape, with publishing: the published ones are what the home page shows.

pub mod grpc;
pub mod model;
pub mod store;
