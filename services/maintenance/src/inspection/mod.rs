//! Inspection (spec: "inspection": team, route, plan, task, device, result): teams of project
//! users walk routes of gateways and addresses on the dates of plans. The job makes each
//! plan's tasks and moves them by the clock; an inspector records a result per point, and an
//! abnormal point may open a work order.

pub mod grpc;
pub mod job;
pub mod model;
pub mod store;
