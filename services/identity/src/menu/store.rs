//! Menu queries. Writes to the tree take its lock first (a transaction-scoped advisory
//! lock), so two edits cannot make a cycle, and record the clearing of every replica's
//! route trees (`crate::cache`).

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use sqlx::{PgConnection, PgPool};

use super::admin::{MenuDraft, check_parent};
use super::model::{Menu, MenuType};
use crate::cache::{self, Cache};

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
    affix: bool,
}

pub async fn all_menus(pool: &PgPool) -> sqlx::Result<Vec<Menu>> {
    let rows = sqlx::query_as!(
        MenuRow,
        "SELECT menu_id, parent_id, menu_name, menu_name_en, order_num, path, component, query, route_name, \
         is_frame, is_cache, menu_type, visible, status, icon, menu_module, client, affix FROM identity.menus",
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
                affix: r.affix,
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

#[derive(Debug, Clone)]
pub struct MenuEntryRow {
    pub menu_id: i64,
    pub parent_id: i64,
    pub menu_name: String,
    pub menu_name_en: String,
    pub order_num: i32,
    pub path: String,
    pub component: String,
    pub query: String,
    pub route_name: String,
    pub is_frame: bool,
    pub is_cache: bool,
    pub menu_type: String,
    pub visible: bool,
    pub status: String,
    pub perms: String,
    pub icon: String,
    pub menu_module: String,
    pub client: String,
    pub affix: bool,
    pub created_at: DateTime<Utc>,
}

macro_rules! entry_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            MenuEntryRow,
            "SELECT menu_id, parent_id, menu_name, menu_name_en, order_num, path, component, query, route_name, \
             is_frame, is_cache, menu_type::text AS \"menu_type!\", visible, status::text AS \"status!\", perms, icon, \
             menu_module, client::text AS \"client!\", affix, created_at FROM identity.menus " + $after,
            $($arg),*
        )
    };
}

/// Every menu whose Chinese or English name holds `name`, of `status` (any when empty), by
/// parent then order.
pub async fn list_entries(pool: &PgPool, name: &str, status: &str) -> sqlx::Result<Vec<MenuEntryRow>> {
    entry_query!(
        "WHERE (strpos(menu_name, $1) > 0 OR strpos(menu_name_en, $1) > 0) AND ($2 = '' OR status = $2) \
         ORDER BY parent_id, order_num, menu_id";
        name,
        status,
    )
    .fetch_all(pool)
    .await
}

pub async fn find_entry(pool: &PgPool, menu_id: i64) -> sqlx::Result<Option<MenuEntryRow>> {
    entry_query!("WHERE menu_id = $1"; menu_id).fetch_optional(pool).await
}

/// Every menu's parent and type, the tree's shape, read under the tree's lock.
async fn shape(conn: &mut PgConnection) -> sqlx::Result<HashMap<i64, (i64, String)>> {
    sqlx::query!("SELECT pg_advisory_xact_lock(hashtext('identity.menus'))").execute(&mut *conn).await?;
    let rows = sqlx::query!("SELECT menu_id, parent_id, menu_type::text AS \"menu_type!\" FROM identity.menus")
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(|r| (r.menu_id, (r.parent_id, r.menu_type))).collect())
}

/// Refuses a name a sibling has.
async fn check_name(conn: &mut PgConnection, menu_id: Option<i64>, draft: &MenuDraft) -> Result<(), Error> {
    let taken = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM identity.menus WHERE parent_id = $1 AND menu_name = $2 \
         AND ($3::bigint IS NULL OR menu_id <> $3)) AS \"e!\"",
        draft.parent_id,
        draft.menu_name,
        menu_id,
    )
    .fetch_one(conn)
    .await?;
    if taken { Err(Error::bad_request(Msg::MenuNameTaken { name: draft.menu_name.clone() })) } else { Ok(()) }
}

pub async fn insert(pool: &PgPool, streams: &Streams, draft: &MenuDraft) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let menus = shape(&mut tx).await?;
    check_parent(None, draft.parent_id, &menus).map_err(Error::bad_request)?;
    check_name(&mut tx, None, draft).await?;
    let menu_id = sqlx::query_scalar!(
        "INSERT INTO identity.menus (parent_id, menu_name, menu_name_en, order_num, path, component, query, route_name, \
         is_frame, is_cache, menu_type, visible, status, perms, icon, menu_module, client, affix) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING menu_id",
        draft.parent_id,
        draft.menu_name,
        draft.menu_name_en,
        draft.order_num,
        draft.path,
        draft.component,
        draft.query,
        draft.route_name,
        draft.is_frame,
        draft.is_cache,
        draft.menu_type,
        draft.visible,
        draft.status,
        draft.perms,
        draft.icon,
        draft.menu_module,
        draft.client,
        draft.affix,
    )
    .fetch_one(&mut *tx)
    .await?;
    cache::record(&mut tx, streams, Cache::Menu, "").await?;
    tx.commit().await?;
    Ok(menu_id)
}

/// Saves an edit; `Ok(false)` when the menu does not exist.
pub async fn update(pool: &PgPool, streams: &Streams, menu_id: i64, draft: &MenuDraft) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let menus = shape(&mut tx).await?;
    if !menus.contains_key(&menu_id) {
        return Ok(false);
    }
    check_parent(Some(menu_id), draft.parent_id, &menus).map_err(Error::bad_request)?;
    check_name(&mut tx, Some(menu_id), draft).await?;
    sqlx::query!(
        "UPDATE identity.menus SET parent_id = $2, menu_name = $3, menu_name_en = $4, order_num = $5, path = $6, \
         component = $7, query = $8, route_name = $9, is_frame = $10, is_cache = $11, menu_type = $12, visible = $13, \
         status = $14, perms = $15, icon = $16, menu_module = $17, client = $18, affix = $19 WHERE menu_id = $1",
        menu_id,
        draft.parent_id,
        draft.menu_name,
        draft.menu_name_en,
        draft.order_num,
        draft.path,
        draft.component,
        draft.query,
        draft.route_name,
        draft.is_frame,
        draft.is_cache,
        draft.menu_type,
        draft.visible,
        draft.status,
        draft.perms,
        draft.icon,
        draft.menu_module,
        draft.client,
        draft.affix,
    )
    .execute(&mut *tx)
    .await?;
    cache::record(&mut tx, streams, Cache::Menu, "").await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a menu with no sub-menus that no role holds; `Ok(false)` when it does not exist.
pub async fn delete(pool: &PgPool, streams: &Streams, menu_id: i64) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let menus = shape(&mut tx).await?;
    if !menus.contains_key(&menu_id) {
        return Ok(false);
    }
    if menus.values().any(|(parent, _)| *parent == menu_id) {
        return Err(Error::refused(Msg::MenuHasChildren));
    }
    let assigned =
        sqlx::query_scalar!("SELECT EXISTS (SELECT 1 FROM identity.role_menus WHERE menu_id = $1) AS \"e!\"", menu_id)
            .fetch_one(&mut *tx)
            .await?;
    if assigned {
        return Err(Error::refused(Msg::MenuAssigned));
    }
    sqlx::query!("DELETE FROM identity.menus WHERE menu_id = $1", menu_id).execute(&mut *tx).await?;
    cache::record(&mut tx, streams, Cache::Menu, "").await?;
    tx.commit().await?;
    Ok(true)
}
