//! The alarm lifecycle driven by the bridge: the durable consumer `alarm-transitions` turns
//! each raise into an alarm and each recovery into its end.
//!
//! - A raise copies its type's name, level, contents and condition into the alarm, so the
//!   history stays as it was when the type is edited later. The alarm's unique raise
//!   transition id makes a redelivered or repeated raise change nothing.
//! - A raise of a type deleted or disabled since is skipped with a log line: its rule has
//!   left the bridge's bucket, so no recovery would ever end the alarm, and the type's level
//!   and contents (which the transition does not carry) are gone with it.
//! - A recovery ends the alarm of its raise: end time, `recovered`, and status restored
//!   when the type has auto processing (closed alarms stay closed). Whatever happened to the
//!   type since, the alarm holds what the recovery needs. A second copy changes nothing.
//! - A recovery can come before its raise: after a crash of this service the raise it had
//!   taken is redelivered only when its ack wait expires, while later messages flow at
//!   once. Such a recovery waits in `early_recoveries` and is applied with its raise.
//! - Each change writes its `AlarmChanged` to the outbox in the same transaction. The
//!   transitions waiting together are recorded in one transaction, in stream order; when it
//!   fails, each is recorded in its own, so a bad one holds back no other.

use std::time::Duration;

use async_nats::jetstream::{self, kv};
use lumiscape_common::nats::{ConsumerSpec, Outcome, gateway_registry, run_batch_consumer, together_or_alone};
use lumiscape_common::service::Context;
use lumiscape_proto::events::v1::GatewayRegistration;
use prost::Message;
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;
use tracing::Instrument as _;

use super::events::{self, Transition};
use super::model::{self, ChangeKind};
use super::store::{self, AlarmRow, EarlyRecovery, NewAlarm};
use crate::alarm_type::store as type_store;

/// The durable consumer's name.
pub const CONSUMER: &str = "alarm-transitions";
/// Most transitions recorded in one transaction: those waiting when the last one committed
/// (a gateway crossing several thresholds at once, a burst after an outage).
const TRANSITIONS_PER_TRANSACTION: usize = 32;

/// What the handler needs: the service's context and lighting's registry of gateways
/// (the GATEWAYS key-value projection), against which a raise's gateway is checked.
#[derive(Clone)]
pub struct Lifecycle {
    pub ctx: Context,
    pub gateways: kv::Store,
}

impl Lifecycle {
    /// Consumes the bridge's transitions until `shutdown`.
    pub async fn run(
        self,
        js: jetstream::Context,
        max_deliver: i64,
        shutdown: CancellationToken,
    ) -> anyhow::Result<()> {
        let spec = ConsumerSpec {
            stream: self.ctx.streams.bridge(),
            durable: CONSUMER.to_owned(),
            filter_subjects: vec![self.ctx.streams.subject("bridge.alarm.>")],
            max_deliver,
            ack_wait: Duration::from_secs(10),
        };
        run_batch_consumer(js, spec, TRANSITIONS_PER_TRANSACTION, shutdown, move |messages| {
            let lifecycle = self.clone();
            async move {
                let outcomes = lifecycle.handle(&messages).await;
                messages.into_iter().zip(outcomes).collect()
            }
        })
        .await
    }

    /// One outcome per message, in order: poison when it can never be handled, retry when
    /// the database failed. The good ones are recorded in one transaction, in stream order
    /// (or, when that fails, each in its own).
    pub async fn handle(&self, messages: &[jetstream::Message]) -> Vec<Outcome> {
        let mut outcomes = Vec::with_capacity(messages.len());
        let mut ready = Vec::with_capacity(messages.len());
        for message in messages {
            match self.check(message).await {
                Ok(transition) => {
                    ready.push(transition);
                    outcomes.push(None);
                }
                Err(outcome) => outcomes.push(Some(outcome)),
            }
        }
        let mut recorded =
            together_or_alone(&ready, |group: &[(bool, Transition)]| self.record(group)).await.into_iter();
        outcomes
            .into_iter()
            .map(|outcome| {
                outcome.or_else(|| recorded.next()).unwrap_or_else(|| Outcome::Retry(anyhow::anyhow!("no outcome")))
            })
            .collect()
    }

    /// The transition a message carries (and whether it is a raise), or what to do with a
    /// message that carries none.
    async fn check(&self, message: &jetstream::Message) -> Result<(bool, Transition), Outcome> {
        let raised = match message.subject.rsplit('.').next() {
            Some("raised") => true,
            Some("recovered") => false,
            _ => return Err(Outcome::Poison(format!("unexpected subject {}", message.subject))),
        };
        let mut transition = Transition::decode(&message.payload, raised).map_err(Outcome::Poison)?;
        transition.traceparent = message
            .headers
            .as_ref()
            .and_then(|h| h.get(lumiscape_common::trace::TRACEPARENT))
            .map(|v| v.as_str().to_owned());
        if raised {
            match self.gateway_in_project(&transition).await {
                Ok(true) => {}
                // Counted and logged as poison by the consumer runner.
                Ok(false) => {
                    return Err(Outcome::Poison(format!(
                        "raise {} names gateway {} ({}) outside project {}",
                        transition.id, transition.gateway_id, transition.serial, transition.project_id
                    )));
                }
                Err(err) => return Err(Outcome::Retry(err)),
            }
        }
        Ok((raised, transition))
    }

    /// Records transitions in one transaction, in order. The transitions' locks are taken
    /// first, in one order for every replica, so two replicas recording overlapping groups
    /// wait for each other instead of deadlocking.
    async fn record(&self, transitions: &[(bool, Transition)]) -> anyhow::Result<()> {
        let mut tx = self.ctx.pool.begin().await?;
        let mut locks: Vec<&str> =
            transitions.iter().map(|(raised, t)| if *raised { t.id.as_str() } else { t.raise_id.as_str() }).collect();
        locks.sort_unstable();
        locks.dedup();
        if locks.len() > 1 {
            for lock in locks {
                store::lock_transition(&mut tx, lock).await?;
            }
        }
        for (raised, transition) in transitions {
            // Each transition continues the trace the bridge began for it: its alarm row and
            // the event written with it belong to that trace, whatever batch carried it.
            let span = lumiscape_common::trace::span(|| {
                let span = tracing::info_span!(
                    "transition",
                    otel.name = if *raised { "alarm raise" } else { "alarm recover" },
                    alarm.transition = transition.id.as_str(),
                    trace_id = tracing::field::Empty,
                );
                lumiscape_common::trace::continue_trace(
                    &span,
                    lumiscape_common::trace::context_from_traceparent(transition.traceparent.as_deref()),
                );
                span
            });
            if *raised {
                self.raise(&mut tx, transition).instrument(span).await?;
            } else {
                self.recover(&mut tx, transition).instrument(span).await?;
            }
        }
        tx.commit().await?;
        self.ctx.outbox.wake();
        Ok(())
    }

    /// Whether the raise's gateway is registered in the project the raise names: only the
    /// bridge publishes raises, and it stamps them from the same registry, so anything else
    /// is a forged or corrupt message and raises nothing.
    async fn gateway_in_project(&self, t: &Transition) -> anyhow::Result<bool> {
        let Some(value) = self.gateways.get(gateway_registry::key(&t.serial)).await? else {
            return Ok(false);
        };
        let registration = GatewayRegistration::decode(value)?;
        Ok(registration.project_id == t.project_id && registration.gateway_id == t.gateway_id)
    }

    async fn raise(&self, tx: &mut PgConnection, t: &Transition) -> sqlx::Result<()> {
        store::lock_transition(tx, &t.id).await?;
        let Some(source) = type_store::raise_source(tx, t.project_id, t.alarm_type_id).await? else {
            tracing::info!(transition = %t.id, alarm_type = t.alarm_type_id, project = t.project_id,
                "raise of an alarm type deleted or disabled since; skipped");
            return Ok(());
        };
        let device_name = model::device_name(&t.gateway_name, &t.serial, t.loop_index);
        let new = NewAlarm {
            project_id: t.project_id,
            alarm_type_id: t.alarm_type_id,
            raise_transition_id: &t.id,
            source: &source,
            gateway_id: t.gateway_id,
            serial: &t.serial,
            loop_index: i32::try_from(t.loop_index).unwrap_or(0),
            device_name: &device_name,
            value: t.value,
            alarm_time: t.at,
            sample_time: t.sample_time,
        };
        let Some(alarm) = store::insert_raised(tx, &new).await? else {
            tracing::debug!(transition = %t.id, "raise recorded before; nothing to do");
            return Ok(());
        };
        events::record(tx, &self.ctx.streams, &alarm, ChangeKind::Raised).await?;
        if let Some(early) = store::take_early_recovery(tx, t.project_id, &t.id).await? {
            self.end(tx, &alarm, &early).await?;
        }
        tracing::info!(alarm = alarm.alarm_id, transition = %t.id, device = %alarm.device_name, "alarm raised");
        Ok(())
    }

    async fn recover(&self, tx: &mut PgConnection, t: &Transition) -> sqlx::Result<()> {
        store::lock_transition(tx, &t.raise_id).await?;
        let recovery = EarlyRecovery { transition_id: t.id.clone(), end_time: t.at };
        match store::lock_by_raise(tx, t.project_id, &t.raise_id).await? {
            Some(alarm) if alarm.recovered => {
                tracing::debug!(transition = %t.id, "recovery recorded before; nothing to do");
                return Ok(());
            }
            Some(alarm) => self.end(tx, &alarm, &recovery).await?,
            None => {
                tracing::info!(transition = %t.id, raise = %t.raise_id, "recovery before its raise; kept until it comes");
                store::keep_early_recovery(tx, t.project_id, &t.raise_id, &recovery).await?;
            }
        }
        Ok(())
    }

    /// Ends an alarm with a recovery and queues the event.
    async fn end(&self, conn: &mut PgConnection, alarm: &AlarmRow, recovery: &EarlyRecovery) -> sqlx::Result<()> {
        let status = model::status_after_recovery(alarm.status(), alarm.auto_processing);
        let ended =
            store::set_recovered(conn, alarm.alarm_id, status, recovery.end_time, &recovery.transition_id).await?;
        events::record(conn, &self.ctx.streams, &ended, ChangeKind::Recovered).await?;
        tracing::info!(alarm = alarm.alarm_id, status = status.code(), "alarm recovered");
        Ok(())
    }
}

/// Drops, once an hour, recoveries that waited longer than
/// [`store::EARLY_RECOVERY_KEPT_HOURS`] for a raise that never came, until `shutdown`.
pub async fn purge_stale_recoveries(pool: PgPool, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut tick = tokio::time::interval(Duration::from_secs(3600));
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = tick.tick() => {}
        }
        match store::purge_stale_early_recoveries(&pool).await {
            Ok(0) => {}
            Ok(count) => tracing::warn!(count, "recoveries whose raise never came were dropped"),
            Err(err) => tracing::warn!(error = %err, "early recoveries not purged; next hour"),
        }
    }
}
