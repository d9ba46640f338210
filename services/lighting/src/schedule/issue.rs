//! Issuing tasks to gateways: each gateway the tasks address gets one schedule, compiled from
//! every enabled task of the project that addresses it (priorities resolved, sun times turned
//! into instants in the site's zone), and sent with the device protocol's `schedule_set`
//! (`docs/device-protocol.md`, 6.1), so its lights follow the plan while the platform is away.
//!
//! Each gateway's issue, and each task's, has the spec's states: '0' not issued, '1' being
//! issued, '2' unsuccessful, '3' succeeded. The sending runs to the end on a task of its own,
//! so a caller who goes away never leaves an issue '1' for ever.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, TimeDelta, Timelike, Utc};
use futures::StreamExt;
use lumiscape_common::Error;
use lumiscape_common::access::InProject;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::lighting::v1 as pb;

use super::grpc::TaskApi;
use super::plan::{self, LoopNight};
use super::store::{self, GatewaySchedule, IssueTarget};
use super::task::Light;
use crate::control::bridge::{Command, CommandFailure, request_of};
use crate::control::commands;
use crate::ids::check_delete_ids;

/// How far ahead a schedule plans: a gateway follows it for a week without the platform.
pub const SCHEDULE_HORIZON_DAYS: i64 = 7;
/// The most steps a loop's schedule may have (`docs/device-protocol.md`, 6.1).
pub const MAX_STEPS_PER_LOOP: usize = 512;
/// Gateways sent their schedules at once.
const CONCURRENCY: usize = 16;
/// An issue state: not issued.
pub const NOT_ISSUED: &str = "0";
/// An issue state: being issued (sent, or waiting in the plan's queue).
pub const BEING_ISSUED: &str = "1";
/// A gateway's issue result: its schedule waits in the plan's queue.
pub const QUEUED: &str = "queued";
/// An issue state: unsuccessful.
pub const FAILED: &str = "2";
/// An issue state: succeeded.
pub const SUCCEEDED: &str = "3";

/// One loop of a compiled schedule: `(offset_s, level)` steps, offsets strictly increasing,
/// the first at 0; level 0 is off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompiledLoop {
    pub index: u32,
    pub steps: Vec<(u32, u8)>,
}

/// What one gateway is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompiledSchedule {
    pub id: String,
    pub from: DateTime<Utc>,
    pub until: DateTime<Utc>,
    pub loops: Vec<CompiledLoop>,
}

impl CompiledSchedule {
    pub fn step_count(&self) -> usize {
        self.loops.iter().map(|l| l.steps.len()).sum()
    }

    /// The schedule a relay request carries (`None` when it carries none, or a bad one).
    pub fn of_request(request: &lumiscape_proto::bridge::v1::SendCommandRequest) -> Option<Self> {
        use lumiscape_proto::bridge::v1::send_command_request::Command as Sent;
        let Some(Sent::SetSchedule(set)) = &request.command else { return None };
        let loops = set
            .loops
            .iter()
            .map(|l| {
                let steps: Option<Vec<(u32, u8)>> =
                    l.steps.iter().map(|s| Some((s.offset_s, u8::try_from(s.level).ok()?))).collect();
                Some(CompiledLoop { index: l.index, steps: steps? })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Self {
            id: set.schedule_id.clone(),
            from: DateTime::from_timestamp_millis(set.from_ms)?,
            until: DateTime::from_timestamp_millis(set.until_ms)?,
            loops,
        })
    }
}

/// One loop of an acknowledged schedule as `gateway_schedules.loops` keeps it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoredLoop {
    pub index: u32,
    pub steps: Vec<(u32, u8)>,
}

impl StoredLoop {
    pub fn of(schedule: &CompiledSchedule) -> Vec<Self> {
        schedule.loops.iter().map(|l| Self { index: l.index, steps: l.steps.clone() }).collect()
    }
}

/// The window a schedule issued at `now` covers: from the current second, [`SCHEDULE_HORIZON_DAYS`] on.
pub fn window(now: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    let from = now.with_nanosecond(0).unwrap_or(now);
    (from, from + TimeDelta::days(SCHEDULE_HORIZON_DAYS))
}

fn level_of(light: Light) -> u8 {
    match light {
        Light::On { level } => level.clamp(1, 100),
        Light::Off => 0,
    }
}

/// A loop's steps from its resolved timeline over `[from, until)`: one at offset 0 with the
/// loop's state then, then one wherever the level changes. Offsets are whole seconds (a change
/// within a second of the previous one replaces it).
pub fn steps_of(night: &LoopNight, from: DateTime<Utc>, until: DateTime<Utc>) -> Vec<(u32, u8)> {
    let span_s = (until - from).num_seconds().max(0);
    let mut steps: Vec<(u32, u8)> = Vec::new();
    for segment in &night.segments {
        let offset = u32::try_from((segment.from - from).num_seconds().clamp(0, span_s)).unwrap_or(0);
        let level = level_of(segment.light);
        match steps.last_mut() {
            Some(last) if last.0 == offset => last.1 = level,
            Some(last) if last.1 == level => {}
            _ => steps.push((offset, level)),
        }
    }
    // Two steps merged into one second may leave equal neighbours: keep only the changes.
    steps.dedup_by(|later, earlier| later.1 == earlier.1);
    if steps.first().is_some_and(|first| first.0 != 0) {
        // The timeline starts at `from`, so this only happens with an empty one.
        steps.insert(0, (0, 0));
    }
    steps
}

/// One gateway's schedule: every loop some enabled task addresses (`planned`), from its
/// timeline; a loop no task addresses is left out, so it stays under manual control.
pub fn compile(
    gateway_id: i64,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
    nights: &[LoopNight],
    planned: &BTreeSet<(i64, i32)>,
) -> CompiledSchedule {
    let mut loops: Vec<CompiledLoop> = nights
        .iter()
        .filter(|night| night.row.gateway_id == gateway_id)
        .filter(|night| planned.contains(&(gateway_id, night.row.loop_index)))
        .filter_map(|night| {
            let index = u32::try_from(night.row.loop_index).ok()?;
            let steps = steps_of(night, from, until);
            (!steps.is_empty()).then_some(CompiledLoop { index, steps })
        })
        .collect();
    // A loop with more steps than the protocol carries (a short combined cycle over a week)
    // shortens the whole schedule to where its steps run out; renewal comes before that.
    let cut = loops.iter().filter_map(|l| l.steps.get(MAX_STEPS_PER_LOOP)).map(|(offset, _)| *offset).min();
    let until = match cut {
        Some(offset) => {
            for compiled in &mut loops {
                compiled.steps.retain(|(at, _)| *at < offset);
            }
            from + TimeDelta::seconds(i64::from(offset))
        }
        None => until,
    };
    CompiledSchedule { id: format!("g{gateway_id}-{}", from.timestamp()), from, until, loops }
}

/// The schedules of `gateway_ids` (live gateways of the project) over `[from, until)`, each
/// compiled from every enabled task of the project and the timing one-key windows.
pub(crate) async fn compile_gateways(
    pool: &sqlx::PgPool,
    project_id: i64,
    site: &super::sun::Site,
    gateway_ids: &BTreeSet<i64>,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Vec<Target>, Error> {
    let loops = store::plan_loops(pool, project_id, None).await?;
    let loops: Vec<_> = loops.into_iter().filter(|l| gateway_ids.contains(&l.gateway_id)).collect();
    let task_rows = store::enabled_task_loops(pool, project_id, None).await?;
    let planned: BTreeSet<(i64, i32)> = task_rows.iter().map(|r| (r.gateway_id, r.loop_index)).collect();
    let windows = super::grpc::timing_windows(pool, project_id, from, until).await?;
    let nights = plan::resolve_loops(site, loops, &task_rows, &windows, from, until);
    let mut heads: BTreeMap<i64, (String, String, bool)> = BTreeMap::new();
    for night in &nights {
        let row = &night.row;
        heads.entry(row.gateway_id).or_insert_with(|| (row.gateway_name.clone(), row.serial.clone(), row.online));
    }
    Ok(heads
        .into_iter()
        .map(|(gateway_id, (gateway_name, serial, online))| Target {
            gateway_id,
            gateway_name,
            serial,
            online,
            schedule: compile(gateway_id, from, until, &nights, &planned),
        })
        .collect())
}

/// A gateway to issue to and what it is sent.
pub(crate) struct Target {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub online: bool,
    pub schedule: CompiledSchedule,
}

/// How one gateway's issue ended.
struct Outcome {
    gateway_id: i64,
    gateway_name: String,
    serial: String,
    result: &'static str,
    message: String,
}

impl TaskApi {
    /// Checks the tasks (each of the project, each enabled), compiles every gateway they
    /// address and sends each its schedule; answers once every gateway has answered or failed.
    pub(super) async fn issue(&self, access: &InProject, ids: &[i64]) -> Result<pb::IssueTasksResponse, Error> {
        let ids = check_delete_ids(ids, Msg::TaskNotFound)?;
        let pool = &self.shared.pool;
        let targets: Vec<IssueTarget> = store::issue_targets(pool, access.project_id, &ids).await?;
        let found: BTreeSet<i64> = targets.iter().map(|t| t.task_id).collect();
        if ids.iter().any(|id| !found.contains(id)) {
            return Err(Error::not_found(Msg::TaskNotFound));
        }
        if let Some(disabled) = targets.iter().find(|t| !t.enabled) {
            return Err(Error::refused(Msg::TaskNotEnabled { name: disabled.task_name.clone() }));
        }
        let gateway_ids: BTreeSet<i64> = targets.iter().filter_map(|t| t.gateway_id).collect();
        if gateway_ids.is_empty() {
            return Err(Error::refused(Msg::GatewayNotFound));
        }
        let site = self.project_site(access).await?;
        let (from, until) = window(Utc::now());
        let sends = compile_gateways(pool, access.project_id, &site, &gateway_ids, from, until).await?;
        let begun: Vec<GatewaySchedule> = sends
            .iter()
            .map(|t| GatewaySchedule {
                gateway_id: t.gateway_id,
                schedule_id: t.schedule.id.clone(),
                valid_from: from,
                valid_until: until,
                loop_count: i32::try_from(t.schedule.loops.len()).unwrap_or(i32::MAX),
                step_count: i32::try_from(t.schedule.step_count()).unwrap_or(i32::MAX),
            })
            .collect();
        store::begin_issue(pool, access.project_id, &ids, &begun, access.user_name()).await?;

        let api = TaskApi::new(self.shared.clone());
        let task_access = access.clone();
        let task_ids = ids.clone();
        let done = tokio::spawn(async move {
            let mut outcomes: Vec<Outcome> = futures::stream::iter(sends)
                .map(|target| api.send_schedule(&task_access, target))
                .buffer_unordered(CONCURRENCY)
                .collect()
                .await;
            outcomes.sort_unstable_by_key(|o| o.gateway_id);
            let finished = store::finish_tasks(&api.shared.pool, task_access.project_id, &task_ids).await;
            (outcomes, finished)
        });
        let (outcomes, finished) = done.await.map_err(Error::internal)?;
        finished?;
        let succeeded = outcomes.iter().filter(|o| o.result == "ok").count();
        let queued = outcomes.iter().filter(|o| o.result == QUEUED).count();
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        tracing::info!(project = access.project_id, tasks = ?ids, gateways = outcomes.len(), succeeded, "tasks issued");
        Ok(pb::IssueTasksResponse {
            total: count(outcomes.len()),
            succeeded: count(succeeded),
            failed: count(outcomes.len() - succeeded - queued),
            queued: count(queued),
            results: outcomes
                .into_iter()
                .map(|o| pb::GatewayOutcome {
                    gateway_id: o.gateway_id,
                    gateway_name: o.gateway_name,
                    gateway_number: o.serial,
                    result: o.result.to_owned(),
                    message: o.message,
                })
                .collect(),
        })
    }

    /// Sends one gateway its schedule and records the outcome. A gateway that is away, or does
    /// not acknowledge, gets it through the plan's queue: sent when it is back, retried with a
    /// growing pause, its issue '1' until then.
    async fn send_schedule(&self, access: &InProject, target: Target) -> Outcome {
        let shared = &self.shared;
        let requested_at = Utc::now();
        let schedule = target.schedule.clone();
        let sent = if target.online {
            shared.bridge.send(&access.ctx, &target.serial, Command::SetSchedule(schedule.clone())).await.map(drop)
        } else {
            Err(CommandFailure::Offline)
        };
        let lang = access.lang();
        let (result, message) = match sent {
            Ok(()) => {
                if let Err(err) = store::schedule_acknowledged(&shared.pool, target.gateway_id, &schedule).await {
                    tracing::error!(gateway = target.gateway_id, error = %err, "could not record a schedule's issue");
                }
                ("ok", String::new())
            }
            Err(failure @ (CommandFailure::Offline | CommandFailure::Timeout | CommandFailure::Failed(_))) => {
                let offline = matches!(failure, CommandFailure::Offline);
                match self.queue_schedule(access, &target, offline).await {
                    Ok(message) => (QUEUED, message),
                    Err(err) => {
                        tracing::error!(gateway = target.gateway_id, error = %err, "could not queue a schedule");
                        (failure.result(), failure.message(lang, shared.bridge.command_timeout()))
                    }
                }
            }
            Err(failure) => (failure.result(), failure.message(lang, shared.bridge.command_timeout())),
        };
        if result != QUEUED {
            if result != "ok"
                && let Err(err) = store::finish_gateway(&shared.pool, target.gateway_id, FAILED, &message).await
            {
                tracing::error!(gateway = target.gateway_id, error = %err, "could not record a schedule's issue");
            }
            let audit = commands::Sent {
                project_id: access.project_id,
                gateway_id: target.gateway_id,
                action: commands::SCHEDULE,
                level: None,
                loops: Vec::new(),
                hold_until: None,
                schedule_id: Some(schedule.id.clone()),
                heartbeat_s: None,
                telemetry_s: None,
                source: commands::ISSUE,
                requested_by: access.user_name().to_owned(),
                requested_at,
                result,
                message: message.clone(),
            };
            commands::record(&shared.pool, &[audit]).await;
        }
        Outcome {
            gateway_id: target.gateway_id,
            gateway_name: target.gateway_name,
            serial: target.serial,
            result,
            message,
        }
    }

    /// Queues the target's schedule for the plan to send; the gateway's issue stays '1' with
    /// the reason. Answers that reason.
    async fn queue_schedule(&self, access: &InProject, target: &Target, offline: bool) -> Result<String, Error> {
        let shared = &self.shared;
        let hours = shared.plan.queue_expiry_hours;
        let msg = if offline { Msg::ScheduleQueuedOffline { hours } } else { Msg::ScheduleQueuedRetry { hours } };
        let message = msg.text(access.lang());
        let request = request_of(&target.serial, Command::SetSchedule(target.schedule.clone()));
        let queued = commands::Queued {
            project_id: access.project_id,
            gateway_id: target.gateway_id,
            action: commands::SCHEDULE,
            level: None,
            loops: Vec::new(),
            schedule_id: Some(target.schedule.id.clone()),
            source: commands::ISSUE,
            requested_by: access.user_name().to_owned(),
            payload: prost::Message::encode_to_vec(&request),
            expires_at: commands::expiry(Utc::now(), hours),
            message: message.clone(),
        };
        let mut tx = shared.pool.begin().await?;
        commands::enqueue(&mut tx, &queued).await?;
        store::finish_gateway_state(&mut tx, target.gateway_id, BEING_ISSUED, &message).await?;
        tx.commit().await?;
        Ok(message)
    }

    pub(super) async fn gateway_schedules(
        &self,
        access: &InProject,
    ) -> Result<pb::ListGatewaySchedulesResponse, Error> {
        let rows = store::list_gateway_schedules(&self.shared.pool, access.project_id).await?;
        let count = |n: Option<i32>| n.and_then(|n| u32::try_from(n).ok()).unwrap_or(0);
        let millis = |t: Option<DateTime<Utc>>| t.map_or(0, |t| t.timestamp_millis());
        let rows = rows
            .into_iter()
            .map(|r| pb::GatewaySchedule {
                gateway_id: r.gateway_id,
                gateway_name: r.gateway_name,
                gateway_number: r.serial,
                issue_state: r.issue_state.unwrap_or_else(|| NOT_ISSUED.to_owned()),
                schedule_id: r.schedule_id.unwrap_or_default(),
                valid_from_ms: millis(r.valid_from),
                valid_until_ms: millis(r.valid_until),
                loop_count: count(r.loop_count),
                step_count: count(r.step_count),
                message: r.message.unwrap_or_default(),
                issued_by: r.issued_by.unwrap_or_default(),
                requested_ms: millis(r.requested_at),
                finished_ms: millis(r.finished_at),
            })
            .collect();
        Ok(pb::ListGatewaySchedulesResponse { rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::store::PlanLoopRow;
    use crate::schedule::timeline::{Cause, Segment};

    fn at(hour: i64, minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_766_534_400, 0).unwrap() + TimeDelta::hours(hour) + TimeDelta::minutes(minute)
    }

    fn night(gateway_id: i64, loop_index: i32, segments: &[(DateTime<Utc>, DateTime<Utc>, Light)]) -> LoopNight {
        LoopNight {
            row: PlanLoopRow {
                gateway_id,
                gateway_name: format!("G{gateway_id}"),
                serial: format!("GW-{gateway_id}"),
                online: true,
                loop_index,
                loop_name: format!("L{loop_index}"),
                is_on: None,
                sample_time: None,
                minimum_burn_minutes: 0,
            },
            segments: segments
                .iter()
                .map(|&(from, to, light)| Segment { from, to, light, cause: Cause::Idle })
                .collect(),
        }
    }

    #[test]
    fn a_timeline_becomes_steps_at_its_changes() {
        let (from, until) = (at(12, 0), at(12, 0) + TimeDelta::days(7));
        let lit = night(
            1,
            1,
            &[
                (from, at(17, 15), Light::Off),
                (at(17, 15), at(23, 0), Light::On { level: 100 }),
                (at(23, 0), at(30, 50), Light::On { level: 30 }),
                (at(30, 50), at(41, 15), Light::Off),
                // a change of cause only (same light) is no step
                (at(41, 15), until, Light::Off),
            ],
        );
        let steps = steps_of(&lit, from, until);
        assert_eq!(steps, vec![(0, 0), (5 * 3600 + 900, 100), (11 * 3600, 30), (18 * 3600 + 3000, 0)]);
    }

    #[test]
    fn sub_second_changes_keep_whole_seconds_and_only_real_changes() {
        let from = at(12, 0);
        let until = from + TimeDelta::days(1);
        let blip = from + TimeDelta::seconds(100);
        let lit = night(
            1,
            1,
            &[
                (from, blip, Light::Off),
                (blip, blip + TimeDelta::milliseconds(400), Light::On { level: 100 }),
                (blip + TimeDelta::milliseconds(400), until, Light::Off),
            ],
        );
        // on and off again within one second: the later wins, and off after off is no step
        assert_eq!(steps_of(&lit, from, until), vec![(0, 0)]);
    }

    #[test]
    fn a_schedule_too_long_for_the_protocol_is_shortened_to_where_its_steps_run_out() {
        let (from, until) = window(at(12, 0));
        // a loop changing every 5 minutes for a week, another changing once
        let busy: Vec<_> = (0..2016)
            .map(|n| {
                let start = from + TimeDelta::minutes(5 * n);
                (
                    start,
                    start + TimeDelta::minutes(5),
                    if n % 2 == 0 { Light::On { level: 100 } } else { Light::On { level: 30 } },
                )
            })
            .collect();
        let calm = vec![
            (from, from + TimeDelta::hours(30), Light::Off),
            (from + TimeDelta::hours(30), until, Light::On { level: 100 }),
        ];
        let nights = vec![night(1, 1, &busy), night(1, 2, &calm)];
        let schedule = compile(1, from, until, &nights, &BTreeSet::from([(1, 1), (1, 2)]));
        assert_eq!(schedule.loops[0].steps.len(), MAX_STEPS_PER_LOOP);
        assert_eq!(schedule.until, from + TimeDelta::minutes(5 * 512), "up to the first step that does not fit");
        assert_eq!(schedule.loops[1].steps, vec![(0, 0), (30 * 3600, 100)]);
        assert!(
            schedule.loops.iter().all(|l| l
                .steps
                .iter()
                .all(|(offset, _)| from + TimeDelta::seconds(i64::from(*offset)) < schedule.until))
        );
    }

    #[test]
    fn a_gateway_gets_only_its_planned_loops() {
        let (from, until) = window(at(12, 0) + TimeDelta::milliseconds(750));
        assert_eq!(from, at(12, 0), "a schedule starts on a whole second");
        let all_day = |level| vec![(from, until, Light::On { level })];
        let nights = vec![night(1, 1, &all_day(100)), night(1, 2, &all_day(50)), night(2, 1, &all_day(100))];
        let planned = BTreeSet::from([(1, 1), (2, 1)]);
        let schedule = compile(1, from, until, &nights, &planned);
        assert_eq!(schedule.id, format!("g1-{}", from.timestamp()));
        assert_eq!(schedule.loops, vec![CompiledLoop { index: 1, steps: vec![(0, 100)] }]);
        assert_eq!(schedule.until - schedule.from, TimeDelta::days(SCHEDULE_HORIZON_DAYS));
        assert_eq!(schedule.step_count(), 1);
    }
}
