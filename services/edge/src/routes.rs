//! The one table of the edge's routes and the permission each needs. The guard refuses a
//! request before any service is called; the OpenAPI document is generated from it; and the router
//! is built from it, so no handler exists without a declared permission.

use axum::routing::{MethodFilter, MethodRouter, on};
use http::Method;
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::{
    alarm as alarm_perm, data_screen, device as device_perm, landscape as landscape_perm, lighting as lighting_perm,
    monitor as monitor_perm, operation, project as project_perm, system as system_perm,
};
use lumiscape_common::{ErrorCode, Lang};
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    ComponentsBuilder, Content, InfoBuilder, ObjectBuilder, OpenApi, OpenApiBuilder, PathsBuilder, Ref, Required,
    ResponseBuilder, Type,
};

use crate::api::files;
use crate::api::{
    address, advice, alarm, area, assets, auth, backup, catalog, contracts, device, energy, firmware, inspection,
    lighting, live, maintenance, map, menus, monitor, notice, profile, project, roles, schedule, screen, settings,
    system, users,
};
use crate::envelope::ApiError;
use crate::limit::Limit;
use crate::state::EdgeState;

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone; no token needed (sign-in, captcha, public config keys).
    Public,
    /// Anyone signed in.
    SignedIn,
    /// Signed in and holding this permission (or `*:*:*`).
    Permission(&'static str),
}

/// Binds a handler to the route's method.
pub type Bind = fn(MethodFilter) -> MethodRouter<EdgeState>;

#[derive(Clone)]
pub struct RouteSpec {
    pub method: Method,
    /// The path below the base path, in axum's syntax (`/system/dict/data/type/{type}`).
    pub path: &'static str,
    pub access: Access,
    pub tag: &'static str,
    pub summary: &'static str,
    pub bind: Bind,
    /// The rate limit the guard applies before anything else (sign-in routes only).
    pub limit: Option<Limit>,
    /// How long the route may take to answer, when not `http.request_timeout_seconds`.
    pub timeout_seconds: Option<u64>,
    /// The handler streams the body to a service that bounds it (an upload, whose limit
    /// is its type's `files.*_max_bytes`), so `http.body_limit_bytes` does not apply.
    pub streams_body: bool,
    /// The route's own message for a body declared over `http.body_limit_bytes`, answered as
    /// a bad request like the same file refused by its service (a firmware image over 500 KB);
    /// without one, the general 413.
    pub too_large: Option<fn() -> Msg>,
}

const fn route(
    method: Method,
    path: &'static str,
    access: Access,
    tag: &'static str,
    summary: &'static str,
    bind: Bind,
) -> RouteSpec {
    RouteSpec {
        method,
        path,
        access,
        tag,
        summary,
        bind,
        limit: None,
        timeout_seconds: None,
        streams_body: false,
        too_large: None,
    }
}

impl RouteSpec {
    /// The route draws from the address bucket of `limit` (`crate::limit`).
    const fn limited(mut self, limit: Limit) -> Self {
        self.limit = Some(limit);
        self
    }

    /// The route may take up to `seconds` to answer instead of `http.request_timeout_seconds`
    /// (a large import hashes thousands of passwords).
    const fn lasting(mut self, seconds: u64) -> Self {
        self.timeout_seconds = Some(seconds);
        self
    }

    /// The body is streamed to a service that bounds it (see `streams_body`).
    const fn streamed(mut self) -> Self {
        self.streams_body = true;
        self
    }

    /// A body declared over the limit is refused with `message` (see `too_large`).
    const fn too_large_says(mut self, message: fn() -> Msg) -> Self {
        self.too_large = Some(message);
        self
    }

    /// The refusal of a body declared over `limit` bytes.
    pub fn too_large(&self, limit: usize, lang: Lang) -> ApiError {
        match self.too_large {
            Some(message) => ApiError::new(ErrorCode::BadRequest, &message(), lang),
            None => {
                ApiError::new(ErrorCode::PayloadTooLarge, &Msg::BodyTooLarge { limit_kb: (limit / 1024) as u64 }, lang)
            }
        }
    }

    /// The media type of the file the route answers instead of the envelope: a workbook
    /// (RuoYi's downloads: exports and templates) or a backup.
    pub fn answers_file(&self) -> Option<&'static str> {
        if self.path.ends_with("/export") || self.path.ends_with("/importTemplate") {
            Some(crate::envelope::XLSX)
        } else if self.path.starts_with("/system/backup/download/") {
            Some(crate::api::backup::SQL_MEDIA_TYPE)
        } else {
            None
        }
    }
}

const GET: Method = Method::GET;
const POST: Method = Method::POST;
const PUT: Method = Method::PUT;

#[rustfmt::skip]
pub const ROUTES: &[RouteSpec] = &[
    route(GET, "/captchaImage", Access::Public, "auth", "A new image captcha (when switched on)", |m| on(m, auth::captcha)).limited(Limit::Captcha),
    route(POST, "/login", Access::Public, "auth", "Sign in with user name, password and captcha", |m| on(m, auth::login)).limited(Limit::SignIn),
    route(GET, "/loginByOtherSystem", Access::Public, "auth", "Exchange a trusted system's token for a session", |m| on(m, auth::login_by_other_system)).limited(Limit::SignIn),
    route(POST, "/logout", Access::SignedIn, "auth", "Sign out; the token stops working at once", |m| on(m, auth::logout)),
    route(POST, "/auth/refresh", Access::SignedIn, "auth", "Extend the session; returns its new expiry", |m| on(m, auth::refresh)),
    route(GET, "/getInfo", Access::SignedIn, "auth", "The signed-in user, permissions and default menu", |m| on(m, auth::get_info)),
    route(GET, "/system/user/profile", Access::SignedIn, "profile", "The caller's own profile and role names", |m| on(m, profile::get)),
    route(PUT, "/system/user/profile", Access::SignedIn, "profile", "Edit nickname, phone, email and gender", |m| on(m, profile::update)),
    route(PUT, "/system/user/profile/updatePwd", Access::SignedIn, "profile", "Change the password (old one checked); other sessions end", |m| on(m, profile::update_password)),
    route(POST, "/system/user/profile/avatar", Access::SignedIn, "profile", "Upload an avatar (multipart field avatarfile, PNG or JPEG, at most 2 MB)", |m| on(m, profile::update_avatar)),
    route(GET, "/system/menu/getRouters", Access::SignedIn, "system", "The caller's route tree", |m| on(m, system::get_routers)),
    route(GET, "/getRouters", Access::SignedIn, "system", "The caller's route tree at RuoYi-Vue's path (docs/api-compatibility.md)", |m| on(m, system::get_routers)),
    route(GET, "/system/config/configKey/{key}", Access::Public, "system", "A config value (in msg); a private value needs the permission to read the parameters", |m| on(m, system::config_by_key)),
    // ---- advice ----
    route(POST, "/system/advice", Access::SignedIn, "system", "Send feedback (any signed-in user)", |m| on(m, advice::advice_send)),
    route(GET, "/system/advice/my", Access::SignedIn, "system", "The caller's own feedback with the replies", |m| on(m, advice::advice_mine)),
    route(GET, "/system/advice/list", Access::Permission(system_perm::advice::LIST), "system", "Everyone's feedback (title, userName, status), newest first", |m| on(m, advice::advice_list)),
    route(PUT, "/system/advice/reply", Access::Permission(system_perm::advice::EDIT), "system", "Reply to feedback and set its status", |m| on(m, advice::advice_reply)),
    route(GET, "/system/advice/{adviceId}", Access::Permission(system_perm::advice::QUERY), "system", "One piece of feedback", |m| on(m, advice::advice_get)),
    route(Method::DELETE, "/system/advice/{adviceId}", Access::Permission(system_perm::advice::REMOVE), "system", "Delete feedback (ids comma-separated)", |m| on(m, advice::advice_remove)),
    // ---- backup ----
    route(GET, "/system/backup/list", Access::Permission(system_perm::backup::LIST), "system", "Stored backups (kind: 0 by hand, 1 by the backup job), newest first", |m| on(m, backup::backup_list)),
    route(POST, "/system/backup", Access::Permission(system_perm::backup::ADD), "system", "Back up the system data now and store the signed file", |m| on(m, backup::backup_create)).lasting(crate::clients::SLOW_CALL_SECONDS),
    route(GET, "/system/backup/download/{backupId}", Access::Permission(system_perm::backup::EXPORT), "system", "A stored backup as its signed .sql file", |m| on(m, backup::backup_download)).lasting(crate::clients::SLOW_CALL_SECONDS),
    route(Method::DELETE, "/system/backup/{backupId}", Access::Permission(system_perm::backup::REMOVE), "system", "Delete stored backups (ids comma-separated)", |m| on(m, backup::backup_remove)),
    route(POST, "/system/backup/import", Access::Permission(system_perm::backup::RESTORE), "system", "Restore the system data from an uploaded backup (multipart file): only a file this deployment signed, all or nothing", |m| on(m, backup::backup_import)).lasting(crate::clients::SLOW_CALL_SECONDS),
    route(PUT, "/system/backup/restore/{backupId}", Access::Permission(system_perm::backup::RESTORE), "system", "Restore the system data from a stored backup, all or nothing", |m| on(m, backup::backup_restore)).lasting(crate::clients::SLOW_CALL_SECONDS),
    // ---- monitoring: the login log ----
    route(GET, "/monitor/logininfor/list", Access::Permission(monitor_perm::logininfor::LIST), "monitor", "Sign-ins and sign-outs (ipaddr, userName, status, day range), newest first", |m| on(m, monitor::login_log_list)),
    route(Method::DELETE, "/monitor/logininfor/clean", Access::Permission(monitor_perm::logininfor::REMOVE), "monitor", "Delete every login log entry", |m| on(m, monitor::login_log_clean)),
    route(Method::DELETE, "/monitor/logininfor/{infoId}", Access::Permission(monitor_perm::logininfor::REMOVE), "monitor", "Delete login log entries (ids comma-separated)", |m| on(m, monitor::login_log_remove)),
    route(GET, "/monitor/logininfor/unlock/{userName}", Access::Permission(monitor_perm::logininfor::UNLOCK), "monitor", "Unlock an account locked by wrong passwords", |m| on(m, monitor::login_log_unlock)),
    route(POST, "/monitor/logininfor/export", Access::Permission(monitor_perm::logininfor::EXPORT), "monitor", "The filtered login log as xlsx (form body)", |m| on(m, monitor::login_log_export)),
    route(GET, "/monitor/operlog/list", Access::Permission(monitor_perm::operlog::LIST), "monitor", "Recorded writes (title, operName, businessType, status, operIp, day range), newest first", |m| on(m, monitor::oper_log_list)),
    route(Method::DELETE, "/monitor/operlog/clean", Access::Permission(monitor_perm::operlog::REMOVE), "monitor", "Delete every operation log record", |m| on(m, monitor::oper_log_clean)),
    route(GET, "/monitor/operlog/{operId}", Access::Permission(monitor_perm::operlog::QUERY), "monitor", "One operation log record", |m| on(m, monitor::oper_log_get)),
    route(Method::DELETE, "/monitor/operlog/{operId}", Access::Permission(monitor_perm::operlog::REMOVE), "monitor", "Delete operation log records (ids comma-separated)", |m| on(m, monitor::oper_log_remove)),
    route(POST, "/monitor/operlog/export", Access::Permission(monitor_perm::operlog::EXPORT), "monitor", "The filtered operation log as xlsx (form body)", |m| on(m, monitor::oper_log_export)),
    route(GET, "/monitor/job/list", Access::Permission(monitor_perm::job::LIST), "monitor", "Scheduled jobs (jobName, jobGroup, status), paged", |m| on(m, monitor::job_list)),
    route(GET, "/monitor/job/nextTimes", Access::Permission(monitor_perm::job::QUERY), "monitor", "The next five fire times of a cron expression (cronExpression), or why it is not one", |m| on(m, monitor::job_next_times)),
    route(GET, "/monitor/job/handlers", Access::Permission(monitor_perm::job::QUERY), "monitor", "The handlers a job may run (the registry written in code)", |m| on(m, monitor::job_handlers)),
    route(GET, "/monitor/job/{jobId}", Access::Permission(monitor_perm::job::QUERY), "monitor", "A scheduled job", |m| on(m, monitor::job_get)),
    route(POST, "/monitor/job", Access::Permission(monitor_perm::job::ADD), "monitor", "Add a scheduled job (a registered handler and a cron expression)", |m| on(m, monitor::job_add)),
    route(PUT, "/monitor/job", Access::Permission(monitor_perm::job::EDIT), "monitor", "Edit a scheduled job", |m| on(m, monitor::job_edit)),
    route(PUT, "/monitor/job/changeStatus", Access::Permission(monitor_perm::job::EDIT), "monitor", "Resume or pause a job", |m| on(m, monitor::job_change_status)),
    route(PUT, "/monitor/job/run", Access::Permission(monitor_perm::job::EDIT), "monitor", "Run a job once now", |m| on(m, monitor::job_run)),
    route(Method::DELETE, "/monitor/job/{jobId}", Access::Permission(monitor_perm::job::REMOVE), "monitor", "Delete jobs (ids comma-separated)", |m| on(m, monitor::job_remove)),
    route(POST, "/monitor/job/export", Access::Permission(monitor_perm::job::EXPORT), "monitor", "The filtered jobs as xlsx (form body)", |m| on(m, monitor::job_export)),
    route(GET, "/monitor/jobLog/list", Access::Permission(monitor_perm::job_log::LIST), "monitor", "Job runs (jobId, jobName, jobGroup, status, day range), newest first", |m| on(m, monitor::job_log_list)),
    route(Method::DELETE, "/monitor/jobLog/clean", Access::Permission(monitor_perm::job_log::REMOVE), "monitor", "Delete every job log entry", |m| on(m, monitor::job_log_clean)),
    route(GET, "/monitor/jobLog/{jobLogId}", Access::Permission(monitor_perm::job_log::QUERY), "monitor", "One job run", |m| on(m, monitor::job_log_get)),
    route(Method::DELETE, "/monitor/jobLog/{jobLogId}", Access::Permission(monitor_perm::job_log::REMOVE), "monitor", "Delete job log entries (ids comma-separated)", |m| on(m, monitor::job_log_remove)),
    route(POST, "/monitor/jobLog/export", Access::Permission(monitor_perm::job_log::EXPORT), "monitor", "The filtered job log as xlsx (form body)", |m| on(m, monitor::job_log_export)),
    // ---- parameters and dictionaries ----
    route(GET, "/system/config/list", Access::Permission(system_perm::config::LIST), "system", "Config entries, filtered and paged", |m| on(m, settings::config_list)),
    route(Method::DELETE, "/system/config/refreshCache", Access::Permission(system_perm::config::REMOVE), "system", "Clear every replica's parameter cache (RuoYi's path)", |m| on(m, settings::config_clear_cache)),
    route(Method::DELETE, "/system/config/clearCache", Access::Permission(system_perm::config::REMOVE), "system", "Clear every replica's parameter cache (the spec's path)", |m| on(m, settings::config_clear_cache)),
    route(GET, "/system/config/{configId}", Access::Permission(system_perm::config::QUERY), "system", "A config entry", |m| on(m, settings::config_get)),
    route(POST, "/system/config", Access::Permission(system_perm::config::ADD), "system", "Add a config entry", |m| on(m, settings::config_add)),
    route(PUT, "/system/config", Access::Permission(system_perm::config::EDIT), "system", "Edit a config entry; every replica's cache follows", |m| on(m, settings::config_edit)),
    route(Method::DELETE, "/system/config/{configId}", Access::Permission(system_perm::config::REMOVE), "system", "Delete config entries (ids comma-separated); built-in ones are refused", |m| on(m, settings::config_remove)),
    route(POST, "/system/config/export", Access::Permission(system_perm::config::EXPORT), "system", "The filtered config entries as xlsx (form body)", |m| on(m, settings::config_export)),
    route(GET, "/system/dict/type/list", Access::Permission(system_perm::dict::LIST), "system", "Dictionary types, filtered and paged", |m| on(m, settings::dict_type_list)),
    route(GET, "/system/dict/type/optionselect", Access::Permission(system_perm::dict::QUERY), "system", "Every dictionary type, for a select", |m| on(m, settings::dict_type_options)),
    route(Method::DELETE, "/system/dict/type/refreshCache", Access::Permission(system_perm::dict::REMOVE), "system", "Clear every replica's dictionary cache (RuoYi's path)", |m| on(m, settings::dict_clear_cache)),
    route(Method::DELETE, "/system/dict/type/clearCache", Access::Permission(system_perm::dict::REMOVE), "system", "Clear every replica's dictionary cache", |m| on(m, settings::dict_clear_cache)),
    route(GET, "/system/dict/type/{dictId}", Access::Permission(system_perm::dict::QUERY), "system", "A dictionary type", |m| on(m, settings::dict_type_get)),
    route(POST, "/system/dict/type", Access::Permission(system_perm::dict::ADD), "system", "Add a dictionary type", |m| on(m, settings::dict_type_add)),
    route(PUT, "/system/dict/type", Access::Permission(system_perm::dict::EDIT), "system", "Edit a dictionary type", |m| on(m, settings::dict_type_edit)),
    route(Method::DELETE, "/system/dict/type/{dictId}", Access::Permission(system_perm::dict::REMOVE), "system", "Delete dictionary types without items; built-in ones are refused", |m| on(m, settings::dict_type_remove)),
    route(POST, "/system/dict/type/export", Access::Permission(system_perm::dict::EXPORT), "system", "The filtered dictionary types as xlsx (form body)", |m| on(m, settings::dict_type_export)),
    route(GET, "/system/dict/data/list", Access::Permission(system_perm::dict::LIST), "system", "Dictionary items (dictType, dictLabel, status), paged", |m| on(m, settings::dict_data_list)),
    route(GET, "/system/dict/data/{dictCode}", Access::Permission(system_perm::dict::QUERY), "system", "A dictionary item", |m| on(m, settings::dict_data_get)),
    route(POST, "/system/dict/data", Access::Permission(system_perm::dict::ADD), "system", "Add a dictionary item", |m| on(m, settings::dict_data_add)),
    route(PUT, "/system/dict/data", Access::Permission(system_perm::dict::EDIT), "system", "Edit a dictionary item; every replica's cache follows", |m| on(m, settings::dict_data_edit)),
    route(Method::DELETE, "/system/dict/data/{dictCode}", Access::Permission(system_perm::dict::REMOVE), "system", "Delete dictionary items; built-in ones are refused", |m| on(m, settings::dict_data_remove)),
    route(POST, "/system/dict/data/export", Access::Permission(system_perm::dict::EXPORT), "system", "The filtered dictionary items as xlsx (form body)", |m| on(m, settings::dict_data_export)),
    route(GET, "/system/dict/data/type/{type}", Access::SignedIn, "system", "The items of a dictionary type", |m| on(m, system::dict_by_type)),
    // ---- organization and users (RuoYi's /system/dept and /system/user) ----
    route(GET, "/system/dept/list", Access::Permission(system_perm::dept::LIST), "system", "Organization nodes (deptName, status), flat, by parent and order", |m| on(m, users::dept_list)),
    route(GET, "/system/dept/list/exclude/{deptId}", Access::Permission(system_perm::dept::LIST), "system", "Every node but this one and its descendants (where it may move)", |m| on(m, users::dept_list_excluding)),
    route(GET, "/system/dept/treeselect", Access::Permission(system_perm::dept::LIST), "system", "The enabled nodes as a tree (RuoYi 3.8.0 and earlier)", |m| on(m, users::dept_tree)),
    route(GET, "/system/dept/{deptId}", Access::Permission(system_perm::dept::QUERY), "system", "An organization node", |m| on(m, users::dept_get)),
    route(POST, "/system/dept", Access::Permission(system_perm::dept::ADD), "system", "Add an organization node", |m| on(m, users::dept_add)),
    route(PUT, "/system/dept", Access::Permission(system_perm::dept::EDIT), "system", "Edit or move an organization node", |m| on(m, users::dept_edit)),
    route(Method::DELETE, "/system/dept/{deptId}", Access::Permission(system_perm::dept::REMOVE), "system", "Delete a node without children or users", |m| on(m, users::dept_remove)),
    route(GET, "/system/user/deptTree", Access::Permission(system_perm::user::LIST), "system", "The enabled organization nodes as a tree (the user screen's left pane)", |m| on(m, users::dept_tree)),
    route(GET, "/system/user/list", Access::Permission(system_perm::user::LIST), "system", "Users in the caller's data scope, filtered and paged", |m| on(m, users::user_list)),
    route(GET, "/system/user/", Access::Permission(system_perm::user::QUERY), "system", "The roles a user form may grant", |m| on(m, users::user_form_options)),
    route(GET, "/system/user/{userId}", Access::Permission(system_perm::user::QUERY), "system", "A user with roles, projects and qualifications", |m| on(m, users::user_get)),
    route(POST, "/system/user", Access::Permission(system_perm::user::ADD), "system", "Add a user", |m| on(m, users::user_add)),
    route(PUT, "/system/user", Access::Permission(system_perm::user::EDIT), "system", "Edit a user; their sessions follow at once", |m| on(m, users::user_edit)),
    route(Method::DELETE, "/system/user/{userId}", Access::Permission(system_perm::user::REMOVE), "system", "Delete users (ids comma-separated), all or none; their sessions end", |m| on(m, users::user_remove)),
    route(PUT, "/system/user/resetPwd", Access::Permission(system_perm::user::RESET_PWD), "system", "Set another user's password; their sessions end", |m| on(m, users::user_reset_password)),
    route(PUT, "/system/user/changeStatus", Access::Permission(system_perm::user::EDIT), "system", "Enable or disable a user; disabling ends their sessions", |m| on(m, users::user_change_status)),
    route(POST, "/system/user/export", Access::Permission(system_perm::user::EXPORT), "system", "The filtered users as xlsx (form body), formula-safe", |m| on(m, users::user_export)),
    route(POST, "/system/user/importTemplate", Access::Permission(system_perm::user::IMPORT), "system", "The user import template (xlsx)", |m| on(m, users::user_import_template)),
    route(GET, "/system/role/list", Access::Permission(system_perm::role::LIST), "system", "Roles, filtered and paged", |m| on(m, roles::role_list)),
    route(GET, "/system/role/optionselect", Access::Permission(system_perm::role::QUERY), "system", "Every role, for a select", |m| on(m, roles::role_options)),
    route(GET, "/system/role/deptTree/{roleId}", Access::Permission(system_perm::role::QUERY), "system", "Every organization node as a tree and the role's custom-scope ones", |m| on(m, roles::role_dept_tree)),
    route(GET, "/system/role/{roleId}", Access::Permission(system_perm::role::QUERY), "system", "A role", |m| on(m, roles::role_get)),
    route(POST, "/system/role", Access::Permission(system_perm::role::ADD), "system", "Add a role with its menus", |m| on(m, roles::role_add)),
    route(PUT, "/system/role", Access::Permission(system_perm::role::EDIT), "system", "Edit a role and its menus; its users' sessions follow at once", |m| on(m, roles::role_edit)),
    route(PUT, "/system/role/dataScope", Access::Permission(system_perm::role::EDIT), "system", "Set a role's data scope (all, custom organizations, project)", |m| on(m, roles::role_data_scope)),
    route(PUT, "/system/role/changeStatus", Access::Permission(system_perm::role::EDIT), "system", "Enable or disable a role; its users' sessions follow at once", |m| on(m, roles::role_change_status)),
    route(Method::DELETE, "/system/role/{roleId}", Access::Permission(system_perm::role::REMOVE), "system", "Delete roles no user holds (ids comma-separated)", |m| on(m, roles::role_remove)),
    route(POST, "/system/role/export", Access::Permission(system_perm::role::EXPORT), "system", "The filtered roles as xlsx (form body)", |m| on(m, roles::role_export)),
    route(GET, "/system/role/authUser/allocatedList", Access::Permission(system_perm::role::LIST), "system", "The users holding a role (roleId, userName, phonenumber), in the caller's data scope", |m| on(m, roles::role_allocated_users)),
    route(GET, "/system/role/authUser/unallocatedList", Access::Permission(system_perm::role::LIST), "system", "The users not holding a role (roleId, userName, phonenumber), in the caller's data scope", |m| on(m, roles::role_unallocated_users)),
    route(PUT, "/system/role/authUser/cancel", Access::Permission(system_perm::role::EDIT), "system", "Cancel a user's role (JSON userId, roleId); their sessions follow at once", |m| on(m, roles::role_cancel_user)),
    route(PUT, "/system/role/authUser/cancelAll", Access::Permission(system_perm::role::EDIT), "system", "Cancel a role for users (query roleId, userIds comma-separated)", |m| on(m, roles::role_cancel_users)),
    route(PUT, "/system/role/authUser/selectAll", Access::Permission(system_perm::role::EDIT), "system", "Grant a role to users (query roleId, userIds comma-separated)", |m| on(m, roles::role_grant_users)),
    route(GET, "/system/menu/list", Access::Permission(system_perm::menu::LIST), "system", "Every menu, flat (menuName, status), by parent and order", |m| on(m, menus::menu_list)),
    route(GET, "/system/menu/{menuId}", Access::Permission(system_perm::menu::QUERY), "system", "A menu", |m| on(m, menus::menu_get)),
    route(POST, "/system/menu", Access::Permission(system_perm::menu::ADD), "system", "Add a menu; every replica's route trees follow", |m| on(m, menus::menu_add)),
    route(PUT, "/system/menu", Access::Permission(system_perm::menu::EDIT), "system", "Edit a menu; every replica's route trees follow", |m| on(m, menus::menu_edit)),
    route(Method::DELETE, "/system/menu/{menuId}", Access::Permission(system_perm::menu::REMOVE), "system", "Delete a menu without sub-menus that no role holds", |m| on(m, menus::menu_remove)),
    route(GET, "/system/menu/treeselect", Access::Permission(system_perm::role::QUERY), "system", "Every menu and button as a tree (a role form's)", |m| on(m, roles::menu_tree)),
    route(GET, "/system/menu/roleMenuTreeselect/{roleId}", Access::Permission(system_perm::role::QUERY), "system", "Every menu as a tree and the role's checked ones", |m| on(m, roles::role_menu_tree)),
    route(POST, "/system/user/importData", Access::Permission(system_perm::user::IMPORT), "system", "Import users from xls or xlsx (multipart file, updateSupport); all or nothing, bad rows listed", |m| on(m, users::user_import)).lasting(crate::clients::SLOW_CALL_SECONDS),
    route(GET, "/project/project/dropList", Access::SignedIn, "project", "The caller's projects (id, name)", |m| on(m, project::drop_list)),
    route(GET, "/project/project/userProjectList", Access::SignedIn, "project", "The caller's projects for the picker", |m| on(m, project::user_project_list)),
    route(GET, "/project/project/detail", Access::SignedIn, "project", "A project's detail (logo)", |m| on(m, project::detail)),
    // ---- project management (spec section 7) ----
    route(GET, "/project/project/list", Access::Permission(project_perm::project::LIST), "project", "A page of the caller's projects, every field (projectName, projectNumber, cityName, status, enabled filters)", |m| on(m, project::list)),
    route(GET, "/project/project/query", Access::Permission(project_perm::project::LIST), "project", "The caller's projects matching the list's filters, unpaged in data (at most 500)", |m| on(m, project::query)),
    route(GET, "/project/project/getInfoById/{id}", Access::Permission(project_perm::project::QUERY), "project", "Every field of a project the caller may open", |m| on(m, project::info)),
    route(POST, "/project/project", Access::Permission(project_perm::project::ADD), "project", "Create a project (granted to its creator); data is its id", |m| on(m, project::add)),
    route(PUT, "/project/project", Access::Permission(project_perm::project::EDIT), "project", "Edit a project", |m| on(m, project::edit)),
    route(Method::DELETE, "/project/project/{id}", Access::Permission(project_perm::project::REMOVE), "project", "Delete a project without gateways or open alarms", |m| on(m, project::remove)),
    route(PUT, "/project/project/enable/{id}", Access::Permission(project_perm::project::EDIT), "project", "Enable or disable a project (body enabled \"0\"/\"1\", else flip); data is the switch now", |m| on(m, project::enable)),
    route(POST, "/project/project/add/media", Access::Permission(project_perm::project::EDIT), "project", "Set a project's logo or plan picture, or add a carousel picture ({id, type, path})", |m| on(m, project::add_media)),
    route(GET, "/project/project/getHomeProjectConfig/{id}", Access::SignedIn, "project", "What the home page shows of a project: logo, modules by position, map, pictures", |m| on(m, project::home_project_config)),
    route(GET, "/project/project/getProjectInfoForDateScope", Access::SignedIn, "project", "The dates a project's figures cover (projectId, else the selected project)", |m| on(m, project::date_scope)),
    route(GET, "/project/location/{id}", Access::SignedIn, "project", "Where a project sits on the map", |m| on(m, project::location)),
    route(GET, "/device/device/locationDevice/list", Access::Permission(lighting_perm::gateway::QUERY), "device", "The selected project's located devices (deviceName, deviceType; viewport minLng, minLat, maxLng, maxLat, zoom): markers, or clusters over 500", |m| on(m, map::location_list)),
    route(POST, "/device/device/location", Access::Permission(lighting_perm::gateway::EDIT), "device", "Set a device's location (deviceType, deviceId, longitude, latitude), or clear it with nulls", |m| on(m, map::location_set)),
    route(GET, "/project/project/getProjectMainPageInfo", Access::SignedIn, "project", "The home page's panels of a project (projectId, else the selected one): project, devices, open alarms by level, latest announcements", |m| on(m, project::main_page)),
    route(GET, "/project/project/device/statistics", Access::Permission(lighting_perm::gateway::LIST), "project", "The selected project's gateways (online, offline) and loops (on, off)", |m| on(m, project::device_statistics)),
    // ---- end project management ----
    // ---- data big screen and home index (screen.rs) ----
    route(GET, "/project/project/getScreenAllProjectInfo", Access::Permission(data_screen::VIEW), "project", "The selected project's big screen in one answer: project, devices, open alarms by level, 7-day alarm trend, latest 10 alarms, live power, gateway status", |m| on(m, screen::screen_all)),
    route(GET, "/project/project/initIndex", Access::SignedIn, "project", "The caller's projects (projectName filter) with their map places and gateway and open-alarm figures", |m| on(m, screen::init_index)),
    route(GET, "/project/project/getIndexProjectInfo/{id}", Access::SignedIn, "project", "One project's summary: place, devices, open alarms, live power", |m| on(m, screen::index_project)),
    route(GET, "/project/project/getMonitorType/{id}", Access::SignedIn, "project", "A project's monitored categories (gateways, loops, open alarms) with their counts", |m| on(m, screen::monitor_types)),
    // ---- end data big screen and home index ----
    route(GET, "/project/city/list", Access::SignedIn, "project", "The cities a project can be in (China's 2023 division codes), filtered by name and province", |m| on(m, project::city_list)),
    // ---- project addresses (spec section 7) ----
    route(GET, "/project/address/list", Access::Permission(project_perm::address::LIST), "project", "The selected project's addresses (addressName, parentId), flat, by parent and order", |m| on(m, address::list)),
    route(GET, "/project/address/getProjectAddressTree", Access::Permission(project_perm::address::LIST), "project", "The selected project's addresses as a tree of {id, parentId, name, children}", |m| on(m, address::project_tree)),
    route(GET, "/project/address/getAddressTree", Access::Permission(project_perm::address::LIST), "project", "A project's addresses as a tree (projectId, else the selected project)", |m| on(m, address::tree)),
    route(GET, "/project/address/checkChildrenAddress/{addressId}", Access::Permission(project_perm::address::QUERY), "project", "Whether an address has children (data true or false)", |m| on(m, address::check_children)),
    route(GET, "/project/address/getAddress/{addressId}", Access::Permission(project_perm::address::QUERY), "project", "An address with its path from the root (path, fullName)", |m| on(m, address::get_with_path)),
    route(GET, "/project/address/{addressId}", Access::Permission(project_perm::address::QUERY), "project", "An address", |m| on(m, address::get)),
    route(POST, "/project/address", Access::Permission(project_perm::address::ADD), "project", "Add an address (a root, or under an address of the project)", |m| on(m, address::add)),
    route(PUT, "/project/address", Access::Permission(project_perm::address::EDIT), "project", "Edit or move an address (one with children keeps its parent)", |m| on(m, address::edit)),
    route(Method::DELETE, "/project/address/{addressId}", Access::Permission(project_perm::address::REMOVE), "project", "Delete an address without children", |m| on(m, address::remove)),
    // ---- end project addresses ----
    // ---- plan areas and buildings ----
    route(GET, "/project/area/list", Access::Permission(project_perm::area::LIST), "project", "A page of the selected project's plan areas and buildings in display order (areaName, areaType), each with its outline and placed devices", |m| on(m, area::list)),
    route(GET, "/project/area/{areaId}", Access::Permission(project_perm::area::QUERY), "project", "A plan area with its outline and placed devices", |m| on(m, area::get)),
    route(POST, "/project/area", Access::Permission(project_perm::area::ADD), "project", "Draw an area or building on the plan picture (name, type, points, colour); data is its id", |m| on(m, area::add)),
    route(PUT, "/project/area", Access::Permission(project_perm::area::EDIT), "project", "Edit or redraw an area (its placed devices must stay inside)", |m| on(m, area::edit)),
    route(Method::DELETE, "/project/area/{areaId}", Access::Permission(project_perm::area::REMOVE), "project", "Delete areas (all or none); their devices leave the plan", |m| on(m, area::remove)),
    route(POST, "/project/area/device", Access::Permission(project_perm::area::EDIT), "project", "Place a device of the project inside an area (areaId, deviceType, deviceId, x, y); moves it when placed", |m| on(m, area::place)),
    route(Method::DELETE, "/project/area/device/{deviceType}/{deviceId}", Access::Permission(project_perm::area::EDIT), "project", "Take a device off the plan", |m| on(m, area::unplace)),
    // ---- end plan areas and buildings ----
    // ---- project announcements (RuoYi's notice paths) ----
    route(GET, "/system/notice/list", Access::Permission(project_perm::notice::LIST), "project", "A page of the selected project's announcements, newest first (noticeTitle, noticeType, createBy, published filters)", |m| on(m, notice::list)),
    route(GET, "/system/notice/{noticeId}", Access::Permission(project_perm::notice::QUERY), "project", "An announcement", |m| on(m, notice::get)),
    route(POST, "/system/notice", Access::Permission(project_perm::notice::ADD), "project", "Add an announcement (title, type, content, image, status); data is its id", |m| on(m, notice::add)),
    route(PUT, "/system/notice", Access::Permission(project_perm::notice::EDIT), "project", "Edit an announcement", |m| on(m, notice::edit)),
    route(Method::DELETE, "/system/notice/{noticeId}", Access::Permission(project_perm::notice::REMOVE), "project", "Delete announcements (all or none)", |m| on(m, notice::remove)),
    route(PUT, "/system/notice/publish/{noticeId}", Access::Permission(project_perm::notice::PUBLISH), "project", "Publish an announcement now (a closed one is refused)", |m| on(m, notice::publish)),
    // ---- end project announcements ----
    // ---- files (issue 11, docs/files.md) ----
    route(POST, "/system/common/upload/{type}", Access::Permission(project_perm::file::ADD), "project", "Upload a file (multipart field file; type 1 image, 2 document, 3 media, checked by content, each with its size limit); the stored path in msg", |m| on(m, files::upload).layer(axum::extract::DefaultBodyLimit::disable())).lasting(crate::clients::SLOW_CALL_SECONDS).streamed(),
    route(GET, "/project/file/list", Access::Permission(project_perm::file::LIST), "project", "The selected project's files (fileName, fileType, auditStatus), newest first, paged", |m| on(m, files::list)),
    route(GET, "/project/file/{fileId}", Access::Permission(project_perm::file::QUERY), "project", "A file", |m| on(m, files::get)),
    route(PUT, "/project/file", Access::Permission(project_perm::file::EDIT), "project", "Edit a file's name and remark (not while it is being processed)", |m| on(m, files::edit)),
    route(PUT, "/project/file/audit", Access::Permission(project_perm::file::AUDIT), "project", "Audit a file: auditStatus 1 pass, 2 no pass with auditReason (not while it is being processed)", |m| on(m, files::audit)),
    route(Method::DELETE, "/project/file/{fileId}", Access::Permission(project_perm::file::REMOVE), "project", "Delete a file and its stored object (not while it is being processed)", |m| on(m, files::remove)),
    // ---- end files ----
    // ---- equipment categories and types ----
    route(GET, "/landscape/timingOneKey/list", Access::Permission(landscape_perm::timing_one_key::LIST), "lighting", "The project's timing one-key controls, the latest start first, times in the site's zone", |m| on(m, schedule::timing_list)),
    route(POST, "/landscape/timingOneKey", Access::Permission(landscape_perm::timing_one_key::ADD), "lighting", "Switch every loop on or off between two times (switchState, startTime, endTime in the site's zone), above every task", |m| on(m, schedule::timing_add)),
    route(Method::DELETE, "/landscape/timingOneKey/{timingId}", Access::Permission(landscape_perm::timing_one_key::REMOVE), "lighting", "Delete timing one-key controls (ids comma-separated), all or none", |m| on(m, schedule::timing_remove)),
    route(GET, "/device/category/list", Access::Permission(device_perm::category::LIST), "device", "The project's equipment categories (categoryName, categoryCode), by code", |m| on(m, catalog::category_list)),
    route(GET, "/device/category/{categoryId}", Access::Permission(device_perm::category::QUERY), "device", "An equipment category", |m| on(m, catalog::category_detail)),
    route(POST, "/device/category", Access::Permission(device_perm::category::ADD), "device", "Create an equipment category (categoryName, categoryCode, remark)", |m| on(m, catalog::category_add)),
    route(PUT, "/device/category", Access::Permission(device_perm::category::EDIT), "device", "Edit an equipment category", |m| on(m, catalog::category_edit)),
    route(Method::DELETE, "/device/category/{categoryId}", Access::Permission(device_perm::category::REMOVE), "device", "Delete equipment categories (ids comma-separated), all or none; refused while one has types", |m| on(m, catalog::category_remove)),
    route(GET, "/device/device/list", Access::Permission(device_perm::device::LIST), "device", "The project's devices (deviceName, deviceCode, typeId, gatewayId, groupId, status), by code, each with its loop's last state", |m| on(m, device::device_list)),
    route(GET, "/device/device/{deviceId}", Access::Permission(device_perm::device::QUERY), "device", "A device", |m| on(m, device::device_detail)),
    route(POST, "/device/device", Access::Permission(device_perm::device::ADD), "device", "Create a device on a gateway's loop (deviceName, deviceCode, typeId, gatewayId, loopIndex, address, longitude, latitude, status)", |m| on(m, device::device_add)),
    route(PUT, "/device/device", Access::Permission(device_perm::device::EDIT), "device", "Edit a device", |m| on(m, device::device_edit)),
    route(Method::DELETE, "/device/device/{deviceId}", Access::Permission(device_perm::device::REMOVE), "device", "Delete devices (ids comma-separated), all or none", |m| on(m, device::device_remove)),
    route(POST, "/device/device/export", Access::Permission(device_perm::device::EXPORT), "device", "The filtered devices as xlsx (form body), formula-safe", |m| on(m, device::device_export)),
    route(POST, "/device/device/importTemplate", Access::Permission(device_perm::device::IMPORT), "device", "The device import template (xlsx)", |m| on(m, device::device_import_template)),
    route(POST, "/device/device/importData", Access::Permission(device_perm::device::IMPORT), "device", "Import devices from xls or xlsx (multipart file); all or nothing, bad rows listed", |m| on(m, device::device_import)),
    route(GET, "/device/group/list", Access::Permission(device_perm::group::LIST), "device", "The project's device groups (groupName), by name", |m| on(m, device::group_list)),
    route(GET, "/device/group/{groupId}", Access::Permission(device_perm::group::QUERY), "device", "A device group with its devices", |m| on(m, device::group_detail)),
    route(POST, "/device/group", Access::Permission(device_perm::group::ADD), "device", "Create a device group (groupName, remark, deviceIds)", |m| on(m, device::group_add)),
    route(PUT, "/device/group", Access::Permission(device_perm::group::EDIT), "device", "Edit a device group and its devices", |m| on(m, device::group_edit)),
    route(Method::DELETE, "/device/group/{groupId}", Access::Permission(device_perm::group::REMOVE), "device", "Delete device groups (ids comma-separated), all or none; the devices stay", |m| on(m, device::group_remove)),
    route(GET, "/device/chart/loop", Access::Permission(device_perm::chart::QUERY), "device", "A lighting chart: one loop's night (gatewayId, loopIndex, date), planned against actual, with its power", |m| on(m, device::loop_chart)),
    route(GET, "/device/command/list", Access::Permission(device_perm::command::LIST), "device", "The command log: every command sent to the project's gateways (gatewayId, loopIndex, action, source, requestedBy, result, params[beginTime], params[endTime]), newest first", |m| on(m, device::command_list)),
    route(GET, "/device/communication/list", Access::Permission(device_perm::communication::LIST), "device", "The communication records: every message between the project's gateways and the platform, refused ones with their reason (gatewayId, direction, channel, outcome, params[beginTime], params[endTime] within one month; none: this month), newest first", |m| on(m, device::communication_list)),
    route(POST, "/device/group/control", Access::Permission(device_perm::group::CONTROL), "device", "Switch the loops of a group's devices in service (groupId, switchState, holdMinutes, brightness)", |m| on(m, device::group_control)),
    route(GET, "/device/type/list", Access::Permission(device_perm::device_type::LIST), "device", "The project's equipment types (typeName, categoryId), the highest priority (lowest value) first", |m| on(m, catalog::type_list)),
    route(GET, "/device/type/{typeId}", Access::Permission(device_perm::device_type::QUERY), "device", "An equipment type", |m| on(m, catalog::type_detail)),
    route(POST, "/device/type", Access::Permission(device_perm::device_type::ADD), "device", "Create an equipment type (categoryId, typeName, typeCode, typeValue 0-255, statusCheckSeconds, minimumBurnMinutes)", |m| on(m, catalog::type_add)),
    route(PUT, "/device/type", Access::Permission(device_perm::device_type::EDIT), "device", "Edit an equipment type", |m| on(m, catalog::type_edit)),
    route(Method::DELETE, "/device/type/{typeId}", Access::Permission(device_perm::device_type::REMOVE), "device", "Delete equipment types (ids comma-separated), all or none", |m| on(m, catalog::type_remove)),
    // ---- lighting (gateways, real-time and one-key control, telemetry) ----
    route(GET, "/lighting/gateway/list", Access::Permission(lighting_perm::gateway::LIST), "lighting", "The project's gateways, filtered and paged", |m| on(m, lighting::gateway_list)),
    route(GET, "/lighting/gateway/{gatewayId}", Access::Permission(lighting_perm::gateway::QUERY), "lighting", "A gateway with the latest reading of each loop", |m| on(m, lighting::gateway_detail)),
    route(POST, "/lighting/gateway", Access::Permission(lighting_perm::gateway::ADD), "lighting", "Register a gateway and its loops", |m| on(m, lighting::gateway_add)),
    route(PUT, "/lighting/gateway", Access::Permission(lighting_perm::gateway::EDIT), "lighting", "Edit a gateway and its loops", |m| on(m, lighting::gateway_edit)),
    route(Method::DELETE, "/lighting/gateway/{gatewayId}", Access::Permission(lighting_perm::gateway::REMOVE), "lighting", "Delete gateways (ids comma-separated), all or none", |m| on(m, lighting::gateway_remove)),
    route(GET, "/lighting/gateway/{gatewayId}/power", Access::Permission(lighting_perm::gateway::QUERY), "lighting", "Per-minute power of a loop over the last hours (loopIndex, hours)", |m| on(m, lighting::gateway_power)),
    route(POST, "/lighting/gateway/{gatewayId}/credential", Access::Permission(lighting_perm::gateway::EDIT), "lighting", "A new NATS credential for the gateway (shown once); the previous one stops working", |m| on(m, lighting::gateway_credential)),
    route(POST, "/lighting/gateway/params", Access::Permission(lighting_perm::gateway::PARAMS), "lighting", "Batch parameter setting: heartbeatInterval (10-30 s) and/or telemetryInterval (10-3600 s) sent to gatewayIds, all of one brand; a result per gateway", |m| on(m, lighting::gateway_params)),
    route(GET, "/lighting/gateway/{gatewayId}/onlineHistory", Access::Permission(lighting_perm::gateway::QUERY), "lighting", "A gateway's online and offline changes, newest first", |m| on(m, lighting::gateway_online_history)),
    route(POST, "/lighting/control/loop", Access::Permission(lighting_perm::control::EDIT), "lighting", "Switch or dim one loop (gatewayId, loopIndex, on, holdMinutes, brightness); answers the gateway's acknowledgement (504 when none in time)", |m| on(m, lighting::control_loop)),
    route(POST, "/lighting/control/read", Access::Permission(lighting_perm::control::QUERY), "lighting", "Read a gateway's loops now", |m| on(m, lighting::control_read)),
    route(POST, "/lighting/oneKey/control", Access::Permission(lighting_perm::one_key::EDIT), "lighting", "Switch every loop of every gateway of the project", |m| on(m, lighting::one_key_control)),
    route(GET, "/lighting/oneKey/record/list", Access::Permission(lighting_perm::one_key::LIST), "lighting", "The audit of one-key control, newest first", |m| on(m, lighting::one_key_records)),
    route(GET, "/lighting/scene/list", Access::Permission(lighting_perm::scene::LIST), "lighting", "The project's power scenes (sceneName, sceneType), newest first", |m| on(m, schedule::scene_list)),
    route(GET, "/lighting/scene/{sceneId}", Access::Permission(lighting_perm::scene::QUERY), "lighting", "A power scene with what it sets on each loop", |m| on(m, schedule::scene_detail)),
    route(POST, "/lighting/scene", Access::Permission(lighting_perm::scene::ADD), "lighting", "Create a power scene (loops: gatewayId, loopIndex, switchState, brightness)", |m| on(m, schedule::scene_add)),
    route(PUT, "/lighting/scene", Access::Permission(lighting_perm::scene::EDIT), "lighting", "Edit a power scene (refused while an enabled task uses it)", |m| on(m, schedule::scene_edit)),
    route(Method::DELETE, "/lighting/scene/{sceneId}", Access::Permission(lighting_perm::scene::REMOVE), "lighting", "Delete power scenes (ids comma-separated), all or none; refused while a task uses one", |m| on(m, schedule::scene_remove)),
    route(GET, "/lighting/combinedScene/list", Access::Permission(lighting_perm::combined_scene::LIST), "lighting", "The project's combined scenes (sceneName), newest first", |m| on(m, schedule::combined_list)),
    route(GET, "/lighting/combinedScene/{sceneId}", Access::Permission(lighting_perm::combined_scene::QUERY), "lighting", "A combined scene with its members in order", |m| on(m, schedule::combined_detail)),
    route(POST, "/lighting/combinedScene", Access::Permission(lighting_perm::combined_scene::ADD), "lighting", "Create a combined scene (executionMode, repeatMode, members: sceneId, minutes)", |m| on(m, schedule::combined_add)),
    route(PUT, "/lighting/combinedScene", Access::Permission(lighting_perm::combined_scene::EDIT), "lighting", "Edit a combined scene (refused while an enabled task uses it)", |m| on(m, schedule::combined_edit)),
    route(Method::DELETE, "/lighting/combinedScene/{sceneId}", Access::Permission(lighting_perm::combined_scene::REMOVE), "lighting", "Delete combined scenes (ids comma-separated), all or none; refused while a task uses one", |m| on(m, schedule::combined_remove)),
    route(GET, "/lighting/task/list", Access::Permission(lighting_perm::task::LIST), "lighting", "The project's tasks (taskName, enabled), highest priority first", |m| on(m, schedule::task_list)),
    route(GET, "/lighting/task/{taskId}", Access::Permission(lighting_perm::task::QUERY), "lighting", "A task", |m| on(m, schedule::task_detail)),
    route(POST, "/lighting/task", Access::Permission(lighting_perm::task::ADD), "lighting", "Create a task (disabled): days, start and end (a clock time, or sunrise or sunset with an offset), priority 0-255, scenes, gateways", |m| on(m, schedule::task_add)),
    route(PUT, "/lighting/task", Access::Permission(lighting_perm::task::EDIT), "lighting", "Edit a task (refused while enabled)", |m| on(m, schedule::task_edit)),
    route(PUT, "/lighting/task/changeStatus", Access::Permission(lighting_perm::task::EDIT), "lighting", "Enable or disable a task (taskId, enabled)", |m| on(m, schedule::task_change_status)),
    route(Method::DELETE, "/lighting/task/{taskId}", Access::Permission(lighting_perm::task::REMOVE), "lighting", "Delete tasks (ids comma-separated), all or none; refused when one is enabled", |m| on(m, schedule::task_remove)),
    route(POST, "/lighting/task/issue", Access::Permission(lighting_perm::task::ISSUE), "lighting", "Issue tasks (taskIds, each enabled): every gateway they address is sent its schedule compiled from all the project's enabled tasks; the outcome per gateway", |m| on(m, schedule::task_issue)),
    route(GET, "/lighting/task/gatewaySchedules", Access::Permission(lighting_perm::task::LIST), "lighting", "Each gateway of the project with the schedule it was last issued and its issue state", |m| on(m, schedule::gateway_schedules)),
    route(GET, "/lighting/site", Access::Permission(lighting_perm::task::QUERY), "lighting", "Where the project's sunrise and sunset are computed, and its IANA time zone", |m| on(m, schedule::site_get)),
    route(PUT, "/lighting/site", Access::Permission(lighting_perm::task::EDIT), "lighting", "Set the project's site (latitude, longitude, timeZone)", |m| on(m, schedule::site_set)),
    route(GET, "/lighting/plan/tonight", Access::Permission(lighting_perm::task::QUERY), "lighting", "The night's plan of every loop (date, gatewayId): which task and scene decide each stretch, beside the latest reading", |m| on(m, schedule::plan_tonight)),
    route(GET, "/lighting/energy/stats", Access::Permission(lighting_perm::energy::LIST), "lighting", "Energy by local hour, day, month or year (granularity, beginTime, endTime as YYYY-MM-DD; gatewayId, loopIndex with it, groupId): each bucket's kWh by tariff band, cost, baseline, saving and flags (1 counter reset, 2 gap, 4 implausible jump not counted), and the total", |m| on(m, energy::stats)),
    route(GET, "/lighting/energy/ranking", Access::Permission(lighting_perm::energy::LIST), "lighting", "The loops that used the most (beginTime, endTime, limit 1-50, groupId)", |m| on(m, energy::ranking)),
    route(POST, "/lighting/energy/export", Access::Permission(lighting_perm::energy::EXPORT), "lighting", "The trend (view=trend, the stats' parameters) or the ranking (view=ranking) as xlsx (form body), formula-safe", |m| on(m, energy::export)),
    route(GET, "/lighting/energy/setting", Access::Permission(lighting_perm::energy::LIST), "lighting", "The project's time-of-use tariff (peakPrice, flatPrice, valleyPrice, hourBands: 24 letters P, F, V) and savings baseline (fullNight or lastYear, baselineNote)", |m| on(m, energy::setting_get)),
    route(PUT, "/lighting/energy/setting", Access::Permission(lighting_perm::energy::EDIT), "lighting", "Write the project's tariff and baseline", |m| on(m, energy::setting_set)),
    route(POST, "/lighting/energy/rebuild", Access::Permission(lighting_perm::energy::EDIT), "lighting", "Roll the days from beginTime to endTime again from the raw samples still held; refused for days no longer held", |m| on(m, energy::rebuild)).lasting(crate::clients::SLOW_CALL_SECONDS),
    route(GET, "/lighting/energy/summary", Access::Permission(lighting_perm::energy::LIST), "lighting", "Today's, this month's and last month's energy, this month's cost and saving, and the last 7 days: the home page's and the big screen's figures", |m| on(m, energy::summary)),
    route(GET, "/lighting/version/list", Access::Permission(lighting_perm::version::LIST), "lighting", "The firmware library (version, gatewayType), newest first", |m| on(m, firmware::version_list)),
    route(GET, "/lighting/version/{firmwareId}", Access::Permission(lighting_perm::version::QUERY), "lighting", "A firmware image's version, gateway type, file, size, SHA-256 and notes", |m| on(m, firmware::version_detail)),
    route(POST, "/lighting/version", Access::Permission(lighting_perm::version::ADD), "lighting", "Upload a firmware image (multipart: file, a .bin of at most 500 KB checked by content; version, gatewayType, notes)", |m| on(m, firmware::version_upload)).too_large_says(|| Msg::FirmwareTooLarge),
    route(PUT, "/lighting/version", Access::Permission(lighting_perm::version::EDIT), "lighting", "Edit a firmware image's notes (firmwareId, notes)", |m| on(m, firmware::version_edit)),
    route(Method::DELETE, "/lighting/version/{firmwareId}", Access::Permission(lighting_perm::version::REMOVE), "lighting", "Delete firmware images (ids comma-separated), all or none; refused while a campaign that has not ended uses one", |m| on(m, firmware::version_remove)),
    route(GET, "/lighting/upgrade/gateways", Access::Permission(lighting_perm::upgrade::LIST), "lighting", "The gateways with their version and latest upgrade (gatewayName, gatewayType, upgradeState 0-3)", |m| on(m, firmware::upgrade_gateways)),
    route(GET, "/lighting/upgrade/list", Access::Permission(lighting_perm::upgrade::LIST), "lighting", "The upgrade campaigns with their counts and progress (state)", |m| on(m, firmware::campaign_list)),
    route(GET, "/lighting/upgrade/{campaignId}/targets", Access::Permission(lighting_perm::upgrade::QUERY), "lighting", "A campaign's gateways with their state, phase and chunks sent (upgradeState)", |m| on(m, firmware::campaign_targets)),
    route(POST, "/lighting/upgrade", Access::Permission(lighting_perm::upgrade::ADD), "lighting", "Start a campaign (firmwareId, scope project, group with groupId or list with gatewayIds, concurrency 1-200, failureThreshold 1-100 %); one gateway type", |m| on(m, firmware::campaign_start)),
    route(PUT, "/lighting/upgrade/{campaignId}/pause", Access::Permission(lighting_perm::upgrade::EDIT), "lighting", "Pause a running campaign", |m| on(m, firmware::campaign_pause)),
    route(PUT, "/lighting/upgrade/{campaignId}/resume", Access::Permission(lighting_perm::upgrade::EDIT), "lighting", "Resume a paused or stopped campaign", |m| on(m, firmware::campaign_resume)),
    route(PUT, "/lighting/upgrade/{campaignId}/cancel", Access::Permission(lighting_perm::upgrade::EDIT), "lighting", "Cancel a campaign; gateways not yet committed stay not upgraded", |m| on(m, firmware::campaign_cancel)),
    // ---- end lighting ----
    // ---- alarm (alarm types, real-time and history alarms) ----
    route(GET, "/alarm/type/list", Access::Permission(alarm_perm::alarm_type::LIST), "alarm", "The project's alarm types, filtered and paged", |m| on(m, alarm::type_list)),
    route(GET, "/alarm/type/{alarmTypeId}", Access::Permission(alarm_perm::alarm_type::QUERY), "alarm", "An alarm type", |m| on(m, alarm::type_get)),
    route(POST, "/alarm/type", Access::Permission(alarm_perm::alarm_type::ADD), "alarm", "Create an alarm type (its rule reaches the bridge)", |m| on(m, alarm::type_add)),
    route(PUT, "/alarm/type", Access::Permission(alarm_perm::alarm_type::EDIT), "alarm", "Edit an alarm type", |m| on(m, alarm::type_edit)),
    route(Method::DELETE, "/alarm/type/{alarmTypeId}", Access::Permission(alarm_perm::alarm_type::REMOVE), "alarm", "Delete alarm types (ids comma-separated), all or none", |m| on(m, alarm::type_remove)),
    route(GET, "/alarm/realtime/list", Access::Permission(alarm_perm::realtime::LIST), "alarm", "Open alarms (not processed, processing), newest first", |m| on(m, alarm::realtime_list)),
    route(GET, "/alarm/history/list", Access::Permission(alarm_perm::history::LIST), "alarm", "Every alarm, newest first", |m| on(m, alarm::history_list)),
    route(GET, "/alarm/alarm/openCount", Access::Permission(alarm_perm::realtime::LIST), "alarm", "How many alarms of the project are open", |m| on(m, alarm::open_count)),
    route(GET, "/alarm/alarm/{alarmId}", Access::Permission(alarm_perm::realtime::QUERY), "alarm", "An alarm with its detail sentence and both contents", |m| on(m, alarm::alarm_get)),
    route(PUT, "/alarm/alarm/close", Access::Permission(alarm_perm::realtime::EDIT), "alarm", "Close an open alarm with a reason", |m| on(m, alarm::alarm_close)),
    route(PUT, "/alarm/alarm/process", Access::Permission(alarm_perm::realtime::EDIT), "alarm", "Take an alarm not processed yet into processing", |m| on(m, alarm::alarm_process)),
    // ---- end alarm ----
    // ---- maintenance (work orders) ----
    route(GET, "/operation/workOrder/list", Access::Permission(operation::work_order::LIST), "maintenance", "The project's work orders, filtered (status, orderType, urgency, keyword, mine) and paged, newest first", |m| on(m, maintenance::list)),
    route(GET, "/operation/workOrder/counts", Access::Permission(operation::work_order::LIST), "maintenance", "How many work orders are in each status, and how many open ones are overdue", |m| on(m, maintenance::counts)),
    route(GET, "/operation/workOrder/{workOrderId}", Access::Permission(operation::work_order::QUERY), "maintenance", "A work order with its process information and the alarms it stands for", |m| on(m, maintenance::get)),
    route(POST, "/operation/workOrder", Access::Permission(operation::work_order::ADD), "maintenance", "Open a work order, by hand or for an alarm (one order per alarm)", |m| on(m, maintenance::add)),
    route(PUT, "/operation/workOrder/dispatch", Access::Permission(operation::work_order::DISPATCH), "maintenance", "Dispatch an unassigned work order to a handler", |m| on(m, maintenance::dispatch)),
    route(PUT, "/operation/workOrder/assign", Access::Permission(operation::work_order::DISPATCH), "maintenance", "Assign a work order in progress to another handler", |m| on(m, maintenance::assign)),
    route(PUT, "/operation/workOrder/return", Access::Permission(operation::work_order::HANDLE), "maintenance", "Return a work order (in progress to unassigned, pending confirmation to in progress), with a note", |m| on(m, maintenance::return_order)),
    route(PUT, "/operation/workOrder/complete", Access::Permission(operation::work_order::HANDLE), "maintenance", "Complete the work of an order in progress, with a note", |m| on(m, maintenance::complete)),
    route(PUT, "/operation/workOrder/confirm", Access::Permission(operation::work_order::CONFIRM), "maintenance", "Confirm completed work with an evaluation and a score of 1 to 5; its alarms become processed", |m| on(m, maintenance::confirm)),
    route(PUT, "/operation/workOrder/close", Access::Permission(operation::work_order::CLOSE), "maintenance", "Close a work order with a reason; its alarms keep their state", |m| on(m, maintenance::close)),
    // ---- end maintenance ----
    // ---- inspection (docs/inspection-api.md) ----
    route(GET, "/operation/inspection/team/list", Access::Permission(operation::inspection::LIST), "maintenance", "The project's inspection teams with their members, filtered (keyword) and paged", |m| on(m, inspection::team_list)),
    route(GET, "/operation/inspection/team/{teamId}", Access::Permission(operation::inspection::QUERY), "maintenance", "An inspection team with its members", |m| on(m, inspection::team_get)),
    route(POST, "/operation/inspection/team", Access::Permission(operation::inspection::ADD), "maintenance", "Add an inspection team (name, 1 to 50 members who are enabled users of the project, remark)", |m| on(m, inspection::team_add)),
    route(PUT, "/operation/inspection/team", Access::Permission(operation::inspection::EDIT), "maintenance", "Edit an inspection team", |m| on(m, inspection::team_edit)),
    route(Method::DELETE, "/operation/inspection/team/{teamId}", Access::Permission(operation::inspection::REMOVE), "maintenance", "Delete inspection teams (refused while a plan uses one)", |m| on(m, inspection::team_remove)),
    route(GET, "/operation/inspection/route/list", Access::Permission(operation::inspection::LIST), "maintenance", "The project's inspection routes with their points, filtered (keyword) and paged", |m| on(m, inspection::route_list)),
    route(GET, "/operation/inspection/route/{routeId}", Access::Permission(operation::inspection::QUERY), "maintenance", "An inspection route with its points in the order walked", |m| on(m, inspection::route_get)),
    route(POST, "/operation/inspection/route", Access::Permission(operation::inspection::ADD), "maintenance", "Add an inspection route (name, 1 to 100 points: gateways and addresses of the project, remark)", |m| on(m, inspection::route_add)),
    route(PUT, "/operation/inspection/route", Access::Permission(operation::inspection::EDIT), "maintenance", "Edit an inspection route", |m| on(m, inspection::route_edit)),
    route(Method::DELETE, "/operation/inspection/route/{routeId}", Access::Permission(operation::inspection::REMOVE), "maintenance", "Delete inspection routes (refused while a plan uses one)", |m| on(m, inspection::route_remove)),
    route(GET, "/operation/inspection/plan/list", Access::Permission(operation::inspection::LIST), "maintenance", "The project's inspection plans, filtered (keyword, status) and paged", |m| on(m, inspection::plan_list)),
    route(GET, "/operation/inspection/plan/{planId}", Access::Permission(operation::inspection::QUERY), "maintenance", "An inspection plan", |m| on(m, inspection::plan_get)),
    route(POST, "/operation/inspection/plan", Access::Permission(operation::inspection::ADD), "maintenance", "Add an inspection plan (route, team, period, start and end dates neither past nor empty, start not after end)", |m| on(m, inspection::plan_add)),
    route(PUT, "/operation/inspection/plan", Access::Permission(operation::inspection::EDIT), "maintenance", "Edit an inspection plan (its next tasks follow it)", |m| on(m, inspection::plan_edit)),
    route(Method::DELETE, "/operation/inspection/plan/{planId}", Access::Permission(operation::inspection::REMOVE), "maintenance", "Delete inspection plans (their tasks stay)", |m| on(m, inspection::plan_remove)),
    route(GET, "/operation/inspection/task/list", Access::Permission(operation::inspection::LIST), "maintenance", "The project's inspection tasks, filtered (status, keyword, planId, mine) and paged, latest start first", |m| on(m, inspection::task_list)),
    route(GET, "/operation/inspection/task/counts", Access::Permission(operation::inspection::LIST), "maintenance", "How many inspection tasks are undoing, doing, finished and expired", |m| on(m, inspection::task_counts)),
    route(GET, "/operation/inspection/task/{taskId}", Access::Permission(operation::inspection::QUERY), "maintenance", "An inspection task with its points and their results", |m| on(m, inspection::task_get)),
    route(POST, "/operation/inspection/task", Access::Permission(operation::inspection::ADD), "maintenance", "Add an inspection task by hand (route, team, start and end times required, start not later than end)", |m| on(m, inspection::task_add)),
    route(Method::DELETE, "/operation/inspection/task/{taskId}", Access::Permission(operation::inspection::REMOVE), "maintenance", "Delete inspection tasks (a finished one is refused)", |m| on(m, inspection::task_remove)),
    route(PUT, "/operation/inspection/task/deal", Access::Permission(operation::inspection::DEAL), "maintenance", "Deal with a started task: a result description and a result per point; an abnormal point may open a work order", |m| on(m, inspection::task_deal)),
    // ---- end inspection ----
    // ---- maintenance contracts (docs/maintenance-api.md) ----
    route(GET, "/operation/maintenance/company/list", Access::Permission(operation::maintenance::LIST), "maintenance", "The project's maintenance companies, filtered (keyword) and paged", |m| on(m, contracts::company_list)),
    route(GET, "/operation/maintenance/company/{companyId}", Access::Permission(operation::maintenance::QUERY), "maintenance", "A maintenance company", |m| on(m, contracts::company_get)),
    route(POST, "/operation/maintenance/company", Access::Permission(operation::maintenance::ADD), "maintenance", "Add a maintenance company (name, contact, phone, address, remark)", |m| on(m, contracts::company_add)),
    route(PUT, "/operation/maintenance/company", Access::Permission(operation::maintenance::EDIT), "maintenance", "Edit a maintenance company", |m| on(m, contracts::company_edit)),
    route(Method::DELETE, "/operation/maintenance/company/{companyId}", Access::Permission(operation::maintenance::REMOVE), "maintenance", "Delete maintenance companies (all or none; refused while a contract names one)", |m| on(m, contracts::company_remove)),
    route(GET, "/operation/maintenance/contract/list", Access::Permission(operation::maintenance::LIST), "maintenance", "The project's maintenance contracts, ending soonest first, filtered (keyword, companyId, state: in force, near its end, ended, not started) and paged", |m| on(m, contracts::contract_list)),
    route(GET, "/operation/maintenance/contract/{contractId}", Access::Permission(operation::maintenance::QUERY), "maintenance", "A maintenance contract with its state and days left", |m| on(m, contracts::contract_get)),
    route(POST, "/operation/maintenance/contract", Access::Permission(operation::maintenance::ADD), "maintenance", "Add a maintenance contract (dates neither past nor empty, start not after end)", |m| on(m, contracts::contract_add)),
    route(PUT, "/operation/maintenance/contract", Access::Permission(operation::maintenance::EDIT), "maintenance", "Edit a maintenance contract", |m| on(m, contracts::contract_edit)),
    route(Method::DELETE, "/operation/maintenance/contract/{contractId}", Access::Permission(operation::maintenance::REMOVE), "maintenance", "Delete maintenance contracts (all or none; refused while a plan names one)", |m| on(m, contracts::contract_remove)),
    route(GET, "/operation/maintenance/plan/list", Access::Permission(operation::maintenance::LIST), "maintenance", "The project's maintenance plans, unfinished first, filtered (keyword, contractId, status) and paged", |m| on(m, contracts::plan_list)),
    route(GET, "/operation/maintenance/plan/counts", Access::Permission(operation::maintenance::LIST), "maintenance", "How many maintenance plans are unfinished, finished and overdue", |m| on(m, contracts::plan_counts)),
    route(GET, "/operation/maintenance/plan/{planId}", Access::Permission(operation::maintenance::QUERY), "maintenance", "A maintenance plan", |m| on(m, contracts::plan_get)),
    route(POST, "/operation/maintenance/plan", Access::Permission(operation::maintenance::ADD), "maintenance", "Add a maintenance plan (a contract of the project, a date within it and not past)", |m| on(m, contracts::plan_add)),
    route(PUT, "/operation/maintenance/plan", Access::Permission(operation::maintenance::EDIT), "maintenance", "Edit an unfinished maintenance plan", |m| on(m, contracts::plan_edit)),
    route(Method::DELETE, "/operation/maintenance/plan/{planId}", Access::Permission(operation::maintenance::REMOVE), "maintenance", "Delete unfinished maintenance plans (all or none)", |m| on(m, contracts::plan_remove)),
    route(PUT, "/operation/maintenance/plan/finish", Access::Permission(operation::maintenance::FINISH), "maintenance", "Record an unfinished maintenance plan as finished, with its result", |m| on(m, contracts::plan_finish)),
    // ---- end maintenance contracts ----
    // ---- assets ----
    route(GET, "/operation/asset/type/list", Access::Permission(operation::asset::LIST), "maintenance", "The project's asset types with their attributes, filtered (keyword) and paged", |m| on(m, assets::type_list)),
    route(GET, "/operation/asset/type/{typeId}", Access::Permission(operation::asset::QUERY), "maintenance", "An asset type with its attributes and sub-options", |m| on(m, assets::type_get)),
    route(POST, "/operation/asset/type", Access::Permission(operation::asset::ADD), "maintenance", "Add an asset type with its attributes (at most one default sub-option, sub-option values not null, a range when verified)", |m| on(m, assets::type_add)),
    route(PUT, "/operation/asset/type", Access::Permission(operation::asset::EDIT), "maintenance", "Edit an asset type and its attributes", |m| on(m, assets::type_edit)),
    route(Method::DELETE, "/operation/asset/type/{typeId}", Access::Permission(operation::asset::REMOVE), "maintenance", "Delete asset types (all or none; refused while an asset has one)", |m| on(m, assets::type_remove)),
    route(GET, "/operation/asset/list", Access::Permission(operation::asset::LIST), "maintenance", "The project's assets with their net value, filtered (keyword, typeId, status) and paged", |m| on(m, assets::asset_list)),
    route(GET, "/operation/asset/{assetId}", Access::Permission(operation::asset::QUERY), "maintenance", "An asset with its attribute values and net value (straight-line depreciation to today)", |m| on(m, assets::asset_get)),
    route(POST, "/operation/asset", Access::Permission(operation::asset::ADD), "maintenance", "Add an asset (idle) of a type of the project, its attribute values checked by the type", |m| on(m, assets::asset_add)),
    route(PUT, "/operation/asset", Access::Permission(operation::asset::EDIT), "maintenance", "Edit an asset (its status is its records')", |m| on(m, assets::asset_edit)),
    route(Method::DELETE, "/operation/asset/{assetId}", Access::Permission(operation::asset::REMOVE), "maintenance", "Delete assets (all or none; not one in use or under repair)", |m| on(m, assets::asset_remove)),
    route(GET, "/operation/asset/record/list", Access::Permission(operation::asset::LIST), "maintenance", "The project's asset records with their assets, filtered (keyword, recordType) and paged", |m| on(m, assets::record_list)),
    route(GET, "/operation/asset/record/{recordId}", Access::Permission(operation::asset::QUERY), "maintenance", "An asset record with its assets", |m| on(m, assets::record_get)),
    route(POST, "/operation/asset/record/receive", Access::Permission(operation::asset::RECEIVE), "maintenance", "Receive idle assets (at least one): they are in use", |m| on(m, assets::receive)),
    route(POST, "/operation/asset/record/return", Access::Permission(operation::asset::RECEIVE), "maintenance", "Return the assets of one receive or repair record: they are idle", |m| on(m, assets::return_assets)),
    route(POST, "/operation/asset/record/repair", Access::Permission(operation::asset::REPAIR), "maintenance", "Send assets to repair (at least one, idle or in use)", |m| on(m, assets::repair)),
    route(POST, "/operation/asset/record/scrap", Access::Permission(operation::asset::SCRAP), "maintenance", "Scrap assets (at least one)", |m| on(m, assets::scrap)),
    route(PUT, "/operation/asset/record/cancelScrap/{recordId}", Access::Permission(operation::asset::SCRAP), "maintenance", "Cancel an effective scrap: its assets take back the status each had", |m| on(m, assets::cancel_scrap)),
    route(POST, "/operation/asset/export", Access::Permission(operation::asset::EXPORT), "maintenance", "The filtered assets as xlsx (form body), formula-safe, with their net value", |m| on(m, assets::export)),
    route(POST, "/operation/asset/importTemplate", Access::Permission(operation::asset::IMPORT), "maintenance", "The asset import template (xlsx)", |m| on(m, assets::import_template)),
    route(POST, "/operation/asset/importData", Access::Permission(operation::asset::IMPORT), "maintenance", "Import assets from xls or xlsx (multipart file); all or nothing, bad rows listed", |m| on(m, assets::import)),
    // ---- end assets ----
    // ---- live push ----
    route(GET, "/live/stream", Access::SignedIn, "live", "Server-Sent Events of the project's alarms and gateway status (ProjectId header required)", |m| on(m, live::stream)),
    // ---- end live push ----
];

/// The API router: exactly the routes of the table, so no handler can exist without a
/// declared permission.
pub fn router() -> axum::Router<EdgeState> {
    ROUTES.iter().fold(axum::Router::new(), |router, spec| {
        let filter = MethodFilter::try_from(spec.method.clone()).expect("a routable method");
        router.route(spec.path, (spec.bind)(filter))
    })
}

/// The table entry for a matched route.
pub fn find(method: &Method, path: &str) -> Option<&'static RouteSpec> {
    ROUTES.iter().find(|r| r.method == *method && r.path == path)
}

/// The OpenAPI document of the edge, under `base_path`.
pub fn openapi(base_path: &str) -> OpenApi {
    let mut paths = PathsBuilder::new();
    let mut by_path: Vec<(&str, Vec<&RouteSpec>)> = Vec::new();
    for spec in ROUTES {
        match by_path.iter_mut().find(|(p, _)| *p == spec.path) {
            Some((_, list)) => list.push(spec),
            None => by_path.push((spec.path, vec![spec])),
        }
    }
    for (path, specs) in by_path {
        let mut item: Option<PathItem> = None;
        for spec in specs {
            let method = match spec.method {
                Method::POST => HttpMethod::Post,
                Method::PUT => HttpMethod::Put,
                Method::DELETE => HttpMethod::Delete,
                _ => HttpMethod::Get,
            };
            let permission = match spec.access {
                Access::Public => "public".to_owned(),
                Access::SignedIn => "signed in".to_owned(),
                Access::Permission(p) => p.to_owned(),
            };
            // The live stream answers Server-Sent Events; every other route the envelope.
            let ok = if spec.tag == "live" {
                ResponseBuilder::new()
                    .description("Server-Sent Events")
                    .content("text/event-stream", Content::default())
            } else if let Some(media_type) = spec.answers_file() {
                ResponseBuilder::new()
                    .description("a file: an xlsx workbook or a backup (a refusal answers the envelope)")
                    .content(media_type, Content::default())
                    .content("application/json", envelope())
            } else {
                ResponseBuilder::new()
                    .description("envelope with code 200, or 500 for a business rule's refusal")
                    .content("application/json", envelope())
            };
            let mut operation = OperationBuilder::new()
                .tag(spec.tag)
                .summary(Some(spec.summary))
                .description(Some(format!("Access: {permission}. Answers the envelope {{code, msg, ...}}.")))
                .response("200", ok)
                .response(
                    "default",
                    ResponseBuilder::new()
                        .description("refused: envelope whose code is the HTTP status (400, 401, 403, 404, 413, ...)")
                        .content("application/json", envelope()),
                );
            for name in path_parameters(path) {
                operation = operation.parameter(
                    ParameterBuilder::new()
                        .name(name)
                        .parameter_in(ParameterIn::Path)
                        .required(Required::True)
                        .schema(Some(path_parameter_schema(name))),
                );
            }
            if spec.limit.is_some() {
                operation = operation.response(
                    "429",
                    ResponseBuilder::new()
                        .description("rate limited: envelope with code 429 and a Retry-After header")
                        .content("application/json", envelope()),
                );
            }
            if spec.access != Access::Public {
                operation = operation.security(SecurityRequirement::new("bearer", Vec::<String>::new()));
            }
            item = Some(match item {
                None => PathItem::new(method, operation),
                Some(existing) => {
                    let mut merged = existing;
                    merged.merge_operations(PathItem::new(method, operation));
                    merged
                }
            });
        }
        if let Some(item) = item {
            paths = paths.path(format!("{base_path}{path}"), item);
        }
    }
    OpenApiBuilder::new()
        .info(InfoBuilder::new().title("Lumiscape edge API").version(env!("CARGO_PKG_VERSION")).build())
        .paths(paths.build())
        .components(Some(
            ComponentsBuilder::new()
                .security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)))
                .schema(
                    "Envelope",
                    ObjectBuilder::new()
                        .schema_type(Type::Object)
                        .property("code", ObjectBuilder::new().schema_type(Type::Integer))
                        .property("msg", ObjectBuilder::new().schema_type(Type::String))
                        .required("code")
                        .required("msg"),
                )
                .build(),
        ))
        .build()
}

/// A path parameter: text, and for a record's id (`gatewayId`) the digits of one.
fn path_parameter_schema(name: &str) -> ObjectBuilder {
    let text = ObjectBuilder::new().schema_type(Type::String);
    if name.ends_with("Id") { text.pattern(Some("^[1-9][0-9]{0,17}$")) } else { text }
}

/// Every JSON answer: `{code, msg, ...}` (RuoYi's envelope), the rest depending on the route.
fn envelope() -> Content {
    Content::new(Some(Ref::from_schema_name("Envelope")))
}

fn path_parameters(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter_map(|segment| segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_unique() {
        for (i, a) in ROUTES.iter().enumerate() {
            for b in &ROUTES[i + 1..] {
                assert!(!(a.method == b.method && a.path == b.path), "duplicate route {} {}", a.method, a.path);
            }
        }
    }

    #[test]
    fn permissions_are_pc_prefixed() {
        for spec in ROUTES {
            if let Access::Permission(p) = spec.access {
                assert!(p.starts_with("pc:"), "{p}");
            }
        }
    }

    #[test]
    fn openapi_lists_every_route() {
        let doc = serde_json::to_value(openapi("/prod-api")).unwrap();
        for spec in ROUTES {
            let path = format!("/prod-api{}", spec.path);
            let method = spec.method.as_str().to_lowercase();
            assert!(doc["paths"][&path][&method].is_object(), "{method} {path} missing");
        }
        assert_eq!(doc["paths"]["/prod-api/system/dict/data/type/{type}"]["get"]["parameters"][0]["name"], "type");
        assert!(doc["paths"]["/prod-api/login"]["post"]["responses"]["429"].is_object());
        assert!(doc["paths"]["/prod-api/getInfo"]["get"]["responses"]["429"].is_null());
    }

    #[test]
    fn the_sign_in_routes_are_rate_limited() {
        let limit = |method: Method, path: &str| find(&method, path).and_then(|spec| spec.limit);
        assert_eq!(limit(Method::POST, "/login"), Some(Limit::SignIn));
        assert_eq!(limit(Method::GET, "/loginByOtherSystem"), Some(Limit::SignIn));
        assert_eq!(limit(Method::GET, "/captchaImage"), Some(Limit::Captcha));
        let limited = ROUTES.iter().filter(|spec| spec.limit.is_some()).count();
        assert_eq!(limited, 3, "only the sign-in routes");
    }
}
