//! The gateway-bridge's command relay as lighting calls it: the caller's request context
//! (token, project, language) is forwarded, so the bridge authenticates the same caller and
//! answers in the same language.

use std::time::Duration;

use lumiscape_common::error::MSG_KEY_METADATA;
use lumiscape_common::grpc::RequestContext;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, ErrorCode, Lang};
use lumiscape_proto::bridge::v1 as pb;
use lumiscape_proto::bridge::v1::bridge_service_client::BridgeServiceClient;
use tonic::transport::{Channel, Endpoint};

use crate::schedule::issue::CompiledSchedule;
use crate::telemetry::model::Reading;

/// Time given to the bridge beyond the command timeout before lighting stops waiting.
const TRANSPORT_GRACE: Duration = Duration::from_secs(2);

/// A command for one gateway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    SetLoop {
        index: u32,
        /// 0 off, 1-100 on at that brightness.
        level: u8,
        /// Under a schedule, the latest the switch holds (`docs/device-protocol.md`, 6.1);
        /// `None` holds until the schedule's next step.
        until: Option<chrono::DateTime<chrono::Utc>>,
    },
    ReadState,
    /// Keep and follow this schedule (`docs/device-protocol.md`, 6.1).
    SetSchedule(CompiledSchedule),
    /// Apply these operating parameters, in seconds; `None` leaves one as it is
    /// (`docs/device-protocol.md`, 6.3).
    SetParams {
        heartbeat_s: Option<u32>,
        telemetry_s: Option<u32>,
    },
}

/// The gateway's acknowledgement of a command it carried out.
#[derive(Debug, Clone, PartialEq)]
pub struct Ack {
    pub correlation_id: String,
    pub elapsed_ms: u32,
    pub readings: Vec<Reading>,
    /// The gateway's clock when it answered: the readings' time, as for its telemetry.
    pub device_time: Option<chrono::DateTime<chrono::Utc>>,
    /// In the answer to `fw_begin`: the first chunk the gateway still needs.
    pub next_chunk: Option<u32>,
}

/// Why a command did not succeed.
#[derive(Debug)]
pub enum CommandFailure {
    /// The gateway is offline (in lighting's projection or the bridge's own view).
    Offline,
    /// No acknowledgement came in time; the outcome is unknown.
    Timeout,
    /// The gateway answered with an error of its own.
    Rejected(String),
    /// The bridge refused the call with a message already in the caller's language.
    Relayed(tonic::Status),
    /// The bridge could not be asked (unreachable) or failed.
    Failed(Error),
}

impl CommandFailure {
    /// The one-key result word for it.
    pub fn result(&self) -> &'static str {
        match self {
            Self::Offline => "offline",
            Self::Timeout => "timeout",
            Self::Rejected(_) | Self::Relayed(_) | Self::Failed(_) => "error",
        }
    }

    /// The message a user reads, in `lang`.
    pub fn message(self, lang: Lang, timeout: Duration) -> String {
        match self {
            Self::Relayed(status) => status.message().to_owned(),
            other => {
                let err = other.into_error(timeout);
                if let Some(source) = &err.source {
                    tracing::warn!(error = %source, "command failed");
                }
                err.msg.text(lang)
            }
        }
    }

    /// The message a user reads, in `lang`, without consuming the failure (for the audit).
    pub fn describe(&self, lang: Lang, timeout: Duration) -> String {
        match self {
            Self::Offline => Msg::DeviceOffline.text(lang),
            Self::Timeout => Msg::CommandTimeout { seconds: timeout.as_secs().max(1) }.text(lang),
            Self::Rejected(reason) => Msg::DeviceRejected { reason: reason.clone() }.text(lang),
            Self::Relayed(status) => status.message().to_owned(),
            Self::Failed(err) => err.msg.text(lang),
        }
    }

    /// The error a user reads: a device's refusal is a business refusal, not a fault.
    pub fn into_error(self, timeout: Duration) -> Error {
        match self {
            Self::Offline => Error::refused(Msg::DeviceOffline),
            Self::Timeout => Error::new(ErrorCode::Timeout, Msg::CommandTimeout { seconds: timeout.as_secs().max(1) }),
            Self::Rejected(reason) => Error::refused(Msg::DeviceRejected { reason }),
            Self::Relayed(status) => Error::from_status(status),
            Self::Failed(err) => err,
        }
    }

    /// What a failed call to the bridge means.
    fn from_status(status: tonic::Status) -> Self {
        match status.code() {
            tonic::Code::FailedPrecondition => Self::Offline,
            tonic::Code::DeadlineExceeded => Self::Timeout,
            _ if status.metadata().contains_key(MSG_KEY_METADATA) => Self::Relayed(status),
            tonic::Code::Unavailable => {
                Self::Failed(Error::unavailable(anyhow::anyhow!("bridge unavailable: {status}")))
            }
            _ => Self::Failed(Error::internal(anyhow::anyhow!("bridge call failed: {status}"))),
        }
    }
}

/// A client of the bridge's command relay.
#[derive(Clone)]
pub struct Bridge {
    channel: Channel,
    command_timeout: Duration,
}

impl Bridge {
    /// A lazily connected client of the bridge at `url`; commands wait `command_timeout`
    /// for the gateway (the bridge's own default).
    pub fn new(url: &str, command_timeout: Duration) -> anyhow::Result<Self> {
        let channel = Endpoint::from_shared(url.to_owned())?
            .connect_timeout(Duration::from_secs(3))
            .tcp_nodelay(true)
            .http2_keep_alive_interval(Duration::from_secs(30))
            .connect_lazy();
        Ok(Self { channel, command_timeout })
    }

    pub fn command_timeout(&self) -> Duration {
        self.command_timeout
    }

    /// Sends a command to the gateway `serial` on behalf of the caller of `ctx` and waits
    /// for its acknowledgement.
    pub async fn send(&self, ctx: &RequestContext, serial: &str, command: Command) -> Result<Ack, CommandFailure> {
        let request = request_of(serial, command);
        let mut client = BridgeServiceClient::new(self.channel.clone());
        let call = client.send_command(ctx.request(request));
        let answer = match tokio::time::timeout(self.command_timeout + TRANSPORT_GRACE, call).await {
            Ok(Ok(answer)) => answer.into_inner(),
            Ok(Err(status)) => return Err(CommandFailure::from_status(status)),
            Err(_) => return Err(CommandFailure::Timeout),
        };
        ack_of(answer)
    }
}

/// The relay's request for `command` to the gateway `serial` (the bridge's default timeout).
pub fn request_of(serial: &str, command: Command) -> pb::SendCommandRequest {
    let command = match command {
        Command::SetLoop { index, level, until } => pb::send_command_request::Command::SetLoop(pb::SetLoop {
            index,
            on: level > 0,
            // Full brightness as the protocol's default.
            level: if level >= 100 { 0 } else { u32::from(level) },
            until_ms: until.map_or(0, |at| at.timestamp_millis()),
        }),
        Command::ReadState => pb::send_command_request::Command::ReadState(pb::ReadState {}),
        Command::SetSchedule(schedule) => pb::send_command_request::Command::SetSchedule(pb::SetSchedule {
            schedule_id: schedule.id,
            from_ms: schedule.from.timestamp_millis(),
            until_ms: schedule.until.timestamp_millis(),
            loops: schedule
                .loops
                .into_iter()
                .map(|l| pb::ScheduleLoop {
                    index: l.index,
                    steps: l
                        .steps
                        .into_iter()
                        .map(|(offset_s, level)| pb::ScheduleStep { offset_s, level: u32::from(level) })
                        .collect(),
                })
                .collect(),
        }),
        Command::SetParams { heartbeat_s, telemetry_s } => {
            pb::send_command_request::Command::SetParams(pb::SetParams {
                heartbeat_s: heartbeat_s.unwrap_or(0),
                telemetry_s: telemetry_s.unwrap_or(0),
            })
        }
    };
    pb::SendCommandRequest { serial: serial.to_owned(), command: Some(command), timeout_ms: 0 }
}

pub(crate) fn ack_of(answer: pb::SendCommandResponse) -> Result<Ack, CommandFailure> {
    if !answer.ok {
        return Err(CommandFailure::Rejected(answer.error));
    }
    let readings = answer
        .loops
        .iter()
        .filter_map(|l| Reading::new(l.index, l.on, l.voltage_v, l.current_a, l.active_power_w, l.energy_kwh))
        .collect();
    let device_time =
        chrono::DateTime::from_timestamp_millis(answer.device_time_ms).filter(|_| answer.device_time_ms > 0);
    Ok(Ack {
        correlation_id: answer.correlation_id,
        elapsed_ms: answer.elapsed_ms,
        readings,
        device_time,
        next_chunk: answer.next_chunk,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn localized(code: tonic::Code) -> tonic::Status {
        let mut status = tonic::Status::new(code, "资源不存在");
        status.metadata_mut().insert(MSG_KEY_METADATA, tonic::metadata::MetadataValue::from_static("not.found"));
        status
    }

    #[test]
    fn bridge_answers_become_the_failures_users_read() {
        let timeout = Duration::from_secs(5);
        let offline = CommandFailure::from_status(localized(tonic::Code::FailedPrecondition));
        assert_eq!(offline.result(), "offline");
        assert_eq!(offline.message(Lang::En, timeout), "Device offline, cannot operate.");
        let late = CommandFailure::from_status(tonic::Status::deadline_exceeded("late"));
        assert_eq!(late.result(), "timeout");
        let status = late.into_error(timeout).into_status(Lang::En);
        assert_eq!(status.code(), tonic::Code::DeadlineExceeded);
        assert!(status.message().contains("5 s"), "{}", status.message());
        let relayed = CommandFailure::from_status(localized(tonic::Code::NotFound));
        assert_eq!(relayed.into_error(timeout).into_status(Lang::Zh).message(), "资源不存在");
        let down = CommandFailure::from_status(tonic::Status::unavailable("connection refused 10.0.0.9"));
        let status = down.into_error(timeout).into_status(Lang::En);
        assert_eq!(status.code(), tonic::Code::Unavailable);
        assert!(!status.message().contains("10.0.0.9"));
    }

    #[test]
    fn a_refusal_by_the_gateway_carries_its_reason() {
        let answer = pb::SendCommandResponse { ok: false, error: "contactor stuck".into(), ..Default::default() };
        let failure = ack_of(answer).unwrap_err();
        assert_eq!(failure.result(), "error");
        let status = failure.into_error(Duration::from_secs(5)).into_status(Lang::En);
        assert_eq!(status.code(), tonic::Code::FailedPrecondition);
        assert_eq!(status.message(), "The device refused the command: contactor stuck");
    }

    #[test]
    fn acknowledged_readings_are_checked() {
        let state = |index, voltage_v| pb::LoopState { index, on: true, voltage_v, ..Default::default() };
        let answer = pb::SendCommandResponse {
            ok: true,
            correlation_id: "c1".into(),
            elapsed_ms: 12,
            loops: vec![state(1, 220.0), state(0, 220.0), state(2, f64::INFINITY)],
            ..Default::default()
        };
        let ack = ack_of(answer).unwrap();
        assert_eq!(ack.correlation_id, "c1");
        assert_eq!(ack.readings.len(), 1);
        assert_eq!(ack.readings[0].index, 1);
    }
}
