//! Plan-area queries, every one scoped to a project: another project's area is as absent as
//! one that never existed.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{AreaDraft, MAX_AREAS, Placement, inside};

/// A query answering whole areas: `area_query!("WHERE ..."; args)`.
macro_rules! area_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            AreaRow,
            "SELECT area_id, project_id, area_name, area_type, points, colour, order_num, remark, \
             created_by, created_at, updated_by, updated_at FROM project.plan_areas " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct AreaRow {
    pub area_id: i64,
    pub project_id: i64,
    pub area_name: String,
    pub area_type: String,
    pub points: Vec<f64>,
    pub colour: String,
    pub order_num: i32,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_by: String,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct PlacementRow {
    pub area_id: i64,
    pub device_type: String,
    pub device_id: i64,
    pub x: f64,
    pub y: f64,
    pub placed_by: String,
    pub placed_at: DateTime<Utc>,
}

/// Database failures of a saved area as the user reads them.
fn area_error(err: sqlx::Error, name: &str) -> Error {
    Error::from_db(err, |constraint| {
        (constraint == "plan_areas_name_key").then(|| Msg::AreaNameTaken { name: name.to_owned() })
    })
}

/// A page of the project's areas in display order, and how many match (part of the name,
/// the type exactly).
pub async fn page(
    pool: &PgPool,
    project_id: i64,
    area_name: &str,
    area_type: Option<&str>,
    page: Page,
) -> sqlx::Result<(Vec<AreaRow>, i64)> {
    let rows = area_query!(
        "WHERE project_id = $1 AND strpos(area_name, $2) > 0 AND ($3::text IS NULL OR area_type = $3) \
         ORDER BY order_num, area_id LIMIT $4 OFFSET $5";
        project_id,
        area_name,
        area_type,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"n!\" FROM project.plan_areas \
         WHERE project_id = $1 AND strpos(area_name, $2) > 0 AND ($3::text IS NULL OR area_type = $3)",
        project_id,
        area_name,
        area_type,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, project_id: i64, area_id: i64) -> sqlx::Result<Option<AreaRow>> {
    area_query!("WHERE project_id = $1 AND area_id = $2"; project_id, area_id).fetch_optional(pool).await
}

/// The devices placed in `area_ids` (of the project), by area then device.
pub async fn placements(pool: &PgPool, project_id: i64, area_ids: &[i64]) -> sqlx::Result<Vec<PlacementRow>> {
    sqlx::query_as!(
        PlacementRow,
        "SELECT area_id, device_type, device_id, x, y, placed_by, placed_at FROM project.plan_devices \
         WHERE project_id = $1 AND area_id = ANY($2) ORDER BY area_id, device_type, device_id",
        project_id,
        area_ids,
    )
    .fetch_all(pool)
    .await
}

/// Adds the area unless the plan holds [`MAX_AREAS`] already (counted under a lock of the
/// project's row, so two adds cannot both take the last place).
pub async fn insert(pool: &PgPool, project_id: i64, draft: &AreaDraft, by: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!("SELECT project_id FROM project.projects WHERE project_id = $1 FOR UPDATE", project_id)
        .fetch_one(&mut *tx)
        .await?;
    let count =
        sqlx::query_scalar!("SELECT count(*) AS \"n!\" FROM project.plan_areas WHERE project_id = $1", project_id)
            .fetch_one(&mut *tx)
            .await?;
    if count >= MAX_AREAS {
        return Err(Error::refused(Msg::AreasTooMany { max: MAX_AREAS as u32 }));
    }
    let area_id = sqlx::query_scalar!(
        "INSERT INTO project.plan_areas (project_id, area_name, area_type, points, colour, order_num, remark, \
         created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING area_id",
        project_id,
        draft.area_name,
        draft.area_type,
        &draft.points,
        draft.colour,
        draft.order_num,
        draft.remark,
        by,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| area_error(err, &draft.area_name))?;
    tx.commit().await?;
    Ok(area_id)
}

/// Rewrites the area; false when the project has no such area. A device left outside the
/// new outline is refused, and nothing changes.
pub async fn update(pool: &PgPool, project_id: i64, area_id: i64, draft: &AreaDraft, by: &str) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query!(
        "UPDATE project.plan_areas SET area_name = $3, area_type = $4, points = $5, colour = $6, order_num = $7, \
         remark = $8, updated_by = $9, updated_at = now() WHERE project_id = $1 AND area_id = $2",
        project_id,
        area_id,
        draft.area_name,
        draft.area_type,
        &draft.points,
        draft.colour,
        draft.order_num,
        draft.remark,
        by,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| area_error(err, &draft.area_name))?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    let placed = sqlx::query!(
        "SELECT x, y FROM project.plan_devices WHERE project_id = $1 AND area_id = $2",
        project_id,
        area_id,
    )
    .fetch_all(&mut *tx)
    .await?;
    let outside = placed.iter().filter(|p| !inside(&draft.points, p.x, p.y)).count();
    if outside > 0 {
        return Err(Error::refused(Msg::AreaLeavesDevices { count: outside as u64 }));
    }
    tx.commit().await?;
    Ok(true)
}

/// Deletes every one of `ids` (their placements go with them) or, when one is not the
/// project's, none; how many went.
pub async fn delete_all(pool: &PgPool, project_id: i64, ids: &[i64]) -> sqlx::Result<Option<u64>> {
    let mut tx = pool.begin().await?;
    let deleted =
        sqlx::query!("DELETE FROM project.plan_areas WHERE project_id = $1 AND area_id = ANY($2)", project_id, ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if deleted != ids.len() as u64 {
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(deleted))
}

/// Puts the device at its place (moving it when it had one).
pub async fn place(pool: &PgPool, project_id: i64, p: &Placement, by: &str) -> sqlx::Result<PlacementRow> {
    sqlx::query_as!(
        PlacementRow,
        "INSERT INTO project.plan_devices (project_id, device_type, device_id, area_id, x, y, placed_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (project_id, device_type, device_id) DO UPDATE \
         SET area_id = EXCLUDED.area_id, x = EXCLUDED.x, y = EXCLUDED.y, placed_by = EXCLUDED.placed_by, placed_at = now() \
         RETURNING area_id, device_type, device_id, x, y, placed_by, placed_at",
        project_id,
        p.device_type,
        p.device_id,
        p.area_id,
        p.x,
        p.y,
        by,
    )
    .fetch_one(pool)
    .await
}

/// Takes the device off the plan; false when it was not on it.
pub async fn unplace(pool: &PgPool, project_id: i64, device_type: &str, device_id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "DELETE FROM project.plan_devices WHERE project_id = $1 AND device_type = $2 AND device_id = $3",
        project_id,
        device_type,
        device_id,
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether the project has a plan picture to draw on.
pub async fn has_plan_picture(pool: &PgPool, project_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        "SELECT plan_picture <> '' AS \"has!\" FROM project.projects WHERE project_id = $1 AND NOT deleted",
        project_id
    )
    .fetch_optional(pool)
    .await
    .map(|has| has.unwrap_or(false))
}
