//! Devices and groups as a person enters them. Pure: every check lives here; what needs the
//! database (the type, the gateway and its loop count, codes already taken) is the store's.

use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

use crate::gateway::model::MAX_REMARK_CHARS;

pub const MAX_NAME_CHARS: usize = 30;
pub const MAX_CODE_CHARS: usize = 32;
pub const MAX_ADDRESS_CHARS: usize = 100;
/// The most loops a gateway has (`lighting.loops`).
pub const MAX_LOOP_INDEX: i64 = 64;
/// The most devices one group holds.
pub const MAX_GROUP_DEVICES: usize = 1_000;
/// The longest hold of a manual switch, in minutes (a day).
pub const MAX_HOLD_MINUTES: i64 = 1_440;

/// A device's status: in service, or out of service (group control leaves it alone).
pub const IN_SERVICE: &str = "0";
pub const OUT_OF_SERVICE: &str = "1";

#[derive(Debug, Clone, Default)]
pub struct RawDevice {
    pub name: String,
    pub code: String,
    pub type_id: i64,
    pub gateway_id: i64,
    pub loop_index: i64,
    pub address: String,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub status: String,
    pub remark: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DeviceDraft {
    pub name: String,
    pub code: String,
    pub type_id: i64,
    pub gateway_id: i64,
    pub loop_index: i32,
    pub address: String,
    /// Longitude and latitude, or no location.
    pub location: Option<(f64, f64)>,
    pub status: &'static str,
    pub remark: String,
}

impl DeviceDraft {
    /// Checks every field in the order the form shows them. That the type and the gateway are
    /// the project's, and the loop within the gateway's count, is the store's to check.
    pub fn parse(raw: &RawDevice) -> Result<Self, Error> {
        let name = raw.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(Error::bad_request(Msg::DeviceNameInvalid));
        }
        let code = raw.code.trim();
        if code.len() > MAX_CODE_CHARS || !lumiscape_common::text::is_code(code) {
            return Err(Error::bad_request(Msg::DeviceCodeInvalid));
        }
        if raw.type_id <= 0 {
            return Err(Error::bad_request(Msg::TypeNotFound));
        }
        if raw.gateway_id <= 0 {
            return Err(Error::bad_request(Msg::GatewayIdInvalid));
        }
        if !(1..=MAX_LOOP_INDEX).contains(&raw.loop_index) {
            return Err(Error::bad_request(Msg::DeviceLoopInvalid));
        }
        let address = raw.address.trim();
        if address.is_empty() || address.chars().count() > MAX_ADDRESS_CHARS {
            return Err(Error::bad_request(Msg::DeviceAddressInvalid));
        }
        let location = location(raw)?;
        let status = match raw.status.trim() {
            "" | IN_SERVICE => IN_SERVICE,
            OUT_OF_SERVICE => OUT_OF_SERVICE,
            _ => return Err(Error::bad_request(Msg::DeviceStatusInvalid)),
        };
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Error::bad_request(Msg::RemarkInvalid));
        }
        Ok(Self {
            name: name.to_owned(),
            code: code.to_owned(),
            type_id: raw.type_id,
            gateway_id: raw.gateway_id,
            loop_index: i32::try_from(raw.loop_index).map_err(|_| Error::bad_request(Msg::DeviceLoopInvalid))?,
            address: address.to_owned(),
            location,
            status,
            remark: remark.to_owned(),
        })
    }
}

/// Both coordinates within range, or neither.
fn location(raw: &RawDevice) -> Result<Option<(f64, f64)>, Error> {
    let invalid = || Error::bad_request(Msg::DeviceLocationInvalid);
    match (raw.longitude, raw.latitude) {
        (None, None) => Ok(None),
        (Some(lng), Some(lat))
            if lng.is_finite()
                && lat.is_finite()
                && (-180.0..=180.0).contains(&lng)
                && (-90.0..=90.0).contains(&lat) =>
        {
            Ok(Some((lng, lat)))
        }
        _ => Err(invalid()),
    }
}

#[derive(Debug, Clone, Default)]
pub struct RawGroup {
    pub name: String,
    pub remark: String,
    pub device_ids: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupDraft {
    pub name: String,
    pub remark: String,
    /// Each once, ascending.
    pub device_ids: Vec<i64>,
}

impl GroupDraft {
    /// That every device is the project's is the store's to check.
    pub fn parse(raw: &RawGroup) -> Result<Self, Error> {
        let name = raw.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(Error::bad_request(Msg::GroupNameInvalid));
        }
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Error::bad_request(Msg::RemarkInvalid));
        }
        if raw.device_ids.iter().any(|id| *id <= 0) {
            return Err(Error::not_found(Msg::DeviceNotFound));
        }
        let mut device_ids = raw.device_ids.clone();
        device_ids.sort_unstable();
        device_ids.dedup();
        if device_ids.len() > MAX_GROUP_DEVICES {
            return Err(Error::bad_request(Msg::GroupTooManyDevices { max: MAX_GROUP_DEVICES as u32 }));
        }
        Ok(Self { name: name.to_owned(), remark: remark.to_owned(), device_ids })
    }
}

/// How long a manual switch holds at most under a schedule: absent holds until the
/// schedule's next step; otherwise 1 to [`MAX_HOLD_MINUTES`].
pub fn hold(minutes: Option<i64>) -> Result<Option<chrono::Duration>, Error> {
    match minutes {
        None => Ok(None),
        Some(m) if (1..=MAX_HOLD_MINUTES).contains(&m) => Ok(Some(chrono::Duration::minutes(m))),
        Some(_) => Err(Error::bad_request(Msg::HoldMinutesInvalid)),
    }
}

/// The level a switch asks for: off is 0; on is `brightness` (1 to 100) or full when absent.
/// A brightness with switching off is refused, as is one out of range.
pub fn level(on: bool, brightness: Option<i64>) -> Result<u8, Error> {
    match (on, brightness) {
        (false, None) => Ok(0),
        (false, Some(_)) => Err(Error::bad_request(Msg::BrightnessOnlyOn)),
        (true, None) => Ok(100),
        (true, Some(b)) => u8::try_from(b)
            .ok()
            .filter(|b| (1..=100).contains(b))
            .ok_or_else(|| Error::bad_request(Msg::BrightnessInvalid)),
    }
}

/// The loops a group switches: the (gateway, loop) pairs of its devices in service, each
/// once, grouped by gateway in id order, the loops of a gateway ascending.
pub fn loops_to_switch(devices: &[(i64, i32, &str)]) -> Vec<(i64, Vec<u32>)> {
    let mut pairs: Vec<(i64, u32)> = devices
        .iter()
        .filter(|(_, _, status)| *status == IN_SERVICE)
        .filter_map(|&(gateway, index, _)| u32::try_from(index).ok().map(|i| (gateway, i)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut grouped: Vec<(i64, Vec<u32>)> = Vec::new();
    for (gateway, index) in pairs {
        match grouped.last_mut() {
            Some((last, loops)) if *last == gateway => loops.push(index),
            _ => grouped.push((gateway, vec![index])),
        }
    }
    grouped
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A change to a valid input that makes it invalid.
    type Change<T> = fn(&mut T);

    fn raw() -> RawDevice {
        RawDevice {
            name: " Flood light 1 ".into(),
            code: "FL-001".into(),
            type_id: 2,
            gateway_id: 5,
            loop_index: 3,
            address: "East bank, pier 4".into(),
            longitude: Some(121.49),
            latitude: Some(31.24),
            status: String::new(),
            remark: String::new(),
        }
    }

    #[test]
    fn a_device_is_checked_field_by_field_in_the_forms_order() {
        let draft = DeviceDraft::parse(&raw()).unwrap();
        assert_eq!(
            (draft.name.as_str(), draft.status, draft.location),
            ("Flood light 1", IN_SERVICE, Some((121.49, 31.24)))
        );
        let cases: Vec<(Change<RawDevice>, Msg)> = vec![
            (|d| d.name = "  ".into(), Msg::DeviceNameInvalid),
            (|d| d.name = "灯".repeat(31), Msg::DeviceNameInvalid),
            (|d| d.code = "FL 001".into(), Msg::DeviceCodeInvalid),
            (|d| d.code = "c".repeat(33), Msg::DeviceCodeInvalid),
            (|d| d.type_id = 0, Msg::TypeNotFound),
            (|d| d.gateway_id = -1, Msg::GatewayIdInvalid),
            (|d| d.loop_index = 0, Msg::DeviceLoopInvalid),
            (|d| d.loop_index = 65, Msg::DeviceLoopInvalid),
            (|d| d.address = String::new(), Msg::DeviceAddressInvalid),
            (|d| d.address = "a".repeat(101), Msg::DeviceAddressInvalid),
            (|d| d.latitude = None, Msg::DeviceLocationInvalid),
            (|d| d.longitude = Some(180.5), Msg::DeviceLocationInvalid),
            (|d| d.latitude = Some(f64::NAN), Msg::DeviceLocationInvalid),
            (|d| d.status = "2".into(), Msg::DeviceStatusInvalid),
            (|d| d.remark = "r".repeat(201), Msg::RemarkInvalid),
        ];
        for (change, expected) in cases {
            let mut device = raw();
            change(&mut device);
            assert_eq!(DeviceDraft::parse(&device).unwrap_err().msg, expected);
        }
        let unlocated = RawDevice { longitude: None, latitude: None, status: "1".into(), ..raw() };
        let draft = DeviceDraft::parse(&unlocated).unwrap();
        assert_eq!((draft.location, draft.status), (None, OUT_OF_SERVICE));
    }

    #[test]
    fn a_group_holds_each_device_once_and_at_most_a_thousand() {
        let raw = RawGroup { name: " East bank ".into(), remark: String::new(), device_ids: vec![3, 1, 3] };
        assert_eq!(GroupDraft::parse(&raw).unwrap().device_ids, vec![1, 3]);
        let empty = RawGroup { name: String::new(), ..raw.clone() };
        assert_eq!(GroupDraft::parse(&empty).unwrap_err().msg, Msg::GroupNameInvalid);
        let bad_id = RawGroup { device_ids: vec![0], ..raw.clone() };
        assert_eq!(GroupDraft::parse(&bad_id).unwrap_err().msg, Msg::DeviceNotFound);
        let many = RawGroup { device_ids: (1..=1_001).collect(), ..raw };
        assert_eq!(GroupDraft::parse(&many).unwrap_err().msg, Msg::GroupTooManyDevices { max: 1_000 });
    }

    #[test]
    fn a_hold_is_a_whole_number_of_minutes_up_to_a_day() {
        assert_eq!(hold(None).unwrap(), None);
        assert_eq!(hold(Some(15)).unwrap(), Some(chrono::Duration::minutes(15)));
        assert_eq!(hold(Some(1_440)).unwrap(), Some(chrono::Duration::days(1)));
        for bad in [0, -5, 1_441] {
            assert_eq!(hold(Some(bad)).unwrap_err().msg, Msg::HoldMinutesInvalid);
        }
    }

    #[test]
    fn a_brightness_goes_with_switching_on_from_1_to_100() {
        assert_eq!(level(false, None).unwrap(), 0);
        assert_eq!(level(true, None).unwrap(), 100);
        assert_eq!(level(true, Some(1)).unwrap(), 1);
        assert_eq!(level(true, Some(100)).unwrap(), 100);
        for bad in [0, -1, 101, 256, i64::MAX] {
            assert_eq!(level(true, Some(bad)).unwrap_err().msg, Msg::BrightnessInvalid);
        }
        assert_eq!(level(false, Some(30)).unwrap_err().msg, Msg::BrightnessOnlyOn);
    }

    #[test]
    fn a_group_switches_each_loop_of_its_devices_in_service_once() {
        let devices =
            [(7, 2, IN_SERVICE), (3, 1, IN_SERVICE), (7, 2, IN_SERVICE), (7, 1, IN_SERVICE), (3, 4, OUT_OF_SERVICE)];
        assert_eq!(loops_to_switch(&devices), vec![(3, vec![1]), (7, vec![1, 2])]);
        assert!(loops_to_switch(&[(3, 4, OUT_OF_SERVICE)]).is_empty());
    }

    proptest! {
        /// Any coordinates give a location within range, none, or a refusal; never a panic.
        #[test]
        fn any_coordinates_are_in_range_or_refused(lng in proptest::option::of(any::<f64>()), lat in proptest::option::of(any::<f64>())) {
            let device = RawDevice { longitude: lng, latitude: lat, ..raw() };
            if let Ok(draft) = DeviceDraft::parse(&device)
                && let Some((lng, lat)) = draft.location
            {
                prop_assert!((-180.0..=180.0).contains(&lng) && (-90.0..=90.0).contains(&lat));
            }
        }
    }
}
