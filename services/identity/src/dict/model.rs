//! Dictionary rules. Pure: no I/O.

use lumiscape_common::i18n::Msg;

use crate::dept::model::{check_order, parse_status};
use crate::sysconfig::model::{is_valid_key, parse_yes_no};

pub const MAX_TEXT_CHARS: usize = 100;
pub const MAX_REMARK_CHARS: usize = 500;
/// RuoYi's display styles of a dictionary item's tag.
pub const LIST_CLASSES: [&str; 6] = ["default", "primary", "success", "info", "warning", "danger"];

#[derive(Debug, Clone, Default)]
pub struct RawDictType<'a> {
    pub dict_name: &'a str,
    pub dict_name_en: &'a str,
    pub dict_type: &'a str,
    pub status: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictTypeDraft {
    pub dict_name: String,
    pub dict_name_en: String,
    pub dict_type: String,
    pub status: String,
    pub remark: String,
}

fn text(value: &str, invalid: Msg) -> Result<String, Msg> {
    let value = value.trim();
    if value.is_empty() || value.chars().count() > MAX_TEXT_CHARS { Err(invalid) } else { Ok(value.to_owned()) }
}

fn remark(value: &str) -> Result<String, Msg> {
    let value = value.trim();
    if value.chars().count() > MAX_REMARK_CHARS { Err(Msg::RemarkInvalid) } else { Ok(value.to_owned()) }
}

/// A dictionary type key, as the lookups read it.
pub fn check_type(dict_type: &str) -> Result<String, Msg> {
    let dict_type = dict_type.trim();
    if is_valid_key(dict_type) { Ok(dict_type.to_owned()) } else { Err(Msg::DictTypeInvalid) }
}

impl DictTypeDraft {
    pub fn parse(raw: &RawDictType<'_>) -> Result<Self, Msg> {
        let dict_name = text(raw.dict_name, Msg::DictNameInvalid)?;
        // The English name falls back to the Chinese one.
        let dict_name_en = match raw.dict_name_en.trim() {
            "" => dict_name.clone(),
            other => text(other, Msg::DictNameInvalid)?,
        };
        Ok(Self {
            dict_name,
            dict_name_en,
            dict_type: check_type(raw.dict_type)?,
            status: parse_status(raw.status)?.to_owned(),
            remark: remark(raw.remark)?,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct RawDictData<'a> {
    pub dict_sort: i64,
    pub dict_label: &'a str,
    pub dict_label_en: &'a str,
    pub dict_value: &'a str,
    pub dict_type: &'a str,
    pub css_class: &'a str,
    pub list_class: &'a str,
    pub is_default: &'a str,
    pub status: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictDataDraft {
    pub dict_sort: i32,
    pub dict_label: String,
    pub dict_label_en: String,
    pub dict_value: String,
    pub dict_type: String,
    pub css_class: String,
    pub list_class: String,
    pub is_default: bool,
    pub status: String,
    pub remark: String,
}

impl DictDataDraft {
    pub fn parse(raw: &RawDictData<'_>) -> Result<Self, Msg> {
        let dict_label = text(raw.dict_label, Msg::DictLabelInvalid)?;
        let dict_label_en = match raw.dict_label_en.trim() {
            "" => dict_label.clone(),
            other => text(other, Msg::DictLabelInvalid)?,
        };
        let css_class = raw.css_class.trim();
        let css_ok = css_class.chars().count() <= MAX_TEXT_CHARS
            && css_class.chars().all(|c| c.is_ascii_alphanumeric() || " _-".contains(c));
        if !css_ok {
            return Err(Msg::CssClassInvalid);
        }
        let list_class = raw.list_class.trim();
        if !list_class.is_empty() && !LIST_CLASSES.contains(&list_class) {
            return Err(Msg::ListClassInvalid);
        }
        Ok(Self {
            dict_sort: check_order(raw.dict_sort)?,
            dict_label,
            dict_label_en,
            dict_value: text(raw.dict_value, Msg::DictValueInvalid)?,
            dict_type: check_type(raw.dict_type)?,
            css_class: css_class.to_owned(),
            list_class: list_class.to_owned(),
            is_default: parse_yes_no(raw.is_default, false, Msg::SwitchInvalid)?,
            status: parse_status(raw.status)?.to_owned(),
            remark: remark(raw.remark)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_and_items_take_their_defaults() {
        let t = DictTypeDraft::parse(&RawDictType {
            dict_name: "灯具类型",
            dict_type: "lamp_type",
            ..RawDictType::default()
        })
        .unwrap();
        assert_eq!((t.dict_name_en.as_str(), t.status.as_str()), ("灯具类型", "0"));
        let raw =
            RawDictData {
                dict_label: "投光灯", dict_value: "flood", dict_type: "lamp_type", ..RawDictData::default()
            };
        let d = DictDataDraft::parse(&raw).unwrap();
        assert_eq!((d.dict_label_en.as_str(), d.is_default, d.dict_sort), ("投光灯", false, 0));
    }

    #[test]
    fn every_rule_names_its_field() {
        let ok =
            RawDictData {
                dict_label: "投光灯", dict_value: "flood", dict_type: "lamp_type", ..RawDictData::default()
            };
        let cases: Vec<(RawDictData<'_>, Msg)> = vec![
            (RawDictData { dict_label: " ", ..ok.clone() }, Msg::DictLabelInvalid),
            (RawDictData { dict_value: "", ..ok.clone() }, Msg::DictValueInvalid),
            (RawDictData { dict_type: "lamp type", ..ok.clone() }, Msg::DictTypeInvalid),
            (RawDictData { css_class: "a;b", ..ok.clone() }, Msg::CssClassInvalid),
            (RawDictData { list_class: "pink", ..ok.clone() }, Msg::ListClassInvalid),
            (RawDictData { is_default: "yes", ..ok.clone() }, Msg::SwitchInvalid),
            (RawDictData { dict_sort: 10_000, ..ok.clone() }, Msg::OrderNumInvalid),
        ];
        for (input, expected) in cases {
            assert_eq!(DictDataDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
        assert_eq!(
            DictTypeDraft::parse(&RawDictType { dict_name: "", dict_type: "x", ..RawDictType::default() }),
            Err(Msg::DictNameInvalid)
        );
    }
}
