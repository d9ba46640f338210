//! The rules of the firmware library and of upgrade campaigns. Pure: the gRPC layer turns
//! wire types into these, and every check lives here.

use lumiscape_common::i18n::Msg;
use sha2::{Digest, Sha256};

/// Largest image: 500 KB (spec section 5, "firmware at most 500 KB").
pub const MAX_IMAGE_BYTES: usize = 500 * 1024;
/// Bytes per chunk sent to a gateway (the protocol's `MAX_FIRMWARE_CHUNK_BYTES`).
pub const CHUNK_BYTES: u32 = 32 * 1024;
pub const MAX_VERSION_CHARS: usize = 32;
pub const MAX_TYPE_CHARS: usize = 50;
pub const MAX_NOTES_CHARS: usize = 500;
pub const MAX_FILE_NAME_CHARS: usize = 100;
pub const MAX_CONCURRENCY: i64 = 200;
pub const DEFAULT_CONCURRENCY: i64 = 10;
pub const DEFAULT_FAILURE_THRESHOLD: i64 = 20;
/// Most gateways a campaign may name one by one.
pub const MAX_LISTED_GATEWAYS: usize = 10_000;

/// A firmware image as uploaded, before any check.
#[derive(Debug, Clone, Default)]
pub struct RawFirmware {
    pub file_name: String,
    pub image: Vec<u8>,
    pub version: String,
    pub gateway_type: String,
    pub notes: String,
}

/// A checked image, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirmwareDraft {
    pub file_name: String,
    pub version: String,
    pub gateway_type: String,
    pub notes: String,
    /// Lower-case hex SHA-256 of the image.
    pub sha256: String,
}

impl FirmwareDraft {
    /// Checks the file (name, size, content) and then the form's fields, in that order.
    pub fn parse(raw: &RawFirmware) -> Result<Self, Msg> {
        let file_name = raw.file_name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
        let is_bin =
            file_name.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && ext.eq_ignore_ascii_case("bin"));
        if !is_bin || file_name.chars().count() > MAX_FILE_NAME_CHARS {
            return Err(Msg::FirmwareNotBin);
        }
        check_image(&raw.image)?;
        let version = parse_version(&raw.version)?;
        let gateway_type = raw.gateway_type.trim();
        if gateway_type.is_empty() || gateway_type.chars().count() > MAX_TYPE_CHARS {
            return Err(Msg::FirmwareTypeInvalid);
        }
        let notes = parse_notes(&raw.notes)?;
        Ok(Self {
            file_name: file_name.to_owned(),
            version,
            gateway_type: gateway_type.to_owned(),
            notes,
            sha256: hex::encode(Sha256::digest(&raw.image)),
        })
    }
}

/// An image's size and content: 1 byte to 500 KB, and not a file of another kind renamed
/// `.bin` (a picture, an archive, a document, media or plain text).
pub fn check_image(image: &[u8]) -> Result<(), Msg> {
    if image.is_empty() {
        return Err(Msg::FirmwareEmpty);
    }
    if image.len() > MAX_IMAGE_BYTES {
        return Err(Msg::FirmwareTooLarge);
    }
    if let Some(kind) = infer::get(image) {
        use infer::MatcherType::{Archive, Audio, Book, Doc, Font, Image, Text, Video};
        if matches!(kind.matcher_type(), Image | Archive | Doc | Audio | Video | Book | Font | Text) {
            return Err(Msg::FirmwareContentInvalid { detected: kind.extension().to_owned() });
        }
    }
    if !image.contains(&0) && std::str::from_utf8(image).is_ok() {
        return Err(Msg::FirmwareContentInvalid { detected: "txt".into() });
    }
    Ok(())
}

/// A version as gateways report it: 1 to 32 of `[A-Za-z0-9._+-]` (the protocol's `fw`).
pub fn parse_version(text: &str) -> Result<String, Msg> {
    let version = text.trim();
    let allowed = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'+' | b'-');
    if version.is_empty() || version.len() > MAX_VERSION_CHARS || !version.bytes().all(allowed) {
        return Err(Msg::FirmwareVersionInvalid);
    }
    Ok(version.to_owned())
}

pub fn parse_notes(text: &str) -> Result<String, Msg> {
    let notes = text.trim();
    if notes.chars().count() > MAX_NOTES_CHARS {
        return Err(Msg::FirmwareNotesInvalid);
    }
    Ok(notes.to_owned())
}

/// How many chunks an image of `size` bytes goes down in.
pub fn chunk_count(size: usize) -> u32 {
    u32::try_from(size.div_ceil(CHUNK_BYTES as usize)).unwrap_or(u32::MAX)
}

/// The bytes of chunk `index` of `image`.
pub fn chunk(image: &[u8], index: u32) -> &[u8] {
    let start = (index as usize).saturating_mul(CHUNK_BYTES as usize).min(image.len());
    let end = start.saturating_add(CHUNK_BYTES as usize).min(image.len());
    &image[start..end]
}

/// Which gateways a campaign upgrades.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Project,
    /// The gateways of a device group's devices.
    Group(i64),
    /// Gateways chosen one by one.
    List(Vec<i64>),
}

/// A campaign as asked for, before any check.
#[derive(Debug, Clone, Default)]
pub struct RawCampaign {
    pub firmware_id: i64,
    pub scope: String,
    pub group_id: i64,
    pub gateway_ids: Vec<i64>,
    /// 0: the default.
    pub concurrency: i64,
    /// Percent; 0: the default.
    pub failure_threshold: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignSpec {
    pub firmware_id: i64,
    pub scope: Scope,
    pub concurrency: i32,
    pub failure_threshold: i32,
}

impl CampaignSpec {
    pub fn parse(raw: &RawCampaign) -> Result<Self, Msg> {
        if raw.firmware_id <= 0 {
            return Err(Msg::FirmwareNotFound);
        }
        let scope = match raw.scope.trim() {
            "project" => Scope::Project,
            "group" if raw.group_id > 0 => Scope::Group(raw.group_id),
            "group" => return Err(Msg::GroupNotFound),
            "list" => {
                let mut ids: Vec<i64> = raw.gateway_ids.clone();
                ids.sort_unstable();
                ids.dedup();
                if ids.is_empty() {
                    return Err(Msg::UpgradeNoGateways);
                }
                if ids.len() > MAX_LISTED_GATEWAYS || ids.iter().any(|id| *id <= 0) {
                    return Err(Msg::GatewayNotFound);
                }
                Scope::List(ids)
            }
            _ => return Err(Msg::UpgradeScopeInvalid),
        };
        let concurrency = match raw.concurrency {
            0 => DEFAULT_CONCURRENCY,
            c if (1..=MAX_CONCURRENCY).contains(&c) => c,
            _ => return Err(Msg::UpgradeConcurrencyInvalid),
        };
        let failure_threshold = match raw.failure_threshold {
            0 => DEFAULT_FAILURE_THRESHOLD,
            t if (1..=100).contains(&t) => t,
            _ => return Err(Msg::UpgradeThresholdInvalid),
        };
        Ok(Self {
            firmware_id: raw.firmware_id,
            scope,
            concurrency: concurrency as i32,
            failure_threshold: failure_threshold as i32,
        })
    }
}

/// The one gateway type a campaign's gateways share, which must be the firmware's.
pub fn check_types<'a>(firmware_type: &str, gateway_types: impl IntoIterator<Item = &'a str>) -> Result<(), Msg> {
    let mut types: Vec<&str> = gateway_types.into_iter().collect();
    types.sort_unstable();
    types.dedup();
    match types.as_slice() {
        [] => Err(Msg::UpgradeNoGateways),
        [one] if *one == firmware_type => Ok(()),
        [one] => Err(Msg::UpgradeTypeMismatch {
            firmware: firmware_type.to_owned(),
            gateways: if one.is_empty() { "-".to_owned() } else { (*one).to_owned() },
        }),
        _ => Err(Msg::UpgradeTypeMixed),
    }
}

/// A campaign's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CampaignState {
    Running,
    Paused,
    /// Stopped by itself: the failure rate passed the threshold.
    Stopped,
    Cancelled,
    Finished,
}

impl CampaignState {
    pub const ALL: [Self; 5] = [Self::Running, Self::Paused, Self::Stopped, Self::Cancelled, Self::Finished];

    pub fn code(self) -> &'static str {
        match self {
            Self::Running => "running",
            Self::Paused => "paused",
            Self::Stopped => "stopped",
            Self::Cancelled => "cancelled",
            Self::Finished => "finished",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// A list filter: empty for any.
    pub fn filter(code: &str) -> Result<Option<Self>, Msg> {
        match code.trim() {
            "" => Ok(None),
            code => Self::parse(code).map(Some).ok_or(Msg::CampaignStateInvalid),
        }
    }
}

/// What an operator does to a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Pause,
    Resume,
    Cancel,
}

impl Action {
    pub fn parse(text: &str) -> Result<Self, Msg> {
        match text.trim() {
            "pause" => Ok(Self::Pause),
            "resume" => Ok(Self::Resume),
            "cancel" => Ok(Self::Cancel),
            _ => Err(Msg::CampaignActionRefused),
        }
    }

    /// The state a campaign in `from` goes to; `None` when the action does not apply.
    pub fn apply(self, from: CampaignState) -> Option<CampaignState> {
        use CampaignState::{Cancelled, Paused, Running, Stopped};
        match (self, from) {
            (Self::Pause, Running) => Some(Paused),
            (Self::Resume, Paused | Stopped) => Some(Running),
            (Self::Cancel, Running | Paused | Stopped) => Some(Cancelled),
            _ => None,
        }
    }
}

/// Dictionary `lighting_upgrade_state`.
pub const NOT_UPGRADED: &str = "0";
pub const UPGRADING: &str = "1";
pub const SUCCESS: &str = "2";
pub const FAILED: &str = "3";

/// An upgrade-state list filter: empty for any.
pub fn state_filter(code: &str) -> Result<Option<String>, Msg> {
    match code.trim() {
        "" => Ok(None),
        code @ (NOT_UPGRADED | UPGRADING | SUCCESS | FAILED) => Ok(Some(code.to_owned())),
        _ => Err(Msg::UpgradeStateInvalid),
    }
}

/// Whether a campaign with `failed` of its `total` gateways failed has passed its threshold
/// (percent of all its gateways, so the decision does not depend on which fail first).
pub fn over_threshold(total: i64, failed: i64, threshold: i32) -> bool {
    total > 0 && failed * 100 > i64::from(threshold) * total
}

/// The failure rate in whole percent, for the stop reason.
pub fn failure_rate(total: i64, failed: i64) -> u32 {
    if total <= 0 { 0 } else { u32::try_from(failed * 100 / total).unwrap_or(100) }
}

/// Percent of `done` out of `of`.
pub fn percent(done: i64, of: i64) -> u32 {
    if of <= 0 { 0 } else { u32::try_from((done.clamp(0, of) * 100) / of).unwrap_or(100) }
}

/// Why a gateway's upgrade failed, as stored (`code:detail`) and as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No acknowledgement, again and again.
    NoAnswer,
    /// Offline, and not back in time.
    Offline,
    /// The gateway refused with its reason (a checksum mismatch, a chunk it could not take).
    Rejected(String),
    /// After the reboot it reported this old version.
    OldVersion(String),
    /// After the reboot it reported no version in time.
    NotConfirmed,
}

impl Failure {
    /// The kind of failure, without its detail: the stored form's first word and the `result`
    /// label of `lumiscape_upgrade_gateways_total`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::NoAnswer => "no_answer",
            Self::Offline => "offline",
            Self::Rejected(_) => "rejected",
            Self::OldVersion(_) => "old_version",
            Self::NotConfirmed => "not_confirmed",
        }
    }

    /// The stored form (`lighting.upgrade_targets.error`, at most 300 characters).
    pub fn stored(&self) -> String {
        let text = match self {
            Self::Rejected(detail) | Self::OldVersion(detail) => format!("{}:{detail}", self.kind()),
            _ => self.kind().to_owned(),
        };
        text.chars().take(300).collect()
    }

    pub fn from_stored(text: &str) -> Self {
        match text.split_once(':') {
            Some(("rejected", reason)) => Self::Rejected(reason.to_owned()),
            Some(("old_version", version)) => Self::OldVersion(version.to_owned()),
            _ => match text {
                "offline" => Self::Offline,
                "not_confirmed" => Self::NotConfirmed,
                _ => Self::NoAnswer,
            },
        }
    }

    pub fn msg(&self) -> Msg {
        match self {
            Self::NoAnswer => Msg::UpgradeFailedNoAnswer,
            Self::Offline => Msg::UpgradeFailedOffline,
            Self::Rejected(reason) => Msg::UpgradeFailedRejected { reason: reason.clone() },
            Self::OldVersion(version) => Msg::UpgradeFailedOldVersion { version: version.clone() },
            Self::NotConfirmed => Msg::UpgradeFailedNotConfirmed,
        }
    }
}

/// A stored stop reason (`failure_rate:<rate>:<threshold>`) as read.
pub fn stop_reason(stored: &str) -> Option<Msg> {
    let mut parts = stored.split(':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("failure_rate"), Some(rate), Some(threshold)) => {
            Some(Msg::CampaignStoppedFailureRate { rate: rate.parse().ok()?, threshold: threshold.parse().ok()? })
        }
        _ => None,
    }
}

pub fn stored_stop_reason(rate: u32, threshold: i32) -> String {
    format!("failure_rate:{rate}:{threshold}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image() -> Vec<u8> {
        let mut bytes = vec![0x7f, 0x00, 0x13, 0x37];
        bytes.extend((0..2000u32).map(|i| (i * 7 % 251) as u8));
        bytes
    }

    fn raw() -> RawFirmware {
        RawFirmware {
            file_name: "lsg100-2.5.0.bin".into(),
            image: image(),
            version: "2.5.0".into(),
            gateway_type: "LSG-100".into(),
            notes: "Fixes the clock drift".into(),
        }
    }

    #[test]
    fn an_image_is_checked_by_name_size_and_content() {
        let draft = FirmwareDraft::parse(&raw()).unwrap();
        assert_eq!(draft.sha256, hex::encode(Sha256::digest(image())));
        assert_eq!(draft.sha256.len(), 64);
        assert_eq!(
            FirmwareDraft::parse(&RawFirmware { file_name: "C:\\fw\\A.BIN".into(), ..raw() }).unwrap().file_name,
            "A.BIN"
        );
        let fault = |raw: RawFirmware| FirmwareDraft::parse(&raw).unwrap_err();
        for name in ["fw.hex", "fw.bin.zip", ".bin", "fw", ""] {
            assert_eq!(fault(RawFirmware { file_name: name.into(), ..raw() }), Msg::FirmwareNotBin, "{name}");
        }
        assert_eq!(fault(RawFirmware { image: vec![], ..raw() }), Msg::FirmwareEmpty);
        assert_eq!(fault(RawFirmware { image: vec![1; MAX_IMAGE_BYTES + 1], ..raw() }), Msg::FirmwareTooLarge);
        assert!(FirmwareDraft::parse(&RawFirmware { image: vec![0; MAX_IMAGE_BYTES], ..raw() }).is_ok());
        let png = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
        assert_eq!(
            fault(RawFirmware { image: png.to_vec(), ..raw() }),
            Msg::FirmwareContentInvalid { detected: "png".into() }
        );
        assert_eq!(
            fault(RawFirmware { image: b"not firmware at all".to_vec(), ..raw() }),
            Msg::FirmwareContentInvalid { detected: "txt".into() }
        );
        for version in ["", "2.5 beta", "v/2", &"9".repeat(33)] {
            assert_eq!(
                fault(RawFirmware { version: version.into(), ..raw() }),
                Msg::FirmwareVersionInvalid,
                "{version}"
            );
        }
        assert_eq!(fault(RawFirmware { gateway_type: " ".into(), ..raw() }), Msg::FirmwareTypeInvalid);
        assert_eq!(fault(RawFirmware { gateway_type: "T".repeat(51), ..raw() }), Msg::FirmwareTypeInvalid);
        assert_eq!(fault(RawFirmware { notes: "n".repeat(501), ..raw() }), Msg::FirmwareNotesInvalid);
    }

    #[test]
    fn images_go_down_in_whole_chunks() {
        assert_eq!(chunk_count(1), 1);
        assert_eq!(chunk_count(CHUNK_BYTES as usize), 1);
        assert_eq!(chunk_count(CHUNK_BYTES as usize + 1), 2);
        assert_eq!(chunk_count(MAX_IMAGE_BYTES), 16);
        let image: Vec<u8> = (0..70_000u32).map(|i| i as u8).collect();
        let parts: Vec<&[u8]> = (0..chunk_count(image.len())).map(|i| chunk(&image, i)).collect();
        assert_eq!(parts.concat(), image);
        assert_eq!(parts[2].len(), 70_000 - 2 * CHUNK_BYTES as usize);
        assert!(chunk(&image, 9).is_empty());
    }

    #[test]
    fn campaigns_are_checked() {
        let raw = || RawCampaign { firmware_id: 3, scope: "project".into(), ..RawCampaign::default() };
        let spec = CampaignSpec::parse(&raw()).unwrap();
        assert_eq!((spec.scope, spec.concurrency, spec.failure_threshold), (Scope::Project, 10, 20));
        let list = RawCampaign { scope: "list".into(), gateway_ids: vec![5, 2, 5], concurrency: 50, ..raw() };
        assert_eq!(CampaignSpec::parse(&list).unwrap().scope, Scope::List(vec![2, 5]));
        let group = RawCampaign { scope: "group".into(), group_id: 7, failure_threshold: 100, ..raw() };
        assert_eq!(CampaignSpec::parse(&group).unwrap().scope, Scope::Group(7));
        let fault = |raw: RawCampaign| CampaignSpec::parse(&raw).unwrap_err();
        assert_eq!(fault(RawCampaign { firmware_id: 0, ..raw() }), Msg::FirmwareNotFound);
        assert_eq!(fault(RawCampaign { scope: "all".into(), ..raw() }), Msg::UpgradeScopeInvalid);
        assert_eq!(fault(RawCampaign { scope: "group".into(), ..raw() }), Msg::GroupNotFound);
        assert_eq!(fault(RawCampaign { scope: "list".into(), ..raw() }), Msg::UpgradeNoGateways);
        assert_eq!(fault(RawCampaign { scope: "list".into(), gateway_ids: vec![-1], ..raw() }), Msg::GatewayNotFound);
        for bad in [-1, 201] {
            assert_eq!(fault(RawCampaign { concurrency: bad, ..raw() }), Msg::UpgradeConcurrencyInvalid);
        }
        for bad in [-5, 101] {
            assert_eq!(fault(RawCampaign { failure_threshold: bad, ..raw() }), Msg::UpgradeThresholdInvalid);
        }
    }

    #[test]
    fn one_gateway_type_per_upgrade() {
        assert_eq!(check_types("LSG-100", ["LSG-100", "LSG-100"]), Ok(()));
        assert_eq!(check_types("LSG-100", ["LSG-100", "LSG-200"]), Err(Msg::UpgradeTypeMixed));
        assert_eq!(
            check_types("LSG-100", [""]),
            Err(Msg::UpgradeTypeMismatch { firmware: "LSG-100".into(), gateways: "-".into() })
        );
        assert_eq!(check_types("LSG-100", []), Err(Msg::UpgradeNoGateways));
    }

    #[test]
    fn operators_move_campaigns_between_states() {
        use CampaignState::*;
        let cases = [
            (Action::Pause, Running, Some(Paused)),
            (Action::Pause, Paused, None),
            (Action::Resume, Paused, Some(Running)),
            (Action::Resume, Stopped, Some(Running)),
            (Action::Resume, Finished, None),
            (Action::Cancel, Running, Some(Cancelled)),
            (Action::Cancel, Stopped, Some(Cancelled)),
            (Action::Cancel, Cancelled, None),
            (Action::Cancel, Finished, None),
        ];
        for (action, from, to) in cases {
            assert_eq!(action.apply(from), to, "{action:?} {from:?}");
        }
        assert_eq!(Action::parse("stop"), Err(Msg::CampaignActionRefused));
        assert!(CampaignState::ALL.iter().all(|s| CampaignState::parse(s.code()) == Some(*s)));
        assert_eq!(CampaignState::filter("done"), Err(Msg::CampaignStateInvalid));
        assert_eq!(state_filter("4"), Err(Msg::UpgradeStateInvalid));
        assert_eq!(state_filter(" 2 "), Ok(Some("2".into())));
    }

    #[test]
    fn the_threshold_counts_all_of_a_campaigns_gateways() {
        assert!(!over_threshold(50, 10, 20));
        assert!(over_threshold(50, 11, 20));
        assert!(!over_threshold(0, 0, 20));
        assert_eq!(failure_rate(50, 11), 22);
        assert_eq!(percent(7, 16), 43);
        assert_eq!(percent(20, 16), 100);
        assert_eq!(percent(1, 0), 0);
    }

    #[test]
    fn failures_are_stored_and_read_back() {
        let all = [
            Failure::NoAnswer,
            Failure::Offline,
            Failure::Rejected("image checksum mismatch".into()),
            Failure::OldVersion("2.4.1".into()),
            Failure::NotConfirmed,
        ];
        for failure in all {
            assert_eq!(Failure::from_stored(&failure.stored()), failure);
        }
        assert_eq!(
            stop_reason(&stored_stop_reason(22, 20)),
            Some(Msg::CampaignStoppedFailureRate { rate: 22, threshold: 20 })
        );
        assert_eq!(stop_reason("cancelled"), None);
    }

    proptest::proptest! {
        #[test]
        fn chunks_always_rebuild_the_image(len in 1usize..=MAX_IMAGE_BYTES) {
            let image: Vec<u8> = (0..len).map(|i| (i % 253) as u8).collect();
            let count = chunk_count(len);
            let mut rebuilt = Vec::with_capacity(len);
            for i in 0..count {
                let part = chunk(&image, i);
                proptest::prop_assert!(!part.is_empty() && part.len() <= CHUNK_BYTES as usize);
                rebuilt.extend_from_slice(part);
            }
            proptest::prop_assert_eq!(rebuilt, image);
        }
    }
}
