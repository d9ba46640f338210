//! Which gateways are online: any uplink (heartbeat, telemetry, event) marks a gateway seen;
//! one silent for longer than the configured time is offline. Each change is decided once
//! here and published once (its message id names the gateway, the change and the sequence
//! number that decided it), and kept in the bridge's state bucket so a restart neither
//! repeats nor forgets it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A gateway came online or went offline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    pub serial: String,
    pub online: bool,
    /// Wall-clock time of the change (Unix ms).
    pub at_ms: i64,
    /// What decided it: "heartbeat", "telemetry", "event" or "silence".
    pub reason: &'static str,
    /// The sequence number of the last message seen from the gateway.
    pub seq: u64,
}

impl StatusChange {
    /// The Nats-Msg-Id of the change.
    pub fn message_id(&self) -> String {
        let kind = if self.online { "online" } else { "offline" };
        format!("{}:{kind}:{}", self.serial, self.seq)
    }

    /// The value kept in the state bucket: `1:{seq}` or `0:{seq}`.
    pub fn stored(&self) -> String {
        format!("{}:{}", u8::from(self.online), self.seq)
    }
}

#[derive(Debug, Clone, Copy)]
struct Seen {
    online: bool,
    last_seen: Instant,
    last_seq: u64,
}

/// The presence of every gateway this bridge has heard of.
#[derive(Debug)]
pub struct Presence {
    gateways: Mutex<HashMap<String, Seen>>,
    offline_after: Duration,
}

/// The state-bucket key of a gateway's presence.
pub fn key(serial: &str) -> String {
    format!("p.{serial}")
}

impl Presence {
    pub fn new(offline_after: Duration) -> Self {
        Self { gateways: Mutex::new(HashMap::new()), offline_after }
    }

    /// Restores a stored presence (`1:{seq}` / `0:{seq}`); an online gateway gets a full
    /// silence period from now before it is taken as offline.
    pub fn restore(&self, serial: &str, stored: &str) {
        let Some((online, seq)) = stored.split_once(':') else { return };
        let Ok(last_seq) = seq.parse() else { return };
        let seen = Seen { online: online == "1", last_seen: Instant::now(), last_seq };
        self.gateways.lock().expect("presence lock").insert(serial.to_owned(), seen);
    }

    /// Records a message from `serial` that the platform received at `heard_ms` (it may be
    /// handled later, when the bridge has a backlog); returns the change when the gateway
    /// was offline or unknown.
    pub fn seen(
        &self,
        serial: &str,
        seq: u64,
        reason: &'static str,
        heard_ms: i64,
        now_ms: i64,
    ) -> Option<StatusChange> {
        let mut gateways = self.gateways.lock().expect("presence lock");
        let age = Duration::from_millis(u64::try_from(now_ms - heard_ms).unwrap_or(0));
        let now = Instant::now();
        let heard = now.checked_sub(age).unwrap_or(now);
        match gateways.get_mut(serial) {
            Some(seen) => {
                seen.last_seen = seen.last_seen.max(heard);
                seen.last_seq = seen.last_seq.max(seq);
                if seen.online {
                    return None;
                }
                seen.online = true;
            }
            None => {
                gateways.insert(serial.to_owned(), Seen { online: true, last_seen: heard, last_seq: seq });
            }
        }
        Some(StatusChange { serial: serial.to_owned(), online: true, at_ms: heard_ms, reason, seq })
    }

    /// The gateways silent for too long, now marked offline.
    pub fn sweep(&self, now_ms: i64) -> Vec<StatusChange> {
        let mut gateways = self.gateways.lock().expect("presence lock");
        let now = Instant::now();
        let mut changes = Vec::new();
        for (serial, seen) in gateways.iter_mut() {
            if seen.online && now.duration_since(seen.last_seen) > self.offline_after {
                seen.online = false;
                changes.push(StatusChange {
                    serial: serial.clone(),
                    online: false,
                    at_ms: now_ms,
                    reason: "silence",
                    seq: seen.last_seq,
                });
            }
        }
        changes
    }

    /// Stops watching the gateways `gone` picks (their partition passed to another bridge):
    /// this bridge's sweep must not take them for silent ones.
    pub fn forget(&self, gone: impl Fn(&str) -> bool) {
        self.gateways.lock().expect("presence lock").retain(|serial, _| !gone(serial));
    }

    /// Whether the gateway is online, and when it was last heard of (ms ago).
    pub fn status(&self, serial: &str) -> Option<(bool, u64)> {
        let gateways = self.gateways.lock().expect("presence lock");
        gateways.get(serial).map(|seen| {
            let ago = u64::try_from(seen.last_seen.elapsed().as_millis()).unwrap_or(u64::MAX);
            (seen.online, ago)
        })
    }

    pub fn is_online(&self, serial: &str) -> bool {
        self.status(serial).is_some_and(|(online, _)| online)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn online_is_raised_once_and_offline_once() {
        let presence = Presence::new(Duration::from_millis(30));
        let first = presence.seen("GW-1", 1, "heartbeat", 0, 0).expect("came online");
        assert_eq!(first.message_id(), "GW-1:online:1");
        assert_eq!(presence.seen("GW-1", 2, "telemetry", 0, 0), None);
        assert!(presence.sweep(0).is_empty(), "not silent yet");
        std::thread::sleep(Duration::from_millis(40));
        let offline = presence.sweep(5);
        assert_eq!(offline.len(), 1);
        assert_eq!(offline[0].message_id(), "GW-1:offline:2");
        assert!(presence.sweep(6).is_empty(), "raised once");
        assert!(!presence.is_online("GW-1"));
        let back = presence.seen("GW-1", 3, "heartbeat", 7, 7).unwrap();
        assert!(back.online && back.reason == "heartbeat");
    }

    #[test]
    fn a_restored_online_gateway_gets_a_full_silence_period() {
        let presence = Presence::new(Duration::from_millis(30));
        presence.restore("GW-2", "1:41");
        assert!(presence.is_online("GW-2"));
        assert_eq!(presence.seen("GW-2", 42, "heartbeat", 0, 0), None, "no second online event after a restart");
        presence.restore("GW-3", "0:9");
        assert!(presence.seen("GW-3", 10, "telemetry", 0, 0).is_some());
        presence.restore("GW-4", "garbage");
        assert!(presence.status("GW-4").is_none());
    }

    #[test]
    fn silence_is_measured_from_when_a_message_arrived_not_when_it_was_handled() {
        let presence = Presence::new(Duration::from_millis(100));
        // Handled 150 ms after it arrived (a backlog): already silent for too long.
        assert!(presence.seen("GW-5", 1, "telemetry", 1_000, 1_150).is_some());
        assert_eq!(presence.sweep(1_150).len(), 1);
        let presence = Presence::new(Duration::from_millis(100));
        presence.seen("GW-6", 1, "telemetry", 1_000, 1_050);
        assert!(presence.sweep(1_050).is_empty());
    }

    #[test]
    fn a_forgotten_gateway_is_not_swept() {
        let presence = Presence::new(Duration::from_millis(10));
        presence.seen("GW-7", 1, "heartbeat", 0, 0);
        presence.seen("GW-8", 1, "heartbeat", 0, 0);
        presence.forget(|serial| serial == "GW-7");
        std::thread::sleep(Duration::from_millis(20));
        let swept: Vec<String> = presence.sweep(1).into_iter().map(|c| c.serial).collect();
        assert_eq!(swept, ["GW-8"]);
        assert!(presence.status("GW-7").is_none());
    }

    #[test]
    fn stored_values_round_trip() {
        let change = StatusChange { serial: "A".into(), online: false, at_ms: 1, reason: "silence", seq: 77 };
        let presence = Presence::new(Duration::from_secs(1));
        presence.restore("A", &change.stored());
        assert!(!presence.is_online("A"));
    }
}
