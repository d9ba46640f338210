//! Project queries; every list is scoped to the caller's projects. A project's row and its
//! modules are written together, with the event of the change, in one transaction.

use chrono::{DateTime, NaiveDate, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::outbox;
use lumiscape_common::paging::Page;
use lumiscape_common::tables::OutboxEvent;
use sqlx::types::Json;
use sqlx::{PgConnection, PgPool};

use super::model::{MediaKind, Module, ProjectDraft, ProjectScope};
use crate::Tables;
use crate::notice::store::NoticeRow;

/// A query answering whole projects: `project_query!("WHERE ..."; args)`.
macro_rules! project_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            ProjectRow,
            "SELECT project_id, project_name, project_number, city_code, city_name, project_user_name, phone, \
             address, organization, status, acceptance, start_date, contract_number, map_mode, map_level, \
             longitude, latitude, menu_logo, menu_logo_status, carousel_pictures, plan_picture, \
             iot_state_interval, iot_energy_interval, enabled, remark, created_by, created_at, updated_by, \
             updated_at FROM project.projects " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct ProjectRow {
    pub project_id: i64,
    pub project_name: String,
    pub project_number: String,
    pub city_code: String,
    pub city_name: String,
    pub project_user_name: String,
    pub phone: String,
    pub address: String,
    pub organization: String,
    pub status: String,
    pub acceptance: String,
    pub start_date: Option<NaiveDate>,
    pub contract_number: String,
    pub map_mode: String,
    pub map_level: i16,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub menu_logo: String,
    pub menu_logo_status: String,
    pub carousel_pictures: Vec<String>,
    pub plan_picture: String,
    pub iot_state_interval: i32,
    pub iot_energy_interval: i32,
    pub enabled: bool,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_by: String,
    pub updated_at: DateTime<Utc>,
}

/// The management list's filters: parts of the name, number and city; status and switch
/// exactly when given.
#[derive(Debug, Clone, Default)]
pub struct ProjectFilter<'a> {
    pub project_name: &'a str,
    pub project_number: &'a str,
    pub city_name: &'a str,
    pub status: Option<&'a str>,
    pub enabled: Option<bool>,
}

/// The caller's enabled projects whose name contains `name` (all when empty), by id: the
/// picker and the drop list.
pub async fn list_in_scope(pool: &PgPool, scope: &ProjectScope, name: &str) -> sqlx::Result<Vec<ProjectRow>> {
    let (all, ids) = scope.as_binds();
    project_query!(
        "WHERE NOT deleted AND enabled AND ($1 OR project_id = ANY($2)) AND strpos(project_name, $3) > 0 \
         ORDER BY project_id LIMIT 1000";
        all,
        &ids,
        name,
    )
    .fetch_all(pool)
    .await
}

/// A page of the caller's projects and how many match.
pub async fn page(
    pool: &PgPool,
    scope: &ProjectScope,
    filter: &ProjectFilter<'_>,
    page: Page,
) -> sqlx::Result<(Vec<ProjectRow>, i64)> {
    let (all, ids) = scope.as_binds();
    let rows = project_query!(
        "WHERE NOT deleted AND ($1 OR project_id = ANY($2)) AND strpos(project_name, $3) > 0 \
         AND strpos(project_number, $4) > 0 AND strpos(city_name, $5) > 0 \
         AND ($6::text IS NULL OR status = $6) AND ($7::boolean IS NULL OR enabled = $7) \
         ORDER BY project_id LIMIT $8 OFFSET $9";
        all,
        &ids,
        filter.project_name,
        filter.project_number,
        filter.city_name,
        filter.status,
        filter.enabled,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"n!\" FROM project.projects \
         WHERE NOT deleted AND ($1 OR project_id = ANY($2)) AND strpos(project_name, $3) > 0 \
         AND strpos(project_number, $4) > 0 AND strpos(city_name, $5) > 0 \
         AND ($6::text IS NULL OR status = $6) AND ($7::boolean IS NULL OR enabled = $7)",
        all,
        &ids,
        filter.project_name,
        filter.project_number,
        filter.city_name,
        filter.status,
        filter.enabled,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, project_id: i64) -> sqlx::Result<Option<ProjectRow>> {
    project_query!("WHERE NOT deleted AND project_id = $1"; project_id).fetch_optional(pool).await
}

/// What the home page shows of a project: its picture of itself and its modules.
#[derive(Debug, Clone)]
pub struct HomeRow {
    pub project_id: i64,
    pub project_name: String,
    pub city_name: String,
    pub address: String,
    pub status: String,
    pub map_mode: String,
    pub map_level: i16,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub menu_logo: String,
    pub menu_logo_status: String,
    pub carousel_pictures: Vec<String>,
    pub plan_picture: String,
    /// The modules' positions and codes, by position.
    pub module_positions: Vec<i16>,
    pub module_codes: Vec<String>,
    /// The newest published notices, newest first.
    pub notices: Json<Vec<NoticeRow>>,
}

/// The project's home-page row with its modules and its `notices` newest published notices,
/// in one query (the home page is the most read page of all, and each query is a round trip
/// and, for PostgreSQL, a plan).
pub async fn home(pool: &PgPool, project_id: i64, notices: i64) -> sqlx::Result<Option<HomeRow>> {
    sqlx::query_as!(
        HomeRow,
        "SELECT project_id, project_name, city_name, address, status, map_mode, map_level, longitude, latitude, \
         menu_logo, menu_logo_status, carousel_pictures, plan_picture, \
         ARRAY(SELECT position FROM project.project_modules m WHERE m.project_id = p.project_id ORDER BY position) \
           AS \"module_positions!\", \
         ARRAY(SELECT module_code FROM project.project_modules m WHERE m.project_id = p.project_id ORDER BY position) \
           AS \"module_codes!\", \
         (SELECT coalesce(jsonb_agg(n ORDER BY n.publish_time DESC), '[]') FROM ( \
            SELECT * FROM project.notices WHERE project_id = p.project_id AND publish_time IS NOT NULL \
            AND status = '0' ORDER BY publish_time DESC LIMIT $2) n) AS \"notices!: Json<Vec<NoticeRow>>\" \
         FROM project.projects p WHERE NOT deleted AND project_id = $1",
        project_id,
        notices,
    )
    .fetch_optional(pool)
    .await
}

/// The project's home-page modules, by position.
pub async fn modules(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<Module>> {
    let rows = sqlx::query!(
        "SELECT position, module_code FROM project.project_modules WHERE project_id = $1 ORDER BY position",
        project_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| Module { position: r.position, code: r.module_code }).collect())
}

/// The modules of several projects (a page of the list), by project then position.
pub async fn modules_of(pool: &PgPool, project_ids: &[i64]) -> sqlx::Result<Vec<(i64, Module)>> {
    let rows = sqlx::query!(
        "SELECT project_id, position, module_code FROM project.project_modules WHERE project_id = ANY($1) \
         ORDER BY project_id, position",
        project_ids
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.project_id, Module { position: r.position, code: r.module_code })).collect())
}

fn translate(err: sqlx::Error, draft: &ProjectDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "projects_number_key" => Some(Msg::ProjectNumberTaken { number: draft.project_number.clone() }),
        _ => None,
    })
}

async fn write_modules(conn: &mut PgConnection, project_id: i64, modules: &[Module]) -> sqlx::Result<()> {
    sqlx::query!("DELETE FROM project.project_modules WHERE project_id = $1", project_id).execute(&mut *conn).await?;
    let positions: Vec<i16> = modules.iter().map(|m| m.position).collect();
    let codes: Vec<String> = modules.iter().map(|m| m.code.clone()).collect();
    sqlx::query!(
        "INSERT INTO project.project_modules (project_id, position, module_code) \
         SELECT $1, * FROM unnest($2::smallint[], $3::text[])",
        project_id,
        &positions,
        &codes,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Creates the project with its modules and the `project.project.created` event (built by
/// `event` from the new id), in one transaction.
pub async fn insert(
    pool: &PgPool,
    draft: &ProjectDraft,
    by: &str,
    event: impl FnOnce(i64) -> OutboxEvent,
) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let (lng, lat) = draft.location.unzip();
    let project_id = sqlx::query_scalar!(
        "INSERT INTO project.projects (project_name, project_number, city_code, city_name, project_user_name, \
         phone, address, organization, status, acceptance, start_date, contract_number, map_mode, map_level, \
         longitude, latitude, menu_logo, menu_logo_status, carousel_pictures, plan_picture, iot_state_interval, \
         iot_energy_interval, remark, created_by, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $24) RETURNING project_id",
        draft.project_name,
        draft.project_number,
        draft.city_code,
        draft.city_name,
        draft.project_user_name,
        draft.phone,
        draft.address,
        draft.organization,
        draft.status,
        draft.acceptance,
        draft.start_date,
        draft.contract_number,
        draft.map_mode,
        draft.map_level,
        lng,
        lat,
        draft.menu_logo,
        draft.menu_logo_status,
        &draft.carousel_pictures,
        draft.plan_picture,
        draft.iot_state_interval,
        draft.iot_energy_interval,
        draft.remark,
        by,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    write_modules(&mut tx, project_id, &draft.modules).await?;
    outbox::insert::<Tables>(&mut tx, &event(project_id)).await?;
    tx.commit().await?;
    Ok(project_id)
}

/// Rewrites the project and its modules; false when there is no such project.
pub async fn update(pool: &PgPool, project_id: i64, draft: &ProjectDraft, by: &str) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let (lng, lat) = draft.location.unzip();
    let updated = sqlx::query!(
        "UPDATE project.projects SET project_name = $2, project_number = $3, city_code = $4, city_name = $5, \
         project_user_name = $6, phone = $7, address = $8, organization = $9, status = $10, acceptance = $11, \
         start_date = $12, contract_number = $13, map_mode = $14, map_level = $15, longitude = $16, latitude = $17, \
         menu_logo = $18, menu_logo_status = $19, carousel_pictures = $20, plan_picture = $21, \
         iot_state_interval = $22, iot_energy_interval = $23, remark = $24, updated_by = $25, updated_at = now() \
         WHERE project_id = $1 AND NOT deleted",
        project_id,
        draft.project_name,
        draft.project_number,
        draft.city_code,
        draft.city_name,
        draft.project_user_name,
        draft.phone,
        draft.address,
        draft.organization,
        draft.status,
        draft.acceptance,
        draft.start_date,
        draft.contract_number,
        draft.map_mode,
        draft.map_level,
        lng,
        lat,
        draft.menu_logo,
        draft.menu_logo_status,
        &draft.carousel_pictures,
        draft.plan_picture,
        draft.iot_state_interval,
        draft.iot_energy_interval,
        draft.remark,
        by,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?
    .rows_affected()
        == 1;
    if !updated {
        return Ok(false);
    }
    write_modules(&mut tx, project_id, &draft.modules).await?;
    tx.commit().await?;
    Ok(true)
}

/// Marks the project deleted (its number becomes free) and writes `event`; false when
/// there is no such project.
pub async fn delete(pool: &PgPool, project_id: i64, by: &str, event: OutboxEvent) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!(
        "UPDATE project.projects SET deleted = TRUE, enabled = FALSE, updated_by = $2, updated_at = now() \
         WHERE project_id = $1 AND NOT deleted",
        project_id,
        by
    )
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if deleted {
        outbox::insert::<Tables>(&mut tx, &event).await?;
        tx.commit().await?;
    }
    Ok(deleted)
}

/// Sets the switch, or flips it when `enabled` is None; the new value, None when there is
/// no such project.
pub async fn set_enabled(
    pool: &PgPool,
    project_id: i64,
    enabled: Option<bool>,
    by: &str,
) -> sqlx::Result<Option<bool>> {
    sqlx::query_scalar!(
        "UPDATE project.projects SET enabled = COALESCE($2, NOT enabled), updated_by = $3, updated_at = now() \
         WHERE project_id = $1 AND NOT deleted RETURNING enabled",
        project_id,
        enabled,
        by
    )
    .fetch_optional(pool)
    .await
}

/// Sets a picture of the project; false when there is no such project or its carousel is
/// full (`max`).
pub async fn set_media(
    pool: &PgPool,
    project_id: i64,
    kind: MediaKind,
    path: &str,
    max_carousel: i32,
    by: &str,
) -> sqlx::Result<bool> {
    let done =
        match kind {
            MediaKind::Logo => {
                sqlx::query!(
                    "UPDATE project.projects SET menu_logo = $2, updated_by = $3, updated_at = now() \
             WHERE project_id = $1 AND NOT deleted",
                    project_id,
                    path,
                    by
                )
                .execute(pool)
                .await?
            }
            MediaKind::Plan => {
                sqlx::query!(
                    "UPDATE project.projects SET plan_picture = $2, updated_by = $3, updated_at = now() \
             WHERE project_id = $1 AND NOT deleted",
                    project_id,
                    path,
                    by
                )
                .execute(pool)
                .await?
            }
            MediaKind::Carousel => sqlx::query!(
                "UPDATE project.projects SET carousel_pictures = array_append(carousel_pictures, $2), updated_by = $3, \
             updated_at = now() WHERE project_id = $1 AND NOT deleted \
             AND cardinality(carousel_pictures) < $4",
                project_id,
                path,
                by,
                max_carousel
            )
            .execute(pool)
            .await?,
        };
    Ok(done.rows_affected() == 1)
}
