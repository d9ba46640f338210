//! Plan-area rules: what an area or building may be, and where a device may be placed.
//! Pure: no I/O. Points are fractions of the plan picture's width (x) and height (y).

use geo::{Area, Contains, ConvexHull, Coord, LineString, Point, Polygon, Validation};
use lumiscape_common::i18n::Msg;
use lumiscape_common::text::bounded;

/// Longest name, in characters.
pub const MAX_NAME_CHARS: usize = 30;
/// Longest remark, in characters.
pub const MAX_REMARK_CHARS: usize = 255;
/// Longest filter of the list, in characters.
pub const MAX_FILTER_CHARS: usize = 30;
/// The fewest points of a drawn area (a triangle).
pub const MIN_POINTS: usize = 3;
/// The most points of one area.
pub const MAX_POINTS: usize = 100;
/// The most areas and buildings one project's plan holds.
pub const MAX_AREAS: i64 = 200;
/// The most areas one delete names.
pub const MAX_DELETE: usize = 100;
/// The largest display order.
pub const MAX_ORDER: i32 = 9999;
/// Below this share of the picture an area is a line or a dot, not drawn.
const MIN_AREA: f64 = 1e-6;
/// The kinds of device that can be placed on a plan (lighting's gateways for now).
pub const DEVICE_TYPES: [&str; 1] = ["gateway"];

/// What the form sent; `points` as drawn, the closing point optional.
#[derive(Debug, Clone, Default)]
pub struct RawArea<'a> {
    pub area_name: &'a str,
    pub area_type: &'a str,
    pub points: &'a [(f64, f64)],
    pub colour: &'a str,
    pub order_num: i32,
    pub remark: &'a str,
}

/// An area as checked: a simple polygon on the picture, stored flat (x1, y1, x2, y2, ...).
#[derive(Debug, Clone, PartialEq)]
pub struct AreaDraft {
    pub area_name: String,
    pub area_type: String,
    pub points: Vec<f64>,
    pub colour: String,
    pub order_num: i32,
    pub remark: String,
}

impl AreaDraft {
    /// The area, or the first rule it breaks. An absent type is an area ('1'), an absent
    /// colour the type's own.
    pub fn parse(raw: &RawArea<'_>) -> Result<Self, Msg> {
        let name = raw.area_name.trim();
        if name.is_empty() {
            return Err(Msg::AreaNameRequired);
        }
        let area_name = bounded(name, MAX_NAME_CHARS, "区域名称", "The area name")?;
        let area_type = check_type_filter(raw.area_type)?.unwrap_or("1");
        let colour = match raw.colour.trim() {
            "" if area_type == "1" => "#409EFF".to_owned(),
            "" => "#E6A23C".to_owned(),
            colour if is_colour(colour) => colour.to_ascii_uppercase(),
            _ => return Err(Msg::AreaColourInvalid),
        };
        if !(0..=MAX_ORDER).contains(&raw.order_num) {
            return Err(Msg::AreaOrderInvalid { max: MAX_ORDER as u32 });
        }
        Ok(Self {
            area_name,
            area_type: area_type.to_owned(),
            points: check_polygon(raw.points)?,
            colour,
            order_num: raw.order_num,
            remark: bounded(raw.remark.trim(), MAX_REMARK_CHARS, "备注", "The remark")?,
        })
    }
}

fn is_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn on_picture(x: f64, y: f64) -> bool {
    (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y)
}

/// A drawn outline as a simple polygon: at least three distinct corners enclosing some of the
/// picture, every point on it, no edge crossing another. The closing point, when sent, is
/// dropped; the result is flat.
fn check_polygon(points: &[(f64, f64)]) -> Result<Vec<f64>, Msg> {
    let mut points = points.to_vec();
    if points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    if points.len() > MAX_POINTS {
        return Err(Msg::AreaTooManyPoints { max: MAX_POINTS as u32 });
    }
    if points.iter().any(|&(x, y)| !on_picture(x, y)) {
        return Err(Msg::AreaPointsOffPlan);
    }
    if points.len() < MIN_POINTS {
        return Err(Msg::AreaNotDrawn);
    }
    let polygon = polygon(&points);
    // Corners on one line (or nearly) enclose nothing, however they are joined; edges that
    // cross can also enclose nothing in sum (a bow tie), so the hull tells the two apart.
    if polygon.convex_hull().unsigned_area() < MIN_AREA {
        return Err(Msg::AreaNotDrawn);
    }
    if !polygon.is_valid() {
        return Err(Msg::AreaEdgesCross);
    }
    if polygon.unsigned_area() < MIN_AREA {
        return Err(Msg::AreaNotDrawn);
    }
    Ok(points.into_iter().flat_map(|(x, y)| [x, y]).collect())
}

fn polygon(points: &[(f64, f64)]) -> Polygon<f64> {
    let ring: Vec<Coord<f64>> = points.iter().map(|&(x, y)| Coord { x, y }).collect();
    Polygon::new(LineString::new(ring), vec![])
}

/// The stored flat points as pairs.
pub fn pairs(flat: &[f64]) -> Vec<(f64, f64)> {
    flat.chunks_exact(2).map(|c| (c[0], c[1])).collect()
}

/// Whether a point is inside the area given by its stored points (its edge counts as inside).
pub fn inside(area_points: &[f64], x: f64, y: f64) -> bool {
    let polygon = polygon(&pairs(area_points));
    let point = Point::new(x, y);
    polygon.contains(&point) || polygon.exterior().contains(&point)
}

/// What a placement sent.
#[derive(Debug, Clone, Default)]
pub struct RawPlacement<'a> {
    pub device_type: &'a str,
    pub device_id: i64,
    pub area_id: i64,
    pub x: f64,
    pub y: f64,
}

/// A placement as checked, before its area is read.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub device_type: &'static str,
    pub device_id: i64,
    pub area_id: i64,
    pub x: f64,
    pub y: f64,
}

impl Placement {
    pub fn parse(raw: &RawPlacement<'_>) -> Result<Self, Msg> {
        let device_type = check_device_type(raw.device_type)?;
        if raw.device_id <= 0 {
            return Err(Msg::PlanDeviceIdInvalid);
        }
        if raw.area_id <= 0 {
            return Err(Msg::AreaIdInvalid);
        }
        if !on_picture(raw.x, raw.y) {
            return Err(Msg::AreaPointsOffPlan);
        }
        Ok(Self { device_type, device_id: raw.device_id, area_id: raw.area_id, x: raw.x, y: raw.y })
    }

    /// Refuses a point outside the area.
    pub fn check_inside(&self, area_points: &[f64]) -> Result<(), Msg> {
        if inside(area_points, self.x, self.y) { Ok(()) } else { Err(Msg::DeviceOutsideArea) }
    }
}

/// One of [`DEVICE_TYPES`].
pub fn check_device_type(text: &str) -> Result<&'static str, Msg> {
    DEVICE_TYPES.iter().copied().find(|t| *t == text.trim()).ok_or(Msg::PlanDeviceTypeInvalid)
}

/// A list filter: trimmed, at most [`MAX_FILTER_CHARS`].
pub fn check_filter(text: &str) -> Result<&str, Msg> {
    lumiscape_common::text::filter(text, MAX_FILTER_CHARS)
}

/// An area type as sent: none (empty), '1' area or '2' building. The list filters by it; a
/// form without one draws an area.
pub fn check_type_filter(text: &str) -> Result<Option<&str>, Msg> {
    match text.trim() {
        "" => Ok(None),
        kind @ ("1" | "2") => Ok(Some(kind)),
        _ => Err(Msg::AreaTypeInvalid),
    }
}

/// The ids of a delete: 1 to [`MAX_DELETE`], each positive, repeats dropped.
pub fn check_ids(ids: &[i64]) -> Result<Vec<i64>, Msg> {
    lumiscape_common::ids::id_list(ids, MAX_DELETE, Msg::AreaIdInvalid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SQUARE: [(f64, f64); 4] = [(0.1, 0.1), (0.5, 0.1), (0.5, 0.5), (0.1, 0.5)];

    fn raw(points: &[(f64, f64)]) -> RawArea<'_> {
        RawArea { area_name: " 北广场 ", points, ..RawArea::default() }
    }

    #[test]
    fn a_drawn_area_takes_its_defaults_and_drops_the_closing_point() {
        let closed = [SQUARE[0], SQUARE[1], SQUARE[2], SQUARE[3], SQUARE[0]];
        let draft = AreaDraft::parse(&raw(&closed)).unwrap();
        assert_eq!((draft.area_name.as_str(), draft.area_type.as_str()), ("北广场", "1"));
        assert_eq!(draft.colour, "#409EFF");
        assert_eq!(draft.points, vec![0.1, 0.1, 0.5, 0.1, 0.5, 0.5, 0.1, 0.5]);
        let building = AreaDraft::parse(&RawArea { area_type: "2", colour: "#a0b1c2", ..raw(&SQUARE) }).unwrap();
        assert_eq!((building.area_type.as_str(), building.colour.as_str()), ("2", "#A0B1C2"));
    }

    #[test]
    fn every_rule_names_its_field() {
        let long: &'static str = Box::leak("区".repeat(31).into_boxed_str());
        let many: Vec<(f64, f64)> = (0..101).map(|i| (0.5 + 0.4 * f64::cos(i as f64), 0.5)).collect();
        let bow_tie = [(0.1, 0.1), (0.5, 0.5), (0.5, 0.1), (0.1, 0.5)];
        let cases = [
            (RawArea { area_name: " ", ..raw(&SQUARE) }, Msg::AreaNameRequired),
            (
                RawArea { area_name: long, ..raw(&SQUARE) },
                Msg::FieldTooLong { zh: "区域名称", en: "The area name", max: 30 },
            ),
            (RawArea { area_type: "3", ..raw(&SQUARE) }, Msg::AreaTypeInvalid),
            (RawArea { colour: "red", ..raw(&SQUARE) }, Msg::AreaColourInvalid),
            (RawArea { colour: "#12345g", ..raw(&SQUARE) }, Msg::AreaColourInvalid),
            (RawArea { order_num: -1, ..raw(&SQUARE) }, Msg::AreaOrderInvalid { max: 9999 }),
            (raw(&[]), Msg::AreaNotDrawn),
            (raw(&SQUARE[..2]), Msg::AreaNotDrawn),
            (raw(&[(0.1, 0.1), (0.2, 0.2), (0.3, 0.3)]), Msg::AreaNotDrawn),
            (raw(&[(0.1, 0.1), (1.2, 0.1), (0.5, 0.5)]), Msg::AreaPointsOffPlan),
            (raw(&[(0.1, 0.1), (f64::NAN, 0.1), (0.5, 0.5)]), Msg::AreaPointsOffPlan),
            (raw(&many), Msg::AreaTooManyPoints { max: 100 }),
            (raw(&bow_tie), Msg::AreaEdgesCross),
        ];
        for (raw, msg) in cases {
            assert_eq!(AreaDraft::parse(&raw), Err(msg.clone()), "{msg:?}");
        }
    }

    #[test]
    fn a_device_goes_inside_its_area_or_on_its_edge() {
        let flat = AreaDraft::parse(&raw(&SQUARE)).unwrap().points;
        let at = |x, y| Placement::parse(&RawPlacement { device_type: "gateway", device_id: 7, area_id: 1, x, y });
        assert_eq!(at(0.3, 0.3).unwrap().check_inside(&flat), Ok(()));
        assert_eq!(at(0.1, 0.3).unwrap().check_inside(&flat), Ok(()));
        assert_eq!(at(0.7, 0.3).unwrap().check_inside(&flat), Err(Msg::DeviceOutsideArea));
        assert_eq!(at(1.5, 0.3), Err(Msg::AreaPointsOffPlan));
        let bad = |device_type, device_id, area_id| {
            Placement::parse(&RawPlacement { device_type, device_id, area_id, x: 0.3, y: 0.3 })
        };
        assert_eq!(bad("lamp", 7, 1), Err(Msg::PlanDeviceTypeInvalid));
        assert_eq!(bad("gateway", 0, 1), Err(Msg::PlanDeviceIdInvalid));
        assert_eq!(bad("gateway", 7, -1), Err(Msg::AreaIdInvalid));
    }

    #[test]
    fn filters_and_ids() {
        assert_eq!(check_type_filter(""), Ok(None));
        assert_eq!(check_type_filter("2"), Ok(Some("2")));
        assert_eq!(check_type_filter("x"), Err(Msg::AreaTypeInvalid));
        assert_eq!(check_ids(&[3, 1, 3]), Ok(vec![1, 3]));
        assert_eq!(check_ids(&[]), Err(Msg::AreaIdInvalid));
        assert_eq!(check_ids(&vec![1; 101]), Err(Msg::TooManyIds { max: 100 }));
    }

    proptest! {
        /// Whatever is drawn, an accepted outline is a simple polygon on the picture, and
        /// nothing panics.
        #[test]
        fn any_outline_is_accepted_only_when_it_is_a_simple_polygon_on_the_picture(
            points in proptest::collection::vec((-0.5f64..1.5, -0.5f64..1.5), 0..12)
        ) {
            if let Ok(draft) = AreaDraft::parse(&raw(&points)) {
                let pairs = pairs(&draft.points);
                prop_assert!(pairs.len() >= MIN_POINTS);
                prop_assert!(pairs.iter().all(|&(x, y)| on_picture(x, y)));
                prop_assert!(polygon(&pairs).is_valid());
            }
        }
    }
}
