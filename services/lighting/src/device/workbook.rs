//! The device workbooks: the export of a filtered list, the import template, and reading an
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
/// the type, gateway and presence after them.
pub const IMPORT_COLUMNS: [(&str, &str); 10] = [
    ("设备编码", "Device code"),
    ("设备名称", "Device name"),
    ("设备类型编码", "Type code"),
    ("网关编号", "Gateway number"),
    ("回路", "Loop"),
    ("地址", "Address"),
    ("经度", "Longitude"),
    ("纬度", "Latitude"),
    ("状态", "Status"),
    ("备注", "Remark"),
];
const EXPORT_EXTRA: [(&str, &str); 3] = [("设备类型", "Type"), ("网关名称", "Gateway"), ("在线", "Online")];

/// One row of an imported sheet as text, with its sheet row number (the header is 1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportRow {
    pub row: u32,
    pub cells: Vec<String>,
}

impl ImportRow {
    /// The cell of column `index` of [`IMPORT_COLUMNS`], trimmed.
    pub fn cell(&self, index: usize) -> &str {
        self.cells.get(index).map_or("", |c| c.trim())
    }
}

fn header(lang: Lang, columns: &[(&'static str, &'static str)]) -> Vec<&'static str> {
    columns.iter().map(|&(zh, en)| if lang == Lang::En { en } else { zh }).collect()
}

fn sheet_name(lang: Lang) -> &'static str {
    if lang == Lang::En { "Devices" } else { "设备数据" }
}

/// The import template in the caller's language.
pub fn template(lang: Lang) -> Result<Vec<u8>, XlsxError> {
    write_sheet(sheet_name(lang), &header(lang, &IMPORT_COLUMNS), &[])
}

/// The export: the import's columns, then type name, gateway name and presence, as text.
pub fn export(lang: Lang, rows: &[Vec<String>]) -> Result<Vec<u8>, XlsxError> {
    let mut columns = header(lang, &IMPORT_COLUMNS);
    columns.extend(header(lang, &EXPORT_EXTRA));
    write_sheet(sheet_name(lang), &columns, rows)
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
        if cells.iter().all(|c| c.trim().is_empty()) {
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
    fn the_export_reads_back_as_an_import_and_foreign_files_are_refused() {
        let empty = template(Lang::En).unwrap();
        assert_eq!(read_import("devices.xlsx", &empty), Err(Msg::ImportEmpty));
        let row: Vec<String> =
            ["=CMD()", "投光灯", "FLOOD", "GW-1", "2", "东岸", "121.5", "31.2", "0", "", "投光灯", "一号柜", "1"]
                .iter()
                .map(|s| s.to_string())
                .collect();
        let book = export(Lang::Zh, &[row]).unwrap();
        let rows = read_import("devices.xlsx", &book).unwrap();
        // A formula is written as text, with its leading quote.
        assert_eq!((rows[0].row, rows[0].cell(0), rows[0].cell(3), rows[0].cell(4)), (2, "'=CMD()", "GW-1", "2"));
        assert_eq!(read_import("devices.csv", &book), Err(Msg::ImportFileType));
        assert_eq!(read_import("devices.xlsx", b"not a zip"), Err(Msg::ImportFileUnreadable));
        let other = write_sheet("x", &["用户", "名称"], &[]).unwrap();
        assert_eq!(read_import("devices.xlsx", &other), Err(Msg::ImportHeaderInvalid));
    }
}
