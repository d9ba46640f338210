//! Scenes, tasks and the site as a person enters them. Pure: the gRPC layer turns wire types
//! into these `Raw…` structs, and every check lives here.

use std::str::FromStr as _;

use chrono::{NaiveDate, NaiveTime};
use chrono_tz::Tz;
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

use super::sun::Site;
use super::task::{DayTime, Days, Light};
use crate::gateway::model::{MAX_LOOPS, MAX_REMARK_CHARS, check_gateway_id};

pub const MAX_SCENE_NAME_CHARS: usize = 30;
pub const MAX_SCENE_LOOPS: usize = 512;
pub const MAX_TASK_NAME_CHARS: usize = 30;
pub const MAX_TASK_SCENES: usize = 16;
pub const MAX_TASK_GATEWAYS: usize = 1000;
/// Largest offset from sunrise or sunset, in minutes either way.
pub const MAX_SUN_OFFSET_MINUTES: u32 = 180;
/// A lamp switched on without a brightness burns at full.
pub const FULL_BRIGHTNESS: u8 = 100;

/// The kinds of scene made on the power scenes screen (dictionary `lighting_scene_type`; '2',
/// combined, has a screen of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SceneType {
    Default,
    Custom,
}

impl SceneType {
    pub fn parse(code: &str) -> Result<Self, Error> {
        match code.trim() {
            "1" => Ok(Self::Default),
            "3" => Ok(Self::Custom),
            _ => Err(Error::bad_request(Msg::SceneTypeInvalid)),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Default => "1",
            Self::Custom => "3",
        }
    }
}

/// One loop of a scene as sent.
#[derive(Debug, Clone, Default)]
pub struct RawSceneLoop {
    pub gateway_id: i64,
    pub loop_index: i64,
    pub switch_state: String,
    pub brightness: Option<i64>,
}

#[derive(Debug, Clone, Default)]
pub struct RawScene {
    pub name: String,
    pub scene_type: String,
    pub remark: String,
    pub loops: Vec<RawSceneLoop>,
}

/// What a scene sets on one loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SceneLoop {
    pub gateway_id: i64,
    pub loop_index: u32,
    pub light: Light,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SceneDraft {
    pub name: String,
    pub scene_type: SceneType,
    pub remark: String,
    pub loops: Vec<SceneLoop>,
}

impl SceneDraft {
    /// Checks every field in the order the form shows them; the first fault is reported. Each
    /// loop's index is checked against the gateway's loop count by the store, which reads it.
    pub fn parse(raw: &RawScene) -> Result<Self, Error> {
        let name = raw.name.trim();
        if name.is_empty() || name.chars().count() > MAX_SCENE_NAME_CHARS {
            return Err(Error::bad_request(Msg::SceneNameInvalid));
        }
        let scene_type = SceneType::parse(&raw.scene_type)?;
        let remark = parse_remark(&raw.remark)?;
        if raw.loops.is_empty() || raw.loops.len() > MAX_SCENE_LOOPS {
            return Err(Error::bad_request(Msg::SceneLoopsInvalid { max: MAX_SCENE_LOOPS as u32 }));
        }
        let mut loops: Vec<SceneLoop> = Vec::with_capacity(raw.loops.len());
        for given in &raw.loops {
            let gateway_id = check_gateway_id(given.gateway_id)?;
            let loop_index = u32::try_from(given.loop_index)
                .ok()
                .filter(|i| (1..=MAX_LOOPS).contains(i))
                .ok_or_else(|| Error::bad_request(Msg::LoopIndexInvalid { max: MAX_LOOPS }))?;
            let light = parse_light(&given.switch_state, given.brightness)?;
            if loops.iter().any(|l| l.gateway_id == gateway_id && l.loop_index == loop_index) {
                return Err(Error::bad_request(Msg::LoopGivenTwice { index: loop_index }));
            }
            loops.push(SceneLoop { gateway_id, loop_index, light });
        }
        Ok(Self { name: name.to_owned(), scene_type, remark, loops })
    }

    /// The gateways the scene names, each once.
    pub fn gateway_ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.loops.iter().map(|l| l.gateway_id).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

/// Most scenes in a combined scene.
pub const MAX_COMBINED_MEMBERS: usize = 20;
/// A member of a sequence lasts at least this long (minutes): a gateway's schedule holds at
/// most 512 steps a loop, and a cycle of short members would use them up within hours.
pub const MIN_MEMBER_MINUTES: u32 = 5;
pub const MAX_MEMBER_MINUTES: u32 = 1440;

/// How a combined scene's members apply: all at once, or one after another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Execution {
    Synchronous,
    Sequential,
}

impl Execution {
    pub fn parse(code: &str) -> Result<Self, Error> {
        match code.trim() {
            "0" => Ok(Self::Synchronous),
            "1" => Ok(Self::Sequential),
            _ => Err(Error::bad_request(Msg::CombinedExecutionInvalid)),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Synchronous => "0",
            Self::Sequential => "1",
        }
    }
}

/// Whether a sequence runs once (its last member then holds) or over and over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    Single,
    Cycle,
}

impl Repeat {
    pub fn parse(code: &str) -> Result<Self, Error> {
        match code.trim() {
            "0" => Ok(Self::Single),
            "1" => Ok(Self::Cycle),
            _ => Err(Error::bad_request(Msg::CombinedRepeatInvalid)),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Single => "0",
            Self::Cycle => "1",
        }
    }
}

/// A combined scene as sent: members are `(scene id, minutes)`.
#[derive(Debug, Clone, Default)]
pub struct RawCombinedScene {
    pub name: String,
    pub execution_mode: String,
    pub repeat_mode: String,
    pub remark: String,
    pub members: Vec<(i64, i64)>,
}

/// One member: a scene and how long it lasts in a sequence (0 when applied at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    pub scene_id: i64,
    pub minutes: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombinedDraft {
    pub name: String,
    pub execution: Execution,
    pub repeat: Repeat,
    pub remark: String,
    pub members: Vec<Member>,
}

impl CombinedDraft {
    /// Checks every field in the order the form shows them. That each member is a power
    /// scene of the project (not a combined one) is checked by the store, which reads them.
    pub fn parse(raw: &RawCombinedScene) -> Result<Self, Error> {
        let name = raw.name.trim();
        if name.is_empty() || name.chars().count() > MAX_SCENE_NAME_CHARS {
            return Err(Error::bad_request(Msg::SceneNameInvalid));
        }
        let execution = Execution::parse(&raw.execution_mode)?;
        let repeat = Repeat::parse(&raw.repeat_mode)?;
        let remark = parse_remark(&raw.remark)?;
        if raw.members.len() < 2 || raw.members.len() > MAX_COMBINED_MEMBERS {
            return Err(Error::bad_request(Msg::CombinedMembersInvalid { max: MAX_COMBINED_MEMBERS as u32 }));
        }
        let mut members: Vec<Member> = Vec::with_capacity(raw.members.len());
        for &(scene_id, minutes) in &raw.members {
            if scene_id <= 0 {
                return Err(Error::bad_request(Msg::SceneNotFound));
            }
            let minutes = match execution {
                Execution::Synchronous => {
                    if members.iter().any(|m| m.scene_id == scene_id) {
                        return Err(Error::bad_request(Msg::CombinedMemberRepeated));
                    }
                    0
                }
                Execution::Sequential => u32::try_from(minutes)
                    .ok()
                    .filter(|m| (MIN_MEMBER_MINUTES..=MAX_MEMBER_MINUTES).contains(m))
                    .ok_or_else(|| {
                        Error::bad_request(Msg::CombinedMemberMinutesInvalid {
                            min: MIN_MEMBER_MINUTES,
                            max: MAX_MEMBER_MINUTES,
                        })
                    })?,
            };
            members.push(Member { scene_id, minutes });
        }
        Ok(Self { name: name.to_owned(), execution, repeat, remark, members })
    }

    /// The member scenes, each once.
    pub fn scene_ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.members.iter().map(|m| m.scene_id).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

/// A switch ('0'/'1') and a brightness (1 to 100, absent: full) as a light; the spec's
/// "non-empty and numeric" rule. An off loop has no brightness, whatever was sent.
fn parse_light(switch_state: &str, brightness: Option<i64>) -> Result<Light, Error> {
    match switch_state.trim() {
        "0" => Ok(Light::Off),
        "1" => {
            let level = match brightness {
                None => FULL_BRIGHTNESS,
                Some(value) => u8::try_from(value)
                    .ok()
                    .filter(|l| (1..=100).contains(l))
                    .ok_or_else(|| Error::bad_request(Msg::SceneParameterInvalid))?,
            };
            Ok(Light::On { level })
        }
        _ => Err(Error::bad_request(Msg::SceneParameterInvalid)),
    }
}

fn parse_remark(remark: &str) -> Result<String, Error> {
    let remark = remark.trim();
    if remark.chars().count() > MAX_REMARK_CHARS {
        return Err(Error::bad_request(Msg::RemarkInvalid));
    }
    Ok(remark.to_owned())
}

/// A start or an end as sent.
#[derive(Debug, Clone, Default)]
pub struct RawDayTime {
    /// '0' clock, '1' sunrise, '2' sunset.
    pub kind: String,
    pub clock: String,
    pub offset_minutes: i64,
}

impl RawDayTime {
    pub fn parse(&self) -> Result<DayTime, Error> {
        let offset = || {
            i32::try_from(self.offset_minutes)
                .ok()
                .filter(|m| m.unsigned_abs() <= MAX_SUN_OFFSET_MINUTES)
                .ok_or_else(|| Error::bad_request(Msg::TaskOffsetInvalid { max: MAX_SUN_OFFSET_MINUTES }))
        };
        match self.kind.trim() {
            "0" => NaiveTime::parse_from_str(self.clock.trim(), "%H:%M")
                .map(DayTime::Clock)
                .map_err(|_| Error::bad_request(Msg::TaskTimeInvalid)),
            "1" => Ok(DayTime::Sunrise(offset()?)),
            "2" => Ok(DayTime::Sunset(offset()?)),
            _ => Err(Error::bad_request(Msg::TaskTimeInvalid)),
        }
    }
}

/// A day time in its stored columns: kind, clock time, offset.
pub fn day_time_columns(time: DayTime) -> (&'static str, Option<NaiveTime>, i32) {
    match time {
        DayTime::Clock(clock) => ("0", Some(clock), 0),
        DayTime::Sunrise(offset) => ("1", None, offset),
        DayTime::Sunset(offset) => ("2", None, offset),
    }
}

/// A day time from its stored columns (the table's checks keep them consistent).
pub fn day_time_from_columns(kind: &str, clock: Option<NaiveTime>, offset: i32) -> DayTime {
    match (kind, clock) {
        ("1", _) => DayTime::Sunrise(offset),
        ("2", _) => DayTime::Sunset(offset),
        (_, clock) => DayTime::Clock(clock.unwrap_or(NaiveTime::MIN)),
    }
}

#[derive(Debug, Clone, Default)]
pub struct RawTask {
    pub name: String,
    pub priority: i64,
    pub date_from: String,
    pub date_to: String,
    pub weekdays: Vec<String>,
    pub start: RawDayTime,
    pub end: RawDayTime,
    pub scene_ids: Vec<i64>,
    pub gateway_ids: Vec<i64>,
    pub remark: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskDraft {
    pub name: String,
    pub priority: u8,
    pub days: Days,
    pub start: DayTime,
    pub end: DayTime,
    /// In the order they are applied, each once.
    pub scene_ids: Vec<i64>,
    pub gateway_ids: Vec<i64>,
    pub remark: String,
}

impl TaskDraft {
    pub fn parse(raw: &RawTask) -> Result<Self, Error> {
        let name = raw.name.trim();
        if name.is_empty() || name.chars().count() > MAX_TASK_NAME_CHARS {
            return Err(Error::bad_request(Msg::TaskNameInvalid));
        }
        let priority = u8::try_from(raw.priority).map_err(|_| Error::bad_request(Msg::TaskPriorityInvalid))?;
        let from = parse_date(&raw.date_from)?;
        let to = parse_date(&raw.date_to)?;
        if matches!((from, to), (Some(from), Some(to)) if from > to) {
            return Err(Error::bad_request(Msg::TaskDateRangeInvalid));
        }
        let weekdays = parse_weekdays(&raw.weekdays)?;
        let start = raw.start.parse()?;
        let end = raw.end.parse()?;
        if raw.scene_ids.is_empty() {
            return Err(Error::bad_request(Msg::NoSceneToDeliver));
        }
        let scene_ids = distinct_ids(&raw.scene_ids, Msg::SceneNotFound)?;
        if scene_ids.len() > MAX_TASK_SCENES {
            return Err(Error::bad_request(Msg::TaskScenesTooMany { max: MAX_TASK_SCENES as u32 }));
        }
        let gateways_invalid = Msg::TaskGatewaysInvalid { max: MAX_TASK_GATEWAYS as u32 };
        let gateway_ids = distinct_ids(&raw.gateway_ids, Msg::GatewayIdInvalid)?;
        if gateway_ids.is_empty() || gateway_ids.len() > MAX_TASK_GATEWAYS {
            return Err(Error::bad_request(gateways_invalid));
        }
        let remark = parse_remark(&raw.remark)?;
        Ok(Self {
            name: name.to_owned(),
            priority,
            days: Days { from, to, weekdays },
            start,
            end,
            scene_ids,
            gateway_ids,
            remark,
        })
    }
}

fn parse_date(text: &str) -> Result<Option<NaiveDate>, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map(Some).map_err(|_| Error::bad_request(Msg::TaskDateRangeInvalid))
}

/// '1' (Monday) to '7' (Sunday), at least one, as the weekday bits of [`Days`].
fn parse_weekdays(days: &[String]) -> Result<u8, Error> {
    let mut bits = 0u8;
    for day in days {
        let number: u8 = day.trim().parse().map_err(|_| Error::bad_request(Msg::TaskWeekdaysInvalid))?;
        if !(1..=7).contains(&number) {
            return Err(Error::bad_request(Msg::TaskWeekdaysInvalid));
        }
        bits |= 1 << (number - 1);
    }
    if bits == 0 {
        return Err(Error::bad_request(Msg::TaskWeekdaysInvalid));
    }
    Ok(bits)
}

/// The weekday bits as the console's codes, '1' (Monday) to '7'.
pub fn weekday_codes(bits: u8) -> Vec<String> {
    (0..7u8).filter(|bit| bits & (1 << bit) != 0).map(|bit| (bit + 1).to_string()).collect()
}

/// Positive ids, each once, in the order first given.
fn distinct_ids(ids: &[i64], invalid: Msg) -> Result<Vec<i64>, Error> {
    let mut distinct: Vec<i64> = Vec::with_capacity(ids.len());
    for id in ids {
        if *id <= 0 {
            return Err(Error::bad_request(invalid));
        }
        if !distinct.contains(id) {
            distinct.push(*id);
        }
    }
    Ok(distinct)
}

/// '0' or '1'.
pub fn parse_switch(text: &str) -> Result<bool, Error> {
    match text.trim() {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(Error::bad_request(Msg::SwitchInvalid)),
    }
}

/// A list filter of '', '0' or '1'.
pub fn parse_optional_switch(text: &str) -> Result<Option<bool>, Error> {
    if text.trim().is_empty() { Ok(None) } else { parse_switch(text).map(Some) }
}

#[derive(Debug, Clone, Default)]
pub struct RawSite {
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub time_zone: String,
}

/// A checked site, with its zone's IANA name as given.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteDraft {
    pub site: Site,
    pub zone_name: String,
}

impl SiteDraft {
    pub fn parse(raw: &RawSite) -> Result<Self, Error> {
        let (Some(latitude), Some(longitude)) = (raw.latitude, raw.longitude) else {
            return Err(Error::bad_request(Msg::SiteLocationInvalid));
        };
        let zone = parse_zone(&raw.time_zone)?;
        let site = Site::new(latitude, longitude, zone).ok_or_else(|| Error::bad_request(Msg::SiteLocationInvalid))?;
        Ok(Self { site, zone_name: zone.name().to_owned() })
    }
}

/// An IANA time zone name.
pub fn parse_zone(name: &str) -> Result<Tz, Error> {
    Tz::from_str(name.trim()).map_err(|_| Error::bad_request(Msg::TimeZoneInvalid))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A change to a valid input that makes it invalid.
    type Change<T> = fn(&mut T);

    fn scene_loop(gateway_id: i64, loop_index: i64, switch_state: &str, brightness: Option<i64>) -> RawSceneLoop {
        RawSceneLoop { gateway_id, loop_index, switch_state: switch_state.into(), brightness }
    }

    fn scene() -> RawScene {
        RawScene {
            name: " Evening ".into(),
            scene_type: "1".into(),
            remark: String::new(),
            loops: vec![scene_loop(1, 1, "1", Some(80)), scene_loop(1, 2, "0", None), scene_loop(2, 1, "1", None)],
        }
    }

    fn msg(result: Result<impl std::fmt::Debug, Error>) -> Msg {
        result.expect_err("refused").msg
    }

    #[test]
    fn a_scene_is_checked_field_by_field() {
        let draft = SceneDraft::parse(&scene()).unwrap();
        assert_eq!(draft.name, "Evening");
        assert_eq!(draft.loops[0].light, Light::On { level: 80 });
        assert_eq!(draft.loops[1].light, Light::Off);
        assert_eq!(draft.loops[2].light, Light::On { level: 100 }, "no brightness: full");
        assert_eq!(draft.gateway_ids(), vec![1, 2]);
        let cases: Vec<(Change<RawScene>, Msg)> = vec![
            (|s| s.name = "  ".into(), Msg::SceneNameInvalid),
            (|s| s.name = "x".repeat(31), Msg::SceneNameInvalid),
            (|s| s.scene_type = "2".into(), Msg::SceneTypeInvalid),
            (|s| s.loops.clear(), Msg::SceneLoopsInvalid { max: 512 }),
            (|s| s.loops[0].switch_state = String::new(), Msg::SceneParameterInvalid),
            (|s| s.loops[0].switch_state = "on".into(), Msg::SceneParameterInvalid),
            (|s| s.loops[0].brightness = Some(0), Msg::SceneParameterInvalid),
            (|s| s.loops[0].brightness = Some(101), Msg::SceneParameterInvalid),
            (|s| s.loops[1].loop_index = 1, Msg::LoopGivenTwice { index: 1 }),
            (|s| s.loops[1].loop_index = 65, Msg::LoopIndexInvalid { max: 64 }),
            (|s| s.loops[1].gateway_id = 0, Msg::GatewayIdInvalid),
            (|s| s.remark = "r".repeat(201), Msg::RemarkInvalid),
        ];
        for (change, expected) in cases {
            let mut raw = scene();
            change(&mut raw);
            assert_eq!(msg(SceneDraft::parse(&raw)), expected);
        }
        let mut off_with_brightness = scene();
        off_with_brightness.loops[1].brightness = Some(500);
        assert_eq!(SceneDraft::parse(&off_with_brightness).unwrap().loops[1].light, Light::Off);
    }

    fn task() -> RawTask {
        RawTask {
            name: "Everyday".into(),
            priority: 10,
            date_from: "2026-12-01".into(),
            date_to: String::new(),
            weekdays: vec!["1".into(), "7".into()],
            start: RawDayTime { kind: "2".into(), clock: String::new(), offset_minutes: 15 },
            end: RawDayTime { kind: "0".into(), clock: "23:30".into(), offset_minutes: 0 },
            scene_ids: vec![3, 1, 3],
            gateway_ids: vec![5],
            remark: String::new(),
        }
    }

    #[test]
    fn a_task_is_checked_field_by_field() {
        let draft = TaskDraft::parse(&task()).unwrap();
        assert_eq!(draft.days.weekdays, 0b100_0001);
        assert_eq!(draft.days.to, None);
        assert_eq!(draft.start, DayTime::Sunset(15));
        assert_eq!(draft.end, DayTime::Clock(NaiveTime::from_hms_opt(23, 30, 0).unwrap()));
        assert_eq!(draft.scene_ids, vec![3, 1], "each once, in the order given");
        assert_eq!(weekday_codes(draft.days.weekdays), vec!["1", "7"]);
        let cases: Vec<(Change<RawTask>, Msg)> = vec![
            (|t| t.name = String::new(), Msg::TaskNameInvalid),
            (|t| t.priority = 256, Msg::TaskPriorityInvalid),
            (|t| t.priority = -1, Msg::TaskPriorityInvalid),
            (|t| t.date_from = "2026-13-01".into(), Msg::TaskDateRangeInvalid),
            (|t| t.date_to = "2026-11-30".into(), Msg::TaskDateRangeInvalid),
            (|t| t.weekdays.clear(), Msg::TaskWeekdaysInvalid),
            (|t| t.weekdays = vec!["8".into()], Msg::TaskWeekdaysInvalid),
            (|t| t.weekdays = vec!["x".into()], Msg::TaskWeekdaysInvalid),
            (|t| t.start.kind = "3".into(), Msg::TaskTimeInvalid),
            (|t| t.start.offset_minutes = 181, Msg::TaskOffsetInvalid { max: 180 }),
            (|t| t.start.offset_minutes = -181, Msg::TaskOffsetInvalid { max: 180 }),
            (|t| t.end.clock = "24:00".into(), Msg::TaskTimeInvalid),
            (|t| t.end.clock = "7pm".into(), Msg::TaskTimeInvalid),
            (|t| t.scene_ids.clear(), Msg::NoSceneToDeliver),
            (|t| t.scene_ids = (1..=17).collect(), Msg::TaskScenesTooMany { max: 16 }),
            (|t| t.gateway_ids.clear(), Msg::TaskGatewaysInvalid { max: 1000 }),
            (|t| t.gateway_ids = vec![-1], Msg::GatewayIdInvalid),
        ];
        for (change, expected) in cases {
            let mut raw = task();
            change(&mut raw);
            assert_eq!(msg(TaskDraft::parse(&raw)), expected);
        }
        let mut signed = task();
        signed.start = RawDayTime { kind: "1".into(), clock: "ignored".into(), offset_minutes: -180 };
        assert_eq!(TaskDraft::parse(&signed).unwrap().start, DayTime::Sunrise(-180));
    }

    #[test]
    fn a_site_needs_both_coordinates_in_range_and_an_iana_zone() {
        let raw = RawSite { latitude: Some(31.23), longitude: Some(121.47), time_zone: " Asia/Shanghai ".into() };
        assert_eq!(SiteDraft::parse(&raw).unwrap().zone_name, "Asia/Shanghai");
        let cases: Vec<(Change<RawSite>, Msg)> = vec![
            (|s| s.latitude = None, Msg::SiteLocationInvalid),
            (|s| s.latitude = Some(91.0), Msg::SiteLocationInvalid),
            (|s| s.longitude = Some(f64::NAN), Msg::SiteLocationInvalid),
            (|s| s.time_zone = "Mars/Olympus".into(), Msg::TimeZoneInvalid),
            (|s| s.time_zone = "+08:00".into(), Msg::TimeZoneInvalid),
        ];
        for (change, expected) in cases {
            let mut site = raw.clone();
            change(&mut site);
            assert_eq!(msg(SiteDraft::parse(&site)), expected);
        }
    }

    #[test]
    fn stored_day_times_read_back_the_same() {
        for time in
            [DayTime::Clock(NaiveTime::from_hms_opt(5, 7, 0).unwrap()), DayTime::Sunrise(-30), DayTime::Sunset(180)]
        {
            let (kind, clock, offset) = day_time_columns(time);
            assert_eq!(day_time_from_columns(kind, clock, offset), time);
        }
    }

    proptest! {
        /// Whatever is sent, a task either parses into a draft within every bound or is refused
        /// with a message; it never panics.
        #[test]
        fn any_task_input_is_either_valid_or_refused(
            priority in any::<i64>(),
            offset in any::<i64>(),
            clock in "[0-9:]{0,6}",
            days in proptest::collection::vec("[0-9]{0,2}", 0..9),
            scenes in proptest::collection::vec(-2i64..30, 0..20),
            gateways in proptest::collection::vec(-2i64..30, 0..5),
        ) {
            let raw = RawTask {
                name: "T".into(),
                priority,
                weekdays: days,
                start: RawDayTime { kind: "0".into(), clock, offset_minutes: 0 },
                end: RawDayTime { kind: "1".into(), clock: String::new(), offset_minutes: offset },
                scene_ids: scenes,
                gateway_ids: gateways,
                ..RawTask::default()
            };
            if let Ok(draft) = TaskDraft::parse(&raw) {
                prop_assert!(draft.days.weekdays != 0 && draft.days.weekdays <= 127);
                prop_assert!((1..=MAX_TASK_SCENES).contains(&draft.scene_ids.len()));
                prop_assert!((1..=MAX_TASK_GATEWAYS).contains(&draft.gateway_ids.len()));
                prop_assert!(matches!(draft.end, DayTime::Sunrise(m) if m.unsigned_abs() <= MAX_SUN_OFFSET_MINUTES));
            }
        }
    }
}
