//! Project queries; every list is scoped to the caller's projects.

use sqlx::PgPool;

use super::model::ProjectScope;

#[derive(Debug, Clone)]
pub struct ProjectRow {
    pub project_id: i64,
    pub project_name: String,
    pub project_number: String,
    pub city_name: String,
    pub project_user_name: String,
    pub phone: String,
    pub address: String,
    pub status: String,
    pub menu_logo: String,
    pub menu_logo_status: String,
}

/// The caller's projects whose name contains `name` (all when empty), by id.
pub async fn list_in_scope(pool: &PgPool, scope: &ProjectScope, name: &str) -> sqlx::Result<Vec<ProjectRow>> {
    let (all, ids) = scope.as_binds();
    sqlx::query_as!(
        ProjectRow,
        "SELECT project_id, project_name, project_number, city_name, project_user_name, phone, address, status, \
         menu_logo, menu_logo_status FROM project.projects \
         WHERE NOT deleted AND ($1 OR project_id = ANY($2)) AND strpos(project_name, $3) > 0 \
         ORDER BY project_id LIMIT 1000",
        all,
        &ids,
        name,
    )
    .fetch_all(pool)
    .await
}

pub async fn find(pool: &PgPool, project_id: i64) -> sqlx::Result<Option<ProjectRow>> {
    sqlx::query_as!(
        ProjectRow,
        "SELECT project_id, project_name, project_number, city_name, project_user_name, phone, address, status, \
         menu_logo, menu_logo_status FROM project.projects WHERE NOT deleted AND project_id = $1",
        project_id,
    )
    .fetch_optional(pool)
    .await
}
