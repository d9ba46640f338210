//! The cities a project can be in: China's prefecture-level cities and the county-level
//! cities governed directly by their province, from the National Bureau of Statistics'
//! 2023 division codes shipped with the product (`data/china-division/`). Read once, on
//! first use; the list never changes while the service runs.

pub mod grpc;

use std::sync::LazyLock;

use serde::Deserialize;

/// A city and its province, by their division codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct City {
    /// The city's division code: 4 digits for a prefecture-level city (`1301`), 6 for a
    /// county-level city governed by its province (`419001`).
    pub code: String,
    pub name: String,
    /// The province's 2-digit code.
    pub province_code: String,
    pub province_name: String,
}

#[derive(Deserialize)]
struct Province {
    code: String,
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Prefecture {
    code: String,
    name: String,
    province_code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct County {
    code: String,
    name: String,
    city_code: String,
}

const PROVINCES: &str = include_str!("../../data/china-division/provinces.json");
const PREFECTURES: &str = include_str!("../../data/china-division/cities.json");
const COUNTIES: &str = include_str!("../../data/china-division/areas.json");

/// Every city, in division-code order.
pub static CITIES: LazyLock<Vec<City>> = LazyLock::new(|| {
    let provinces: Vec<Province> = serde_json::from_str(PROVINCES).expect("the shipped provinces parse");
    let prefectures: Vec<Prefecture> = serde_json::from_str(PREFECTURES).expect("the shipped cities parse");
    let counties: Vec<County> = serde_json::from_str(COUNTIES).expect("the shipped counties parse");
    cities(&provinces, &prefectures, &counties)
});

/// The grouping names of the data that are not cities themselves:
/// - a municipality's districts (`市辖区`) stand for the municipality, named as its province;
/// - its counties (`县`, Chongqing) belong to the same municipality;
/// - the county-level units governed directly by a province or autonomous region
///   (`省直辖县级行政区划`) are listed by their own names, the cities among them.
const MUNICIPAL_DISTRICTS: &str = "市辖区";
const MUNICIPAL_COUNTIES: &str = "县";
const DIRECTLY_GOVERNED: [&str; 2] = ["省直辖县级行政区划", "自治区直辖县级行政区划"];

fn cities(provinces: &[Province], prefectures: &[Prefecture], counties: &[County]) -> Vec<City> {
    let province_name = |code: &str| provinces.iter().find(|p| p.code == code).map(|p| p.name.clone());
    let mut cities = Vec::with_capacity(prefectures.len() + 32);
    for prefecture in prefectures {
        let Some(province) = province_name(&prefecture.province_code) else { continue };
        let city = |code: &str, name: &str| City {
            code: code.to_owned(),
            name: name.to_owned(),
            province_code: prefecture.province_code.clone(),
            province_name: province.clone(),
        };
        match prefecture.name.as_str() {
            MUNICIPAL_DISTRICTS => cities.push(city(&prefecture.code, &province)),
            MUNICIPAL_COUNTIES => {}
            name if DIRECTLY_GOVERNED.contains(&name) => cities.extend(
                counties
                    .iter()
                    .filter(|county| county.city_code == prefecture.code && county.name.ends_with('市'))
                    .map(|county| city(&county.code, &county.name)),
            ),
            name => cities.push(city(&prefecture.code, name)),
        }
    }
    cities
}

/// The city of a division code.
pub fn by_code(code: &str) -> Option<&'static City> {
    CITIES.iter().find(|city| city.code == code)
}

/// The cities whose name or province name holds `name` (all for empty), of the province
/// `province_code` when given.
pub fn search<'a>(name: &'a str, province_code: &'a str) -> impl Iterator<Item = &'static City> + 'a {
    CITIES.iter().filter(move |city| {
        (province_code.is_empty() || city.province_code == province_code)
            && (name.is_empty() || city.name.contains(name) || city.province_name.contains(name))
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn named(name: &str) -> &'static City {
        CITIES.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name} missing"))
    }

    #[test]
    fn every_prefecture_level_city_of_the_mainland_is_listed_once() {
        // 2023: 333 prefecture-level divisions (293 cities among them) and 4 municipalities.
        assert!(CITIES.len() >= 337, "{} cities", CITIES.len());
        let codes: HashSet<&str> = CITIES.iter().map(|c| c.code.as_str()).collect();
        assert_eq!(codes.len(), CITIES.len(), "codes repeat");
        let provinces: HashSet<&str> = CITIES.iter().map(|c| c.province_code.as_str()).collect();
        assert_eq!(provinces.len(), 31);
        for city in CITIES.iter() {
            assert!(!city.name.is_empty() && !city.province_name.is_empty(), "{city:?}");
            assert!(city.code.starts_with(&city.province_code), "{city:?}");
        }
    }

    #[test]
    fn municipalities_stand_for_their_districts_and_groupings_are_not_cities() {
        for (name, code) in [("北京市", "1101"), ("天津市", "1201"), ("上海市", "3101"), ("重庆市", "5001")]
        {
            let city = named(name);
            assert_eq!((city.code.as_str(), city.province_name.as_str()), (code, name));
        }
        assert!(CITIES.iter().filter(|c| c.name == "重庆市").count() == 1);
        for grouping in ["市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划"] {
            assert!(CITIES.iter().all(|c| c.name != grouping), "{grouping} listed");
        }
    }

    #[test]
    fn directly_governed_county_level_cities_are_listed_by_their_names() {
        assert_eq!(named("济源市").province_name, "河南省");
        assert_eq!(named("仙桃市").province_name, "湖北省");
        assert_eq!(named("石河子市").province_name, "新疆维吾尔自治区");
        assert_eq!(named("琼海市").code.len(), 6);
        assert!(CITIES.iter().all(|c| c.name != "神农架林区" && c.name != "定安县"));
    }

    #[test]
    fn search_by_name_and_province() {
        let hebei: Vec<&City> = search("", "13").collect();
        assert_eq!(hebei.len(), 11);
        assert!(hebei.iter().all(|c| c.province_name == "河北省"));
        let names: Vec<&str> = search("州", "44").map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"广州市") && names.contains(&"惠州市"), "{names:?}");
        assert!(search("江苏", "").all(|c| c.province_code == "32"));
        assert_eq!(search("没有这个城市", "").count(), 0);
        assert_eq!(search("", "").count(), CITIES.len());
    }
}
