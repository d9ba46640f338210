//! Timing one-key control as a person enters it (spec section 5: the end after the start,
//! the start not in the past). Pure: the site's zone reads the times, `now` is given.

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

use super::sun::Site;
use super::task::Light;
use super::timeline::Window;
use crate::gateway::model::MAX_REMARK_CHARS;

/// The form's time may be a little behind the server's clock when it is sent.
pub const PAST_GRACE: TimeDelta = TimeDelta::minutes(1);
/// The longest window.
pub const MAX_SPAN: TimeDelta = TimeDelta::days(366);

#[derive(Debug, Clone, Default)]
pub struct RawTiming {
    /// "1" on, "0" off.
    pub switch_state: String,
    pub start: String,
    pub end: String,
    pub remark: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimingDraft {
    pub on: bool,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub remark: String,
}

/// A local time in the site's zone: `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD HH:mm`.
fn local_time(site: &Site, text: &str) -> Result<DateTime<Utc>, Error> {
    let text = text.trim();
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M"))
        .map_err(|_| Error::bad_request(Msg::TimingTimeInvalid))?;
    Ok(site.at(local.date(), local.time()))
}

impl TimingDraft {
    pub fn parse(raw: &RawTiming, site: &Site, now: DateTime<Utc>) -> Result<Self, Error> {
        let on = match raw.switch_state.trim() {
            "1" => true,
            "0" => false,
            _ => return Err(Error::bad_request(Msg::SwitchStateRequired)),
        };
        let from = local_time(site, &raw.start)?;
        let to = local_time(site, &raw.end)?;
        if to <= from {
            return Err(Error::bad_request(Msg::TimingEndBeforeStart));
        }
        if from < now - PAST_GRACE {
            return Err(Error::bad_request(Msg::TimingStartPast));
        }
        if to - from > MAX_SPAN {
            return Err(Error::bad_request(Msg::TimingTooLong));
        }
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Error::bad_request(Msg::RemarkInvalid));
        }
        Ok(Self { on, from, to, remark: remark.to_owned() })
    }
}

/// A stored window as the plan reads it: full light or off.
pub fn window(id: i64, on: bool, from: DateTime<Utc>, to: DateTime<Utc>) -> Window {
    Window { id, from, to, light: if on { Light::On { level: 100 } } else { Light::Off } }
}

/// '0' waiting, '1' in force, '2' over, at `now`.
pub fn state(from: DateTime<Utc>, to: DateTime<Utc>, now: DateTime<Utc>) -> &'static str {
    if now < from {
        "0"
    } else if now < to {
        "1"
    } else {
        "2"
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use proptest::prelude::*;

    use super::*;

    fn site() -> Site {
        Site::new(30.2, 120.2, chrono_tz::Asia::Shanghai).unwrap()
    }

    fn now() -> DateTime<Utc> {
        // 2026-12-01 10:00 in Hangzhou.
        DateTime::parse_from_rfc3339("2026-12-01T02:00:00Z").unwrap().with_timezone(&Utc)
    }

    fn raw(start: &str, end: &str) -> RawTiming {
        RawTiming { switch_state: "1".into(), start: start.into(), end: end.into(), remark: String::new() }
    }

    #[test]
    fn times_are_read_in_the_sites_zone_and_checked_as_the_spec_says() {
        let draft = TimingDraft::parse(&raw("2026-12-24 18:00", "2026-12-26 06:00:00"), &site(), now()).unwrap();
        let local = |d, h| {
            site().at(NaiveDate::from_ymd_opt(2026, 12, d).unwrap(), chrono::NaiveTime::from_hms_opt(h, 0, 0).unwrap())
        };
        assert_eq!((draft.on, draft.from, draft.to), (true, local(24, 18), local(26, 6)));
        for (start, end, expected) in [
            ("2026-12-24 18:00", "2026-12-24 18:00", Msg::TimingEndBeforeStart),
            ("2026-12-24 18:00", "2026-12-24 17:59", Msg::TimingEndBeforeStart),
            ("2026-12-01 09:58", "2026-12-24 18:00", Msg::TimingStartPast),
            ("2026-12-01", "2026-12-24 18:00", Msg::TimingTimeInvalid),
            ("2026-12-24 18:00", "tomorrow", Msg::TimingTimeInvalid),
            ("2026-12-24 18:00", "2028-01-01 00:00", Msg::TimingTooLong),
        ] {
            assert_eq!(
                TimingDraft::parse(&raw(start, end), &site(), now()).unwrap_err().msg,
                expected,
                "{start} {end}"
            );
        }
        // A minute's grace for the time the form took.
        assert!(TimingDraft::parse(&raw("2026-12-01 09:59:30", "2026-12-01 12:00"), &site(), now()).is_ok());
        let off = RawTiming { switch_state: "2".into(), ..raw("2026-12-24 18:00", "2026-12-25 18:00") };
        assert_eq!(TimingDraft::parse(&off, &site(), now()).unwrap_err().msg, Msg::SwitchStateRequired);
    }

    #[test]
    fn a_window_is_waiting_in_force_then_over() {
        let (from, to) = (now(), now() + TimeDelta::hours(2));
        assert_eq!(state(from, to, from - TimeDelta::seconds(1)), "0");
        assert_eq!(state(from, to, from), "1");
        assert_eq!(state(from, to, to), "2");
        assert_eq!(window(3, false, from, to).light, Light::Off);
    }

    proptest! {
        /// Any texts give a window that ends after it starts, within the span, not in the
        /// past, or a refusal; never a panic.
        #[test]
        fn any_input_is_a_sound_window_or_refused(start in ".{0,20}", end in ".{0,20}", state in "[0-9]?") {
            let raw = RawTiming { switch_state: state, start, end, remark: String::new() };
            if let Ok(draft) = TimingDraft::parse(&raw, &site(), now()) {
                prop_assert!(draft.to > draft.from && draft.to - draft.from <= MAX_SPAN && draft.from >= now() - PAST_GRACE);
            }
        }
    }
}
