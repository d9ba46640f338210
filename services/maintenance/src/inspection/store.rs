//! Inspection in PostgreSQL: teams, routes, plans, tasks and their points. Every write of
//! more than one statement is one transaction here; a task's results and the work orders its
//! abnormal points open are written together.

use chrono::{DateTime, NaiveDate, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::{
    self, DealSpec, ListFilter, PlanDraft, PointType, RawResult, RouteDraft, TaskDraft, TaskStatus, TeamDraft, Window,
};
use crate::work_order::model::{TYPE_INSPECTION, Urgency, WorkOrderDraft};
use crate::work_order::store::{self as orders, Actor};

#[derive(Debug, Clone)]
pub struct TeamRow {
    pub team_id: i64,
    pub team_name: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

/// A team member as identity named them when the team was saved.
#[derive(Debug, Clone)]
pub struct MemberRow {
    pub team_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub nick_name: String,
}

#[derive(Debug, Clone)]
pub struct RouteRow {
    pub route_id: i64,
    pub route_name: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct PointRow {
    pub route_id: i64,
    pub point_type: String,
    pub ref_id: i64,
    pub point_name: String,
}

/// A point to save, named by the service that owns it.
#[derive(Debug, Clone)]
pub struct NamedPoint {
    pub kind: PointType,
    pub ref_id: i64,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct PlanRow {
    pub plan_id: i64,
    pub plan_name: String,
    pub route_id: i64,
    pub route_name: String,
    pub team_id: i64,
    pub team_name: String,
    pub period: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub status: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct TaskRow {
    pub task_id: i64,
    pub task_name: String,
    pub plan_id: Option<i64>,
    pub plan_name: String,
    pub route_id: i64,
    pub route_name: String,
    pub team_id: i64,
    pub team_name: String,
    pub start_time: DateTime<Utc>,
    pub end_time: DateTime<Utc>,
    pub status: String,
    pub description: String,
    pub handler_name: String,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub point_count: i64,
    pub abnormal_count: i64,
}

impl TaskRow {
    pub fn status(&self) -> TaskStatus {
        TaskStatus::parse(&self.status).unwrap_or(TaskStatus::Expired)
    }
}

#[derive(Debug, Clone)]
pub struct TaskPointRow {
    pub point_id: i64,
    pub seq: i32,
    pub point_type: String,
    pub ref_id: i64,
    pub point_name: String,
    pub result: String,
    pub remark: String,
    pub work_order_id: Option<i64>,
    pub work_order_number: Option<String>,
}

/// The constraints a person can run into, in their words.
fn named(constraint: &str, name: &str) -> Option<Msg> {
    match constraint {
        "inspection_teams_name_key" | "inspection_routes_name_key" | "inspection_plans_name_key" => {
            Some(Msg::InspectionNameTaken { name: name.to_owned() })
        }
        _ => None,
    }
}

fn db_error(err: sqlx::Error, name: &str) -> Error {
    Error::from_db(err, |constraint| named(constraint, name))
}

// ---- teams ----

pub async fn list_teams(
    pool: &PgPool,
    project_id: i64,
    filter: &ListFilter,
    page: Page,
) -> sqlx::Result<(Vec<TeamRow>, i64)> {
    let rows = sqlx::query_as!(
        TeamRow,
        "SELECT team_id, team_name, remark, created_at FROM maintenance.inspection_teams \
         WHERE project_id = $1 AND ($2 = '' OR strpos(team_name, $2) > 0) ORDER BY team_id DESC LIMIT $3 OFFSET $4",
        project_id,
        filter.keyword,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.inspection_teams \
         WHERE project_id = $1 AND ($2 = '' OR strpos(team_name, $2) > 0)",
        project_id,
        filter.keyword,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// The members of `team_ids`, each team's in the order they were given.
pub async fn members(pool: &PgPool, team_ids: &[i64]) -> sqlx::Result<Vec<MemberRow>> {
    sqlx::query_as!(
        MemberRow,
        "SELECT team_id, user_id, user_name, nick_name FROM maintenance.inspection_team_members \
         WHERE team_id = ANY($1) ORDER BY team_id, seq",
        team_ids,
    )
    .fetch_all(pool)
    .await
}

pub async fn find_team(pool: &PgPool, project_id: i64, team_id: i64) -> sqlx::Result<Option<TeamRow>> {
    sqlx::query_as!(
        TeamRow,
        "SELECT team_id, team_name, remark, created_at FROM maintenance.inspection_teams \
         WHERE project_id = $1 AND team_id = $2",
        project_id,
        team_id,
    )
    .fetch_optional(pool)
    .await
}

/// Adds a team (`team_id` None) or replaces one of the project's, with its members.
pub async fn save_team(
    pool: &PgPool,
    project_id: i64,
    team_id: Option<i64>,
    draft: &TeamDraft,
    members: &[MemberRow],
    by: &str,
) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let id = match team_id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.inspection_teams (project_id, team_name, remark, created_by) \
             VALUES ($1, $2, $3, $4) RETURNING team_id",
            project_id,
            draft.name,
            draft.remark,
            by,
        )
        .fetch_one(&mut *tx)
        .await
        .map_err(|err| db_error(err, &draft.name))?,
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.inspection_teams SET team_name = $3, remark = $4, updated_at = now() \
             WHERE project_id = $1 AND team_id = $2 RETURNING team_id",
            project_id,
            id,
            draft.name,
            draft.remark,
        )
        .fetch_optional(&mut *tx)
        .await
        .map_err(|err| db_error(err, &draft.name))?
        .ok_or_else(|| Error::not_found(Msg::InspectionTeamNotFound))?,
    };
    sqlx::query!("DELETE FROM maintenance.inspection_team_members WHERE team_id = $1", id).execute(&mut *tx).await?;
    let user_ids: Vec<i64> = members.iter().map(|m| m.user_id).collect();
    let user_names: Vec<String> = members.iter().map(|m| m.user_name.clone()).collect();
    let nick_names: Vec<String> = members.iter().map(|m| m.nick_name.clone()).collect();
    sqlx::query!(
        "INSERT INTO maintenance.inspection_team_members (team_id, user_id, user_name, nick_name, seq) \
         SELECT $1, m.user_id, m.user_name, m.nick_name, m.seq::int \
         FROM UNNEST($2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS m(user_id, user_name, nick_name, seq)",
        id,
        &user_ids,
        &user_names,
        &nick_names,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Deletes the project's teams of `ids`; refused, deleting none, while a plan uses one.
pub async fn delete_teams(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    // Every id the project's first: another project's team is absent, whatever uses it.
    let found = sqlx::query_scalar!(
        "SELECT count(*) AS \"found!\" FROM maintenance.inspection_teams WHERE project_id = $1 AND team_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(found as u64, ids, Msg::InspectionTeamNotFound)?;
    let used = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.inspection_plans WHERE project_id = $1 AND team_id = ANY($2)) AS \"used!\"",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if used {
        return Err(Error::refused(Msg::InspectionTeamInUse));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.inspection_teams WHERE project_id = $1 AND team_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| match err.as_database_error().and_then(|db| db.constraint()) {
        // A plan made beside this delete.
        Some("inspection_plans_team_id_fkey") => Error::refused(Msg::InspectionTeamInUse),
        _ => Error::from(err),
    })?
    .rows_affected();
    crate::all_or_none(deleted, ids, Msg::InspectionTeamNotFound)?;
    tx.commit().await?;
    Ok(deleted)
}

// ---- routes ----

pub async fn list_routes(
    pool: &PgPool,
    project_id: i64,
    filter: &ListFilter,
    page: Page,
) -> sqlx::Result<(Vec<RouteRow>, i64)> {
    let rows = sqlx::query_as!(
        RouteRow,
        "SELECT route_id, route_name, remark, created_at FROM maintenance.inspection_routes \
         WHERE project_id = $1 AND ($2 = '' OR strpos(route_name, $2) > 0) ORDER BY route_id DESC LIMIT $3 OFFSET $4",
        project_id,
        filter.keyword,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.inspection_routes \
         WHERE project_id = $1 AND ($2 = '' OR strpos(route_name, $2) > 0)",
        project_id,
        filter.keyword,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// The points of `route_ids`, each route's in the order walked.
pub async fn points(pool: &PgPool, route_ids: &[i64]) -> sqlx::Result<Vec<PointRow>> {
    sqlx::query_as!(
        PointRow,
        "SELECT route_id, point_type, ref_id, point_name FROM maintenance.inspection_route_points \
         WHERE route_id = ANY($1) ORDER BY route_id, seq",
        route_ids,
    )
    .fetch_all(pool)
    .await
}

pub async fn find_route(pool: &PgPool, project_id: i64, route_id: i64) -> sqlx::Result<Option<RouteRow>> {
    sqlx::query_as!(
        RouteRow,
        "SELECT route_id, route_name, remark, created_at FROM maintenance.inspection_routes \
         WHERE project_id = $1 AND route_id = $2",
        project_id,
        route_id,
    )
    .fetch_optional(pool)
    .await
}

/// Adds a route (`route_id` None) or replaces one of the project's, with its points.
pub async fn save_route(
    pool: &PgPool,
    project_id: i64,
    route_id: Option<i64>,
    draft: &RouteDraft,
    points: &[NamedPoint],
    by: &str,
) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let id = match route_id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.inspection_routes (project_id, route_name, remark, created_by) \
             VALUES ($1, $2, $3, $4) RETURNING route_id",
            project_id,
            draft.name,
            draft.remark,
            by,
        )
        .fetch_one(&mut *tx)
        .await
        .map_err(|err| db_error(err, &draft.name))?,
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.inspection_routes SET route_name = $3, remark = $4, updated_at = now() \
             WHERE project_id = $1 AND route_id = $2 RETURNING route_id",
            project_id,
            id,
            draft.name,
            draft.remark,
        )
        .fetch_optional(&mut *tx)
        .await
        .map_err(|err| db_error(err, &draft.name))?
        .ok_or_else(|| Error::not_found(Msg::InspectionRouteNotFound))?,
    };
    sqlx::query!("DELETE FROM maintenance.inspection_route_points WHERE route_id = $1", id).execute(&mut *tx).await?;
    let types: Vec<String> = points.iter().map(|p| p.kind.code().to_owned()).collect();
    let ref_ids: Vec<i64> = points.iter().map(|p| p.ref_id).collect();
    let names: Vec<String> = points.iter().map(|p| p.name.clone()).collect();
    sqlx::query!(
        "INSERT INTO maintenance.inspection_route_points (route_id, seq, point_type, ref_id, point_name) \
         SELECT $1, p.seq::int, p.point_type, p.ref_id, p.point_name \
         FROM UNNEST($2::text[], $3::bigint[], $4::text[]) WITH ORDINALITY AS p(point_type, ref_id, point_name, seq)",
        id,
        &types,
        &ref_ids,
        &names,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Deletes the project's routes of `ids`; refused, deleting none, while a plan uses one.
pub async fn delete_routes(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let found = sqlx::query_scalar!(
        "SELECT count(*) AS \"found!\" FROM maintenance.inspection_routes WHERE project_id = $1 AND route_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(found as u64, ids, Msg::InspectionRouteNotFound)?;
    let used = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.inspection_plans WHERE project_id = $1 AND route_id = ANY($2)) AS \"used!\"",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if used {
        return Err(Error::refused(Msg::InspectionRouteInUse));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.inspection_routes WHERE project_id = $1 AND route_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| match err.as_database_error().and_then(|db| db.constraint()) {
        Some("inspection_plans_route_id_fkey") => Error::refused(Msg::InspectionRouteInUse),
        _ => Error::from(err),
    })?
    .rows_affected();
    crate::all_or_none(deleted, ids, Msg::InspectionRouteNotFound)?;
    tx.commit().await?;
    Ok(deleted)
}

// ---- plans ----

macro_rules! plan_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            PlanRow,
            "SELECT p.plan_id, p.plan_name, p.route_id, r.route_name, p.team_id, t.team_name, p.period, \
             p.start_date, p.end_date, p.status, p.remark, p.created_at \
             FROM maintenance.inspection_plans p \
             JOIN maintenance.inspection_routes r ON r.route_id = p.route_id \
             JOIN maintenance.inspection_teams t ON t.team_id = p.team_id " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_plans(
    pool: &PgPool,
    project_id: i64,
    filter: &ListFilter,
    page: Page,
) -> sqlx::Result<(Vec<PlanRow>, i64)> {
    let rows = plan_query!(
        "WHERE p.project_id = $1 AND ($2 = '' OR strpos(p.plan_name, $2) > 0) AND ($3 = '' OR p.status = $3) \
         ORDER BY p.plan_id DESC LIMIT $4 OFFSET $5";
        project_id,
        filter.keyword,
        filter.status,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.inspection_plans \
         WHERE project_id = $1 AND ($2 = '' OR strpos(plan_name, $2) > 0) AND ($3 = '' OR status = $3)",
        project_id,
        filter.keyword,
        filter.status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_plan(pool: &PgPool, project_id: i64, plan_id: i64) -> sqlx::Result<Option<PlanRow>> {
    plan_query!("WHERE p.project_id = $1 AND p.plan_id = $2"; project_id, plan_id).fetch_optional(pool).await
}

/// Refuses a route or a team that is not the project's.
async fn require_route_and_team(
    conn: &mut PgConnection,
    project_id: i64,
    route_id: i64,
    team_id: i64,
) -> Result<(String, String), Error> {
    let route = sqlx::query_scalar!(
        "SELECT route_name FROM maintenance.inspection_routes WHERE project_id = $1 AND route_id = $2",
        project_id,
        route_id,
    )
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| Error::not_found(Msg::InspectionRouteNotFound))?;
    let team = sqlx::query_scalar!(
        "SELECT team_name FROM maintenance.inspection_teams WHERE project_id = $1 AND team_id = $2",
        project_id,
        team_id,
    )
    .fetch_optional(&mut *conn)
    .await?
    .ok_or_else(|| Error::not_found(Msg::InspectionTeamNotFound))?;
    Ok((route, team))
}

/// Adds a plan (`plan_id` None) or changes one of the project's. Its tasks already made keep
/// their route and team; the next ones follow the plan as it is now.
pub async fn save_plan(
    pool: &PgPool,
    project_id: i64,
    plan_id: Option<i64>,
    draft: &PlanDraft,
    by: &str,
) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    require_route_and_team(&mut tx, project_id, draft.route_id, draft.team_id).await?;
    let id = match plan_id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.inspection_plans (project_id, plan_name, route_id, team_id, period, start_date, \
             end_date, status, remark, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING plan_id",
            project_id,
            draft.name,
            draft.route_id,
            draft.team_id,
            draft.period.code(),
            draft.start_date,
            draft.end_date,
            draft.status,
            draft.remark,
            by,
        )
        .fetch_one(&mut *tx)
        .await
        .map_err(|err| db_error(err, &draft.name))?,
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.inspection_plans SET plan_name = $3, route_id = $4, team_id = $5, period = $6, \
             start_date = $7, end_date = $8, status = $9, remark = $10, updated_at = now() \
             WHERE project_id = $1 AND plan_id = $2 RETURNING plan_id",
            project_id,
            id,
            draft.name,
            draft.route_id,
            draft.team_id,
            draft.period.code(),
            draft.start_date,
            draft.end_date,
            draft.status,
            draft.remark,
        )
        .fetch_optional(&mut *tx)
        .await
        .map_err(|err| db_error(err, &draft.name))?
        .ok_or_else(|| Error::not_found(Msg::InspectionPlanNotFound))?,
    };
    tx.commit().await?;
    Ok(id)
}

/// Deletes the project's plans of `ids`; the tasks they made stay, with the plan's name.
pub async fn delete_plans(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.inspection_plans WHERE project_id = $1 AND plan_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    crate::all_or_none(deleted, ids, Msg::InspectionPlanNotFound)?;
    tx.commit().await?;
    Ok(deleted)
}

// ---- tasks ----

macro_rules! task_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            TaskRow,
            "SELECT t.task_id, t.task_name, t.plan_id, t.plan_name, t.route_id, t.route_name, t.team_id, t.team_name, \
             t.start_time, t.end_time, t.status, t.description, t.handler_name, t.finished_at, t.created_at, \
             (SELECT count(*) FROM maintenance.inspection_task_points p WHERE p.task_id = t.task_id) AS \"point_count!\", \
             (SELECT count(*) FROM maintenance.inspection_task_points p WHERE p.task_id = t.task_id AND p.result = '2') \
             AS \"abnormal_count!\" \
             FROM maintenance.inspection_tasks t " + $tail,
            $($arg),*
        )
    };
}

/// The project's tasks, newest start first. `plan_id` 0 is any plan's; `member`, only the
/// tasks of that user's teams.
pub async fn list_tasks(
    pool: &PgPool,
    project_id: i64,
    filter: &ListFilter,
    plan_id: i64,
    member: Option<i64>,
    page: Page,
) -> sqlx::Result<(Vec<TaskRow>, i64)> {
    let rows = task_query!(
        "WHERE t.project_id = $1 AND ($2 = '' OR t.status = $2) AND ($3 = '' OR strpos(t.task_name, $3) > 0) \
         AND ($4::bigint = 0 OR t.plan_id = $4) \
         AND ($5::bigint IS NULL OR t.team_id IN (SELECT team_id FROM maintenance.inspection_team_members WHERE user_id = $5)) \
         ORDER BY t.start_time DESC, t.task_id DESC LIMIT $6 OFFSET $7";
        project_id,
        filter.status,
        filter.keyword,
        plan_id,
        member,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.inspection_tasks t \
         WHERE t.project_id = $1 AND ($2 = '' OR t.status = $2) AND ($3 = '' OR strpos(t.task_name, $3) > 0) \
         AND ($4::bigint = 0 OR t.plan_id = $4) \
         AND ($5::bigint IS NULL OR t.team_id IN (SELECT team_id FROM maintenance.inspection_team_members WHERE user_id = $5))",
        project_id,
        filter.status,
        filter.keyword,
        plan_id,
        member,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// How many of the project's tasks are undoing, doing, finished and expired.
pub async fn count_tasks(pool: &PgPool, project_id: i64) -> sqlx::Result<[i64; 4]> {
    let rows = sqlx::query!(
        "SELECT status, count(*) AS \"count!\" FROM maintenance.inspection_tasks WHERE project_id = $1 GROUP BY status",
        project_id,
    )
    .fetch_all(pool)
    .await?;
    let mut counts = [0; 4];
    for row in rows {
        if let Some(i) = model::TASK_STATUS_CODES.iter().position(|code| *code == row.status) {
            counts[i] = row.count;
        }
    }
    Ok(counts)
}

pub async fn find_task(pool: &PgPool, project_id: i64, task_id: i64) -> sqlx::Result<Option<TaskRow>> {
    task_query!("WHERE t.project_id = $1 AND t.task_id = $2"; project_id, task_id).fetch_optional(pool).await
}

pub async fn task_points(pool: &PgPool, task_id: i64) -> sqlx::Result<Vec<TaskPointRow>> {
    sqlx::query_as!(
        TaskPointRow,
        "SELECT p.point_id, p.seq, p.point_type, p.ref_id, p.point_name, p.result, p.remark, p.work_order_id, \
         w.order_number AS \"work_order_number?\" \
         FROM maintenance.inspection_task_points p \
         LEFT JOIN maintenance.work_orders w ON w.work_order_id = p.work_order_id \
         WHERE p.task_id = $1 ORDER BY p.seq",
        task_id,
    )
    .fetch_all(pool)
    .await
}

/// Copies a route's points onto a new task.
async fn copy_points(conn: &mut PgConnection, task_id: i64, route_id: i64) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO maintenance.inspection_task_points (task_id, seq, point_type, ref_id, point_name) \
         SELECT $1, seq, point_type, ref_id, point_name FROM maintenance.inspection_route_points WHERE route_id = $2",
        task_id,
        route_id,
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Adds a task by hand, for a route and a team of the project.
pub async fn add_task(pool: &PgPool, project_id: i64, draft: &TaskDraft) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let (route_name, team_name) = require_route_and_team(&mut tx, project_id, draft.route_id, draft.team_id).await?;
    let id = sqlx::query_scalar!(
        "INSERT INTO maintenance.inspection_tasks (project_id, task_name, route_id, route_name, team_id, team_name, \
         start_time, end_time, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8 < now() THEN '3' WHEN $7 <= now() THEN '1' ELSE '0' END) \
         RETURNING task_id",
        project_id,
        draft.name,
        draft.route_id,
        route_name,
        draft.team_id,
        team_name,
        draft.start,
        draft.end,
    )
    .fetch_one(&mut *tx)
    .await?;
    copy_points(&mut tx, id, draft.route_id).await?;
    tx.commit().await?;
    Ok(id)
}

/// Deletes the project's tasks of `ids`; refused, deleting none, when one is finished (its
/// results are the record of an inspection done).
pub async fn delete_tasks(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let found = sqlx::query_scalar!(
        "SELECT count(*) AS \"found!\" FROM maintenance.inspection_tasks WHERE project_id = $1 AND task_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(found as u64, ids, Msg::InspectionTaskNotFound)?;
    let finished = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.inspection_tasks WHERE project_id = $1 AND task_id = ANY($2) \
         AND status = '2') AS \"finished!\"",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if finished {
        return Err(Error::refused(Msg::InspectionTaskFinishedKept));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.inspection_tasks WHERE project_id = $1 AND task_id = ANY($2) AND status <> '2'",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    crate::all_or_none(deleted, ids, Msg::InspectionTaskNotFound)?;
    tx.commit().await?;
    Ok(deleted)
}

/// Records the results of a task of the project, by `actor`: the task is locked, must be
/// open and started, each of its points gets its result, an abnormal point asked to opens a
/// work order of type inspection, and the task is finished, all in one transaction. Gives the
/// numbers of the orders opened.
pub async fn deal(
    pool: &PgPool,
    streams: &Streams,
    project_id: i64,
    task_id: i64,
    description: &str,
    results: &[RawResult<'_>],
    actor: &Actor<'_>,
) -> Result<Vec<String>, Error> {
    let mut tx = pool.begin().await?;
    let task = sqlx::query!(
        "SELECT task_name, status, start_time, end_time, now() AS \"now!\" FROM maintenance.inspection_tasks \
         WHERE project_id = $1 AND task_id = $2 FOR UPDATE",
        project_id,
        task_id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::InspectionTaskNotFound))?;
    let status = TaskStatus::parse(&task.status).unwrap_or(TaskStatus::Expired);
    model::may_deal(status, task.start_time, task.end_time, task.now).map_err(Error::refused)?;
    let points = sqlx::query!(
        "SELECT point_id, point_name FROM maintenance.inspection_task_points WHERE task_id = $1 ORDER BY seq",
        task_id,
    )
    .fetch_all(&mut *tx)
    .await?;
    let point_ids: Vec<i64> = points.iter().map(|p| p.point_id).collect();
    let spec = DealSpec::parse(description, results, &point_ids)?;
    let mut opened = Vec::new();
    for (result, point) in spec.results.iter().zip(&points) {
        let work_order_id = match result.question_type {
            None => None,
            Some(question_type) => {
                let draft = WorkOrderDraft {
                    order_type: TYPE_INSPECTION.to_owned(),
                    question_type: question_type.to_owned(),
                    urgency: Urgency::Normal,
                    expected_at: None,
                    address: point.point_name.clone(),
                    description: if result.remark.is_empty() {
                        format!("{}：{}", task.task_name, spec.description)
                    } else {
                        result.remark.clone()
                    }
                    .chars()
                    .take(crate::work_order::model::MAX_DESCRIPTION_CHARS)
                    .collect(),
                    attachments: Vec::new(),
                    alarm_id: None,
                };
                let order = orders::create_in(&mut tx, streams, project_id, &draft, actor).await?;
                opened.push(order.order_number);
                Some(order.work_order_id)
            }
        };
        sqlx::query!(
            "UPDATE maintenance.inspection_task_points SET result = $2, remark = $3, work_order_id = $4 WHERE point_id = $1",
            result.point_id,
            if result.abnormal { model::RESULT_ABNORMAL } else { model::RESULT_NORMAL },
            result.remark,
            work_order_id,
        )
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query!(
        "UPDATE maintenance.inspection_tasks SET status = '2', description = $2, handler_id = $3, handler_name = $4, \
         finished_at = now() WHERE task_id = $1",
        task_id,
        spec.description,
        actor.id,
        actor.name,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(opened)
}

// ---- the job ----

/// An enabled plan the job looks at.
#[derive(Debug, Clone)]
pub struct PlanDue {
    pub plan_id: i64,
    pub project_id: i64,
    pub plan_name: String,
    pub route_id: i64,
    pub route_name: String,
    pub team_id: i64,
    pub team_name: String,
    pub period: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

/// Enabled plans running around `today` (a day either side: the server's date and the
/// database's may differ at midnight).
pub async fn plans_due(pool: &PgPool, today: NaiveDate) -> sqlx::Result<Vec<PlanDue>> {
    sqlx::query_as!(
        PlanDue,
        "SELECT p.plan_id, p.project_id, p.plan_name, p.route_id, r.route_name, p.team_id, t.team_name, p.period, \
         p.start_date, p.end_date \
         FROM maintenance.inspection_plans p \
         JOIN maintenance.inspection_routes r ON r.route_id = p.route_id \
         JOIN maintenance.inspection_teams t ON t.team_id = p.team_id \
         WHERE p.status = '0' AND p.end_date >= $1::date - 1 AND p.start_date <= $1::date + 2 \
         ORDER BY p.plan_id",
        today,
    )
    .fetch_all(pool)
    .await
}

/// Makes the tasks of `due` (a plan and one of its windows each) that do not exist yet, in
/// one transaction: one insert for the tasks, one for their points, copied from their routes.
/// The unique (plan, period start) makes a second replica's insert of the same task wait for
/// the first's and then do nothing; rows that exist already are filtered out before the
/// insert, so a round that finds nothing new writes nothing. Gives how many it made.
pub async fn make_tasks(pool: &PgPool, due: &[(&PlanDue, Window)]) -> sqlx::Result<u64> {
    if due.is_empty() {
        return Ok(0);
    }
    let project_ids: Vec<i64> = due.iter().map(|(p, _)| p.project_id).collect();
    let names: Vec<String> = due.iter().map(|(p, w)| model::task_name(&p.plan_name, w.day)).collect();
    let plan_ids: Vec<i64> = due.iter().map(|(p, _)| p.plan_id).collect();
    let starts: Vec<DateTime<Utc>> = due.iter().map(|(_, w)| w.start).collect();
    let ends: Vec<DateTime<Utc>> = due.iter().map(|(_, w)| w.end).collect();
    let plan_names: Vec<String> = due.iter().map(|(p, _)| p.plan_name.clone()).collect();
    let route_ids: Vec<i64> = due.iter().map(|(p, _)| p.route_id).collect();
    let route_names: Vec<String> = due.iter().map(|(p, _)| p.route_name.clone()).collect();
    let team_ids: Vec<i64> = due.iter().map(|(p, _)| p.team_id).collect();
    let team_names: Vec<String> = due.iter().map(|(p, _)| p.team_name.clone()).collect();
    let mut tx = pool.begin().await?;
    let made = sqlx::query!(
        "INSERT INTO maintenance.inspection_tasks (project_id, task_name, plan_id, period_start, plan_name, route_id, \
         route_name, team_id, team_name, start_time, end_time, status) \
         SELECT u.project_id, u.task_name, u.plan_id, u.period_start, u.plan_name, u.route_id, u.route_name, u.team_id, \
         u.team_name, u.period_start, u.end_time, CASE WHEN u.period_start <= now() THEN '1' ELSE '0' END \
         FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[], $5::text[], $6::bigint[], $7::text[], \
         $8::bigint[], $9::text[], $10::timestamptz[]) \
         AS u(project_id, task_name, plan_id, period_start, plan_name, route_id, route_name, team_id, team_name, end_time) \
         WHERE NOT EXISTS (SELECT 1 FROM maintenance.inspection_tasks t \
         WHERE t.plan_id = u.plan_id AND t.period_start = u.period_start) \
         ON CONFLICT (plan_id, period_start) DO NOTHING RETURNING task_id, route_id",
        &project_ids,
        &names,
        &plan_ids,
        &starts,
        &plan_names,
        &route_ids,
        &route_names,
        &team_ids,
        &team_names,
        &ends,
    )
    .fetch_all(&mut *tx)
    .await?;
    if !made.is_empty() {
        let task_ids: Vec<i64> = made.iter().map(|m| m.task_id).collect();
        let task_routes: Vec<i64> = made.iter().map(|m| m.route_id).collect();
        sqlx::query!(
            "INSERT INTO maintenance.inspection_task_points (task_id, seq, point_type, ref_id, point_name) \
             SELECT m.task_id, p.seq, p.point_type, p.ref_id, p.point_name \
             FROM UNNEST($1::bigint[], $2::bigint[]) AS m(task_id, route_id) \
             JOIN maintenance.inspection_route_points p ON p.route_id = m.route_id",
            &task_ids,
            &task_routes,
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(made.len() as u64)
}

/// Moves tasks by the clock: undoing ones whose start has come are doing, open ones whose
/// end has passed are expired. Gives how many of each.
pub async fn advance(pool: &PgPool) -> sqlx::Result<(u64, u64)> {
    let expired = sqlx::query!(
        "UPDATE maintenance.inspection_tasks SET status = '3' WHERE status IN ('0', '1') AND end_time < now()"
    )
    .execute(pool)
    .await?
    .rows_affected();
    let started =
        sqlx::query!("UPDATE maintenance.inspection_tasks SET status = '1' WHERE status = '0' AND start_time <= now()")
            .execute(pool)
            .await?
            .rows_affected();
    Ok((started, expired))
}
