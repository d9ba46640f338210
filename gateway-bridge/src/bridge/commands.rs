//! The command relay: the lighting service asks over gRPC, the bridge sends the command on
//! the gateway's `cmd` subject and answers with the gateway's acknowledgement (matched by
//! correlation id), fails at once when the gateway is offline, and times out when no
//! acknowledgement comes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::lighting;
use lumiscape_common::{Error, ErrorCode, StatusExt};
use lumiscape_proto::bridge::v1 as pb;
use lumiscape_proto::bridge::v1::bridge_service_server::BridgeService;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;
use tonic::{Request, Response, Status};

use super::{Shared, comms};
use crate::protocol::{
    Ack, AckResult, Channel, Command, CommandRequest, CorrelationId, FirmwareVersion, GatewayParams, GatewaySerial,
    LoopIndex, MAX_LEVEL, Schedule, ScheduleId, ScheduleLoop, ScheduleStep, Uplink, encode_command,
};

/// Longest wait a caller may ask for.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(30);
/// Who may send which command.
/// Who may switch: real-time control and one-key control.
const CONTROL_PERMISSIONS: &[&str] = &[lighting::control::EDIT, lighting::one_key::EDIT];
/// Who may give a gateway its schedule: issuing tasks.
const SCHEDULE_PERMISSIONS: &[&str] = &[lighting::task::ISSUE];
/// Who may read a gateway's loops now.
const READ_PERMISSIONS: &[&str] = &[lighting::control::QUERY, lighting::control::EDIT, lighting::gateway::QUERY];
/// Who may upgrade a gateway's firmware: the gateway upgrade screen.
const UPGRADE_PERMISSIONS: &[&str] = &[lighting::upgrade::EDIT];
/// Who may set a gateway's operating parameters: the gateways screen's parameter setting.
const PARAMS_PERMISSIONS: &[&str] = &[lighting::gateway::PARAMS];

/// Commands waiting for their acknowledgement, by the gateway they went to and their
/// correlation id: an acknowledgement counts only from the gateway the command was sent to,
/// so one gateway can never answer for another even if it learnt a correlation id.
#[derive(Default)]
pub struct Waiting(Mutex<HashMap<(String, String), oneshot::Sender<Ack>>>);

impl Waiting {
    fn key(serial: &GatewaySerial, id: &CorrelationId) -> (String, String) {
        (serial.as_str().to_owned(), id.as_str().to_owned())
    }

    fn insert(&self, serial: &GatewaySerial, id: &CorrelationId) -> oneshot::Receiver<Ack> {
        let (tx, rx) = oneshot::channel();
        self.0.lock().expect("waiting lock").insert(Self::key(serial, id), tx);
        rx
    }

    fn remove(&self, serial: &GatewaySerial, id: &CorrelationId) {
        self.0.lock().expect("waiting lock").remove(&Self::key(serial, id));
    }

    /// Hands an acknowledgement to its command; false when nobody here waits for it from
    /// that gateway (it timed out, another bridge replica sent it, or another gateway
    /// answered).
    fn deliver(&self, ack: Ack) -> bool {
        let waiter = self.0.lock().expect("waiting lock").remove(&Self::key(&ack.serial, &ack.correlation_id));
        waiter.is_some_and(|tx| tx.send(ack).is_ok())
    }
}

/// Removes a command from the waiting table when its call ends, however it ends.
struct Forget<'a> {
    waiting: &'a Waiting,
    serial: &'a GatewaySerial,
    id: &'a CorrelationId,
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        self.waiting.remove(self.serial, self.id);
    }
}

/// Listens to every gateway's `ack` subject and hands each acknowledgement to its command.
pub async fn route_acks(shared: Arc<Shared>, shutdown: CancellationToken) -> anyhow::Result<()> {
    let subject = shared.topics.channel_wildcard(Channel::Ack);
    let mut acks = shared.nats.subscribe(subject).await?;
    loop {
        let message = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            message = acks.next() => message,
        };
        let Some(message) = message else { anyhow::bail!("ack subscription ended") };
        let decoded = shared.topics.decode_uplink(&message.subject, &message.payload);
        record_ack(&shared, &message.subject, &message.payload, &decoded);
        match decoded {
            Ok(Uplink::Ack(ack)) => {
                if !shared.waiting.deliver(ack) {
                    tracing::debug!(subject = %message.subject, "acknowledgement nobody here waits for");
                }
            }
            Ok(_) => {}
            Err(err) => shared.reject(&message.subject, &err),
        }
    }
}

/// Records an acknowledgement of a registered gateway, answered in time or late, or refused.
/// Every bridge hears every acknowledgement: the record's time is the gateway's (so each
/// bridge writes the same record, kept once), or, refused, the bridge's.
fn record_ack(
    shared: &Shared,
    subject: &str,
    payload: &[u8],
    decoded: &Result<Uplink, crate::protocol::ProtocolError>,
) {
    let Ok((serial, _)) = shared.topics.parse_subject(subject) else { return };
    let Some(gateway) = shared.gateways.get(&super::buckets::gateway_key(serial.as_str())) else { return };
    let now_ms = chrono::Utc::now().timestamp_millis();
    let (outcome, reason, correlation_id, device_time_ms) = match decoded {
        Ok(Uplink::Ack(ack)) => {
            (comms::Outcome::Accepted, String::new(), ack.correlation_id.as_str(), ack.device_time.timestamp_millis())
        }
        Ok(_) => return,
        Err(err) => (comms::Outcome::Refused, err.to_string(), "", now_ms),
    };
    let record_key = if correlation_id.is_empty() {
        format!("x{}", uuid::Uuid::new_v4().simple())
    } else {
        format!("a{correlation_id}")
    };
    let entry = comms::Entry {
        gateway: &gateway,
        direction: comms::Direction::Up,
        channel: Channel::Ack,
        outcome,
        reason,
        message_seq: 0,
        correlation_id,
        device_time_ms: if outcome == comms::Outcome::Refused { 0 } else { device_time_ms },
        at_ms: device_time_ms,
        payload,
        record_key,
    };
    shared.comms.record(entry.record());
}

pub struct BridgeApi {
    shared: Arc<Shared>,
}

impl BridgeApi {
    pub fn new(shared: Arc<Shared>) -> Self {
        Self { shared }
    }
}

/// The permissions a command needs: reading for a read, issuing tasks for a schedule, the
/// upgrade screen's for firmware, the parameter setting's for parameters, switching for
/// anything else (an empty command is refused as a bad request once the caller is known).
fn required(command: Option<&pb::send_command_request::Command>) -> &'static [&'static str] {
    match command {
        Some(pb::send_command_request::Command::ReadState(_)) => READ_PERMISSIONS,
        Some(pb::send_command_request::Command::SetSchedule(_)) => SCHEDULE_PERMISSIONS,
        Some(
            pb::send_command_request::Command::FirmwareBegin(_)
            | pb::send_command_request::Command::FirmwareChunk(_)
            | pb::send_command_request::Command::FirmwareCommit(_),
        ) => UPGRADE_PERMISSIONS,
        Some(pb::send_command_request::Command::SetParams(_)) => PARAMS_PERMISSIONS,
        _ => CONTROL_PERMISSIONS,
    }
}

#[tonic::async_trait]
impl BridgeService for BridgeApi {
    async fn send_command(
        &self,
        request: Request<pb::SendCommandRequest>,
    ) -> Result<Response<pb::SendCommandResponse>, Status> {
        let needed = required(request.get_ref().command.as_ref());
        let access = authorize_global(&self.shared.auth, &request, needed).await?;
        self.send_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_presence(
        &self,
        request: Request<pb::GetPresenceRequest>,
    ) -> Result<Response<pb::GetPresenceResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.presence_of(&access, &request.get_ref().serials).await.reply(access.lang())
    }
}

impl BridgeApi {
    async fn send_inner(
        &self,
        access: &Access,
        body: &pb::SendCommandRequest,
    ) -> Result<pb::SendCommandResponse, Error> {
        let (serial, command) = command_of(body)?;
        let project = access.ctx.project_id.filter(|p| access.caller.may_access_project(*p));
        self.shared.check_project(&serial, project)?;
        self.shared.send(&serial, command, timeout_of(body, self.shared.command_timeout)).await
    }

    /// Presence as this bridge sees it; for a gateway of another bridge's partition, as that
    /// bridge stored it (online or not; when it was last heard of is that bridge's: 0).
    async fn presence_of(&self, access: &Access, serials: &[String]) -> Result<pb::GetPresenceResponse, Error> {
        let project = access.ctx.project_id.filter(|p| access.caller.may_access_project(*p));
        let project = project.ok_or_else(|| Error::forbidden(Msg::ProjectForbidden))?;
        let now = chrono::Utc::now().timestamp_millis();
        let mut gateways = Vec::new();
        for serial in serials {
            let in_project =
                self.shared.gateways.get(&super::buckets::gateway_key(serial)).is_some_and(|g| g.project_id == project);
            if !in_project {
                continue;
            }
            let (online, last_seen_ms) = match self.shared.presence.status(serial) {
                Some((online, ago)) => (online, now - i64::try_from(ago).unwrap_or(0)),
                None => (self.shared.is_online(serial).await, 0),
            };
            gateways.push(pb::Presence { serial: serial.clone(), online, last_seen_ms });
        }
        Ok(pb::GetPresenceResponse { gateways })
    }
}

/// The gateway and the command a request names; a bad request when either is not one.
fn command_of(body: &pb::SendCommandRequest) -> Result<(GatewaySerial, Command), Error> {
    let bad_request = || Error::bad_request(Msg::BadRequest);
    let serial = GatewaySerial::new(body.serial.clone()).map_err(|_| bad_request())?;
    let command = match &body.command {
        Some(pb::send_command_request::Command::SetLoop(set)) => {
            let index = LoopIndex::new(u64::from(set.index)).map_err(|_| bad_request())?;
            let until = match set.until_ms {
                0 => None,
                ms => Some(chrono::DateTime::from_timestamp_millis(ms).ok_or_else(bad_request)?),
            };
            let level = match (set.on, set.level) {
                (false, 0) => 0,
                (false, _) => return Err(bad_request()),
                (true, 0) => MAX_LEVEL,
                (true, level) => u8::try_from(level).ok().filter(|l| *l <= MAX_LEVEL).ok_or_else(bad_request)?,
            };
            Command::SetLoop { index, level, until }
        }
        Some(pb::send_command_request::Command::SetSchedule(set)) => {
            Command::SetSchedule(schedule_of(set).ok_or_else(bad_request)?)
        }
        Some(pb::send_command_request::Command::ReadState(_)) => Command::ReadState,
        Some(pb::send_command_request::Command::SetTime(set)) => {
            let time = chrono::DateTime::from_timestamp_millis(set.time_ms).ok_or_else(bad_request)?;
            Command::SetTime { time }
        }
        // Sizes and lengths out of the protocol's limits are refused by the codec, as a bad
        // request too, before anything is sent.
        Some(pb::send_command_request::Command::FirmwareBegin(begin)) => Command::FirmwareBegin {
            version: FirmwareVersion::new(begin.version.clone()).map_err(|_| bad_request())?,
            size: begin.size,
            sha256: <[u8; 32]>::try_from(begin.sha256.as_slice()).map_err(|_| bad_request())?,
            chunk_size: begin.chunk_size,
        },
        Some(pb::send_command_request::Command::FirmwareChunk(chunk)) => {
            Command::FirmwareChunk { index: chunk.index, data: chunk.data.clone(), crc32: chunk.crc32 }
        }
        Some(pb::send_command_request::Command::FirmwareCommit(_)) => Command::FirmwareCommit,
        // 0 leaves a parameter as it is, and a request must set one; values out of the
        // protocol's ranges are refused by the codec, as a bad request too.
        Some(pb::send_command_request::Command::SetParams(set)) => {
            let seconds = |value: u32| (value > 0).then(|| Duration::from_secs(u64::from(value)));
            let params = GatewayParams { heartbeat: seconds(set.heartbeat_s), telemetry: seconds(set.telemetry_s) };
            if params == GatewayParams::default() {
                return Err(bad_request());
            }
            Command::SetParams(params)
        }
        None => return Err(bad_request()),
    };
    Ok((serial, command))
}

/// How long a request waits for the gateway: its own wish up to [`MAX_TIMEOUT`], else the
/// bridge's default.
fn timeout_of(body: &pb::SendCommandRequest, default: Duration) -> Duration {
    match body.timeout_ms {
        0 => default,
        ms => Duration::from_millis(u64::from(ms)).min(MAX_TIMEOUT),
    }
}

/// The services' relay (`proto/lumiscape/bridge/v1/bridge.proto`, `RelayCommandRequest`):
/// answers requests on `{prefix}.relay.command` in the queue group `bridge-relay`, so each
/// is carried out by one bridge, each on a task of its own, until `shutdown`.
pub async fn serve_relay(shared: Arc<Shared>, shutdown: CancellationToken) -> anyhow::Result<()> {
    let subject = shared.streams.subject(RELAY_SUBJECT);
    let mut requests = shared.nats.queue_subscribe(subject, "bridge-relay".into()).await?;
    loop {
        let message = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            message = requests.next() => message,
        };
        let Some(message) = message else { anyhow::bail!("relay subscription ended") };
        let Some(reply) = message.reply.clone() else { continue };
        let shared = shared.clone();
        tokio::spawn(async move {
            let answer = relay(&shared, &message.payload).await;
            if let Err(err) = shared.nats.publish(reply, prost::Message::encode_to_vec(&answer).into()).await {
                tracing::warn!(error = %err, "relay answer not sent");
            }
        });
    }
}

/// The subject of the services' relay, after the deployment's prefix.
pub const RELAY_SUBJECT: &str = "relay.command";

async fn relay(shared: &Shared, payload: &[u8]) -> pb::RelayCommandResponse {
    let failed = |failure: pb::RelayFailure| pb::RelayCommandResponse { failure: failure.into(), answer: None };
    let Ok(request) = <pb::RelayCommandRequest as prost::Message>::decode(payload) else {
        return failed(pb::RelayFailure::Invalid);
    };
    let Some(body) = request.command.as_ref() else { return failed(pb::RelayFailure::Invalid) };
    let checked = command_of(body).and_then(|(serial, command)| {
        shared.check_project(&serial, Some(request.project_id))?;
        Ok((serial, command))
    });
    let Ok((serial, command)) = checked else { return failed(pb::RelayFailure::Invalid) };
    match shared.send(&serial, command, timeout_of(body, shared.command_timeout)).await {
        Ok(answer) => pb::RelayCommandResponse { failure: pb::RelayFailure::Unspecified.into(), answer: Some(answer) },
        Err(err) => failed(match err.code {
            ErrorCode::FailedPrecondition => pb::RelayFailure::Offline,
            ErrorCode::Timeout => pb::RelayFailure::Timeout,
            ErrorCode::BadRequest => pb::RelayFailure::Invalid,
            _ => pb::RelayFailure::Unavailable,
        }),
    }
}

/// The protocol's schedule from the relay's message; `None` when a value cannot be one (the
/// codec checks the rest before anything is sent).
fn schedule_of(set: &pb::SetSchedule) -> Option<Schedule> {
    let time = chrono::DateTime::from_timestamp_millis;
    let loops = set
        .loops
        .iter()
        .map(|l| {
            let steps = l
                .steps
                .iter()
                .map(|s| Some(ScheduleStep { offset_s: s.offset_s, level: u8::try_from(s.level).ok()? }))
                .collect::<Option<Vec<_>>>()?;
            Some(ScheduleLoop { index: LoopIndex::new(u64::from(l.index)).ok()?, steps })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Schedule {
        id: ScheduleId::new(set.schedule_id.clone()).ok()?,
        from: time(set.from_ms)?,
        until: time(set.until_ms)?,
        loops,
    })
}

impl Shared {
    /// Refuses a gateway not registered, or not of `project` (none when the caller may not
    /// use the project it selected).
    fn check_project(&self, serial: &GatewaySerial, project: Option<i64>) -> Result<(), Error> {
        let gateway = self
            .gateways
            .get(&super::buckets::gateway_key(serial.as_str()))
            .ok_or_else(|| Error::not_found(Msg::NotFound))?;
        if project != Some(gateway.project_id) {
            return Err(Error::forbidden(Msg::ProjectForbidden));
        }
        Ok(())
    }

    /// Sends a command and waits for its acknowledgement.
    pub async fn send(
        &self,
        serial: &GatewaySerial,
        command: Command,
        timeout: Duration,
    ) -> Result<pb::SendCommandResponse, Error> {
        if !self.is_online(serial.as_str()).await {
            return Err(Error::refused(Msg::DeviceOffline));
        }
        let id = CorrelationId::new(uuid::Uuid::new_v4().simple().to_string()).map_err(Error::internal)?;
        let begins_firmware = matches!(command, Command::FirmwareBegin { .. });
        let request = CommandRequest { correlation_id: id.clone(), issued_at: chrono::Utc::now(), command };
        // A command the protocol refuses (a schedule out of its limits, a chunk too large) is
        // the caller's error.
        let payload = encode_command(&request).map_err(|err| {
            tracing::warn!(gateway = %serial, error = %err, "command refused by the protocol");
            Error::bad_request(Msg::BadRequest)
        })?;
        let waiter = self.waiting.insert(serial, &id);
        // Whatever ends this call (an answer, a timeout, the caller going away), the entry
        // goes with it.
        let _forget = Forget { waiting: &self.waiting, serial, id: &id };
        let started = Instant::now();
        let subject = self.topics.subject(serial, Channel::Command);
        let record = self.gateways.get(&super::buckets::gateway_key(serial.as_str())).map(|gateway| {
            comms::Entry {
                gateway: &gateway,
                direction: comms::Direction::Down,
                channel: Channel::Command,
                outcome: comms::Outcome::Sent,
                reason: String::new(),
                message_seq: 0,
                correlation_id: id.as_str(),
                device_time_ms: 0,
                at_ms: request.issued_at.timestamp_millis(),
                payload: &payload,
                record_key: format!("c{}", id.as_str()),
            }
            .record()
        });
        if let Err(err) = self.nats.publish(subject, payload.into()).await {
            return Err(Error::unavailable(err));
        }
        if let Some(record) = record {
            self.comms.record(record);
        }
        let ack = match tokio::time::timeout(timeout, waiter).await {
            Ok(Ok(ack)) => ack,
            Ok(Err(_)) | Err(_) => {
                metrics::counter!("lumiscape_bridge_command_timeouts_total").increment(1);
                return Err(Error::new(ErrorCode::Timeout, Msg::CommandTimeout { seconds: timeout.as_secs().max(1) }));
            }
        };
        let elapsed_ms = u32::try_from(started.elapsed().as_millis()).unwrap_or(u32::MAX);
        let (ok, error) = match ack.result {
            AckResult::Ok => (true, String::new()),
            AckResult::Error(reason) => (false, reason),
        };
        Ok(pb::SendCommandResponse {
            ok,
            error,
            correlation_id: id.as_str().to_owned(),
            loops: ack.loops.iter().map(pb::LoopState::from).collect(),
            elapsed_ms,
            device_time_ms: ack.device_time.timestamp_millis(),
            // Only fw_begin's answer has one; none is passed on from any other answer.
            next_chunk: if begins_firmware { ack.next_chunk } else { None },
        })
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::protocol::{AckResult, CorrelationId, GatewaySerial};

    fn ack(serial: &str, id: &str) -> Ack {
        Ack {
            serial: GatewaySerial::new(serial.to_owned()).unwrap(),
            correlation_id: CorrelationId::new(id.to_owned()).unwrap(),
            device_time: Utc::now(),
            result: AckResult::Ok,
            loops: Vec::new(),
            next_chunk: None,
        }
    }

    fn request_of(command: pb::send_command_request::Command) -> pb::SendCommandRequest {
        pb::SendCommandRequest { serial: "GW-1".into(), command: Some(command), timeout_ms: 0 }
    }

    #[test]
    fn firmware_requests_become_protocol_commands_or_bad_requests() {
        use pb::send_command_request::Command as Sent;
        let begin = |version: &str, sha256: Vec<u8>| {
            request_of(Sent::FirmwareBegin(pb::FirmwareBegin {
                version: version.into(),
                size: 40,
                sha256,
                chunk_size: 32,
            }))
        };
        let (_, command) = command_of(&begin("2.5.0", vec![7; 32])).unwrap();
        let expected = Command::FirmwareBegin {
            version: FirmwareVersion::new("2.5.0").unwrap(),
            size: 40,
            sha256: [7; 32],
            chunk_size: 32,
        };
        assert_eq!(command, expected);
        for bad in [begin("2.5.0", vec![7; 31]), begin("2.5.0", Vec::new()), begin("2 5", vec![7; 32])] {
            assert_eq!(command_of(&bad).unwrap_err().code, ErrorCode::BadRequest);
        }
        let chunk = request_of(Sent::FirmwareChunk(pb::FirmwareChunk { index: 1, data: vec![1, 2], crc32: 9 }));
        assert_eq!(command_of(&chunk).unwrap().1, Command::FirmwareChunk { index: 1, data: vec![1, 2], crc32: 9 });
        let commit = request_of(Sent::FirmwareCommit(pb::FirmwareCommit {}));
        assert_eq!(command_of(&commit).unwrap().1, Command::FirmwareCommit);
        assert_eq!(required(Some(&Sent::FirmwareCommit(pb::FirmwareCommit {}))), UPGRADE_PERMISSIONS);
    }

    #[test]
    fn param_requests_become_protocol_commands_or_bad_requests() {
        use pb::send_command_request::Command as Sent;
        let set = |heartbeat_s, telemetry_s| request_of(Sent::SetParams(pb::SetParams { heartbeat_s, telemetry_s }));
        let params = |heartbeat: Option<u64>, telemetry: Option<u64>| {
            Command::SetParams(GatewayParams {
                heartbeat: heartbeat.map(Duration::from_secs),
                telemetry: telemetry.map(Duration::from_secs),
            })
        };
        assert_eq!(command_of(&set(10, 60)).unwrap().1, params(Some(10), Some(60)));
        assert_eq!(command_of(&set(30, 0)).unwrap().1, params(Some(30), None), "0 leaves it as it is");
        assert_eq!(command_of(&set(0, 3600)).unwrap().1, params(None, Some(3600)));
        assert_eq!(command_of(&set(0, 0)).unwrap_err().code, ErrorCode::BadRequest, "nothing to set");
        // Out of range: refused by the codec before anything is sent, as a bad request.
        for (heartbeat_s, telemetry_s) in [(31, 60), (9, 0), (0, 9), (30, 3601), (u32::MAX, 0)] {
            let (_, command) = command_of(&set(heartbeat_s, telemetry_s)).unwrap();
            let request =
                CommandRequest { correlation_id: CorrelationId::new("c-1").unwrap(), issued_at: Utc::now(), command };
            assert!(encode_command(&request).is_err(), "{heartbeat_s} s, {telemetry_s} s");
        }
        let sent = Sent::SetParams(pb::SetParams { heartbeat_s: 30, telemetry_s: 0 });
        assert_eq!(required(Some(&sent)), PARAMS_PERMISSIONS);
        assert_eq!(PARAMS_PERMISSIONS, &["pc:lighting:gateway:params"]);
    }

    #[test]
    fn an_acknowledgement_counts_only_from_the_gateway_the_command_went_to() {
        let waiting = Waiting::default();
        let target = GatewaySerial::new("GW-1".to_owned()).unwrap();
        let id = CorrelationId::new("abc123".to_owned()).unwrap();
        let mut receiver = waiting.insert(&target, &id);
        assert!(!waiting.deliver(ack("GW-2", "abc123")), "another gateway cannot answer for GW-1");
        assert!(receiver.try_recv().is_err());
        assert!(waiting.deliver(ack("GW-1", "abc123")));
        assert_eq!(receiver.try_recv().unwrap().serial.as_str(), "GW-1");
        assert!(!waiting.deliver(ack("GW-1", "abc123")), "a second answer finds nobody waiting");
    }
}
