//! File queries, every one scoped to a project: a file of another project (or of none) is
//! as absent as one that never existed. The checks of "being processed" and the change
//! they guard run in one statement or one transaction, so a file that starts processing
//! meanwhile is never edited.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{Audit, FileEdit, check_not_processing};

/// A query answering whole files: `file_query!("WHERE ..."; args)`.
macro_rules! file_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            FileRow,
            "SELECT file_id, project_id, file_name, original_name, path, file_type, extension, content_type, \
             size_bytes, audit_status, audit_reason, audit_by, audit_at, process_status, remark, \
             created_by, created_at, updated_by, updated_at FROM project.files " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct FileRow {
    pub file_id: i64,
    pub project_id: Option<i64>,
    pub file_name: String,
    pub original_name: String,
    pub path: String,
    pub file_type: String,
    pub extension: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub audit_status: String,
    pub audit_reason: String,
    pub audit_by: String,
    pub audit_at: Option<DateTime<Utc>>,
    pub process_status: String,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_by: String,
    pub updated_at: DateTime<Utc>,
}

/// A stored upload to record.
pub struct NewFile<'a> {
    pub project_id: Option<i64>,
    pub file_name: &'a str,
    pub original_name: &'a str,
    pub path: &'a str,
    pub file_type: &'a str,
    pub extension: &'a str,
    pub content_type: &'a str,
    pub size_bytes: i64,
}

/// The list's filters: a name part, a type and an audit state (any when `None`/empty).
pub struct Filter<'a> {
    pub name: &'a str,
    pub file_type: Option<&'a str>,
    pub audit_status: Option<&'a str>,
}

pub async fn insert(pool: &PgPool, file: &NewFile<'_>, by: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "INSERT INTO project.files (project_id, file_name, original_name, path, file_type, extension, content_type, \
         size_bytes, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING file_id",
        file.project_id,
        file.file_name,
        file.original_name,
        file.path,
        file.file_type,
        file.extension,
        file.content_type,
        file.size_bytes,
        by,
    )
    .fetch_one(pool)
    .await
}

/// A page of the project's files, newest first, and how many match.
pub async fn list(
    pool: &PgPool,
    project_id: i64,
    filter: &Filter<'_>,
    page: Page,
) -> sqlx::Result<(Vec<FileRow>, i64)> {
    let rows = file_query!(
        "WHERE project_id = $1 AND strpos(file_name, $2) > 0 AND ($3::text IS NULL OR file_type = $3) \
         AND ($4::text IS NULL OR audit_status = $4) ORDER BY file_id DESC LIMIT $5 OFFSET $6";
        project_id,
        filter.name,
        filter.file_type,
        filter.audit_status,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"n!\" FROM project.files WHERE project_id = $1 AND strpos(file_name, $2) > 0 \
         AND ($3::text IS NULL OR file_type = $3) AND ($4::text IS NULL OR audit_status = $4)",
        project_id,
        filter.name,
        filter.file_type,
        filter.audit_status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// A file of the project.
pub async fn find(pool: &PgPool, project_id: i64, file_id: i64) -> sqlx::Result<Option<FileRow>> {
    file_query!("WHERE project_id = $1 AND file_id = $2"; project_id, file_id).fetch_optional(pool).await
}

/// The file's process state, locked until the transaction ends; NotFound when the
/// project has no such file, refused while it is being processed.
async fn lock_idle(tx: &mut sqlx::PgConnection, project_id: i64, file_id: i64) -> Result<String, Error> {
    let row = sqlx::query!(
        "SELECT process_status, path FROM project.files WHERE project_id = $1 AND file_id = $2 FOR UPDATE",
        project_id,
        file_id
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::FileNotFound))?;
    check_not_processing(&row.process_status).map_err(Error::refused)?;
    Ok(row.path)
}

pub async fn update(pool: &PgPool, project_id: i64, file_id: i64, edit: &FileEdit, by: &str) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    lock_idle(&mut tx, project_id, file_id).await?;
    sqlx::query!(
        "UPDATE project.files SET file_name = $3, remark = $4, updated_by = $5, updated_at = now() \
         WHERE project_id = $1 AND file_id = $2",
        project_id,
        file_id,
        edit.file_name,
        edit.remark,
        by,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

pub async fn audit(pool: &PgPool, project_id: i64, file_id: i64, audit: &Audit, by: &str) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    lock_idle(&mut tx, project_id, file_id).await?;
    sqlx::query!(
        "UPDATE project.files SET audit_status = $3, audit_reason = $4, audit_by = $5, audit_at = now(), \
         updated_by = $5, updated_at = now() WHERE project_id = $1 AND file_id = $2",
        project_id,
        file_id,
        audit.status,
        audit.reason,
        by,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes the row and answers the stored path, whose object the caller then deletes.
pub async fn delete(pool: &PgPool, project_id: i64, file_id: i64) -> Result<String, Error> {
    let mut tx = pool.begin().await?;
    let path = lock_idle(&mut tx, project_id, file_id).await?;
    sqlx::query!("DELETE FROM project.files WHERE project_id = $1 AND file_id = $2", project_id, file_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(path)
}
