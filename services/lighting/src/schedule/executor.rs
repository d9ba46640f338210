//! The plan executor (docs/scheduler.md, "The plan executor"): every
//! `lighting.executor_interval_seconds` it
//!
//! 1. gives up queued commands past their expiry, and queues again what a stopped replica
//!    was sending;
//! 2. renews every issued schedule followed for `lighting.renew_after_hours`, so a gateway
//!    always holds days of plan ahead (one replica at a time, under an advisory lock);
//! 3. compares every loop under an acknowledged schedule with what it should be doing
//!    ([`super::expect`]): a loop that differs for `lighting.mismatch_after_seconds` is put
//!    back once, and if it still differs as long after that, each enabled "loop state
//!    mismatch" alarm type of its project whose threshold (minutes) is met raises an alarm,
//!    which recovers once the loop follows its plan again (same lock);
//! 4. sends what is queued, in order per gateway, through the bridge's relay.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use futures::{StreamExt, TryStreamExt};
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_common::outbox::{self, OutboxEvent};
use lumiscape_proto::alarm_terms::Attribute;
use lumiscape_proto::bridge::v1 as bridge_pb;
use lumiscape_proto::events::v1 as ev;
use prost::Message;
use tokio_util::sync::CancellationToken;

use super::expect::{self, Switch};
use super::issue::{self, CompiledSchedule, StoredLoop};
use super::store::{self, MismatchRow};
use crate::control::bridge::{Command, CommandFailure, request_of};
use crate::control::commands::{self, Claimed};
use crate::{Shared, Tables};

/// Commands sent at once.
const CONCURRENCY: usize = 16;
/// Commands taken from the queue at a time.
const CLAIM: i64 = 64;
/// The advisory lock under which one replica renews schedules and checks loops.
const LOCK: i64 = 0x4C55_4D49_5045_5845; // "LUMIPEXE"
/// How far back an operator's switch may still hold: longer than any schedule.
const SWITCH_LOOKBACK: TimeDelta = TimeDelta::days(issue::SCHEDULE_HORIZON_DAYS + 1);
/// The pause before a command the bridge found the gateway away for goes again.
const AWAY_PAUSE: Duration = Duration::from_secs(5);
/// The language of the messages the plan records (it has no user to speak to).
const LANG: Lang = Lang::Zh;

pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    // The alarm service owns the rules' bucket; until it exists, the executor works without
    // alarms and looks again each round.
    let mut executor = Executor { shared, rules: None };
    let mut tick = tokio::time::interval(Duration::from_secs(executor.shared.plan.executor_interval_seconds));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = tick.tick() => {}
        }
        if let Err(err) = executor.round().await {
            tracing::warn!(error = %err, "plan executor round failed; next round");
        }
    }
}

struct Executor {
    shared: Shared,
    rules: Option<async_nats::jetstream::kv::Store>,
}

impl Executor {
    async fn round(&mut self) -> anyhow::Result<()> {
        let pool = &self.shared.pool;
        let released = commands::release_stale(pool).await?;
        if released > 0 {
            tracing::warn!(released, "commands a stopped replica was sending are queued again");
        }
        for expired in commands::expire(pool).await? {
            if expired.action == commands::SCHEDULE {
                self.schedule_failed(expired.project_id, expired.gateway_id, &Msg::CommandExpired.text(LANG)).await;
            }
        }
        let mut lock = pool.begin().await?;
        let held = sqlx::query_scalar!("SELECT pg_try_advisory_xact_lock($1) AS \"held!\"", LOCK)
            .fetch_one(&mut *lock)
            .await?;
        if held {
            if let Err(err) = self.renew().await {
                tracing::warn!(error = %err, "schedules not renewed; next round");
            }
            if let Err(err) = self.check_loops().await {
                tracing::warn!(error = %err, "loops not compared with their plan; next round");
            }
        }
        lock.commit().await?;
        self.deliver_queued().await
    }

    // --- the queue -----------------------------------------------------------------------

    async fn deliver_queued(&self) -> anyhow::Result<()> {
        let hold = self.shared.relay.command_timeout() * 2 + Duration::from_secs(5);
        loop {
            let claimed = commands::claim(&self.shared.pool, CLAIM, hold).await?;
            if claimed.is_empty() {
                return Ok(());
            }
            futures::stream::iter(claimed).for_each_concurrent(CONCURRENCY, |c| self.deliver(c)).await;
        }
    }

    async fn deliver(&self, claimed: Claimed) {
        if let Err(err) = self.deliver_inner(&claimed).await {
            tracing::warn!(command = claimed.command_id, error = %err, "queued command not settled; retried later");
        }
    }

    async fn deliver_inner(&self, c: &Claimed) -> anyhow::Result<()> {
        let pool = &self.shared.pool;
        let Ok(request) = bridge_pb::SendCommandRequest::decode(c.payload.as_slice()) else {
            commands::finish(pool, c.command_id, "error", "unreadable command").await?;
            return Ok(());
        };
        let schedule = CompiledSchedule::of_request(&request);
        let timeout = self.shared.relay.command_timeout();
        match self.shared.relay.send(c.project_id, request).await {
            Ok(ack) => {
                crate::control::record_readings(pool, c.gateway_id, &ack).await;
                commands::finish(pool, c.command_id, "ok", "").await?;
                if let Some(schedule) = schedule {
                    store::schedule_acknowledged(pool, c.gateway_id, &schedule).await?;
                    store::settle_tasks_of_gateway(pool, c.project_id, c.gateway_id).await?;
                }
                tracing::info!(command = c.command_id, gateway = c.gateway_id, source = %c.source, "queued command acknowledged");
            }
            Err(CommandFailure::Offline) => {
                let message = Msg::DeviceOffline.text(LANG);
                commands::retry_later(pool, c.command_id, AWAY_PAUSE, false, &message).await?;
            }
            Err(failure @ CommandFailure::Rejected(_)) => {
                let (result, message) = (failure.result(), failure.message(LANG, timeout));
                commands::finish(pool, c.command_id, result, &message).await?;
                if schedule.is_some() {
                    self.schedule_failed(c.project_id, c.gateway_id, &message).await;
                }
            }
            Err(failure) if c.attempts >= commands::MAX_ATTEMPTS => {
                let result = failure.result();
                let message = Msg::CommandGivenUp { attempts: c.attempts }.text(LANG);
                commands::finish(pool, c.command_id, result, &message).await?;
                if schedule.is_some() {
                    self.schedule_failed(c.project_id, c.gateway_id, &message).await;
                }
            }
            Err(failure) => {
                let message = failure.message(LANG, timeout);
                commands::retry_later(pool, c.command_id, commands::backoff(c.attempts), true, &message).await?;
            }
        }
        Ok(())
    }

    /// A queued schedule ended without the gateway taking it: its issue is unsuccessful.
    async fn schedule_failed(&self, project_id: i64, gateway_id: i64, message: &str) {
        let pool = &self.shared.pool;
        let settled = async {
            store::finish_gateway(pool, gateway_id, issue::FAILED, message).await?;
            store::settle_tasks_of_gateway(pool, project_id, gateway_id).await?;
            anyhow::Ok(())
        };
        if let Err(err) = settled.await {
            tracing::warn!(gateway = gateway_id, error = %err, "a schedule's failed issue not recorded");
        }
    }

    // --- renewal -------------------------------------------------------------------------

    async fn renew(&self) -> anyhow::Result<()> {
        let pool = &self.shared.pool;
        let age = TimeDelta::hours(i64::try_from(self.shared.plan.renew_after_hours).unwrap_or(24));
        // and a schedule shortened to the protocol's steps, a day before it runs out
        let due = store::renewals_due(pool, Utc::now() - age, Utc::now() + TimeDelta::days(1)).await?;
        let mut by_project: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
        for renewal in due {
            by_project.entry(renewal.project_id).or_default().insert(renewal.gateway_id);
        }
        for (project_id, gateway_ids) in by_project {
            let Some(site) = store::find_site(pool, project_id).await? else { continue };
            let Some(site) = super::model::parse_zone(&site.time_zone)
                .ok()
                .and_then(|zone| super::sun::Site::new(site.latitude, site.longitude, zone))
            else {
                continue;
            };
            let (from, until) = issue::window(Utc::now());
            let targets = issue::compile_gateways(pool, project_id, &site, &gateway_ids, from, until).await?;
            let mut tx = pool.begin().await?;
            for target in targets {
                let request = request_of(&target.serial, Command::SetSchedule(target.schedule.clone()));
                let queued = commands::Queued {
                    project_id,
                    gateway_id: target.gateway_id,
                    action: commands::SCHEDULE,
                    level: None,
                    loops: Vec::new(),
                    schedule_id: Some(target.schedule.id.clone()),
                    source: commands::RENEW,
                    requested_by: commands::PLAN.to_owned(),
                    payload: request.encode_to_vec(),
                    expires_at: commands::expiry(Utc::now(), self.shared.plan.queue_expiry_hours),
                    message: String::new(),
                };
                commands::enqueue(&mut tx, &queued).await?;
            }
            tx.commit().await?;
            tracing::info!(project = project_id, gateways = gateway_ids.len(), "issued schedules queued for renewal");
        }
        Ok(())
    }

    // --- loops against their plan --------------------------------------------------------

    async fn check_loops(&mut self) -> anyhow::Result<()> {
        let pool = self.shared.pool.clone();
        let now = Utc::now();
        let after = TimeDelta::seconds(i64::try_from(self.shared.plan.mismatch_after_seconds).unwrap_or(180));
        let held = store::held_gateways(&pool, now).await?;
        let ids: Vec<i64> = held.iter().map(|g| g.gateway_id).collect();
        let readings: HashMap<(i64, i32), store::LoopReading> =
            store::loop_readings(&pool, &ids).await?.into_iter().map(|r| ((r.gateway_id, r.loop_index), r)).collect();
        let switches: HashMap<(i64, i32), Switch> = commands::manual_switches(&pool, now - SWITCH_LOOKBACK)
            .await?
            .into_iter()
            .map(|s| ((s.gateway_id, s.loop_index), Switch { at: s.requested_at, level: s.level, until: s.hold_until }))
            .collect();
        let mut open: HashMap<(i64, i32), MismatchRow> =
            store::mismatches(&pool).await?.into_iter().map(|m| ((m.gateway_id, m.loop_index), m)).collect();
        let rules = self.mismatch_rules().await;
        for gateway in &held {
            let loops: Vec<StoredLoop> = serde_json::from_value(gateway.loops.clone()).unwrap_or_default();
            for planned in loops {
                let Ok(index) = i32::try_from(planned.index) else { continue };
                let key = (gateway.gateway_id, index);
                let prior = open.remove(&key);
                let Some(expected) =
                    expect::expected(&planned.steps, gateway.valid_from, switches.get(&key).copied(), now)
                else {
                    continue;
                };
                let observed = readings.get(&key).filter(|r| r.sample_time >= expected.since).map(|r| r.is_on);
                // Nothing read since the loop should have changed: no judgement yet (a mismatch
                // found before stays as it is).
                let Some(is_on) = observed else { continue };
                let loop_ = Loop { gateway, index, expected_on: expected.on(), expected_level: expected.level };
                let rules = rules.get(&gateway.project_id).map(Vec::as_slice).unwrap_or_default();
                self.judge(&loop_, is_on, prior, rules, now, after).await?;
            }
        }
        // Loops no longer under an acknowledged schedule (or their gateway away): no longer
        // judged; their alarms recover.
        for (_, stale) in open {
            let held_now = held.iter().any(|g| g.gateway_id == stale.gateway_id);
            if held_now {
                continue;
            }
            let mut tx = pool.begin().await?;
            if let Some(raise) = &stale.alarm_transition {
                self.recover(&mut tx, &stale, raise, None, now).await?;
            }
            store::delete_mismatch(&mut tx, stale.gateway_id, stale.loop_index).await?;
            tx.commit().await?;
            self.shared.outbox.wake();
        }
        Ok(())
    }

    /// One loop read `is_on` against what it should be.
    async fn judge(
        &self,
        loop_: &Loop<'_>,
        is_on: bool,
        prior: Option<MismatchRow>,
        rules: &[ev::AlarmRule],
        now: DateTime<Utc>,
        after: TimeDelta,
    ) -> anyhow::Result<()> {
        let gateway = loop_.gateway;
        let mut tx = self.shared.pool.begin().await?;
        if is_on == loop_.expected_on {
            let Some(prior) = prior else { return Ok(()) };
            if let Some(raise) = &prior.alarm_transition {
                self.recover(&mut tx, &prior, raise, Some(gateway), now).await?;
            }
            store::delete_mismatch(&mut tx, gateway.gateway_id, loop_.index).await?;
            tx.commit().await?;
            self.shared.outbox.wake();
            tracing::info!(gateway = gateway.gateway_id, r#loop = loop_.index, "loop follows its plan again");
            return Ok(());
        }
        let mut row = match prior {
            Some(prior) if prior.expected_on == loop_.expected_on => prior,
            prior => {
                // New, or the plan changed its mind: a mismatch of its own from now on.
                if let Some(old) = prior.as_ref().filter(|p| p.alarm_transition.is_some()) {
                    let raise = old.alarm_transition.clone().unwrap_or_default();
                    self.recover(&mut tx, old, &raise, Some(gateway), now).await?;
                }
                MismatchRow {
                    gateway_id: gateway.gateway_id,
                    loop_index: loop_.index,
                    project_id: gateway.project_id,
                    expected_on: loop_.expected_on,
                    since: now,
                    recommanded_at: None,
                    alarm_transition: None,
                    alarm_type_id: None,
                }
            }
        };
        match row.recommanded_at {
            None if now - row.since >= after => {
                let index = u32::try_from(loop_.index).unwrap_or(0);
                let request =
                    request_of(&gateway.serial, Command::SetLoop { index, level: loop_.expected_level, until: None });
                let queued = commands::Queued {
                    project_id: gateway.project_id,
                    gateway_id: gateway.gateway_id,
                    action: if loop_.expected_on { commands::ON } else { commands::OFF },
                    level: commands::level_of(loop_.expected_level),
                    loops: vec![loop_.index],
                    schedule_id: None,
                    source: commands::RECOMMAND,
                    requested_by: commands::PLAN.to_owned(),
                    payload: request.encode_to_vec(),
                    // Moot once the next judgement is due.
                    expires_at: now + after,
                    message: String::new(),
                };
                commands::enqueue(&mut tx, &queued).await?;
                row.recommanded_at = Some(now);
                tracing::info!(
                    gateway = gateway.gateway_id,
                    r#loop = loop_.index,
                    on = loop_.expected_on,
                    "loop differs from its plan; commanded back once"
                );
            }
            Some(recommanded) if now - recommanded >= after && row.alarm_transition.is_none() => {
                let minutes = (now - row.since).num_seconds() as f64 / 60.0;
                let rule = rules
                    .iter()
                    .find(|rule| rule.trigger.as_ref().is_some_and(|t| t.comparison().holds(minutes, t.threshold)));
                if let Some(rule) = rule {
                    let id = format!("lm-{}-{}-{}", gateway.gateway_id, loop_.index, row.since.timestamp_millis());
                    let cabinet = Cabinet::of(gateway);
                    let transition = transition(&cabinet, loop_.index, rule.alarm_type_id, &id, None, minutes, now);
                    self.publish(&mut tx, "bridge.alarm.raised", &id, &transition).await?;
                    row.alarm_transition = Some(id);
                    row.alarm_type_id = Some(rule.alarm_type_id);
                    tracing::warn!(
                        gateway = gateway.gateway_id,
                        r#loop = loop_.index,
                        "loop state mismatch alarm raised"
                    );
                }
            }
            _ => {}
        }
        store::save_mismatch(&mut tx, &row).await?;
        tx.commit().await?;
        self.shared.outbox.wake();
        Ok(())
    }

    /// Queues the recovery of the alarm `raise` of a mismatch.
    async fn recover(
        &self,
        tx: &mut sqlx::PgConnection,
        row: &MismatchRow,
        raise: &str,
        gateway: Option<&store::HeldGateway>,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let (serial, name) = match gateway {
            Some(g) => (g.serial.clone(), g.gateway_name.clone()),
            None => match store::gateway_names(&mut *tx, row.gateway_id).await? {
                Some(names) => names,
                None => return Ok(()),
            },
        };
        let cabinet = Cabinet { project_id: row.project_id, gateway_id: row.gateway_id, serial: &serial, name: &name };
        let id = format!("{raise}-r");
        let alarm_type_id = row.alarm_type_id.unwrap_or_default();
        let transition = transition(&cabinet, row.loop_index, alarm_type_id, &id, Some(raise), 0.0, now);
        self.publish(tx, "bridge.alarm.recovered", &id, &transition).await
    }

    async fn publish(
        &self,
        tx: &mut sqlx::PgConnection,
        subject: &str,
        id: &str,
        transition: &ev::AlarmTransition,
    ) -> anyhow::Result<()> {
        let event = OutboxEvent {
            message_id: id.to_owned(),
            subject: self.shared.streams.subject(subject),
            event_type: subject.to_owned(),
            payload: transition.encode_to_vec(),
        };
        outbox::insert::<Tables>(tx, &event).await?;
        Ok(())
    }

    /// The enabled "loop state mismatch" alarm types, by project (none while the alarm
    /// service's rules cannot be read).
    async fn mismatch_rules(&mut self) -> HashMap<i64, Vec<ev::AlarmRule>> {
        if self.rules.is_none() {
            self.rules = self.shared.js.get_key_value(self.shared.streams.bucket("ALARM_RULES")).await.ok();
        }
        let Some(bucket) = &self.rules else { return HashMap::new() };
        let read = async {
            let keys: Vec<String> = bucket.keys().await?.try_collect().await?;
            let mut by_project: HashMap<i64, Vec<ev::AlarmRule>> = HashMap::new();
            for key in keys {
                let Some(value) = bucket.get(&key).await? else { continue };
                let Ok(rule) = ev::AlarmRule::decode(value) else { continue };
                let mismatch = rule.trigger.as_ref().is_some_and(|t| t.attribute() == Attribute::LoopMismatch);
                if mismatch {
                    by_project.entry(rule.project_id).or_default().push(rule);
                }
            }
            anyhow::Ok(by_project)
        };
        match read.await {
            Ok(rules) => rules,
            Err(err) => {
                tracing::warn!(error = %err, "alarm rules not read; no mismatch alarm this round");
                HashMap::new()
            }
        }
    }
}

/// A loop being judged.
struct Loop<'a> {
    gateway: &'a store::HeldGateway,
    index: i32,
    expected_on: bool,
    /// The brightness it is put back to (0 off).
    expected_level: u8,
}

/// The gateway an alarm transition names.
struct Cabinet<'a> {
    project_id: i64,
    gateway_id: i64,
    serial: &'a str,
    name: &'a str,
}

impl<'a> Cabinet<'a> {
    fn of(gateway: &'a store::HeldGateway) -> Self {
        Self {
            project_id: gateway.project_id,
            gateway_id: gateway.gateway_id,
            serial: &gateway.serial,
            name: &gateway.gateway_name,
        }
    }
}

fn transition(
    gateway: &Cabinet<'_>,
    loop_index: i32,
    alarm_type_id: i64,
    id: &str,
    raise: Option<&str>,
    minutes: f64,
    at: DateTime<Utc>,
) -> ev::AlarmTransition {
    ev::AlarmTransition {
        transition_id: id.to_owned(),
        raise_transition_id: raise.unwrap_or_default().to_owned(),
        alarm_type_id,
        project_id: gateway.project_id,
        serial: gateway.serial.to_owned(),
        gateway_id: gateway.gateway_id,
        gateway_name: gateway.name.to_owned(),
        loop_index: u32::try_from(loop_index).unwrap_or(0),
        raised: raise.is_none(),
        at_ms: at.timestamp_millis(),
        value: (minutes * 10.0).round() / 10.0,
        attribute: Attribute::LoopMismatch.into(),
        sample_time_ms: at.timestamp_millis(),
    }
}
