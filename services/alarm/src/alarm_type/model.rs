//! Alarm types and the rules an edit must pass (contract "Alarms", spec section 5). Pure:
//! the gRPC layer turns the wire message into a [`RawAlarmType`] and stores what
//! [`validate`] returns.

use lumiscape_common::i18n::Msg;

/// Longest alarm name, in characters.
pub const MAX_NAME_CHARS: usize = 50;
/// Longest content (each language), in characters.
pub const MAX_CONTENT_CHARS: usize = 200;
/// Longest a condition may have to hold, in seconds (one day).
pub const MAX_HOLD_SECONDS: i64 = 86_400;
/// Digits before the decimal point of a threshold (the column is NUMERIC(12, 3)).
const MAX_INTEGER_DIGITS: usize = 9;
/// Decimals a threshold may have.
const MAX_DECIMALS: usize = 3;

/// What an alarm type watches: a gateway's own readings or each of its loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceType {
    Gateway,
    Loop,
}

impl DeviceType {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "gateway" => Some(DeviceType::Gateway),
            "loop" => Some(DeviceType::Loop),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DeviceType::Gateway => "gateway",
            DeviceType::Loop => "loop",
        }
    }
}

pub use lumiscape_proto::alarm_terms::{AlarmLevel as Level, Attribute, Comparison};

/// The device that reports an attribute.
pub fn device_of(attribute: Attribute) -> DeviceType {
    if attribute.is_loop() { DeviceType::Loop } else { DeviceType::Gateway }
}

/// Whether a threshold on the attribute may be below zero: signal is in dBm, temperature in
/// °C; voltage, current and power never are.
pub fn may_be_negative(attribute: Attribute) -> bool {
    matches!(attribute, Attribute::Temperature | Attribute::Signal)
}

/// A threshold: the text as entered (kept for display) and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Threshold {
    pub text: String,
    pub value: f64,
}

/// A plain decimal split into its parts: sign, integer digits, decimals (if a point was
/// written). `None` for anything else: exponents, signs other than a leading `-`, spaces.
fn split_decimal(text: &str) -> Option<(bool, &str, Option<&str>)> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (integer, decimals) = match unsigned.split_once('.') {
        Some((integer, decimals)) => (integer, Some(decimals)),
        None => (unsigned, None),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(integer) || decimals.is_some_and(|d| !all_digits(d)) {
        return None;
    }
    Some((negative, integer, decimals))
}

fn threshold(text: &str) -> Option<Threshold> {
    let value = text.parse::<f64>().ok().filter(|v| v.is_finite())?;
    Some(Threshold { text: text.to_owned(), value })
}

/// The trigger value: a number with at most 3 decimals; below zero only for attributes
/// that can be (see [`may_be_negative`]).
pub fn parse_trigger_value(text: &str, attribute: Attribute) -> Result<Threshold, Msg> {
    let invalid = || Msg::AlarmTriggerValueInvalid;
    let text = text.trim();
    let (negative, integer, decimals) = split_decimal(text).ok_or_else(invalid)?;
    let decimal_count = decimals.map_or(0, str::len);
    if integer.len() > MAX_INTEGER_DIGITS || decimal_count > MAX_DECIMALS {
        return Err(invalid());
    }
    if negative && !may_be_negative(attribute) {
        return Err(invalid());
    }
    threshold(text).ok_or_else(invalid)
}

/// The recovery value (spec section 5): a positive number with 1 to 3 decimals. Signal
/// strength is below zero (dBm), so its recovery value is written without the minus sign and
/// counts as that many dBm below zero: "85.0" is −85 dBm (see [`recovery_threshold`]).
pub fn parse_recovery_value(text: &str) -> Result<Threshold, Msg> {
    let invalid = || Msg::AlarmRecoveryValueInvalid;
    let text = text.trim();
    let (negative, integer, decimals) = split_decimal(text).ok_or_else(invalid)?;
    let decimal_count = decimals.map_or(0, str::len);
    if negative || integer.len() > MAX_INTEGER_DIGITS || !(1..=MAX_DECIMALS).contains(&decimal_count) {
        return Err(invalid());
    }
    threshold(text).filter(|t| t.value > 0.0).ok_or_else(invalid)
}

/// The value a stored recovery threshold is compared with: signal's, written as a magnitude,
/// is below zero; every other attribute's is as written.
pub fn recovery_threshold(attribute: Attribute, value: f64) -> f64 {
    if attribute == Attribute::Signal { -value } else { value }
}

/// Whether a condition on a device event (1 active, 0 ended) means "active" (`active`) or
/// "ended".
fn means(comparison: Comparison, threshold: f64, active: bool) -> bool {
    comparison.holds(if active { 1.0 } else { 0.0 }, threshold)
        && !comparison.holds(if active { 0.0 } else { 1.0 }, threshold)
}

/// A condition on one attribute, held for `hold_seconds` before it counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub attribute: Attribute,
    pub comparison: Comparison,
    pub threshold: Threshold,
    pub hold_seconds: u32,
}

/// An alarm type as the console sends it, before any check.
#[derive(Debug, Clone, Default)]
pub struct RawAlarmType<'a> {
    pub name: &'a str,
    pub device_type: &'a str,
    pub level: &'a str,
    pub content_zh: &'a str,
    pub content_en: &'a str,
    pub trigger_attribute: &'a str,
    pub trigger_comparison: &'a str,
    pub trigger_value: &'a str,
    pub trigger_duration: i64,
    pub recovery_attribute: &'a str,
    pub recovery_comparison: &'a str,
    pub recovery_value: &'a str,
    pub recovery_duration: i64,
    /// "0" or "1"; empty means "0".
    pub auto_processing: &'a str,
    pub auto_work_order: &'a str,
    /// "0" enabled, "1" disabled; empty means enabled.
    pub status: &'a str,
}

/// A checked alarm type, ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct AlarmTypeSpec {
    pub name: String,
    pub device_type: DeviceType,
    pub level: Level,
    pub content_zh: String,
    pub content_en: String,
    pub trigger: Condition,
    pub recovery: Option<Condition>,
    pub auto_processing: bool,
    pub auto_work_order: bool,
    pub enabled: bool,
}

/// Checks every field; the first failure names the field and the rule.
pub fn validate(raw: &RawAlarmType<'_>) -> Result<AlarmTypeSpec, Msg> {
    let name = bounded_text(raw.name, MAX_NAME_CHARS, Msg::AlarmNameInvalid)?;
    let device_type = DeviceType::parse(raw.device_type.trim()).ok_or(Msg::AlarmDeviceTypeInvalid)?;
    let level = Level::from_code(raw.level.trim()).ok_or(Msg::AlarmLevelInvalid)?;
    let content_zh = bounded_text(raw.content_zh, MAX_CONTENT_CHARS, Msg::AlarmContentZhInvalid)?;
    let content_en = bounded_text(raw.content_en, MAX_CONTENT_CHARS, Msg::AlarmContentEnInvalid)?;
    let trigger = trigger_condition(raw, device_type)?;
    let auto_processing = switch(raw.auto_processing, false, Msg::AlarmAutoProcessingInvalid)?;
    let auto_work_order = switch(raw.auto_work_order, false, Msg::AlarmAutoWorkOrderInvalid)?;
    // The status switch is inverted: "0" is enabled.
    let enabled = !switch(raw.status, false, Msg::AlarmTypeStatusInvalid)?;
    let recovery = recovery_condition(raw, device_type, auto_processing)?;
    // An event recovers when that same event ends; a reading never recovers by an event.
    if let Some(recovery) = &recovery {
        let event = trigger.attribute.is_event() || recovery.attribute.is_event();
        if event
            && (recovery.attribute != trigger.attribute || !means(recovery.comparison, recovery.threshold.value, false))
        {
            return Err(Msg::AlarmEventRecoveryInvalid);
        }
    }
    Ok(AlarmTypeSpec {
        name,
        device_type,
        level,
        content_zh,
        content_en,
        trigger,
        recovery,
        auto_processing,
        auto_work_order,
        enabled,
    })
}

/// Trimmed text of 1 to `max` characters.
fn bounded_text(text: &str, max: usize, invalid: Msg) -> Result<String, Msg> {
    let trimmed = text.trim();
    let chars = trimmed.chars().count();
    if chars == 0 || chars > max {
        return Err(invalid);
    }
    Ok(trimmed.to_owned())
}

/// "0" is off, "1" on, empty the default.
fn switch(text: &str, default: bool, invalid: Msg) -> Result<bool, Msg> {
    match text.trim() {
        "" => Ok(default),
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(invalid),
    }
}

fn hold_seconds(seconds: i64, invalid: Msg) -> Result<u32, Msg> {
    if !(0..=MAX_HOLD_SECONDS).contains(&seconds) {
        return Err(invalid);
    }
    u32::try_from(seconds).map_err(|_| invalid)
}

fn attribute_of(text: &str, device_type: DeviceType, invalid: Msg) -> Result<Attribute, Msg> {
    Attribute::from_word(text.trim()).filter(|a| device_of(*a) == device_type).ok_or(invalid)
}

fn trigger_condition(raw: &RawAlarmType<'_>, device_type: DeviceType) -> Result<Condition, Msg> {
    let attribute = attribute_of(raw.trigger_attribute, device_type, Msg::AlarmTriggerAttributeInvalid)?;
    let comparison = Comparison::from_sign(raw.trigger_comparison.trim()).ok_or(Msg::AlarmTriggerComparisonInvalid)?;
    let threshold = parse_trigger_value(raw.trigger_value, attribute)?;
    let hold_seconds = hold_seconds(raw.trigger_duration, Msg::AlarmTriggerDurationInvalid)?;
    // A device event is 1 while active and 0 once ended: its trigger must mean "active".
    if attribute.is_event() && !means(comparison, threshold.value, true) {
        return Err(Msg::AlarmEventTriggerInvalid);
    }
    Ok(Condition { attribute, comparison, threshold, hold_seconds })
}

/// The recovery condition: all of attribute, comparison and value, or none of them. With
/// auto processing on it is required (spec section 5).
fn recovery_condition(
    raw: &RawAlarmType<'_>,
    device_type: DeviceType,
    auto_processing: bool,
) -> Result<Option<Condition>, Msg> {
    let parts = [raw.recovery_attribute, raw.recovery_comparison, raw.recovery_value];
    let given = parts.iter().filter(|part| !part.trim().is_empty()).count();
    let hold_seconds = hold_seconds(raw.recovery_duration, Msg::AlarmRecoveryDurationInvalid)?;
    match given {
        0 if auto_processing => Err(Msg::AlarmRecoveryRequired),
        0 => Ok(None),
        1 | 2 if auto_processing => Err(Msg::AlarmRecoveryRequired),
        1 | 2 => Err(Msg::AlarmRecoveryIncomplete),
        _ => {
            let attribute = attribute_of(raw.recovery_attribute, device_type, Msg::AlarmRecoveryAttributeInvalid)?;
            let comparison =
                Comparison::from_sign(raw.recovery_comparison.trim()).ok_or(Msg::AlarmRecoveryComparisonInvalid)?;
            let threshold = parse_recovery_value(raw.recovery_value)?;
            Ok(Some(Condition { attribute, comparison, threshold, hold_seconds }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn over_current() -> RawAlarmType<'static> {
        RawAlarmType {
            name: "Loop over-current",
            device_type: "loop",
            level: "1",
            content_zh: "回路过流",
            content_en: "Loop over-current",
            trigger_attribute: "current",
            trigger_comparison: ">",
            trigger_value: "15.000",
            trigger_duration: 0,
            recovery_attribute: "current",
            recovery_comparison: "<=",
            recovery_value: "12.5",
            recovery_duration: 0,
            auto_processing: "1",
            auto_work_order: "1",
            status: "0",
        }
    }

    #[test]
    fn recovery_values_follow_the_spec_rule() {
        for ok in ["0.5", "12.125", "12.5", "205.0", "0.001", "999999999.999"] {
            assert!(parse_recovery_value(ok).is_ok(), "{ok} should pass");
        }
        for bad in [
            "12",
            "12.1234",
            "-1.5",
            "0.000",
            "0.0",
            "1e3",
            "abc",
            "",
            " ",
            "12.",
            ".5",
            "+1.5",
            "1,5",
            "1.5.1",
            "1 .5",
            "NaN",
            "inf",
            "1234567890.5",
            "１２.５",
        ] {
            assert_eq!(parse_recovery_value(bad), Err(Msg::AlarmRecoveryValueInvalid), "{bad:?} should fail");
        }
    }

    #[test]
    fn recovery_values_keep_the_text_as_entered() {
        let value = parse_recovery_value(" 12.50 ").unwrap();
        assert_eq!(value.text, "12.50");
        assert_eq!(value.value, 12.5);
    }

    #[test]
    fn trigger_values_allow_integers_and_up_to_three_decimals() {
        for ok in ["15", "15.0", "15.000", "0", "0.125", "198.0"] {
            let parsed = parse_trigger_value(ok, Attribute::Current).unwrap();
            assert_eq!(parsed.text, ok);
        }
        for bad in ["15.0001", "1e3", "abc", "", "-", "-.5", "15,0", "1234567890"] {
            assert_eq!(parse_trigger_value(bad, Attribute::Current), Err(Msg::AlarmTriggerValueInvalid), "{bad:?}");
        }
    }

    #[test]
    fn only_signal_and_temperature_thresholds_may_be_negative() {
        assert_eq!(parse_trigger_value("-90", Attribute::Signal).unwrap().value, -90.0);
        assert_eq!(parse_trigger_value("-10.5", Attribute::Temperature).unwrap().value, -10.5);
        for attribute in [Attribute::Voltage, Attribute::Current, Attribute::ActivePower] {
            assert_eq!(parse_trigger_value("-1.5", attribute), Err(Msg::AlarmTriggerValueInvalid));
        }
    }

    #[test]
    fn a_complete_type_passes() {
        let spec = validate(&over_current()).unwrap();
        assert_eq!(spec.name, "Loop over-current");
        assert_eq!(spec.device_type, DeviceType::Loop);
        assert_eq!(spec.level, Level::Serious);
        assert_eq!(spec.trigger.threshold.text, "15.000");
        assert_eq!(spec.trigger.comparison, Comparison::Greater);
        let recovery = spec.recovery.unwrap();
        assert_eq!((recovery.attribute, recovery.threshold.value), (Attribute::Current, 12.5));
        assert!(spec.auto_processing && spec.auto_work_order && spec.enabled);
    }

    #[test]
    fn auto_processing_needs_a_recovery_condition() {
        let raw =
            RawAlarmType { recovery_attribute: "", recovery_comparison: "", recovery_value: "", ..over_current() };
        assert_eq!(validate(&raw), Err(Msg::AlarmRecoveryRequired));
        let partial = RawAlarmType { recovery_value: "", ..over_current() };
        assert_eq!(validate(&partial), Err(Msg::AlarmRecoveryRequired));
        let without = RawAlarmType { auto_processing: "0", ..raw };
        assert_eq!(validate(&without).unwrap().recovery, None);
    }

    #[test]
    fn a_partial_recovery_condition_is_refused() {
        let raw = RawAlarmType { auto_processing: "0", recovery_comparison: "", ..over_current() };
        assert_eq!(validate(&raw), Err(Msg::AlarmRecoveryIncomplete));
    }

    #[test]
    fn the_recovery_value_rule_applies_to_the_whole_type() {
        for bad in ["12", "12.1234", "-1.5", "0.000"] {
            let raw = RawAlarmType { recovery_value: bad, ..over_current() };
            assert_eq!(validate(&raw), Err(Msg::AlarmRecoveryValueInvalid), "{bad}");
        }
    }

    #[test]
    fn attributes_must_fit_the_device_type() {
        let raw = RawAlarmType { trigger_attribute: "temperature", ..over_current() };
        assert_eq!(validate(&raw), Err(Msg::AlarmTriggerAttributeInvalid));
        let raw = RawAlarmType { recovery_attribute: "signal", ..over_current() };
        assert_eq!(validate(&raw), Err(Msg::AlarmRecoveryAttributeInvalid));
        let raw = RawAlarmType { trigger_attribute: "humidity", ..over_current() };
        assert_eq!(validate(&raw), Err(Msg::AlarmTriggerAttributeInvalid));
        let gateway = RawAlarmType {
            device_type: "gateway",
            trigger_attribute: "signal",
            trigger_comparison: "<",
            trigger_value: "-95",
            recovery_attribute: "temperature",
            recovery_value: "40.0",
            ..over_current()
        };
        assert!(validate(&gateway).is_ok());
    }

    fn door_open() -> RawAlarmType<'static> {
        RawAlarmType {
            name: "Cabinet door open",
            device_type: "gateway",
            trigger_attribute: "door_open",
            trigger_comparison: ">=",
            trigger_value: "1",
            recovery_attribute: "door_open",
            recovery_comparison: "<",
            recovery_value: "1.0",
            ..over_current()
        }
    }

    #[test]
    fn an_event_triggers_when_active_and_recovers_when_it_ends() {
        let spec = validate(&door_open()).unwrap();
        assert_eq!(spec.device_type, DeviceType::Gateway);
        for (comparison, value) in [(">", "0"), (">", "0.5"), (">=", "0.5"), ("<", "0.5")] {
            let ok = RawAlarmType { trigger_comparison: comparison, trigger_value: value, ..door_open() };
            assert_eq!(validate(&ok).is_ok(), comparison != "<", "{comparison} {value}");
        }
        // Never (> 1), always (>= 0), or backwards (< 1): not "active".
        for (comparison, value) in [(">", "1"), (">=", "0"), ("<", "1"), ("<=", "0"), (">=", "2")] {
            let bad = RawAlarmType { trigger_comparison: comparison, trigger_value: value, ..door_open() };
            assert_eq!(validate(&bad), Err(Msg::AlarmEventTriggerInvalid), "{comparison} {value}");
        }
        for (attribute, comparison, value) in [
            ("door_open", ">=", "0.5"),
            ("door_open", "<", "2.0"),
            ("power_loss", "<", "1.0"),
            ("temperature", "<", "40.0"),
        ] {
            let bad = RawAlarmType {
                recovery_attribute: attribute,
                recovery_comparison: comparison,
                recovery_value: value,
                ..door_open()
            };
            assert_eq!(validate(&bad), Err(Msg::AlarmEventRecoveryInvalid), "{attribute} {comparison} {value}");
        }
        // A reading is not recovered by an event either.
        let mixed = RawAlarmType { device_type: "loop", recovery_attribute: "contactor_fault", ..over_current() };
        assert_eq!(validate(&mixed), Err(Msg::AlarmEventRecoveryInvalid));
        // A contactor fault is a loop's.
        let contactor = RawAlarmType {
            device_type: "loop",
            trigger_attribute: "contactor_fault",
            recovery_attribute: "contactor_fault",
            ..door_open()
        };
        assert!(validate(&contactor).is_ok());
        let on_gateway = RawAlarmType { device_type: "gateway", ..contactor };
        assert_eq!(validate(&on_gateway), Err(Msg::AlarmTriggerAttributeInvalid));
    }

    #[test]
    fn a_signal_recovery_is_written_as_its_magnitude_and_compared_below_zero() {
        let weak_signal = RawAlarmType {
            device_type: "gateway",
            trigger_attribute: "signal",
            trigger_comparison: "<",
            trigger_value: "-95",
            recovery_attribute: "signal",
            recovery_comparison: ">=",
            recovery_value: "85.0",
            ..over_current()
        };
        let spec = validate(&weak_signal).unwrap();
        let recovery = spec.recovery.unwrap();
        assert_eq!(recovery_threshold(recovery.attribute, recovery.threshold.value), -85.0);
        assert!(recovery.comparison.holds(-80.0, -85.0) && !recovery.comparison.holds(-96.0, -85.0));
        assert_eq!(recovery_threshold(Attribute::Temperature, 40.0), 40.0);
    }

    #[test]
    fn each_field_names_its_own_failure() {
        let long_name = "n".repeat(51);
        let long_content = "字".repeat(201);
        let cases: Vec<(RawAlarmType<'_>, Msg)> = vec![
            (RawAlarmType { name: "  ", ..over_current() }, Msg::AlarmNameInvalid),
            (RawAlarmType { name: &long_name, ..over_current() }, Msg::AlarmNameInvalid),
            (RawAlarmType { device_type: "cabinet", ..over_current() }, Msg::AlarmDeviceTypeInvalid),
            (RawAlarmType { level: "4", ..over_current() }, Msg::AlarmLevelInvalid),
            (RawAlarmType { content_zh: "", ..over_current() }, Msg::AlarmContentZhInvalid),
            (RawAlarmType { content_en: &long_content, ..over_current() }, Msg::AlarmContentEnInvalid),
            (RawAlarmType { trigger_comparison: "==", ..over_current() }, Msg::AlarmTriggerComparisonInvalid),
            (RawAlarmType { trigger_value: "abc", ..over_current() }, Msg::AlarmTriggerValueInvalid),
            (RawAlarmType { trigger_duration: -1, ..over_current() }, Msg::AlarmTriggerDurationInvalid),
            (RawAlarmType { trigger_duration: 86_401, ..over_current() }, Msg::AlarmTriggerDurationInvalid),
            (RawAlarmType { recovery_comparison: "=>", ..over_current() }, Msg::AlarmRecoveryComparisonInvalid),
            (RawAlarmType { recovery_duration: 90_000, ..over_current() }, Msg::AlarmRecoveryDurationInvalid),
            (RawAlarmType { auto_processing: "yes", ..over_current() }, Msg::AlarmAutoProcessingInvalid),
            (RawAlarmType { auto_work_order: "2", ..over_current() }, Msg::AlarmAutoWorkOrderInvalid),
            (RawAlarmType { status: "enabled", ..over_current() }, Msg::AlarmTypeStatusInvalid),
        ];
        for (raw, expected) in cases {
            assert_eq!(validate(&raw), Err(expected));
        }
    }

    #[test]
    fn durations_at_the_bounds_pass_and_text_is_trimmed() {
        let raw =
            RawAlarmType { name: "  Over-current  ", trigger_duration: 86_400, recovery_duration: 0, ..over_current() };
        let spec = validate(&raw).unwrap();
        assert_eq!(spec.name, "Over-current");
        assert_eq!(spec.trigger.hold_seconds, 86_400);
        let fifty = "名".repeat(50);
        assert!(validate(&RawAlarmType { name: &fifty, ..over_current() }).is_ok());
    }

    #[test]
    fn switches_default_when_empty_and_status_is_inverted() {
        let raw = RawAlarmType {
            auto_processing: "",
            auto_work_order: "",
            status: "",
            recovery_value: "12.5",
            ..over_current()
        };
        let spec = validate(&raw).unwrap();
        assert!(!spec.auto_processing && !spec.auto_work_order && spec.enabled);
        let disabled = validate(&RawAlarmType { status: "1", ..over_current() }).unwrap();
        assert!(!disabled.enabled);
    }

    /// A plain decimal as the rules describe it: optional minus, 1 to 9 digits, optionally a
    /// point and `decimals` digits.
    fn is_plain_decimal(text: &str, negative_allowed: bool, decimals: std::ops::RangeInclusive<usize>) -> bool {
        let unsigned = match text.strip_prefix('-') {
            Some(rest) if negative_allowed => rest,
            Some(_) => return false,
            None => text,
        };
        let (integer, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        (1..=9).contains(&integer.len())
            && digits(integer)
            && digits(fraction)
            && decimals.contains(&fraction.len())
            && unsigned.contains('.') != fraction.is_empty()
    }

    proptest::proptest! {
        #[test]
        fn every_positive_value_with_one_to_three_decimals_is_a_recovery_value(
            integer in "[0-9]{1,9}",
            fraction in "[0-9]{1,3}",
        ) {
            let text = format!("{integer}.{fraction}");
            let expected: f64 = text.parse().unwrap();
            match parse_recovery_value(&text) {
                Ok(parsed) => proptest::prop_assert!(parsed.value == expected && expected > 0.0),
                Err(_) => proptest::prop_assert!(expected == 0.0, "{} refused", text),
            }
        }

        #[test]
        fn whatever_passes_as_a_recovery_value_is_a_positive_decimal_of_one_to_three_places(text in "\\PC{0,14}|[-+.0-9e]{0,14}") {
            if let Ok(parsed) = parse_recovery_value(&text) {
                proptest::prop_assert!(is_plain_decimal(text.trim(), false, 1..=3), "{:?} passed", text);
                proptest::prop_assert!(parsed.value > 0.0);
            }
        }

        #[test]
        fn whatever_passes_as_a_trigger_value_has_at_most_three_decimals(text in "\\PC{0,14}|[-+.0-9e]{0,14}") {
            for attribute in [Attribute::Current, Attribute::Signal] {
                if parse_trigger_value(&text, attribute).is_ok() {
                    let negative_allowed = may_be_negative(attribute);
                    proptest::prop_assert!(is_plain_decimal(text.trim(), negative_allowed, 0..=3), "{:?} passed", text);
                }
            }
        }
    }

    #[test]
    fn levels_are_the_dictionary_codes() {
        for (code, level) in [("1", Level::Serious), ("2", Level::Main), ("3", Level::Secondary)] {
            assert_eq!(Level::from_code(code), Some(level));
            assert_eq!(level.code(), code);
        }
        assert_eq!(Level::from_code("0"), None);
    }

    #[test]
    fn attributes_belong_to_their_device() {
        assert_eq!(device_of(Attribute::Voltage), DeviceType::Loop);
        assert_eq!(device_of(Attribute::Signal), DeviceType::Gateway);
        assert!(may_be_negative(Attribute::Temperature) && !may_be_negative(Attribute::Current));
    }
}
