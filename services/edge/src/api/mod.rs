//! The handlers: each turns an HTTP request into a service call and the answer into the
//! envelope the console expects (spec section 7).

pub mod auth;
pub mod project;
pub mod system;

use axum::Router;
use axum::routing::{get, post};

use crate::EdgeState;

/// Every API route; each must have an entry in [`crate::routes::ROUTES`].
pub fn router() -> Router<EdgeState> {
    Router::new()
        .route("/captchaImage", get(auth::captcha))
        .route("/login", post(auth::login))
        .route("/loginByOtherSystem", get(auth::login_by_other_system))
        .route("/logout", post(auth::logout))
        .route("/auth/refresh", post(auth::refresh))
        .route("/getInfo", get(auth::get_info))
        .route("/system/menu/getRouters", get(system::get_routers))
        .route("/system/config/configKey/{key}", get(system::config_by_key))
        .route("/system/config/list", get(system::config_list))
        .route("/system/dict/data/type/{type}", get(system::dict_by_type))
        .route("/project/project/dropList", get(project::drop_list))
        .route(
            "/project/project/userProjectList",
            get(project::user_project_list),
        )
        .route("/project/project/detail", get(project::detail))
}
