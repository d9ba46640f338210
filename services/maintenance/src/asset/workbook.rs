//! The asset workbooks: the export of a filtered list, the import template, and reading an
//! imported file's rows (through `lumiscape_common::workbook`: formula-safe cells, xls or
//! xlsx by name and content, a bounded unpacked size). Each imported row is checked by the
//! same rules as the form.

use calamine::{Data, Range};
use lumiscape_common::Lang;
use lumiscape_common::i18n::Msg;
use lumiscape_common::workbook::{first_sheet_of, row_text, write_sheet};
use rust_xlsxwriter::XlsxError;

/// The most rows one import holds.
pub const MAX_IMPORT_ROWS: usize = 5_000;

/// The import template's columns (Chinese and English headers); the export has these and
/// the status and net value after them.
pub const IMPORT_COLUMNS: [(&str, &str); 12] = [
    ("资产编码", "Asset code"),
    ("资产名称", "Asset name"),
    ("资产类型编码", "Type code"),
    ("到期日期", "Expiry date"),
    ("型号", "Model"),
    ("品牌", "Brand"),
    ("地址", "Address"),
    ("供应商", "Supplier"),
    ("初始价值", "Initial value"),
    ("残值率(%)", "Residual rate (%)"),
    ("开始使用日期", "Start date"),
    ("使用期限(月)", "Limit (months)"),
];
const EXPORT_EXTRA: [(&str, &str); 3] = [("资产状态", "Status"), ("资产类型", "Type"), ("净值", "Net value")];

/// One row of an imported sheet as text, with its sheet row number (the header is 1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportRow {
    pub row: u32,
    pub cells: Vec<String>,
}

impl ImportRow {
    /// The cell of column `index` of [`IMPORT_COLUMNS`].
    pub fn cell(&self, index: usize) -> &str {
        self.cells.get(index).map_or("", String::as_str)
    }
}

fn header(lang: Lang, columns: &[(&'static str, &'static str)]) -> Vec<&'static str> {
    columns.iter().map(|&(zh, en)| if lang == Lang::En { en } else { zh }).collect()
}

/// The import template in the caller's language.
pub fn template(lang: Lang) -> Result<Vec<u8>, XlsxError> {
    write_sheet(if lang == Lang::En { "Assets" } else { "资产数据" }, &header(lang, &IMPORT_COLUMNS), &[])
}

/// The export: the import's columns, then status, type name and net value, as text.
pub fn export(lang: Lang, rows: &[Vec<String>]) -> Result<Vec<u8>, XlsxError> {
    let mut columns = header(lang, &IMPORT_COLUMNS);
    columns.extend(header(lang, &EXPORT_EXTRA));
    write_sheet(if lang == Lang::En { "Assets" } else { "资产数据" }, &columns, rows)
}

/// The rows of an imported file, or why the file as a whole is refused.
pub fn read_import(file_name: &str, content: &[u8]) -> Result<Vec<ImportRow>, Msg> {
    rows_of(&first_sheet_of(file_name, content)?)
}

fn rows_of(range: &Range<Data>) -> Result<Vec<ImportRow>, Msg> {
    let mut lines = range.rows();
    let first = row_text(lines.next().ok_or(Msg::ImportEmpty)?);
    let matches = |lang: Lang| {
        header(lang, &IMPORT_COLUMNS).iter().enumerate().all(|(i, h)| first.get(i).map(String::as_str) == Some(*h))
    };
    if !matches(Lang::Zh) && !matches(Lang::En) {
        return Err(Msg::ImportHeaderInvalid);
    }
    let mut rows = Vec::new();
    for (index, line) in lines.enumerate() {
        let cells = row_text(line);
        if cells.iter().all(String::is_empty) {
            continue;
        }
        if rows.len() == MAX_IMPORT_ROWS {
            return Err(Msg::ImportTooManyRows { max: MAX_IMPORT_ROWS as u32 });
        }
        rows.push(ImportRow { row: u32::try_from(index + 2).unwrap_or(u32::MAX), cells });
    }
    if rows.is_empty() {
        return Err(Msg::ImportEmpty);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_reads_back_and_foreign_files_are_refused() {
        let empty = template(Lang::En).unwrap();
        assert_eq!(read_import("assets.xlsx", &empty), Err(Msg::ImportEmpty));
        let row: Vec<String> = [
            "=HYPERLINK(\"x\")",
            "投光灯",
            "LAMP",
            "",
            "",
            "",
            "",
            "",
            "1200",
            "5",
            "2026-01-01",
            "60",
            "0",
            "灯具",
            "1200.00",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let book = export(Lang::Zh, &[row]).unwrap();
        let rows = read_import("assets.xlsx", &book).unwrap();
        // A formula is written as text, with its leading quote.
        assert_eq!((rows[0].row, rows[0].cell(0), rows[0].cell(2)), (2, "'=HYPERLINK(\"x\")", "LAMP"));
        assert_eq!(read_import("assets.csv", &book), Err(Msg::ImportFileType));
        assert_eq!(read_import("assets.xlsx", b"not a zip"), Err(Msg::ImportFileUnreadable));
        assert_eq!(read_import("assets.xlsx", b""), Err(Msg::ImportFileMissing));
        let users = write_sheet("x", &["用户", "名称"], &[]).unwrap();
        assert_eq!(read_import("assets.xlsx", &users), Err(Msg::ImportHeaderInvalid));
    }
}
