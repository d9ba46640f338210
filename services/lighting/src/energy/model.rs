//! The rules of energy statistics (docs/energy.md). Pure: what a new meter reading adds
//! (counter resets, gaps and implausible jumps), how it is spread over the project's local
//! hours, the periods a query may ask for, the tariff, and the baseline savings are measured
//! against.

use std::collections::BTreeMap;

use chrono::{
    DateTime, Datelike, Months, NaiveDate, NaiveDateTime, Offset as _, TimeDelta, TimeZone as _, Timelike, Utc,
};
use chrono_tz::Tz;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::lighting::v1 as pb;

use crate::schedule::sun::Site;

/// A meter went backwards: counted from zero again (the meter restarted or was replaced).
pub const RESET: u8 = 1;
/// More than [`GAP`] between two readings: what they differ by is spread evenly over the gap.
pub const GAP_FLAG: u8 = 2;
/// More than a loop can draw in the time between two readings: not counted.
pub const JUMP: u8 = 4;

/// Readings further apart than this make a gap.
pub const GAP: TimeDelta = TimeDelta::hours(3);
/// The most a loop can draw (the device protocol's bound on a loop's power).
pub const MAX_LOOP_POWER_W: f64 = 200_000.0;
/// What a meter's rounding may add without reading as a jump.
const JUMP_SLACK_KWH: f64 = 0.01;
/// A gap longer than this is not spread hour by hour: it lands in its last hour. The hours'
/// retention must be longer (`lumiscape_common::config::ENERGY_LONGEST_SPREAD_DAYS`).
const LONGEST_SPREAD: TimeDelta = TimeDelta::days(lumiscape_common::config::ENERGY_LONGEST_SPREAD_DAYS as i64);

/// One meter reading of a loop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    pub at: DateTime<Utc>,
    pub kwh: f64,
    pub power_w: f64,
}

/// What a reading adds to the one before it: the energy used in between and its flags.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    pub kwh: f64,
    pub flags: u8,
}

/// What `next` adds to `previous`; `None` when it is not later (a repeat or a late reading,
/// which only a rebuild counts, in order).
pub fn step(previous: &Reading, next: &Reading) -> Option<Step> {
    let elapsed = next.at - previous.at;
    if elapsed <= TimeDelta::zero() {
        return None;
    }
    let (used, mut flags) =
        if next.kwh >= previous.kwh { (next.kwh - previous.kwh, 0) } else { (next.kwh.max(0.0), RESET) };
    if elapsed > GAP {
        flags |= GAP_FLAG;
    }
    let hours = elapsed.num_milliseconds() as f64 / 3_600_000.0;
    let most = MAX_LOOP_POWER_W * hours / 1000.0 + JUMP_SLACK_KWH;
    if !used.is_finite() || used > most {
        return Some(Step { kwh: 0.0, flags: flags | JUMP });
    }
    Some(Step { kwh: used, flags })
}

/// The instant the local hour holding `at` starts, in `zone`.
pub fn hour_start(at: DateTime<Utc>, zone: Tz) -> DateTime<Utc> {
    let offset = i64::from(zone.offset_from_utc_datetime(&at.naive_utc()).fix().local_minus_utc());
    let local = at.timestamp() + offset;
    let start = local - local.rem_euclid(3600) - offset;
    DateTime::from_timestamp(start, 0).unwrap_or(at)
}

/// The local date and clock hour an hour starting at `hour_at` names.
pub fn local_hour(hour_at: DateTime<Utc>, zone: Tz) -> (NaiveDate, u32) {
    let local = hour_at.with_timezone(&zone);
    (local.date_naive(), local.hour())
}

/// `kwh` used evenly over `(from, to]`, split at the local hours of `zone`: each hour's start
/// and share, oldest first. A span longer than a month lands whole in its last hour.
pub fn spread(from: DateTime<Utc>, to: DateTime<Utc>, kwh: f64, zone: Tz) -> Vec<(DateTime<Utc>, f64)> {
    let span = (to - from).num_milliseconds();
    if span <= 0 || to - from > LONGEST_SPREAD {
        return vec![(hour_start(to - TimeDelta::milliseconds(1), zone), kwh)];
    }
    let mut shares = Vec::new();
    let mut at = from;
    while at < to {
        let start = hour_start(at, zone);
        let end = (start + TimeDelta::hours(1)).min(to);
        // Never stand still (an hour boundary the offset arithmetic could not pass).
        let end = if end <= at { to } else { end };
        let share = kwh * (end - at).num_milliseconds() as f64 / span as f64;
        shares.push((start, share));
        at = end;
    }
    shares
}

/// A tariff band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Peak,
    Flat,
    Valley,
}

impl Band {
    pub fn letter(self) -> char {
        match self {
            Band::Peak => 'P',
            Band::Flat => 'F',
            Band::Valley => 'V',
        }
    }

    fn of(letter: char) -> Option<Self> {
        match letter {
            'P' => Some(Band::Peak),
            'F' => Some(Band::Flat),
            'V' => Some(Band::Valley),
            _ => None,
        }
    }
}

/// What savings are measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baseline {
    /// The same loops on all night (sunset to sunrise at the project's site) at the highest
    /// power each drew in the period.
    FullNight,
    /// The same loops in the same period a year before.
    LastYear,
}

impl Baseline {
    pub fn as_str(self) -> &'static str {
        match self {
            Baseline::FullNight => "fullNight",
            Baseline::LastYear => "lastYear",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "fullNight" => Some(Baseline::FullNight),
            "lastYear" => Some(Baseline::LastYear),
            _ => None,
        }
    }
}

/// Highest price (per kWh) and its decimals.
pub const MAX_PRICE: f64 = 100.0;
const PRICE_DECIMALS: i32 = 4;
/// Longest baseline note.
pub const MAX_NOTE_CHARS: u32 = 500;

/// A project's tariff and baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    pub peak_price: f64,
    pub flat_price: f64,
    pub valley_price: f64,
    pub bands: [Band; 24],
    pub baseline: Baseline,
    pub note: String,
}

impl Default for Setting {
    /// Before a project writes its own: no prices, one band all day, the full-night baseline.
    fn default() -> Self {
        Self {
            peak_price: 0.0,
            flat_price: 0.0,
            valley_price: 0.0,
            bands: [Band::Flat; 24],
            baseline: Baseline::FullNight,
            note: String::new(),
        }
    }
}

impl Setting {
    /// The setting the console sent, checked field by field.
    pub fn parse(input: &pb::EnergySettingInput) -> Result<Self, Msg> {
        let price = |value: Option<f64>| -> Result<f64, Msg> {
            let value = value.ok_or(Msg::EnergyPriceInvalid)?;
            let scaled = value * 10f64.powi(PRICE_DECIMALS);
            let whole = (scaled - scaled.round()).abs() < 1e-6;
            if !(0.0..=MAX_PRICE).contains(&value) || !whole {
                return Err(Msg::EnergyPriceInvalid);
            }
            Ok(value)
        };
        let peak_price = price(input.peak_price)?;
        let flat_price = price(input.flat_price)?;
        let valley_price = price(input.valley_price)?;
        let bands = bands_of(&input.hour_bands).ok_or(Msg::EnergyHourBandsInvalid)?;
        let baseline = Baseline::parse(&input.baseline).ok_or(Msg::EnergyBaselineInvalid)?;
        let note = input.baseline_note.trim().to_owned();
        if note.chars().count() > MAX_NOTE_CHARS as usize {
            return Err(Msg::EnergyNoteTooLong { max: MAX_NOTE_CHARS });
        }
        Ok(Self { peak_price, flat_price, valley_price, bands, baseline, note })
    }

    pub fn price(&self, band: Band) -> f64 {
        match band {
            Band::Peak => self.peak_price,
            Band::Flat => self.flat_price,
            Band::Valley => self.valley_price,
        }
    }

    pub fn band(&self, hour: u32) -> Band {
        self.bands.get(hour as usize).copied().unwrap_or(Band::Flat)
    }

    pub fn hour_bands(&self) -> String {
        self.bands.iter().map(|band| band.letter()).collect()
    }

    /// What `peak`, `flat` and `valley` kWh cost.
    pub fn cost(&self, peak: f64, flat: f64, valley: f64) -> f64 {
        peak * self.peak_price + flat * self.flat_price + valley * self.valley_price
    }
}

/// 24 band letters, one per local hour from midnight.
pub fn bands_of(text: &str) -> Option<[Band; 24]> {
    let bands: Vec<Band> = text.chars().map(Band::of).collect::<Option<_>>()?;
    bands.try_into().ok()
}

/// How a query groups its period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    Hour,
    Day,
    Month,
    Year,
}

impl Granularity {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "hour" => Some(Granularity::Hour),
            "day" => Some(Granularity::Day),
            "month" => Some(Granularity::Month),
            "year" => Some(Granularity::Year),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Granularity::Hour => "hour",
            Granularity::Day => "day",
            Granularity::Month => "month",
            Granularity::Year => "year",
        }
    }

    /// The most units of the period one query may ask for (days for hours and days).
    fn most(self) -> u32 {
        match self {
            Granularity::Hour => 31,
            Granularity::Day => 366,
            Granularity::Month => 120,
            Granularity::Year => 20,
        }
    }
}

/// A local date as the console writes it.
pub fn date_of(text: &str) -> Result<NaiveDate, Msg> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| Msg::EnergyDateInvalid)
}

/// The first day of `day`'s month.
pub fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// The first day of `day`'s year.
pub fn year_of(day: NaiveDate) -> NaiveDate {
    NaiveDate::from_ymd_opt(day.year(), 1, 1).unwrap_or(day)
}

/// The local days a query covers, widened to whole months or years by its granularity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub granularity: Granularity,
    /// The first day.
    pub first: NaiveDate,
    /// The last day (inclusive).
    pub last: NaiveDate,
}

impl Period {
    /// The period of a query: dates in order, within the granularity's bound.
    pub fn parse(granularity: &str, begin: &str, end: &str) -> Result<Self, Msg> {
        let granularity = Granularity::parse(granularity).ok_or(Msg::EnergyGranularityInvalid)?;
        let (begin, end) = (date_of(begin)?, date_of(end)?);
        if begin > end {
            return Err(Msg::EnergyRangeReversed);
        }
        let (first, last) = match granularity {
            Granularity::Hour | Granularity::Day => (begin, end),
            Granularity::Month => (month_of(begin), last_of_month(end)),
            Granularity::Year => (year_of(begin), NaiveDate::from_ymd_opt(end.year(), 12, 31).unwrap_or(end)),
        };
        let units = match granularity {
            Granularity::Hour | Granularity::Day => (end - begin).num_days() + 1,
            Granularity::Month => i64::from(months_between(first, last)) + 1,
            Granularity::Year => i64::from(end.year() - begin.year()) + 1,
        };
        let most = granularity.most();
        if units > i64::from(most) {
            return Err(Msg::EnergyRangeTooLong { granularity: granularity.as_str(), max: most });
        }
        Ok(Self { granularity, first, last })
    }

    /// The same period a year before (a 29 February reads the 28th).
    pub fn year_before(&self) -> Self {
        let back = |day: NaiveDate| day.checked_sub_months(Months::new(12)).unwrap_or(day);
        Self { granularity: self.granularity, first: back(self.first), last: back(self.last) }
    }

    /// Every bucket of the period, in order: its label and its local days.
    pub fn buckets(&self, zone: Tz) -> Vec<Bucket> {
        let mut buckets = Vec::new();
        match self.granularity {
            Granularity::Hour => {
                let site = zoned(zone);
                let end = site.day_end(self.last);
                let mut at = site.day_start(self.first);
                while at < end {
                    let local = at.with_timezone(&zone);
                    buckets.push(Bucket {
                        label: local.format("%Y-%m-%d %H:00").to_string(),
                        first: local.date_naive(),
                        last: local.date_naive(),
                        hour: Some(at),
                    });
                    at = hour_start(at, zone) + TimeDelta::hours(1);
                }
            }
            Granularity::Day => {
                for day in self.first.iter_days().take_while(|day| *day <= self.last) {
                    buckets.push(Bucket {
                        label: day.format("%Y-%m-%d").to_string(),
                        first: day,
                        last: day,
                        hour: None,
                    });
                }
            }
            Granularity::Month => {
                let mut month = self.first;
                while month <= self.last {
                    buckets.push(Bucket {
                        label: month.format("%Y-%m").to_string(),
                        first: month,
                        last: last_of_month(month),
                        hour: None,
                    });
                    month = month.checked_add_months(Months::new(1)).unwrap_or(NaiveDate::MAX);
                }
            }
            Granularity::Year => {
                for year in self.first.year()..=self.last.year() {
                    let first = NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(self.first);
                    let last = NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or(self.last);
                    buckets.push(Bucket { label: year.to_string(), first, last, hour: None });
                }
            }
        }
        buckets
    }
}

/// One bucket of a period: its label, its local days and, by the hour, the hour's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    pub label: String,
    pub first: NaiveDate,
    pub last: NaiveDate,
    pub hour: Option<DateTime<Utc>>,
}

/// A site that only knows its zone: local days without sun times.
fn zoned(zone: Tz) -> Site {
    Site::new(0.0, 0.0, zone).expect("0, 0 is a place")
}

fn last_of_month(day: NaiveDate) -> NaiveDate {
    month_of(day).checked_add_months(Months::new(1)).and_then(|next| next.pred_opt()).unwrap_or(day)
}

fn months_between(first: NaiveDate, last: NaiveDate) -> u32 {
    let months = (last.year() - first.year()) * 12 + last.month() as i32 - first.month() as i32;
    u32::try_from(months).unwrap_or(0)
}

/// The label a bucket a year later has (the label with its year one on).
pub fn year_later(label: &str) -> Option<String> {
    let year: i32 = label.get(..4)?.parse().ok()?;
    Some(format!("{}{}", year + 1, &label[4..]))
}

/// The dark hours of a bucket at a site: sunset to sunrise within its local days (or within
/// its one hour). Without a site, 18:00 to 06:00.
pub fn night_hours(bucket: &Bucket, site: Option<&Site>, zone: Tz) -> f64 {
    let plain = zoned(zone);
    let mut seconds = 0i64;
    for day in bucket.first.iter_days().take_while(|day| *day <= bucket.last) {
        let (start, end) = (plain.day_start(day), plain.day_end(day));
        let (rise, set) = match site {
            Some(site) => (site.sunrise(day).clamp(start, end), site.sunset(day).clamp(start, end)),
            None => (
                plain.at(day, chrono::NaiveTime::from_hms_opt(6, 0, 0).unwrap_or_default()),
                plain.at(day, chrono::NaiveTime::from_hms_opt(18, 0, 0).unwrap_or_default()),
            ),
        };
        let (from, to) = match bucket.hour {
            Some(hour) => (hour, hour + TimeDelta::hours(1)),
            None => (start, end),
        };
        seconds += overlap(from, to, start, rise) + overlap(from, to, set.max(rise), end);
    }
    seconds as f64 / 3600.0
}

fn overlap(a: DateTime<Utc>, b: DateTime<Utc>, c: DateTime<Utc>, d: DateTime<Utc>) -> i64 {
    (b.min(d) - a.max(c)).num_seconds().max(0)
}

/// The figures of one bucket or of a period.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Figures {
    pub kwh: f64,
    pub peak_kwh: f64,
    pub flat_kwh: f64,
    pub valley_kwh: f64,
    pub flags: u8,
}

impl Figures {
    pub fn add(&mut self, other: &Figures) {
        self.kwh += other.kwh;
        self.peak_kwh += other.peak_kwh;
        self.flat_kwh += other.flat_kwh;
        self.valley_kwh += other.valley_kwh;
        self.flags |= other.flags;
    }
}

/// The answer of a query: every bucket's figures with cost, baseline and saving, and the total.
pub fn stats(
    buckets: &[Bucket],
    measured: &BTreeMap<String, Figures>,
    baseline: &BTreeMap<String, f64>,
    setting: &Setting,
) -> (Vec<pb::EnergyBucket>, pb::EnergyFigures) {
    let mut total = Figures::default();
    let mut total_baseline = 0.0;
    let mut rows = Vec::with_capacity(buckets.len());
    for bucket in buckets {
        let figures = measured.get(&bucket.label).copied().unwrap_or_default();
        let base = baseline.get(&bucket.label).copied().unwrap_or(0.0);
        total.add(&figures);
        total_baseline += base;
        rows.push(pb::EnergyBucket { time: bucket.label.clone(), figures: Some(wire(&figures, base, setting)) });
    }
    (rows, wire(&total, total_baseline, setting))
}

/// Figures as sent: kWh to 3 decimals, money to 2; the saving's money at the bucket's own
/// mean price (the flat price when it used nothing).
pub fn wire(figures: &Figures, baseline_kwh: f64, setting: &Setting) -> pb::EnergyFigures {
    let cost = setting.cost(figures.peak_kwh, figures.flat_kwh, figures.valley_kwh);
    let mean_price = if figures.kwh > 0.0 { cost / figures.kwh } else { setting.flat_price };
    let saving = baseline_kwh - figures.kwh;
    pb::EnergyFigures {
        kwh: round(figures.kwh, 3),
        peak_kwh: round(figures.peak_kwh, 3),
        flat_kwh: round(figures.flat_kwh, 3),
        valley_kwh: round(figures.valley_kwh, 3),
        cost: round(cost, 2),
        baseline_kwh: round(baseline_kwh, 3),
        saving_kwh: round(saving, 3),
        saving_cost: round(saving * mean_price, 2),
        flags: u32::from(figures.flags),
    }
}

pub fn round(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    let rounded = (value * scale).round() / scale;
    if rounded == 0.0 { 0.0 } else { rounded }
}

/// The most loops a ranking lists, and how many it lists unless asked.
pub const MAX_RANK: u32 = 50;
const DEFAULT_RANK: u32 = 10;

pub fn rank_limit(limit: i64) -> Result<u32, Msg> {
    match limit {
        0 => Ok(DEFAULT_RANK),
        1..=50 => Ok(limit as u32),
        _ => Err(Msg::EnergyRankLimitInvalid { max: MAX_RANK }),
    }
}

/// The local date-time an instant shows in `zone`, for the workbook.
pub fn local_text(at: DateTime<Utc>, zone: Tz) -> String {
    let local: NaiveDateTime = at.with_timezone(&zone).naive_local();
    local.format("%Y-%m-%d %H:%M:%S").to_string()
}

#[cfg(test)]
mod tests {
    use chrono_tz::{Asia, Europe};
    use proptest::prelude::*;

    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn reading(at: &str, kwh: f64) -> Reading {
        Reading { at: utc(at), kwh, power_w: 100.0 }
    }

    #[test]
    fn a_reading_adds_what_the_meter_moved() {
        let step = step(&reading("2026-03-01T00:00:00Z", 10.0), &reading("2026-03-01T00:15:00Z", 10.5)).unwrap();
        assert_eq!(step, Step { kwh: 0.5, flags: 0 });
    }

    #[test]
    fn repeats_and_late_readings_add_nothing() {
        let later = reading("2026-03-01T00:15:00Z", 10.5);
        assert_eq!(step(&later, &later), None);
        assert_eq!(step(&later, &reading("2026-03-01T00:10:00Z", 10.4)), None);
    }

    #[test]
    fn a_counter_reset_counts_from_zero_and_is_flagged() {
        let step = step(&reading("2026-03-01T00:00:00Z", 9_000.0), &reading("2026-03-01T00:15:00Z", 0.4)).unwrap();
        assert_eq!(step, Step { kwh: 0.4, flags: RESET });
    }

    #[test]
    fn an_implausible_jump_is_flagged_and_not_counted() {
        // 15 minutes at 200 kW is 50 kWh at most.
        let step = step(&reading("2026-03-01T00:00:00Z", 10.0), &reading("2026-03-01T00:15:00Z", 70.0)).unwrap();
        assert_eq!(step, Step { kwh: 0.0, flags: JUMP });
        let replaced = step_of(9_000.0, 5_000.0);
        assert_eq!(replaced, Step { kwh: 0.0, flags: RESET | JUMP });
    }

    fn step_of(before: f64, after: f64) -> Step {
        step(&reading("2026-03-01T00:00:00Z", before), &reading("2026-03-01T00:15:00Z", after)).unwrap()
    }

    #[test]
    fn a_gap_is_flagged_and_spread_over_its_hours() {
        let step = step(&reading("2026-03-01T00:00:00Z", 10.0), &reading("2026-03-01T04:00:00Z", 14.0)).unwrap();
        assert_eq!(step, Step { kwh: 4.0, flags: GAP_FLAG });
        let shares = spread(utc("2026-03-01T00:00:00Z"), utc("2026-03-01T04:00:00Z"), 4.0, Tz::UTC);
        assert_eq!(shares.len(), 4);
        assert!(shares.iter().all(|(_, kwh)| (kwh - 1.0).abs() < 1e-9));
    }

    #[test]
    fn hours_are_local_across_the_spring_change() {
        // Berlin skips 02:00-03:00 local on 29 March 2026 (01:00 UTC).
        let zone = Europe::Berlin;
        let shares = spread(utc("2026-03-29T00:00:00Z"), utc("2026-03-29T02:00:00Z"), 2.0, zone);
        let locals: Vec<_> = shares.iter().map(|(at, _)| local_hour(*at, zone)).collect();
        let day = NaiveDate::from_ymd_opt(2026, 3, 29).unwrap();
        assert_eq!(locals, vec![(day, 1), (day, 3)]);
    }

    #[test]
    fn the_repeated_autumn_hour_is_two_hours() {
        // Berlin repeats 02:00-03:00 local on 25 October 2026 (00:00 and 01:00 UTC).
        let zone = Europe::Berlin;
        let shares = spread(utc("2026-10-25T00:00:00Z"), utc("2026-10-25T02:00:00Z"), 2.0, zone);
        assert_eq!(shares.len(), 2);
        assert_ne!(shares[0].0, shares[1].0);
        assert_eq!(local_hour(shares[0].0, zone).1, 2);
        assert_eq!(local_hour(shares[1].0, zone).1, 2);
    }

    #[test]
    fn half_hour_zones_split_at_their_own_hours() {
        let zone = Asia::Kolkata;
        let shares = spread(utc("2026-03-01T00:00:00Z"), utc("2026-03-01T01:00:00Z"), 1.0, zone);
        assert_eq!(shares.len(), 2);
        assert_eq!(shares[0].0, utc("2026-02-28T23:30:00Z"));
        assert_eq!(shares[1].0, utc("2026-03-01T00:30:00Z"));
    }

    #[test]
    fn a_day_across_a_dst_change_has_its_true_hours() {
        let zone = Europe::Berlin;
        let day = NaiveDate::from_ymd_opt(2026, 3, 29).unwrap();
        let spring = Period { granularity: Granularity::Hour, first: day, last: day }.buckets(zone);
        assert_eq!(spring.len(), 23);
        let autumn_day = NaiveDate::from_ymd_opt(2026, 10, 25).unwrap();
        let autumn = Period { granularity: Granularity::Hour, first: autumn_day, last: autumn_day }.buckets(zone);
        assert_eq!(autumn.len(), 25);
    }

    #[test]
    fn periods_are_checked() {
        assert_eq!(Period::parse("week", "2026-01-01", "2026-01-02"), Err(Msg::EnergyGranularityInvalid));
        assert_eq!(Period::parse("day", "2026-1-1x", "2026-01-02"), Err(Msg::EnergyDateInvalid));
        assert_eq!(Period::parse("day", "2026-01-03", "2026-01-02"), Err(Msg::EnergyRangeReversed));
        assert_eq!(
            Period::parse("hour", "2026-01-01", "2026-02-01"),
            Err(Msg::EnergyRangeTooLong { granularity: "hour", max: 31 })
        );
        assert!(Period::parse("hour", "2026-01-01", "2026-01-31").is_ok());
        assert!(Period::parse("day", "2024-01-01", "2024-12-31").is_ok());
        assert!(Period::parse("year", "2007-01-01", "2026-01-01").is_ok());
        assert!(Period::parse("year", "2006-01-01", "2026-01-01").is_err());
        let months = Period::parse("month", "2026-01-15", "2026-12-02").unwrap();
        assert_eq!(months.buckets(Tz::UTC).len(), 12);
        assert_eq!(months.first, NaiveDate::from_ymd_opt(2026, 1, 1).unwrap());
        assert_eq!(months.last, NaiveDate::from_ymd_opt(2026, 12, 31).unwrap());
    }

    #[test]
    fn settings_are_checked() {
        let good = pb::EnergySettingInput {
            peak_price: Some(1.0612),
            flat_price: Some(0.6393),
            valley_price: Some(0.2974),
            hour_bands: "VVVVVVVVPPPFFPPFFFPPPFVV".into(),
            baseline: "fullNight".into(),
            baseline_note: " note ".into(),
        };
        let setting = Setting::parse(&good).unwrap();
        assert_eq!(setting.band(8), Band::Peak);
        assert_eq!(setting.note, "note");
        let bad = |change: fn(&mut pb::EnergySettingInput)| {
            let mut input = good.clone();
            change(&mut input);
            Setting::parse(&input).unwrap_err()
        };
        assert_eq!(bad(|i| i.peak_price = None), Msg::EnergyPriceInvalid);
        assert_eq!(bad(|i| i.flat_price = Some(-0.1)), Msg::EnergyPriceInvalid);
        assert_eq!(bad(|i| i.valley_price = Some(0.12345)), Msg::EnergyPriceInvalid);
        assert_eq!(bad(|i| i.valley_price = Some(100.5)), Msg::EnergyPriceInvalid);
        assert_eq!(bad(|i| i.hour_bands = "PPP".into()), Msg::EnergyHourBandsInvalid);
        assert_eq!(bad(|i| i.hour_bands = "VVVVVVVVPPPFFPPFFFPPPFVx".into()), Msg::EnergyHourBandsInvalid);
        assert_eq!(bad(|i| i.baseline = "always".into()), Msg::EnergyBaselineInvalid);
        assert_eq!(bad(|i| i.baseline_note = "x".repeat(501)), Msg::EnergyNoteTooLong { max: 500 });
    }

    #[test]
    fn night_hours_follow_the_sun_and_default_to_twelve() {
        let zone = Asia::Shanghai;
        let day = NaiveDate::from_ymd_opt(2026, 6, 21).unwrap();
        let bucket = Bucket { label: "2026-06-21".into(), first: day, last: day, hour: None };
        assert!((night_hours(&bucket, None, zone) - 12.0).abs() < 1e-9);
        let shanghai = Site::new(31.23, 121.47, zone).unwrap();
        let summer = night_hours(&bucket, Some(&shanghai), zone);
        assert!((9.0..11.0).contains(&summer), "{summer}");
    }

    #[test]
    fn stats_price_bands_and_measure_savings() {
        let setting = Setting { peak_price: 1.0, flat_price: 0.5, valley_price: 0.25, ..Setting::default() };
        let day = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        let buckets = vec![
            Bucket { label: "2026-01-01".into(), first: day, last: day, hour: None },
            Bucket { label: "2026-01-02".into(), first: day, last: day, hour: None },
        ];
        let measured = BTreeMap::from([(
            "2026-01-01".to_owned(),
            Figures { kwh: 4.0, peak_kwh: 1.0, flat_kwh: 1.0, valley_kwh: 2.0, flags: RESET },
        )]);
        let baseline = BTreeMap::from([("2026-01-01".to_owned(), 10.0), ("2026-01-02".to_owned(), 10.0)]);
        let (rows, total) = stats(&buckets, &measured, &baseline, &setting);
        let first = rows[0].figures.unwrap();
        assert_eq!(first.cost, 2.0);
        assert_eq!(first.saving_kwh, 6.0);
        assert_eq!(first.saving_cost, 3.0);
        assert_eq!(first.flags, 1);
        assert_eq!(rows[1].figures.unwrap().kwh, 0.0);
        assert_eq!(total.baseline_kwh, 20.0);
        assert_eq!(year_later("2025-02-03 04:00").as_deref(), Some("2026-02-03 04:00"));
    }

    proptest! {
        #[test]
        fn a_step_is_never_negative_nor_more_than_a_loop_can_draw(
            before in 0.0f64..1.0e9, after in 0.0f64..1.0e9, seconds in 1i64..10_000_000,
        ) {
            let previous = Reading { at: utc("2026-01-01T00:00:00Z"), kwh: before, power_w: 0.0 };
            let next = Reading { at: previous.at + TimeDelta::seconds(seconds), kwh: after, power_w: 0.0 };
            let step = step(&previous, &next).unwrap();
            prop_assert!(step.kwh >= 0.0);
            prop_assert!(step.kwh <= MAX_LOOP_POWER_W * seconds as f64 / 3_600_000.0 + JUMP_SLACK_KWH);
        }

        #[test]
        fn spreading_keeps_the_energy_and_stays_in_its_hours(
            start in 0i64..100_000_000, seconds in 1i64..5_000_000, kwh in 0.0f64..1000.0,
            zone in prop_oneof![Just(Tz::UTC), Just(Europe::Berlin), Just(Asia::Kolkata), Just(Asia::Shanghai)],
        ) {
            let from = utc("2024-01-01T00:00:00Z") + TimeDelta::seconds(start);
            let to = from + TimeDelta::seconds(seconds);
            let shares = spread(from, to, kwh, zone);
            let sum: f64 = shares.iter().map(|(_, share)| share).sum();
            prop_assert!((sum - kwh).abs() < 1e-6 * kwh.max(1.0));
            for pair in shares.windows(2) {
                prop_assert!(pair[0].0 < pair[1].0);
            }
            for (hour, _) in &shares {
                prop_assert_eq!(*hour, hour_start(*hour, zone));
            }
        }
    }
}
