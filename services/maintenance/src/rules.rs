//! Rules the maintenance service's modules share, pure: trimmed text within a length, the
//! lists' keyword, codes, dates and local times as forms write them, a date range that is
//! neither past nor empty (spec section 5: inspection plans and maintenance contracts), and
//! money in cents. Each module names its own messages; the checks are here once.

use chrono::{DateTime, Local, NaiveDate, NaiveDateTime, TimeZone, Utc};
use lumiscape_common::i18n::Msg;
use lumiscape_common::text::is_code;

/// Longest keyword a list searches for, in characters.
pub const MAX_KEYWORD_CHARS: usize = 64;
/// The largest amount, in cents: 999,999,999.99.
pub const MAX_AMOUNT_CENTS: i64 = 99_999_999_999;

/// `text` trimmed, when it is 1 to `max` characters.
pub fn bounded(text: &str, max: usize) -> Option<String> {
    let trimmed = text.trim();
    (1..=max).contains(&trimmed.chars().count()).then(|| trimmed.to_owned())
}

/// A list's keyword, trimmed; a bad request when longer than [`MAX_KEYWORD_CHARS`].
pub fn keyword(text: &str) -> Result<String, Msg> {
    let text = text.trim();
    if text.chars().count() > MAX_KEYWORD_CHARS { Err(Msg::BadRequest) } else { Ok(text.to_owned()) }
}

/// A code trimmed, when it is letters, digits, underscore and hyphen only, 1 to `max` long.
pub fn code(text: &str, max: usize) -> Option<String> {
    let code = text.trim();
    (is_code(code) && code.chars().count() <= max).then(|| code.to_owned())
}

/// `YYYY-MM-DD`, surrounding spaces ignored.
pub fn date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// `YYYY-MM-DD HH:mm:ss` in the server's local time.
pub fn local_time(text: &str) -> Option<DateTime<Utc>> {
    let naive = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").ok()?;
    Local.from_local_datetime(&naive).earliest().map(|at| at.with_timezone(&Utc))
}

/// What a date range's refusals say, in the module's words.
#[derive(Debug, Clone)]
pub struct RangeMessages {
    pub required: Msg,
    pub past: Msg,
    pub start_after_end: Msg,
}

/// Start and end dates as sent, checked: both written, neither before `today` (the start
/// may be `kept`, the one an edited record has now, though it has passed), the start not
/// after the end. The first rule broken names its message.
pub fn date_range(
    start: &str,
    end: &str,
    today: NaiveDate,
    kept: Option<NaiveDate>,
    msgs: RangeMessages,
) -> Result<(NaiveDate, NaiveDate), Msg> {
    let (Some(start), Some(end)) = (date(start), date(end)) else {
        return Err(msgs.required);
    };
    if (start < today && kept != Some(start)) || end < today {
        return Err(msgs.past);
    }
    if start > end {
        return Err(msgs.start_after_end);
    }
    Ok((start, end))
}

/// An amount that is not one: not digits with at most two decimals, or past the largest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAnAmount;

/// An amount as written ("12", "12.5", "12.50"), in cents; empty is none.
pub fn cents(text: &str) -> Result<Option<i64>, NotAnAmount> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 || whole.len() > 9 {
        return Err(NotAnAmount);
    }
    let whole: i64 = whole.parse().map_err(|_| NotAnAmount)?;
    let fraction: i64 = format!("{fraction:0<2}").parse().map_err(|_| NotAnAmount)?;
    let cents = whole * 100 + fraction;
    if cents > MAX_AMOUNT_CENTS {
        return Err(NotAnAmount);
    }
    Ok(Some(cents))
}

/// Cents as an amount with two decimals.
pub fn amount(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_amount_reads_back(cents_in in 0i64..=MAX_AMOUNT_CENTS) {
            prop_assert_eq!(cents(&amount(cents_in)), Ok(Some(cents_in)));
        }

        #[test]
        // Space around an amount is trimmed, so the stray character is neither a digit, a
        // point nor space.
        fn what_is_not_digits_is_no_amount(text in "[0-9]{0,3}[^0-9.\\s][0-9]{0,3}") {
            prop_assert_eq!(cents(&text), Err(NotAnAmount));
        }
    }

    #[test]
    fn a_range_names_the_first_rule_it_breaks() {
        let msgs = || RangeMessages {
            required: Msg::MaintenanceContractDatesRequired,
            past: Msg::MaintenanceContractDatePast,
            start_after_end: Msg::MaintenanceContractStartAfterEnd,
        };
        let today = date("2026-11-27").unwrap();
        let range = |start, end, kept| date_range(start, end, today, kept, msgs());
        assert!(range(" 2026-11-27 ", "2026-11-27", None).is_ok());
        assert_eq!(range("2026-11-27", "x", None), Err(Msg::MaintenanceContractDatesRequired));
        assert_eq!(range("2026-11-20", "2026-12-01", None), Err(Msg::MaintenanceContractDatePast));
        assert!(range("2026-11-20", "2026-12-01", date("2026-11-20")).is_ok());
        assert_eq!(range("2026-12-02", "2026-12-01", None), Err(Msg::MaintenanceContractStartAfterEnd));
        assert_eq!(keyword(&"字".repeat(65)), Err(Msg::BadRequest));
        assert_eq!(code(" ZC-1 ", 32).as_deref(), Some("ZC-1"));
        assert_eq!(code("ZC 1", 32), None);
    }
}
