//! What one-key control decides and reports.

use std::time::Duration;

use serde::Serialize;

/// Gateways switched at the same time; the loops of one gateway go one after another.
pub const CONCURRENCY: usize = 16;
/// The whole call's time budget: a gateway not done by then is reported as timed out, so
/// the caller always gets an answer before the edge gives up on the call (30 s).
pub const BUDGET: Duration = Duration::from_secs(25);

/// The action of a call, as the audit names it.
pub fn action(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// What happened to one gateway.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewayOutcome {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub gateway_number: String,
    /// "ok", "offline", "timeout" or "error".
    pub result: &'static str,
    /// In the caller's language; empty when ok.
    pub message: String,
}

impl GatewayOutcome {
    pub fn succeeded(&self) -> bool {
        self.result == "ok"
    }
}

/// The counts of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub total: u32,
    pub succeeded: u32,
    pub failed: u32,
}

impl Tally {
    pub fn of(outcomes: &[GatewayOutcome]) -> Self {
        let total = outcomes.len() as u32;
        let succeeded = outcomes.iter().filter(|o| o.succeeded()).count() as u32;
        Self { total, succeeded, failed: total - succeeded }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(gateway_id: i64, result: &'static str) -> GatewayOutcome {
        GatewayOutcome {
            gateway_id,
            gateway_name: format!("cabinet {gateway_id}"),
            gateway_number: format!("GW-{gateway_id}"),
            result,
            message: String::new(),
        }
    }

    #[test]
    fn counts_split_successes_from_every_kind_of_failure() {
        let outcomes = [outcome(1, "ok"), outcome(2, "offline"), outcome(3, "timeout"), outcome(4, "error")];
        assert_eq!(Tally::of(&outcomes), Tally { total: 4, succeeded: 1, failed: 3 });
        assert_eq!(Tally::of(&[]), Tally { total: 0, succeeded: 0, failed: 0 });
    }

    #[test]
    fn outcomes_serialize_as_the_console_reads_them() {
        let json = serde_json::to_value(outcome(7, "offline")).unwrap();
        assert_eq!(json["gatewayId"], 7);
        assert_eq!(json["gatewayNumber"], "GW-7");
        assert_eq!(json["result"], "offline");
        assert_eq!(action(true), "on");
        assert_eq!(action(false), "off");
    }
}
