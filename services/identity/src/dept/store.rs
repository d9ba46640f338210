//! The organization's queries. Each write to the tree is one transaction that first takes
//! the tree's lock, so two administrators editing it at once cannot make a cycle, orphan a
//! node or leave stale ancestors (edits of the tree are rare; they simply queue). Each also
//! clears every replica's organization index (`cache::Cache::Dept`) in its transaction.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use sqlx::{PgConnection, PgPool};

use lumiscape_common::nats::Streams;

use super::model::{DeptDraft, ancestors_under, check_move};
use crate::cache::{self, Cache};

/// A query answering whole nodes: `dept_query!("WHERE ..."; args)`.
macro_rules! dept_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            DeptRow,
            "SELECT dept_id, parent_id, ancestors, dept_name, dept_code, dept_type, order_num, leader, phone, email, \
             status, created_at FROM identity.depts " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct DeptRow {
    pub dept_id: i64,
    pub parent_id: i64,
    pub ancestors: String,
    pub dept_name: String,
    pub dept_code: String,
    pub dept_type: String,
    pub order_num: i32,
    pub leader: String,
    pub phone: String,
    pub email: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
}

/// Nodes whose name holds `name` (any when empty) and of `status` (any when empty), by
/// parent then order. `visible`: the data scope's nodes (and below), `None` for all.
pub async fn list(pool: &PgPool, visible: Option<&[i64]>, name: &str, status: &str) -> sqlx::Result<Vec<DeptRow>> {
    dept_query!(
        "WHERE ($1::bigint[] IS NULL OR dept_id = ANY ($1) OR string_to_array(ancestors, ',')::bigint[] && $1) \
         AND strpos(dept_name, $2) > 0 AND ($3 = '' OR status = $3) ORDER BY parent_id, order_num, dept_id";
        visible,
        name,
        status,
    )
    .fetch_all(pool)
    .await
}

/// Every node but `dept_id` and its descendants: where it may move.
pub async fn list_excluding(pool: &PgPool, visible: Option<&[i64]>, dept_id: i64) -> sqlx::Result<Vec<DeptRow>> {
    dept_query!(
        "WHERE ($2::bigint[] IS NULL OR dept_id = ANY ($2) OR string_to_array(ancestors, ',')::bigint[] && $2) \
         AND dept_id <> $1 AND NOT ($1 = ANY (string_to_array(ancestors, ',')::bigint[])) \
         ORDER BY parent_id, order_num, dept_id";
        dept_id,
        visible,
    )
    .fetch_all(pool)
    .await
}

/// A node the scope shows (`visible`, `None` for every node).
pub async fn find(pool: &PgPool, visible: Option<&[i64]>, dept_id: i64) -> sqlx::Result<Option<DeptRow>> {
    dept_query!(
        "WHERE dept_id = $1 \
         AND ($2::bigint[] IS NULL OR dept_id = ANY ($2) OR string_to_array(ancestors, ',')::bigint[] && $2)";
        dept_id,
        visible,
    )
    .fetch_optional(pool)
    .await
}

/// The enabled nodes the scope shows (id, parent, name) in tree order.
pub async fn enabled_nodes(pool: &PgPool, visible: Option<&[i64]>) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let rows = sqlx::query!(
        "SELECT dept_id, parent_id, dept_name FROM identity.depts WHERE status = '0' \
         AND ($1::bigint[] IS NULL OR dept_id = ANY ($1) OR string_to_array(ancestors, ',')::bigint[] && $1) \
         ORDER BY parent_id, order_num, dept_id",
        visible
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.dept_id, r.parent_id, r.dept_name)).collect())
}

/// Serializes writes to the tree until the transaction ends.
async fn lock_tree(conn: &mut PgConnection) -> sqlx::Result<()> {
    sqlx::query!("SELECT pg_advisory_xact_lock(hashtext('identity.depts'))").execute(conn).await?;
    Ok(())
}

/// The parent a node goes under, locked: its ancestors, or a refusal when it is missing
/// or (for a node that is enabled) disabled.
async fn lock_parent(conn: &mut PgConnection, draft: &DeptDraft) -> Result<String, Error> {
    if draft.parent_id == 0 {
        return Ok(String::new());
    }
    let parent =
        sqlx::query!("SELECT ancestors, status FROM identity.depts WHERE dept_id = $1 FOR UPDATE", draft.parent_id)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(|| Error::bad_request(Msg::DeptParentNotFound))?;
    if parent.status != "0" && draft.status == "0" {
        return Err(Error::refused(Msg::DeptParentDisabled));
    }
    Ok(parent.ancestors)
}

pub async fn insert(pool: &PgPool, streams: &Streams, draft: &DeptDraft) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    lock_tree(&mut tx).await?;
    let parent_ancestors = lock_parent(&mut tx, draft).await?;
    let ancestors = ancestors_under(draft.parent_id, &parent_ancestors);
    let dept_id = sqlx::query_scalar!(
        "INSERT INTO identity.depts (parent_id, ancestors, dept_name, dept_code, dept_type, order_num, leader, \
         phone, email, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING dept_id",
        draft.parent_id,
        ancestors,
        draft.dept_name,
        draft.dept_code,
        draft.dept_type,
        draft.order_num,
        draft.leader,
        draft.phone,
        draft.email,
        draft.status,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    cache::record(&mut tx, streams, Cache::Dept, "").await?;
    tx.commit().await?;
    Ok(dept_id)
}

/// Saves an edit; `Ok(false)` when the node does not exist. A move rewrites the ancestors
/// of the node and of everything under it; disabling is refused while a node under it is
/// enabled; enabling also enables the nodes above it, so an enabled node is never hidden
/// under a disabled one.
pub async fn update(pool: &PgPool, streams: &Streams, dept_id: i64, draft: &DeptDraft) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    lock_tree(&mut tx).await?;
    let parent_ancestors = lock_parent(&mut tx, draft).await?;
    let Some(current) = sqlx::query!("SELECT ancestors FROM identity.depts WHERE dept_id = $1 FOR UPDATE", dept_id)
        .fetch_optional(&mut *tx)
        .await?
    else {
        return Ok(false);
    };
    check_move(dept_id, draft.parent_id, &parent_ancestors).map_err(Error::bad_request)?;
    let ancestors = ancestors_under(draft.parent_id, &parent_ancestors);
    if draft.status == "1" {
        let enabled_below = sqlx::query_scalar!(
            "SELECT EXISTS (SELECT 1 FROM identity.depts WHERE status = '0' \
             AND $1 = ANY (string_to_array(ancestors, ',')::bigint[])) AS \"exists!\"",
            dept_id
        )
        .fetch_one(&mut *tx)
        .await?;
        if enabled_below {
            return Err(Error::refused(Msg::DeptHasEnabledChildren));
        }
    }
    if ancestors != current.ancestors {
        // Below the node, the old path to it becomes the new one.
        sqlx::query!(
            "UPDATE identity.depts SET ancestors = $2 || substr(ancestors, length($1) + 1) \
             WHERE starts_with(ancestors || ',', $1 || ',')",
            format!("{},{dept_id}", current.ancestors),
            format!("{ancestors},{dept_id}"),
        )
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query!(
        "UPDATE identity.depts SET parent_id = $2, ancestors = $3, dept_name = $4, dept_code = $5, dept_type = $6, \
         order_num = $7, leader = $8, phone = $9, email = $10, status = $11 WHERE dept_id = $1",
        dept_id,
        draft.parent_id,
        ancestors,
        draft.dept_name,
        draft.dept_code,
        draft.dept_type,
        draft.order_num,
        draft.leader,
        draft.phone,
        draft.email,
        draft.status,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    if draft.status == "0" {
        sqlx::query!(
            "UPDATE identity.depts SET status = '0' WHERE status <> '0' \
             AND dept_id = ANY (string_to_array($1, ',')::bigint[])",
            ancestors
        )
        .execute(&mut *tx)
        .await?;
    }
    cache::record(&mut tx, streams, Cache::Dept, "").await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a node with nothing under it and no users; `Ok(false)` when it does not exist.
pub async fn delete(pool: &PgPool, streams: &Streams, dept_id: i64) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    lock_tree(&mut tx).await?;
    let exists = sqlx::query_scalar!("SELECT dept_id FROM identity.depts WHERE dept_id = $1 FOR UPDATE", dept_id)
        .fetch_optional(&mut *tx)
        .await?;
    if exists.is_none() {
        return Ok(false);
    }
    let has_children =
        sqlx::query_scalar!("SELECT EXISTS (SELECT 1 FROM identity.depts WHERE parent_id = $1) AS \"e!\"", dept_id)
            .fetch_one(&mut *tx)
            .await?;
    if has_children {
        return Err(Error::refused(Msg::DeptHasChildren));
    }
    let has_users = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM identity.users WHERE dept_id = $1 AND NOT deleted) AS \"e!\"",
        dept_id
    )
    .fetch_one(&mut *tx)
    .await?;
    if has_users {
        return Err(Error::refused(Msg::DeptHasUsers));
    }
    // A deleted user still names the node: it leaves it.
    sqlx::query!("UPDATE identity.users SET dept_id = NULL WHERE dept_id = $1 AND deleted", dept_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query!("DELETE FROM identity.depts WHERE dept_id = $1", dept_id)
        .execute(&mut *tx)
        .await
        .map_err(|err| Error::from_db(err, |c| (c == "users_dept_id_fkey").then_some(Msg::DeptHasUsers)))?;
    cache::record(&mut tx, streams, Cache::Dept, "").await?;
    tx.commit().await?;
    Ok(true)
}

fn translate(err: sqlx::Error, draft: &DeptDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "depts_name_key" => Some(Msg::DeptNameTaken { name: draft.dept_name.clone() }),
        "depts_code_key" => Some(Msg::DeptCodeTaken { code: draft.dept_code.clone() }),
        _ => None,
    })
}
