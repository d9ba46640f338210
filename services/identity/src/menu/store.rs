//! Menu queries.

use std::collections::HashSet;

use sqlx::PgPool;

use super::model::{Menu, MenuType};

struct MenuRow {
    menu_id: i64,
    parent_id: i64,
    menu_name: String,
    menu_name_en: String,
    order_num: i32,
    path: String,
    component: String,
    query: String,
    route_name: String,
    is_frame: bool,
    is_cache: bool,
    menu_type: String,
    visible: bool,
    status: String,
    icon: String,
    menu_module: String,
    client: String,
}

pub async fn all_menus(pool: &PgPool) -> sqlx::Result<Vec<Menu>> {
    let rows = sqlx::query_as!(
        MenuRow,
        "SELECT menu_id, parent_id, menu_name, menu_name_en, order_num, path, component, query, route_name, \
         is_frame, is_cache, menu_type, visible, status, icon, menu_module, client FROM identity.menus",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            Some(Menu {
                menu_type: MenuType::from_code(&r.menu_type)?,
                menu_id: r.menu_id,
                parent_id: r.parent_id,
                menu_name: r.menu_name,
                menu_name_en: r.menu_name_en,
                order_num: r.order_num,
                path: r.path,
                component: r.component,
                query: r.query,
                route_name: r.route_name,
                is_frame: r.is_frame,
                is_cache: r.is_cache,
                visible: r.visible,
                enabled: r.status == "0",
                icon: r.icon,
                menu_module: r.menu_module,
                client: r.client,
            })
        })
        .collect())
}

/// The menu ids granted to a user through enabled roles.
pub async fn granted_menu_ids(pool: &PgPool, user_id: i64) -> sqlx::Result<HashSet<i64>> {
    let ids = sqlx::query_scalar!(
        "SELECT DISTINCT rm.menu_id FROM identity.user_roles ur \
         JOIN identity.roles r ON r.role_id = ur.role_id AND r.status = '0' \
         JOIN identity.role_menus rm ON rm.role_id = r.role_id WHERE ur.user_id = $1",
        user_id,
    )
    .fetch_all(pool)
    .await?;
    Ok(ids.into_iter().collect())
}
