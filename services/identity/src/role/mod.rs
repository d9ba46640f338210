//! Roles (RuoYi's /system/role): the menus a role grants, its data scope (docs/data-scope.md)
//! and its status. A change reaches the sessions of the role's users at once.

pub mod grpc;
pub mod model;
pub mod store;
