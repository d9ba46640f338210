//! The rules of the map: which device kinds have a location, what a location and a
//! viewport are, and when a viewport is answered with clusters instead of markers. Pure:
//! the gRPC layer turns wire types into these.
//!
//! Clusters are cells of a square grid in degrees whose side halves with each zoom level,
//! a quarter of a 256-pixel tile (about 64 pixels on screen at the equator): coarse enough
//! that a viewport holds at most a few hundred cells, fine enough that a cluster sits where
//! its devices are. The grid is in degrees, not in Web Mercator pixels, so cells are taller
//! on screen far from the equator; for markers grouped by count that is acceptable, and it
//! keeps the cell index a plain `floor(lng / side)` (grouped in `located.rs`).

use lumiscape_common::i18n::Msg;
use lumiscape_common::text;

/// A viewport holding more located devices than this is answered with clusters.
pub const MARKER_THRESHOLD: i64 = 500;
/// Without a viewport, at most this many markers (the first by id); `truncated` says more exist.
pub const MAX_MARKERS_WITHOUT_VIEWPORT: i64 = 500;
/// At most this many clusters (the fullest first): a viewport of the world at zoom 22 would
/// otherwise be a cell per device.
pub const MAX_CLUSTERS: usize = 2_000;
/// The deepest zoom of XYZ tiles the console asks for.
pub const MAX_ZOOM: i32 = 22;
/// Grid cells per tile side.
const CELLS_PER_TILE: f64 = 4.0;
/// The longest device name filter.
pub const MAX_NAME_FILTER_CHARS: usize = 50;

/// A kind of device that can be placed on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceKind {
    Gateway,
}

impl DeviceKind {
    /// The kind a request names; the wire text is `gateway`.
    pub fn parse(text: &str) -> Result<Self, Msg> {
        match text.trim() {
            "gateway" => Ok(Self::Gateway),
            _ => Err(Msg::DeviceTypeInvalid),
        }
    }

    /// A list's kind filter: empty means every kind (`None`).
    pub fn parse_filter(text: &str) -> Result<Option<Self>, Msg> {
        if text.trim().is_empty() { Ok(None) } else { Self::parse(text).map(Some) }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Gateway => "gateway",
        }
    }
}

/// A point on the map, in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Location {
    pub longitude: f64,
    pub latitude: f64,
}

/// A location as sent: both coordinates (a location) or neither (`None`: clear it). One
/// alone, a coordinate that is not a finite number (the edge sends NaN for text that is not
/// a number) or one out of range is refused.
pub fn check_location(longitude: Option<f64>, latitude: Option<f64>) -> Result<Option<Location>, Msg> {
    match (longitude, latitude) {
        (None, None) => Ok(None),
        (Some(longitude), Some(latitude)) if is_longitude(longitude) && is_latitude(latitude) => {
            Ok(Some(Location { longitude, latitude }))
        }
        _ => Err(Msg::DeviceLocationInvalid),
    }
}

fn is_longitude(value: f64) -> bool {
    value.is_finite() && (-180.0..=180.0).contains(&value)
}

fn is_latitude(value: f64) -> bool {
    value.is_finite() && (-90.0..=90.0).contains(&value)
}

/// The part of the map a console shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewport {
    pub min_lng: f64,
    pub min_lat: f64,
    pub max_lng: f64,
    pub max_lat: f64,
    pub zoom: i32,
}

impl Viewport {
    /// Coordinates in range with each minimum at most its maximum (a viewport across the
    /// antimeridian is sent by the console as the part east of it), and a zoom of 0 to
    /// [`MAX_ZOOM`].
    pub fn parse(min_lng: f64, min_lat: f64, max_lng: f64, max_lat: f64, zoom: i32) -> Result<Self, Msg> {
        let ordered = min_lng <= max_lng && min_lat <= max_lat;
        let in_range = [min_lng, max_lng].into_iter().all(is_longitude)
            && [min_lat, max_lat].into_iter().all(is_latitude)
            && (0..=MAX_ZOOM).contains(&zoom);
        if !(ordered && in_range) {
            return Err(Msg::MapViewportInvalid);
        }
        Ok(Self { min_lng, min_lat, max_lng, max_lat, zoom })
    }

    /// The side of a cluster's grid cell at this zoom, in degrees.
    pub fn cell_degrees(&self) -> f64 {
        360.0 / (2f64.powi(self.zoom) * CELLS_PER_TILE)
    }
}

/// What a map list asks for, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct MapQuery {
    pub kind: Option<DeviceKind>,
    pub name: String,
    pub viewport: Option<Viewport>,
}

impl MapQuery {
    pub fn parse(device_type: &str, device_name: &str, viewport: Option<Viewport>) -> Result<Self, Msg> {
        let kind = DeviceKind::parse_filter(device_type)?;
        let name = text::filter(device_name, MAX_NAME_FILTER_CHARS)?.to_owned();
        Ok(Self { kind, name, viewport })
    }

    /// Whether gateways are among the kinds asked for.
    pub fn wants_gateways(&self) -> bool {
        matches!(self.kind, None | Some(DeviceKind::Gateway))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn device_kinds() {
        assert_eq!(DeviceKind::parse(" gateway "), Ok(DeviceKind::Gateway));
        assert_eq!(DeviceKind::parse("lamp"), Err(Msg::DeviceTypeInvalid));
        assert_eq!(DeviceKind::parse(""), Err(Msg::DeviceTypeInvalid));
        assert_eq!(DeviceKind::parse_filter(""), Ok(None));
        assert_eq!(DeviceKind::parse_filter("gateway"), Ok(Some(DeviceKind::Gateway)));
        assert_eq!(DeviceKind::parse_filter("x"), Err(Msg::DeviceTypeInvalid));
    }

    #[test]
    fn locations() {
        let good = [(Some(120.2108), Some(30.2084)), (Some(-180.0), Some(90.0)), (Some(180.0), Some(-90.0))];
        for (lng, lat) in good {
            assert!(matches!(check_location(lng, lat), Ok(Some(_))), "{lng:?} {lat:?}");
        }
        assert_eq!(check_location(None, None), Ok(None));
        let bad = [
            (Some(120.0), None),
            (None, Some(30.0)),
            (Some(180.1), Some(0.0)),
            (Some(0.0), Some(-90.5)),
            (Some(f64::NAN), Some(0.0)),
            (Some(0.0), Some(f64::INFINITY)),
        ];
        for (lng, lat) in bad {
            assert_eq!(check_location(lng, lat), Err(Msg::DeviceLocationInvalid), "{lng:?} {lat:?}");
        }
    }

    #[test]
    fn viewports() {
        assert!(Viewport::parse(120.0, 30.0, 121.0, 31.0, 12).is_ok());
        assert!(Viewport::parse(-180.0, -90.0, 180.0, 90.0, 0).is_ok());
        let bad = [
            (121.0, 30.0, 120.0, 31.0, 12),
            (120.0, 31.0, 121.0, 30.0, 12),
            (-181.0, 30.0, 121.0, 31.0, 12),
            (120.0, 30.0, 121.0, 91.0, 12),
            (120.0, 30.0, 121.0, 31.0, -1),
            (120.0, 30.0, 121.0, 31.0, 23),
            (f64::NAN, 30.0, 121.0, 31.0, 3),
        ];
        for (a, b, c, d, z) in bad {
            assert_eq!(Viewport::parse(a, b, c, d, z), Err(Msg::MapViewportInvalid), "{a} {b} {c} {d} {z}");
        }
    }

    #[test]
    fn cells_halve_with_each_zoom() {
        let at = |zoom| Viewport::parse(0.0, 0.0, 1.0, 1.0, zoom).unwrap().cell_degrees();
        assert_eq!(at(0), 90.0);
        assert_eq!(at(1), 45.0);
        assert!((at(12) - 360.0 / 16384.0).abs() < 1e-12);
    }

    #[test]
    fn map_queries() {
        let query = MapQuery::parse("", " 滨江 ", None).unwrap();
        assert_eq!((query.kind, query.name.as_str(), query.wants_gateways()), (None, "滨江", true));
        assert_eq!(MapQuery::parse("lamp", "", None), Err(Msg::DeviceTypeInvalid));
        assert!(MapQuery::parse("", &"x".repeat(51), None).is_err());
    }

    proptest! {
        #[test]
        fn a_location_is_accepted_exactly_when_in_range(lng in -400.0f64..400.0, lat in -200.0f64..200.0) {
            let accepted = check_location(Some(lng), Some(lat)).is_ok();
            prop_assert_eq!(accepted, (-180.0..=180.0).contains(&lng) && (-90.0..=90.0).contains(&lat));
        }

        #[test]
        fn a_viewport_holds_a_bounded_number_of_cells(zoom in 0i32..=22, lng in -180.0f64..170.0, lat in -90.0f64..80.0) {
            // A viewport of a 1920x1080 screen at this zoom spans about 7.5 x 4.2 tiles.
            let tiles = 360.0 / 2f64.powi(zoom);
            let viewport = Viewport::parse(lng, lat, (lng + 7.5 * tiles).min(180.0), (lat + 4.2 * tiles).min(90.0), zoom).unwrap();
            let cells = ((viewport.max_lng - viewport.min_lng) / viewport.cell_degrees()).ceil() + 1.0;
            let rows = ((viewport.max_lat - viewport.min_lat) / viewport.cell_degrees()).ceil() + 1.0;
            prop_assert!(cells * rows <= 40.0 * 19.0);
        }
    }
}
