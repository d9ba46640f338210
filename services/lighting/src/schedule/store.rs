//! Scenes, tasks and sites in PostgreSQL. Every query names the project: a scene, task or
//! gateway of another project is as absent as one that never existed. Each write that needs
//! more than one statement is one transaction here.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::{CombinedDraft, SceneDraft, TaskDraft, day_time_columns};
use super::task::Light;

#[derive(Debug, Clone)]
pub struct SceneRow {
    pub scene_id: i64,
    pub scene_name: String,
    pub scene_type: String,
    pub remark: String,
    pub loop_count: i64,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A loop of a scene, with its gateway's names.
#[derive(Debug, Clone)]
pub struct SceneLoopRow {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub loop_index: i32,
    pub loop_name: String,
    pub is_on: bool,
    pub brightness: Option<i16>,
}

#[derive(Debug, Clone)]
pub struct TaskRow {
    pub task_id: i64,
    pub task_name: String,
    pub priority: i16,
    pub date_from: Option<NaiveDate>,
    pub date_to: Option<NaiveDate>,
    pub weekdays: i16,
    pub start_kind: String,
    pub start_clock: Option<NaiveTime>,
    pub start_offset: i32,
    pub end_kind: String,
    pub end_clock: Option<NaiveTime>,
    pub end_offset: i32,
    pub enabled: bool,
    pub issue_state: String,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub scene_ids: Vec<i64>,
    pub scene_names: Vec<String>,
    pub gateway_ids: Vec<i64>,
    pub gateway_names: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct SiteRow {
    pub latitude: f64,
    pub longitude: f64,
    pub time_zone: String,
}

/// What an enabled task sets on one loop of one of its gateways, by scene (in order).
#[derive(Debug, Clone)]
pub struct TaskLoopRow {
    pub task_id: i64,
    pub task_name: String,
    pub priority: i16,
    pub date_from: Option<NaiveDate>,
    pub date_to: Option<NaiveDate>,
    pub weekdays: i16,
    pub start_kind: String,
    pub start_clock: Option<NaiveTime>,
    pub start_offset: i32,
    pub end_kind: String,
    pub end_clock: Option<NaiveTime>,
    pub end_offset: i32,
    pub position: i32,
    pub scene_id: i64,
    pub scene_name: String,
    pub gateway_id: i64,
    pub loop_index: i32,
    pub is_on: bool,
    pub brightness: Option<i16>,
    /// Through a sequential combined scene: the member's minutes from the run's start, how
    /// long it lasts (0: to the run's end) and the cycle (0: once); `None` otherwise.
    pub phase_offset: Option<i32>,
    pub phase_length: Option<i32>,
    pub phase_period: Option<i32>,
}

/// A loop of the plan: its gateway, names and latest reading.
#[derive(Debug, Clone)]
pub struct PlanLoopRow {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub online: bool,
    pub loop_index: i32,
    pub loop_name: String,
    pub is_on: Option<bool>,
    pub sample_time: Option<DateTime<Utc>>,
    /// The longest minimum burn time of the types of the loop's devices in service, in
    /// minutes (0 without devices): a lamp on the loop must not go off sooner.
    pub minimum_burn_minutes: i32,
}

fn scene_errors(err: sqlx::Error, draft: &SceneDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "scenes_name_key" => Some(Msg::SceneNameTaken { name: draft.name.clone() }),
        _ => None,
    })
}

/// Every loop the scene names is a loop of a live gateway of the project: a gateway that is
/// not is NotFound, a loop beyond its gateway's count a bad request.
async fn check_scene_loops(conn: &mut PgConnection, project_id: i64, draft: &SceneDraft) -> Result<(), Error> {
    let ids = draft.gateway_ids();
    let counts = sqlx::query!(
        "SELECT gateway_id, loop_count FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted AND gateway_id = ANY($2) FOR SHARE",
        project_id,
        &ids,
    )
    .fetch_all(&mut *conn)
    .await?;
    for scene_loop in &draft.loops {
        let Some(gateway) = counts.iter().find(|g| g.gateway_id == scene_loop.gateway_id) else {
            return Err(Error::not_found(Msg::GatewayNotFound));
        };
        let max = u32::try_from(gateway.loop_count).unwrap_or(0);
        if scene_loop.loop_index > max {
            return Err(Error::bad_request(Msg::LoopIndexInvalid { max }));
        }
    }
    Ok(())
}

async fn write_scene_loops(conn: &mut PgConnection, scene_id: i64, draft: &SceneDraft) -> sqlx::Result<()> {
    let gateways: Vec<i64> = draft.loops.iter().map(|l| l.gateway_id).collect();
    let indexes: Vec<i32> = draft.loops.iter().map(|l| l.loop_index as i32).collect();
    let on: Vec<bool> = draft.loops.iter().map(|l| l.light.is_on()).collect();
    let levels: Vec<Option<i16>> = draft
        .loops
        .iter()
        .map(|l| match l.light {
            Light::On { level } => Some(i16::from(level)),
            Light::Off => None,
        })
        .collect();
    sqlx::query!(
        "INSERT INTO lighting.scene_loops (scene_id, gateway_id, loop_index, is_on, brightness) \
         SELECT $1, g, i, o, b FROM UNNEST($2::bigint[], $3::integer[], $4::boolean[], $5::smallint[]) AS u(g, i, o, b)",
        scene_id,
        &gateways,
        &indexes,
        &on,
        &levels as &[Option<i16>],
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn list_scenes(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    scene_type: Option<&str>,
    page: Page,
) -> sqlx::Result<(Vec<SceneRow>, i64)> {
    let rows = sqlx::query_as!(
        SceneRow,
        "SELECT s.scene_id, s.scene_name, s.scene_type, s.remark, \
         (SELECT count(*) FROM lighting.scene_loops l WHERE l.scene_id = s.scene_id) AS \"loop_count!\", \
         s.created_by, s.created_at, s.updated_at FROM lighting.scenes s \
         WHERE s.project_id = $1 AND strpos(s.scene_name, $2) > 0 \
           AND (($3::text IS NULL AND s.scene_type <> '2') OR s.scene_type = $3) \
         ORDER BY s.scene_id DESC LIMIT $4 OFFSET $5",
        project_id,
        name,
        scene_type,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.scenes \
         WHERE project_id = $1 AND strpos(scene_name, $2) > 0 \
           AND (($3::text IS NULL AND scene_type <> '2') OR scene_type = $3)",
        project_id,
        name,
        scene_type,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_scene(pool: &PgPool, project_id: i64, scene_id: i64) -> sqlx::Result<Option<SceneRow>> {
    sqlx::query_as!(
        SceneRow,
        "SELECT s.scene_id, s.scene_name, s.scene_type, s.remark, \
         (SELECT count(*) FROM lighting.scene_loops l WHERE l.scene_id = s.scene_id) AS \"loop_count!\", \
         s.created_by, s.created_at, s.updated_at FROM lighting.scenes s \
         WHERE s.scene_id = $1 AND s.project_id = $2 AND s.scene_type <> '2'",
        scene_id,
        project_id,
    )
    .fetch_optional(pool)
    .await
}

/// The scene's loops on live gateways, by gateway and loop.
pub async fn scene_loops(pool: &PgPool, scene_id: i64) -> sqlx::Result<Vec<SceneLoopRow>> {
    sqlx::query_as!(
        SceneLoopRow,
        "SELECT sl.gateway_id, g.gateway_name, g.serial, sl.loop_index, l.loop_name, sl.is_on, sl.brightness \
         FROM lighting.scene_loops sl JOIN lighting.gateways g ON g.gateway_id = sl.gateway_id AND NOT g.deleted \
         JOIN lighting.loops l ON l.gateway_id = sl.gateway_id AND l.loop_index = sl.loop_index \
         WHERE sl.scene_id = $1 ORDER BY sl.gateway_id, sl.loop_index",
        scene_id,
    )
    .fetch_all(pool)
    .await
}

pub async fn insert_scene(pool: &PgPool, project_id: i64, draft: &SceneDraft, user: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    check_scene_loops(&mut tx, project_id, draft).await?;
    let scene_id = sqlx::query_scalar!(
        "INSERT INTO lighting.scenes (project_id, scene_name, scene_type, remark, created_by) \
         VALUES ($1, $2, $3, $4, $5) RETURNING scene_id",
        project_id,
        draft.name,
        draft.scene_type.code(),
        draft.remark,
        user,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| scene_errors(err, draft))?;
    write_scene_loops(&mut tx, scene_id, draft).await?;
    tx.commit().await?;
    Ok(scene_id)
}

/// The name of an enabled task (or of any task, when `enabled_only` is false) that uses one
/// of the scenes, itself or through a combined scene.
async fn task_using(conn: &mut PgConnection, scene_ids: &[i64], enabled_only: bool) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        "SELECT t.task_name FROM lighting.task_scenes ts JOIN lighting.tasks t ON t.task_id = ts.task_id \
         WHERE (ts.scene_id = ANY($1) \
                OR ts.scene_id IN (SELECT m.scene_id FROM lighting.scene_members m WHERE m.member_id = ANY($1))) \
           AND (t.enabled OR NOT $2) ORDER BY t.task_id LIMIT 1",
        scene_ids,
        enabled_only,
    )
    .fetch_optional(conn)
    .await
}

/// Locks the scenes `ids` of the project, power scenes or combined ones (`combined`) for an
/// edit or a delete: NotFound when one is not there, refused while a task uses one (an
/// enabled task, when `enabled_only`).
async fn lock_unused_scenes(
    conn: &mut PgConnection,
    project_id: i64,
    ids: &[i64],
    combined: bool,
    enabled_only: bool,
) -> Result<(), Error> {
    let found = sqlx::query_scalar!(
        "SELECT scene_id FROM lighting.scenes WHERE project_id = $1 AND scene_id = ANY($2) \
         AND (scene_type = '2') = $3 FOR UPDATE",
        project_id,
        ids,
        combined,
    )
    .fetch_all(&mut *conn)
    .await?;
    if found.len() != ids.len() {
        return Err(Error::not_found(Msg::SceneNotFound));
    }
    if let Some(task) = task_using(conn, ids, enabled_only).await? {
        return Err(Error::refused(Msg::SceneInUse { task }));
    }
    Ok(())
}

/// Rewrites a scene; NotFound when the project has no such scene, refused while an enabled
/// task uses it (what the gateways were given would differ from what the task says).
pub async fn update_scene(pool: &PgPool, project_id: i64, scene_id: i64, draft: &SceneDraft) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    lock_unused_scenes(&mut tx, project_id, &[scene_id], false, true).await?;
    check_scene_loops(&mut tx, project_id, draft).await?;
    sqlx::query!(
        "UPDATE lighting.scenes SET scene_name = $3, scene_type = $4, remark = $5, updated_at = now() \
         WHERE scene_id = $1 AND project_id = $2",
        scene_id,
        project_id,
        draft.name,
        draft.scene_type.code(),
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| scene_errors(err, draft))?;
    sqlx::query!("DELETE FROM lighting.scene_loops WHERE scene_id = $1", scene_id).execute(&mut *tx).await?;
    write_scene_loops(&mut tx, scene_id, draft).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes all the scenes or none: NotFound when one is not the project's, refused while a
/// task uses one.
pub async fn delete_scenes(pool: &PgPool, project_id: i64, scene_ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    lock_unused_scenes(&mut tx, project_id, scene_ids, false, false).await?;
    let combined = sqlx::query_scalar!(
        "SELECT s.scene_name FROM lighting.scene_members m JOIN lighting.scenes s ON s.scene_id = m.scene_id \
         WHERE m.member_id = ANY($1) ORDER BY s.scene_id LIMIT 1",
        scene_ids,
    )
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(name) = combined {
        return Err(Error::refused(Msg::SceneInCombined { name }));
    }
    let deleted =
        sqlx::query!("DELETE FROM lighting.scenes WHERE project_id = $1 AND scene_id = ANY($2)", project_id, scene_ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}

// --- combined scenes ---------------------------------------------------------------------

/// A combined scene as the list shows it.
#[derive(Debug, Clone)]
pub struct CombinedRow {
    pub scene_id: i64,
    pub scene_name: String,
    pub execution_mode: String,
    pub repeat_mode: String,
    pub remark: String,
    pub member_count: i64,
    pub total_minutes: i64,
    pub member_names: Vec<String>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A combined scene query answering whole rows: `combined_query!("WHERE ..."; args)`.
macro_rules! combined_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            CombinedRow,
            "SELECT s.scene_id, s.scene_name, s.execution_mode AS \"execution_mode!\", \
             s.repeat_mode AS \"repeat_mode!\", s.remark, \
             (SELECT count(*) FROM lighting.scene_members m WHERE m.scene_id = s.scene_id) AS \"member_count!\", \
             (SELECT COALESCE(sum(m.minutes), 0) FROM lighting.scene_members m WHERE m.scene_id = s.scene_id)::bigint \
               AS \"total_minutes!\", \
             ARRAY(SELECT ms.scene_name FROM lighting.scene_members m JOIN lighting.scenes ms ON ms.scene_id = m.member_id \
                   WHERE m.scene_id = s.scene_id ORDER BY m.position)::text[] AS \"member_names!\", \
             s.created_by, s.created_at, s.updated_at FROM lighting.scenes s " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_combined(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    page: Page,
) -> sqlx::Result<(Vec<CombinedRow>, i64)> {
    let rows = combined_query!(
        "WHERE s.project_id = $1 AND s.scene_type = '2' AND strpos(s.scene_name, $2) > 0 \
         ORDER BY s.scene_id DESC LIMIT $3 OFFSET $4";
        project_id,
        name,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.scenes \
         WHERE project_id = $1 AND scene_type = '2' AND strpos(scene_name, $2) > 0",
        project_id,
        name,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_combined(pool: &PgPool, project_id: i64, scene_id: i64) -> sqlx::Result<Option<CombinedRow>> {
    combined_query!("WHERE s.scene_id = $1 AND s.project_id = $2 AND s.scene_type = '2'"; scene_id, project_id)
        .fetch_optional(pool)
        .await
}

/// A member of a combined scene, in order.
#[derive(Debug, Clone)]
pub struct MemberRow {
    pub scene_id: i64,
    pub scene_name: String,
    pub minutes: i32,
}

pub async fn combined_members(pool: &PgPool, scene_id: i64) -> sqlx::Result<Vec<MemberRow>> {
    sqlx::query_as!(
        MemberRow,
        "SELECT m.member_id AS scene_id, s.scene_name, m.minutes FROM lighting.scene_members m \
         JOIN lighting.scenes s ON s.scene_id = m.member_id WHERE m.scene_id = $1 ORDER BY m.position",
        scene_id,
    )
    .fetch_all(pool)
    .await
}

/// Every member is a power scene of the project: NotFound for one that is not, refused as
/// bad input for a combined one.
async fn check_members(conn: &mut PgConnection, project_id: i64, draft: &CombinedDraft) -> Result<(), Error> {
    let ids = draft.scene_ids();
    let types = sqlx::query_scalar!(
        "SELECT scene_type::text AS \"scene_type!\" FROM lighting.scenes WHERE project_id = $1 AND scene_id = ANY($2)",
        project_id,
        &ids,
    )
    .fetch_all(&mut *conn)
    .await?;
    if types.len() != ids.len() {
        return Err(Error::not_found(Msg::SceneNotFound));
    }
    if types.iter().any(|t| t == "2") {
        return Err(Error::bad_request(Msg::CombinedMemberCombined));
    }
    Ok(())
}

async fn write_members(conn: &mut PgConnection, scene_id: i64, draft: &CombinedDraft) -> sqlx::Result<()> {
    let ids: Vec<i64> = draft.members.iter().map(|m| m.scene_id).collect();
    let minutes: Vec<i32> = draft.members.iter().map(|m| i32::try_from(m.minutes).unwrap_or(0)).collect();
    sqlx::query!(
        "INSERT INTO lighting.scene_members (scene_id, position, member_id, minutes) \
         SELECT $1, ordinality::integer, member_id, minutes \
         FROM UNNEST($2::bigint[], $3::int[]) WITH ORDINALITY AS u(member_id, minutes, ordinality)",
        scene_id,
        &ids,
        &minutes,
    )
    .execute(conn)
    .await?;
    Ok(())
}

fn combined_errors(err: sqlx::Error, draft: &CombinedDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "scenes_name_key" => Some(Msg::SceneNameTaken { name: draft.name.clone() }),
        _ => None,
    })
}

pub async fn insert_combined(pool: &PgPool, project_id: i64, draft: &CombinedDraft, user: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    check_members(&mut tx, project_id, draft).await?;
    let scene_id = sqlx::query_scalar!(
        "INSERT INTO lighting.scenes (project_id, scene_name, scene_type, remark, created_by, execution_mode, repeat_mode) \
         VALUES ($1, $2, '2', $3, $4, $5, $6) RETURNING scene_id",
        project_id,
        draft.name,
        draft.remark,
        user,
        draft.execution.code(),
        draft.repeat.code(),
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| combined_errors(err, draft))?;
    write_members(&mut tx, scene_id, draft).await?;
    tx.commit().await?;
    Ok(scene_id)
}

/// Rewrites a combined scene; NotFound when the project has none such, refused while an
/// enabled task uses it.
pub async fn update_combined(
    pool: &PgPool,
    project_id: i64,
    scene_id: i64,
    draft: &CombinedDraft,
) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    lock_unused_scenes(&mut tx, project_id, &[scene_id], true, true).await?;
    check_members(&mut tx, project_id, draft).await?;
    sqlx::query!(
        "UPDATE lighting.scenes SET scene_name = $3, remark = $4, execution_mode = $5, repeat_mode = $6, \
         updated_at = now() WHERE scene_id = $1 AND project_id = $2",
        scene_id,
        project_id,
        draft.name,
        draft.remark,
        draft.execution.code(),
        draft.repeat.code(),
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| combined_errors(err, draft))?;
    sqlx::query!("DELETE FROM lighting.scene_members WHERE scene_id = $1", scene_id).execute(&mut *tx).await?;
    write_members(&mut tx, scene_id, draft).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes all the combined scenes or none: NotFound when one is not the project's, refused
/// while a task uses one.
pub async fn delete_combined(pool: &PgPool, project_id: i64, scene_ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    lock_unused_scenes(&mut tx, project_id, scene_ids, true, false).await?;
    let deleted =
        sqlx::query!("DELETE FROM lighting.scenes WHERE project_id = $1 AND scene_id = ANY($2)", project_id, scene_ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}

/// A task query answering whole rows with the task's scenes (in order) and live gateways:
/// `task_query!("WHERE ..."; args)`.
macro_rules! task_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            TaskRow,
            "SELECT t.task_id, t.task_name, t.priority, t.date_from, t.date_to, t.weekdays, t.start_kind, \
             t.start_clock, t.start_offset, t.end_kind, t.end_clock, t.end_offset, t.enabled, t.issue_state, \
             t.remark, t.created_by, t.created_at, t.updated_at, \
             ARRAY(SELECT ts.scene_id FROM lighting.task_scenes ts WHERE ts.task_id = t.task_id \
                   ORDER BY ts.position) AS \"scene_ids!\", \
             ARRAY(SELECT s.scene_name FROM lighting.task_scenes ts JOIN lighting.scenes s USING (scene_id) \
                   WHERE ts.task_id = t.task_id ORDER BY ts.position)::text[] AS \"scene_names!\", \
             ARRAY(SELECT g.gateway_id FROM lighting.task_gateways tg JOIN lighting.gateways g USING (gateway_id) \
                   WHERE tg.task_id = t.task_id AND NOT g.deleted ORDER BY g.gateway_id) AS \"gateway_ids!\", \
             ARRAY(SELECT g.gateway_name FROM lighting.task_gateways tg JOIN lighting.gateways g USING (gateway_id) \
                   WHERE tg.task_id = t.task_id AND NOT g.deleted ORDER BY g.gateway_id)::text[] AS \"gateway_names!\" \
             FROM lighting.tasks t " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_tasks(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    enabled: Option<bool>,
    page: Page,
) -> sqlx::Result<(Vec<TaskRow>, i64)> {
    let rows = task_query!(
        "WHERE t.project_id = $1 AND strpos(t.task_name, $2) > 0 AND ($3::boolean IS NULL OR t.enabled = $3) \
         ORDER BY t.priority DESC, t.task_id DESC LIMIT $4 OFFSET $5";
        project_id,
        name,
        enabled,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.tasks \
         WHERE project_id = $1 AND strpos(task_name, $2) > 0 AND ($3::boolean IS NULL OR enabled = $3)",
        project_id,
        name,
        enabled,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_task(pool: &PgPool, project_id: i64, task_id: i64) -> sqlx::Result<Option<TaskRow>> {
    task_query!("WHERE t.task_id = $1 AND t.project_id = $2"; task_id, project_id).fetch_optional(pool).await
}

/// The task's scenes and gateways are the project's: NotFound otherwise.
async fn check_task_refs(conn: &mut PgConnection, project_id: i64, draft: &TaskDraft) -> Result<(), Error> {
    let scenes = sqlx::query_scalar!(
        "SELECT count(*) AS \"count!\" FROM lighting.scenes WHERE project_id = $1 AND scene_id = ANY($2)",
        project_id,
        &draft.scene_ids,
    )
    .fetch_one(&mut *conn)
    .await?;
    if usize::try_from(scenes).unwrap_or(0) != draft.scene_ids.len() {
        return Err(Error::not_found(Msg::SceneNotFound));
    }
    let combined = sqlx::query_scalar!(
        "SELECT count(*) AS \"count!\" FROM lighting.scenes WHERE project_id = $1 AND scene_id = ANY($2) AND scene_type = '2'",
        project_id,
        &draft.scene_ids,
    )
    .fetch_one(&mut *conn)
    .await?;
    if combined > 0 && draft.scene_ids.len() > 1 {
        return Err(Error::bad_request(Msg::CombinedSceneAlone));
    }
    let gateways = sqlx::query_scalar!(
        "SELECT count(*) AS \"count!\" FROM lighting.gateways WHERE project_id = $1 AND NOT deleted AND gateway_id = ANY($2)",
        project_id,
        &draft.gateway_ids,
    )
    .fetch_one(&mut *conn)
    .await?;
    if usize::try_from(gateways).unwrap_or(0) != draft.gateway_ids.len() {
        return Err(Error::not_found(Msg::GatewayNotFound));
    }
    Ok(())
}

async fn write_task_links(conn: &mut PgConnection, task_id: i64, draft: &TaskDraft) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO lighting.task_scenes (task_id, position, scene_id) \
         SELECT $1, ordinality::integer, scene_id FROM UNNEST($2::bigint[]) WITH ORDINALITY AS u(scene_id, ordinality)",
        task_id,
        &draft.scene_ids,
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "INSERT INTO lighting.task_gateways (task_id, gateway_id) SELECT $1, UNNEST($2::bigint[])",
        task_id,
        &draft.gateway_ids,
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn insert_task(pool: &PgPool, project_id: i64, draft: &TaskDraft, user: &str) -> Result<i64, Error> {
    let (start_kind, start_clock, start_offset) = day_time_columns(draft.start);
    let (end_kind, end_clock, end_offset) = day_time_columns(draft.end);
    let mut tx = pool.begin().await?;
    check_task_refs(&mut tx, project_id, draft).await?;
    let task_id = sqlx::query_scalar!(
        "INSERT INTO lighting.tasks (project_id, task_name, priority, date_from, date_to, weekdays, start_kind, \
         start_clock, start_offset, end_kind, end_clock, end_offset, remark, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING task_id",
        project_id,
        draft.name,
        i16::from(draft.priority),
        draft.days.from,
        draft.days.to,
        i16::from(draft.days.weekdays),
        start_kind,
        start_clock,
        start_offset,
        end_kind,
        end_clock,
        end_offset,
        draft.remark,
        user,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| Error::from_db(err, |_| None))?;
    write_task_links(&mut tx, task_id, draft).await?;
    tx.commit().await?;
    Ok(task_id)
}

/// Locks a task of the project for a change: NotFound when absent, refused when enabled (a
/// scheduled task must be disabled before edit or delete).
async fn lock_disabled_tasks(conn: &mut PgConnection, project_id: i64, task_ids: &[i64]) -> Result<(), Error> {
    let rows = sqlx::query!(
        "SELECT task_id, enabled FROM lighting.tasks WHERE project_id = $1 AND task_id = ANY($2) FOR UPDATE",
        project_id,
        task_ids,
    )
    .fetch_all(&mut *conn)
    .await?;
    if rows.len() != task_ids.len() {
        return Err(Error::not_found(Msg::TaskNotFound));
    }
    if rows.iter().any(|row| row.enabled) {
        return Err(Error::refused(Msg::TaskEnabled));
    }
    Ok(())
}

pub async fn update_task(pool: &PgPool, project_id: i64, task_id: i64, draft: &TaskDraft) -> Result<(), Error> {
    let (start_kind, start_clock, start_offset) = day_time_columns(draft.start);
    let (end_kind, end_clock, end_offset) = day_time_columns(draft.end);
    let mut tx = pool.begin().await?;
    lock_disabled_tasks(&mut tx, project_id, &[task_id]).await?;
    check_task_refs(&mut tx, project_id, draft).await?;
    sqlx::query!(
        "UPDATE lighting.tasks SET task_name = $3, priority = $4, date_from = $5, date_to = $6, weekdays = $7, \
         start_kind = $8, start_clock = $9, start_offset = $10, end_kind = $11, end_clock = $12, end_offset = $13, \
         remark = $14, issue_state = '0', updated_at = now() WHERE task_id = $1 AND project_id = $2",
        task_id,
        project_id,
        draft.name,
        i16::from(draft.priority),
        draft.days.from,
        draft.days.to,
        i16::from(draft.days.weekdays),
        start_kind,
        start_clock,
        start_offset,
        end_kind,
        end_clock,
        end_offset,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| Error::from_db(err, |_| None))?;
    sqlx::query!("DELETE FROM lighting.task_scenes WHERE task_id = $1", task_id).execute(&mut *tx).await?;
    sqlx::query!("DELETE FROM lighting.task_gateways WHERE task_id = $1", task_id).execute(&mut *tx).await?;
    write_task_links(&mut tx, task_id, draft).await?;
    tx.commit().await?;
    Ok(())
}

/// Enables or disables a task; false when the project has no such task. A change of the
/// switch changes the plan of the task's gateways: the task and their schedules are back to
/// '0' not issued, the schedules saying why (`stale`), until they are issued again.
pub async fn set_task_enabled(
    pool: &PgPool,
    project_id: i64,
    task_id: i64,
    enabled: bool,
    stale: &str,
) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let current = sqlx::query_scalar!(
        "SELECT enabled FROM lighting.tasks WHERE task_id = $1 AND project_id = $2 FOR UPDATE",
        task_id,
        project_id,
    )
    .fetch_optional(&mut *tx)
    .await?;
    match current {
        None => return Ok(false),
        Some(now) if now == enabled => return Ok(true),
        Some(_) => {}
    }
    sqlx::query!(
        "UPDATE lighting.tasks SET enabled = $3, issue_state = '0', updated_at = now()          WHERE task_id = $1 AND project_id = $2",
        task_id,
        project_id,
        enabled,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "UPDATE lighting.gateway_schedules s SET issue_state = '0', message = $2 FROM lighting.task_gateways tg \
         WHERE tg.task_id = $1 AND s.gateway_id = tg.gateway_id AND s.issue_state <> '0'",
        task_id,
        stale,
    )
    .execute(&mut *tx)
    .await?;
    // A schedule still waiting for one of those gateways is of the old plan: it never goes.
    sqlx::query!(
        "UPDATE lighting.commands c SET state = 'expired', result = 'expired', message = $2, finished_at = now(), \
           payload = NULL FROM lighting.task_gateways tg \
         WHERE tg.task_id = $1 AND c.gateway_id = tg.gateway_id AND c.action = 'schedule' AND c.state = 'queued'",
        task_id,
        stale,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes all the tasks or none: NotFound when one is not the project's, refused when one
/// is enabled.
pub async fn delete_tasks(pool: &PgPool, project_id: i64, task_ids: &[i64]) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    lock_disabled_tasks(&mut tx, project_id, task_ids).await?;
    let deleted =
        sqlx::query!("DELETE FROM lighting.tasks WHERE project_id = $1 AND task_id = ANY($2)", project_id, task_ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}

pub async fn find_site(pool: &PgPool, project_id: i64) -> sqlx::Result<Option<SiteRow>> {
    sqlx::query_as!(
        SiteRow,
        "SELECT latitude, longitude, time_zone FROM lighting.sites WHERE project_id = $1",
        project_id
    )
    .fetch_optional(pool)
    .await
}

/// Saves the project's site. Its sunrise and sunset move with it: the project's issued
/// schedules and tasks are back to '0' not issued, the schedules saying why (`stale`).
pub async fn save_site(
    pool: &PgPool,
    project_id: i64,
    latitude: f64,
    longitude: f64,
    time_zone: &str,
    user: &str,
    stale: &str,
) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "INSERT INTO lighting.sites (project_id, latitude, longitude, time_zone, updated_by) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (project_id) DO UPDATE SET latitude = $2, longitude = $3, time_zone = $4, updated_by = $5, \
         updated_at = now()",
        project_id,
        latitude,
        longitude,
        time_zone,
        user,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| Error::from_db(err, |_| None))?;
    plan_changed(&mut tx, project_id, stale).await?;
    tx.commit().await?;
    Ok(())
}

/// The whole project's plan changed (its site, a timing one-key): its issued schedules and
/// tasks are back to '0' not issued, the schedules saying why (`stale`).
async fn plan_changed(conn: &mut sqlx::PgConnection, project_id: i64, stale: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.gateway_schedules SET issue_state = '0', message = $2 \
         WHERE project_id = $1 AND issue_state <> '0'",
        project_id,
        stale,
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "UPDATE lighting.tasks SET issue_state = '0' WHERE project_id = $1 AND issue_state <> '0'",
        project_id
    )
    .execute(&mut *conn)
    .await?;
    // Schedules still waiting for the project's gateways are of the old plan: they never go.
    sqlx::query!(
        "UPDATE lighting.commands SET state = 'expired', result = 'expired', message = $2, finished_at = now(), \
           payload = NULL WHERE project_id = $1 AND action = 'schedule' AND state = 'queued'",
        project_id,
        stale,
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

// --- timing one-key control ------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct TimingRow {
    pub timing_id: i64,
    pub is_on: bool,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub remark: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

pub async fn list_timings(pool: &PgPool, project_id: i64, page: Page) -> sqlx::Result<(Vec<TimingRow>, i64)> {
    let rows = sqlx::query_as!(
        TimingRow,
        "SELECT timing_id, is_on, starts_at, ends_at, remark, created_by, created_at FROM lighting.timing_onekeys \
         WHERE project_id = $1 ORDER BY starts_at DESC, timing_id DESC LIMIT $2 OFFSET $3",
        project_id,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.timing_onekeys WHERE project_id = $1",
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// The project's windows that overlap `[from, to)`: (id, on, start, end).
pub async fn timing_windows(
    pool: &PgPool,
    project_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> sqlx::Result<Vec<(i64, bool, DateTime<Utc>, DateTime<Utc>)>> {
    let rows = sqlx::query!(
        "SELECT timing_id, is_on, starts_at, ends_at FROM lighting.timing_onekeys \
         WHERE project_id = $1 AND ends_at > $2 AND starts_at < $3 ORDER BY timing_id",
        project_id,
        from,
        to,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.timing_id, r.is_on, r.starts_at, r.ends_at)).collect())
}

pub async fn insert_timing(
    pool: &PgPool,
    project_id: i64,
    draft: &super::timing::TimingDraft,
    user: &str,
    stale: &str,
) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let timing_id = sqlx::query_scalar!(
        "INSERT INTO lighting.timing_onekeys (project_id, is_on, starts_at, ends_at, remark, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING timing_id",
        project_id,
        draft.on,
        draft.from,
        draft.to,
        draft.remark,
        user,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| Error::from_db(err, |_| None))?;
    plan_changed(&mut tx, project_id, stale).await?;
    tx.commit().await?;
    Ok(timing_id)
}

/// Deletes all the windows or none: NotFound when one is not the project's.
pub async fn delete_timings(pool: &PgPool, project_id: i64, ids: &[i64], stale: &str) -> Result<u32, Error> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!(
        "DELETE FROM lighting.timing_onekeys WHERE project_id = $1 AND timing_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if usize::try_from(deleted).unwrap_or(0) != ids.len() {
        return Err(Error::not_found(Msg::TimingNotFound));
    }
    plan_changed(&mut tx, project_id, stale).await?;
    tx.commit().await?;
    Ok(u32::try_from(deleted).unwrap_or(u32::MAX))
}

/// What the project's enabled tasks set on the loops of their gateways (all, or one), each
/// task's scenes in order.
pub async fn enabled_task_loops(
    pool: &PgPool,
    project_id: i64,
    gateway_id: Option<i64>,
) -> sqlx::Result<Vec<TaskLoopRow>> {
    // A plain scene sets its loops for the whole run; a combined scene's members set theirs,
    // at once (synchronous, in member order) or each for its part of the run (sequential).
    sqlx::query_as!(
        TaskLoopRow,
        "WITH members AS ( \
           SELECT m.scene_id, m.position, m.member_id, m.minutes, \
             (sum(m.minutes) OVER (PARTITION BY m.scene_id ORDER BY m.position) - m.minutes)::int AS offset_min, \
             (sum(m.minutes) OVER (PARTITION BY m.scene_id))::int AS total_min, \
             m.position = max(m.position) OVER (PARTITION BY m.scene_id) AS last \
           FROM lighting.scene_members m) \
         SELECT t.task_id AS \"task_id!\", t.task_name AS \"task_name!\", t.priority AS \"priority!\", \
           t.date_from, t.date_to, t.weekdays AS \"weekdays!\", t.start_kind AS \"start_kind!\", t.start_clock, \
           t.start_offset AS \"start_offset!\", t.end_kind AS \"end_kind!\", t.end_clock, t.end_offset AS \"end_offset!\", \
           ts.position * 100 AS \"position!\", ts.scene_id AS \"scene_id!\", s.scene_name AS \"scene_name!\", \
           sl.gateway_id AS \"gateway_id!\", sl.loop_index AS \"loop_index!\", sl.is_on AS \"is_on!\", sl.brightness, \
           NULL::int AS phase_offset, NULL::int AS phase_length, NULL::int AS phase_period \
         FROM lighting.tasks t JOIN lighting.task_scenes ts ON ts.task_id = t.task_id \
         JOIN lighting.scenes s ON s.scene_id = ts.scene_id AND s.scene_type <> '2' \
         JOIN lighting.scene_loops sl ON sl.scene_id = ts.scene_id \
         JOIN lighting.task_gateways tg ON tg.task_id = t.task_id AND tg.gateway_id = sl.gateway_id \
         WHERE t.project_id = $1 AND t.enabled AND ($2::bigint IS NULL OR sl.gateway_id = $2) \
         UNION ALL \
         SELECT t.task_id, t.task_name, t.priority, t.date_from, t.date_to, t.weekdays, t.start_kind, t.start_clock, \
           t.start_offset, t.end_kind, t.end_clock, t.end_offset, ts.position * 100 + mb.position, ts.scene_id, \
           s.scene_name, sl.gateway_id, sl.loop_index, sl.is_on, sl.brightness, \
           CASE WHEN s.execution_mode = '1' THEN mb.offset_min END, \
           CASE WHEN s.execution_mode = '1' THEN \
             CASE WHEN s.repeat_mode = '0' AND mb.last THEN 0 ELSE mb.minutes END END, \
           CASE WHEN s.execution_mode = '1' THEN CASE WHEN s.repeat_mode = '1' THEN mb.total_min ELSE 0 END END \
         FROM lighting.tasks t JOIN lighting.task_scenes ts ON ts.task_id = t.task_id \
         JOIN lighting.scenes s ON s.scene_id = ts.scene_id AND s.scene_type = '2' \
         JOIN members mb ON mb.scene_id = s.scene_id \
         JOIN lighting.scene_loops sl ON sl.scene_id = mb.member_id \
         JOIN lighting.task_gateways tg ON tg.task_id = t.task_id AND tg.gateway_id = sl.gateway_id \
         WHERE t.project_id = $1 AND t.enabled AND ($2::bigint IS NULL OR sl.gateway_id = $2) \
         ORDER BY 1, 13",
        project_id,
        gateway_id,
    )
    .fetch_all(pool)
    .await
}

/// Every loop of the project's live gateways (all, or one) with its latest reading.
pub async fn plan_loops(pool: &PgPool, project_id: i64, gateway_id: Option<i64>) -> sqlx::Result<Vec<PlanLoopRow>> {
    sqlx::query_as!(
        PlanLoopRow,
        "SELECT g.gateway_id, g.gateway_name, g.serial, g.online, l.loop_index, l.loop_name, \
         s.is_on AS \"is_on?\", s.sample_time AS \"sample_time?\", \
         COALESCE((SELECT max(t.minimum_burn_minutes) FROM lighting.devices d \
                   JOIN lighting.device_types t ON t.type_id = d.type_id \
                   WHERE d.gateway_id = l.gateway_id AND d.loop_index = l.loop_index AND d.status = '0'), 0) \
           AS \"minimum_burn_minutes!\" \
         FROM lighting.gateways g JOIN lighting.loops l ON l.gateway_id = g.gateway_id \
         LEFT JOIN lighting.loop_state s ON s.gateway_id = l.gateway_id AND s.loop_index = l.loop_index \
         WHERE g.project_id = $1 AND NOT g.deleted AND ($2::bigint IS NULL OR g.gateway_id = $2) \
         ORDER BY g.gateway_id, l.loop_index",
        project_id,
        gateway_id,
    )
    .fetch_all(pool)
    .await
}

// --- issuing -------------------------------------------------------------------------------

/// A task to issue and one of its live gateways (`None` when it has none left).
#[derive(Debug, Clone)]
pub struct IssueTarget {
    pub task_id: i64,
    pub task_name: String,
    pub enabled: bool,
    pub gateway_id: Option<i64>,
}

/// The tasks of the project among `task_ids`, one row per live gateway of each.
pub async fn issue_targets(pool: &PgPool, project_id: i64, task_ids: &[i64]) -> sqlx::Result<Vec<IssueTarget>> {
    sqlx::query_as!(
        IssueTarget,
        "SELECT t.task_id, t.task_name, t.enabled, g.gateway_id AS \"gateway_id?\" \
         FROM lighting.tasks t \
         LEFT JOIN lighting.task_gateways tg ON tg.task_id = t.task_id \
         LEFT JOIN lighting.gateways g ON g.gateway_id = tg.gateway_id AND g.project_id = t.project_id AND NOT g.deleted \
         WHERE t.project_id = $1 AND t.task_id = ANY($2) \
         ORDER BY t.task_id, g.gateway_id",
        project_id,
        task_ids,
    )
    .fetch_all(pool)
    .await
}

/// What a gateway is about to be sent.
#[derive(Debug, Clone)]
pub struct GatewaySchedule {
    pub gateway_id: i64,
    pub schedule_id: String,
    pub valid_from: DateTime<Utc>,
    pub valid_until: DateTime<Utc>,
    pub loop_count: i32,
    pub step_count: i32,
}

/// Marks the tasks and their gateways' schedules as being issued ('1'), in one transaction.
pub async fn begin_issue(
    pool: &PgPool,
    project_id: i64,
    task_ids: &[i64],
    schedules: &[GatewaySchedule],
    user_name: &str,
) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "UPDATE lighting.tasks SET issue_state = '1' WHERE project_id = $1 AND task_id = ANY($2)",
        project_id,
        task_ids,
    )
    .execute(&mut *tx)
    .await?;
    for s in schedules {
        sqlx::query!(
            "INSERT INTO lighting.gateway_schedules (gateway_id, project_id, schedule_id, issue_state, valid_from, \
             valid_until, loop_count, step_count, message, issued_by, requested_at, finished_at) \
             VALUES ($1, $2, $3, '1', $4, $5, $6, $7, '', $8, now(), NULL) \
             ON CONFLICT (gateway_id) DO UPDATE SET schedule_id = EXCLUDED.schedule_id, issue_state = '1', \
             valid_from = EXCLUDED.valid_from, valid_until = EXCLUDED.valid_until, loop_count = EXCLUDED.loop_count, \
             step_count = EXCLUDED.step_count, message = '', issued_by = EXCLUDED.issued_by, requested_at = now(), \
             finished_at = NULL",
            s.gateway_id,
            project_id,
            s.schedule_id,
            s.valid_from,
            s.valid_until,
            s.loop_count,
            s.step_count,
            user_name,
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Records where a gateway's issue stands without ending it ('1', queued) and why.
pub async fn finish_gateway_state(
    conn: &mut PgConnection,
    gateway_id: i64,
    state: &str,
    message: &str,
) -> sqlx::Result<()> {
    let message: String = message.chars().take(300).collect();
    sqlx::query!(
        "UPDATE lighting.gateway_schedules SET issue_state = $2, message = $3 WHERE gateway_id = $1",
        gateway_id,
        state,
        message,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records how a gateway's issue ended ('2' or '3') and why it failed.
pub async fn finish_gateway(pool: &PgPool, gateway_id: i64, state: &str, message: &str) -> sqlx::Result<()> {
    let message: String = message.chars().take(300).collect();
    sqlx::query!(
        "UPDATE lighting.gateway_schedules SET issue_state = $2, message = $3, finished_at = now() \
         WHERE gateway_id = $1",
        gateway_id,
        state,
        message,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Each task still being issued is settled once none of its live gateways is: succeeded ('3')
/// when every one took its schedule, unsuccessful ('2') otherwise. A gateway whose schedule
/// waits in the queue keeps its tasks '1'. A task edited meanwhile (back to '0') is left so.
pub async fn finish_tasks(pool: &PgPool, project_id: i64, task_ids: &[i64]) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE lighting.tasks t SET issue_state = CASE \
           WHEN EXISTS (SELECT 1 FROM lighting.task_gateways tg \
             JOIN lighting.gateways g ON g.gateway_id = tg.gateway_id AND NOT g.deleted \
             JOIN lighting.gateway_schedules gs ON gs.gateway_id = tg.gateway_id \
             WHERE tg.task_id = t.task_id AND gs.issue_state = '1') THEN '1' \
           WHEN EXISTS (SELECT 1 FROM lighting.task_gateways tg \
             JOIN lighting.gateways g ON g.gateway_id = tg.gateway_id AND NOT g.deleted \
             LEFT JOIN lighting.gateway_schedules gs ON gs.gateway_id = tg.gateway_id \
             WHERE tg.task_id = t.task_id AND gs.issue_state IS DISTINCT FROM '3') THEN '2' ELSE '3' END \
         WHERE t.project_id = $1 AND t.task_id = ANY($2) AND t.issue_state = '1'",
        project_id,
        task_ids,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// The tasks being issued that address the gateway: settled as by [`finish_tasks`] once its
/// queued schedule was acknowledged or given up.
pub async fn settle_tasks_of_gateway(pool: &PgPool, project_id: i64, gateway_id: i64) -> Result<(), Error> {
    let task_ids = sqlx::query_scalar!(
        "SELECT t.task_id FROM lighting.tasks t JOIN lighting.task_gateways tg ON tg.task_id = t.task_id \
         WHERE t.project_id = $1 AND tg.gateway_id = $2 AND t.issue_state = '1'",
        project_id,
        gateway_id,
    )
    .fetch_all(pool)
    .await?;
    finish_tasks(pool, project_id, &task_ids).await
}

/// The gateway acknowledged `schedule`: it is what the gateway follows now ('3'), and what its
/// loops are held to.
pub async fn schedule_acknowledged(
    pool: &PgPool,
    gateway_id: i64,
    schedule: &super::issue::CompiledSchedule,
) -> sqlx::Result<()> {
    let loops = serde_json::to_value(super::issue::StoredLoop::of(schedule)).unwrap_or_default();
    sqlx::query!(
        "UPDATE lighting.gateway_schedules SET issue_state = '3', message = '', finished_at = now(), \
           schedule_id = $2, valid_from = $3, valid_until = $4, loop_count = $5, step_count = $6, loops = $7 \
         WHERE gateway_id = $1",
        gateway_id,
        schedule.id,
        schedule.from,
        schedule.until,
        i32::try_from(schedule.loops.len()).unwrap_or(i32::MAX),
        i32::try_from(schedule.step_count()).unwrap_or(i32::MAX),
        loops,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// An issued schedule due for renewal: followed for longer than the renewal age, with no
/// newer one on its way.
#[derive(Debug, Clone)]
pub struct Renewal {
    pub project_id: i64,
    pub gateway_id: i64,
}

/// Due: followed since before `older_than`, or ending before `ending_before` (a schedule
/// shortened to fit the protocol's steps; not more than once an hour).
pub async fn renewals_due(
    pool: &PgPool,
    older_than: DateTime<Utc>,
    ending_before: DateTime<Utc>,
) -> sqlx::Result<Vec<Renewal>> {
    sqlx::query_as!(
        Renewal,
        "SELECT gs.project_id, gs.gateway_id FROM lighting.gateway_schedules gs \
         JOIN lighting.gateways g ON g.gateway_id = gs.gateway_id AND NOT g.deleted \
         WHERE gs.issue_state = '3' \
           AND (gs.valid_from < $1 OR (gs.valid_until < $2 AND gs.valid_from < now() - interval '1 hour')) \
           AND NOT EXISTS (SELECT 1 FROM lighting.commands c WHERE c.gateway_id = gs.gateway_id \
                           AND c.action = 'schedule' AND c.state IN ('queued', 'sending')) \
         ORDER BY gs.project_id, gs.gateway_id",
        older_than,
        ending_before,
    )
    .fetch_all(pool)
    .await
}

/// A gateway whose loops are held to its schedule now: online, its schedule acknowledged and
/// in force.
#[derive(Debug, Clone)]
pub struct HeldGateway {
    pub project_id: i64,
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub valid_from: DateTime<Utc>,
    pub loops: serde_json::Value,
}

pub async fn held_gateways(pool: &PgPool, now: DateTime<Utc>) -> sqlx::Result<Vec<HeldGateway>> {
    sqlx::query_as!(
        HeldGateway,
        "SELECT gs.project_id, gs.gateway_id, g.gateway_name, g.serial, gs.valid_from, gs.loops \
         FROM lighting.gateway_schedules gs \
         JOIN lighting.gateways g ON g.gateway_id = gs.gateway_id AND NOT g.deleted AND g.online \
         WHERE gs.issue_state = '3' AND gs.valid_from <= $1 AND $1 < gs.valid_until \
         ORDER BY gs.gateway_id",
        now,
    )
    .fetch_all(pool)
    .await
}

/// A loop's last reported state.
#[derive(Debug, Clone)]
pub struct LoopReading {
    pub gateway_id: i64,
    pub loop_index: i32,
    pub is_on: bool,
    pub sample_time: DateTime<Utc>,
}

pub async fn loop_readings(pool: &PgPool, gateway_ids: &[i64]) -> sqlx::Result<Vec<LoopReading>> {
    sqlx::query_as!(
        LoopReading,
        "SELECT gateway_id, loop_index, is_on, sample_time FROM lighting.loop_state WHERE gateway_id = ANY($1)",
        gateway_ids,
    )
    .fetch_all(pool)
    .await
}

/// A loop found differing from what it should be.
#[derive(Debug, Clone)]
pub struct MismatchRow {
    pub gateway_id: i64,
    pub loop_index: i32,
    pub project_id: i64,
    pub expected_on: bool,
    pub since: DateTime<Utc>,
    pub recommanded_at: Option<DateTime<Utc>>,
    pub alarm_transition: Option<String>,
    pub alarm_type_id: Option<i64>,
}

pub async fn mismatches(pool: &PgPool) -> sqlx::Result<Vec<MismatchRow>> {
    sqlx::query_as!(
        MismatchRow,
        "SELECT gateway_id, loop_index, project_id, expected_on, since, recommanded_at, alarm_transition, \
         alarm_type_id FROM lighting.loop_mismatches ORDER BY gateway_id, loop_index"
    )
    .fetch_all(pool)
    .await
}

/// Keeps a mismatch as it stands now (a new one, its re-command, its alarm).
pub async fn save_mismatch(conn: &mut sqlx::PgConnection, row: &MismatchRow) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO lighting.loop_mismatches (gateway_id, loop_index, project_id, expected_on, since, \
           recommanded_at, alarm_transition, alarm_type_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (gateway_id, loop_index) DO UPDATE SET expected_on = $4, since = $5, recommanded_at = $6, \
           alarm_transition = $7, alarm_type_id = $8",
        row.gateway_id,
        row.loop_index,
        row.project_id,
        row.expected_on,
        row.since,
        row.recommanded_at,
        row.alarm_transition,
        row.alarm_type_id,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A gateway's serial and name, deleted or not.
pub async fn gateway_names(conn: &mut PgConnection, gateway_id: i64) -> sqlx::Result<Option<(String, String)>> {
    let row = sqlx::query!("SELECT serial, gateway_name FROM lighting.gateways WHERE gateway_id = $1", gateway_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|r| (r.serial, r.gateway_name)))
}

pub async fn delete_mismatch(conn: &mut sqlx::PgConnection, gateway_id: i64, loop_index: i32) -> sqlx::Result<()> {
    sqlx::query!(
        "DELETE FROM lighting.loop_mismatches WHERE gateway_id = $1 AND loop_index = $2",
        gateway_id,
        loop_index
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A live gateway of the project and what it was last given (nothing yet: all `None`).
#[derive(Debug, Clone)]
pub struct GatewayScheduleRow {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub issue_state: Option<String>,
    pub schedule_id: Option<String>,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_until: Option<DateTime<Utc>>,
    pub loop_count: Option<i32>,
    pub step_count: Option<i32>,
    pub message: Option<String>,
    pub issued_by: Option<String>,
    pub requested_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

pub async fn list_gateway_schedules(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<GatewayScheduleRow>> {
    sqlx::query_as!(
        GatewayScheduleRow,
        "SELECT g.gateway_id, g.gateway_name, g.serial, s.issue_state AS \"issue_state?\", \
         s.schedule_id AS \"schedule_id?\", s.valid_from AS \"valid_from?\", s.valid_until AS \"valid_until?\", \
         s.loop_count AS \"loop_count?\", s.step_count AS \"step_count?\", s.message AS \"message?\", \
         s.issued_by AS \"issued_by?\", s.requested_at AS \"requested_at?\", s.finished_at \
         FROM lighting.gateways g LEFT JOIN lighting.gateway_schedules s ON s.gateway_id = g.gateway_id \
         WHERE g.project_id = $1 AND NOT g.deleted ORDER BY g.gateway_id",
        project_id,
    )
    .fetch_all(pool)
    .await
}
