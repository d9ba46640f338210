//! The rule book: the `ALARM_RULES` key-value projection the gateway-bridge evaluates, kept
//! equal to the enabled alarm types (key `rule.{alarm_type_id}`, value an `AlarmRule`). An
//! edit queues the keys of the types it touches in its own transaction; the relay then
//! writes each key from the type as it is then ([`lumiscape_common::projection`]).

use lumiscape_common::projection::{Projection, Source};
use lumiscape_proto::alarm_terms::{Attribute, Comparison};
use lumiscape_proto::events::v1::{AlarmCondition, AlarmRule};
use prost::Message;
use sqlx::{PgConnection, PgPool};

use super::store::{self, RuleRow};
use crate::Tables;

/// The bucket's name under the deployment's prefix.
pub const BUCKET: &str = "ALARM_RULES";

/// The bucket key of a type's rule.
pub fn key(alarm_type_id: i64) -> String {
    format!("rule.{alarm_type_id}")
}

fn id_of(key: &str) -> Option<i64> {
    key.strip_prefix("rule.")?.parse().ok()
}

/// Queues the types' rule keys, in the caller's transaction.
pub async fn queue(conn: &mut PgConnection, alarm_type_ids: &[i64]) -> sqlx::Result<()> {
    let keys: Vec<String> = alarm_type_ids.iter().map(|id| key(*id)).collect();
    Projection::queue::<Tables>(conn, BUCKET, &keys).await
}

fn condition(attribute: &str, comparison: &str, threshold: f64, seconds: i32) -> AlarmCondition {
    let mut condition =
        AlarmCondition { threshold, hold_seconds: u32::try_from(seconds).unwrap_or(0), ..Default::default() };
    // Stored text is checked on entry; anything else reads as unspecified, which the bridge
    // refuses to evaluate rather than guess.
    condition.set_attribute(Attribute::from_word(attribute).unwrap_or(Attribute::Unspecified));
    condition.set_comparison(Comparison::from_sign(comparison).unwrap_or(Comparison::Unspecified));
    condition
}

/// The rule of an enabled type, as the bridge reads it.
pub fn rule_of(row: &RuleRow) -> AlarmRule {
    let recovery = row.recovery_value.filter(|_| !row.recovery_attribute.is_empty()).map(|value| {
        let attribute = Attribute::from_word(&row.recovery_attribute).unwrap_or(Attribute::Unspecified);
        let threshold = super::model::recovery_threshold(attribute, value);
        condition(&row.recovery_attribute, &row.recovery_comparison, threshold, row.recovery_seconds)
    });
    AlarmRule {
        alarm_type_id: row.alarm_type_id,
        project_id: row.project_id,
        device_type: row.device_type.clone(),
        trigger: Some(condition(
            &row.trigger_attribute,
            &row.trigger_comparison,
            row.trigger_value,
            row.trigger_seconds,
        )),
        recovery,
        alarm_name: row.alarm_name.clone(),
    }
}

/// The enabled types as the projection reads them.
pub struct RuleBook;

#[async_trait::async_trait]
impl Source for RuleBook {
    async fn value(&self, conn: &mut PgConnection, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let Some(alarm_type_id) = id_of(key) else {
            return Ok(None);
        };
        let rule = store::enabled_rule(conn, alarm_type_id).await?;
        Ok(rule.map(|row| rule_of(&row).encode_to_vec()))
    }

    async fn keys(&self, pool: &PgPool) -> anyhow::Result<Vec<String>> {
        Ok(store::enabled_ids(pool).await?.into_iter().map(key).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(recovery: Option<f64>) -> RuleRow {
        RuleRow {
            alarm_type_id: 7,
            project_id: 1,
            alarm_name: "Loop over-current".into(),
            device_type: "loop".into(),
            trigger_attribute: "current".into(),
            trigger_comparison: ">".into(),
            trigger_value: 15.0,
            trigger_seconds: 0,
            recovery_attribute: if recovery.is_some() { "current".into() } else { String::new() },
            recovery_comparison: if recovery.is_some() { "<=".into() } else { String::new() },
            recovery_value: recovery,
            recovery_seconds: 5,
        }
    }

    #[test]
    fn a_rule_carries_both_conditions() {
        let rule = rule_of(&row(Some(12.5)));
        assert_eq!((rule.alarm_type_id, rule.project_id, rule.device_type.as_str()), (7, 1, "loop"));
        let trigger = rule.trigger.unwrap();
        assert_eq!(
            (trigger.attribute(), trigger.comparison(), trigger.threshold),
            (Attribute::Current, Comparison::Greater, 15.0)
        );
        let recovery = rule.recovery.unwrap();
        assert_eq!(
            (recovery.comparison(), recovery.threshold, recovery.hold_seconds),
            (Comparison::LessOrEqual, 12.5, 5)
        );
        assert_eq!(rule.alarm_name, "Loop over-current");
    }

    #[test]
    fn a_type_without_recovery_has_no_recovery_condition() {
        assert!(rule_of(&row(None)).recovery.is_none());
    }

    #[test]
    fn keys_round_trip() {
        assert_eq!(key(42), "rule.42");
        assert_eq!(id_of("rule.42"), Some(42));
        assert_eq!(id_of("other.42"), None);
        assert_eq!(id_of("rule.x"), None);
    }

    #[test]
    fn a_rule_written_with_unknown_words_has_no_condition_the_bridge_could_misread() {
        let bad = RuleRow { trigger_attribute: "power".into(), ..row(None) };
        assert_eq!(rule_of(&bad).trigger.unwrap().attribute(), Attribute::Unspecified);
    }
}
