//! Devices and groups in PostgreSQL, every query scoped to the project.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{DeviceDraft, GroupDraft};

#[derive(Debug, Clone)]
pub struct DeviceRow {
    pub device_id: i64,
    pub device_name: String,
    pub device_code: String,
    pub type_id: i64,
    pub type_name: String,
    pub type_code: String,
    pub category_id: i64,
    pub category_name: String,
    pub gateway_id: i64,
    pub gateway_name: String,
    pub gateway_number: String,
    pub loop_index: i32,
    pub loop_name: String,
    pub address: String,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub status: String,
    pub online: bool,
    pub switch_on: Option<bool>,
    pub group_names: Vec<String>,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The filters of the device list; `None` or empty matches all.
#[derive(Debug, Clone, Default)]
pub struct DeviceFilter {
    pub name: String,
    pub code: String,
    pub type_id: Option<i64>,
    pub gateway_id: Option<i64>,
    pub group_id: Option<i64>,
    pub status: Option<String>,
}

#[derive(Debug, Clone)]
pub struct GroupRow {
    pub group_id: i64,
    pub group_name: String,
    pub remark: String,
    pub device_count: i64,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn device_errors(err: sqlx::Error, draft: &DeviceDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "devices_code_key" => Some(Msg::DeviceCodeTaken { code: draft.code.clone() }),
        "devices_longitude_range" | "devices_latitude_range" | "devices_location_pair" => {
            Some(Msg::DeviceLocationInvalid)
        }
        _ => None,
    })
}

fn group_errors(err: sqlx::Error, draft: &GroupDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "device_groups_name_key" => Some(Msg::GroupNameTaken { name: draft.name.clone() }),
        _ => None,
    })
}

/// A device query answering whole rows: `device_query!("WHERE ..."; args)`.
macro_rules! device_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            DeviceRow,
            "SELECT d.device_id, d.device_name, d.device_code, d.type_id, t.type_name, t.type_code, \
             t.category_id, c.category_name, d.gateway_id, g.gateway_name, g.serial AS gateway_number, \
             d.loop_index, COALESCE(l.loop_name, '') AS \"loop_name!\", d.address, d.longitude, d.latitude, \
             d.status, (g.online AND NOT g.deleted) AS \"online!\", s.is_on AS \"switch_on?\", \
             ARRAY(SELECT gr.group_name FROM lighting.device_group_members m \
                   JOIN lighting.device_groups gr ON gr.group_id = m.group_id \
                   WHERE m.device_id = d.device_id ORDER BY gr.group_name) AS \"group_names!\", \
             d.remark, d.created_by, d.created_at, d.updated_at \
             FROM lighting.devices d \
             JOIN lighting.device_types t ON t.type_id = d.type_id \
             JOIN lighting.device_categories c ON c.category_id = t.category_id \
             JOIN lighting.gateways g ON g.gateway_id = d.gateway_id \
             LEFT JOIN lighting.loops l ON l.gateway_id = d.gateway_id AND l.loop_index = d.loop_index \
             LEFT JOIN lighting.loop_state s ON s.gateway_id = d.gateway_id AND s.loop_index = d.loop_index " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_devices(
    pool: &PgPool,
    project_id: i64,
    filter: &DeviceFilter,
    page: Page,
) -> sqlx::Result<(Vec<DeviceRow>, i64)> {
    let rows = device_query!(
        "WHERE d.project_id = $1 AND strpos(d.device_name, $2) > 0 AND strpos(d.device_code, $3) > 0 \
         AND ($4::bigint IS NULL OR d.type_id = $4) AND ($5::bigint IS NULL OR d.gateway_id = $5) \
         AND ($6::bigint IS NULL OR EXISTS (SELECT 1 FROM lighting.device_group_members m \
              WHERE m.device_id = d.device_id AND m.group_id = $6)) \
         AND ($7::text IS NULL OR d.status = $7) \
         ORDER BY d.device_code LIMIT $8 OFFSET $9";
        project_id,
        filter.name,
        filter.code,
        filter.type_id,
        filter.gateway_id,
        filter.group_id,
        filter.status,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.devices d \
         WHERE d.project_id = $1 AND strpos(d.device_name, $2) > 0 AND strpos(d.device_code, $3) > 0 \
         AND ($4::bigint IS NULL OR d.type_id = $4) AND ($5::bigint IS NULL OR d.gateway_id = $5) \
         AND ($6::bigint IS NULL OR EXISTS (SELECT 1 FROM lighting.device_group_members m \
              WHERE m.device_id = d.device_id AND m.group_id = $6)) \
         AND ($7::text IS NULL OR d.status = $7)",
        project_id,
        filter.name,
        filter.code,
        filter.type_id,
        filter.gateway_id,
        filter.group_id,
        filter.status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_device(pool: &PgPool, project_id: i64, device_id: i64) -> sqlx::Result<Option<DeviceRow>> {
    device_query!("WHERE d.device_id = $1 AND d.project_id = $2"; device_id, project_id).fetch_optional(pool).await
}

/// The devices of a group, by code.
pub async fn group_devices(pool: &PgPool, project_id: i64, group_id: i64) -> sqlx::Result<Vec<DeviceRow>> {
    device_query!(
        "WHERE d.project_id = $1 AND d.device_id IN \
         (SELECT device_id FROM lighting.device_group_members WHERE group_id = $2) ORDER BY d.device_code";
        project_id,
        group_id,
    )
    .fetch_all(pool)
    .await
}

/// The type and the gateway are the project's (the gateway live, the loop within its
/// count): NotFound or a bad request otherwise. Both are locked against deletion until the
/// transaction ends.
async fn check_references(conn: &mut sqlx::PgConnection, project_id: i64, draft: &DeviceDraft) -> Result<(), Error> {
    let type_found = sqlx::query_scalar!(
        "SELECT type_id FROM lighting.device_types WHERE type_id = $1 AND project_id = $2 FOR SHARE",
        draft.type_id,
        project_id,
    )
    .fetch_optional(&mut *conn)
    .await?;
    if type_found.is_none() {
        return Err(Error::not_found(Msg::TypeNotFound));
    }
    let loop_count = sqlx::query_scalar!(
        "SELECT loop_count FROM lighting.gateways WHERE gateway_id = $1 AND project_id = $2 AND NOT deleted FOR SHARE",
        draft.gateway_id,
        project_id,
    )
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| Error::not_found(Msg::GatewayNotFound))?;
    if draft.loop_index > loop_count {
        return Err(Error::bad_request(Msg::DeviceLoopInvalid));
    }
    Ok(())
}

/// Inserts a checked draft in the transaction, its type and gateway checked first.
async fn insert_checked(
    conn: &mut sqlx::PgConnection,
    project_id: i64,
    draft: &DeviceDraft,
    user: &str,
) -> Result<i64, Error> {
    check_references(&mut *conn, project_id, draft).await?;
    let (longitude, latitude) = draft.location.unzip();
    sqlx::query_scalar!(
        "INSERT INTO lighting.devices (project_id, device_name, device_code, type_id, gateway_id, loop_index, \
         address, longitude, latitude, status, remark, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING device_id",
        project_id,
        draft.name,
        draft.code,
        draft.type_id,
        draft.gateway_id,
        draft.loop_index,
        draft.address,
        longitude,
        latitude,
        draft.status,
        draft.remark,
        user,
    )
    .fetch_one(&mut *conn)
    .await
    .map_err(|err| device_errors(err, draft))
}

pub async fn insert_device(pool: &PgPool, project_id: i64, draft: &DeviceDraft, user: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let device_id = insert_checked(&mut tx, project_id, draft, user).await?;
    tx.commit().await?;
    Ok(device_id)
}

/// Inserts every draft or none (an import).
pub async fn insert_devices(pool: &PgPool, project_id: i64, drafts: &[DeviceDraft], user: &str) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    for draft in drafts {
        insert_checked(&mut tx, project_id, draft, user).await?;
    }
    tx.commit().await?;
    Ok(drafts.len() as u64)
}

pub async fn update_device(pool: &PgPool, project_id: i64, device_id: i64, draft: &DeviceDraft) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    check_references(&mut tx, project_id, draft).await?;
    let (longitude, latitude) = draft.location.unzip();
    let updated = sqlx::query!(
        "UPDATE lighting.devices SET device_name = $3, device_code = $4, type_id = $5, gateway_id = $6, \
         loop_index = $7, address = $8, longitude = $9, latitude = $10, status = $11, remark = $12, updated_at = now() \
         WHERE device_id = $1 AND project_id = $2",
        device_id,
        project_id,
        draft.name,
        draft.code,
        draft.type_id,
        draft.gateway_id,
        draft.loop_index,
        draft.address,
        longitude,
        latitude,
        draft.status,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| device_errors(err, draft))?;
    if updated.rows_affected() != 1 {
        return Err(Error::not_found(Msg::DeviceNotFound));
    }
    tx.commit().await?;
    Ok(())
}

/// Deletes all the devices or none: NotFound when one is not the project's. They leave
/// their groups.
pub async fn delete_devices(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    let deleted =
        sqlx::query!("DELETE FROM lighting.devices WHERE project_id = $1 AND device_id = ANY($2)", project_id, ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if usize::try_from(deleted).unwrap_or(0) != ids.len() {
        return Err(Error::not_found(Msg::DeviceNotFound));
    }
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}

/// The codes among `codes` the project's devices already have.
pub async fn codes_taken(pool: &PgPool, project_id: i64, codes: &[String]) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar!(
        "SELECT device_code FROM lighting.devices WHERE project_id = $1 AND device_code = ANY($2)",
        project_id,
        codes,
    )
    .fetch_all(pool)
    .await
}

/// The project's types by code: (code, id).
pub async fn types_by_code(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<(String, i64)>> {
    let rows = sqlx::query!("SELECT type_code, type_id FROM lighting.device_types WHERE project_id = $1", project_id)
        .fetch_all(pool)
        .await?;
    Ok(rows.into_iter().map(|r| (r.type_code, r.type_id)).collect())
}

/// The project's live gateways by number: (number, id, loop count).
pub async fn gateways_by_number(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<(String, i64, i32)>> {
    let rows = sqlx::query!(
        "SELECT serial, gateway_id, loop_count FROM lighting.gateways WHERE project_id = $1 AND NOT deleted",
        project_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.serial, r.gateway_id, r.loop_count)).collect())
}

// --- groups ---------------------------------------------------------------------------------

pub async fn list_groups(pool: &PgPool, project_id: i64, name: &str, page: Page) -> sqlx::Result<(Vec<GroupRow>, i64)> {
    let rows = sqlx::query_as!(
        GroupRow,
        "SELECT g.group_id, g.group_name, g.remark, \
         (SELECT count(*) FROM lighting.device_group_members m WHERE m.group_id = g.group_id) AS \"device_count!\", \
         g.created_by, g.created_at, g.updated_at FROM lighting.device_groups g \
         WHERE g.project_id = $1 AND strpos(g.group_name, $2) > 0 ORDER BY g.group_name LIMIT $3 OFFSET $4",
        project_id,
        name,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.device_groups WHERE project_id = $1 AND strpos(group_name, $2) > 0",
        project_id,
        name,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_group(pool: &PgPool, project_id: i64, group_id: i64) -> sqlx::Result<Option<GroupRow>> {
    sqlx::query_as!(
        GroupRow,
        "SELECT g.group_id, g.group_name, g.remark, \
         (SELECT count(*) FROM lighting.device_group_members m WHERE m.group_id = g.group_id) AS \"device_count!\", \
         g.created_by, g.created_at, g.updated_at FROM lighting.device_groups g \
         WHERE g.group_id = $1 AND g.project_id = $2",
        group_id,
        project_id,
    )
    .fetch_optional(pool)
    .await
}

/// Replaces the group's members, each a device of the project (NotFound otherwise), locked
/// against deletion until the transaction ends.
async fn set_members(
    conn: &mut sqlx::PgConnection,
    project_id: i64,
    group_id: i64,
    device_ids: &[i64],
) -> Result<(), Error> {
    let found = sqlx::query_scalar!(
        "SELECT device_id FROM lighting.devices WHERE project_id = $1 AND device_id = ANY($2) FOR SHARE",
        project_id,
        device_ids,
    )
    .fetch_all(&mut *conn)
    .await?;
    if found.len() != device_ids.len() {
        return Err(Error::not_found(Msg::DeviceNotFound));
    }
    sqlx::query!("DELETE FROM lighting.device_group_members WHERE group_id = $1", group_id).execute(&mut *conn).await?;
    sqlx::query!(
        "INSERT INTO lighting.device_group_members (group_id, device_id) SELECT $1, unnest($2::bigint[])",
        group_id,
        device_ids,
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn insert_group(pool: &PgPool, project_id: i64, draft: &GroupDraft, user: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let group_id = sqlx::query_scalar!(
        "INSERT INTO lighting.device_groups (project_id, group_name, remark, created_by) \
         VALUES ($1, $2, $3, $4) RETURNING group_id",
        project_id,
        draft.name,
        draft.remark,
        user,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| group_errors(err, draft))?;
    set_members(&mut tx, project_id, group_id, &draft.device_ids).await?;
    tx.commit().await?;
    Ok(group_id)
}

pub async fn update_group(pool: &PgPool, project_id: i64, group_id: i64, draft: &GroupDraft) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    let updated = sqlx::query!(
        "UPDATE lighting.device_groups SET group_name = $3, remark = $4, updated_at = now() \
         WHERE group_id = $1 AND project_id = $2",
        group_id,
        project_id,
        draft.name,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| group_errors(err, draft))?;
    if updated.rows_affected() != 1 {
        return Err(Error::not_found(Msg::GroupNotFound));
    }
    set_members(&mut tx, project_id, group_id, &draft.device_ids).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes all the groups or none: NotFound when one is not the project's. Their devices stay.
pub async fn delete_groups(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!(
        "DELETE FROM lighting.device_groups WHERE project_id = $1 AND group_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if usize::try_from(deleted).unwrap_or(0) != ids.len() {
        return Err(Error::not_found(Msg::GroupNotFound));
    }
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}
