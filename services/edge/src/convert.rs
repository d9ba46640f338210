//! The edge's conversions between the console's JSON and the services' messages, written
//! once: times, switches, lenient numbers and text from bodies, numbers from query strings,
//! paging and ids in paths. The services check every value; these only reshape, and pass a
//! value of the wrong JSON type through in a form the service refuses with a message naming
//! the field.

use std::str::FromStr;

use chrono::{Days, NaiveDate, TimeZone};

use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use serde::Deserialize;
use serde_json::Value;

use crate::envelope::ApiError;

/// Unix milliseconds as the console's `YYYY-MM-DD HH:mm:ss` in the server's time zone;
/// `None` for 0 (unknown).
pub fn local_time(ms: i64) -> Option<String> {
    use chrono::{Datelike, Timelike};
    use std::fmt::Write;
    // Written field by field: `format` parses its pattern on every call, and a list page
    // formats two times per row.
    let t = chrono::DateTime::from_timestamp_millis(ms).filter(|_| ms > 0)?.with_timezone(&chrono::Local);
    let mut text = String::with_capacity(19);
    let _ = write!(
        text,
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        t.year(),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    );
    Some(text)
}

/// A switch as the console writes it: "1" on, "0" off.
pub fn flag(on: bool) -> &'static str {
    if on { "1" } else { "0" }
}

/// A body value as text: strings as they are, numbers as written, absent as empty; any
/// other JSON goes through as written and fails the service's check.
pub fn text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A list of ids in a body: each a number or numeric string; anything else is 0, and a
/// value that is not a list is `[0]`, which the service refuses, naming the field.
pub fn ids(value: &Value) -> Vec<i64> {
    match value {
        Value::Array(items) => items.iter().map(id).collect(),
        Value::Null => Vec::new(),
        _ => vec![0],
    }
}

/// An id or count in a body, sent as a number or a numeric string: absent or unreadable is
/// 0, which the service refuses.
pub fn id(value: &Value) -> i64 {
    match value {
        Value::Number(number) => number.as_i64().unwrap_or(0),
        Value::String(text) => text.trim().parse().unwrap_or(0),
        _ => 0,
    }
}

/// An edited record's id in a body (`PUT`, where 0 would mean "add"): absent or unreadable
/// is -1, which the service refuses as an invalid id.
pub fn edited_id(value: &Value) -> i64 {
    match id(value) {
        0 => -1,
        id => id,
    }
}

/// A switch in a body sent as JSON's own: true, 1, "1" or "true"; anything else is off.
pub fn switched(value: &Value) -> bool {
    match value {
        Value::Bool(on) => *on,
        Value::Number(n) => n.as_i64() == Some(1),
        Value::String(s) => matches!(s.trim(), "1" | "true"),
        _ => false,
    }
}

/// A whole number in a body (seconds, say): absent is 0, anything unreadable -1, which the
/// service refuses as out of range.
pub fn whole(value: &Value) -> i64 {
    match value {
        Value::Null => 0,
        Value::Number(number) => number.as_i64().unwrap_or(-1),
        Value::String(text) if text.trim().is_empty() => 0,
        Value::String(text) => text.trim().parse().unwrap_or(-1),
        _ => -1,
    }
}

/// An optional whole number in a body: absent, null or empty is None; anything unreadable
/// is -1, which the service refuses as out of range.
pub fn optional_whole(value: &Value) -> Option<i64> {
    match value {
        Value::Null => None,
        Value::String(text) if text.trim().is_empty() => None,
        other => Some(whole(other)),
    }
}

/// A decimal in a body (a coordinate, say): absent or empty is None; anything unreadable is
/// NaN, which the service refuses as out of range.
pub fn decimal(value: &Value) -> Option<f64> {
    match value {
        Value::Null => None,
        Value::Number(number) => Some(number.as_f64().unwrap_or(f64::NAN)),
        Value::String(text) if text.trim().is_empty() => None,
        Value::String(text) => Some(text.trim().parse().unwrap_or(f64::NAN)),
        _ => Some(f64::NAN),
    }
}

/// A list of texts in a body: a JSON list, or one comma-separated text (as RuoYi stores
/// picture lists); anything else is one unreadable entry, which the service refuses.
pub fn texts(value: &Value) -> Vec<String> {
    match value {
        Value::Null => Vec::new(),
        Value::Array(items) => items.iter().map(text).collect(),
        Value::String(joined) => {
            joined.split(',').map(str::trim).filter(|part| !part.is_empty()).map(str::to_owned).collect()
        }
        other => vec![other.to_string()],
    }
}

/// A query parameter that must be a number when given; empty means absent.
pub fn number<T: FromStr>(text: Option<&str>, invalid: Msg, lang: Lang) -> Result<Option<T>, ApiError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| ApiError::new(ErrorCode::BadRequest, &invalid, lang)),
    }
}

/// A `projectId` query parameter naming another project than the selected one: its id, or 0
/// when absent (the selected project); anything but a positive number is a bad request.
pub fn project_or_selected(text: Option<&str>, lang: Lang) -> Result<i64, ApiError> {
    match number::<i64>(text, Msg::ProjectIdInvalid, lang)? {
        None => Ok(0),
        Some(id) if id > 0 => Ok(id),
        Some(_) => Err(ApiError::new(ErrorCode::BadRequest, &Msg::ProjectIdInvalid, lang)),
    }
}

/// An id in a path: a positive number, else a bad request with `invalid`.
pub fn path_id(text: &str, invalid: Msg, lang: Lang) -> Result<i64, ApiError> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::new(ErrorCode::BadRequest, &invalid, lang))
}

/// Ids in a path, comma-separated (`DELETE /x/1,2,3`); the service checks how many.
pub fn path_ids(text: &str, invalid: Msg, lang: Lang) -> Result<Vec<i64>, ApiError> {
    text.split(',').map(|part| path_id(part, invalid.clone(), lang)).collect()
}

/// RuoYi's paging parameters of every list, flattened into its query. Numbers out of range
/// are the services' to bring into range (`lumiscape_common::paging`); what is not a number
/// is refused here.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    page_num: Option<String>,
    page_size: Option<String>,
}

impl PageQuery {
    /// `(pageNum, pageSize)` for the service; a number past `i32` saturates.
    pub fn numbers(&self, lang: Lang) -> Result<(Option<i32>, Option<i32>), ApiError> {
        let read = |text: Option<&str>| {
            number::<i64>(text, Msg::PageInvalid, lang)
                .map(|n| n.map(|n| i32::try_from(n).unwrap_or(if n < 0 { i32::MIN } else { i32::MAX })))
        };
        Ok((read(self.page_num.as_deref())?, read(self.page_size.as_deref())?))
    }
}

/// Local midnight of a day (`YYYY-MM-DD`, a time after it is ignored) plus `days`, in Unix
/// milliseconds; 0 when absent.
pub fn day_start(day: Option<String>, days: u64, lang: Lang) -> Result<i64, ApiError> {
    let Some(day) = day.filter(|d| !d.trim().is_empty()) else {
        return Ok(0);
    };
    let invalid = || ApiError::new(ErrorCode::BadRequest, &Msg::DateInvalid, lang);
    // The day of `YYYY-MM-DD` or of `YYYY-MM-DD HH:mm:ss` (RuoYi compares whole days).
    let day = day.trim();
    let date_part = day.split_once(' ').map_or(day, |(date, _)| date);
    let date = NaiveDate::parse_from_str(date_part, "%Y-%m-%d").map_err(|_| invalid())?;
    let midnight = date.checked_add_days(Days::new(days)).and_then(|d| d.and_hms_opt(0, 0, 0)).ok_or_else(invalid)?;
    let local = chrono::Local.from_local_datetime(&midnight).earliest().ok_or_else(invalid)?;
    Ok(local.timestamp_millis())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn body_values_pass_through_as_text() {
        assert_eq!(text(&json!("15.0")), "15.0");
        assert_eq!(text(&json!(15.5)), "15.5");
        assert_eq!(text(&json!(1)), "1");
        assert_eq!(text(&Value::Null), "");
        assert_eq!(text(&json!(true)), "true");
    }

    #[test]
    fn ids_and_whole_numbers_are_lenient_but_never_guess() {
        assert_eq!(id(&json!(12)), 12);
        assert_eq!(id(&json!(" 7 ")), 7);
        assert_eq!(id(&json!(1.5)), 0);
        assert_eq!(id(&json!("x")), 0);
        assert_eq!(id(&json!([7])), 0);
        assert_eq!(whole(&json!(60)), 60);
        assert_eq!(whole(&json!("60")), 60);
        assert_eq!(whole(&Value::Null), 0);
        assert_eq!(whole(&json!(1.5)), -1);
        assert_eq!(whole(&json!("soon")), -1);
    }

    #[test]
    fn query_numbers_are_optional_but_must_be_numbers() {
        assert_eq!(number::<i32>(None, Msg::BadRequest, Lang::En).unwrap(), None);
        assert_eq!(number::<i32>(Some(" "), Msg::BadRequest, Lang::En).unwrap(), None);
        assert_eq!(number::<i32>(Some("3"), Msg::BadRequest, Lang::En).unwrap(), Some(3));
        assert_eq!(number::<i32>(Some("abc"), Msg::BadRequest, Lang::En).unwrap_err().code, 400);
    }

    #[test]
    fn paging_saturates_and_refuses_words() {
        let page = PageQuery { page_num: Some("99999999999".into()), page_size: Some("-5".into()) };
        assert_eq!(page.numbers(Lang::En).unwrap(), (Some(i32::MAX), Some(-5)));
        let words = PageQuery { page_num: Some("two".into()), page_size: None };
        assert_eq!(words.numbers(Lang::En).unwrap_err().code, 400);
        assert_eq!(PageQuery::default().numbers(Lang::En).unwrap(), (None, None));
    }

    #[test]
    fn path_ids_are_positive_numbers() {
        assert_eq!(path_id(" 7 ", Msg::BadRequest, Lang::En).unwrap(), 7);
        assert!(path_id("0", Msg::BadRequest, Lang::En).is_err());
        assert!(path_id("x", Msg::BadRequest, Lang::En).is_err());
        assert_eq!(path_ids("1,2", Msg::BadRequest, Lang::En).unwrap(), vec![1, 2]);
        assert!(path_ids("1,,2", Msg::BadRequest, Lang::En).is_err());
    }

    #[test]
    fn times_are_local_and_zero_is_none() {
        assert_eq!(local_time(0), None);
        assert_eq!(local_time(1_700_000_000_000).map(|t| t.len()), Some(19));
        for ms in [1, 1_700_000_000_123, 1_735_689_599_999, 4_102_444_800_000] {
            let expected = chrono::DateTime::from_timestamp_millis(ms)
                .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string());
            assert_eq!(local_time(ms), expected, "{ms}");
        }
    }
}
