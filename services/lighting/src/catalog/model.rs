//! Categories and types as a person enters them. Pure: every check lives here.

use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

use crate::gateway::model::MAX_REMARK_CHARS;

pub const MAX_NAME_CHARS: usize = 30;
pub const MAX_CODE_CHARS: usize = 32;
pub const MAX_TYPE_VALUE: i64 = 255;
pub const STATUS_CHECK_SECONDS: std::ops::RangeInclusive<i64> = 10..=86_400;
pub const MINIMUM_BURN_MINUTES: std::ops::RangeInclusive<i64> = 0..=240;

#[derive(Debug, Clone, Default)]
pub struct RawCategory {
    pub name: String,
    pub code: String,
    pub remark: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryDraft {
    pub name: String,
    pub code: String,
    pub remark: String,
}

fn name(text: &str, invalid: Msg) -> Result<String, Error> {
    let name = text.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(Error::bad_request(invalid));
    }
    Ok(name.to_owned())
}

/// Letters, digits, underscore and hyphen only (spec section 5), 1 to 32.
fn code(text: &str, invalid: Msg) -> Result<String, Error> {
    let code = text.trim();
    if code.len() > MAX_CODE_CHARS || !lumiscape_common::text::is_code(code) {
        return Err(Error::bad_request(invalid));
    }
    Ok(code.to_owned())
}

fn remark(text: &str) -> Result<String, Error> {
    let remark = text.trim();
    if remark.chars().count() > MAX_REMARK_CHARS {
        return Err(Error::bad_request(Msg::RemarkInvalid));
    }
    Ok(remark.to_owned())
}

fn within(value: i64, range: std::ops::RangeInclusive<i64>, invalid: Msg) -> Result<i32, Error> {
    if !range.contains(&value) {
        return Err(Error::bad_request(invalid));
    }
    i32::try_from(value).map_err(|_| Error::bad_request(invalid))
}

impl CategoryDraft {
    pub fn parse(raw: &RawCategory) -> Result<Self, Error> {
        Ok(Self {
            name: name(&raw.name, Msg::CategoryNameInvalid)?,
            code: code(&raw.code, Msg::CategoryCodeInvalid)?,
            remark: remark(&raw.remark)?,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct RawType {
    pub category_id: i64,
    pub name: String,
    pub code: String,
    pub value: i64,
    pub status_check_seconds: i64,
    pub minimum_burn_minutes: i64,
    pub remark: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeDraft {
    pub category_id: i64,
    pub name: String,
    pub code: String,
    pub value: i16,
    pub status_check_seconds: i32,
    pub minimum_burn_minutes: i32,
    pub remark: String,
}

impl TypeDraft {
    /// Checks every field in the order the form shows them; the category's existence in the
    /// project is the store's to check.
    pub fn parse(raw: &RawType) -> Result<Self, Error> {
        if raw.category_id <= 0 {
            return Err(Error::not_found(Msg::CategoryNotFound));
        }
        let name = name(&raw.name, Msg::TypeNameInvalid)?;
        let code = code(&raw.code, Msg::TypeCodeInvalid)?;
        let value = within(raw.value, 0..=MAX_TYPE_VALUE, Msg::TypeValueInvalid)?;
        let status_check_seconds = within(raw.status_check_seconds, STATUS_CHECK_SECONDS, Msg::StatusCheckInvalid)?;
        let minimum_burn_minutes = within(raw.minimum_burn_minutes, MINIMUM_BURN_MINUTES, Msg::MinimumBurnInvalid)?;
        Ok(Self {
            category_id: raw.category_id,
            name,
            code,
            value: i16::try_from(value).map_err(|_| Error::bad_request(Msg::TypeValueInvalid))?,
            status_check_seconds,
            minimum_burn_minutes,
            remark: remark(&raw.remark)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A change to a valid input that makes it invalid.
    type Change<T> = fn(&mut T);

    fn raw_type() -> RawType {
        RawType {
            category_id: 3,
            name: " Flood light ".into(),
            code: "FLOOD-1".into(),
            value: 0,
            status_check_seconds: 300,
            minimum_burn_minutes: 15,
            remark: String::new(),
        }
    }

    #[test]
    fn a_category_needs_a_name_and_a_code_of_letters_digits_underscore_and_hyphen() {
        let raw = RawCategory { name: "Lamps".into(), code: "lamp_01".into(), remark: String::new() };
        assert_eq!(CategoryDraft::parse(&raw).unwrap().code, "lamp_01");
        for (change, expected) in [
            (RawCategory { name: String::new(), ..raw.clone() }, Msg::CategoryNameInvalid),
            (RawCategory { code: "lamp 01".into(), ..raw.clone() }, Msg::CategoryCodeInvalid),
            (RawCategory { code: "灯".into(), ..raw.clone() }, Msg::CategoryCodeInvalid),
            (RawCategory { code: "x".repeat(33), ..raw.clone() }, Msg::CategoryCodeInvalid),
            (RawCategory { remark: "r".repeat(201), ..raw.clone() }, Msg::RemarkInvalid),
        ] {
            assert_eq!(CategoryDraft::parse(&change).unwrap_err().msg, expected);
        }
    }

    #[test]
    fn a_type_is_checked_field_by_field() {
        let draft = TypeDraft::parse(&raw_type()).unwrap();
        assert_eq!((draft.name.as_str(), draft.value, draft.minimum_burn_minutes), ("Flood light", 0, 15));
        let cases: Vec<(Change<RawType>, Msg)> = vec![
            (|t| t.category_id = 0, Msg::CategoryNotFound),
            (|t| t.name = "n".repeat(31), Msg::TypeNameInvalid),
            (|t| t.code = "a/b".into(), Msg::TypeCodeInvalid),
            (|t| t.value = 256, Msg::TypeValueInvalid),
            (|t| t.value = -1, Msg::TypeValueInvalid),
            (|t| t.status_check_seconds = 9, Msg::StatusCheckInvalid),
            (|t| t.status_check_seconds = 86_401, Msg::StatusCheckInvalid),
            (|t| t.minimum_burn_minutes = 241, Msg::MinimumBurnInvalid),
            (|t| t.minimum_burn_minutes = -1, Msg::MinimumBurnInvalid),
        ];
        for (change, expected) in cases {
            let mut raw = raw_type();
            change(&mut raw);
            assert_eq!(TypeDraft::parse(&raw).unwrap_err().msg, expected);
        }
    }

    proptest! {
        /// Any numbers either give a type within every bound or a refusal; never a panic.
        #[test]
        fn any_numbers_are_in_bounds_or_refused(value in any::<i64>(), check in any::<i64>(), burn in any::<i64>()) {
            let raw = RawType { value, status_check_seconds: check, minimum_burn_minutes: burn, ..raw_type() };
            if let Ok(draft) = TypeDraft::parse(&raw) {
                prop_assert!((0..=255).contains(&draft.value));
                prop_assert!((10..=86_400).contains(&draft.status_check_seconds));
                prop_assert!((0..=240).contains(&draft.minimum_burn_minutes));
            }
        }
    }
}
