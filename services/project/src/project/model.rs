//! Project rules: which projects a caller sees, and what a project may hold (spec sections
//! 3 and 5). Pure: no I/O. The city is resolved from the shipped division codes by the
//! caller of [`ProjectDraft::parse`], which hands in the lookup.

use chrono::NaiveDate;
use lumiscape_common::auth::Caller;
use lumiscape_common::i18n::Msg;
use lumiscape_common::text::{is_code, is_valid_phone};

/// Longest project name, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// Longest project number (code).
pub const MAX_NUMBER_CHARS: usize = 50;
/// Longest name filter of the lists.
pub const MAX_FILTER_CHARS: usize = 100;
/// The most modules a project's home page has (spec sections 5 and 9).
pub const MAX_MODULES: usize = 6;
/// The most carousel pictures.
pub const MAX_CAROUSEL: usize = 10;
/// Longest stored picture path.
pub const MAX_PATH_CHARS: usize = 255;
/// Map levels (zoom) a project can open at.
pub const MAP_LEVELS: std::ops::RangeInclusive<i64> = 3..=18;
/// The state push interval's range, in seconds.
pub const STATE_INTERVAL: std::ops::RangeInclusive<i64> = 10..=3600;
/// The energy push interval's range, in seconds.
pub const ENERGY_INTERVAL: std::ops::RangeInclusive<i64> = 60..=86_400;

/// The modules a project's home page can show (dictionary `project_module`), each at a
/// position 1 to 6.
pub const MODULE_CODES: &[&str] =
    &["gateway", "alarm", "energy", "workorder", "inspection", "announcement", "scene", "asset"];

/// The projects a caller may see: every one, or those listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProjectScope {
    All,
    Only(Vec<i64>),
}

impl ProjectScope {
    pub fn of(caller: &Caller) -> Self {
        if caller.session.all_projects {
            ProjectScope::All
        } else {
            ProjectScope::Only(caller.session.project_ids.clone())
        }
    }

    /// As query parameters: (all, ids).
    pub fn as_binds(&self) -> (bool, Vec<i64>) {
        match self {
            ProjectScope::All => (true, Vec::new()),
            ProjectScope::Only(ids) => (false, ids.clone()),
        }
    }
}

/// An empty logo status means "show the logo" (spec section 3).
pub fn effective_logo_status(stored: &str) -> &str {
    if stored.is_empty() { "1" } else { stored }
}

/// A module of the home page at its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    pub position: i16,
    pub code: String,
}

/// What the form sent, unchecked.
#[derive(Debug, Clone, Default)]
pub struct RawProject<'a> {
    pub project_name: &'a str,
    pub project_number: &'a str,
    pub city_code: &'a str,
    pub project_user_name: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
    pub organization: &'a str,
    pub status: &'a str,
    pub acceptance: &'a str,
    pub start_date: &'a str,
    pub contract_number: &'a str,
    pub map_mode: &'a str,
    pub map_level: i64,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub menu_logo: &'a str,
    pub menu_logo_status: &'a str,
    pub carousel_pictures: &'a [String],
    pub plan_picture: &'a str,
    pub modules: &'a [(i64, &'a str)],
    pub iot_state_interval: i64,
    pub iot_energy_interval: i64,
    pub remark: &'a str,
}

/// A project as checked: trimmed, in range, its city resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectDraft {
    pub project_name: String,
    pub project_number: String,
    pub city_code: String,
    pub city_name: String,
    pub project_user_name: String,
    pub phone: String,
    pub address: String,
    pub organization: String,
    pub status: String,
    pub acceptance: String,
    pub start_date: Option<NaiveDate>,
    pub contract_number: String,
    pub map_mode: String,
    pub map_level: i16,
    pub location: Option<(f64, f64)>,
    pub menu_logo: String,
    pub menu_logo_status: String,
    pub carousel_pictures: Vec<String>,
    pub plan_picture: String,
    pub modules: Vec<Module>,
    pub iot_state_interval: i32,
    pub iot_energy_interval: i32,
    pub remark: String,
}

/// Trims `text` and checks its length in characters.
fn bounded(text: &str, max: usize, zh: &'static str, en: &'static str) -> Result<String, Msg> {
    lumiscape_common::text::bounded(text.trim(), max, zh, en)
}

fn one_of(text: &str, values: &[&str], msg: Msg) -> Result<String, Msg> {
    let text = text.trim();
    if values.contains(&text) { Ok(text.to_owned()) } else { Err(msg) }
}

/// A stored file's path, as the upload answered it: empty, or an absolute path below the
/// file server without parent steps or a scheme.
pub fn check_picture(path: &str) -> Result<String, Msg> {
    let path = path.trim();
    if path.is_empty() {
        return Ok(String::new());
    }
    let safe = path.starts_with('/')
        && path.chars().count() <= MAX_PATH_CHARS
        && !path.contains("..")
        && !path.contains("//")
        && path.chars().all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c));
    if safe { Ok(path.to_owned()) } else { Err(Msg::ProjectPicturePathInvalid) }
}

fn check_interval(
    value: i64,
    range: std::ops::RangeInclusive<i64>,
    zh: &'static str,
    en: &'static str,
) -> Result<i32, Msg> {
    if range.contains(&value) {
        Ok(value as i32)
    } else {
        Err(Msg::ProjectIntervalInvalid { zh, en, min: *range.start() as u32, max: *range.end() as u32 })
    }
}

/// The home page's modules: at most 6, positions 1 to 6 and not repeated (spec section 5),
/// each a known module chosen once; in position order.
pub fn check_modules(modules: &[(i64, &str)]) -> Result<Vec<Module>, Msg> {
    if modules.len() > MAX_MODULES {
        return Err(Msg::ProjectModulesTooMany);
    }
    let mut checked: Vec<Module> = Vec::with_capacity(modules.len());
    for (position, code) in modules {
        if !(1..=MAX_MODULES as i64).contains(position) {
            return Err(Msg::ProjectModulePositionInvalid);
        }
        let code = code.trim();
        if !MODULE_CODES.contains(&code) {
            return Err(Msg::ProjectModuleInvalid);
        }
        if checked.iter().any(|m| i64::from(m.position) == *position) {
            return Err(Msg::ProjectModulePositionRepeated);
        }
        if checked.iter().any(|m| m.code == code) {
            return Err(Msg::ProjectModuleRepeated);
        }
        checked.push(Module { position: *position as i16, code: code.to_owned() });
    }
    checked.sort_by_key(|m| m.position);
    Ok(checked)
}

/// A start date as the form sends it: empty, `YYYY-MM-DD`, or a date-time whose date is taken.
pub fn check_start_date(text: &str) -> Result<Option<NaiveDate>, Msg> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let date = text
        .get(..10)
        .filter(|_| text.len() == 10 || text.as_bytes().get(10).is_some_and(|b| *b == b' ' || *b == b'T'));
    date.and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()).map(Some).ok_or(Msg::ProjectStartDateInvalid)
}

/// A map location: both coordinates or neither, each in range.
pub fn check_location(longitude: Option<f64>, latitude: Option<f64>) -> Result<Option<(f64, f64)>, Msg> {
    match (longitude, latitude) {
        (None, None) => Ok(None),
        (Some(lng), Some(lat))
            if lng.is_finite()
                && lat.is_finite()
                && (-180.0..=180.0).contains(&lng)
                && (-90.0..=90.0).contains(&lat) =>
        {
            Ok(Some((lng, lat)))
        }
        _ => Err(Msg::ProjectLocationInvalid),
    }
}

/// A switch as sent: "0" or "1".
pub fn check_enabled(text: &str) -> Result<bool, Msg> {
    match text.trim() {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(Msg::ProjectEnableInvalid),
    }
}

/// Checks a name filter: trimmed, at most [`MAX_FILTER_CHARS`].
pub fn check_filter(text: &str) -> Result<&str, Msg> {
    lumiscape_common::text::filter(text, MAX_FILTER_CHARS)
}

impl ProjectDraft {
    /// The project, or the first rule it breaks. `city` names the city of a division code
    /// (empty code: no city).
    pub fn parse(raw: &RawProject<'_>, city: impl Fn(&str) -> Option<String>) -> Result<Self, Msg> {
        let project_name = raw.project_name.trim();
        if project_name.is_empty() {
            return Err(Msg::ProjectNameRequired);
        }
        let project_name = bounded(project_name, MAX_NAME_CHARS, "项目名称", "The project name")?;
        let project_number = raw.project_number.trim();
        if project_number.is_empty() {
            return Err(Msg::ProjectNumberRequired);
        }
        if !is_code(project_number) {
            return Err(Msg::ProjectNumberInvalid);
        }
        let project_number = bounded(project_number, MAX_NUMBER_CHARS, "项目编号", "The project number")?;
        let city_code = raw.city_code.trim();
        let city_name =
            if city_code.is_empty() { String::new() } else { city(city_code).ok_or(Msg::ProjectCityInvalid)? };
        let project_user_name = bounded(raw.project_user_name, 50, "负责人", "The principal")?;
        let phone = raw.phone.trim();
        if !phone.is_empty() && !is_valid_phone(phone) {
            return Err(Msg::PhoneInvalid);
        }
        let address = raw.address.trim();
        if address.is_empty() {
            return Err(Msg::ProjectAddressRequired);
        }
        let address = bounded(address, 255, "项目地址", "The address")?;
        let organization = bounded(raw.organization, 100, "所属单位", "The organization")?;
        let status = one_of(raw.status, &["0", "1", "2", "3"], Msg::ProjectStatusInvalid)?;
        let acceptance = one_of(raw.acceptance, &["0", "1", "2"], Msg::ProjectAcceptanceInvalid)?;
        let start_date = check_start_date(raw.start_date)?;
        let contract_number = bounded(raw.contract_number, 50, "合同编号", "The contract number")?;
        let map_mode = one_of(raw.map_mode, &["0", "1"], Msg::ProjectMapModeInvalid)?;
        if !MAP_LEVELS.contains(&raw.map_level) {
            return Err(Msg::ProjectMapLevelInvalid);
        }
        let location = check_location(raw.longitude, raw.latitude)?;
        let menu_logo = check_picture(raw.menu_logo)?;
        let menu_logo_status = match raw.menu_logo_status.trim() {
            "" => "1".to_owned(),
            status => one_of(status, &["0", "1"], Msg::ProjectLogoStatusInvalid)?,
        };
        if raw.carousel_pictures.len() > MAX_CAROUSEL {
            return Err(Msg::ProjectPicturesTooMany { max: MAX_CAROUSEL as u32 });
        }
        let carousel_pictures = raw
            .carousel_pictures
            .iter()
            .map(|path| check_picture(path))
            .filter(|path| !matches!(path, Ok(p) if p.is_empty()))
            .collect::<Result<Vec<_>, _>>()?;
        let plan_picture = check_picture(raw.plan_picture)?;
        let modules = check_modules(raw.modules)?;
        let iot_state_interval =
            check_interval(raw.iot_state_interval, STATE_INTERVAL, "状态上报间隔", "The state push interval")?;
        let iot_energy_interval =
            check_interval(raw.iot_energy_interval, ENERGY_INTERVAL, "电能上报间隔", "The energy push interval")?;
        let remark = bounded(raw.remark, 500, "备注", "The remark")?;
        Ok(Self {
            project_name,
            project_number,
            city_code: city_code.to_owned(),
            city_name,
            project_user_name,
            phone: phone.to_owned(),
            address,
            organization,
            status,
            acceptance,
            start_date,
            contract_number,
            map_mode,
            map_level: raw.map_level as i16,
            location,
            menu_logo,
            menu_logo_status,
            carousel_pictures,
            plan_picture,
            modules,
            iot_state_interval,
            iot_energy_interval,
            remark,
        })
    }
}

/// Which picture `add/media` sets: the menu logo, a carousel picture (added at the end) or
/// the plan picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    Logo,
    Carousel,
    Plan,
}

impl MediaKind {
    pub fn parse(text: &str) -> Result<Self, Msg> {
        match text.trim() {
            "logo" | "1" => Ok(MediaKind::Logo),
            "carousel" | "2" => Ok(MediaKind::Carousel),
            "plan" | "3" => Ok(MediaKind::Plan),
            _ => Err(Msg::ProjectMediaKindInvalid),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn city(code: &str) -> Option<String> {
        (code == "3301").then(|| "杭州市".to_owned())
    }

    fn raw() -> RawProject<'static> {
        RawProject {
            project_name: " 滨江 ",
            project_number: "LS-001",
            city_code: "3301",
            address: "钱塘江",
            status: "1",
            acceptance: "1",
            map_mode: "0",
            map_level: 12,
            iot_state_interval: 60,
            iot_energy_interval: 900,
            ..RawProject::default()
        }
    }

    #[test]
    fn a_good_project_is_trimmed_and_its_city_named() {
        let draft = ProjectDraft::parse(&raw(), city).unwrap();
        assert_eq!(draft.project_name, "滨江");
        assert_eq!(draft.city_name, "杭州市");
        assert_eq!(draft.menu_logo_status, "1");
        assert_eq!(draft.location, None);
    }

    #[test]
    fn every_rule_names_its_field() {
        let modules7: &[(i64, &str)] = &[
            (1, "gateway"),
            (2, "alarm"),
            (3, "energy"),
            (4, "workorder"),
            (5, "inspection"),
            (6, "announcement"),
            (6, "scene"),
        ];
        let pictures: Vec<String> = (0..11).map(|i| format!("/p/{i}.png")).collect();
        let pictures: &'static [String] = Box::leak(pictures.into_boxed_slice());
        let bad_path: &'static [String] = Box::leak(vec!["/../etc/passwd".to_owned()].into_boxed_slice());
        let cases: Vec<(RawProject<'static>, Msg)> = vec![
            (RawProject { project_name: "  ", ..raw() }, Msg::ProjectNameRequired),
            (RawProject { project_number: "", ..raw() }, Msg::ProjectNumberRequired),
            (RawProject { project_number: "LS 001", ..raw() }, Msg::ProjectNumberInvalid),
            (RawProject { city_code: "9999", ..raw() }, Msg::ProjectCityInvalid),
            (RawProject { phone: "0571-8888", ..raw() }, Msg::PhoneInvalid),
            (RawProject { address: " ", ..raw() }, Msg::ProjectAddressRequired),
            (RawProject { status: "4", ..raw() }, Msg::ProjectStatusInvalid),
            (RawProject { acceptance: "", ..raw() }, Msg::ProjectAcceptanceInvalid),
            (RawProject { start_date: "2026-02-30", ..raw() }, Msg::ProjectStartDateInvalid),
            (RawProject { map_mode: "2", ..raw() }, Msg::ProjectMapModeInvalid),
            (RawProject { map_level: 19, ..raw() }, Msg::ProjectMapLevelInvalid),
            (RawProject { longitude: Some(120.0), ..raw() }, Msg::ProjectLocationInvalid),
            (RawProject { longitude: Some(181.0), latitude: Some(30.0), ..raw() }, Msg::ProjectLocationInvalid),
            (RawProject { menu_logo: "http://evil/x.png", ..raw() }, Msg::ProjectPicturePathInvalid),
            (RawProject { menu_logo_status: "2", ..raw() }, Msg::ProjectLogoStatusInvalid),
            (RawProject { carousel_pictures: pictures, ..raw() }, Msg::ProjectPicturesTooMany { max: 10 }),
            (RawProject { carousel_pictures: bad_path, ..raw() }, Msg::ProjectPicturePathInvalid),
            (RawProject { modules: modules7, ..raw() }, Msg::ProjectModulesTooMany),
            (RawProject { modules: &[(1, "gateway"), (1, "alarm")], ..raw() }, Msg::ProjectModulePositionRepeated),
            (RawProject { modules: &[(1, "gateway"), (2, "gateway")], ..raw() }, Msg::ProjectModuleRepeated),
            (RawProject { modules: &[(7, "gateway")], ..raw() }, Msg::ProjectModulePositionInvalid),
            (RawProject { modules: &[(1, "tv")], ..raw() }, Msg::ProjectModuleInvalid),
            (
                RawProject { iot_state_interval: 5, ..raw() },
                Msg::ProjectIntervalInvalid {
                    zh: "状态上报间隔", en: "The state push interval", min: 10, max: 3600
                },
            ),
            (
                RawProject {
                    project_user_name: "很长的名字很长的名字很长的名字很长的名字很长的名字很长的名字很长的名字很长的名字很长的名字很长的名字x",
                    ..raw()
                },
                Msg::FieldTooLong { zh: "负责人", en: "The principal", max: 50 },
            ),
        ];
        for (raw, msg) in cases {
            assert_eq!(ProjectDraft::parse(&raw, city), Err(msg.clone()), "{msg:?}");
        }
    }

    #[test]
    fn six_modules_in_any_order_come_back_by_position() {
        let modules = check_modules(&[(3, "energy"), (1, "gateway"), (2, "alarm")]).unwrap();
        assert_eq!(modules.iter().map(|m| m.position).collect::<Vec<_>>(), [1, 2, 3]);
        let six: Vec<(i64, &str)> = MODULE_CODES.iter().take(6).enumerate().map(|(i, c)| (i as i64 + 1, *c)).collect();
        assert_eq!(check_modules(&six).unwrap().len(), 6);
    }

    #[test]
    fn dates_and_switches() {
        assert_eq!(check_start_date("").unwrap(), None);
        assert_eq!(check_start_date("2026-03-01 00:00:00").unwrap(), NaiveDate::from_ymd_opt(2026, 3, 1));
        assert!(check_start_date("2026-3-1").is_err());
        assert!(check_start_date("2026-03-01x").is_err());
        assert_eq!(check_enabled("0"), Ok(false));
        assert!(check_enabled("yes").is_err());
        assert_eq!(MediaKind::parse("plan"), Ok(MediaKind::Plan));
        assert!(MediaKind::parse("video").is_err());
    }

    #[test]
    fn empty_logo_status_falls_back_to_show() {
        assert_eq!(effective_logo_status(""), "1");
        assert_eq!(effective_logo_status("0"), "0");
    }

    #[test]
    fn scope_binds() {
        assert_eq!(ProjectScope::All.as_binds(), (true, vec![]));
        assert_eq!(ProjectScope::Only(vec![3]).as_binds(), (false, vec![3]));
    }

    proptest! {
        #[test]
        fn a_picture_path_never_escapes_the_file_server(path in "\\PC{0,60}") {
            if let Ok(p) = check_picture(&path) {
                prop_assert!(p.is_empty() || (p.starts_with('/') && !p.contains("..") && !p.contains("://")));
            }
        }

        #[test]
        fn module_lists_never_pass_with_repeats_or_more_than_six(
            list in proptest::collection::vec((0i64..9, proptest::sample::select(MODULE_CODES.to_vec())), 0..9)
        ) {
            if let Ok(modules) = check_modules(&list) {
                prop_assert!(modules.len() <= 6);
                let mut positions: Vec<i16> = modules.iter().map(|m| m.position).collect();
                positions.dedup();
                prop_assert_eq!(positions.len(), modules.len());
            }
        }
    }
}
