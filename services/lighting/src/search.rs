//! What the logs' searches (commands, communication records) read from the console: a word
//! of a closed list and an instant; anything else is refused as not valid conditions.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

/// The search's refusal: 'The search conditions are not valid'.
pub fn invalid() -> Error {
    Error::bad_request(Msg::CommandFilterInvalid)
}

/// A word of `known` (trimmed), `None` for empty (matches all), refused otherwise.
pub fn word(text: &str, known: &[&str]) -> Result<Option<String>, Error> {
    match text.trim() {
        "" => Ok(None),
        w if known.contains(&w) => Ok(Some(w.to_owned())),
        _ => Err(invalid()),
    }
}

/// An instant in Unix ms, `None` for 0 (not given), refused when negative or out of range.
pub fn instant(ms: i64) -> Result<Option<DateTime<Utc>>, Error> {
    match ms {
        0 => Ok(None),
        ms => DateTime::from_timestamp_millis(ms).filter(|_| ms > 0).map(Some).ok_or_else(invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_instants_are_read_or_refused() {
        assert_eq!(word(" up ", &["up", "down"]).unwrap().as_deref(), Some("up"));
        assert_eq!(word("", &["up"]).unwrap(), None);
        assert_eq!(word("left", &["up"]).unwrap_err().msg, Msg::CommandFilterInvalid);
        assert_eq!(instant(0).unwrap(), None);
        assert_eq!(instant(1_000).unwrap().map(|t| t.timestamp_millis()), Some(1_000));
        assert_eq!(instant(-1).unwrap_err().msg, Msg::CommandFilterInvalid);
        assert!(instant(i64::MAX).is_err());
    }
}
