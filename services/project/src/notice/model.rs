//! Announcement rules: what a notice may hold. Pure: no I/O.

use lumiscape_common::i18n::Msg;

use lumiscape_common::text::bounded;

use crate::project::model::check_picture;

/// Longest title, in characters (RuoYi's column).
pub const MAX_TITLE_CHARS: usize = 50;
/// Longest content, in characters.
pub const MAX_CONTENT_CHARS: usize = 10_000;
/// Longest remark, in characters.
pub const MAX_REMARK_CHARS: usize = 255;
/// Longest filter of the list, in characters.
pub const MAX_FILTER_CHARS: usize = 50;
/// The most notices one delete names.
pub const MAX_DELETE: usize = 100;

/// What the form sent.
#[derive(Debug, Clone, Default)]
pub struct RawNotice<'a> {
    pub notice_title: &'a str,
    pub notice_type: &'a str,
    pub notice_content: &'a str,
    pub notice_image: &'a str,
    pub status: &'a str,
    pub remark: &'a str,
}

/// A notice as checked: trimmed and in range. The content is kept as written (it is shown
/// as text, never as markup).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeDraft {
    pub notice_title: String,
    pub notice_type: String,
    pub notice_content: String,
    pub notice_image: String,
    pub status: String,
    pub remark: String,
}

impl NoticeDraft {
    /// The notice, or the first rule it breaks. An absent type is an announcement ('2'), an
    /// absent status normal ('0').
    pub fn parse(raw: &RawNotice<'_>) -> Result<Self, Msg> {
        let title = raw.notice_title.trim();
        if title.is_empty() {
            return Err(Msg::NoticeTitleRequired);
        }
        let notice_title = bounded(title, MAX_TITLE_CHARS, "公告标题", "The title")?;
        let notice_type = match raw.notice_type.trim() {
            "" => "2".to_owned(),
            kind @ ("1" | "2") => kind.to_owned(),
            _ => return Err(Msg::NoticeTypeInvalid),
        };
        let status = match raw.status.trim() {
            "" => "0".to_owned(),
            status @ ("0" | "1") => status.to_owned(),
            _ => return Err(Msg::NoticeStatusInvalid),
        };
        Ok(Self {
            notice_title,
            notice_type,
            notice_content: bounded(raw.notice_content, MAX_CONTENT_CHARS, "公告内容", "The content")?,
            notice_image: check_picture(raw.notice_image)?,
            status,
            remark: bounded(raw.remark.trim(), MAX_REMARK_CHARS, "备注", "The remark")?,
        })
    }
}

/// A list filter: trimmed, at most [`MAX_FILTER_CHARS`].
pub fn check_filter(text: &str) -> Result<&str, Msg> {
    lumiscape_common::text::filter(text, MAX_FILTER_CHARS)
}

/// The ids of a delete: 1 to [`MAX_DELETE`], each positive, repeats dropped.
pub fn check_ids(ids: &[i64]) -> Result<Vec<i64>, Msg> {
    lumiscape_common::ids::id_list(ids, MAX_DELETE, Msg::NoticeIdInvalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawNotice<'static> {
        RawNotice { notice_title: " 春节亮灯 ", notice_content: "<b>不</b>是标记", ..RawNotice::default() }
    }

    #[test]
    fn a_good_notice_takes_the_defaults_and_keeps_its_content() {
        let draft = NoticeDraft::parse(&raw()).unwrap();
        assert_eq!(
            (draft.notice_title.as_str(), draft.notice_type.as_str(), draft.status.as_str()),
            ("春节亮灯", "2", "0")
        );
        assert_eq!(draft.notice_content, "<b>不</b>是标记");
    }

    #[test]
    fn every_rule_names_its_field() {
        let long = "题".repeat(51);
        let long: &'static str = Box::leak(long.into_boxed_str());
        let cases = [
            (RawNotice { notice_title: " ", ..raw() }, Msg::NoticeTitleRequired),
            (RawNotice { notice_title: long, ..raw() }, Msg::FieldTooLong { zh: "公告标题", en: "The title", max: 50 }),
            (RawNotice { notice_type: "3", ..raw() }, Msg::NoticeTypeInvalid),
            (RawNotice { status: "x", ..raw() }, Msg::NoticeStatusInvalid),
            (RawNotice { notice_image: "javascript:alert(1)", ..raw() }, Msg::ProjectPicturePathInvalid),
        ];
        for (raw, msg) in cases {
            assert_eq!(NoticeDraft::parse(&raw), Err(msg.clone()), "{msg:?}");
        }
    }

    #[test]
    fn delete_ids() {
        assert_eq!(check_ids(&[3, 1, 3]), Ok(vec![1, 3]));
        assert_eq!(check_ids(&[]), Err(Msg::NoticeIdInvalid));
        assert_eq!(check_ids(&[0]), Err(Msg::NoticeIdInvalid));
        assert_eq!(check_ids(&vec![1; 101]), Err(Msg::TooManyIds { max: 100 }));
    }
}
