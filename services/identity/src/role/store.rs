//! The roles' queries. Each write is one transaction; the `admin` role is refused before
//! anything is written, and so is a role still assigned to users on delete.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::{ADMIN_KEY, RoleDraft};

/// A query answering whole roles: `role_query!("WHERE ..."; args)`.
macro_rules! role_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            RoleRow,
            "SELECT role_id, role_name, role_key, role_sort, data_scope::text AS \"data_scope!\", menu_check_strictly, \
             dept_check_strictly, status::text AS \"status!\", remark, created_at FROM identity.roles " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct RoleRow {
    pub role_id: i64,
    pub role_name: String,
    pub role_key: String,
    pub role_sort: i32,
    pub data_scope: String,
    pub menu_check_strictly: bool,
    pub dept_check_strictly: bool,
    pub status: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct RoleFilter {
    pub role_name: String,
    pub role_key: String,
    pub status: String,
    pub created_from: Option<DateTime<Utc>>,
    pub created_before: Option<DateTime<Utc>>,
}

/// One page of the roles matching `filter`, by sort then id, and the count of all matches.
pub async fn list(pool: &PgPool, filter: &RoleFilter, page: Option<Page>) -> sqlx::Result<(Vec<RoleRow>, i64)> {
    let (limit, offset) = page.map_or((i64::MAX, 0), |p| (p.limit, p.offset));
    let rows = role_query!(
        "WHERE strpos(role_name, $1) > 0 AND strpos(role_key, $2) > 0 AND ($3 = '' OR status = $3) \
         AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5) \
         ORDER BY role_sort, role_id LIMIT $6 OFFSET $7";
        filter.role_name,
        filter.role_key,
        filter.status,
        filter.created_from,
        filter.created_before,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.roles \
         WHERE strpos(role_name, $1) > 0 AND strpos(role_key, $2) > 0 AND ($3 = '' OR status = $3) \
         AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)",
        filter.role_name,
        filter.role_key,
        filter.status,
        filter.created_from,
        filter.created_before,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, role_id: i64) -> sqlx::Result<Option<RoleRow>> {
    role_query!("WHERE role_id = $1"; role_id).fetch_optional(pool).await
}

/// The menus a role grants.
pub async fn menu_ids(pool: &PgPool, role_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("SELECT menu_id FROM identity.role_menus WHERE role_id = $1 ORDER BY menu_id", role_id)
        .fetch_all(pool)
        .await
}

/// The organization nodes of a role's custom scope.
pub async fn dept_ids(pool: &PgPool, role_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("SELECT dept_id FROM identity.role_depts WHERE role_id = $1 ORDER BY dept_id", role_id)
        .fetch_all(pool)
        .await
}

/// Every menu (id, parent, name in the language asked) in tree order.
pub async fn menu_nodes(pool: &PgPool, english: bool) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let rows = sqlx::query!(
        "SELECT menu_id, parent_id, menu_name, menu_name_en FROM identity.menus ORDER BY parent_id, order_num, menu_id"
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (r.menu_id, r.parent_id, if english && !r.menu_name_en.is_empty() { r.menu_name_en } else { r.menu_name })
        })
        .collect())
}

/// Every organization node (id, parent, name) in tree order.
pub async fn dept_nodes(pool: &PgPool) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let rows =
        sqlx::query!("SELECT dept_id, parent_id, dept_name FROM identity.depts ORDER BY parent_id, order_num, dept_id")
            .fetch_all(pool)
            .await?;
    Ok(rows.into_iter().map(|r| (r.dept_id, r.parent_id, r.dept_name)).collect())
}

/// The users holding any of the roles (whose sessions follow a change).
pub async fn holders(pool: &PgPool, role_ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("SELECT DISTINCT user_id FROM identity.user_roles WHERE role_id = ANY ($1)", role_ids)
        .fetch_all(pool)
        .await
}

/// Locks a role for a change: `Ok(false)` when it does not exist; the `admin` role is
/// refused.
async fn lock_changeable(conn: &mut PgConnection, role_id: i64) -> Result<bool, Error> {
    let key = sqlx::query_scalar!("SELECT role_key FROM identity.roles WHERE role_id = $1 FOR UPDATE", role_id)
        .fetch_optional(&mut *conn)
        .await?;
    match key {
        None => Ok(false),
        Some(key) if key == ADMIN_KEY => Err(Error::refused(Msg::RoleIsAdmin)),
        Some(_) => Ok(true),
    }
}

async fn write_menus(conn: &mut PgConnection, role_id: i64, menu_ids: &[i64]) -> Result<(), Error> {
    sqlx::query!("DELETE FROM identity.role_menus WHERE role_id = $1", role_id).execute(&mut *conn).await?;
    let granted = sqlx::query!(
        "INSERT INTO identity.role_menus (role_id, menu_id) SELECT $1, menu_id FROM identity.menus WHERE menu_id = ANY ($2)",
        role_id,
        menu_ids
    )
    .execute(&mut *conn)
    .await?;
    if granted.rows_affected() != menu_ids.len() as u64 {
        return Err(Error::bad_request(Msg::MenuNotFound));
    }
    Ok(())
}

pub async fn insert(pool: &PgPool, draft: &RoleDraft) -> Result<i64, Error> {
    if draft.role_key == ADMIN_KEY {
        return Err(Error::bad_request(Msg::RoleKeyTaken { key: draft.role_key.clone() }));
    }
    let mut tx = pool.begin().await?;
    let role_id = sqlx::query_scalar!(
        "INSERT INTO identity.roles (role_name, role_key, role_sort, status, menu_check_strictly, dept_check_strictly, \
         remark) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING role_id",
        draft.role_name,
        draft.role_key,
        draft.role_sort,
        draft.status,
        draft.menu_check_strictly,
        draft.dept_check_strictly,
        draft.remark,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    write_menus(&mut tx, role_id, &draft.menu_ids).await?;
    tx.commit().await?;
    Ok(role_id)
}

/// Saves an edit; `Ok(false)` when the role does not exist.
pub async fn update(pool: &PgPool, role_id: i64, draft: &RoleDraft) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    if !lock_changeable(&mut tx, role_id).await? {
        return Ok(false);
    }
    sqlx::query!(
        "UPDATE identity.roles SET role_name = $2, role_key = $3, role_sort = $4, status = $5, menu_check_strictly = $6, \
         dept_check_strictly = $7, remark = $8 WHERE role_id = $1",
        role_id,
        draft.role_name,
        draft.role_key,
        draft.role_sort,
        draft.status,
        draft.menu_check_strictly,
        draft.dept_check_strictly,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    write_menus(&mut tx, role_id, &draft.menu_ids).await?;
    tx.commit().await?;
    Ok(true)
}

pub async fn change_status(pool: &PgPool, role_id: i64, status: &str) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    if !lock_changeable(&mut tx, role_id).await? {
        return Ok(false);
    }
    sqlx::query!("UPDATE identity.roles SET status = $2 WHERE role_id = $1", role_id, status).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(true)
}

/// Sets the data scope and, for custom scope, its nodes; `Ok(false)` when the role does
/// not exist.
pub async fn set_data_scope(
    pool: &PgPool,
    role_id: i64,
    data_scope: &str,
    dept_ids: &[i64],
    dept_check_strictly: bool,
) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    if !lock_changeable(&mut tx, role_id).await? {
        return Ok(false);
    }
    sqlx::query!(
        "UPDATE identity.roles SET data_scope = $2, dept_check_strictly = $3 WHERE role_id = $1",
        role_id,
        data_scope,
        dept_check_strictly
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("DELETE FROM identity.role_depts WHERE role_id = $1", role_id).execute(&mut *tx).await?;
    let ids: &[i64] = if data_scope == "2" { dept_ids } else { &[] };
    let written = sqlx::query!(
        "INSERT INTO identity.role_depts (role_id, dept_id) SELECT $1, dept_id FROM identity.depts WHERE dept_id = ANY ($2)",
        role_id,
        ids
    )
    .execute(&mut *tx)
    .await?;
    if written.rows_affected() != ids.len() as u64 {
        return Err(Error::bad_request(Msg::DeptNotFound));
    }
    tx.commit().await?;
    Ok(true)
}

/// Deletes roles no user holds; `Ok(false)` when one of them does not exist.
pub async fn delete(pool: &PgPool, role_ids: &[i64]) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    for &role_id in role_ids {
        if !lock_changeable(&mut tx, role_id).await? {
            return Ok(false);
        }
    }
    let assigned = sqlx::query_scalar!(
        "SELECT r.role_name FROM identity.roles r WHERE r.role_id = ANY ($1) \
         AND EXISTS (SELECT 1 FROM identity.user_roles ur JOIN identity.users u ON u.user_id = ur.user_id \
                     WHERE ur.role_id = r.role_id AND NOT u.deleted) ORDER BY r.role_id LIMIT 1",
        role_ids
    )
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(name) = assigned {
        return Err(Error::refused(Msg::RoleAssigned { name }));
    }
    sqlx::query!("DELETE FROM identity.roles WHERE role_id = ANY ($1)", role_ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(true)
}

fn translate(err: sqlx::Error, draft: &RoleDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "roles_name_key" => Some(Msg::RoleNameTaken { name: draft.role_name.clone() }),
        "roles_role_key_key" => Some(Msg::RoleKeyTaken { key: draft.role_key.clone() }),
        _ => None,
    })
}
