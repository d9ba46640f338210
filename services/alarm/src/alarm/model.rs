//! An alarm's lifecycle and the rules of its screens, pure and unit-tested.

use chrono::{DateTime, Days, FixedOffset, Local, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use lumiscape_common::i18n::Msg;

/// Longest close reason, in characters.
pub const MAX_CLOSE_REASON_CHARS: usize = 200;
/// Longest device name stored (the column's width).
const MAX_DEVICE_NAME_CHARS: usize = 120;

/// Dictionary `alarm_status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlarmStatus {
    NotProcessed,
    Processing,
    Processed,
    Closed,
    Restored,
}

impl AlarmStatus {
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "0" => Some(AlarmStatus::NotProcessed),
            "1" => Some(AlarmStatus::Processing),
            "2" => Some(AlarmStatus::Processed),
            "3" => Some(AlarmStatus::Closed),
            "4" => Some(AlarmStatus::Restored),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            AlarmStatus::NotProcessed => "0",
            AlarmStatus::Processing => "1",
            AlarmStatus::Processed => "2",
            AlarmStatus::Closed => "3",
            AlarmStatus::Restored => "4",
        }
    }

    /// Open alarms are the real-time list's: not processed or processing.
    pub fn is_open(self) -> bool {
        matches!(self, AlarmStatus::NotProcessed | AlarmStatus::Processing)
    }
}

/// What an alarm's recovery does to its status: an open alarm of a type with auto
/// processing is restored; any other alarm keeps its status (a closed one stays closed)
/// and only gets its end time.
pub fn status_after_recovery(status: AlarmStatus, auto_processing: bool) -> AlarmStatus {
    if auto_processing && status.is_open() { AlarmStatus::Restored } else { status }
}

/// Only open alarms can be closed.
pub fn check_closable(status: AlarmStatus) -> Result<(), Msg> {
    if status.is_open() { Ok(()) } else { Err(Msg::AlarmNotOpen) }
}

/// Only alarms not processed yet can be taken into processing.
pub fn check_processable(status: AlarmStatus) -> Result<(), Msg> {
    match status {
        AlarmStatus::NotProcessed => Ok(()),
        AlarmStatus::Processing => Err(Msg::AlarmNotUnprocessed),
        _ => Err(Msg::AlarmNotOpen),
    }
}

/// A close reason: trimmed, 1 to 200 characters.
pub fn close_reason(text: &str) -> Result<String, Msg> {
    let trimmed = text.trim();
    let chars = trimmed.chars().count();
    if chars == 0 || chars > MAX_CLOSE_REASON_CHARS {
        return Err(Msg::AlarmCloseReasonInvalid);
    }
    Ok(trimmed.to_owned())
}

/// The device an alarm is on: the gateway's name (its serial when it has none), plus
/// " #N" for loop N. Stored once and read in either language, so it holds no word of
/// either (the console shows the loop's own name beside it).
pub fn device_name(gateway_name: &str, serial: &str, loop_index: u32) -> String {
    let gateway = if gateway_name.trim().is_empty() { serial } else { gateway_name.trim() };
    let name = if loop_index == 0 { gateway.to_owned() } else { format!("{gateway} #{loop_index}") };
    name.chars().take(MAX_DEVICE_NAME_CHARS).collect()
}

/// What happened to an alarm, as the events name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Raised,
    Recovered,
    Closed,
    Processing,
    /// Processed by a confirmed work order.
    Processed,
}

impl ChangeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Raised => "raised",
            ChangeKind::Recovered => "recovered",
            ChangeKind::Closed => "closed",
            ChangeKind::Processing => "processing",
            ChangeKind::Processed => "processed",
        }
    }

    /// The event's subject below the prefix, `alarm.{kind}`.
    pub fn event_type(self) -> &'static str {
        match self {
            ChangeKind::Raised => "alarm.raised",
            ChangeKind::Recovered => "alarm.recovered",
            ChangeKind::Closed => "alarm.closed",
            ChangeKind::Processing => "alarm.processing",
            ChangeKind::Processed => "alarm.processed",
        }
    }

    /// The `Nats-Msg-Id`: each kind happens at most once to an alarm.
    pub fn message_id(self, alarm_id: i64) -> String {
        format!("{alarm_id}:{}", self.as_str())
    }
}

/// A reading as people read it: at most 3 decimals, no trailing zeros.
pub fn format_reading(value: f64) -> String {
    let fixed = format!("{value:.3}");
    let trimmed = fixed.trim_end_matches('0').trim_end_matches('.');
    if trimmed == "-0" { "0".to_owned() } else { trimmed.to_owned() }
}

/// The detail sentence of an alarm: its condition and the deciding reading.
pub fn detail(attribute: &str, comparison: &str, threshold: &str, value: f64) -> Msg {
    Msg::AlarmDetail {
        attribute: attribute.to_owned(),
        comparison: comparison.to_owned(),
        threshold: threshold.to_owned(),
        value: format_reading(value),
    }
}

/// Which end of a time range a bound is: a bare date means its first second for the
/// beginning and its last for the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Begin,
    End,
}

/// A time filter in the server's local time (`YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD`); empty
/// means open-ended.
pub fn parse_time_bound(text: &str, bound: Bound) -> Result<Option<DateTime<Utc>>, Msg> {
    parse_time_bound_in(text, bound, &Local)
}

fn parse_time_bound_in<Tz: TimeZone>(text: &str, bound: Bound, zone: &Tz) -> Result<Option<DateTime<Utc>>, Msg> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let naive = match NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S") {
        Ok(naive) => naive,
        Err(_) => {
            let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| Msg::AlarmTimeInvalid)?;
            let time = match bound {
                Bound::Begin => NaiveTime::MIN,
                Bound::End => NaiveTime::from_hms_opt(23, 59, 59).unwrap_or(NaiveTime::MIN),
            };
            date.and_time(time)
        }
    };
    // A time skipped by a daylight-saving change has no instant; the earliest of an
    // ambiguous one is taken.
    let local = zone.from_local_datetime(&naive).earliest().ok_or(Msg::AlarmTimeInvalid)?;
    Ok(Some(local.with_timezone(&Utc)))
}

/// Most days an alarm trend covers.
pub const MAX_TREND_DAYS: i32 = 31;

/// The local days an alarm trend counts: `days` of them ending today, where a day runs
/// from midnight to midnight at `offset` from UTC. The range is the instants
/// `[start, end)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrendSpan {
    pub first_day: NaiveDate,
    pub days: u32,
    pub offset_minutes: i32,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl TrendSpan {
    /// Checks the days (1 to [`MAX_TREND_DAYS`]) and the offset (-720 to 840 minutes,
    /// UTC-12 to UTC+14) and places the span before `now`.
    pub fn parse(days: i32, offset_minutes: i32, now: DateTime<Utc>) -> Result<Self, Msg> {
        if !(1..=MAX_TREND_DAYS).contains(&days) {
            return Err(Msg::AlarmTrendDaysInvalid);
        }
        if !(-720..=840).contains(&offset_minutes) {
            return Err(Msg::UtcOffsetInvalid);
        }
        let offset = FixedOffset::east_opt(offset_minutes * 60).ok_or(Msg::UtcOffsetInvalid)?;
        let today = now.with_timezone(&offset).date_naive();
        let count = days as u32;
        let first_day = today - Days::new(u64::from(count) - 1);
        let midnight = |day: NaiveDate| {
            offset.from_local_datetime(&day.and_time(NaiveTime::MIN)).single().map(|t| t.with_timezone(&Utc))
        };
        let start = midnight(first_day).ok_or(Msg::UtcOffsetInvalid)?;
        let end = midnight(today + Days::new(1)).ok_or(Msg::UtcOffsetInvalid)?;
        Ok(Self { first_day, days: count, offset_minutes, start, end })
    }

    /// Every day of the span, oldest first.
    pub fn dates(&self) -> impl Iterator<Item = NaiveDate> + '_ {
        (0..self.days).map(|n| self.first_day + Days::new(u64::from(n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::FixedOffset;

    const ALL: [AlarmStatus; 5] = [
        AlarmStatus::NotProcessed,
        AlarmStatus::Processing,
        AlarmStatus::Processed,
        AlarmStatus::Closed,
        AlarmStatus::Restored,
    ];

    #[test]
    fn statuses_round_trip_and_only_two_are_open() {
        for status in ALL {
            assert_eq!(AlarmStatus::parse(status.code()), Some(status));
        }
        let open: Vec<_> = ALL.into_iter().filter(|s| s.is_open()).collect();
        assert_eq!(open, [AlarmStatus::NotProcessed, AlarmStatus::Processing]);
        assert_eq!(AlarmStatus::parse("5"), None);
    }

    #[test]
    fn recovery_restores_only_open_alarms_of_auto_processing_types() {
        assert_eq!(status_after_recovery(AlarmStatus::NotProcessed, true), AlarmStatus::Restored);
        assert_eq!(status_after_recovery(AlarmStatus::Processing, true), AlarmStatus::Restored);
        assert_eq!(status_after_recovery(AlarmStatus::Closed, true), AlarmStatus::Closed);
        assert_eq!(status_after_recovery(AlarmStatus::NotProcessed, false), AlarmStatus::NotProcessed);
        assert_eq!(status_after_recovery(AlarmStatus::Restored, true), AlarmStatus::Restored);
    }

    #[test]
    fn closing_and_processing_need_the_right_status() {
        assert!(check_closable(AlarmStatus::NotProcessed).is_ok());
        assert!(check_closable(AlarmStatus::Processing).is_ok());
        for status in [AlarmStatus::Processed, AlarmStatus::Closed, AlarmStatus::Restored] {
            assert_eq!(check_closable(status), Err(Msg::AlarmNotOpen));
        }
        assert!(check_processable(AlarmStatus::NotProcessed).is_ok());
        assert_eq!(check_processable(AlarmStatus::Processing), Err(Msg::AlarmNotUnprocessed));
        assert_eq!(check_processable(AlarmStatus::Closed), Err(Msg::AlarmNotOpen));
    }

    #[test]
    fn close_reasons_are_bounded() {
        assert_eq!(close_reason("  checked on site ").unwrap(), "checked on site");
        assert_eq!(close_reason(&"因".repeat(200)).unwrap().chars().count(), 200);
        assert_eq!(close_reason(""), Err(Msg::AlarmCloseReasonInvalid));
        assert_eq!(close_reason("   "), Err(Msg::AlarmCloseReasonInvalid));
        assert_eq!(close_reason(&"x".repeat(201)), Err(Msg::AlarmCloseReasonInvalid));
    }

    #[test]
    fn device_names() {
        assert_eq!(device_name("Cabinet A", "GW-1", 0), "Cabinet A");
        assert_eq!(device_name("Cabinet A", "GW-1", 3), "Cabinet A #3");
        assert_eq!(device_name("  ", "GW-1", 2), "GW-1 #2");
        assert_eq!(device_name(&"长".repeat(200), "GW-1", 1).chars().count(), 120);
    }

    #[test]
    fn change_kinds_name_subjects_and_message_ids() {
        assert_eq!(ChangeKind::Raised.event_type(), "alarm.raised");
        assert_eq!(ChangeKind::Processing.event_type(), "alarm.processing");
        assert_eq!(ChangeKind::Recovered.message_id(42), "42:recovered");
    }

    #[test]
    fn readings_are_formatted_briefly() {
        assert_eq!(format_reading(20.0), "20");
        assert_eq!(format_reading(12.5), "12.5");
        assert_eq!(format_reading(15.1234), "15.123");
        assert_eq!(format_reading(-95.0), "-95");
        assert_eq!(format_reading(-0.0001), "0");
    }

    #[test]
    fn time_bounds_are_local_and_dates_cover_the_whole_day() {
        let zone = FixedOffset::east_opt(8 * 3600).unwrap();
        let begin = parse_time_bound_in("2025-03-01 08:00:00", Bound::Begin, &zone).unwrap().unwrap();
        assert_eq!(begin.to_rfc3339(), "2025-03-01T00:00:00+00:00");
        let end = parse_time_bound_in("2025-03-01", Bound::End, &zone).unwrap().unwrap();
        assert_eq!(end.to_rfc3339(), "2025-03-01T15:59:59+00:00");
        let start = parse_time_bound_in("2025-03-01", Bound::Begin, &zone).unwrap().unwrap();
        assert_eq!(start.to_rfc3339(), "2025-02-28T16:00:00+00:00");
        assert_eq!(parse_time_bound_in(" ", Bound::Begin, &zone), Ok(None));
        for bad in ["2025-13-01", "yesterday", "2025-03-01T08:00:00", "2025-03-01 25:00:00"] {
            assert_eq!(parse_time_bound_in(bad, Bound::Begin, &zone), Err(Msg::AlarmTimeInvalid), "{bad}");
        }
    }

    #[test]
    fn the_detail_sentence_reads_in_both_languages() {
        let msg = detail("current", ">", "15.000", 20.0);
        use lumiscape_common::Lang;
        assert_eq!(msg.text(Lang::En), "Triggered when Current > 15.000 A; the reading was 20 A");
        assert_eq!(msg.text(Lang::Zh), "触发条件：电流 > 15.000 A；实测值：20 A");
    }

    #[test]
    fn a_trend_counts_whole_local_days_ending_today() {
        // 2026-11-24 23:30 UTC is already the 25th in China (UTC+8).
        let now = Utc.with_ymd_and_hms(2026, 11, 24, 23, 30, 0).unwrap();
        let span = TrendSpan::parse(7, 480, now).unwrap();
        assert_eq!(span.first_day, NaiveDate::from_ymd_opt(2026, 11, 19).unwrap());
        assert_eq!(span.start, Utc.with_ymd_and_hms(2026, 11, 18, 16, 0, 0).unwrap());
        assert_eq!(span.end, Utc.with_ymd_and_hms(2026, 11, 25, 16, 0, 0).unwrap());
        let dates: Vec<String> = span.dates().map(|d| d.to_string()).collect();
        assert_eq!(dates.len(), 7);
        assert_eq!(dates.last().map(String::as_str), Some("2026-11-25"));
        // In UTC the same instant is still the 24th.
        let utc = TrendSpan::parse(1, 0, now).unwrap();
        assert_eq!(utc.first_day, NaiveDate::from_ymd_opt(2026, 11, 24).unwrap());
        assert_eq!(utc.end - utc.start, chrono::TimeDelta::days(1));
    }

    #[test]
    fn a_trend_refuses_days_and_offsets_out_of_range() {
        let now = Utc::now();
        for days in [0, -1, 32, i32::MAX] {
            assert_eq!(TrendSpan::parse(days, 0, now), Err(Msg::AlarmTrendDaysInvalid), "{days}");
        }
        for offset in [-721, 841, i32::MIN] {
            assert_eq!(TrendSpan::parse(7, offset, now), Err(Msg::UtcOffsetInvalid), "{offset}");
        }
        assert!(TrendSpan::parse(31, -720, now).is_ok());
        assert!(TrendSpan::parse(1, 840, now).is_ok());
    }
}
