//! Workbooks as the console trades them: exports and templates of one sheet whose cells are
//! typed text, written formula-safe (text a spreadsheet could take for a formula, `= + - @`,
//! tab, carriage return, gets a leading `'`); and imported files read as text, refused unless
//! they are xls or xlsx by name and by content and unpack to a bounded size. Modules keep
//! their own columns and rows; this holds what every one of them shares.

use std::io::{Cursor, Read, Seek};

use calamine::{Data, Range, Reader, Xls, Xlsx, open_workbook_from_rs};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::i18n::Msg;

/// The most an imported xlsx may unpack to (its parts' declared sizes).
pub const MAX_UNPACKED_BYTES: u64 = 64 * 1024 * 1024;

/// The first sheet of an imported file, or why the file as a whole is refused: not xls or
/// xlsx by name ([`Msg::ImportFileType`]), not one by content or past the unpacked bound
/// ([`Msg::ImportFileUnreadable`]), empty ([`Msg::ImportFileMissing`], [`Msg::ImportEmpty`]).
pub fn first_sheet_of(file_name: &str, content: &[u8]) -> Result<Range<Data>, Msg> {
    if content.is_empty() {
        return Err(Msg::ImportFileMissing);
    }
    let lower = file_name.to_ascii_lowercase();
    if lower.ends_with(".xlsx") {
        if !content.starts_with(b"PK\x03\x04") {
            return Err(Msg::ImportFileUnreadable);
        }
        check_unpacked_size(Cursor::new(content))?;
        first_sheet(open_workbook_from_rs::<Xlsx<_>, _>(Cursor::new(content)).map_err(|_| Msg::ImportFileUnreadable)?)
    } else if lower.ends_with(".xls") {
        if !content.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return Err(Msg::ImportFileUnreadable);
        }
        first_sheet(open_workbook_from_rs::<Xls<_>, _>(Cursor::new(content)).map_err(|_| Msg::ImportFileUnreadable)?)
    } else {
        Err(Msg::ImportFileType)
    }
}

/// A row of a sheet as text, each cell by [`cell_text`].
pub fn row_text(row: &[Data]) -> Vec<String> {
    row.iter().map(cell_text).collect()
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
/// A cell as text: numbers as written without a trailing `.0` (phones typed as numbers),
/// errors as empty.
pub fn cell_text(cell: &Data) -> String {
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
