//! Notice queries, every one scoped to a project: another project's notice is as absent as
//! one that never existed.

use chrono::{DateTime, Utc};
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::NoticeDraft;

/// A query answering whole notices: `notice_query!("WHERE ..."; args)`.
macro_rules! notice_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            NoticeRow,
            "SELECT notice_id, project_id, notice_title, notice_type, notice_content, notice_image, status, \
             publish_time, published_by, remark, created_by, created_at, updated_by, updated_at \
             FROM project.notices " + $after,
            $($arg),*
        )
    };
}

/// Also read from JSON: the home page's query brings its notices as one JSON list
/// (`project::store::home`), in the columns' names.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct NoticeRow {
    pub notice_id: i64,
    pub project_id: i64,
    pub notice_title: String,
    pub notice_type: String,
    pub notice_content: String,
    pub notice_image: String,
    pub status: String,
    pub publish_time: Option<DateTime<Utc>>,
    pub published_by: String,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_by: String,
    pub updated_at: DateTime<Utc>,
}

/// The list's filters: parts of the title and creator, type and published exactly.
#[derive(Debug, Clone, Default)]
pub struct NoticeFilter<'a> {
    pub notice_title: &'a str,
    pub create_by: &'a str,
    pub notice_type: Option<&'a str>,
    pub published: Option<bool>,
}

/// A page of the project's notices, newest first, and how many match.
pub async fn page(
    pool: &PgPool,
    project_id: i64,
    filter: &NoticeFilter<'_>,
    page: Page,
) -> sqlx::Result<(Vec<NoticeRow>, i64)> {
    let rows = notice_query!(
        "WHERE project_id = $1 AND strpos(notice_title, $2) > 0 AND strpos(created_by, $3) > 0 \
         AND ($4::text IS NULL OR notice_type = $4) AND ($5::boolean IS NULL OR (publish_time IS NOT NULL) = $5) \
         ORDER BY notice_id DESC LIMIT $6 OFFSET $7";
        project_id,
        filter.notice_title,
        filter.create_by,
        filter.notice_type,
        filter.published,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"n!\" FROM project.notices \
         WHERE project_id = $1 AND strpos(notice_title, $2) > 0 AND strpos(created_by, $3) > 0 \
         AND ($4::text IS NULL OR notice_type = $4) AND ($5::boolean IS NULL OR (publish_time IS NOT NULL) = $5)",
        project_id,
        filter.notice_title,
        filter.create_by,
        filter.notice_type,
        filter.published,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, project_id: i64, notice_id: i64) -> sqlx::Result<Option<NoticeRow>> {
    notice_query!("WHERE project_id = $1 AND notice_id = $2"; project_id, notice_id).fetch_optional(pool).await
}

pub async fn insert(pool: &PgPool, project_id: i64, draft: &NoticeDraft, by: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "INSERT INTO project.notices (project_id, notice_title, notice_type, notice_content, notice_image, status, \
         remark, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING notice_id",
        project_id,
        draft.notice_title,
        draft.notice_type,
        draft.notice_content,
        draft.notice_image,
        draft.status,
        draft.remark,
        by,
    )
    .fetch_one(pool)
    .await
}

/// Rewrites the notice; false when the project has no such notice.
pub async fn update(
    pool: &PgPool,
    project_id: i64,
    notice_id: i64,
    draft: &NoticeDraft,
    by: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE project.notices SET notice_title = $3, notice_type = $4, notice_content = $5, notice_image = $6, \
         status = $7, remark = $8, updated_by = $9, updated_at = now() WHERE project_id = $1 AND notice_id = $2",
        project_id,
        notice_id,
        draft.notice_title,
        draft.notice_type,
        draft.notice_content,
        draft.notice_image,
        draft.status,
        draft.remark,
        by,
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes every one of `ids` or, when one is not the project's, none; how many went.
pub async fn delete_all(pool: &PgPool, project_id: i64, ids: &[i64]) -> sqlx::Result<Option<u64>> {
    let mut tx = pool.begin().await?;
    let deleted =
        sqlx::query!("DELETE FROM project.notices WHERE project_id = $1 AND notice_id = ANY($2)", project_id, ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if deleted != ids.len() as u64 {
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(deleted))
}

/// Publishes a normal notice now; None when the project has no such notice, Some(false)
/// when it is closed.
pub async fn publish(pool: &PgPool, project_id: i64, notice_id: i64, by: &str) -> sqlx::Result<Option<bool>> {
    let status = sqlx::query_scalar!(
        "UPDATE project.notices SET publish_time = CASE WHEN status = '0' THEN now() ELSE publish_time END, \
         published_by = CASE WHEN status = '0' THEN $3 ELSE published_by END \
         WHERE project_id = $1 AND notice_id = $2 RETURNING status",
        project_id,
        notice_id,
        by,
    )
    .fetch_optional(pool)
    .await?;
    Ok(status.map(|status| status == "0"))
}
