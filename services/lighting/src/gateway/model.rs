//! The rules of a gateway as a person enters it, and of the list filters. Pure: the gRPC
//! layer turns wire types into these, and every check lives here.

use std::collections::BTreeMap;

use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

pub const MAX_NAME_CHARS: usize = 50;
pub const MAX_SERIAL_CHARS: usize = 32;
pub const MAX_LOOPS: u32 = 64;
pub const MAX_LOOP_NAME_CHARS: usize = 30;
pub const MAX_REMARK_CHARS: usize = 200;
/// Longest gateway type and brand.
pub const MAX_KIND_CHARS: usize = 50;
/// Most gateways one delete may name.
pub use crate::ids::MAX_DELETE_IDS;

/// A gateway serial (the console's gatewayNumber): 1 to 32 of `[A-Za-z0-9_-]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Serial(String);

impl Serial {
    pub fn parse(text: &str) -> Result<Self, Error> {
        let serial = text.trim();
        if serial.len() > MAX_SERIAL_CHARS || !lumiscape_common::text::is_code(serial) {
            return Err(Error::bad_request(Msg::GatewayNumberInvalid));
        }
        Ok(Self(serial.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How a gateway reaches the platform (dictionary `lighting_communication_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommunicationType {
    FourG,
    Ethernet,
    NbIot,
    LoRa,
}

impl CommunicationType {
    pub fn parse(code: &str) -> Result<Self, Error> {
        match code.trim() {
            "1" => Ok(Self::FourG),
            "2" => Ok(Self::Ethernet),
            "3" => Ok(Self::NbIot),
            "4" => Ok(Self::LoRa),
            _ => Err(Error::bad_request(Msg::CommunicationTypeInvalid)),
        }
    }

    /// The dictionary value.
    pub fn code(self) -> &'static str {
        match self {
            Self::FourG => "1",
            Self::Ethernet => "2",
            Self::NbIot => "3",
            Self::LoRa => "4",
        }
    }
}

/// A gateway as entered, before any check.
#[derive(Debug, Clone, Default)]
pub struct RawGateway {
    pub name: String,
    pub number: String,
    pub communication_type: String,
    pub loop_count: i64,
    /// (loop index, loop name) as given; loops not named keep their name (or none).
    pub loops: Vec<(i64, String)>,
    pub remark: String,
    pub gateway_type: String,
    pub brand: String,
}

/// A checked gateway, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayDraft {
    pub name: String,
    pub serial: Serial,
    pub communication: CommunicationType,
    pub loop_count: u32,
    /// Names given for loops, by index (each within `1..=loop_count`).
    pub loop_names: BTreeMap<u32, String>,
    pub remark: String,
    /// The gateway's type (its model): an upgrade's image is for one type. May be empty.
    pub gateway_type: String,
    /// The gateway's brand: a batch parameter setting is for one brand. May be empty.
    pub brand: String,
}

impl GatewayDraft {
    /// Checks every field in the order the form shows them; the first fault is reported.
    pub fn parse(raw: &RawGateway) -> Result<Self, Error> {
        let name = raw.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(Error::bad_request(Msg::GatewayNameInvalid));
        }
        let serial = Serial::parse(&raw.number)?;
        let communication = CommunicationType::parse(&raw.communication_type)?;
        let loop_count = parse_loop_count(raw.loop_count)?;
        let loop_names = parse_loop_names(&raw.loops, loop_count)?;
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Error::bad_request(Msg::RemarkInvalid));
        }
        let gateway_type = raw.gateway_type.trim();
        if gateway_type.chars().count() > MAX_KIND_CHARS {
            return Err(Error::bad_request(Msg::GatewayTypeInvalid));
        }
        let brand = raw.brand.trim();
        if brand.chars().count() > MAX_KIND_CHARS {
            return Err(Error::bad_request(Msg::GatewayBrandInvalid));
        }
        Ok(Self {
            name: name.to_owned(),
            serial,
            communication,
            loop_count,
            loop_names,
            remark: remark.to_owned(),
            gateway_type: gateway_type.to_owned(),
            brand: brand.to_owned(),
        })
    }

    /// The named loops as parallel columns, for one statement.
    pub fn loop_name_columns(&self) -> (Vec<i32>, Vec<String>) {
        let indexes = self.loop_names.keys().map(|i| *i as i32).collect();
        let names = self.loop_names.values().cloned().collect();
        (indexes, names)
    }
}

fn parse_loop_count(count: i64) -> Result<u32, Error> {
    u32::try_from(count)
        .ok()
        .filter(|c| (1..=MAX_LOOPS).contains(c))
        .ok_or_else(|| Error::bad_request(Msg::LoopCountInvalid))
}

fn parse_loop_names(loops: &[(i64, String)], loop_count: u32) -> Result<BTreeMap<u32, String>, Error> {
    let mut names = BTreeMap::new();
    for (index, name) in loops {
        let index = check_loop_index(*index, loop_count)?;
        let name = name.trim();
        if name.chars().count() > MAX_LOOP_NAME_CHARS {
            return Err(Error::bad_request(Msg::LoopNameInvalid));
        }
        if names.insert(index, name.to_owned()).is_some() {
            return Err(Error::bad_request(Msg::LoopGivenTwice { index }));
        }
    }
    Ok(names)
}

/// A loop index of a gateway with `loop_count` loops.
pub fn check_loop_index(index: i64, loop_count: u32) -> Result<u32, Error> {
    u32::try_from(index)
        .ok()
        .filter(|i| (1..=loop_count).contains(i))
        .ok_or_else(|| Error::bad_request(Msg::LoopIndexInvalid { max: loop_count }))
}

/// A gateway id from the wire.
pub fn check_gateway_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::GatewayIdInvalid)) }
}

/// The ids of one delete: 1 to [`MAX_DELETE_IDS`] valid ids, each once.
pub fn check_delete_ids(ids: &[i64]) -> Result<Vec<i64>, Error> {
    crate::ids::check_delete_ids(ids, Msg::GatewayIdInvalid)
}

/// The filters of the gateway list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GatewayFilter {
    /// Contains-match on the name; empty matches all.
    pub name: String,
    /// Contains-match on the serial; empty matches all.
    pub serial: String,
    pub online: Option<bool>,
}

impl GatewayFilter {
    pub fn parse(name: &str, serial: &str, online_status: &str) -> Result<Self, Error> {
        let name = name.trim();
        let serial = serial.trim();
        if name.chars().count() > MAX_NAME_CHARS || serial.chars().count() > MAX_SERIAL_CHARS {
            return Err(Error::bad_request(Msg::SearchTooLong));
        }
        let online = match online_status.trim() {
            "" => None,
            "1" => Some(true),
            "0" => Some(false),
            _ => return Err(Error::bad_request(Msg::OnlineStatusInvalid)),
        };
        Ok(Self { name: name.to_owned(), serial: serial.to_owned(), online })
    }
}

/// Heartbeat interval a gateway may be given, in seconds: three missed heartbeats of 30 s
/// take a gateway offline, so a longer one would look offline (docs/device-protocol.md, 6.3).
pub const HEARTBEAT_S: std::ops::RangeInclusive<i64> = 10..=30;
/// Telemetry interval a gateway may be given, in seconds.
pub const TELEMETRY_S: std::ops::RangeInclusive<i64> = 10..=3600;
/// Most gateways one batch parameter setting may name.
pub const MAX_PARAMS_GATEWAYS: usize = 1000;

/// Operating parameters to send: each absent one is left as the gateway has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GatewayParams {
    pub heartbeat_s: Option<u32>,
    pub telemetry_s: Option<u32>,
}

/// A batch parameter setting as asked: the gateways (each once, by id) and the parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamsRequest {
    pub gateway_ids: Vec<i64>,
    pub params: GatewayParams,
}

impl ParamsRequest {
    pub fn parse(gateway_ids: &[i64], heartbeat_s: Option<i64>, telemetry_s: Option<i64>) -> Result<Self, Msg> {
        let within = |value: Option<i64>, range: std::ops::RangeInclusive<i64>, invalid: Msg| match value {
            None => Ok(None),
            Some(v) if range.contains(&v) => Ok(u32::try_from(v).ok()),
            Some(_) => Err(invalid),
        };
        let params = GatewayParams {
            heartbeat_s: within(heartbeat_s, HEARTBEAT_S, Msg::ParamsHeartbeatInvalid)?,
            telemetry_s: within(telemetry_s, TELEMETRY_S, Msg::ParamsTelemetryInvalid)?,
        };
        if params.heartbeat_s.is_none() && params.telemetry_s.is_none() {
            return Err(Msg::ParamsNone);
        }
        if gateway_ids.is_empty() {
            return Err(Msg::ParamsNoGateways);
        }
        if gateway_ids.iter().any(|id| *id <= 0) {
            return Err(Msg::GatewayIdInvalid);
        }
        let mut ids = gateway_ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() > MAX_PARAMS_GATEWAYS {
            return Err(Msg::ParamsTooManyGateways { max: MAX_PARAMS_GATEWAYS as u32 });
        }
        Ok(Self { gateway_ids: ids, params })
    }
}

/// The one brand the gateways of a batch parameter setting share: the brand says which
/// parameters a gateway has, so a batch is of one brand, and a gateway without one cannot
/// take any. `gateways` are (serial, brand) pairs.
pub fn check_brands<'a>(gateways: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<(), Msg> {
    let mut brands: Vec<&str> = Vec::new();
    for (serial, brand) in gateways {
        if brand.trim().is_empty() {
            return Err(Msg::ParamsBrandMissing { gateway: serial.to_owned() });
        }
        if !brands.contains(&brand) {
            brands.push(brand);
        }
    }
    match brands.len() {
        0 => Err(Msg::ParamsNoGateways),
        1 => Ok(()),
        _ => Err(Msg::ParamsBrandMixed),
    }
}

/// Default and longest span of the power chart, in hours.
pub const DEFAULT_POWER_HOURS: i64 = 24;
pub const MAX_POWER_HOURS: i64 = 168;

/// How far back the power chart reaches.
pub fn check_power_hours(hours: Option<i64>) -> Result<i64, Error> {
    let hours = hours.unwrap_or(DEFAULT_POWER_HOURS);
    if (1..=MAX_POWER_HOURS).contains(&hours) { Ok(hours) } else { Err(Error::bad_request(Msg::HoursInvalid)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawGateway {
        RawGateway {
            name: " Riverside cabinet 1 ".into(),
            number: "GW-001_a".into(),
            communication_type: "2".into(),
            loop_count: 4,
            loops: vec![(1, "North path".into()), (4, String::new())],
            remark: "by the pier".into(),
            gateway_type: " LSG-100 ".into(),
            brand: "Lumiscape".into(),
        }
    }

    #[test]
    fn type_and_brand_are_optional_and_bounded() {
        let draft = GatewayDraft::parse(&raw()).unwrap();
        assert_eq!((draft.gateway_type.as_str(), draft.brand.as_str()), ("LSG-100", "Lumiscape"));
        let blank = RawGateway { gateway_type: String::new(), brand: String::new(), ..raw() };
        assert!(GatewayDraft::parse(&blank).is_ok());
        assert_eq!(fault(&RawGateway { gateway_type: "T".repeat(51), ..raw() }), Msg::GatewayTypeInvalid);
        assert_eq!(fault(&RawGateway { brand: "品".repeat(51), ..raw() }), Msg::GatewayBrandInvalid);
    }

    fn fault(raw: &RawGateway) -> Msg {
        GatewayDraft::parse(raw).unwrap_err().msg
    }

    #[test]
    fn a_valid_gateway_is_trimmed_and_kept() {
        let draft = GatewayDraft::parse(&raw()).unwrap();
        assert_eq!(draft.name, "Riverside cabinet 1");
        assert_eq!(draft.serial.as_str(), "GW-001_a");
        assert_eq!(draft.communication, CommunicationType::Ethernet);
        assert_eq!(draft.loop_count, 4);
        assert_eq!(draft.loop_name_columns(), (vec![1, 4], vec!["North path".to_owned(), String::new()]));
    }

    #[test]
    fn names_are_required_and_bounded_in_characters() {
        assert_eq!(fault(&RawGateway { name: "   ".into(), ..raw() }), Msg::GatewayNameInvalid);
        assert_eq!(fault(&RawGateway { name: "灯".repeat(51), ..raw() }), Msg::GatewayNameInvalid);
        assert!(GatewayDraft::parse(&RawGateway { name: "灯".repeat(50), ..raw() }).is_ok());
    }

    #[test]
    fn serials_are_limited_to_their_alphabet_and_length() {
        for bad in ["", "  ", "GW 1", "GW.1", "网关", "GW/1", &"A".repeat(33)] {
            assert_eq!(fault(&RawGateway { number: bad.into(), ..raw() }), Msg::GatewayNumberInvalid, "{bad:?}");
        }
        assert!(Serial::parse(&"A".repeat(32)).is_ok());
        assert_eq!(Serial::parse(" SIM-00001 ").unwrap().as_str(), "SIM-00001");
    }

    #[test]
    fn communication_types_follow_the_dictionary() {
        for code in ["1", "2", "3", "4"] {
            assert_eq!(CommunicationType::parse(code).unwrap().code(), code);
        }
        for bad in ["", "0", "5", "4G", "１"] {
            assert_eq!(fault(&RawGateway { communication_type: bad.into(), ..raw() }), Msg::CommunicationTypeInvalid);
        }
    }

    #[test]
    fn loop_counts_are_one_to_sixty_four() {
        for bad in [0, -1, 65, i64::MAX, i64::from(u32::MAX) + 1] {
            assert_eq!(fault(&RawGateway { loop_count: bad, loops: vec![], ..raw() }), Msg::LoopCountInvalid);
        }
        assert!(GatewayDraft::parse(&RawGateway { loop_count: 64, ..raw() }).is_ok());
    }

    #[test]
    fn named_loops_must_exist_once_with_short_names() {
        let beyond = RawGateway { loops: vec![(5, "x".into())], ..raw() };
        assert_eq!(fault(&beyond), Msg::LoopIndexInvalid { max: 4 });
        assert_eq!(fault(&RawGateway { loops: vec![(0, "x".into())], ..raw() }), Msg::LoopIndexInvalid { max: 4 });
        let twice = RawGateway { loops: vec![(2, "a".into()), (2, "b".into())], ..raw() };
        assert_eq!(fault(&twice), Msg::LoopGivenTwice { index: 2 });
        assert_eq!(fault(&RawGateway { loops: vec![(1, "x".repeat(31))], ..raw() }), Msg::LoopNameInvalid);
    }

    #[test]
    fn remarks_are_bounded() {
        assert_eq!(fault(&RawGateway { remark: "备".repeat(201), ..raw() }), Msg::RemarkInvalid);
        assert!(GatewayDraft::parse(&RawGateway { remark: String::new(), ..raw() }).is_ok());
    }

    #[test]
    fn delete_ids_are_checked_and_deduplicated() {
        assert_eq!(check_delete_ids(&[3, 1, 3]).unwrap(), vec![1, 3]);
        assert_eq!(check_delete_ids(&[]).unwrap_err().msg, Msg::GatewayIdInvalid);
        assert_eq!(check_delete_ids(&[1, 0]).unwrap_err().msg, Msg::GatewayIdInvalid);
        let many: Vec<i64> = (1..=101).collect();
        assert_eq!(check_delete_ids(&many).unwrap_err().msg, Msg::TooManyIds { max: 100 });
    }

    #[test]
    fn list_filters() {
        let filter = GatewayFilter::parse(" cab ", "SIM", "1").unwrap();
        assert_eq!(filter, GatewayFilter { name: "cab".into(), serial: "SIM".into(), online: Some(true) });
        assert_eq!(GatewayFilter::parse("", "", "").unwrap().online, None);
        assert_eq!(GatewayFilter::parse("", "", "0").unwrap().online, Some(false));
        assert_eq!(GatewayFilter::parse("", "", "2").unwrap_err().msg, Msg::OnlineStatusInvalid);
        assert_eq!(GatewayFilter::parse(&"x".repeat(51), "", "").unwrap_err().msg, Msg::SearchTooLong);
    }

    #[test]
    fn every_message_of_lighting_reads_in_both_languages() {
        use lumiscape_common::Lang;
        let all = [
            Msg::ProjectRequired,
            Msg::GatewayIdInvalid,
            Msg::GatewayNotFound,
            Msg::GatewayNameInvalid,
            Msg::GatewayNumberInvalid,
            Msg::GatewayNumberTaken { number: "GW-1".into() },
            Msg::CommunicationTypeInvalid,
            Msg::LoopCountInvalid,
            Msg::LoopIndexInvalid { max: 4 },
            Msg::LoopGivenTwice { index: 2 },
            Msg::LoopNameInvalid,
            Msg::RemarkInvalid,
            Msg::PageInvalid,
            Msg::OnlineStatusInvalid,
            Msg::SearchTooLong,
            Msg::HoursInvalid,
            Msg::SwitchStateRequired,
            Msg::TooManyIds { max: 100 },
        ];
        for msg in all {
            let (zh, en) = (msg.text(Lang::Zh), msg.text(Lang::En));
            assert!(!zh.is_empty() && zh != en, "{msg} is not translated");
            assert!(en.is_ascii(), "{msg}: the English text has Chinese in it");
            assert!(
                msg.key().starts_with("lighting.") || ["project.required", "page.invalid"].contains(&msg.key()),
                "{msg}"
            );
        }
    }

    #[test]
    fn loop_indexes_and_hours() {
        assert_eq!(check_loop_index(4, 4).unwrap(), 4);
        assert_eq!(check_loop_index(5, 4).unwrap_err().msg, Msg::LoopIndexInvalid { max: 4 });
        assert_eq!(check_power_hours(None).unwrap(), 24);
        assert_eq!(check_power_hours(Some(168)).unwrap(), 168);
        assert_eq!(check_power_hours(Some(0)).unwrap_err().msg, Msg::HoursInvalid);
        assert_eq!(check_power_hours(Some(169)).unwrap_err().msg, Msg::HoursInvalid);
    }

    #[test]
    fn a_batch_of_parameters_is_checked() {
        let asked = ParamsRequest::parse(&[3, 1, 3], Some(30), None).unwrap();
        assert_eq!(asked.gateway_ids, vec![1, 3]);
        assert_eq!(asked.params, GatewayParams { heartbeat_s: Some(30), telemetry_s: None });
        let both = ParamsRequest::parse(&[1], Some(10), Some(3600)).unwrap();
        assert_eq!(both.params, GatewayParams { heartbeat_s: Some(10), telemetry_s: Some(3600) });
        let fault = |ids: &[i64], h, t| ParamsRequest::parse(ids, h, t).unwrap_err();
        assert_eq!(fault(&[1], None, None), Msg::ParamsNone);
        assert_eq!(fault(&[1], Some(9), None), Msg::ParamsHeartbeatInvalid);
        assert_eq!(fault(&[1], Some(31), Some(60)), Msg::ParamsHeartbeatInvalid);
        assert_eq!(fault(&[1], Some(-1), None), Msg::ParamsHeartbeatInvalid);
        assert_eq!(fault(&[1], None, Some(9)), Msg::ParamsTelemetryInvalid);
        assert_eq!(fault(&[1], None, Some(3601)), Msg::ParamsTelemetryInvalid);
        assert_eq!(fault(&[1], None, Some(i64::MAX)), Msg::ParamsTelemetryInvalid);
        assert_eq!(fault(&[], Some(30), None), Msg::ParamsNoGateways);
        assert_eq!(fault(&[1, 0], Some(30), None), Msg::GatewayIdInvalid);
        let many: Vec<i64> = (1..=1001).collect();
        assert_eq!(fault(&many, Some(30), None), Msg::ParamsTooManyGateways { max: 1000 });
        assert!(ParamsRequest::parse(&many[..1000], Some(30), None).is_ok());
    }

    #[test]
    fn a_batch_is_of_one_brand() {
        assert_eq!(check_brands([("A", "Lumiscape"), ("B", "Lumiscape")]), Ok(()));
        assert_eq!(check_brands([("A", "Lumiscape"), ("B", "Acme")]), Err(Msg::ParamsBrandMixed));
        assert_eq!(
            check_brands([("A", "Lumiscape"), ("B", " ")]),
            Err(Msg::ParamsBrandMissing { gateway: "B".into() })
        );
        assert_eq!(check_brands([]), Err(Msg::ParamsNoGateways));
    }
}
