//! The ingest loop: device messages from the DEVICE stream, in chunks, to normalized events
//! on the BRIDGE stream.
//!
//! One chunk is whatever the consumer has ready (up to `bridge.fetch_batch` messages). Its
//! messages are decoded and evaluated in stream order (so each gateway's samples stay in
//! order); then every output is published and its ack awaited (retrying, with
//! deterministic message ids, until the server has them); then the changed condition
//! states are stored; and only then is the chunk acknowledged (the consumer acknowledges
//! all up to the last). A crash anywhere redelivers the chunk, and deciding it again
//! publishes nothing new.
//!
//! Each partition of the gateways has its own consumer and runs as a lane of its own
//! ([`super::partitions`]): its own chunks, its own condition states, acknowledged only while
//! this bridge holds the partition's lease.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream::{consumer, stream};
use futures::StreamExt;
use lumiscape_proto::events::v1 as ev;
use prost::Message;
use tokio_util::sync::CancellationToken;

use super::partitions::{Lane, Scope};
use super::presence::StatusChange;
use super::rules::{CondState, Decision, Phase, Rule, decide};
use super::{Shared, comms};
use crate::protocol::{Channel, DeviceEvent, EventKind, Telemetry, Uplink};
use lumiscape_proto::alarm_terms::Attribute;

/// Largest encoded telemetry batch published as one event.
const MAX_BATCH_BYTES: usize = 512 * 1024;
/// Recent sequence numbers remembered per gateway, to drop resent messages.
const RECENT_SEQS: usize = 64;

/// The most the device stream may hold.
pub const DEVICE_STREAM_MAX_BYTES: i64 = 2 * 1024 * 1024 * 1024;

/// The device stream: what gateways send, kept until the bridge has handled it, stored by
/// partition of the gateways (`partitions`).
pub fn device_stream(shared: &Shared, partitions: u32) -> stream::Config {
    let topics = &shared.topics;
    let (source, destination) = topics.partition_transform(partitions);
    stream::Config {
        name: shared.streams.bucket("DEVICE"),
        subjects: vec![
            topics.channel_wildcard(Channel::Telemetry),
            topics.channel_wildcard(Channel::Heartbeat),
            topics.channel_wildcard(Channel::Event),
        ],
        storage: stream::StorageType::File,
        // Kept while a consumer (the bridge's) has not acknowledged it: the stream holds
        // only the backlog. (A work queue would do the same but demands a per-message
        // acknowledgement; the bridge acknowledges a whole chunk at once.)
        retention: stream::RetentionPolicy::Interest,
        max_age: Duration::from_secs(24 * 3600),
        // A backlog of a day of 1,000 gateways at a sample a minute is under 1 GiB; when
        // the bridge is away longer than its limits allow, the oldest readings go first.
        max_bytes: DEVICE_STREAM_MAX_BYTES,
        discard: stream::DiscardPolicy::Old,
        duplicate_window: Duration::from_secs(120),
        subject_transform: Some(stream::SubjectTransform { source, destination }),
        ..Default::default()
    }
}

/// Runs one lane until `shutdown` (or, for a lane of an old layout, until its consumer is
/// emptied and deleted), reconnecting after any error.
pub async fn run(shared: Arc<Shared>, lane: Arc<Lane>, shutdown: CancellationToken) -> anyhow::Result<()> {
    loop {
        // What was decided but not acknowledged comes again after an interruption: start
        // from the stored states each time, so it is decided the same way.
        let state = async {
            loop {
                match IngestState::load(&shared, lane.scope).await {
                    Ok(state) => return state,
                    Err(err) => {
                        tracing::warn!(error = %err, "condition states not readable yet");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
            }
        };
        let mut state = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            state = state => state,
        };
        let result = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            result = session(&shared, &lane, &mut state, &shutdown) => result,
        };
        match result {
            Ok(()) => return Ok(()),
            Err(err) => {
                tracing::warn!(error = %err, "ingest interrupted; resuming");
                tokio::select! {
                    _ = shutdown.cancelled() => return Ok(()),
                    _ = tokio::time::sleep(Duration::from_millis(200)) => {}
                }
            }
        }
    }
}

/// How long a draining lane waits for more before it checks whether its consumer is empty.
const DRAIN_IDLE: Duration = Duration::from_millis(500);
/// How long one pull request waits at the server: also how long a pull left behind by an
/// ended session (this bridge's or a previous holder's) can still be handed messages.
const PULL_EXPIRES: Duration = Duration::from_secs(10);

/// Waits until no pull request of an earlier session is pending at the server (at most one
/// pull's expiry): messages handed to one would be decided beside this session's, out of
/// order and with a state of their own.
async fn wait_for_other_pulls(
    consumer: &mut consumer::Consumer<consumer::pull::Config>,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let deadline = tokio::time::Instant::now() + PULL_EXPIRES + Duration::from_secs(2);
    while consumer.info().await?.num_waiting > 0 && tokio::time::Instant::now() < deadline {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = tokio::time::sleep(Duration::from_millis(200)) => {}
        }
    }
    Ok(())
}

async fn session(
    shared: &Shared,
    lane: &Lane,
    state: &mut IngestState,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    // The consumers are made with the layout (`partitions::ensure_layout`); one that is gone
    // was emptied and deleted by whoever held it.
    let device = shared.js.get_stream(shared.streams.bucket("DEVICE")).await?;
    let Ok(mut consumer) = device.get_consumer::<consumer::pull::Config>(&lane.consumer).await else {
        if lane.is_draining() {
            return Ok(());
        }
        anyhow::bail!("consumer {} not found", lane.consumer);
    };
    let filter = consumer.cached_info().config.filter_subject.clone();
    wait_for_other_pulls(&mut consumer, shutdown).await?;
    replay_in_flight(shared, state, &mut consumer, &filter, shutdown).await?;
    let batch = shared.fetch_batch;
    let messages = consumer
        .stream()
        .max_messages_per_batch(batch)
        .expires(PULL_EXPIRES)
        .heartbeat(Duration::from_secs(5))
        .messages()
        .await?;
    let mut chunks = messages.ready_chunks(batch);
    loop {
        let chunk = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            chunk = chunks.next() => chunk,
            // An old layout's consumer gets nothing new: once it holds nothing, it goes.
            _ = tokio::time::sleep(DRAIN_IDLE), if lane.is_draining() => {
                let info = consumer.info().await?;
                if info.num_pending == 0 && info.num_ack_pending == 0 {
                    device.delete_consumer(&lane.consumer).await?;
                    tracing::info!(consumer = %lane.consumer, "an old layout's consumer emptied and deleted");
                    return Ok(());
                }
                continue;
            }
        };
        let Some(chunk) = chunk else { anyhow::bail!("device stream ended") };
        let mut messages = Vec::with_capacity(chunk.len());
        for message in chunk {
            messages.push(message.map_err(|err| anyhow::anyhow!("device stream: {err}"))?);
        }
        let incoming: Vec<Incoming> = messages
            .iter()
            .map(|m| {
                let info = m.info().ok();
                Incoming {
                    subject: m.subject.as_str(),
                    payload: &m.payload,
                    seq: info.as_ref().map_or(0, |info| info.stream_sequence),
                    stored_ms: info.map_or(0, |info| (info.published.unix_timestamp_nanos() / 1_000_000) as i64),
                }
            })
            .collect();
        // Nor decide (and store states) for a partition that may be another bridge's now.
        if !lane.lease.held() {
            anyhow::bail!("the lease of {} ran out; the chunk is left to its next holder", lane.consumer);
        }
        let started = std::time::Instant::now();
        handle_chunk(shared, state, &incoming, shutdown).await?;
        metrics::histogram!("lumiscape_bridge_chunk_messages").record(messages.len() as f64);
        metrics::histogram!("lumiscape_bridge_chunk_seconds", "phase" => "all").record(started.elapsed().as_secs_f64());
        // Acknowledging covers everything delivered before: never once the partition may
        // have passed to another bridge, which may be deciding those messages now.
        if !lane.lease.held() {
            anyhow::bail!("the lease of {} ran out; the chunk is left to its next holder", lane.consumer);
        }
        if let Some(last) = messages.last() {
            last.ack().await.map_err(|err| anyhow::anyhow!("ack: {err}"))?;
        }
        metrics::counter!("lumiscape_bridge_messages_total").increment(messages.len() as u64);
    }
}

/// One device message as the stream holds it.
struct Incoming<'a> {
    subject: &'a str,
    payload: &'a [u8],
    /// Its sequence number in the device stream.
    seq: u64,
    /// When the stream stored it (Unix ms): when the platform heard the gateway, however
    /// late the bridge gets to the message.
    stored_ms: i64,
}

/// Decides again, in stream order, the messages a previous run was given but did not
/// acknowledge (it crashed or lost its connection). The server would redeliver them only
/// after the ack wait, behind newer ones, and a gateway's samples must be decided in order.
/// They are read straight from the stream; the next chunk's acknowledgement (which
/// acknowledges everything before it) covers them.
async fn replay_in_flight(
    shared: &Shared,
    state: &mut IngestState,
    consumer: &mut consumer::Consumer<consumer::pull::Config>,
    filter: &str,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let info = consumer.info().await?;
    let (floor, delivered) = (info.ack_floor.stream_sequence, info.delivered.stream_sequence);
    if info.num_ack_pending == 0 || delivered <= floor {
        return Ok(());
    }
    tracing::info!(from = floor + 1, to = delivered, "replaying unacknowledged device messages in order");
    let stream = shared.js.get_stream(&info.stream_name).await?;
    let mut held = Vec::new();
    for seq in floor + 1..=delivered {
        match stream.get_raw_message(seq).await {
            // The stream interleaves every partition: only this consumer's are its to decide.
            Ok(message) if subject_matches(filter, &message.subject) => {
                let stored_ms = (message.time.unix_timestamp_nanos() / 1_000_000) as i64;
                held.push((message.subject.to_string(), message.payload, seq, stored_ms))
            }
            Ok(_) => {}
            // Gone already (acknowledged by a chunk, or expired): nothing to decide.
            Err(err) => tracing::debug!(seq, error = %err, "in-flight message not in the stream"),
        }
    }
    for part in held.chunks(shared.fetch_batch) {
        let incoming: Vec<Incoming> = part
            .iter()
            .map(|(subject, payload, seq, stored_ms)| Incoming { subject, payload, seq: *seq, stored_ms: *stored_ms })
            .collect();
        handle_chunk(shared, state, &incoming, shutdown).await?;
    }
    Ok(())
}

/// Whether `subject` matches a consumer's filter (`*` one token, `>` the rest; empty: all).
fn subject_matches(filter: &str, subject: &str) -> bool {
    if filter.is_empty() {
        return true;
    }
    let mut subject = subject.split('.');
    for token in filter.split('.') {
        match (token, subject.next()) {
            (">", Some(_)) => return true,
            ("*", Some(_)) => {}
            (wanted, Some(got)) if wanted == got => {}
            _ => return false,
        }
    }
    subject.next().is_none()
}

/// What the ingest loop remembers between chunks.
pub struct IngestState {
    /// Non-idle condition states by key `c.{serial}.{loop}.{alarm type}`.
    conditions: HashMap<String, CondState>,
    /// Recently handled sequence numbers per gateway.
    recent: HashMap<String, VecDeque<u64>>,
    /// Device time of the newest sample decided per gateway.
    newest: HashMap<String, i64>,
}

impl IngestState {
    /// The stored condition states of the scope's gateways (`c.{serial}.…`), and their
    /// presence handed to the bridge's presence (`p.{serial}`): what a bridge that takes a
    /// partition over goes on from.
    async fn load(shared: &Shared, scope: Scope) -> anyhow::Result<Self> {
        let mut conditions = HashMap::new();
        for (key, value) in super::buckets::load(&shared.state).await? {
            let serial = key.get(2..).and_then(|rest| rest.split('.').next()).unwrap_or_default();
            if !scope.holds(serial) {
                continue;
            }
            if key.starts_with("p.") {
                shared.presence.restore(serial, &String::from_utf8_lossy(&value));
            } else if key.starts_with("c.") {
                match serde_json::from_slice::<CondState>(&value) {
                    Ok(cond) => {
                        conditions.insert(key, cond);
                    }
                    Err(err) => tracing::warn!(%key, error = %err, "unreadable condition state dropped"),
                }
            }
        }
        tracing::debug!(?scope, conditions = conditions.len(), "condition states loaded");
        Ok(Self { conditions, recent: HashMap::new(), newest: HashMap::new() })
    }

    /// Whether `seq` of `serial` was handled lately; remembers it if not.
    fn is_repeat(&mut self, serial: &str, seq: u64) -> bool {
        // Looked up before inserting: the serial is copied once per gateway, not per message.
        if !self.recent.contains_key(serial) {
            self.recent.insert(serial.to_owned(), VecDeque::with_capacity(RECENT_SEQS));
        }
        let Some(recent) = self.recent.get_mut(serial) else { return false };
        if recent.contains(&seq) {
            return true;
        }
        if recent.len() == RECENT_SEQS {
            recent.pop_front();
        }
        recent.push_back(seq);
        false
    }
}

/// What one chunk produces.
#[derive(Default)]
struct Outputs {
    samples: Vec<ev::TelemetrySample>,
    statuses: Vec<StatusChange>,
    events: Vec<ev::DeviceEventReported>,
    transitions: Vec<ev::AlarmTransition>,
    /// The communication records of the chunk's messages.
    comms: Vec<ev::CommunicationRecord>,
    /// Condition keys changed by this chunk: `Some` stored (idle ones too, with the time they
    /// became idle), `None` deleted.
    changed: HashMap<String, Option<CondState>>,
}

async fn handle_chunk(
    shared: &Shared,
    state: &mut IngestState,
    messages: &[Incoming<'_>],
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let rules = shared.rules_by_project();
    let now_ms = chrono::Utc::now().timestamp_millis();
    let mut out = Outputs::default();
    let first_seq = messages.first().map_or(0, |m| m.seq);
    let last_seq = messages.last().map_or(0, |m| m.seq);
    for message in messages {
        let heard_ms = if message.stored_ms > 0 { message.stored_ms.min(now_ms) } else { now_ms };
        let uplink = match shared.topics.decode_uplink(message.subject, message.payload) {
            Ok(uplink) => uplink,
            Err(err) => {
                shared.reject(message.subject, &err);
                // Recorded when the subject names a registered gateway: a refusal is its.
                let registered = shared.topics.parse_subject(message.subject).ok().and_then(|(serial, channel)| {
                    Some((shared.gateways.get(&super::buckets::gateway_key(serial.as_str()))?, channel))
                });
                if let Some((gateway, channel)) = registered {
                    let refused = comms::Entry {
                        outcome: comms::Outcome::Refused,
                        reason: err.to_string(),
                        channel,
                        ..record_of(&gateway, message, heard_ms)
                    };
                    out.comms.push(refused.record());
                }
                continue;
            }
        };
        let seq = uplink.message_id().map_or(0, |id| id.seq);
        let reason = match uplink.channel() {
            Channel::Heartbeat => "heartbeat",
            Channel::Telemetry => "telemetry",
            _ => "event",
        };
        // Only registered gateways are tracked: a stream of made-up serials costs a counter,
        // not memory.
        let Some(gateway) = shared.gateways.get(&super::buckets::gateway_key(uplink.serial().as_str())) else {
            metrics::counter!("lumiscape_bridge_unregistered_total").increment(1);
            continue;
        };
        // The registry's key is the serial: the registration's own is the same, and borrowed.
        let serial = gateway.serial.as_str();
        let device_time_ms = uplink.device_time().timestamp_millis();
        let entry = || comms::Entry {
            channel: uplink.channel(),
            message_seq: seq,
            device_time_ms,
            ..record_of(&gateway, message, heard_ms)
        };
        if let Some(change) = shared.presence.seen(serial, seq, reason, heard_ms, now_ms) {
            out.statuses.push(change);
        }
        if uplink.channel() != Channel::Heartbeat && state.is_repeat(serial, seq) {
            metrics::counter!("lumiscape_bridge_duplicates_total").increment(1);
            out.comms.push(comms::Entry { outcome: comms::Outcome::Duplicate, ..entry() }.record());
            continue;
        }
        out.comms.push(entry().record());
        match uplink {
            Uplink::Telemetry(telemetry) => {
                // A sample older than one already decided (a gateway's backlog after a
                // reconnection) is stored, but decides nothing: it must not raise an alarm
                // for a moment that has passed.
                let at_ms = telemetry.device_time.timestamp_millis();
                let is_newest = state.newest.get(serial).is_none_or(|newest| at_ms > *newest);
                if is_newest {
                    match state.newest.get_mut(serial) {
                        Some(newest) => *newest = at_ms,
                        None => {
                            state.newest.insert(serial.to_owned(), at_ms);
                        }
                    }
                    let project_rules = rules.get(&gateway.project_id).map(Vec::as_slice).unwrap_or_default();
                    evaluate(state, &mut out, &gateway, project_rules, &telemetry);
                } else {
                    metrics::counter!("lumiscape_bridge_late_samples_total").increment(1);
                }
                out.samples.push(sample(&gateway, &telemetry, now_ms));
            }
            Uplink::Event(event) => {
                let (kind, loop_index) = match event.kind {
                    EventKind::PowerLoss => ("power_loss", 0),
                    EventKind::DoorOpen => ("door_open", 0),
                    EventKind::ContactorFault { index } => ("contactor_fault", u32::from(index.get())),
                };
                let project_rules = rules.get(&gateway.project_id).map(Vec::as_slice).unwrap_or_default();
                evaluate_event(state, &mut out, &gateway, project_rules, &event, seq);
                out.events.push(ev::DeviceEventReported {
                    serial: serial.to_owned(),
                    gateway_id: gateway.gateway_id,
                    project_id: gateway.project_id,
                    seq,
                    device_time_ms: event.device_time.timestamp_millis(),
                    kind: kind.into(),
                    loop_index,
                    active: event.active,
                });
            }
            Uplink::Heartbeat(_) | Uplink::Ack(_) => {}
        }
    }
    let decided = std::time::Instant::now();
    publish_all(shared, &mut out, &format!("{first_seq}-{last_seq}"), shutdown).await?;
    let published = std::time::Instant::now();
    store_states(shared, &out.changed, shutdown).await?;
    metrics::histogram!("lumiscape_bridge_chunk_seconds", "phase" => "publish")
        .record((published - decided).as_secs_f64());
    metrics::histogram!("lumiscape_bridge_chunk_seconds", "phase" => "states")
        .record(published.elapsed().as_secs_f64());
    for (key, cond) in out.changed {
        match cond {
            Some(cond) => state.conditions.insert(key, cond),
            None => state.conditions.remove(&key),
        };
    }
    Ok(())
}

fn sample(gateway: &ev::GatewayRegistration, telemetry: &Telemetry, now_ms: i64) -> ev::TelemetrySample {
    ev::TelemetrySample {
        serial: gateway.serial.clone(),
        gateway_id: gateway.gateway_id,
        project_id: gateway.project_id,
        seq: telemetry.id.seq,
        device_time_ms: telemetry.device_time.timestamp_millis(),
        signal_dbm: i32::from(telemetry.gateway.signal_dbm),
        temperature_c: telemetry.gateway.temperature_c,
        firmware: telemetry.gateway.firmware.as_str().to_owned(),
        loops: telemetry.loops.iter().map(ev::LoopSample::from).collect(),
        received_at_ms: now_ms,
    }
}

/// Runs every rule of the gateway's project over one sample.
fn evaluate(
    state: &IngestState,
    out: &mut Outputs,
    gateway: &ev::GatewayRegistration,
    rules: &[Arc<Rule>],
    telemetry: &Telemetry,
) {
    let at = At { ms: telemetry.device_time.timestamp_millis(), seq: telemetry.id.seq };
    let serial = gateway.serial.as_str();
    // One buffer for every rule and loop of the sample: a key is copied only when it changes.
    let mut key = String::with_capacity(serial.len() + 24);
    for rule in rules {
        if rule.trigger.attribute.is_event() {
            // An event rule waiting out a duration (an event active, or ended, for less than
            // it must be) is decided again at every sample's time: the event is as it was
            // last reported.
            let loops: Vec<u8> = if rule.trigger.attribute.is_loop() {
                telemetry.loops.iter().map(|l| l.index.get()).collect()
            } else {
                vec![0]
            };
            for loop_index in loops {
                condition_key(&mut key, serial, loop_index, rule.alarm_type_id);
                let active = match current(state, out, &key).map(|c| &c.phase) {
                    Some(Phase::Pending { .. }) => 1.0,
                    Some(Phase::Recovering { .. }) => 0.0,
                    _ => continue,
                };
                apply(state, out, gateway, rule, &key, loop_index, (active, Some(active)), at);
            }
            continue;
        }
        for (loop_index, trigger_value, recovery_value) in rule.readings(telemetry) {
            condition_key(&mut key, serial, loop_index, rule.alarm_type_id);
            apply(state, out, gateway, rule, &key, loop_index, (trigger_value, recovery_value), at);
        }
    }
}

/// A device event against the project's rules on its kind: 1 while active, 0 once ended.
fn evaluate_event(
    state: &IngestState,
    out: &mut Outputs,
    gateway: &ev::GatewayRegistration,
    rules: &[Arc<Rule>],
    event: &DeviceEvent,
    seq: u64,
) {
    let (attribute, loop_index) = match event.kind {
        EventKind::PowerLoss => (Attribute::PowerLoss, 0),
        EventKind::DoorOpen => (Attribute::DoorOpen, 0),
        EventKind::ContactorFault { index } => (Attribute::ContactorFault, index.get()),
    };
    let at = At { ms: event.device_time.timestamp_millis(), seq };
    let value = if event.active { 1.0 } else { 0.0 };
    let mut key = String::new();
    for rule in rules.iter().filter(|r| r.trigger.attribute == attribute) {
        condition_key(&mut key, &gateway.serial, loop_index, rule.alarm_type_id);
        apply(state, out, gateway, rule, &key, loop_index, (value, Some(value)), at);
    }
}

/// The device time and sequence number of the message deciding.
#[derive(Debug, Clone, Copy)]
struct At {
    ms: i64,
    seq: u64,
}

/// `c.{serial}.{loop}.{alarm type}`, the key of a condition's state, written into `key`.
fn condition_key(key: &mut String, serial: &str, loop_index: u8, alarm_type_id: i64) {
    key.clear();
    let _ = write!(key, "c.{serial}.{loop_index}.{alarm_type_id}");
}

/// A condition's state as this chunk has left it so far.
fn current<'a>(state: &'a IngestState, out: &'a Outputs, key: &str) -> Option<&'a CondState> {
    match out.changed.get(key) {
        Some(changed) => changed.as_ref(),
        None => state.conditions.get(key),
    }
}

/// Decides one reading (`values`: the trigger's and the recovery's) of one rule and records
/// what it changed: the state, and a transition to publish.
#[allow(clippy::too_many_arguments)]
fn apply(
    state: &IngestState,
    out: &mut Outputs,
    gateway: &ev::GatewayRegistration,
    rule: &Rule,
    key: &str,
    loop_index: u8,
    (trigger_value, recovery_value): (f64, Option<f64>),
    at: At,
) {
    let serial = gateway.serial.as_str();
    let decision =
        decide(rule, current(state, out, key), serial, loop_index, trigger_value, recovery_value, at.ms, at.seq);
    let transition = |id: String, raise_id: String, raised: bool, value: f64| ev::AlarmTransition {
        transition_id: id,
        raise_transition_id: raise_id,
        alarm_type_id: rule.alarm_type_id,
        project_id: gateway.project_id,
        serial: serial.to_owned(),
        gateway_id: gateway.gateway_id,
        gateway_name: gateway.name.clone(),
        loop_index: u32::from(loop_index),
        raised,
        at_ms: at.ms,
        value,
        attribute: rule.trigger.attribute.into(),
        sample_time_ms: at.ms,
    };
    match decision {
        Decision::Unchanged => {}
        Decision::Moved(next) => {
            out.changed.insert(key.to_owned(), next);
        }
        Decision::Raise { id, state: next } => {
            out.transitions.push(transition(id, String::new(), true, trigger_value));
            out.changed.insert(key.to_owned(), Some(next));
        }
        Decision::Recover { id, raise_id, state: next } => {
            let value = recovery_value.unwrap_or(trigger_value);
            out.transitions.push(transition(id, raise_id, false, value));
            out.changed.insert(key.to_owned(), Some(next));
        }
    }
}

/// The record of a message of the device stream: an accepted uplink until said otherwise,
/// keyed by its place in the stream, so a redelivered chunk records it again under the same key.
fn record_of<'a>(gateway: &'a ev::GatewayRegistration, message: &'a Incoming<'_>, heard_ms: i64) -> comms::Entry<'a> {
    comms::Entry {
        gateway,
        direction: comms::Direction::Up,
        channel: Channel::Telemetry,
        outcome: comms::Outcome::Accepted,
        reason: String::new(),
        message_seq: 0,
        correlation_id: "",
        device_time_ms: 0,
        at_ms: heard_ms,
        payload: message.payload,
        record_key: format!("s{}", message.seq),
    }
}

/// One message to publish: subject, message id, payload, and the span it begins a trace in
/// (an alarm transition: the trace goes on through the alarm row to the live push).
type Outgoing = (String, String, Vec<u8>, Option<tracing::Span>);

/// The span an alarm transition is published in: the root of its trace.
fn transition_span(transition: &ev::AlarmTransition, subject: &str) -> tracing::Span {
    let span = tracing::info_span!(
        "transition",
        otel.name = if transition.raised { "bridge alarm raised" } else { "bridge alarm recovered" },
        otel.kind = "producer",
        messaging.system = "nats",
        messaging.destination.name = subject,
        alarm.transition = transition.transition_id.as_str(),
        gateway.serial = transition.serial.as_str(),
        trace_id = tracing::field::Empty,
    );
    lumiscape_common::trace::begin_trace(&span);
    span
}

fn outgoing(shared: &Shared, out: &mut Outputs, chunk_id: &str) -> Vec<Outgoing> {
    let mut list = Vec::new();
    let telemetry_subject = shared.streams.subject("bridge.telemetry");
    let mut batch = ev::TelemetryBatch::default();
    let mut part = 0;
    let mut flush = |batch: &mut ev::TelemetryBatch, list: &mut Vec<Outgoing>| {
        if !batch.samples.is_empty() {
            batch.batch_id = format!("{chunk_id}.{part}");
            part += 1;
            list.push((telemetry_subject.clone(), batch.batch_id.clone(), batch.encode_to_vec(), None));
            batch.samples.clear();
        }
    };
    let mut size = 0;
    // Moved into their batches: the samples are published once, and only encoded.
    for sample in std::mem::take(&mut out.samples) {
        // Each repeated field costs its length, a tag and a length prefix (at most 1 + 4).
        let sample_size = sample.encoded_len() + 5;
        if size + sample_size > MAX_BATCH_BYTES {
            flush(&mut batch, &mut list);
            size = 0;
        }
        size += sample_size;
        batch.samples.push(sample);
    }
    flush(&mut batch, &mut list);
    for change in &out.statuses {
        let Some(gateway) = shared.gateways.get(&super::buckets::gateway_key(&change.serial)) else { continue };
        list.push((
            shared.streams.subject("bridge.gateway.status"),
            change.message_id(),
            status_event(&gateway, change),
            None,
        ));
    }
    for event in &out.events {
        let id = format!("{}-{}", event.serial, event.seq);
        list.push((shared.streams.subject("bridge.device.event"), id, event.encode_to_vec(), None));
    }
    let comm_subject = shared.streams.subject("bridge.communication");
    for (part, batch) in comms::batches(std::mem::take(&mut out.comms), MAX_BATCH_BYTES).into_iter().enumerate() {
        list.push((comm_subject.clone(), format!("{chunk_id}.comm.{part}"), comms::deflated(&batch), None));
    }
    for transition in &out.transitions {
        let kind = if transition.raised { "raised" } else { "recovered" };
        let subject = shared.streams.subject(&format!("bridge.alarm.{kind}"));
        let span = lumiscape_common::trace::active().then(|| transition_span(transition, &subject));
        list.push((subject, transition.transition_id.clone(), transition.encode_to_vec(), span));
    }
    list
}

pub fn status_event(gateway: &ev::GatewayRegistration, change: &StatusChange) -> Vec<u8> {
    ev::GatewayStatusChanged {
        serial: change.serial.clone(),
        gateway_id: gateway.gateway_id,
        project_id: gateway.project_id,
        online: change.online,
        at_ms: change.at_ms,
        reason: change.reason.into(),
    }
    .encode_to_vec()
}

/// Publishes a chunk's outputs and waits for the server to have every one; retries the
/// whole set after a failure (the message ids make the repeats no-ops).
async fn publish_all(
    shared: &Shared,
    out: &mut Outputs,
    chunk_id: &str,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let list = outgoing(shared, out, chunk_id);
    if list.is_empty() && out.statuses.is_empty() {
        return Ok(());
    }
    let mut pause = Duration::from_millis(100);
    loop {
        match publish_once(shared, &list).await {
            Ok(()) => break,
            Err(err) => {
                tracing::warn!(error = %err, "publishing a chunk's events failed; retrying");
                tokio::select! {
                    _ = shutdown.cancelled() => anyhow::bail!("shut down while publishing"),
                    _ = tokio::time::sleep(pause) => {}
                }
                pause = (pause * 2).min(Duration::from_secs(2));
            }
        }
    }
    for change in &out.statuses {
        super::store_presence(shared, change).await?;
    }
    metrics::counter!("lumiscape_bridge_transitions_total").increment(out.transitions.len() as u64);
    Ok(())
}

async fn publish_once(shared: &Shared, list: &[Outgoing]) -> anyhow::Result<()> {
    let mut acks = Vec::with_capacity(list.len());
    for (subject, id, payload, span) in list {
        let mut headers = lumiscape_common::nats::event_headers(id, subject);
        if let Some(traceparent) = span.as_ref().and_then(lumiscape_common::trace::traceparent_of_span) {
            lumiscape_common::trace::insert_traceparent(&mut headers, &traceparent);
        }
        let ack = shared.js.publish_with_headers(subject.clone(), headers, payload.clone().into()).await?;
        acks.push(ack);
    }
    for ack in acks {
        ack.await?;
    }
    Ok(())
}

/// Stores the changed condition states (puts and deletes side by side).
async fn store_states(
    shared: &Shared,
    changed: &HashMap<String, Option<CondState>>,
    shutdown: &CancellationToken,
) -> anyhow::Result<()> {
    let mut pending: HashSet<&String> = changed.keys().collect();
    let mut pause = Duration::from_millis(100);
    while !pending.is_empty() {
        let writes = pending.iter().map(|key| async move {
            let result = match &changed[*key] {
                Some(cond) => shared.state.put(key.as_str(), serde_json::to_vec(cond)?.into()).await.map(|_| ()),
                None => return shared.state.delete(key.as_str()).await.map_err(anyhow::Error::from).map(|_| *key),
            };
            result.map_err(anyhow::Error::from).map(|_| *key)
        });
        let results = futures::future::join_all(writes).await;
        for result in results {
            match result {
                Ok(key) => {
                    pending.remove(key);
                }
                Err(err) => tracing::warn!(error = %err, "storing a condition state failed; retrying"),
            }
        }
        if !pending.is_empty() {
            tokio::select! {
                _ = shutdown.cancelled() => anyhow::bail!("shut down while storing states"),
                _ = tokio::time::sleep(pause) => {}
            }
            pause = (pause * 2).min(Duration::from_secs(2));
        }
    }
    Ok(())
}
