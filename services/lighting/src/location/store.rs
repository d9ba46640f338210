//! The map's queries. Every one names the project; a gateway of another project is as
//! absent as one that never existed. A viewport is bind parameters (without one, the whole
//! globe). Clusters are counted in memory (`located.rs`) from [`located`], read again only
//! when [`location_version`] says the project's locations changed.

use sqlx::PgPool;

use super::located::Point;
use super::model::{Location, Viewport};

/// The whole globe, for a list without a viewport.
const GLOBE: (f64, f64, f64, f64) = (-180.0, -90.0, 180.0, 90.0);

fn bounds(viewport: Option<&Viewport>) -> (f64, f64, f64, f64) {
    viewport.map_or(GLOBE, |v| (v.min_lng, v.min_lat, v.max_lng, v.max_lat))
}

/// A located gateway.
#[derive(Debug, Clone)]
pub struct MarkerRow {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub online: bool,
    pub longitude: f64,
    pub latitude: f64,
}

/// Sets or clears (`None`) the location of a live gateway of the project; `false` when
/// there is no such gateway.
pub async fn set_location(
    pool: &PgPool,
    project_id: i64,
    gateway_id: i64,
    location: Option<Location>,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE lighting.gateways SET longitude = $3, latitude = $4, updated_at = now() \
         WHERE gateway_id = $1 AND project_id = $2 AND NOT deleted",
        gateway_id,
        project_id,
        location.map(|l| l.longitude),
        location.map(|l| l.latitude),
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The first `limit` located gateways of the project in the viewport (all of it without
/// one) whose name contains `name`, by id.
pub async fn markers(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    viewport: Option<&Viewport>,
    limit: i64,
) -> sqlx::Result<Vec<MarkerRow>> {
    let (min_lng, min_lat, max_lng, max_lat) = bounds(viewport);
    sqlx::query_as!(
        MarkerRow,
        "SELECT gateway_id, gateway_name, serial, online, longitude AS \"longitude!\", latitude AS \"latitude!\" \
         FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted AND longitude IS NOT NULL \
         AND longitude BETWEEN $2 AND $3 AND latitude BETWEEN $4 AND $5 AND strpos(gateway_name, $6) > 0 \
         ORDER BY gateway_id LIMIT $7",
        project_id,
        min_lng,
        max_lng,
        min_lat,
        max_lat,
        name,
        limit,
    )
    .fetch_all(pool)
    .await
}

/// How many located gateways of the project match (in the viewport, all of it without one).
pub async fn count(pool: &PgPool, project_id: i64, name: &str, viewport: Option<&Viewport>) -> sqlx::Result<i64> {
    let (min_lng, min_lat, max_lng, max_lat) = bounds(viewport);
    sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted AND longitude IS NOT NULL \
         AND longitude BETWEEN $2 AND $3 AND latitude BETWEEN $4 AND $5 AND strpos(gateway_name, $6) > 0",
        project_id,
        min_lng,
        max_lng,
        min_lat,
        max_lat,
        name,
    )
    .fetch_one(pool)
    .await
}

/// The version of the project's located gateways (0 while none was ever located): the
/// triggers of `0005_location_versions.sql` change it with every write of a location, a
/// name, a deletion or a gateway's project.
pub async fn location_version(pool: &PgPool, project_id: i64) -> sqlx::Result<i64> {
    let version =
        sqlx::query_scalar!("SELECT version FROM lighting.location_versions WHERE project_id = $1", project_id)
            .fetch_optional(pool)
            .await?;
    Ok(version.unwrap_or(0))
}

/// Every located gateway of the project, as the clusters need them.
pub async fn located(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<Point>> {
    let rows = sqlx::query!(
        "SELECT gateway_id, gateway_name, longitude AS \"longitude!\", latitude AS \"latitude!\" \
         FROM lighting.gateways WHERE project_id = $1 AND NOT deleted AND longitude IS NOT NULL",
        project_id,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Point {
            gateway_id: r.gateway_id,
            name: r.gateway_name.into_boxed_str(),
            longitude: r.longitude,
            latitude: r.latitude,
        })
        .collect())
}
