//! The handlers: each turns an HTTP request into a service call and the answer into the
//! envelope the console expects (spec section 7). They are bound to paths only through
//! the route table (`routes::ROUTES`), beside the permission each needs.

pub mod address;
pub mod advice;
pub mod alarm;
pub mod area;
pub mod assets;
pub mod auth;
pub mod backup;
pub mod catalog;
pub mod contracts;
pub mod device;
pub mod energy;
pub mod firmware;
pub mod inspection;
pub mod lighting;
pub mod live;
pub mod maintenance;
pub mod map;
pub mod menus;
pub mod monitor;
pub mod notice;
pub mod profile;
pub mod project;
pub mod roles;
pub mod schedule;
pub mod screen;
pub mod settings;
pub mod system;
pub mod users;
// ---- files ----
pub mod files;
