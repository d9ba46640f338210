//! The bridge's relay for the platform's own commands (the plan executor's): a NATS request
//! on `{prefix}.relay.command`, answered by one bridge, trusted by the services' NATS account
//! instead of a user's token (`proto/lumiscape/bridge/v1/bridge.proto`, `RelayCommandRequest`).

use std::time::Duration;

use lumiscape_proto::bridge::v1 as pb;
use prost::Message;

use super::bridge::{Ack, CommandFailure, ack_of};

/// The subject of the relay, after the deployment's prefix (the bridge's `RELAY_SUBJECT`).
const RELAY_SUBJECT: &str = "relay.command";
/// Time given beyond the command timeout before the request is given up.
const TRANSPORT_GRACE: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub struct Relay {
    nats: async_nats::Client,
    subject: String,
    command_timeout: Duration,
}

impl Relay {
    pub fn new(nats: async_nats::Client, streams: &lumiscape_common::nats::Streams, command_timeout: Duration) -> Self {
        Self { nats, subject: streams.subject(RELAY_SUBJECT), command_timeout }
    }

    pub fn command_timeout(&self) -> Duration {
        self.command_timeout
    }

    /// Sends `request` (a command of the project's gateway) and waits for its acknowledgement.
    pub async fn send(&self, project_id: i64, request: pb::SendCommandRequest) -> Result<Ack, CommandFailure> {
        let body = pb::RelayCommandRequest { project_id, command: Some(request) };
        let asked = async_nats::Request::new()
            .payload(body.encode_to_vec().into())
            .timeout(Some(self.command_timeout + TRANSPORT_GRACE));
        let answer = match self.nats.send_request(self.subject.clone(), asked).await {
            Ok(answer) => answer,
            Err(err) if err.kind() == async_nats::RequestErrorKind::TimedOut => return Err(CommandFailure::Timeout),
            Err(err) => {
                return Err(CommandFailure::Failed(lumiscape_common::Error::unavailable(anyhow::anyhow!(
                    "bridge relay: {err}"
                ))));
            }
        };
        let answer = pb::RelayCommandResponse::decode(answer.payload)
            .map_err(|err| CommandFailure::Failed(lumiscape_common::Error::internal(err)))?;
        match answer.failure() {
            pb::RelayFailure::Unspecified => ack_of(answer.answer.unwrap_or_default()),
            pb::RelayFailure::Offline => Err(CommandFailure::Offline),
            pb::RelayFailure::Timeout => Err(CommandFailure::Timeout),
            pb::RelayFailure::Invalid => Err(CommandFailure::Rejected("invalid command".into())),
            pb::RelayFailure::Unavailable => Err(CommandFailure::Failed(lumiscape_common::Error::unavailable(
                anyhow::anyhow!("the bridge could not send the command"),
            ))),
        }
    }
}
