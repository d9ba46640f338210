//! Advice rules. Pure: no I/O.

use lumiscape_common::i18n::Msg;

pub const MAX_TITLE_CHARS: usize = 100;
pub const MAX_TEXT_CHARS: usize = 2000;

fn text(value: &str, max: usize, invalid: Msg) -> Result<String, Msg> {
    let value = value.trim();
    if value.is_empty() || value.chars().count() > max { Err(invalid) } else { Ok(value.to_owned()) }
}

/// Feedback as sent: a title and the text.
pub fn parse_advice(title: &str, content: &str) -> Result<(String, String), Msg> {
    Ok((
        text(title, MAX_TITLE_CHARS, Msg::AdviceTitleInvalid)?,
        text(content, MAX_TEXT_CHARS, Msg::AdviceContentInvalid)?,
    ))
}

/// An administrator's reply and the status it leaves (replied unless said otherwise).
pub fn parse_reply(reply: &str, status: &str) -> Result<(String, &'static str), Msg> {
    let reply = text(reply, MAX_TEXT_CHARS, Msg::AdviceReplyInvalid)?;
    let status = match status.trim() {
        "" | "1" => "1",
        "2" => "2",
        "0" => "0",
        _ => return Err(Msg::AdviceStatusInvalid),
    };
    Ok((reply, status))
}

/// A status filter: empty for any.
pub fn parse_status_filter(status: &str) -> Result<&'static str, Msg> {
    match status.trim() {
        "" => Ok(""),
        "0" => Ok("0"),
        "1" => Ok("1"),
        "2" => Ok("2"),
        _ => Err(Msg::AdviceStatusInvalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feedback_and_replies_are_checked() {
        assert_eq!(parse_advice(" 灯不亮 ", " 三号桥 "), Ok(("灯不亮".into(), "三号桥".into())));
        assert_eq!(parse_advice("", "x"), Err(Msg::AdviceTitleInvalid));
        assert_eq!(parse_advice("x", &"长".repeat(2001)), Err(Msg::AdviceContentInvalid));
        assert_eq!(parse_reply("已派单", ""), Ok(("已派单".into(), "1")));
        assert_eq!(parse_reply("已修复", "2"), Ok(("已修复".into(), "2")));
        assert_eq!(parse_reply(" ", "1"), Err(Msg::AdviceReplyInvalid));
        assert_eq!(parse_reply("x", "9"), Err(Msg::AdviceStatusInvalid));
        assert_eq!(parse_status_filter("3"), Err(Msg::AdviceStatusInvalid));
    }
}
