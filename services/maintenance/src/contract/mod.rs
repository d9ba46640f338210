//! Maintenance contracts (spec: "maintenance": company, contract, plan; finished,
//! unfinished): the companies maintaining the project's lighting, their contracts (flagged
//! near their end), and the plans of work under each, recorded as finished with a result.

pub mod grpc;
pub mod model;
pub mod store;
