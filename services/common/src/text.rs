//! Text rules of the spec (section 5) that several modules apply: phones, codes, lengths
//! and list filters.

use crate::i18n::Msg;

/// A phone, when given: 11 digits, starting with 1, the second digit 3 to 9.
pub fn is_valid_phone(phone: &str) -> bool {
    let bytes = phone.as_bytes();
    bytes.len() == 11 && bytes.iter().all(u8::is_ascii_digit) && bytes[0] == b'1' && (b'3'..=b'9').contains(&bytes[1])
}

/// A code: letters, digits, underscore and hyphen only, and not empty.
pub fn is_code(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A field's text as it is, when at most `max` characters; else the field's
/// [`Msg::FieldTooLong`] naming it in both languages.
pub fn bounded(text: &str, max: usize, zh: &'static str, en: &'static str) -> Result<String, Msg> {
    if text.chars().count() > max {
        return Err(Msg::FieldTooLong { zh, en, max: max as u32 });
    }
    Ok(text.to_owned())
}

/// A list's text filter, trimmed; [`Msg::SearchTooLong`] when over `max` characters.
pub fn filter(text: &str, max: usize) -> Result<&str, Msg> {
    let text = text.trim();
    if text.chars().count() > max { Err(Msg::SearchTooLong) } else { Ok(text) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_follow_the_spec() {
        for good in ["13800138000", "19912345678"] {
            assert!(is_valid_phone(good), "{good}");
        }
        for bad in ["", "12800138000", "1380013800", "138001380001", "1380013800a", "0571-8888666"] {
            assert!(!is_valid_phone(bad), "{bad}");
        }
    }

    #[test]
    fn lengths_count_characters_and_filters_are_trimmed() {
        assert_eq!(bounded("负责人", 3, "负责人", "The principal"), Ok("负责人".to_owned()));
        assert_eq!(
            bounded("负责人x", 3, "负责人", "The principal"),
            Err(Msg::FieldTooLong { zh: "负责人", en: "The principal", max: 3 })
        );
        assert_eq!(filter("  滨江 ", 2), Ok("滨江"));
        assert_eq!(filter("滨江公园", 2), Err(Msg::SearchTooLong));
    }

    #[test]
    fn codes_are_letters_digits_underscore_and_hyphen() {
        assert!(is_code("LS-DEMO_001"));
        for bad in ["", "a b", "项目", "a.b", "a/b"] {
            assert!(!is_code(bad), "{bad}");
        }
    }
}
