//! What to simulate: how many gateways with how many loops, how often they report, how they
//! connect and which faults to inject. `validate` checks it all before anything connects, so
//! a bad setting fails at once with its name instead of half-way through a run.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::SimulatorError;
use crate::protocol::{FirmwareVersion, GatewaySerial, MAX_LOOPS, MAX_SERIAL_LEN, ProtocolError, Topics};

/// Most gateways one simulator runs.
pub const MAX_GATEWAYS: usize = 10_000;
/// Shortest interval between two samples of one gateway.
pub const MIN_INTERVAL: Duration = Duration::from_millis(10);
const SERIAL_DIGITS: usize = 5;
/// The firmware version the virtual gateways run from the start.
pub const DEFAULT_FIRMWARE: &str = "2.4.1-sim";
/// How long a virtual gateway is silent while it restarts into a new firmware image.
pub const DEFAULT_REBOOT: Duration = Duration::from_secs(3);

/// How the virtual gateways reach the platform.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Transport {
    /// NATS core publish and subscribe, one connection for the fleet.
    #[default]
    Nats,
    /// MQTT 3.1.1 through NATS's MQTT listener, one client per gateway, QoS 1.
    Mqtt,
}

impl Transport {
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Nats => "nats",
            Transport::Mqtt => "mqtt",
        }
    }
}

impl fmt::Display for Transport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Transport {
    type Err = SimulatorError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "nats" => Ok(Transport::Nats),
            "mqtt" => Ok(Transport::Mqtt),
            other => Err(SimulatorError::InvalidConfig(format!("transport {other:?} is not nats or mqtt"))),
        }
    }
}

/// Misbehaviour to inject, each a probability per sample (per gateway and interval), 0 to 1.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Faults {
    /// One loop that is on draws 1.6 to 3 times its rated current.
    pub over_current: f64,
    /// The supply sags to 170..195 V.
    pub under_voltage: f64,
    /// The gateway goes silent for 5 to 20 intervals: no heartbeat, no telemetry, commands
    /// ignored.
    pub offline: f64,
    /// The telemetry payload is broken (truncated, not JSON, wrong version, out of range,
    /// missing field); it still uses up a sequence number.
    pub malformed: f64,
    /// The telemetry is sent twice, with the same message id.
    pub duplicate: f64,
    /// The telemetry is held back and sent after the next one, older timestamp after newer.
    pub out_of_order: f64,
    /// An event (power loss, door open or contactor fault) starts, and ends 3 to 10
    /// intervals later.
    pub events: f64,
    /// Loops whose contactor is stuck, by gateway serial and loop number: they stay as they
    /// are whatever they are told (a switch or a schedule is acknowledged all the same, as a
    /// real cabinet does), and report what they really are.
    pub stuck_loops: Vec<(String, u8)>,
}

impl Faults {
    fn named(&self) -> [(&'static str, f64); 7] {
        [
            ("over_current", self.over_current),
            ("under_voltage", self.under_voltage),
            ("offline", self.offline),
            ("malformed", self.malformed),
            ("duplicate", self.duplicate),
            ("out_of_order", self.out_of_order),
            ("events", self.events),
        ]
    }

    /// Checks that every probability is within 0..=1.
    pub fn validate(&self) -> Result<(), SimulatorError> {
        for (name, probability) in self.named() {
            if !(0.0..=1.0).contains(&probability) {
                return Err(SimulatorError::InvalidConfig(format!(
                    "faults.{name} must be a probability between 0 and 1, not {probability}"
                )));
            }
        }
        Ok(())
    }
}

/// Misbehaviour during firmware upgrades (`docs/device-protocol.md`, 6.2), each a probability
/// 0 to 1.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FirmwareFaults {
    /// Per `fw_chunk`: the gateway never gets it, so it does not answer (the platform times
    /// out and sends the chunk again).
    pub lost_chunk: f64,
    /// Per transfer, decided at the `fw_begin` that starts it: one byte is stored wrong after
    /// its chunk passed the crc check (a bad flash write), so `fw_commit` finds the image's
    /// checksum wrong.
    pub corrupt: f64,
    /// Per `fw_commit`: the new image does not boot and the gateway comes back with its old
    /// version.
    pub old_after_reboot: f64,
    /// Per `fw_chunk`: after answering it the gateway drops out for 5 to 20 intervals as the
    /// offline fault does, keeping the chunks it has (a `fw_begin` then resumes).
    pub drop_out: f64,
}

impl FirmwareFaults {
    fn named(&self) -> [(&'static str, f64); 4] {
        [
            ("lost_chunk", self.lost_chunk),
            ("corrupt", self.corrupt),
            ("old_after_reboot", self.old_after_reboot),
            ("drop_out", self.drop_out),
        ]
    }

    /// Checks that every probability is within 0..=1.
    pub fn validate(&self) -> Result<(), SimulatorError> {
        for (name, probability) in self.named() {
            if !(0.0..=1.0).contains(&probability) {
                return Err(SimulatorError::InvalidConfig(format!(
                    "firmware_faults.{name} must be a probability between 0 and 1, not {probability}"
                )));
            }
        }
        Ok(())
    }
}

/// What to simulate.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulatorConfig {
    /// Number of gateways, 1 to [`MAX_GATEWAYS`].
    pub gateways: usize,
    /// Loops per gateway, 1 to [`MAX_LOOPS`].
    pub loops: usize,
    /// Time between two samples (heartbeat and telemetry) of one gateway.
    pub interval: Duration,
    /// Gateway serials are this prefix and a five-digit number from 1: `SIM-00001`.
    pub serial_prefix: String,
    pub transport: Transport,
    pub faults: Faults,
    /// Prefix of every subject and topic (one token, may be empty); deployments and tests
    /// sharing a server each use their own.
    pub subject_prefix: String,
    /// A directory of `<serial>.creds` files: each gateway connects with its own credential
    /// (NATS: its own connection; MQTT: the JWT as password). Anonymous when `None`.
    pub credentials_dir: Option<std::path::PathBuf>,
    /// Seed of the random readings and faults; a fresh one each run when `None`.
    pub seed: Option<u64>,
    /// The firmware version every gateway runs at the start (a valid `fw`: 1 to 32 of
    /// `[A-Za-z0-9._+-]`).
    pub firmware: String,
    /// How long a gateway is silent restarting into a committed image (0 for at its next
    /// tick).
    pub reboot: Duration,
    pub firmware_faults: FirmwareFaults,
}

impl Default for SimulatorConfig {
    fn default() -> Self {
        Self {
            gateways: 10,
            loops: 4,
            interval: Duration::from_secs(5),
            serial_prefix: "SIM-".into(),
            transport: Transport::Nats,
            faults: Faults::default(),
            subject_prefix: String::new(),
            credentials_dir: None,
            seed: None,
            firmware: DEFAULT_FIRMWARE.into(),
            reboot: DEFAULT_REBOOT,
            firmware_faults: FirmwareFaults::default(),
        }
    }
}

impl SimulatorConfig {
    /// Checks the values their types cannot.
    pub fn validate(&self) -> Result<(), SimulatorError> {
        let invalid = |message: String| Err(SimulatorError::InvalidConfig(message));
        if !(1..=MAX_GATEWAYS).contains(&self.gateways) {
            return invalid(format!("gateways must be 1 to {MAX_GATEWAYS}, not {}", self.gateways));
        }
        if !(1..=usize::from(MAX_LOOPS)).contains(&self.loops) {
            return invalid(format!("loops must be 1 to {MAX_LOOPS}, not {}", self.loops));
        }
        if self.interval < MIN_INTERVAL {
            return invalid(format!("interval must be at least {} ms", MIN_INTERVAL.as_millis()));
        }
        if self.serial_prefix.len() + SERIAL_DIGITS > MAX_SERIAL_LEN {
            return invalid(format!("serial_prefix may have at most {} characters", MAX_SERIAL_LEN - SERIAL_DIGITS));
        }
        if !self.serial_prefix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return invalid("serial_prefix may hold only letters, digits, '_' and '-'".into());
        }
        Topics::new(&self.subject_prefix)?;
        FirmwareVersion::new(self.firmware.as_str())
            .map_err(|err| SimulatorError::InvalidConfig(format!("firmware {:?}: {err}", self.firmware)))?;
        self.faults.validate()?;
        self.firmware_faults.validate()
    }

    /// The serial of the gateway numbered `number` (from 1).
    pub fn serial(&self, number: usize) -> Result<GatewaySerial, ProtocolError> {
        GatewaySerial::new(format!("{}{number:0width$}", self.serial_prefix, width = SERIAL_DIGITS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_is_validated() {
        assert!(SimulatorConfig::default().validate().is_ok());
        let refused = |cfg: SimulatorConfig| assert!(cfg.validate().is_err(), "{cfg:?}");
        refused(SimulatorConfig { gateways: 0, ..SimulatorConfig::default() });
        refused(SimulatorConfig { loops: 65, ..SimulatorConfig::default() });
        refused(SimulatorConfig { interval: Duration::from_millis(1), ..SimulatorConfig::default() });
        refused(SimulatorConfig { serial_prefix: "GW.".into(), ..SimulatorConfig::default() });
        refused(SimulatorConfig { serial_prefix: "G".repeat(28), ..SimulatorConfig::default() });
        refused(SimulatorConfig { subject_prefix: "a.b".into(), ..SimulatorConfig::default() });
        refused(SimulatorConfig {
            faults: Faults { duplicate: 1.5, ..Faults::default() },
            ..SimulatorConfig::default()
        });
        refused(SimulatorConfig {
            faults: Faults { offline: f64::NAN, ..Faults::default() },
            ..SimulatorConfig::default()
        });
        refused(SimulatorConfig { firmware: "2.5 beta".into(), ..SimulatorConfig::default() });
        refused(SimulatorConfig { firmware: String::new(), ..SimulatorConfig::default() });
        refused(SimulatorConfig {
            firmware_faults: FirmwareFaults { corrupt: -0.1, ..FirmwareFaults::default() },
            ..SimulatorConfig::default()
        });
        refused(SimulatorConfig {
            firmware_faults: FirmwareFaults { drop_out: f64::NAN, ..FirmwareFaults::default() },
            ..SimulatorConfig::default()
        });
        assert!(SimulatorConfig { reboot: Duration::ZERO, ..SimulatorConfig::default() }.validate().is_ok());
        assert_eq!(SimulatorConfig::default().serial(7).unwrap().as_str(), "SIM-00007");
        assert_eq!("mqtt".parse::<Transport>().unwrap(), Transport::Mqtt);
        assert!("amqp".parse::<Transport>().is_err());
    }
}
