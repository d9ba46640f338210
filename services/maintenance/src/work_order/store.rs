//! Work orders in PostgreSQL. Every write that changes an order records its step of the
//! process information and its `WorkOrderChanged` event in the same transaction.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox;
use lumiscape_common::paging::Page;
use lumiscape_common::tables::OutboxEvent;
use lumiscape_proto::events::v1::WorkOrderChanged;
use prost::Message;
use sqlx::{PgConnection, PgPool};

use super::model::{self, ActionSpec, ListFilter, Status, WorkOrderDraft};
use crate::Tables;

/// A work order as stored.
#[derive(Debug, Clone)]
pub struct WorkOrderRow {
    pub work_order_id: i64,
    pub project_id: i64,
    pub order_number: String,
    pub order_type: String,
    pub question_type: String,
    pub status: String,
    pub urgency: String,
    pub expected_at: Option<DateTime<Utc>>,
    pub due_at: DateTime<Utc>,
    pub initiator_id: i64,
    pub initiator_name: String,
    pub handler_id: Option<i64>,
    pub handler_name: String,
    pub address: String,
    pub description: String,
    pub attachments: Vec<String>,
    pub evaluation: String,
    pub score: Option<i16>,
    pub close_reason: String,
    pub alarm_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl WorkOrderRow {
    pub fn status(&self) -> Status {
        Status::parse(&self.status).unwrap_or(Status::Closed)
    }
}

/// One step of an order's process information.
#[derive(Debug, Clone)]
pub struct StepRow {
    pub action: String,
    pub from_status: Option<String>,
    pub to_status: String,
    pub actor_id: i64,
    pub actor_name: String,
    pub note: String,
    pub at: DateTime<Utc>,
}

/// Who acts: a user, or the system (id 0) for orders opened from alarms.
#[derive(Debug, Clone)]
pub struct Actor<'a> {
    pub id: i64,
    pub name: &'a str,
}

/// The system, as the initiator of the orders alarms open.
pub const SYSTEM: Actor<'static> = Actor { id: 0, name: "system" };

/// The alarm an order is opened for, as the alarm service described it.
#[derive(Debug, Clone)]
pub struct AlarmRef {
    pub alarm_id: i64,
    pub raised_at: DateTime<Utc>,
    pub flap_key: String,
}

macro_rules! work_order_query {
    ($head:literal, $tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            WorkOrderRow,
            $head + " work_order_id, project_id, order_number, order_type, question_type, status, urgency, \
             expected_at, due_at, initiator_id, initiator_name, handler_id, handler_name, address, description, \
             attachments, evaluation, score, close_reason, alarm_id, created_at, updated_at " + $tail,
            $($arg),*
        )
    };
}

/// Opens a work order, optionally for an alarm (which must not stand in another order).
pub async fn create(
    pool: &PgPool,
    streams: &Streams,
    project_id: i64,
    draft: &WorkOrderDraft,
    initiator: &Actor<'_>,
    alarm: Option<&AlarmRef>,
) -> Result<WorkOrderRow, Error> {
    let mut tx = pool.begin().await?;
    let row = insert(&mut tx, project_id, draft, initiator, alarm).await?;
    record(&mut tx, streams, &row, "created", &[]).await?;
    tx.commit().await?;
    Ok(row)
}

/// Opens a work order without an alarm inside the caller's transaction (an inspection's
/// abnormal point opens one with the task's results), with its step and its event.
pub async fn create_in(
    conn: &mut PgConnection,
    streams: &Streams,
    project_id: i64,
    draft: &WorkOrderDraft,
    initiator: &Actor<'_>,
) -> Result<WorkOrderRow, Error> {
    let row = insert(conn, project_id, draft, initiator, None).await?;
    record(conn, streams, &row, "created", &[]).await?;
    Ok(row)
}

/// What the auto work order did with an alarm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AlarmOutcome {
    /// A new order was opened for it.
    Opened(i64),
    /// It flapped, and joined the open order of its key.
    Joined(i64),
    /// It already stands in an order (a redelivery).
    Already,
}

/// The auto work order for an alarm: idempotent (an alarm stands in one order at most), and
/// a flap joins the open order of its key when that order's last alarm was raised within
/// [`model::FLAP_WINDOW`]. Orders of one key are decided one at a time (an advisory lock), so
/// two replicas never open two orders for one flapping alarm.
pub async fn open_for_alarm(
    pool: &PgPool,
    streams: &Streams,
    project_id: i64,
    draft: &WorkOrderDraft,
    alarm: &AlarmRef,
) -> Result<AlarmOutcome, Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended($1, $2))",
        format!("maintenance.flap:{}", alarm.flap_key),
        project_id
    )
    .execute(&mut *tx)
    .await?;
    let known = sqlx::query_scalar!(
        "SELECT work_order_id FROM maintenance.work_order_alarms WHERE alarm_id = $1",
        alarm.alarm_id
    )
    .fetch_optional(&mut *tx)
    .await?;
    if known.is_some() {
        return Ok(AlarmOutcome::Already);
    }
    let open = sqlx::query_scalar!(
        "SELECT o.work_order_id FROM maintenance.work_orders o \
         WHERE o.project_id = $1 AND o.flap_key = $2 AND o.status IN ('0', '1', '2') \
         AND (SELECT max(a.raised_at) FROM maintenance.work_order_alarms a WHERE a.work_order_id = o.work_order_id) >= $3 \
         ORDER BY o.work_order_id DESC LIMIT 1 FOR UPDATE",
        project_id,
        alarm.flap_key,
        alarm.raised_at - model::FLAP_WINDOW,
    )
    .fetch_optional(&mut *tx)
    .await?;
    let outcome = match open {
        Some(id) => {
            join_alarm(&mut tx, project_id, id, alarm).await?;
            let row =
                find_in(&mut tx, project_id, id).await?.ok_or_else(|| Error::not_found(Msg::WorkOrderNotFound))?;
            let status = row.status.clone();
            step(&mut tx, id, "flap", Some(&status), &status, &SYSTEM, &format!("alarm {}", alarm.alarm_id)).await?;
            AlarmOutcome::Joined(id)
        }
        None => {
            let row = insert(&mut tx, project_id, draft, &SYSTEM, Some(alarm)).await?;
            record(&mut tx, streams, &row, "created", &[]).await?;
            AlarmOutcome::Opened(row.work_order_id)
        }
    };
    tx.commit().await?;
    Ok(outcome)
}

async fn insert(
    conn: &mut PgConnection,
    project_id: i64,
    draft: &WorkOrderDraft,
    initiator: &Actor<'_>,
    alarm: Option<&AlarmRef>,
) -> Result<WorkOrderRow, Error> {
    let (id, now) = sqlx::query!("SELECT nextval('maintenance.work_order_ids') AS \"id!\", now() AS \"now!\"")
        .fetch_one(&mut *conn)
        .await
        .map(|r| (r.id, r.now))?;
    let number = model::order_number(now, id);
    let row = work_order_query!(
        "INSERT INTO maintenance.work_orders (work_order_id, project_id, order_number, order_type, question_type, \
         urgency, expected_at, due_at, initiator_id, initiator_name, address, description, attachments, alarm_id, \
         flap_key, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING",
        "";
        id,
        project_id,
        number,
        draft.order_type,
        draft.question_type,
        draft.urgency.code(),
        draft.expected_at,
        now + draft.urgency.allowed(),
        initiator.id,
        initiator.name,
        draft.address,
        draft.description,
        &draft.attachments,
        alarm.map(|a| a.alarm_id),
        alarm.map(|a| a.flap_key.as_str()),
        now,
    )
    .fetch_one(&mut *conn)
    .await?;
    if let Some(alarm) = alarm {
        join_alarm(conn, project_id, id, alarm).await?;
    }
    step(conn, id, "created", None, Status::Unassigned.code(), initiator, "").await?;
    Ok(row)
}

async fn join_alarm(conn: &mut PgConnection, project_id: i64, id: i64, alarm: &AlarmRef) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO maintenance.work_order_alarms (alarm_id, work_order_id, project_id, raised_at) VALUES ($1, $2, $3, $4)",
        alarm.alarm_id,
        id,
        project_id,
        alarm.raised_at,
    )
    .execute(&mut *conn)
    .await
    .map_err(|err| match err.as_database_error().and_then(|db| db.constraint()) {
        // Opened by hand for an alarm another order already stands for.
        Some("work_order_alarms_pkey") => Error::refused(Msg::WorkOrderAlarmTaken),
        _ => Error::from(err),
    })?;
    Ok(())
}

async fn step(
    conn: &mut PgConnection,
    id: i64,
    action: &str,
    from: Option<&str>,
    to: &str,
    actor: &Actor<'_>,
    note: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO maintenance.work_order_steps (work_order_id, action, from_status, to_status, actor_id, actor_name, note) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        id,
        action,
        from,
        to,
        actor.id,
        actor.name,
        note,
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes the order's `WorkOrderChanged` event (kind "created" or the action's name) to the
/// outbox. `alarm_ids` are the alarms it stands for, sent with confirmations.
async fn record(
    conn: &mut PgConnection,
    streams: &Streams,
    row: &WorkOrderRow,
    kind: &str,
    alarm_ids: &[i64],
) -> sqlx::Result<()> {
    let event_type = format!("maintenance.workorder.{kind}");
    let payload = WorkOrderChanged {
        work_order_id: row.work_order_id,
        project_id: row.project_id,
        order_number: row.order_number.clone(),
        status: row.status.clone(),
        kind: kind.to_owned(),
        handler_id: row.handler_id.unwrap_or(0),
        alarm_ids: alarm_ids.to_vec(),
        at_ms: row.updated_at.timestamp_millis(),
        due_at_ms: row.due_at.timestamp_millis(),
        actor_name: String::new(),
    };
    let event = OutboxEvent {
        message_id: uuid::Uuid::new_v4().to_string(),
        subject: streams.subject(&event_type),
        event_type,
        payload: payload.encode_to_vec(),
    };
    outbox::insert::<Tables>(conn, &event).await
}

/// Takes `spec`'s action on an order of the project, by `actor`: the state machine decides,
/// the order, its step and its event are written together. `handler` is the user a dispatch
/// or an assignment gives the order to, as identity named them. Gives the order as it is
/// after.
pub async fn act(
    pool: &PgPool,
    streams: &Streams,
    project_id: i64,
    id: i64,
    spec: &ActionSpec,
    handler: Option<&Actor<'_>>,
    actor: &Actor<'_>,
) -> Result<WorkOrderRow, Error> {
    let mut tx = pool.begin().await?;
    let changed = apply(&mut tx, project_id, id, spec, handler, actor).await?;
    let alarm_ids = if changed.status() == Status::Completed { alarms_in(&mut tx, id).await? } else { Vec::new() };
    record(&mut tx, streams, &changed, spec.action.code(), &alarm_ids).await?;
    tx.commit().await?;
    Ok(changed)
}

/// The demo seed's order: opened by `initiator` and taken through `actions` (each with the
/// handler a dispatch or an assignment names) as the console's are, each step recorded, but
/// without events: a seeded history is no news, and the seed may be written without the
/// deployment's subject prefix (the test suite seeds a template database).
pub async fn seed_order(
    pool: &PgPool,
    project_id: i64,
    draft: &WorkOrderDraft,
    initiator: &Actor<'_>,
    actions: &[(ActionSpec, Option<Actor<'_>>)],
) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    let row = insert(&mut tx, project_id, draft, initiator, None).await?;
    for (spec, handler) in actions {
        apply(&mut tx, project_id, row.work_order_id, spec, handler.as_ref(), initiator).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The state machine's decision on the order, written with its step (no event).
async fn apply(
    tx: &mut PgConnection,
    project_id: i64,
    id: i64,
    spec: &ActionSpec,
    handler: Option<&Actor<'_>>,
    actor: &Actor<'_>,
) -> Result<WorkOrderRow, Error> {
    let order = work_order_query!(
        "SELECT",
        "FROM maintenance.work_orders WHERE project_id = $1 AND work_order_id = $2 FOR UPDATE";
        project_id,
        id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::WorkOrderNotFound))?;
    let from = order.status();
    let to = model::next(from, spec.action).map_err(Error::refused)?;
    if spec.handler_id.is_some() && handler.is_none() {
        return Err(Error::bad_request(Msg::WorkOrderHandlerRequired));
    }
    let (handler_id, handler_name) = match (handler, to) {
        (Some(handler), _) => (Some(handler.id), handler.name.to_owned()),
        // Returned to the pool: no handler any more.
        (None, Status::Unassigned) => (None, String::new()),
        (None, _) => (order.handler_id, order.handler_name.clone()),
    };
    let mut attachments = order.attachments.clone();
    attachments.extend(spec.attachments.iter().cloned());
    let changed = work_order_query!(
        "UPDATE maintenance.work_orders SET status = $2, handler_id = $3, handler_name = $4, \
         evaluation = CASE WHEN $5 = '' THEN evaluation ELSE $5 END, score = coalesce($6, score), \
         close_reason = CASE WHEN $7 = '' THEN close_reason ELSE $7 END, attachments = $8, updated_at = now() \
         WHERE work_order_id = $1 RETURNING",
        "";
        id,
        to.code(),
        handler_id,
        handler_name,
        spec.evaluation,
        spec.score,
        spec.close_reason,
        &attachments,
    )
    .fetch_one(&mut *tx)
    .await?;
    let note = match spec.action {
        model::Action::Close => spec.close_reason.as_str(),
        model::Action::Confirm if spec.note.is_empty() => spec.evaluation.as_str(),
        _ => spec.note.as_str(),
    };
    step(&mut *tx, id, spec.action.code(), Some(from.code()), to.code(), actor, note).await?;
    Ok(changed)
}

pub async fn find(pool: &PgPool, project_id: i64, id: i64) -> sqlx::Result<Option<WorkOrderRow>> {
    let mut conn = pool.acquire().await?;
    find_in(&mut conn, project_id, id).await
}

async fn find_in(conn: &mut PgConnection, project_id: i64, id: i64) -> sqlx::Result<Option<WorkOrderRow>> {
    work_order_query!(
        "SELECT",
        "FROM maintenance.work_orders WHERE project_id = $1 AND work_order_id = $2";
        project_id,
        id,
    )
    .fetch_optional(conn)
    .await
}

/// The order's process information, oldest first.
pub async fn steps(pool: &PgPool, id: i64) -> sqlx::Result<Vec<StepRow>> {
    sqlx::query_as!(
        StepRow,
        "SELECT action, from_status::text AS from_status, to_status::text AS \"to_status!\", actor_id, actor_name, note, at \
         FROM maintenance.work_order_steps WHERE work_order_id = $1 ORDER BY step_id",
        id
    )
    .fetch_all(pool)
    .await
}

/// The alarms an order stands for, oldest first.
pub async fn alarm_ids(pool: &PgPool, id: i64) -> sqlx::Result<Vec<i64>> {
    let mut conn = pool.acquire().await?;
    alarms_in(&mut conn, id).await
}

async fn alarms_in(conn: &mut PgConnection, id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!(
        "SELECT alarm_id FROM maintenance.work_order_alarms WHERE work_order_id = $1 ORDER BY raised_at, alarm_id",
        id
    )
    .fetch_all(conn)
    .await
}

/// A page of the project's orders, newest first, with the total. A handler's own list
/// (`handler_id`) shows the orders past their due time first.
pub async fn list(
    pool: &PgPool,
    project_id: i64,
    filter: &ListFilter,
    handler_id: Option<i64>,
    page: Page,
) -> sqlx::Result<(Vec<WorkOrderRow>, i64)> {
    let rows =
        match handler_id {
            None => {
                work_order_query!(
                    "SELECT",
                    "FROM maintenance.work_orders WHERE project_id = $1 AND ($2 = '' OR status = $2) \
                     AND ($3 = '' OR order_type = $3) AND ($4 = '' OR urgency = $4) \
                     AND ($5 = '' OR strpos(order_number, $5) > 0 OR strpos(description, $5) > 0) \
                     ORDER BY work_order_id DESC LIMIT $6 OFFSET $7";
                    project_id,
                    filter.status,
                    filter.order_type,
                    filter.urgency,
                    filter.keyword,
                    page.limit,
                    page.offset,
                )
                .fetch_all(pool)
                .await?
            }
            Some(handler_id) => work_order_query!(
                "SELECT",
                "FROM maintenance.work_orders WHERE project_id = $1 AND ($2 = '' OR status = $2) \
                 AND ($3 = '' OR order_type = $3) AND ($4 = '' OR urgency = $4) \
                 AND ($5 = '' OR strpos(order_number, $5) > 0 OR strpos(description, $5) > 0) \
                 AND handler_id = $6 \
                 ORDER BY (status IN ('0', '1', '2') AND due_at < now()) DESC, work_order_id DESC LIMIT $7 OFFSET $8";
                project_id,
                filter.status,
                filter.order_type,
                filter.urgency,
                filter.keyword,
                handler_id,
                page.limit,
                page.offset,
            )
            .fetch_all(pool)
            .await?,
        };
    let plain = filter.order_type.is_empty() && filter.urgency.is_empty() && filter.keyword.is_empty();
    let total = if plain && handler_id.is_none() {
        // All of the project's orders, or those of one status: read from the kept counts.
        sqlx::query_scalar!(
            "SELECT coalesce(sum(orders), 0)::bigint AS \"total!\" FROM maintenance.work_order_counts \
             WHERE project_id = $1 AND ($2 = '' OR status = $2)",
            project_id,
            filter.status,
        )
        .fetch_one(pool)
        .await?
    } else {
        sqlx::query_scalar!(
            "SELECT count(*) AS \"total!\" FROM maintenance.work_orders WHERE project_id = $1 AND ($2 = '' OR status = $2) \
             AND ($3 = '' OR order_type = $3) AND ($4 = '' OR urgency = $4) \
             AND ($5 = '' OR strpos(order_number, $5) > 0 OR strpos(description, $5) > 0) \
             AND ($6::bigint IS NULL OR handler_id = $6)",
            project_id,
            filter.status,
            filter.order_type,
            filter.urgency,
            filter.keyword,
            handler_id,
        )
        .fetch_one(pool)
        .await?
    };
    Ok((rows, total))
}

/// The SLA sweep: marks up to `limit` open orders past their due time as notified and writes
/// each one's `maintenance.workorder.overdue` event, in one transaction. Rows another replica
/// is marking are skipped, and a marked order is never taken again, so each is notified once.
/// Gives how many it marked.
pub async fn flag_overdue(pool: &PgPool, streams: &Streams, limit: i64) -> sqlx::Result<usize> {
    let mut tx = pool.begin().await?;
    let rows = work_order_query!(
        "UPDATE maintenance.work_orders SET overdue_notified_at = now() WHERE work_order_id IN ( \
         SELECT work_order_id FROM maintenance.work_orders \
         WHERE status IN ('0', '1', '2') AND overdue_notified_at IS NULL AND due_at < now() \
         ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING",
        "";
        limit,
    )
    .fetch_all(&mut *tx)
    .await?;
    for row in &rows {
        record(&mut tx, streams, row, "overdue", &[]).await?;
    }
    tx.commit().await?;
    Ok(rows.len())
}

/// The project's orders per status (`[unassigned, in progress, pending, completed, closed]`)
/// and how many open ones are overdue.
pub async fn counts(pool: &PgPool, project_id: i64) -> sqlx::Result<([i64; 5], i64)> {
    let kept = sqlx::query!(
        "SELECT status::text AS \"status!\", orders FROM maintenance.work_order_counts WHERE project_id = $1",
        project_id
    )
    .fetch_all(pool)
    .await?;
    let mut counts = [0; 5];
    for row in kept {
        if let Some(index) = model::STATUSES.iter().position(|s| s.code() == row.status) {
            counts[index] = row.orders;
        }
    }
    let overdue = sqlx::query_scalar!(
        "SELECT count(*) AS \"overdue!\" FROM maintenance.work_orders \
         WHERE project_id = $1 AND status IN ('0', '1', '2') AND due_at < now()",
        project_id
    )
    .fetch_one(pool)
    .await?;
    Ok((counts, overdue))
}
