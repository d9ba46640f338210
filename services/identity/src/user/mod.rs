//! Users as administrators manage them (RuoYi's /system/user): the list filtered by the
//! organization tree and the caller's data scope, the form, passwords set by an
//! administrator, enabling and disabling, and the workbook import and export. A change
//! reaches the user's live sessions at once (`sessions`). Other services ask whether a user
//! works in a project (`member`).

pub mod grants;
pub mod grpc;
pub mod member;
pub mod model;
pub mod sessions;
pub mod store;
pub mod workbook;
