//! Categories and types in PostgreSQL, every query scoped to the project.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{CategoryDraft, TypeDraft};

#[derive(Debug, Clone)]
pub struct CategoryRow {
    pub category_id: i64,
    pub category_name: String,
    pub category_code: String,
    pub remark: String,
    pub type_count: i64,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct TypeRow {
    pub type_id: i64,
    pub category_id: i64,
    pub category_name: String,
    pub type_name: String,
    pub type_code: String,
    pub type_value: i16,
    pub status_check_seconds: i32,
    pub minimum_burn_minutes: i32,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn category_errors(err: sqlx::Error, draft: &CategoryDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "device_categories_code_key" => Some(Msg::CategoryCodeTaken { code: draft.code.clone() }),
        _ => None,
    })
}

fn type_errors(err: sqlx::Error, draft: &TypeDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "device_types_code_key" => Some(Msg::TypeCodeTaken { code: draft.code.clone() }),
        _ => None,
    })
}

pub async fn list_categories(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    code: &str,
    page: Page,
) -> sqlx::Result<(Vec<CategoryRow>, i64)> {
    let rows = sqlx::query_as!(
        CategoryRow,
        "SELECT c.category_id, c.category_name, c.category_code, c.remark, \
         (SELECT count(*) FROM lighting.device_types t WHERE t.category_id = c.category_id) AS \"type_count!\", \
         c.created_by, c.created_at, c.updated_at FROM lighting.device_categories c \
         WHERE c.project_id = $1 AND strpos(c.category_name, $2) > 0 AND strpos(c.category_code, $3) > 0 \
         ORDER BY c.category_code LIMIT $4 OFFSET $5",
        project_id,
        name,
        code,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.device_categories \
         WHERE project_id = $1 AND strpos(category_name, $2) > 0 AND strpos(category_code, $3) > 0",
        project_id,
        name,
        code,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_category(pool: &PgPool, project_id: i64, category_id: i64) -> sqlx::Result<Option<CategoryRow>> {
    sqlx::query_as!(
        CategoryRow,
        "SELECT c.category_id, c.category_name, c.category_code, c.remark, \
         (SELECT count(*) FROM lighting.device_types t WHERE t.category_id = c.category_id) AS \"type_count!\", \
         c.created_by, c.created_at, c.updated_at FROM lighting.device_categories c \
         WHERE c.category_id = $1 AND c.project_id = $2",
        category_id,
        project_id,
    )
    .fetch_optional(pool)
    .await
}

pub async fn insert_category(pool: &PgPool, project_id: i64, draft: &CategoryDraft, user: &str) -> Result<i64, Error> {
    sqlx::query_scalar!(
        "INSERT INTO lighting.device_categories (project_id, category_name, category_code, remark, created_by) \
         VALUES ($1, $2, $3, $4, $5) RETURNING category_id",
        project_id,
        draft.name,
        draft.code,
        draft.remark,
        user,
    )
    .fetch_one(pool)
    .await
    .map_err(|err| category_errors(err, draft))
}

/// False when the project has no such category.
pub async fn update_category(
    pool: &PgPool,
    project_id: i64,
    category_id: i64,
    draft: &CategoryDraft,
) -> Result<bool, Error> {
    let updated = sqlx::query!(
        "UPDATE lighting.device_categories SET category_name = $3, category_code = $4, remark = $5, updated_at = now() \
         WHERE category_id = $1 AND project_id = $2",
        category_id,
        project_id,
        draft.name,
        draft.code,
        draft.remark,
    )
    .execute(pool)
    .await
    .map_err(|err| category_errors(err, draft))?;
    Ok(updated.rows_affected() == 1)
}

/// Deletes all the categories or none: NotFound when one is not the project's, refused while
/// one has types.
pub async fn delete_categories(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    let found = sqlx::query_scalar!(
        "SELECT category_id FROM lighting.device_categories WHERE project_id = $1 AND category_id = ANY($2) FOR UPDATE",
        project_id,
        ids,
    )
    .fetch_all(&mut *tx)
    .await?;
    if found.len() != ids.len() {
        return Err(Error::not_found(Msg::CategoryNotFound));
    }
    let has_types: bool = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.device_types WHERE category_id = ANY($1)) AS \"e!\"",
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if has_types {
        return Err(Error::refused(Msg::CategoryHasTypes));
    }
    let deleted = sqlx::query!(
        "DELETE FROM lighting.device_categories WHERE project_id = $1 AND category_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}

/// A type query answering whole rows: `type_query!("WHERE ..."; args)`.
macro_rules! type_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            TypeRow,
            "SELECT t.type_id, t.category_id, c.category_name, t.type_name, t.type_code, t.type_value, \
             t.status_check_seconds, t.minimum_burn_minutes, t.remark, t.created_by, t.created_at, t.updated_at \
             FROM lighting.device_types t JOIN lighting.device_categories c ON c.category_id = t.category_id " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_types(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    category_id: Option<i64>,
    page: Page,
) -> sqlx::Result<(Vec<TypeRow>, i64)> {
    let rows = type_query!(
        "WHERE t.project_id = $1 AND strpos(t.type_name, $2) > 0 AND ($3::bigint IS NULL OR t.category_id = $3) \
         ORDER BY t.type_value, t.type_code LIMIT $4 OFFSET $5";
        project_id,
        name,
        category_id,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.device_types \
         WHERE project_id = $1 AND strpos(type_name, $2) > 0 AND ($3::bigint IS NULL OR category_id = $3)",
        project_id,
        name,
        category_id,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_type(pool: &PgPool, project_id: i64, type_id: i64) -> sqlx::Result<Option<TypeRow>> {
    type_query!("WHERE t.type_id = $1 AND t.project_id = $2"; type_id, project_id).fetch_optional(pool).await
}

/// The category is the project's: NotFound otherwise. Locked against its deletion until the
/// transaction ends.
async fn check_category(conn: &mut sqlx::PgConnection, project_id: i64, category_id: i64) -> Result<(), Error> {
    let found = sqlx::query_scalar!(
        "SELECT category_id FROM lighting.device_categories WHERE category_id = $1 AND project_id = $2 FOR SHARE",
        category_id,
        project_id,
    )
    .fetch_optional(conn)
    .await?;
    found.map(|_| ()).ok_or_else(|| Error::not_found(Msg::CategoryNotFound))
}

pub async fn insert_type(pool: &PgPool, project_id: i64, draft: &TypeDraft, user: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    check_category(&mut tx, project_id, draft.category_id).await?;
    let type_id = sqlx::query_scalar!(
        "INSERT INTO lighting.device_types (project_id, category_id, type_name, type_code, type_value, \
         status_check_seconds, minimum_burn_minutes, remark, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING type_id",
        project_id,
        draft.category_id,
        draft.name,
        draft.code,
        draft.value,
        draft.status_check_seconds,
        draft.minimum_burn_minutes,
        draft.remark,
        user,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| type_errors(err, draft))?;
    tx.commit().await?;
    Ok(type_id)
}

pub async fn update_type(pool: &PgPool, project_id: i64, type_id: i64, draft: &TypeDraft) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    check_category(&mut tx, project_id, draft.category_id).await?;
    let updated = sqlx::query!(
        "UPDATE lighting.device_types SET category_id = $3, type_name = $4, type_code = $5, type_value = $6, \
         status_check_seconds = $7, minimum_burn_minutes = $8, remark = $9, updated_at = now() \
         WHERE type_id = $1 AND project_id = $2",
        type_id,
        project_id,
        draft.category_id,
        draft.name,
        draft.code,
        draft.value,
        draft.status_check_seconds,
        draft.minimum_burn_minutes,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| type_errors(err, draft))?;
    if updated.rows_affected() != 1 {
        return Err(Error::not_found(Msg::TypeNotFound));
    }
    tx.commit().await?;
    Ok(())
}

/// Deletes all the types or none: NotFound when one is not the project's, refused while
/// devices are of one (as a category with types is).
pub async fn delete_types(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    // Locked first, so no device can take one of them between the check and the delete
    // (a device's insert holds its type FOR SHARE).
    sqlx::query_scalar!(
        "SELECT type_id FROM lighting.device_types WHERE project_id = $1 AND type_id = ANY($2) FOR UPDATE",
        project_id,
        ids,
    )
    .fetch_all(&mut *tx)
    .await?;
    let has_devices: bool = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.devices WHERE project_id = $1 AND type_id = ANY($2)) AS \"e!\"",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if has_devices {
        return Err(Error::refused(Msg::TypeHasDevices));
    }
    let deleted =
        sqlx::query!("DELETE FROM lighting.device_types WHERE project_id = $1 AND type_id = ANY($2)", project_id, ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if usize::try_from(deleted).unwrap_or(0) != ids.len() {
        return Err(Error::not_found(Msg::TypeNotFound));
    }
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}
