//! Parameter rules. Pure: no I/O.

use lumiscape_common::i18n::Msg;

pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_KEY_LEN: usize = 100;
pub const MAX_VALUE_CHARS: usize = 500;
pub const MAX_REMARK_CHARS: usize = 500;

#[derive(Debug, Clone, Default)]
pub struct RawConfig<'a> {
    pub config_name: &'a str,
    pub config_key: &'a str,
    pub config_value: &'a str,
    pub config_type: &'a str,
    pub is_public: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigDraft {
    pub config_name: String,
    pub config_key: String,
    pub config_value: String,
    /// 'Y' built in, 'N' not.
    pub config_type: String,
    pub is_public: bool,
    pub remark: String,
}

/// A settings key (parameter key, dictionary type): letters, digits, dots, underscores and
/// hyphens, 1 to 100.
pub fn is_valid_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY_LEN && key.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// A yes-or-no switch written `Y`/`N` (RuoYi's), empty being `default`.
pub fn parse_yes_no(text: &str, default: bool, invalid: Msg) -> Result<bool, Msg> {
    match text.trim() {
        "" => Ok(default),
        "Y" => Ok(true),
        "N" => Ok(false),
        _ => Err(invalid),
    }
}

impl ConfigDraft {
    pub fn parse(raw: &RawConfig<'_>) -> Result<Self, Msg> {
        let config_name = raw.config_name.trim();
        if config_name.is_empty() || config_name.chars().count() > MAX_NAME_CHARS {
            return Err(Msg::ConfigNameInvalid);
        }
        let config_key = raw.config_key.trim();
        if !is_valid_key(config_key) {
            return Err(Msg::ConfigKeyInvalid);
        }
        // The value is kept as written (spaces may matter), only bounded.
        if raw.config_value.chars().count() > MAX_VALUE_CHARS {
            return Err(Msg::ConfigValueInvalid);
        }
        let builtin = parse_yes_no(raw.config_type, false, Msg::ConfigTypeInvalid)?;
        let is_public = match raw.is_public.trim() {
            "" | "0" | "false" => false,
            "1" | "true" => true,
            _ => return Err(Msg::SwitchInvalid),
        };
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Msg::RemarkInvalid);
        }
        Ok(Self {
            config_name: config_name.to_owned(),
            config_key: config_key.to_owned(),
            config_value: raw.config_value.to_owned(),
            config_type: if builtin { "Y" } else { "N" }.to_owned(),
            is_public,
            remark: remark.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawConfig<'static> {
        RawConfig {
            config_name: " 地图级别 ", config_key: "map.level", config_value: " 12", ..RawConfig::default()
        }
    }

    #[test]
    fn a_parameter_keeps_its_value_as_written() {
        let draft = ConfigDraft::parse(&raw()).unwrap();
        assert_eq!(
            (draft.config_name.as_str(), draft.config_value.as_str(), draft.config_type.as_str()),
            ("地图级别", " 12", "N")
        );
        assert!(!draft.is_public);
    }

    #[test]
    fn every_rule_names_its_field() {
        let long = "v".repeat(501);
        let cases: Vec<(RawConfig<'_>, Msg)> = vec![
            (RawConfig { config_name: "", ..raw() }, Msg::ConfigNameInvalid),
            (RawConfig { config_key: "map level", ..raw() }, Msg::ConfigKeyInvalid),
            (RawConfig { config_key: "", ..raw() }, Msg::ConfigKeyInvalid),
            (RawConfig { config_value: &long, ..raw() }, Msg::ConfigValueInvalid),
            (RawConfig { config_type: "X", ..raw() }, Msg::ConfigTypeInvalid),
            (RawConfig { is_public: "2", ..raw() }, Msg::SwitchInvalid),
        ];
        for (input, expected) in cases {
            assert_eq!(ConfigDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
    }
}
