//! Address queries, every one scoped to a project: an address of another project is as
//! absent as one that never existed. Each write to a project's tree is one transaction
//! that first takes that tree's lock, so two people editing it at once cannot make a
//! cycle, move a node that just got children or orphan a node (edits are rare; they queue).

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use sqlx::{PgConnection, PgPool};

use super::model::{AddressDraft, ancestors_under, check_move};

/// A query answering whole addresses: `address_query!("WHERE ..."; args)`.
macro_rules! address_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            AddressRow,
            "SELECT a.address_id, a.project_id, a.parent_id, a.ancestors, a.address_name, a.order_num, a.remark, \
             a.created_by, a.created_at, a.updated_by, a.updated_at, \
             EXISTS (SELECT 1 FROM project.addresses c WHERE c.project_id = a.project_id \
             AND c.parent_id = a.address_id) AS \"has_children!\" \
             FROM project.addresses a " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct AddressRow {
    pub address_id: i64,
    pub project_id: i64,
    pub parent_id: i64,
    pub ancestors: String,
    pub address_name: String,
    pub order_num: i32,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_by: String,
    pub updated_at: DateTime<Utc>,
    pub has_children: bool,
}

/// The project's addresses whose name holds `name` (any when empty), only the children of
/// `parent_id` when given, by parent then order.
pub async fn list(pool: &PgPool, project_id: i64, name: &str, parent_id: Option<i64>) -> sqlx::Result<Vec<AddressRow>> {
    address_query!(
        "WHERE a.project_id = $1 AND strpos(a.address_name, $2) > 0 \
         AND ($3::bigint IS NULL OR a.parent_id = $3) \
         ORDER BY a.parent_id, a.order_num, a.address_id";
        project_id,
        name,
        parent_id,
    )
    .fetch_all(pool)
    .await
}

/// An address of the project.
pub async fn find(pool: &PgPool, project_id: i64, address_id: i64) -> sqlx::Result<Option<AddressRow>> {
    address_query!("WHERE a.project_id = $1 AND a.address_id = $2"; project_id, address_id).fetch_optional(pool).await
}

/// The names of the project's addresses `ids` (an ancestors list), in no particular order.
pub async fn names(pool: &PgPool, project_id: i64, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    let rows = sqlx::query!(
        "SELECT address_id, address_name FROM project.addresses WHERE project_id = $1 AND address_id = ANY ($2)",
        project_id,
        ids,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.address_id, r.address_name)).collect())
}

/// Every address of the project (id, parent, name) in tree order.
pub async fn nodes(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<(i64, i64, String)>> {
    let rows = sqlx::query!(
        "SELECT address_id, parent_id, address_name FROM project.addresses WHERE project_id = $1 \
         ORDER BY parent_id, order_num, address_id",
        project_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.address_id, r.parent_id, r.address_name)).collect())
}

/// The version of the project's tree (0 while no address of it was ever written). Read it
/// before the nodes: a tree read after its version is at least as new as the version says,
/// so a holder of the pair can only ever refetch too often, never keep a stale tree.
pub async fn tree_version(pool: &PgPool, project_id: i64) -> sqlx::Result<i64> {
    let version = sqlx::query_scalar!("SELECT version FROM project.address_versions WHERE project_id = $1", project_id)
        .fetch_optional(pool)
        .await?;
    Ok(version.unwrap_or(0))
}

/// Whether the project exists (and is not deleted).
pub async fn project_exists(pool: &PgPool, project_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM project.projects WHERE project_id = $1 AND NOT deleted) AS \"e!\"",
        project_id
    )
    .fetch_one(pool)
    .await
}

/// Serializes writes to one project's tree until the transaction ends.
async fn lock_tree(conn: &mut PgConnection, project_id: i64) -> sqlx::Result<()> {
    sqlx::query!("SELECT pg_advisory_xact_lock(hashtext('project.addresses'), hashint8($1))", project_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The ancestors of the parent a node goes under, or a bad request when it is not an
/// address of the project. The root (0) has none.
async fn parent_ancestors(conn: &mut PgConnection, project_id: i64, parent_id: i64) -> Result<String, Error> {
    if parent_id == 0 {
        return Ok(String::new());
    }
    sqlx::query_scalar!(
        "SELECT ancestors FROM project.addresses WHERE project_id = $1 AND address_id = $2",
        project_id,
        parent_id
    )
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| Error::bad_request(Msg::AddressParentNotFound))
}

async fn has_children_in(conn: &mut PgConnection, project_id: i64, address_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM project.addresses WHERE project_id = $1 AND parent_id = $2) AS \"e!\"",
        project_id,
        address_id
    )
    .fetch_one(conn)
    .await
}

pub async fn insert(pool: &PgPool, project_id: i64, draft: &AddressDraft, by: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    lock_tree(&mut tx, project_id).await?;
    let ancestors = ancestors_under(draft.parent_id, &parent_ancestors(&mut tx, project_id, draft.parent_id).await?);
    let address_id = sqlx::query_scalar!(
        "INSERT INTO project.addresses (project_id, parent_id, ancestors, address_name, order_num, remark, \
         created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING address_id",
        project_id,
        draft.parent_id,
        ancestors,
        draft.address_name,
        draft.order_num,
        draft.remark,
        by,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    tx.commit().await?;
    Ok(address_id)
}

/// Saves an edit; `Ok(false)` when the project has no such address. A node with children
/// keeps its parent, so only its own ancestors can change.
pub async fn update(
    pool: &PgPool,
    project_id: i64,
    address_id: i64,
    draft: &AddressDraft,
    by: &str,
) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    lock_tree(&mut tx, project_id).await?;
    let Some(current) = sqlx::query!(
        "SELECT parent_id, ancestors FROM project.addresses WHERE project_id = $1 AND address_id = $2",
        project_id,
        address_id
    )
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(false);
    };
    let ancestors = if draft.parent_id == current.parent_id {
        current.ancestors
    } else {
        let parent_ancestors = parent_ancestors(&mut tx, project_id, draft.parent_id).await?;
        let has_children = has_children_in(&mut tx, project_id, address_id).await?;
        check_move(address_id, current.parent_id, has_children, draft.parent_id, &parent_ancestors).map_err(|msg| {
            match msg {
                Msg::AddressHasChildrenCannotMove => Error::refused(msg),
                other => Error::bad_request(other),
            }
        })?;
        ancestors_under(draft.parent_id, &parent_ancestors)
    };
    sqlx::query!(
        "UPDATE project.addresses SET parent_id = $3, ancestors = $4, address_name = $5, order_num = $6, \
         remark = $7, updated_by = $8, updated_at = now() WHERE project_id = $1 AND address_id = $2",
        project_id,
        address_id,
        draft.parent_id,
        ancestors,
        draft.address_name,
        draft.order_num,
        draft.remark,
        by,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes an address with nothing under it; `Ok(false)` when the project has no such
/// address.
pub async fn delete(pool: &PgPool, project_id: i64, address_id: i64) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    lock_tree(&mut tx, project_id).await?;
    if has_children_in(&mut tx, project_id, address_id).await? {
        return Err(Error::refused(Msg::AddressHasChildren));
    }
    let deleted =
        sqlx::query!("DELETE FROM project.addresses WHERE project_id = $1 AND address_id = $2", project_id, address_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    tx.commit().await?;
    Ok(deleted > 0)
}

fn translate(err: sqlx::Error, draft: &AddressDraft) -> Error {
    Error::from_db(err, |constraint| {
        (constraint == "addresses_name_key").then(|| Msg::AddressNameTaken { name: draft.address_name.clone() })
    })
}
