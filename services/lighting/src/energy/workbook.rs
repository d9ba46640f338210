//! The energy workbooks: a view of the screen as a sheet, numbers as numbers and every text
//! cell formula-safe (`lumiscape_common::workbook::neutralize`).

use lumiscape_common::Lang;
use lumiscape_common::workbook::neutralize;
use lumiscape_proto::lighting::v1 as pb;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::model::{GAP_FLAG, JUMP, RESET};

const TREND_COLUMNS: [(&str, &str); 10] = [
    ("时间", "Time"),
    ("用电量(kWh)", "Energy (kWh)"),
    ("峰(kWh)", "Peak (kWh)"),
    ("平(kWh)", "Flat (kWh)"),
    ("谷(kWh)", "Valley (kWh)"),
    ("电费(元)", "Cost (CNY)"),
    ("基准(kWh)", "Baseline (kWh)"),
    ("节电量(kWh)", "Saving (kWh)"),
    ("节省电费(元)", "Saving (CNY)"),
    ("说明", "Notes"),
];
const RANKING_COLUMNS: [(&str, &str); 7] = [
    ("排名", "Rank"),
    ("网关名称", "Gateway"),
    ("网关编号", "Gateway number"),
    ("回路", "Loop"),
    ("回路名称", "Loop name"),
    ("用电量(kWh)", "Energy (kWh)"),
    ("电费(元)", "Cost (CNY)"),
];

fn pick(lang: Lang, (zh, en): (&'static str, &'static str)) -> &'static str {
    if lang == Lang::En { en } else { zh }
}

/// What a row's flags say, in words.
pub fn flag_text(lang: Lang, flags: u32) -> String {
    let words = [
        (u32::from(RESET), ("含计数器复位", "counter reset")),
        (u32::from(GAP_FLAG), ("数据缺口", "gap in readings")),
        (u32::from(JUMP), ("异常跳变未计入", "implausible jump not counted")),
    ];
    let said: Vec<&str> = words.iter().filter(|(bit, _)| flags & bit != 0).map(|(_, text)| pick(lang, *text)).collect();
    said.join(if lang == Lang::En { "; " } else { "；" })
}

fn sheet_with_header(
    workbook: &mut Workbook,
    name: &str,
    columns: &[(&'static str, &'static str)],
    lang: Lang,
) -> Result<(), XlsxError> {
    let sheet = workbook.add_worksheet();
    sheet.set_name(name)?;
    let bold = Format::new().set_bold();
    for (col, column) in columns.iter().enumerate() {
        let col = u16::try_from(col).unwrap_or(u16::MAX);
        sheet.write_string_with_format(0, col, pick(lang, *column), &bold)?;
        sheet.set_column_width(col, 16)?;
    }
    Ok(())
}

/// The statistics: a row per bucket, then the total.
pub fn trend(lang: Lang, stats: &pb::EnergyStats) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    sheet_with_header(&mut workbook, pick(lang, ("能耗趋势", "Energy trend")), &TREND_COLUMNS, lang)?;
    let sheet = workbook.worksheet_from_index(0)?;
    let total_label = pick(lang, ("合计", "Total"));
    let total = pb::EnergyBucket { time: total_label.into(), figures: stats.total };
    for (index, row) in stats.rows.iter().chain(std::iter::once(&total)).enumerate() {
        let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let figures = row.figures.unwrap_or_default();
        sheet.write_string(line, 0, neutralize(&row.time))?;
        let numbers = [
            figures.kwh,
            figures.peak_kwh,
            figures.flat_kwh,
            figures.valley_kwh,
            figures.cost,
            figures.baseline_kwh,
            figures.saving_kwh,
            figures.saving_cost,
        ];
        for (col, value) in numbers.iter().enumerate() {
            sheet.write_number(line, u16::try_from(col + 1).unwrap_or(u16::MAX), *value)?;
        }
        sheet.write_string(line, 9, neutralize(&flag_text(lang, figures.flags)))?;
    }
    workbook.save_to_buffer()
}

/// The ranking: a row per loop, most used first.
pub fn ranking(lang: Lang, ranking: &pb::EnergyRanking) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    sheet_with_header(&mut workbook, pick(lang, ("回路排行", "Loop ranking")), &RANKING_COLUMNS, lang)?;
    let sheet = workbook.worksheet_from_index(0)?;
    for (index, row) in ranking.rows.iter().enumerate() {
        let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
        sheet.write_number(line, 0, f64::from(line))?;
        sheet.write_string(line, 1, neutralize(&row.gateway_name))?;
        sheet.write_string(line, 2, neutralize(&row.gateway_number))?;
        sheet.write_number(line, 3, f64::from(row.loop_index))?;
        sheet.write_string(line, 4, neutralize(&row.loop_name))?;
        sheet.write_number(line, 5, row.kwh)?;
        sheet.write_number(line, 6, row.cost)?;
    }
    workbook.save_to_buffer()
}
