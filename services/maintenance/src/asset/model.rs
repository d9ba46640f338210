//! Assets' rules, pure: asset types and their attributes (spec section 5: at most one
//! default sub-option, sub-option values not null, a verify range when verification is on),
//! assets and their attribute values, net value by straight-line depreciation, and what each
//! record does to an asset's status.
//!
//! ```text
//!   idle --receive--> in use --return--> idle
//!   idle | in use --repair--> under repair --return--> idle
//!   any but scrapped --scrap--> scrapped --cancel the scrap--> the status it had
//! ```

use std::collections::HashSet;

use chrono::{Datelike, NaiveDate};
use lumiscape_common::i18n::Msg;
use lumiscape_common::text::bounded as limited;

use crate::rules::{self, bounded, cents, date};

pub const MAX_NAME_CHARS: usize = 50;
pub const MAX_CODE_CHARS: usize = 32;
pub const MAX_ATTRIBUTES: usize = 50;
pub const MAX_OPTIONS: usize = 100;
pub const MAX_VALUE_CHARS: usize = 200;
pub const MAX_LIMIT_MONTHS: i32 = 1200;

/// Dictionary `asset_status`.
pub const IDLE: &str = "0";
pub const IN_USE: &str = "1";
pub const UNDER_REPAIR: &str = "2";
pub const SCRAPPED: &str = "3";
pub const STATUSES: [&str; 4] = [IDLE, IN_USE, UNDER_REPAIR, SCRAPPED];
/// The statuses' labels as the `asset_status` dictionary seeds them, for the export.
const STATUS_LABELS: [(&str, &str, &str); 4] = [
    (IDLE, "闲置", "Idle"),
    (IN_USE, "在用", "In use"),
    (UNDER_REPAIR, "维修中", "Under repair"),
    (SCRAPPED, "已报废", "Scrapped"),
];

/// A status's label in `lang`; an unknown code as it is.
pub fn status_label(code: &str, lang: lumiscape_common::Lang) -> String {
    STATUS_LABELS
        .iter()
        .find(|l| l.0 == code)
        .map_or(code, |l| if lang == lumiscape_common::Lang::En { l.2 } else { l.1 })
        .to_owned()
}

/// Dictionary `asset_record_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordType {
    Receive,
    Return,
    Repair,
    Scrap,
}

impl RecordType {
    pub fn parse(code: &str) -> Option<Self> {
        [RecordType::Receive, RecordType::Return, RecordType::Repair, RecordType::Scrap]
            .into_iter()
            .find(|t| t.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            RecordType::Receive => "1",
            RecordType::Return => "2",
            RecordType::Repair => "3",
            RecordType::Scrap => "4",
        }
    }

    /// The status an asset in `status` takes by a record of this type (a return's assets
    /// go back to idle), or why it may not. `code` names the asset in the refusal.
    pub fn next(self, status: &str, code: &str) -> Result<&'static str, Msg> {
        match (self, status) {
            (_, SCRAPPED) => Err(Msg::AssetScrapped { code: code.to_owned() }),
            (RecordType::Receive, IDLE) => Ok(IN_USE),
            (RecordType::Receive, _) => Err(Msg::AssetNotIdle { code: code.to_owned() }),
            (RecordType::Repair, IDLE | IN_USE) => Ok(UNDER_REPAIR),
            (RecordType::Repair, _) => Err(Msg::AssetNotIdle { code: code.to_owned() }),
            (RecordType::Return, _) => Ok(IDLE),
            (RecordType::Scrap, _) => Ok(SCRAPPED),
        }
    }
}

/// Dictionary `asset_attribute_type`.
pub const TEXT: &str = "1";
pub const NUMBER: &str = "2";
pub const OPTIONS: &str = "3";

fn name(text: &str) -> Result<String, Msg> {
    bounded(text, MAX_NAME_CHARS).ok_or(Msg::AssetNameInvalid { max: MAX_NAME_CHARS })
}

fn code(text: &str) -> Result<String, Msg> {
    rules::code(text, MAX_CODE_CHARS).ok_or(Msg::AssetCodeInvalid)
}

/// One sub-option as sent.
#[derive(Debug, Default, Clone)]
pub struct RawOption<'a> {
    pub value: &'a str,
    pub label_zh: &'a str,
    pub label_en: &'a str,
    pub default: bool,
}

/// An attribute as sent.
#[derive(Debug, Default, Clone)]
pub struct RawAttribute<'a> {
    pub attr_code: &'a str,
    pub name_zh: &'a str,
    pub name_en: &'a str,
    pub value_type: &'a str,
    pub default_value: &'a str,
    pub multiple: bool,
    pub required: bool,
    pub verify: bool,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub options: Vec<RawOption<'a>>,
}

/// An attribute, checked. Options keep their order; `default_value` is the default option's
/// value for an options attribute.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub value_type: &'static str,
    pub default_value: String,
    pub multiple: bool,
    pub required: bool,
    pub verify: bool,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub option_values: Vec<String>,
    pub option_zh: Vec<String>,
    pub option_en: Vec<String>,
}

impl Attribute {
    pub fn parse(raw: &RawAttribute<'_>) -> Result<Self, Msg> {
        let code = code(raw.attr_code)?;
        let (name_zh, name_en) = (name(raw.name_zh)?, name(raw.name_en)?);
        let value_type = match raw.value_type.trim() {
            TEXT => TEXT,
            NUMBER => NUMBER,
            OPTIONS => OPTIONS,
            _ => return Err(Msg::AssetAttributeTypeInvalid),
        };
        let (min, max) = if raw.verify {
            match (raw.min, raw.max) {
                (Some(min), Some(max)) if min.is_finite() && max.is_finite() && min <= max => (Some(min), Some(max)),
                _ => return Err(Msg::AssetRangeRequired),
            }
        } else {
            (None, None)
        };
        let mut attribute = Self {
            code,
            name_zh,
            name_en,
            value_type,
            default_value: limited(raw.default_value.trim(), MAX_VALUE_CHARS, "默认值", "Default")?,
            multiple: raw.multiple && value_type == OPTIONS,
            required: raw.required,
            verify: raw.verify,
            min,
            max,
            option_values: Vec::new(),
            option_zh: Vec::new(),
            option_en: Vec::new(),
        };
        if value_type == OPTIONS {
            if raw.options.iter().filter(|o| o.default).count() > 1 {
                return Err(Msg::AssetOptionsDefault);
            }
            if raw.options.iter().any(|o| o.value.trim().is_empty()) {
                return Err(Msg::AssetOptionValueEmpty);
            }
            let mut seen = HashSet::new();
            if raw.options.is_empty()
                || raw.options.len() > MAX_OPTIONS
                || !raw.options.iter().all(|o| seen.insert(o.value.trim()))
            {
                return Err(Msg::AssetOptionsRequired);
            }
            for option in &raw.options {
                attribute.option_values.push(limited(option.value.trim(), MAX_VALUE_CHARS, "子选项", "Sub-option")?);
                attribute.option_zh.push(limited(option.label_zh.trim(), MAX_NAME_CHARS, "子选项", "Sub-option")?);
                attribute.option_en.push(limited(option.label_en.trim(), MAX_NAME_CHARS, "子选项", "Sub-option")?);
            }
            attribute.default_value =
                raw.options.iter().find(|o| o.default).map(|o| o.value.trim().to_owned()).unwrap_or_default();
        }
        Ok(attribute)
    }

    /// `raw` as a value of this attribute: required when it says so, a number within the
    /// range when verified, option values of its own (several, comma-separated, only when
    /// multiple). Empty stays empty.
    pub fn value(&self, raw: &str) -> Result<String, Msg> {
        let value = raw.trim();
        let invalid = || Msg::AssetAttributeValueInvalid { name: self.name_zh.clone() };
        if value.is_empty() {
            return if self.required {
                Err(Msg::AssetAttributeRequired { name: self.name_zh.clone() })
            } else {
                Ok(String::new())
            };
        }
        match self.value_type {
            NUMBER => {
                let number: f64 = value.parse().map_err(|_| invalid())?;
                let inside = match (self.min, self.max) {
                    (Some(min), Some(max)) => (min..=max).contains(&number),
                    _ => number.is_finite(),
                };
                if !inside {
                    return Err(invalid());
                }
            }
            OPTIONS => {
                let chosen: Vec<&str> = value.split(',').map(str::trim).collect();
                if (chosen.len() > 1 && !self.multiple)
                    || !chosen.iter().all(|c| self.option_values.iter().any(|o| o == c))
                {
                    return Err(invalid());
                }
            }
            _ => {}
        }
        if value.chars().count() > MAX_VALUE_CHARS {
            return Err(invalid());
        }
        Ok(value.to_owned())
    }
}

/// An asset type as sent.
#[derive(Debug, Default)]
pub struct RawType<'a> {
    pub type_code: &'a str,
    pub name_zh: &'a str,
    pub name_en: &'a str,
    pub remark: &'a str,
    pub attributes: Vec<RawAttribute<'a>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeDraft {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub remark: String,
    pub attributes: Vec<Attribute>,
}

impl TypeDraft {
    pub fn parse(raw: &RawType<'_>) -> Result<Self, Msg> {
        let code = code(raw.type_code)?;
        let (name_zh, name_en) = (name(raw.name_zh)?, name(raw.name_en)?);
        let attributes = raw.attributes.iter().map(Attribute::parse).collect::<Result<Vec<_>, _>>()?;
        let mut seen = HashSet::new();
        if attributes.len() > MAX_ATTRIBUTES || !attributes.iter().all(|a| seen.insert(a.code.clone())) {
            return Err(Msg::AssetAttributesInvalid);
        }
        Ok(Self { code, name_zh, name_en, remark: limited(raw.remark.trim(), 500, "备注", "Remark")?, attributes })
    }
}

/// An asset as sent.
#[derive(Debug, Default)]
pub struct RawAsset<'a> {
    pub asset_code: &'a str,
    pub asset_name: &'a str,
    pub type_id: i64,
    pub expire_date: &'a str,
    pub model: &'a str,
    pub brand: &'a str,
    pub address: &'a str,
    pub supplier: &'a str,
    pub initial_value: &'a str,
    pub residual_rate: &'a str,
    pub start_date: &'a str,
    pub limit_months: i64,
    pub image: &'a str,
    pub attachment: &'a str,
    /// (attribute code, value) as sent.
    pub attributes: Vec<(&'a str, &'a str)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AssetDraft {
    pub code: String,
    pub name: String,
    pub type_id: i64,
    pub expire_date: Option<NaiveDate>,
    pub model: String,
    pub brand: String,
    pub address: String,
    pub supplier: String,
    pub initial_value_cents: i64,
    pub residual_rate_bp: i32,
    pub start_date: NaiveDate,
    pub limit_months: i32,
    pub image: String,
    pub attachment: String,
    pub attr_codes: Vec<String>,
    pub attr_values: Vec<String>,
}

impl AssetDraft {
    /// The asset, checked against its type's `attributes`: each gets a value (its default
    /// when none is sent), and codes the type does not have are ignored.
    pub fn parse(raw: &RawAsset<'_>, attributes: &[Attribute]) -> Result<Self, Msg> {
        let code = code(raw.asset_code)?;
        let name = name(raw.asset_name)?;
        if raw.type_id <= 0 {
            return Err(Msg::AssetTypeRequired);
        }
        let start_date = date(raw.start_date).ok_or(Msg::AssetDateInvalid)?;
        let expire_date = match raw.expire_date.trim() {
            "" => None,
            text => Some(date(text).ok_or(Msg::AssetDateInvalid)?),
        };
        let initial_value_cents =
            cents(raw.initial_value).map_err(|_| Msg::AssetValueInvalid)?.ok_or(Msg::AssetValueInvalid)?;
        let residual_rate_bp = cents(raw.residual_rate)
            .map_err(|_| Msg::AssetResidualRateInvalid)?
            .filter(|bp| *bp <= 10_000)
            .ok_or(Msg::AssetResidualRateInvalid)? as i32;
        let limit_months = i32::try_from(raw.limit_months)
            .ok()
            .filter(|m| (1..=MAX_LIMIT_MONTHS).contains(m))
            .ok_or(Msg::AssetLimitInvalid)?;
        let mut attr_codes = Vec::with_capacity(attributes.len());
        let mut attr_values = Vec::with_capacity(attributes.len());
        for attribute in attributes {
            let sent = raw.attributes.iter().find(|(c, _)| c.trim() == attribute.code).map(|(_, v)| *v);
            let value = attribute.value(sent.unwrap_or(&attribute.default_value))?;
            attr_codes.push(attribute.code.clone());
            attr_values.push(value);
        }
        Ok(Self {
            code,
            name,
            type_id: raw.type_id,
            expire_date,
            model: limited(raw.model.trim(), 50, "型号", "Model")?,
            brand: limited(raw.brand.trim(), 50, "品牌", "Brand")?,
            address: limited(raw.address.trim(), 200, "地址", "Address")?,
            supplier: limited(raw.supplier.trim(), 100, "供应商", "Supplier")?,
            initial_value_cents,
            residual_rate_bp,
            start_date,
            limit_months,
            image: limited(raw.image.trim(), 500, "图片", "Image")?,
            attachment: limited(raw.attachment.trim(), 500, "附件", "Attachment")?,
            attr_codes,
            attr_values,
        })
    }
}

/// Net value in cents on `today` by straight-line depreciation: the initial value less the
/// residual is spread evenly over `limit_months` from the start date; a month counts once
/// whole. Before the start it is the initial value; past the limit, the residual.
pub fn net_value(
    initial_cents: i64,
    residual_rate_bp: i32,
    start: NaiveDate,
    limit_months: i32,
    today: NaiveDate,
) -> i64 {
    let residual = initial_cents * i64::from(residual_rate_bp) / 10_000;
    let mut months = (today.year() - start.year()) * 12 + today.month() as i32 - start.month() as i32;
    if today.day() < start.day() {
        months -= 1;
    }
    let months = i64::from(months.clamp(0, limit_months.max(1)));
    let depreciable = initial_cents - residual;
    initial_cents - depreciable * months / i64::from(limit_months.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn options<'a>(list: &[(&'a str, bool)]) -> Vec<RawOption<'a>> {
        list.iter()
            .map(|(value, default)| RawOption { value, label_zh: value, label_en: value, default: *default })
            .collect()
    }

    fn attribute<'a>(value_type: &'a str) -> RawAttribute<'a> {
        RawAttribute { attr_code: "power", name_zh: "功率", name_en: "Power", value_type, ..Default::default() }
    }

    #[test]
    fn attributes_follow_section_5() {
        let mut select = attribute(OPTIONS);
        select.options = options(&[("LED", true), ("HPS", true)]);
        assert_eq!(Attribute::parse(&select), Err(Msg::AssetOptionsDefault));
        select.options = options(&[("LED", true), (" ", false)]);
        assert_eq!(Attribute::parse(&select), Err(Msg::AssetOptionValueEmpty));
        select.options = options(&[]);
        assert_eq!(Attribute::parse(&select), Err(Msg::AssetOptionsRequired));
        select.options = options(&[("LED", false), ("LED", false)]);
        assert_eq!(Attribute::parse(&select), Err(Msg::AssetOptionsRequired));
        select.options = options(&[("LED", false), ("HPS", true)]);
        let parsed = Attribute::parse(&select).unwrap();
        assert_eq!((parsed.default_value.as_str(), parsed.option_values.len()), ("HPS", 2));

        let mut number = attribute(NUMBER);
        number.verify = true;
        assert_eq!(Attribute::parse(&number), Err(Msg::AssetRangeRequired));
        number.min = Some(10.0);
        number.max = Some(5.0);
        assert_eq!(Attribute::parse(&number), Err(Msg::AssetRangeRequired));
        number.max = Some(400.0);
        assert!(Attribute::parse(&number).is_ok());
        assert_eq!(Attribute::parse(&attribute("4")), Err(Msg::AssetAttributeTypeInvalid));
    }

    #[test]
    fn values_follow_their_attribute() {
        let mut number = attribute(NUMBER);
        (number.verify, number.min, number.max, number.required) = (true, Some(10.0), Some(400.0), true);
        let number = Attribute::parse(&number).unwrap();
        assert_eq!(number.value(" 150 "), Ok("150".into()));
        assert_eq!(number.value("401"), Err(Msg::AssetAttributeValueInvalid { name: "功率".into() }));
        assert_eq!(number.value("abc"), Err(Msg::AssetAttributeValueInvalid { name: "功率".into() }));
        assert_eq!(number.value(""), Err(Msg::AssetAttributeRequired { name: "功率".into() }));
        let mut select = attribute(OPTIONS);
        select.options = options(&[("LED", false), ("HPS", false)]);
        let single = Attribute::parse(&select).unwrap();
        assert_eq!(single.value("LED"), Ok("LED".into()));
        assert!(single.value("LED,HPS").is_err());
        assert!(single.value("MH").is_err());
        select.multiple = true;
        assert_eq!(Attribute::parse(&select).unwrap().value("LED, HPS"), Ok("LED, HPS".into()));
    }

    #[test]
    fn an_asset_takes_its_attributes_defaults() {
        let mut select = attribute(OPTIONS);
        select.options = options(&[("LED", true), ("HPS", false)]);
        let attributes = [Attribute::parse(&select).unwrap()];
        let raw = RawAsset {
            asset_code: "ZC-001",
            asset_name: "投光灯",
            type_id: 1,
            initial_value: "1200",
            residual_rate: "5",
            start_date: "2026-01-15",
            limit_months: 60,
            ..Default::default()
        };
        let asset = AssetDraft::parse(&raw, &attributes).unwrap();
        assert_eq!(
            (asset.attr_values.clone(), asset.initial_value_cents, asset.residual_rate_bp),
            (vec!["LED".to_owned()], 120_000, 500)
        );
        let bad = |f: fn(&mut RawAsset<'static>)| {
            let mut raw = RawAsset {
                asset_code: "ZC-001",
                asset_name: "灯",
                type_id: 1,
                initial_value: "1",
                residual_rate: "0",
                start_date: "2026-01-01",
                limit_months: 12,
                ..Default::default()
            };
            f(&mut raw);
            AssetDraft::parse(&raw, &[]).unwrap_err()
        };
        assert_eq!(bad(|a| a.asset_code = "ZC 1"), Msg::AssetCodeInvalid);
        assert_eq!(bad(|a| a.type_id = 0), Msg::AssetTypeRequired);
        assert_eq!(bad(|a| a.start_date = ""), Msg::AssetDateInvalid);
        assert_eq!(bad(|a| a.expire_date = "2026/01/01"), Msg::AssetDateInvalid);
        assert_eq!(bad(|a| a.initial_value = ""), Msg::AssetValueInvalid);
        assert_eq!(bad(|a| a.residual_rate = "100.01"), Msg::AssetResidualRateInvalid);
        assert_eq!(bad(|a| a.limit_months = 0), Msg::AssetLimitInvalid);
    }

    #[test]
    fn straight_line_depreciation() {
        // 1,200.00 at 5% residual over 60 months: 19.00 a month.
        let start = day("2026-01-15");
        assert_eq!(net_value(120_000, 500, start, 60, day("2026-01-01")), 120_000);
        assert_eq!(net_value(120_000, 500, start, 60, day("2026-02-14")), 120_000);
        assert_eq!(net_value(120_000, 500, start, 60, day("2026-02-15")), 118_100);
        assert_eq!(net_value(120_000, 500, start, 60, day("2027-01-15")), 120_000 - 12 * 1_900);
        assert_eq!(net_value(120_000, 500, start, 60, day("2031-01-15")), 6_000);
        assert_eq!(net_value(120_000, 500, start, 60, day("2040-01-01")), 6_000);
    }

    #[test]
    fn records_move_statuses() {
        assert_eq!(RecordType::Receive.next(IDLE, "A"), Ok(IN_USE));
        assert_eq!(RecordType::Receive.next(IN_USE, "A"), Err(Msg::AssetNotIdle { code: "A".into() }));
        assert_eq!(RecordType::Repair.next(IN_USE, "A"), Ok(UNDER_REPAIR));
        assert_eq!(RecordType::Return.next(UNDER_REPAIR, "A"), Ok(IDLE));
        assert_eq!(RecordType::Scrap.next(UNDER_REPAIR, "A"), Ok(SCRAPPED));
        for kind in [RecordType::Receive, RecordType::Return, RecordType::Repair, RecordType::Scrap] {
            assert_eq!(kind.next(SCRAPPED, "A"), Err(Msg::AssetScrapped { code: "A".into() }));
        }
    }
}
