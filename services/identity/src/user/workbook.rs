//! The user workbooks: the export, the import template, and reading an imported file.
//! Written cells are typed text, and text that a spreadsheet could take for a formula
//! (`= + - @`, tab, carriage return) is written with a leading `'`. An imported file is an
//! xls or xlsx by name and by content, unpacks to a bounded size, and holds the template's
//! header row; its cells are read as text and checked like the form.

use std::io::{Cursor, Read, Seek};

use calamine::{Data, Range, Reader, Xls, Xlsx, open_workbook_from_rs};
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// The most rows one import holds.
pub const MAX_IMPORT_ROWS: usize = 10_000;
/// The most an imported xlsx may unpack to (its parts' declared sizes).
pub const MAX_UNPACKED_BYTES: u64 = 64 * 1024 * 1024;

/// The import template's columns: Chinese and English headers.
pub const IMPORT_COLUMNS: [(&str, &str); 9] = [
    ("组织编号", "Organization id"),
    ("登录账号", "Account"),
    ("用户姓名", "Name"),
    ("手机号码", "Phone"),
    ("用户邮箱", "Email"),
    ("用户性别", "Gender"),
    ("账号状态", "Status"),
    ("初始密码", "Password"),
    ("备注", "Remark"),
];

/// One row of an imported sheet, as text, with its sheet row number (the header is 1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportRow {
    pub row: u32,
    pub dept_id: String,
    pub user_name: String,
    pub nick_name: String,
    pub phonenumber: String,
    pub email: String,
    /// A gender code ("0", "1", "2") when the cell held a known label or code, else as written.
    pub sex: String,
    /// A status code ("0", "1") when the cell held a known label or code, else as written.
    pub status: String,
    pub password: String,
    pub remark: String,
}

/// Text a spreadsheet would read as a formula gets a leading `'`.
pub fn neutralize(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_owned() }
}

/// A workbook of one sheet: a bold header row, then the rows, every cell text.
pub fn write_sheet(sheet_name: &str, headers: &[&str], rows: &[Vec<String>]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(sheet_name)?;
    let bold = Format::new().set_bold();
    for (col, header) in headers.iter().enumerate() {
        let col = u16::try_from(col).unwrap_or(u16::MAX);
        sheet.write_string_with_format(0, col, *header, &bold)?;
        sheet.set_column_width(col, 18)?;
    }
    for (index, row) in rows.iter().enumerate() {
        let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
        for (col, cell) in row.iter().enumerate() {
            sheet.write_string(line, u16::try_from(col).unwrap_or(u16::MAX), neutralize(cell))?;
        }
    }
    workbook.save_to_buffer()
}

/// The import template in the caller's language.
pub fn template(lang: Lang) -> Result<Vec<u8>, XlsxError> {
    let headers: Vec<&str> = IMPORT_COLUMNS.iter().map(|&(zh, en)| if lang == Lang::En { en } else { zh }).collect();
    write_sheet(if lang == Lang::En { "Users" } else { "用户数据" }, &headers, &[])
}

/// The rows of an imported file, or why the file as a whole is refused.
pub fn read_import(file_name: &str, content: &[u8]) -> Result<Vec<ImportRow>, Msg> {
    if content.is_empty() {
        return Err(Msg::ImportFileMissing);
    }
    let lower = file_name.to_ascii_lowercase();
    let range = if lower.ends_with(".xlsx") {
        if !content.starts_with(b"PK\x03\x04") {
            return Err(Msg::ImportFileUnreadable);
        }
        check_unpacked_size(Cursor::new(content))?;
        first_sheet(open_workbook_from_rs::<Xlsx<_>, _>(Cursor::new(content)).map_err(|_| Msg::ImportFileUnreadable)?)?
    } else if lower.ends_with(".xls") {
        if !content.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return Err(Msg::ImportFileUnreadable);
        }
        first_sheet(open_workbook_from_rs::<Xls<_>, _>(Cursor::new(content)).map_err(|_| Msg::ImportFileUnreadable)?)?
    } else {
        return Err(Msg::ImportFileType);
    };
    rows_of(&range)
}

/// Refuses an xlsx whose parts would unpack past [`MAX_UNPACKED_BYTES`] (a zip bomb).
fn check_unpacked_size(reader: impl Read + Seek) -> Result<(), Msg> {
    let mut archive = zip::ZipArchive::new(reader).map_err(|_| Msg::ImportFileUnreadable)?;
    // The central directory's sizes (writers that stream, Excel's among them, put the sizes
    // after the data, so `decompressed_size` gives up on them).
    let mut total = 0u64;
    for index in 0..archive.len() {
        let part = archive.by_index_raw(index).map_err(|_| Msg::ImportFileUnreadable)?;
        total = total.saturating_add(part.size());
        if total > MAX_UNPACKED_BYTES {
            return Err(Msg::ImportFileUnreadable);
        }
    }
    Ok(())
}

fn first_sheet<RS: Read + Seek, R: Reader<RS>>(mut workbook: R) -> Result<Range<Data>, Msg> {
    workbook.worksheet_range_at(0).ok_or(Msg::ImportEmpty)?.map_err(|_| Msg::ImportFileUnreadable)
}

fn rows_of(range: &Range<Data>) -> Result<Vec<ImportRow>, Msg> {
    let mut lines = range.rows();
    let header = lines.next().ok_or(Msg::ImportEmpty)?;
    let header: Vec<String> = header.iter().map(cell_text).collect();
    let matches = |english: bool| {
        IMPORT_COLUMNS
            .iter()
            .enumerate()
            .all(|(i, &(zh, en))| header.get(i).map(String::as_str) == Some(if english { en } else { zh }))
    };
    if !matches(false) && !matches(true) {
        return Err(Msg::ImportHeaderInvalid);
    }
    let mut rows = Vec::new();
    for (index, line) in lines.enumerate() {
        let cells: Vec<String> = line.iter().map(cell_text).collect();
        if cells.iter().all(String::is_empty) {
            continue;
        }
        if rows.len() == MAX_IMPORT_ROWS {
            return Err(Msg::ImportTooManyRows { max: MAX_IMPORT_ROWS as u32 });
        }
        let cell = |i: usize| cells.get(i).cloned().unwrap_or_default();
        rows.push(ImportRow {
            row: u32::try_from(index + 2).unwrap_or(u32::MAX),
            dept_id: cell(0),
            user_name: cell(1),
            nick_name: cell(2),
            phonenumber: cell(3),
            email: cell(4),
            sex: sex_code(&cell(5)),
            status: status_code(&cell(6)),
            password: cell(7),
            remark: cell(8),
        });
    }
    if rows.is_empty() {
        return Err(Msg::ImportEmpty);
    }
    Ok(rows)
}

/// A cell as text: numbers as written without a trailing `.0` (phones typed as numbers),
/// errors as empty.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::String(text) | Data::DateTimeIso(text) | Data::DurationIso(text) => text.trim().to_owned(),
        Data::Int(n) => n.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(d) => d.as_f64().to_string(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}

/// The gender dictionary (`sys_user_sex`) by code or label in either language.
fn sex_code(text: &str) -> String {
    match text {
        "男" | "Male" | "male" => "0".into(),
        "女" | "Female" | "female" => "1".into(),
        "未知" | "Unknown" | "unknown" => "2".into(),
        other => other.to_owned(),
    }
}

/// The status dictionary (`sys_normal_disable`) by code or label in either language.
fn status_code(text: &str) -> String {
    match text {
        "正常" | "Normal" | "normal" => "0".into(),
        "停用" | "Disabled" | "disabled" => "1".into(),
        other => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(rows: &[Vec<&str>]) -> Vec<u8> {
        let headers: Vec<&str> = IMPORT_COLUMNS.iter().map(|c| c.0).collect();
        let rows: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(|c| (*c).to_owned()).collect()).collect();
        write_sheet("用户数据", &headers, &rows).unwrap()
    }

    #[test]
    fn formulas_are_neutralized() {
        for (text, written) in
            [("=1+1", "'=1+1"), ("+86", "'+86"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"), ("林工", "林工")]
        {
            assert_eq!(neutralize(text), written);
        }
    }

    #[test]
    fn a_filled_template_reads_back_with_labels_as_codes() {
        let file = sheet(&[
            vec!["100", "lin", "林工", "13800000000", "", "女", "停用", "Abcd123!", ""],
            vec![],
            vec!["", "wu"],
        ]);
        let rows = read_import("users.XLSX", &file).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].row, rows[0].sex.as_str(), rows[0].status.as_str()), (2, "1", "1"));
        assert_eq!((rows[1].row, rows[1].user_name.as_str()), (4, "wu"));
        // The English template reads too.
        assert_eq!(read_import("t.xlsx", &template(Lang::En).unwrap()), Err(Msg::ImportEmpty));
    }

    #[test]
    fn foreign_files_are_refused_by_name_content_or_header() {
        assert_eq!(read_import("users.csv", b"a,b"), Err(Msg::ImportFileType));
        assert_eq!(read_import("users.xlsx", b"not a zip"), Err(Msg::ImportFileUnreadable));
        assert_eq!(read_import("users.xls", b"PK\x03\x04"), Err(Msg::ImportFileUnreadable));
        assert_eq!(read_import("users.xlsx", b""), Err(Msg::ImportFileMissing));
        let other = write_sheet("x", &["a", "b"], &[vec!["1".into()]]).unwrap();
        assert_eq!(read_import("users.xlsx", &other), Err(Msg::ImportHeaderInvalid));
    }
}
