//! Every command sent to a gateway (switches, schedules, parameters), kept as its audit, and
//! the queue of the plan's commands (`lighting.commands`, docs/scheduler.md "The plan
//! executor"): a command for a gateway that is away waits until the gateway is back or the
//! command expires, then goes in order, one at a time per gateway, retried with a growing
//! pause when no acknowledgement comes.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use lumiscape_common::paging::Page;
use sqlx::PgPool;

/// What a command does: switch loops on or off, give a schedule, or set the gateway's
/// operating parameters.
pub const ON: &str = "on";
pub const OFF: &str = "off";
pub const SCHEDULE: &str = "schedule";
/// A batch parameter setting (docs/device-protocol.md 6.3): the action and its source.
pub const PARAMS: &str = "params";

/// Who asked: an operator's action, or the plan itself.
pub const CONTROL: &str = "control";
pub const ONE_KEY: &str = "one_key";
pub const GROUP: &str = "group";
pub const ISSUE: &str = "issue";
pub const RENEW: &str = "renew";
pub const RECOMMAND: &str = "recommand";
/// The sources of an operator's switching: the loop holds it, and its plan is set aside.
pub const MANUAL_SWITCHES: &[&str] = &[CONTROL, ONE_KEY, GROUP];
/// Who the plan's own commands are recorded as requested by.
pub const PLAN: &str = "plan";

/// Sends of one queued command before it is given up.
pub const MAX_ATTEMPTS: i32 = 8;
/// The pause after the first failed send; it doubles with each up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_secs(5);
const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// The pause before the next send of a command sent `attempts` times without an answer.
pub fn backoff(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(0).min(16);
    FIRST_BACKOFF.saturating_mul(1 << doublings).min(MAX_BACKOFF)
}

/// The audited brightness of a switch to `level` (0 off): `None` when off.
pub fn level_of(level: u8) -> Option<i16> {
    (level > 0).then_some(i16::from(level))
}

/// The audited action of a switch to `level`.
pub fn action_of(level: u8) -> &'static str {
    if level > 0 { ON } else { OFF }
}

/// A command sent and answered at once (an operator's), as it is audited.
#[derive(Debug, Clone)]
pub struct Sent {
    pub project_id: i64,
    pub gateway_id: i64,
    pub action: &'static str,
    /// Switched on: at which brightness (1-100).
    pub level: Option<i16>,
    pub loops: Vec<i32>,
    pub hold_until: Option<DateTime<Utc>>,
    pub schedule_id: Option<String>,
    /// [`PARAMS`]: the intervals set, in seconds (`None`: left as the gateway had it).
    pub heartbeat_s: Option<i32>,
    pub telemetry_s: Option<i32>,
    pub source: &'static str,
    pub requested_by: String,
    pub requested_at: DateTime<Utc>,
    /// `ok`, `offline`, `timeout` or `error`.
    pub result: &'static str,
    pub message: String,
}

/// Audits commands already answered, in one statement. A failure is logged, not returned:
/// the commands were carried out.
pub async fn record(pool: &PgPool, sent: &[Sent]) {
    if sent.is_empty() {
        return;
    }
    let column = |f: fn(&Sent) -> String| sent.iter().map(f).collect::<Vec<_>>();
    let project_ids: Vec<i64> = sent.iter().map(|s| s.project_id).collect();
    let gateway_ids: Vec<i64> = sent.iter().map(|s| s.gateway_id).collect();
    let actions = column(|s| s.action.to_owned());
    let levels: Vec<Option<i16>> = sent.iter().map(|s| s.level).collect();
    let loops = column(|s| s.loops.iter().map(i32::to_string).collect::<Vec<_>>().join(","));
    let holds: Vec<Option<DateTime<Utc>>> = sent.iter().map(|s| s.hold_until).collect();
    let schedules: Vec<Option<String>> = sent.iter().map(|s| s.schedule_id.clone()).collect();
    let sources = column(|s| s.source.to_owned());
    let users = column(|s| s.requested_by.chars().take(64).collect());
    let at: Vec<DateTime<Utc>> = sent.iter().map(|s| s.requested_at).collect();
    let results = column(|s| s.result.to_owned());
    let messages = column(|s| s.message.chars().take(300).collect());
    let heartbeats: Vec<Option<i32>> = sent.iter().map(|s| s.heartbeat_s).collect();
    let telemetries: Vec<Option<i32>> = sent.iter().map(|s| s.telemetry_s).collect();
    let written = sqlx::query!(
        "INSERT INTO lighting.commands (project_id, gateway_id, action, loops, hold_until, schedule_id, source, \
         requested_by, requested_at, state, result, message, finished_at, level, heartbeat_s, telemetry_s) \
         SELECT p, g, a, CASE WHEN l = '' THEN '{}'::int[] ELSE string_to_array(l, ',')::int[] END, h, s, src, u, t, \
           CASE WHEN r = 'ok' THEN 'done' ELSE 'failed' END, r, m, now(), lv, hb, tl \
         FROM UNNEST($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], \
           $8::text[], $9::timestamptz[], $10::text[], $11::text[], $12::smallint[], $13::int[], $14::int[]) \
           AS x(p, g, a, l, h, s, src, u, t, r, m, lv, hb, tl)",
        &project_ids,
        &gateway_ids,
        &actions,
        &loops,
        &holds as &[Option<DateTime<Utc>>],
        &schedules as &[Option<String>],
        &sources,
        &users,
        &at,
        &results,
        &messages,
        &levels as &[Option<i16>],
        &heartbeats as &[Option<i32>],
        &telemetries as &[Option<i32>],
    )
    .execute(pool)
    .await;
    if let Err(err) = written {
        tracing::warn!(error = %err, count = sent.len(), "commands not audited");
    }
}

/// A command to queue for the plan.
#[derive(Debug, Clone)]
pub struct Queued {
    pub project_id: i64,
    pub gateway_id: i64,
    pub action: &'static str,
    /// Switched on: at which brightness (1-100).
    pub level: Option<i16>,
    pub loops: Vec<i32>,
    pub schedule_id: Option<String>,
    pub source: &'static str,
    pub requested_by: String,
    /// The relay's request (`bridge.v1.SendCommandRequest`), sent as it is.
    pub payload: Vec<u8>,
    pub expires_at: DateTime<Utc>,
    /// Why it waits, kept as its message until it is sent.
    pub message: String,
}

/// Queues a command. A schedule replaces any schedule still queued for the gateway (those
/// end `expired`, superseded): a gateway only ever needs its newest.
pub async fn enqueue(conn: &mut sqlx::PgConnection, queued: &Queued) -> sqlx::Result<i64> {
    if queued.action == SCHEDULE {
        sqlx::query!(
            "UPDATE lighting.commands SET state = 'expired', result = 'expired', finished_at = now(), payload = NULL \
             WHERE gateway_id = $1 AND action = 'schedule' AND state = 'queued'",
            queued.gateway_id,
        )
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query_scalar!(
        "INSERT INTO lighting.commands (project_id, gateway_id, action, loops, schedule_id, source, requested_by, \
         state, message, payload, next_attempt_at, expires_at, level) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $9, now(), $10, $11) RETURNING command_id",
        queued.project_id,
        queued.gateway_id,
        queued.action,
        &queued.loops,
        queued.schedule_id,
        queued.source,
        queued.requested_by.chars().take(64).collect::<String>(),
        queued.message.chars().take(300).collect::<String>(),
        queued.payload,
        queued.expires_at,
        queued.level,
    )
    .fetch_one(conn)
    .await
}

/// A queued command taken to be sent now.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub command_id: i64,
    pub project_id: i64,
    pub gateway_id: i64,
    pub action: String,
    pub source: String,
    pub payload: Vec<u8>,
    pub attempts: i32,
}

/// Takes up to `limit` queued commands that may go now: due, not expired, of a gateway that is
/// online, and each the oldest pending one of its gateway (so a gateway's commands go in
/// order). A replica that took them holds them for `hold`; should it die, they are queued
/// again after that ([`release_stale`]).
pub async fn claim(pool: &PgPool, limit: i64, hold: Duration) -> sqlx::Result<Vec<Claimed>> {
    let hold_ms = i64::try_from(hold.as_millis()).unwrap_or(i64::MAX);
    sqlx::query_as!(
        Claimed,
        "UPDATE lighting.commands c SET state = 'sending', attempts = c.attempts + 1, \
           claimed_until = now() + make_interval(secs => $2::bigint / 1000.0) \
         WHERE c.command_id IN ( \
           SELECT q.command_id FROM lighting.commands q \
           JOIN lighting.gateways g ON g.gateway_id = q.gateway_id AND g.online AND NOT g.deleted \
           WHERE q.state = 'queued' AND q.next_attempt_at <= now() AND q.expires_at > now() \
             AND NOT EXISTS (SELECT 1 FROM lighting.commands e WHERE e.gateway_id = q.gateway_id \
                             AND e.state IN ('queued', 'sending') AND e.command_id < q.command_id) \
           ORDER BY q.command_id LIMIT $1 FOR UPDATE OF q SKIP LOCKED) \
         RETURNING c.command_id, c.project_id, c.gateway_id, c.action::text AS \"action!\", \
           c.source::text AS \"source!\", c.payload AS \"payload!\", c.attempts",
        limit,
        hold_ms,
    )
    .fetch_all(pool)
    .await
}

/// Queues again what a replica took and never finished (it stopped while sending).
pub async fn release_stale(pool: &PgPool) -> sqlx::Result<u64> {
    let released = sqlx::query!(
        "UPDATE lighting.commands SET state = 'queued', claimed_until = NULL \
         WHERE state = 'sending' AND claimed_until < now()"
    )
    .execute(pool)
    .await?;
    Ok(released.rows_affected())
}

/// Ends a sent command: acknowledged (`ok`) or given up.
pub async fn finish(pool: &PgPool, command_id: i64, result: &str, message: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.commands SET state = CASE WHEN $2 = 'ok' THEN 'done' ELSE 'failed' END, result = $2, \
         message = $3, finished_at = now(), payload = NULL, claimed_until = NULL WHERE command_id = $1",
        command_id,
        result,
        message.chars().take(300).collect::<String>(),
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Puts a sent command back in the queue, to go again after `pause`; `counted` false when
/// the send does not count as a try (the gateway turned out to be away).
pub async fn retry_later(
    pool: &PgPool,
    command_id: i64,
    pause: Duration,
    counted: bool,
    message: &str,
) -> sqlx::Result<()> {
    let pause_ms = i64::try_from(pause.as_millis()).unwrap_or(i64::MAX);
    sqlx::query!(
        "UPDATE lighting.commands SET state = 'queued', claimed_until = NULL, message = $4, \
           attempts = CASE WHEN $3 THEN attempts ELSE attempts - 1 END, \
           next_attempt_at = now() + make_interval(secs => $2::bigint / 1000.0) \
         WHERE command_id = $1",
        command_id,
        pause_ms,
        counted,
        message.chars().take(300).collect::<String>(),
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// A queued schedule that expired: its gateway's issue is unsuccessful.
#[derive(Debug, Clone)]
pub struct Expired {
    pub gateway_id: i64,
    pub project_id: i64,
    pub action: String,
    pub schedule_id: Option<String>,
}

/// Ends every queued command past its expiry.
pub async fn expire(pool: &PgPool) -> sqlx::Result<Vec<Expired>> {
    sqlx::query_as!(
        Expired,
        "UPDATE lighting.commands SET state = 'expired', result = 'expired', finished_at = now(), payload = NULL \
         WHERE state = 'queued' AND expires_at <= now() \
         RETURNING gateway_id, project_id, action::text AS \"action!\", schedule_id",
    )
    .fetch_all(pool)
    .await
}

/// The manual switchings of loops in force candidates: per gateway and loop, the newest
/// acknowledged operator's on/off since `since`.
#[derive(Debug, Clone)]
pub struct ManualSwitch {
    pub gateway_id: i64,
    pub loop_index: i32,
    /// 0 off, 1-100 on at that brightness.
    pub level: u8,
    pub hold_until: Option<DateTime<Utc>>,
    pub requested_at: DateTime<Utc>,
}

pub async fn manual_switches(pool: &PgPool, since: DateTime<Utc>) -> sqlx::Result<Vec<ManualSwitch>> {
    let sources: Vec<String> = MANUAL_SWITCHES.iter().map(|s| (*s).to_owned()).collect();
    let rows = sqlx::query!(
        "SELECT DISTINCT ON (c.gateway_id, l.loop_index) c.gateway_id, l.loop_index AS \"loop_index!\", \
           CASE WHEN c.action = 'on' THEN coalesce(c.level, 100) ELSE 0 END AS \"level!\", c.hold_until, \
           c.requested_at \
         FROM lighting.commands c CROSS JOIN LATERAL unnest(c.loops) AS l(loop_index) \
         WHERE c.requested_at >= $1 AND c.state = 'done' AND c.action IN ('on', 'off') AND c.source = ANY($2) \
         ORDER BY c.gateway_id, l.loop_index, c.requested_at DESC",
        since,
        &sources,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| ManualSwitch {
            gateway_id: r.gateway_id,
            loop_index: r.loop_index,
            // The column's check keeps it within 0..=100.
            level: u8::try_from(r.level).unwrap_or(100),
            hold_until: r.hold_until,
            requested_at: r.requested_at,
        })
        .collect())
}

/// What the command log is searched by (each `None` matches all).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub gateway_id: Option<i64>,
    pub loop_index: Option<i32>,
    pub action: Option<String>,
    pub source: Option<String>,
    pub requested_by: Option<String>,
    pub result: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// The actions, sources and results the log is searched by.
const ACTIONS: &[&str] = &[ON, OFF, SCHEDULE, PARAMS];
const SOURCES: &[&str] = &[CONTROL, ONE_KEY, GROUP, ISSUE, RENEW, RECOMMAND, PARAMS];
const RESULTS: &[&str] = &["ok", "offline", "timeout", "error", "expired", "pending"];

/// The log's filter from what the console sent: empty texts and zeros match all; a word the
/// log does not know, a negative id or loop, or a range that ends before it begins is refused.
pub fn filter_of(req: &lumiscape_proto::lighting::v1::ListCommandsRequest) -> Result<Filter, lumiscape_common::Error> {
    use crate::search::{instant as time, invalid as bad, word};
    if req.gateway_id < 0 || req.loop_index < 0 || req.loop_index > 64 {
        return Err(bad());
    }
    let filter = Filter {
        gateway_id: (req.gateway_id > 0).then_some(req.gateway_id),
        loop_index: (req.loop_index > 0).then(|| i32::try_from(req.loop_index).unwrap_or(0)),
        action: word(&req.action, ACTIONS)?,
        source: word(&req.source, SOURCES)?,
        requested_by: Some(req.requested_by.trim().chars().take(64).collect::<String>()).filter(|u| !u.is_empty()),
        result: word(&req.result, RESULTS)?,
        from: time(req.begin_time_ms)?,
        to: time(req.end_time_ms)?,
    };
    if let (Some(from), Some(to)) = (filter.from, filter.to)
        && to <= from
    {
        return Err(bad());
    }
    Ok(filter)
}

/// A command as the log shows it.
#[derive(Debug, Clone)]
pub struct LogRow {
    pub command_id: i64,
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub action: String,
    pub level: Option<i16>,
    pub loops: Vec<i32>,
    pub hold_until: Option<DateTime<Utc>>,
    pub schedule_id: Option<String>,
    pub heartbeat_s: Option<i32>,
    pub telemetry_s: Option<i32>,
    pub source: String,
    pub requested_by: String,
    pub requested_at: DateTime<Utc>,
    pub state: String,
    pub result: Option<String>,
    pub message: String,
    pub attempts: i32,
    pub expires_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// The project's commands matching `filter`, newest first, and how many match.
pub async fn list(pool: &PgPool, project_id: i64, filter: &Filter, page: Page) -> sqlx::Result<(Vec<LogRow>, i64)> {
    let rows = sqlx::query_as!(
        LogRow,
        "SELECT c.command_id, c.gateway_id, g.gateway_name, g.serial, c.action::text AS \"action!\", c.level, c.loops, \
           c.hold_until, c.schedule_id, c.heartbeat_s, c.telemetry_s, c.source::text AS \"source!\", c.requested_by, c.requested_at, \
           c.state::text AS \"state!\", c.result, c.message, c.attempts, c.expires_at, c.finished_at \
         FROM lighting.commands c JOIN lighting.gateways g ON g.gateway_id = c.gateway_id \
         WHERE c.project_id = $1 AND ($2::bigint IS NULL OR c.gateway_id = $2) \
           AND ($3::int IS NULL OR $3 = ANY(c.loops)) AND ($4::text IS NULL OR c.action = $4) \
           AND ($5::text IS NULL OR c.source = $5) AND ($6::text IS NULL OR strpos(c.requested_by, $6) > 0) \
           AND ($7::text IS NULL OR c.result = $7 OR ($7 = 'pending' AND c.result IS NULL)) \
           AND ($8::timestamptz IS NULL OR c.requested_at >= $8) AND ($9::timestamptz IS NULL OR c.requested_at < $9) \
         ORDER BY c.requested_at DESC, c.command_id DESC LIMIT $10 OFFSET $11",
        project_id,
        filter.gateway_id,
        filter.loop_index,
        filter.action,
        filter.source,
        filter.requested_by,
        filter.result,
        filter.from,
        filter.to,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"n!\" FROM lighting.commands c \
         WHERE c.project_id = $1 AND ($2::bigint IS NULL OR c.gateway_id = $2) \
           AND ($3::int IS NULL OR $3 = ANY(c.loops)) AND ($4::text IS NULL OR c.action = $4) \
           AND ($5::text IS NULL OR c.source = $5) AND ($6::text IS NULL OR strpos(c.requested_by, $6) > 0) \
           AND ($7::text IS NULL OR c.result = $7 OR ($7 = 'pending' AND c.result IS NULL)) \
           AND ($8::timestamptz IS NULL OR c.requested_at >= $8) AND ($9::timestamptz IS NULL OR c.requested_at < $9)",
        project_id,
        filter.gateway_id,
        filter.loop_index,
        filter.action,
        filter.source,
        filter.requested_by,
        filter.result,
        filter.from,
        filter.to,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// Until when a command queued now may wait.
pub fn expiry(now: DateTime<Utc>, hours: u64) -> DateTime<Utc> {
    now + TimeDelta::hours(i64::try_from(hours).unwrap_or(24))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_knows_its_words_and_refuses_the_rest() {
        use lumiscape_proto::lighting::v1::ListCommandsRequest;
        let all = filter_of(&ListCommandsRequest::default()).unwrap();
        assert!(all.gateway_id.is_none() && all.action.is_none() && all.requested_by.is_none());
        let some = filter_of(&ListCommandsRequest {
            gateway_id: 7,
            loop_index: 3,
            action: "off".into(),
            source: "control".into(),
            requested_by: " admin ".into(),
            result: "pending".into(),
            begin_time_ms: 1_000,
            end_time_ms: 2_000,
            ..Default::default()
        })
        .unwrap();
        assert_eq!((some.gateway_id, some.loop_index), (Some(7), Some(3)));
        assert_eq!(some.requested_by.as_deref(), Some("admin"));
        for bad in [
            ListCommandsRequest { action: "toggle".into(), ..Default::default() },
            ListCommandsRequest { source: "robot".into(), ..Default::default() },
            ListCommandsRequest { result: "maybe".into(), ..Default::default() },
            ListCommandsRequest { gateway_id: -1, ..Default::default() },
            ListCommandsRequest { loop_index: 65, ..Default::default() },
            ListCommandsRequest { begin_time_ms: 5_000, end_time_ms: 1_000, ..Default::default() },
            ListCommandsRequest { begin_time_ms: -5, ..Default::default() },
        ] {
            assert!(filter_of(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_pause_doubles_up_to_five_minutes() {
        let pauses: Vec<u64> = (1..=9).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(pauses, vec![5, 10, 20, 40, 80, 160, 300, 300, 300]);
        assert_eq!(backoff(0).as_secs(), 5);
        assert_eq!(backoff(i32::MAX).as_secs(), 300);
    }
}
