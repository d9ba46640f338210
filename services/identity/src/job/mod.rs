//! Scheduled jobs (RuoYi's /monitor/job and /monitor/jobLog). A job names a handler from a
//! registry written in code (`handlers`), never a free-text target that is looked up or
//! evaluated (RuoYi's invokeTarget hole). Each firing runs exactly once across every
//! identity replica: the replica that claims it advances the job's next fire time in the
//! same transaction, under the row's lock (`scheduler`), and the log's (job, fire time) key
//! refuses a second record.

pub mod grpc;
pub mod handlers;
pub mod model;
pub mod scheduler;
pub mod store;
