//! File rules: what each upload type accepts (by content, and a name that agrees with it),
//! how large it may be, what a file's edit and audit may hold, and when a file is being
//! processed. Pure: no I/O.

use lumiscape_common::config::FilesConfig;
use lumiscape_common::i18n::Msg;

/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// Longest remark or audit reason, in characters.
pub const MAX_REMARK_CHARS: usize = 200;
/// Longest name filter of the list.
pub const MAX_FILTER_CHARS: usize = 100;
/// Bytes read before the content is judged: enough for every signature, including the
/// second and third ZIP entries that tell a docx from an xlsx.
pub const HEAD_BYTES: usize = 64 * 1024;
/// What a multipart body holds beside the file (boundaries, headers, other fields): a
/// declared body larger than the type's limit by more than this is refused unread.
pub const MULTIPART_SLACK: u64 = 64 * 1024;

/// The three upload types of `POST /system/common/upload/{1|2|3}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadType {
    /// 1: a picture (project logo, carousel, plan picture, announcement image).
    Image,
    /// 2: a document (contracts, reports, spreadsheets, plain text).
    Document,
    /// 3: media a show plays (video, audio).
    Media,
}

/// A format an upload type accepts.
#[derive(Debug, PartialEq, Eq)]
pub struct Format {
    /// The extension the stored object gets.
    pub extension: &'static str,
    /// The extensions a file name of this format may have (lower case, without the dot).
    pub names: &'static [&'static str],
    pub content_type: &'static str,
}

const fn format(extension: &'static str, names: &'static [&'static str], content_type: &'static str) -> Format {
    Format { extension, names, content_type }
}

const IMAGES: &[Format] = &[
    format("png", &["png"], "image/png"),
    format("jpg", &["jpg", "jpeg"], "image/jpeg"),
    format("gif", &["gif"], "image/gif"),
    format("webp", &["webp"], "image/webp"),
];
const DOCUMENTS: &[Format] = &[
    format("pdf", &["pdf"], "application/pdf"),
    format("docx", &["docx"], "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    format("xlsx", &["xlsx"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    format("txt", &["txt"], "text/plain; charset=utf-8"),
];
const MEDIA: &[Format] = &[format("mp4", &["mp4"], "video/mp4"), format("mp3", &["mp3"], "audio/mpeg")];

impl UploadType {
    /// The type of the upload path's `{type}`; anything but 1, 2 or 3 is the spec's
    /// "file type error".
    pub fn parse(text: &str) -> Result<Self, Msg> {
        match text.trim() {
            "1" => Ok(Self::Image),
            "2" => Ok(Self::Document),
            "3" => Ok(Self::Media),
            _ => Err(Msg::FileTypeError),
        }
    }

    /// The list filter's type: empty for any.
    pub fn filter(text: &str) -> Result<Option<Self>, Msg> {
        match text.trim() {
            "" => Ok(None),
            other => Self::parse(other).map(Some).map_err(|_| Msg::FileTypeFilterInvalid),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Image => "1",
            Self::Document => "2",
            Self::Media => "3",
        }
    }

    pub fn formats(self) -> &'static [Format] {
        match self {
            Self::Image => IMAGES,
            Self::Document => DOCUMENTS,
            Self::Media => MEDIA,
        }
    }

    /// The largest file of this type, from `files.*_max_bytes`.
    pub fn max_bytes(self, cfg: &FilesConfig) -> u64 {
        match self {
            Self::Image => cfg.image_max_bytes,
            Self::Document => cfg.document_max_bytes,
            Self::Media => cfg.media_max_bytes,
        }
    }

    /// "png, jpg, gif, webp".
    pub fn allowed(self) -> String {
        self.formats().iter().map(|f| f.extension).collect::<Vec<_>>().join(", ")
    }
}

/// The refusal of a file over `max_bytes`.
pub fn too_large(max_bytes: u64) -> Msg {
    Msg::FileTooLarge { limit_kb: max_bytes.div_ceil(1024) }
}

/// Whether a body declared `declared` bytes long is surely over the limit (0: unknown).
pub fn declared_too_large(declared: i64, max_bytes: u64) -> bool {
    u64::try_from(declared).is_ok_and(|len| len > max_bytes.saturating_add(MULTIPART_SLACK))
}

/// The format of a file of type `kind` whose first bytes are `head` and whose browser name
/// is `file_name`: judged by content (magic numbers), and the name's extension must say the
/// same format. Plain text has no signature: it is UTF-8 without NUL bytes and without any
/// other format's signature. SVG and HTML are text, so never an image.
pub fn detect(kind: UploadType, file_name: &str, head: &[u8]) -> Result<&'static Format, Msg> {
    let formats = kind.formats();
    let found = match infer::get(head) {
        Some(t) => formats.iter().find(|f| f.extension == t.extension() || f.names.contains(&t.extension())),
        None if kind == UploadType::Document && is_text(head) => formats.iter().find(|f| f.extension == "txt"),
        None => None,
    };
    let Some(format) = found else {
        return Err(Msg::FileContentInvalid { allowed: kind.allowed() });
    };
    let extension = extension_of(file_name);
    if !format.names.contains(&extension.as_str()) {
        let shown = if extension.is_empty() { "-".to_owned() } else { format!(".{extension}") };
        return Err(Msg::FileExtensionMismatch { extension: shown, detected: format.extension.to_owned() });
    }
    Ok(format)
}

/// The lower-case extension of a file name ("" when it has none).
pub fn extension_of(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or_default();
    match base.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => ext.trim().to_ascii_lowercase(),
        _ => String::new(),
    }
}

/// UTF-8 (a character cut at the end of the head is fine) without NUL bytes.
fn is_text(head: &[u8]) -> bool {
    if head.is_empty() || head.contains(&0) {
        return false;
    }
    match std::str::from_utf8(head) {
        Ok(_) => true,
        Err(err) => err.error_len().is_none(),
    }
}

/// The display name a new file gets: the browser's name without any folder, trimmed and
/// cut to the column's length; the new object's name when that leaves nothing.
pub fn display_name(file_name: &str, fallback: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
    let name: String = base.chars().filter(|c| !c.is_control()).take(MAX_NAME_CHARS).collect();
    if name.is_empty() { fallback.to_owned() } else { name }
}

/// Audit states (spec section 4).
pub const NOT_REVIEWED: &str = "0";
pub const PASS: &str = "1";
pub const NO_PASS: &str = "2";
/// The process state of a file being cut or converted.
pub const PROCESSING: &str = "1";

/// A file is being processed while its cutting or conversion runs; then it cannot be
/// edited, audited or deleted (spec section 5).
pub fn check_not_processing(process_status: &str) -> Result<(), Msg> {
    if process_status == PROCESSING { Err(Msg::FileBeingProcessed) } else { Ok(()) }
}

/// What the edit form sent.
#[derive(Debug, Clone, Default)]
pub struct RawFileEdit<'a> {
    pub file_name: &'a str,
    pub remark: &'a str,
}

/// An edit as checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEdit {
    pub file_name: String,
    pub remark: String,
}

impl FileEdit {
    pub fn parse(raw: &RawFileEdit<'_>) -> Result<Self, Msg> {
        let file_name = raw.file_name.trim();
        if file_name.is_empty() {
            return Err(Msg::FileNameRequired);
        }
        if file_name.chars().count() > MAX_NAME_CHARS || file_name.chars().any(char::is_control) {
            return Err(Msg::FileNameTooLong);
        }
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Msg::RemarkInvalid);
        }
        Ok(Self { file_name: file_name.to_owned(), remark: remark.to_owned() })
    }
}

/// An audit's verdict: pass, or no pass with a reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audit {
    pub status: &'static str,
    pub reason: String,
}

impl Audit {
    pub fn parse(status: &str, reason: &str) -> Result<Self, Msg> {
        let reason = reason.trim();
        if reason.chars().count() > MAX_REMARK_CHARS {
            return Err(Msg::FileAuditReasonTooLong);
        }
        match status.trim() {
            PASS => Ok(Self { status: PASS, reason: reason.to_owned() }),
            NO_PASS if reason.is_empty() => Err(Msg::FileAuditReasonRequired),
            NO_PASS => Ok(Self { status: NO_PASS, reason: reason.to_owned() }),
            _ => Err(Msg::FileAuditStatusInvalid),
        }
    }
}

/// The list's audit filter: empty for any, else one of the three states.
pub fn audit_filter(text: &str) -> Result<Option<&'static str>, Msg> {
    match text.trim() {
        "" => Ok(None),
        NOT_REVIEWED => Ok(Some(NOT_REVIEWED)),
        PASS => Ok(Some(PASS)),
        NO_PASS => Ok(Some(NO_PASS)),
        _ => Err(Msg::FileAuditStatusInvalid),
    }
}

/// A file id from a path or a body: positive.
pub fn check_file_id(file_id: i64) -> Result<i64, Msg> {
    if file_id > 0 { Ok(file_id) } else { Err(Msg::FileIdInvalid) }
}

/// The list's name filter, trimmed; a bad request when too long.
pub fn check_filter(name: &str) -> Result<&str, Msg> {
    lumiscape_common::text::filter(name, MAX_FILTER_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0";
    const GIF: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00";
    const WEBP: &[u8] = b"RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0";
    const PDF: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
    const MP3: &[u8] = b"ID3\x04\0\0\0\0\0\0";
    const MP4: &[u8] = b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom";
    /// A ZIP whose first entry is `word/document.xml`: a docx to `infer`.
    const DOCX: &[u8] = b"PK\x03\x04\x14\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x11\0\0\0word/document.xml";
    const XLSX: &[u8] = b"PK\x03\x04\x14\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x0f\0\0\0xl/workbook.xml";

    #[test]
    fn the_three_types_and_nothing_else() {
        assert_eq!(UploadType::parse("1"), Ok(UploadType::Image));
        assert_eq!(UploadType::parse("2"), Ok(UploadType::Document));
        assert_eq!(UploadType::parse("3"), Ok(UploadType::Media));
        for bad in ["0", "4", "", "image", "1.0", "-1"] {
            assert_eq!(UploadType::parse(bad), Err(Msg::FileTypeError), "{bad}");
        }
        assert_eq!(UploadType::filter(""), Ok(None));
        assert_eq!(UploadType::filter("9"), Err(Msg::FileTypeFilterInvalid));
    }

    #[test]
    fn each_format_is_known_by_its_content() {
        let cases: &[(UploadType, &str, &[u8], &str)] = &[
            (UploadType::Image, "logo.png", PNG, "png"),
            (UploadType::Image, "photo.JPEG", JPEG, "jpg"),
            (UploadType::Image, "photo.jpg", JPEG, "jpg"),
            (UploadType::Image, "a.gif", GIF, "gif"),
            (UploadType::Image, "a.webp", WEBP, "webp"),
            (UploadType::Document, "plan.pdf", PDF, "pdf"),
            (UploadType::Document, "contract.docx", DOCX, "docx"),
            (UploadType::Document, "sheet.xlsx", XLSX, "xlsx"),
            (UploadType::Document, "notes.txt", "路灯维护记录\n".as_bytes(), "txt"),
            (UploadType::Media, "show.mp4", MP4, "mp4"),
            (UploadType::Media, "music.mp3", MP3, "mp3"),
        ];
        for (kind, name, head, extension) in cases {
            assert_eq!(detect(*kind, name, head).map(|f| f.extension), Ok(*extension), "{name}");
        }
    }

    #[test]
    fn a_name_that_lies_or_content_of_another_type_is_refused() {
        let mismatch =
            |ext: &str, detected: &str| Msg::FileExtensionMismatch { extension: ext.into(), detected: detected.into() };
        assert_eq!(detect(UploadType::Image, "logo.png", GIF), Err(mismatch(".png", "gif")));
        assert_eq!(detect(UploadType::Image, "logo", PNG), Err(mismatch("-", "png")));
        assert_eq!(detect(UploadType::Document, "a.pdf", "text".as_bytes()), Err(mismatch(".pdf", "txt")));
        let not_an_image = Msg::FileContentInvalid { allowed: "png, jpg, gif, webp".into() };
        for head in [PDF, b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>".as_slice(), b"<html></html>", MP3] {
            assert_eq!(detect(UploadType::Image, "a.png", head), Err(not_an_image.clone()));
        }
        let not_media = Msg::FileContentInvalid { allowed: "mp4, mp3".into() };
        assert_eq!(detect(UploadType::Media, "a.mp4", b"plain text"), Err(not_media));
        // Binary is not text.
        let not_a_document = Msg::FileContentInvalid { allowed: "pdf, docx, xlsx, txt".into() };
        assert_eq!(detect(UploadType::Document, "a.txt", b"\0\x01\x02"), Err(not_a_document.clone()));
        assert_eq!(detect(UploadType::Document, "a.txt", PNG), Err(not_a_document));
    }

    #[test]
    fn names_and_limits() {
        assert_eq!(extension_of("C:\\Users\\a\\Logo.PNG"), "png");
        assert_eq!(extension_of(".bashrc"), "");
        assert_eq!(extension_of("archive.tar.gz"), "gz");
        assert_eq!(display_name("../../etc/passwd", "x"), "passwd");
        assert_eq!(display_name("  ", "u.png"), "u.png");
        assert_eq!(too_large(5 * 1024 * 1024), Msg::FileTooLarge { limit_kb: 5120 });
        assert!(!declared_too_large(0, 10));
        assert!(!declared_too_large(10 + MULTIPART_SLACK as i64, 10));
        assert!(declared_too_large(11 + MULTIPART_SLACK as i64, 10));
    }

    #[test]
    fn edits_and_audits() {
        assert_eq!(
            FileEdit::parse(&RawFileEdit { file_name: " 平面图 ", remark: " r " }),
            Ok(FileEdit { file_name: "平面图".into(), remark: "r".into() })
        );
        assert_eq!(FileEdit::parse(&RawFileEdit { file_name: " ", remark: "" }), Err(Msg::FileNameRequired));
        let long = "名".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(FileEdit::parse(&RawFileEdit { file_name: &long, remark: "" }), Err(Msg::FileNameTooLong));
        let long_remark = "r".repeat(MAX_REMARK_CHARS + 1);
        assert_eq!(FileEdit::parse(&RawFileEdit { file_name: "a", remark: &long_remark }), Err(Msg::RemarkInvalid));
        assert_eq!(Audit::parse("1", ""), Ok(Audit { status: PASS, reason: String::new() }));
        assert_eq!(Audit::parse("2", " 画面模糊 "), Ok(Audit { status: NO_PASS, reason: "画面模糊".into() }));
        assert_eq!(Audit::parse("2", " "), Err(Msg::FileAuditReasonRequired));
        assert_eq!(Audit::parse("0", ""), Err(Msg::FileAuditStatusInvalid));
        assert_eq!(Audit::parse("1", &long_remark), Err(Msg::FileAuditReasonTooLong));
        assert_eq!(audit_filter("2"), Ok(Some(NO_PASS)));
        assert_eq!(audit_filter("x"), Err(Msg::FileAuditStatusInvalid));
        assert_eq!(check_not_processing("1"), Err(Msg::FileBeingProcessed));
        for idle in ["0", "2", "3"] {
            assert_eq!(check_not_processing(idle), Ok(()));
        }
    }

    proptest::proptest! {
        #[test]
        fn text_without_a_signature_is_never_an_image(text in "[a-zA-Z0-9 <>/=\"]{1,200}") {
            proptest::prop_assert!(detect(UploadType::Image, "a.png", text.as_bytes()).is_err());
        }

        #[test]
        fn any_type_but_1_2_3_is_a_file_type_error(text in "\\PC{0,6}") {
            proptest::prop_assume!(!matches!(text.trim(), "1" | "2" | "3"));
            proptest::prop_assert_eq!(UploadType::parse(&text), Err(Msg::FileTypeError));
        }
    }
}
