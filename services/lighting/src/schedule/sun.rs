//! Where a project stands and what its local days are: clock times across DST changes, and
//! sunrise and sunset (spa's algorithm, which says outright when the sun stays up or down the
//! whole day).

use chrono::{DateTime, LocalResult, NaiveDate, NaiveTime, Offset as _, TimeZone as _, Utc};
use chrono_tz::{GapInfo, Tz};

/// A project's place: latitude and longitude in degrees (WGS84) and its IANA time zone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Site {
    latitude: f64,
    longitude: f64,
    zone: Tz,
}

/// The sun on one local day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SunDay {
    /// The sun rises and sets.
    Daylight { rise: DateTime<Utc>, set: DateTime<Utc> },
    /// The sun stays above the horizon all day (midnight sun).
    PolarDay,
    /// The sun stays below the horizon all day.
    PolarNight,
}

impl Site {
    /// A site, or `None` when a coordinate is not a number in range (-90..=90, -180..=180).
    pub fn new(latitude: f64, longitude: f64, zone: Tz) -> Option<Self> {
        let in_range = (-90.0..=90.0).contains(&latitude) && (-180.0..=180.0).contains(&longitude);
        in_range.then_some(Self { latitude, longitude, zone })
    }

    pub fn zone(&self) -> Tz {
        self.zone
    }

    /// The local date of an instant.
    pub fn date_of(&self, instant: DateTime<Utc>) -> NaiveDate {
        instant.with_timezone(&self.zone).date_naive()
    }

    /// The instant a local date and clock time name. A time the clocks skip (the spring
    /// change) is read with the offset in force before the gap, so it moves forward by the
    /// gap's length (02:30 becomes 03:30); a time that happens twice (the autumn change) is
    /// the first of the two. Temporal and java.time read local times the same way.
    pub fn at(&self, date: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
        let local = date.and_time(time);
        match self.zone.from_local_datetime(&local) {
            LocalResult::Single(instant) | LocalResult::Ambiguous(instant, _) => instant.with_timezone(&Utc),
            LocalResult::None => {
                let gap = GapInfo::new(&local, &self.zone);
                let before = gap.as_ref().and_then(|gap| gap.begin.map(|(_, offset)| offset.fix()));
                let moved = before.and_then(|offset| offset.from_local_datetime(&local).single());
                match (moved, gap.and_then(|gap| gap.end)) {
                    (Some(instant), _) => instant.with_timezone(&Utc),
                    (None, Some(end)) => end.with_timezone(&Utc),
                    // Only past the ends of the time zone database: read the time as UTC.
                    (None, None) => local.and_utc(),
                }
            }
        }
    }

    /// The first instant of a local date (midnight, or the end of a gap at midnight).
    pub fn day_start(&self, date: NaiveDate) -> DateTime<Utc> {
        self.at(date, NaiveTime::MIN)
    }

    /// The first instant of the day after `date`: the end of `date`.
    pub fn day_end(&self, date: NaiveDate) -> DateTime<Utc> {
        self.day_start(date.succ_opt().unwrap_or(date))
    }

    /// The sun on a local date: its rise and set around the local solar noon of that date.
    pub fn sun(&self, date: NaiveDate) -> SunDay {
        // spa computes the events of the UTC day of the instant it is given, centred on the
        // solar noon at the longitude; noon UTC of the local date names that date.
        let noon = date.and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap_or(NaiveTime::MIN)).and_utc();
        match spa::sunrise_and_set::<spa::StdFloatOps>(noon, self.latitude, self.longitude) {
            Ok(spa::SunriseAndSet::Daylight(rise, set)) => SunDay::Daylight { rise, set },
            Ok(spa::SunriseAndSet::PolarDay) => SunDay::PolarDay,
            // The coordinates were checked by `new`, so an error cannot happen; the night is the
            // side that keeps the lights on.
            Ok(spa::SunriseAndSet::PolarNight) | Err(_) => SunDay::PolarNight,
        }
    }

    /// Sunrise on a local date. Under the midnight sun the sun is up as the day starts; in the
    /// polar night it never comes up that day, so sunrise is the end of the day. A night from
    /// sunset to sunrise therefore lasts the whole of a polar night and is empty under the
    /// midnight sun.
    pub fn sunrise(&self, date: NaiveDate) -> DateTime<Utc> {
        match self.sun(date) {
            SunDay::Daylight { rise, .. } => rise,
            SunDay::PolarDay => self.day_start(date),
            SunDay::PolarNight => self.day_end(date),
        }
    }

    /// Sunset on a local date: the end of the day under the midnight sun, its start in the
    /// polar night (see [`Site::sunrise`]).
    pub fn sunset(&self, date: NaiveDate) -> DateTime<Utc> {
        match self.sun(date) {
            SunDay::Daylight { set, .. } => set,
            SunDay::PolarDay => self.day_end(date),
            SunDay::PolarNight => self.day_start(date),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Datelike as _, TimeDelta};
    use chrono_tz::{America, Asia, Australia, Europe};

    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn time(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn coordinates_out_of_range_make_no_site() {
        assert!(Site::new(90.5, 0.0, Tz::UTC).is_none());
        assert!(Site::new(0.0, -180.5, Tz::UTC).is_none());
        assert!(Site::new(f64::NAN, 0.0, Tz::UTC).is_none());
        assert!(Site::new(-90.0, 180.0, Tz::UTC).is_some());
    }

    #[test]
    fn a_skipped_clock_time_moves_forward_by_the_gap_and_a_repeated_one_is_the_first() {
        let berlin = Site::new(52.52, 13.405, Europe::Berlin).unwrap();
        // 2026-03-29: 02:00 CET becomes 03:00 CEST; 02:30 does not exist.
        assert_eq!(berlin.at(date(2026, 3, 29), time(2, 30)), utc("2026-03-29T03:30:00+02:00"));
        assert_eq!(berlin.at(date(2026, 3, 29), time(1, 59)), utc("2026-03-29T01:59:00+01:00"));
        assert_eq!(berlin.at(date(2026, 3, 29), time(3, 0)), utc("2026-03-29T03:00:00+02:00"));
        // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
        assert_eq!(berlin.at(date(2026, 10, 25), time(2, 30)), utc("2026-10-25T02:30:00+02:00"));
        let new_york = Site::new(40.71, -74.0, America::New_York).unwrap();
        assert_eq!(new_york.at(date(2026, 3, 8), time(2, 15)), utc("2026-03-08T03:15:00-04:00"));
        assert_eq!(new_york.at(date(2026, 11, 1), time(1, 30)), utc("2026-11-01T01:30:00-04:00"));
        // The southern hemisphere changes the other way round, in April and October.
        let sydney = Site::new(-33.87, 151.21, Australia::Sydney).unwrap();
        assert_eq!(sydney.at(date(2026, 10, 4), time(2, 30)), utc("2026-10-04T03:30:00+11:00"));
        assert_eq!(sydney.at(date(2026, 4, 5), time(2, 30)), utc("2026-04-05T02:30:00+11:00"));
    }

    #[test]
    fn local_days_last_23_24_or_25_hours() {
        let berlin = Site::new(52.52, 13.405, Europe::Berlin).unwrap();
        let length = |d: NaiveDate| berlin.day_end(d) - berlin.day_start(d);
        assert_eq!(length(date(2026, 3, 29)), TimeDelta::hours(23));
        assert_eq!(length(date(2026, 10, 25)), TimeDelta::hours(25));
        assert_eq!(length(date(2026, 7, 1)), TimeDelta::hours(24));
    }

    /// Published times (timeanddate.com, rounded to the minute) within the algorithm's few
    /// minutes.
    #[test]
    fn sunrise_and_sunset_agree_with_published_times() {
        let cases = [
            (
                Site::new(52.52, 13.405, Europe::Berlin).unwrap(),
                date(2026, 6, 21),
                "2026-06-21T04:43:00+02:00",
                "2026-06-21T21:33:00+02:00",
            ),
            (
                Site::new(52.52, 13.405, Europe::Berlin).unwrap(),
                date(2026, 12, 21),
                "2026-12-21T08:15:00+01:00",
                "2026-12-21T15:54:00+01:00",
            ),
            (
                Site::new(31.23, 121.47, Asia::Shanghai).unwrap(),
                date(2026, 6, 21),
                "2026-06-21T04:50:00+08:00",
                "2026-06-21T19:01:00+08:00",
            ),
            (
                Site::new(-33.87, 151.21, Australia::Sydney).unwrap(),
                date(2026, 6, 21),
                "2026-06-21T07:00:00+10:00",
                "2026-06-21T16:54:00+10:00",
            ),
        ];
        for (site, day, rise, set) in cases {
            let SunDay::Daylight { rise: got_rise, set: got_set } = site.sun(day) else { panic!("{day}: no daylight") };
            assert!((got_rise - utc(rise)).num_minutes().abs() <= 5, "{day} rise {got_rise} against {rise}");
            assert!((got_set - utc(set)).num_minutes().abs() <= 5, "{day} set {got_set} against {set}");
            assert_eq!(site.date_of(got_rise), day);
            assert_eq!(site.date_of(got_set), day);
        }
    }

    #[test]
    fn above_the_polar_circle_the_sun_stays_up_in_june_and_down_in_december() {
        let tromso = Site::new(69.65, 18.96, Europe::Oslo).unwrap();
        assert_eq!(tromso.sun(date(2026, 6, 21)), SunDay::PolarDay);
        assert_eq!(tromso.sun(date(2026, 12, 21)), SunDay::PolarNight);
        assert!(matches!(tromso.sun(date(2026, 3, 21)), SunDay::Daylight { .. }));
        // A night (sunset to the next sunrise) is empty under the midnight sun and lasts the
        // whole day in the polar night.
        let june = date(2026, 6, 21);
        assert_eq!(tromso.sunset(june), tromso.day_end(june));
        assert_eq!(tromso.sunrise(june.succ_opt().unwrap()), tromso.day_start(june.succ_opt().unwrap()));
        let december = date(2026, 12, 21);
        assert_eq!(tromso.sunset(december), tromso.day_start(december));
        assert_eq!(tromso.sunrise(december), tromso.day_end(december));
    }

    #[test]
    fn every_day_of_the_year_has_its_events_in_order_at_every_latitude() {
        for site in [
            Site::new(69.65, 18.96, Europe::Oslo).unwrap(),
            Site::new(78.22, 15.65, chrono_tz::Arctic::Longyearbyen).unwrap(),
            Site::new(-77.85, 166.67, chrono_tz::Antarctica::McMurdo).unwrap(),
            Site::new(0.0, 0.0, Tz::UTC).unwrap(),
        ] {
            let mut day = date(2026, 1, 1);
            while day.year() == 2026 {
                let (start, end) = (site.day_start(day), site.day_end(day));
                assert!(start < end);
                assert!(site.sunrise(day) <= site.sunset(day) || site.sun(day) == SunDay::PolarNight, "{day}");
                if let SunDay::Daylight { rise, set } = site.sun(day) {
                    assert!(rise < set && set - rise < TimeDelta::hours(24), "{day}: {rise} {set}");
                }
                day = day.succ_opt().unwrap();
            }
        }
    }
}
