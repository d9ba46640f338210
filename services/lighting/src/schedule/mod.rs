//! The lighting scheduler's rules (issue 12), pure: no I/O and no clock of its own. Given a
//! site (where it stands and its IANA time zone), the tasks that address a loop, the manual
//! overrides and the loop type's minimum burn time, [`timeline::resolve`] says what the loop
//! should do at every instant of a window, and which task, scene or rule decided it.
//!
//! - [`sun`]: local days, clock times across DST changes, sunrise and sunset (polar days and
//!   nights included);
//! - [`task`]: when a task runs (its days, its start and end, each a clock time or sunrise or
//!   sunset with a signed offset) and what it asks of the loop;
//! - [`timeline`]: timing one-key windows, priority resolution, overrides that revert by
//!   themselves, minimum burn;
//! - [`timing`]: timing one-key control as entered (the times read in the site's zone);
//! - [`expect`]: what a loop under an acknowledged schedule should be doing now.
//!
//! [`executor`] is the part with I/O: it keeps gateways' schedules renewed, sends the plan's
//! queued commands, and puts loops that differ from their plan back.
//!
//! The rules are written down in `docs/scheduler.md`. Everything here is tested in simulated
//! time: property tests compare the resolved timeline with the rules' definition evaluated
//! minute by minute.

pub mod executor;
pub mod expect;
pub mod grpc;
pub mod issue;
pub mod model;
pub mod plan;
pub mod store;
pub mod sun;
pub mod task;
pub mod timeline;
pub mod timing;
