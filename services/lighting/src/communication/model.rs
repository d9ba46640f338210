//! The rules of the communication records: what is kept (the bridge's records of known
//! gateways, within the retention), and what a search may ask (one calendar month at most,
//! spec section 5). Pure.

use chrono::{DateTime, Local, Months, NaiveDate, TimeDelta, TimeZone, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::events::v1::CommunicationRecord;
use lumiscape_proto::lighting::v1::ListCommunicationsRequest;

pub use crate::partitions::first_of_month;
use crate::partitions::{Monthly, MonthlyTable};

pub const DIRECTIONS: &[&str] = &["up", "down"];
pub const CHANNELS: &[&str] = &["telemetry", "heartbeat", "event", "ack", "command"];
pub const OUTCOMES: &[&str] = &["accepted", "duplicate", "refused", "sent"];
/// Longest reason, correlation id and key kept (the columns' sizes).
const MAX_REASON_CHARS: usize = 300;
const MAX_CORRELATION_CHARS: usize = 64;
const MAX_KEY_CHARS: usize = 80;

/// The records' table, in monthly partitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Records;

impl MonthlyTable for Records {
    const TABLE: &'static str = "communication_records";
    const NAME: &'static str = "communication records";
}

/// How many months are kept before the current one (UTC months: the partitions').
pub type Retention = Monthly<Records>;

impl Retention {
    /// Whether a record of `at` is kept: within the kept months, and not more than a day
    /// ahead of `now` (an acknowledgement's time is the gateway's clock).
    pub fn accepts(self, at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        at.date_naive() >= self.first_kept_month(now.date_naive()) && at <= now + TimeDelta::days(1)
    }
}

/// A record as stored, once checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub project_id: i64,
    pub gateway_id: i64,
    pub recorded_at: DateTime<Utc>,
    pub direction: String,
    pub channel: String,
    pub outcome: String,
    pub reason: String,
    pub message_seq: Option<i64>,
    pub correlation_id: Option<String>,
    pub device_time: Option<DateTime<Utc>>,
    pub size: i32,
    pub payload: Vec<u8>,
    pub record_key: String,
}

impl Row {
    /// The stored form of a bridge's record; `None` for what cannot be one (an unknown word,
    /// no gateway, no time, no key): the bridge wrote it, so it is logged, not refused.
    pub fn of(record: &CommunicationRecord) -> Option<Self> {
        let word = |text: &str, known: &[&str]| known.contains(&text).then(|| text.to_owned());
        let time = |ms: i64| DateTime::from_timestamp_millis(ms).filter(|_| ms > 0);
        let clip = |text: &str, max: usize| text.chars().take(max).collect::<String>();
        if record.gateway_id <= 0 || record.record_key.is_empty() {
            return None;
        }
        Some(Self {
            project_id: record.project_id,
            gateway_id: record.gateway_id,
            recorded_at: time(record.at_ms)?,
            direction: word(&record.direction, DIRECTIONS)?,
            channel: word(&record.channel, CHANNELS)?,
            outcome: word(&record.outcome, OUTCOMES)?,
            reason: clip(&record.reason, MAX_REASON_CHARS),
            message_seq: i64::try_from(record.message_seq).ok().filter(|s| *s > 0),
            correlation_id: Some(clip(&record.correlation_id, MAX_CORRELATION_CHARS)).filter(|c| !c.is_empty()),
            device_time: time(record.device_time_ms),
            size: i32::try_from(record.size).unwrap_or(i32::MAX),
            payload: record.payload.clone(),
            record_key: clip(&record.record_key, MAX_KEY_CHARS),
        })
    }
}

/// What a search asks: within `[from, to)`, which is inside one calendar month of the
/// server's time zone, and the words it names (each `None` matches all).
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    pub gateway_id: Option<i64>,
    pub direction: Option<String>,
    pub channel: Option<String>,
    pub outcome: Option<String>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
}

/// The month of `at` in `zone`: its first instant and the next month's.
fn month_around<Z: TimeZone>(zone: &Z, at: DateTime<Utc>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let first = first_of_month(at.with_timezone(zone).date_naive());
    let next = first.checked_add_months(Months::new(1))?;
    let start = |day: NaiveDate| zone.from_local_datetime(&day.and_hms_opt(0, 0, 0)?).earliest();
    Some((start(first)?.with_timezone(&Utc), start(next)?.with_timezone(&Utc)))
}

/// The search from what the console sent (`begin_time_ms` the first day's midnight,
/// `end_time_ms` the midnight after the last day, both in `zone`; 0 for not given):
/// without days, the month of `now`; with one, that day's month; with both, they must lie
/// in one month, or it is refused as the spec says. A word the records do not know, a
/// negative id, or an end before the beginning is refused as not valid.
pub fn filter_of<Z: TimeZone>(req: &ListCommunicationsRequest, zone: &Z, now: DateTime<Utc>) -> Result<Filter, Error> {
    use crate::search::{instant as time, invalid as bad, word};
    if req.gateway_id < 0 {
        return Err(bad());
    }
    let (begin, end) = (time(req.begin_time_ms)?, time(req.end_time_ms)?);
    let month = |at: DateTime<Utc>| month_around(zone, at).ok_or_else(bad);
    let (from, to) = match (begin, end) {
        (None, None) => month(now)?,
        (Some(from), None) => (from, month(from)?.1),
        // The end is exclusive: its month is the one of the instant before it.
        (None, Some(to)) => (month(to - TimeDelta::milliseconds(1))?.0, to),
        (Some(from), Some(to)) if to <= from => return Err(bad()),
        (Some(from), Some(to)) => {
            if month(from)? != month(to - TimeDelta::milliseconds(1))? {
                return Err(Error::bad_request(Msg::CommunicationCrossMonth));
            }
            (from, to)
        }
    };
    Ok(Filter {
        gateway_id: (req.gateway_id > 0).then_some(req.gateway_id),
        direction: word(&req.direction, DIRECTIONS)?,
        channel: word(&req.channel, CHANNELS)?,
        outcome: word(&req.outcome, OUTCOMES)?,
        from,
        to,
    })
}

/// The server's time zone, as the edge reads days in it.
pub fn server_zone() -> Local {
    Local
}

#[cfg(test)]
mod tests {
    use chrono::{Datelike, FixedOffset};
    use proptest::prelude::*;

    use super::*;

    fn shanghai() -> FixedOffset {
        FixedOffset::east_opt(8 * 3600).unwrap()
    }

    /// Local midnight of a day in Shanghai, as the edge sends it.
    fn midnight(y: i32, m: u32, d: u32) -> i64 {
        shanghai().with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap().timestamp_millis()
    }

    fn request(begin: i64, end: i64) -> ListCommunicationsRequest {
        ListCommunicationsRequest { begin_time_ms: begin, end_time_ms: end, ..Default::default() }
    }

    fn now() -> DateTime<Utc> {
        shanghai().with_ymd_and_hms(2026, 11, 29, 10, 0, 0).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_search_stays_within_one_month() {
        let november = filter_of(&request(midnight(2026, 11, 1), midnight(2026, 12, 1)), &shanghai(), now()).unwrap();
        assert_eq!(
            (november.from.timestamp_millis(), november.to.timestamp_millis()),
            (midnight(2026, 11, 1), midnight(2026, 12, 1))
        );
        let across = filter_of(&request(midnight(2026, 10, 31), midnight(2026, 11, 2)), &shanghai(), now());
        assert_eq!(across.unwrap_err().msg, Msg::CommunicationCrossMonth);
        // The last day of one month to the first of the next, and a year's turn.
        for (begin, end) in
            [(midnight(2026, 11, 30), midnight(2026, 12, 2)), (midnight(2026, 12, 31), midnight(2027, 1, 2))]
        {
            assert_eq!(
                filter_of(&request(begin, end), &shanghai(), now()).unwrap_err().msg,
                Msg::CommunicationCrossMonth
            );
        }
        let backwards = filter_of(&request(midnight(2026, 11, 5), midnight(2026, 11, 5)), &shanghai(), now());
        assert_eq!(backwards.unwrap_err().msg, Msg::CommandFilterInvalid);
    }

    #[test]
    fn without_days_it_is_this_month_and_one_day_names_its_month() {
        let this = filter_of(&request(0, 0), &shanghai(), now()).unwrap();
        assert_eq!(
            (this.from.timestamp_millis(), this.to.timestamp_millis()),
            (midnight(2026, 11, 1), midnight(2026, 12, 1))
        );
        let from = filter_of(&request(midnight(2026, 2, 10), 0), &shanghai(), now()).unwrap();
        assert_eq!(from.to.timestamp_millis(), midnight(2026, 3, 1));
        let to = filter_of(&request(0, midnight(2026, 3, 1)), &shanghai(), now()).unwrap();
        assert_eq!(to.from.timestamp_millis(), midnight(2026, 2, 1), "the end is exclusive: February's last day");
    }

    #[test]
    fn words_are_known_ones() {
        let mut req = request(0, 0);
        req.direction = "up".into();
        req.channel = "ack".into();
        req.outcome = "refused".into();
        let filter = filter_of(&req, &shanghai(), now()).unwrap();
        assert_eq!(
            (filter.direction.as_deref(), filter.channel.as_deref(), filter.outcome.as_deref()),
            (Some("up"), Some("ack"), Some("refused"))
        );
        for bad in [
            ListCommunicationsRequest { direction: "sideways".into(), ..request(0, 0) },
            ListCommunicationsRequest { channel: "cmd".into(), ..request(0, 0) },
            ListCommunicationsRequest { outcome: "ok".into(), ..request(0, 0) },
            ListCommunicationsRequest { gateway_id: -1, ..request(0, 0) },
            request(-5, 0),
        ] {
            assert_eq!(filter_of(&bad, &shanghai(), now()).unwrap_err().msg, Msg::CommandFilterInvalid, "{bad:?}");
        }
    }

    #[test]
    fn months_are_kept_whole() {
        let retention = Retention::months(3);
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        assert_eq!(retention.first_kept_month(today), NaiveDate::from_ymd_opt(2026, 8, 1).unwrap());
        let now = Utc.with_ymd_and_hms(2026, 11, 29, 10, 0, 0).unwrap();
        assert!(retention.accepts(Utc.with_ymd_and_hms(2026, 8, 1, 0, 0, 0).unwrap(), now));
        assert!(!retention.accepts(Utc.with_ymd_and_hms(2026, 7, 31, 23, 59, 59).unwrap(), now));
        assert!(!retention.accepts(now + TimeDelta::days(2), now), "a clock far ahead");
    }

    #[test]
    fn a_record_is_stored_only_when_it_makes_sense() {
        let good = CommunicationRecord {
            gateway_id: 3,
            project_id: 1,
            direction: "up".into(),
            channel: "telemetry".into(),
            outcome: "refused".into(),
            reason: "r".repeat(400),
            message_seq: 0,
            at_ms: 1_764_000_000_000,
            size: 12,
            payload: b"not json at".to_vec(),
            record_key: "s9".into(),
            ..Default::default()
        };
        let row = Row::of(&good).unwrap();
        assert_eq!((row.reason.chars().count(), row.message_seq, row.correlation_id.clone()), (300, None, None));
        for bad in [
            CommunicationRecord { direction: "left".into(), ..good.clone() },
            CommunicationRecord { channel: "cmd".into(), ..good.clone() },
            CommunicationRecord { at_ms: 0, ..good.clone() },
            CommunicationRecord { record_key: String::new(), ..good.clone() },
            CommunicationRecord { gateway_id: 0, ..good.clone() },
        ] {
            assert_eq!(Row::of(&bad), None);
        }
    }

    proptest! {
        /// Any two days in Shanghai: accepted exactly when they lie in one month, and then
        /// the search covers them.
        #[test]
        fn any_range_is_one_month_or_refused(a in 0i64..800, b in 1i64..60) {
            let first = NaiveDate::from_ymd_opt(2025, 1, 1).unwrap() + TimeDelta::days(a);
            let last = first + TimeDelta::days(b - 1);
            let begin = shanghai().from_local_datetime(&first.and_hms_opt(0, 0, 0).unwrap()).unwrap().timestamp_millis();
            let end = shanghai().from_local_datetime(&(last + TimeDelta::days(1)).and_hms_opt(0, 0, 0).unwrap()).unwrap().timestamp_millis();
            let answer = filter_of(&request(begin, end), &shanghai(), now());
            let same_month = (first.year(), first.month()) == (last.year(), last.month());
            prop_assert_eq!(answer.is_ok(), same_month);
            if let Ok(filter) = answer {
                prop_assert_eq!((filter.from.timestamp_millis(), filter.to.timestamp_millis()), (begin, end));
            }
        }
    }
}
