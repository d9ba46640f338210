//! Where messages travel: the channels and the subject scheme `{prefix}.dev.{serial}.{channel}`
//! (NATS) and `{prefix}/dev/{serial}/{channel}` (MQTT). The scheme is the same on both sides
//! because NATS's MQTT listener maps one onto the other, so the platform never needs to know
//! which way a gateway connected. A message's subject says which gateway sent it; decoding
//! checks that the payload agrees.

use std::fmt;
use std::str::FromStr;

use super::codec::decode_uplink;
use super::error::{ProtocolError, invalid};
use super::ids::{GatewaySerial, check_token, is_token_char};
use super::messages::Uplink;

/// Longest subject prefix.
pub const MAX_PREFIX_LEN: usize = 64;

/// The first token after the prefix of every device subject.
const DEVICE_ROOT: &str = "dev";
/// The first token after the prefix of a device message as the device stream stores it,
/// partitioned: `{prefix}.devp.{partitions}.{partition}.{serial}.{channel}` (the stream's
/// subject transform writes it; no gateway may publish there).
const STORED_ROOT: &str = "devp";

/// The partition of a gateway among `partitions`: FNV-1a (32 bits) of its serial modulo
/// `partitions`, exactly as NATS's `{{partition(n,1)}}` subject transform computes it, so the
/// bridge knows which gateways a partition holds without asking the server
/// (`the_partition_of_a_serial_is_the_servers` in the bridge's tests checks it against one).
pub fn partition_of(serial: &str, partitions: u32) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in serial.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash % partitions.max(1)
}

/// What a message is, which is also the last token of its subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    /// Gateway to platform: "I am alive".
    Heartbeat,
    /// Gateway to platform: periodic readings.
    Telemetry,
    /// Gateway to platform: something happened (power loss, door open, contactor fault).
    Event,
    /// Platform to gateway: a command.
    Command,
    /// Gateway to platform: the answer to a command.
    Ack,
}

impl Channel {
    pub const ALL: [Channel; 5] =
        [Channel::Heartbeat, Channel::Telemetry, Channel::Event, Channel::Command, Channel::Ack];

    /// The subject token (and MQTT topic level).
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Heartbeat => "heartbeat",
            Channel::Telemetry => "telemetry",
            Channel::Event => "event",
            Channel::Command => "cmd",
            Channel::Ack => "ack",
        }
    }

    /// Whether the gateway sends on this channel.
    pub fn is_uplink(self) -> bool {
        !matches!(self, Channel::Command)
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Channel {
    type Err = ProtocolError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Channel::ALL
            .into_iter()
            .find(|channel| channel.as_str() == s)
            .ok_or_else(|| invalid("channel", format!("{s:?} is not one of heartbeat, telemetry, event, cmd, ack")))
    }
}

/// The subjects (NATS) and topics (MQTT) of one deployment: `{prefix}.dev.{serial}.{channel}`
/// and `{prefix}/dev/{serial}/{channel}`, which NATS's MQTT listener maps onto each other.
/// With an empty prefix the leading token is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topics {
    prefix: String,
}

impl Topics {
    /// `prefix` is empty or 1 to 64 characters of `[A-Za-z0-9_-]` (one subject token).
    pub fn new(prefix: &str) -> Result<Self, ProtocolError> {
        if !prefix.is_empty() {
            check_token("prefix", prefix, MAX_PREFIX_LEN, is_token_char)?;
        }
        Ok(Self { prefix: prefix.to_owned() })
    }

    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    fn join(&self, separator: char, serial: &str, channel: &str) -> String {
        if self.prefix.is_empty() {
            format!("{DEVICE_ROOT}{separator}{serial}{separator}{channel}")
        } else {
            format!("{}{separator}{DEVICE_ROOT}{separator}{serial}{separator}{channel}", self.prefix)
        }
    }

    /// The NATS subject of one gateway's channel.
    pub fn subject(&self, serial: &GatewaySerial, channel: Channel) -> String {
        self.join('.', serial.as_str(), channel.as_str())
    }

    /// The MQTT topic of one gateway's channel.
    pub fn mqtt_topic(&self, serial: &GatewaySerial, channel: Channel) -> String {
        self.join('/', serial.as_str(), channel.as_str())
    }

    /// The NATS subject matching one channel of every gateway (`{prefix}.dev.*.telemetry`).
    pub fn channel_wildcard(&self, channel: Channel) -> String {
        self.join('.', "*", channel.as_str())
    }

    /// The NATS subject matching every channel of every gateway (`{prefix}.dev.*.*`).
    pub fn all_wildcard(&self) -> String {
        self.join('.', "*", "*")
    }

    /// The device stream's subject transform for `partitions` partitions: (source,
    /// destination). `{prefix}.dev.GW-1.telemetry` is stored as
    /// `{prefix}.devp.4.1.GW-1.telemetry` when GW-1 falls in partition 1 of 4.
    pub fn partition_transform(&self, partitions: u32) -> (String, String) {
        let source = self.all_wildcard();
        let root = self.rooted(STORED_ROOT);
        (
            source,
            format!("{root}.{partitions}.{{{{partition({partitions},1)}}}}.{{{{wildcard(1)}}}}.{{{{wildcard(2)}}}}"),
        )
    }

    /// The stored subjects of one partition (a consumer's filter).
    pub fn partition_filter(&self, partitions: u32, partition: u32) -> String {
        format!("{}.{partitions}.{partition}.>", self.rooted(STORED_ROOT))
    }

    /// The partition count a device stream's transform destination names, if it is ours.
    pub fn partitions_of_transform(&self, destination: &str) -> Option<u32> {
        let rest = destination.strip_prefix(&self.rooted(STORED_ROOT))?.strip_prefix('.')?;
        rest.split('.').next()?.parse().ok().filter(|n| *n > 0)
    }

    fn rooted(&self, root: &str) -> String {
        if self.prefix.is_empty() { root.to_owned() } else { format!("{}.{root}", self.prefix) }
    }

    /// Splits a device subject into its gateway and channel. Accepts the subject a gateway
    /// publishes on and the partitioned one the device stream stores it under.
    pub fn parse_subject(&self, subject: &str) -> Result<(GatewaySerial, Channel), ProtocolError> {
        let refuse = |reason: &str| ProtocolError::Subject { subject: subject.to_owned(), reason: reason.to_owned() };
        let rest = if self.prefix.is_empty() {
            subject
        } else {
            subject
                .strip_prefix(self.prefix.as_str())
                .and_then(|rest| rest.strip_prefix('.'))
                .ok_or_else(|| refuse("it does not start with the deployment's prefix"))?
        };
        let tail = match rest.strip_prefix(STORED_ROOT).and_then(|rest| rest.strip_prefix('.')) {
            Some(stored) => {
                let mut tokens = stored.splitn(3, '.');
                match (tokens.next(), tokens.next(), tokens.next()) {
                    (Some(partitions), Some(partition), Some(tail))
                        if partitions.parse::<u32>().is_ok() && partition.parse::<u32>().is_ok() =>
                    {
                        tail
                    }
                    _ => return Err(refuse("expected {prefix}.devp.{partitions}.{partition}.{serial}.{channel}")),
                }
            }
            None => rest
                .strip_prefix(DEVICE_ROOT)
                .and_then(|rest| rest.strip_prefix('.'))
                .ok_or_else(|| refuse("the token after the prefix is not \"dev\""))?,
        };
        let mut tokens = tail.split('.');
        let (Some(serial), Some(channel), None) = (tokens.next(), tokens.next(), tokens.next()) else {
            return Err(refuse("expected {prefix}.dev.{serial}.{channel}"));
        };
        let serial = GatewaySerial::new(serial).map_err(|err| refuse(&err.to_string()))?;
        let channel = channel.parse::<Channel>().map_err(|err| refuse(&err.to_string()))?;
        Ok((serial, channel))
    }

    /// Decodes a message received on `subject`: parses the subject, decodes the payload for
    /// its channel and checks that the payload's serial is the subject's.
    pub fn decode_uplink(&self, subject: &str, payload: &[u8]) -> Result<Uplink, ProtocolError> {
        let (serial, channel) = self.parse_subject(subject)?;
        let uplink = decode_uplink(channel, payload)?;
        if uplink.serial() != &serial {
            return Err(ProtocolError::SerialMismatch {
                in_payload: uplink.serial().to_string(),
                in_subject: serial.to_string(),
            });
        }
        Ok(uplink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::codec::encode_uplink;
    use crate::protocol::fixtures::*;

    /// A gateway's NATS credential names these channels (`common::nats_auth`): uplinks to
    /// publish, the command channel to subscribe to.
    #[test]
    fn credentials_name_the_protocols_channels() {
        let uplinks: Vec<&str> = Channel::ALL.iter().filter(|c| c.is_uplink()).map(|c| c.as_str()).collect();
        assert_eq!(uplinks, lumiscape_common::nats_auth::DEVICE_UPLINK);
        assert_eq!(Channel::Command.as_str(), lumiscape_common::nats_auth::DEVICE_COMMAND);
        let topics = Topics::new("p").unwrap();
        let serial = GatewaySerial::new("GW-1").unwrap();
        for channel in Channel::ALL {
            assert_eq!(
                topics.subject(&serial, channel),
                lumiscape_common::nats_auth::device_subject("p", "GW-1", channel.as_str())
            );
        }
    }
    use proptest::prelude::*;

    #[test]
    fn subjects_and_topics_follow_the_scheme() {
        let topics = Topics::new("acme").unwrap();
        assert_eq!(topics.subject(&serial(), Channel::Telemetry), "acme.dev.GW-0001.telemetry");
        assert_eq!(topics.mqtt_topic(&serial(), Channel::Command), "acme/dev/GW-0001/cmd");
        assert_eq!(topics.channel_wildcard(Channel::Ack), "acme.dev.*.ack");
        assert_eq!(topics.all_wildcard(), "acme.dev.*.*");
        assert_eq!(topics.parse_subject("acme.dev.GW-0001.event").unwrap(), (serial(), Channel::Event));
        for bad in [
            "dev.GW-0001.event",
            "acme.dev.GW-0001",
            "acme.dev.GW-0001.event.x",
            "acme.app.GW-0001.ack",
            "acme.dev.GW-0001.alarm",
            "acmex.dev.a.ack",
        ] {
            assert!(topics.parse_subject(bad).is_err(), "{bad}");
        }
        // As the device stream stores them: partitioned.
        assert_eq!(topics.parse_subject("acme.devp.4.1.GW-0001.event").unwrap(), (serial(), Channel::Event));
        for bad in ["acme.devp.4.GW-0001.event", "acme.devp.x.1.GW-0001.event", "acme.devp.4.1.GW-0001", "acme.devp"] {
            assert!(topics.parse_subject(bad).is_err(), "{bad}");
        }
        assert_eq!(
            topics.partition_transform(4),
            ("acme.dev.*.*".to_owned(), "acme.devp.4.{{partition(4,1)}}.{{wildcard(1)}}.{{wildcard(2)}}".to_owned())
        );
        assert_eq!(topics.partition_filter(4, 3), "acme.devp.4.3.>");
        assert_eq!(topics.partitions_of_transform(&topics.partition_transform(6).1), Some(6));
        assert_eq!(topics.partitions_of_transform("other.devp.6.x"), None);
        let bare = Topics::new("").unwrap();
        assert_eq!(bare.partition_filter(2, 0), "devp.2.0.>");
        assert_eq!(bare.parse_subject("devp.2.0.GW-0001.cmd").unwrap(), (serial(), Channel::Command));
        assert_eq!(bare.subject(&serial(), Channel::Heartbeat), "dev.GW-0001.heartbeat");
        assert_eq!(bare.mqtt_topic(&serial(), Channel::Ack), "dev/GW-0001/ack");
        assert_eq!(bare.parse_subject("dev.GW-0001.cmd").unwrap(), (serial(), Channel::Command));
        assert!(Topics::new("a.b").is_err());
        assert!(Topics::new("a/b").is_err());
        assert!(Topics::new(&"p".repeat(MAX_PREFIX_LEN + 1)).is_err());
    }

    #[test]
    fn the_subjects_serial_must_be_the_payloads() {
        let topics = Topics::new("acme").unwrap();
        let bytes = encode_uplink(&Uplink::Telemetry(telemetry())).unwrap();
        assert!(topics.decode_uplink("acme.dev.GW-0001.telemetry", &bytes).is_ok());
        assert!(matches!(
            topics.decode_uplink("acme.dev.GW-0002.telemetry", &bytes),
            Err(ProtocolError::SerialMismatch { .. })
        ));
        // A telemetry payload on the heartbeat subject does not match the heartbeat schema.
        assert!(topics.decode_uplink("acme.dev.GW-0001.heartbeat", &bytes).is_err());
    }

    /// FNV-1a as NATS computes `partition()` (values checked against a 2.15 server).
    #[test]
    fn partitions_follow_the_servers_hash() {
        for (serial, partition) in [("GW-0001", 1), ("GW-0002", 0), ("SIM-00017", 1), ("abc", 3), ("X", 3)] {
            assert_eq!(partition_of(serial, 4), partition, "{serial}");
        }
        assert_eq!(partition_of("anything", 1), 0);
        assert_eq!(partition_of("anything", 0), 0, "no partitions is one");
    }

    proptest! {
        #[test]
        fn subjects_round_trip(prefix in "[A-Za-z0-9_-]{0,64}", serial in arb_serial(), channel in prop::sample::select(Channel::ALL.to_vec())) {
            let topics = Topics::new(&prefix).unwrap();
            let subject = topics.subject(&serial, channel);
            prop_assert_eq!(topics.parse_subject(&subject).unwrap(), (serial.clone(), channel));
            prop_assert_eq!(topics.mqtt_topic(&serial, channel).replace('/', "."), subject);
        }
    }
}
