//! The user workbooks: the export, the import template, and reading an imported file.
//! Written cells are typed text, and text that a spreadsheet could take for a formula
//! (`= + - @`, tab, carriage return) is written with a leading `'`. An imported file is an
//! xls or xlsx by name and by content, unpacks to a bounded size, and holds the template's
//! header row; its cells are read as text and checked like the form.

use calamine::{Data, Range};
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
pub use lumiscape_common::workbook::{MAX_UNPACKED_BYTES, neutralize, write_sheet};
use lumiscape_common::workbook::{cell_text, first_sheet_of};
use rust_xlsxwriter::XlsxError;

/// The most rows one import holds.
pub const MAX_IMPORT_ROWS: usize = 10_000;

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

/// The import template in the caller's language.
pub fn template(lang: Lang) -> Result<Vec<u8>, XlsxError> {
    let headers: Vec<&str> = IMPORT_COLUMNS.iter().map(|&(zh, en)| if lang == Lang::En { en } else { zh }).collect();
    write_sheet(if lang == Lang::En { "Users" } else { "用户数据" }, &headers, &[])
}

/// The rows of an imported file, or why the file as a whole is refused.
pub fn read_import(file_name: &str, content: &[u8]) -> Result<Vec<ImportRow>, Msg> {
    rows_of(&first_sheet_of(file_name, content)?)
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
