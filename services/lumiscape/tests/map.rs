//! The map's HTTP contract (spec section 7: `GET /device/device/locationDevice/list`,
//! `POST /device/device/location`): setting, clearing and listing the selected project's
//! device locations (gateways, for now), the refusals of bad input, other projects and
//! missing permissions, and clusters instead of markers when a viewport holds more than 500
//! devices (10,000 located gateways). Every scenario runs against `--target all` in one
//! process and against every service in a process of its own.

#[macro_use]
mod common;

use common::{Call, Cluster, Console, refused, revoke_from_operator};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";
const LOCATION_INVALID_EN: &str = "Invalid device location: longitude must be a number from -180 to 180 and latitude \
                                   from -90 to 90, both or neither";
const VIEWPORT_INVALID_EN: &str = "Invalid map viewport: minLng, minLat, maxLng and maxLat must be degrees (min not \
                                   above max) and zoom 0 to 22, all or none";
const LIST: &str = "/device/device/locationDevice/list";
const SET: &str = "/device/device/location";

impl Console<'_> {
    async fn en(&self, project: &str, call: Call<'_>) -> (u16, Value) {
        self.send(project, EN, call).await
    }

    /// A successful list's `data`.
    async fn map(&self, project: &str, query: &str) -> Value {
        let path = format!("{LIST}{query}");
        let (status, reply) = self.en(project, Call::get(&path)).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{path}: {reply}");
        reply["data"].clone()
    }

    async fn place(&self, project: &str, body: Value) {
        let (status, reply) = self.en(project, Call::post(SET).json(body)).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    }

    /// The id of the project's gateway with this serial.
    async fn gateway_id(&self, project: &str, serial: &str) -> i64 {
        let path = format!("/lighting/gateway/list?gatewayNumber={serial}");
        let (_, reply) = self.en(project, Call::get(&path)).await;
        reply["rows"][0]["gatewayId"].as_i64().unwrap_or_else(|| panic!("{serial} in {project}: {reply}"))
    }
}

fn place_body(id: i64, longitude: Value, latitude: Value) -> Value {
    json!({ "deviceType": "gateway", "deviceId": id, "longitude": longitude, "latitude": latitude })
}

/// The markers' (serial, longitude, latitude), by serial.
fn markers(data: &Value) -> Vec<(String, f64, f64)> {
    let mut found: Vec<(String, f64, f64)> = data["markers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["deviceNumber"].as_str().unwrap().to_owned(),
                m["longitude"].as_f64().unwrap(),
                m["latitude"].as_f64().unwrap(),
            )
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

scenario!(locations_are_set_cleared_and_listed);
async fn locations_are_set_cleared_and_listed(c: &Cluster) {
    let admin = Console::admin(c).await;
    // The demo seed places the five riverside cabinets around the project's location.
    let all = admin.map("1", "").await;
    assert_eq!(
        (all["mode"].as_str(), all["total"].as_i64(), all["truncated"].as_bool()),
        (Some("markers"), Some(5), Some(false)),
        "{all}"
    );
    let seeded = markers(&all);
    assert!(
        seeded.iter().all(|(_, lng, lat)| (lng - 120.2108).abs() < 0.01 && (lat - 30.2084).abs() < 0.01),
        "{seeded:?}"
    );
    let first = &all["markers"][0];
    assert_eq!(first["deviceType"], "gateway");
    assert!(first["deviceId"].as_i64().unwrap() > 0 && first["deviceName"].as_str().unwrap().starts_with("滨江配电柜"));
    assert!(first["onlineStatus"] == "0" || first["onlineStatus"] == "1", "{first}");

    // Move one far away, as numbers in text (as forms send them).
    let id = admin.gateway_id("1", "SIM-00001").await;
    admin.place("1", place_body(id, json!("121.4737"), json!("31.2304"))).await;
    let shanghai = "?minLng=121.4&minLat=31.2&maxLng=121.5&maxLat=31.3&zoom=14";
    let there = admin.map("1", shanghai).await;
    assert_eq!(markers(&there), vec![("SIM-00001".to_owned(), 121.4737, 31.2304)], "{there}");
    assert_eq!((there["mode"].as_str(), there["total"].as_i64()), (Some("markers"), Some(1)));
    let riverside = "?minLng=120.1&minLat=30.1&maxLng=120.3&maxLat=30.3&zoom=13";
    assert_eq!(admin.map("1", riverside).await["total"], 4, "it left the riverside viewport");

    // The filters: kind and name.
    assert_eq!(admin.map("1", &format!("{shanghai}&deviceType=gateway")).await["total"], 1);
    let by_name = admin.map("1", "?deviceName=%E9%85%8D%E7%94%B5%E6%9F%9C1").await;
    assert_eq!(markers(&by_name).len(), 1, "配电柜1: {by_name}");
    assert_eq!(admin.map("1", "?deviceName=nothing-like-it").await["total"], 0);

    // Nulls (or empty texts) clear the location: the gateway leaves the map.
    admin.place("1", place_body(id, Value::Null, Value::Null)).await;
    assert_eq!(admin.map("1", shanghai).await["total"], 0);
    assert_eq!(admin.map("1", "").await["total"], 4);
    admin.place("1", place_body(id, json!(120.2), json!(30.2))).await;
    admin.place("1", place_body(id, json!(""), json!(""))).await;
    assert_eq!(admin.map("1", "").await["total"], 4);
    // The edges of the world are places too.
    admin.place("1", place_body(id, json!(-180), json!(90))).await;
    let corner = admin.map("1", "?minLng=-180&minLat=89&maxLng=-179&maxLat=90&zoom=5").await;
    assert_eq!(markers(&corner), vec![("SIM-00001".to_owned(), -180.0, 90.0)]);
    let stored: (Option<f64>, Option<f64>) =
        sqlx::query_as("SELECT longitude, latitude FROM lighting.gateways WHERE gateway_id = $1")
            .bind(id)
            .fetch_one(&c.pool)
            .await
            .unwrap();
    assert_eq!(stored, (Some(-180.0), Some(90.0)));
}

scenario!(bad_input_is_refused_and_changes_nothing);
async fn bad_input_is_refused_and_changes_nothing(c: &Cluster) {
    let admin = Console::admin(c).await;
    let id = admin.gateway_id("1", "SIM-00002").await;
    let before = markers(&admin.map("1", "").await);
    let bad_locations = [
        (json!("east"), json!(30.2)),
        (json!(120.2), json!("north")),
        (json!(180.5), json!(30.2)),
        (json!(120.2), json!(-91)),
        (json!(120.2), Value::Null),
        (Value::Null, json!(30.2)),
        (json!([120.2]), json!(30.2)),
        (json!("NaN"), json!(30.2)),
        (json!("inf"), json!(30.2)),
    ];
    for (longitude, latitude) in bad_locations {
        let body = place_body(id, longitude.clone(), latitude.clone());
        refused(admin.en("1", Call::post(SET).json(body)).await, 400, LOCATION_INVALID_EN);
    }
    refused(
        admin.send("1", ZH, Call::post(SET).json(place_body(id, json!("东"), json!(30)))).await,
        400,
        "设备位置不正确：经度应为-180到180之间的数字，纬度应为-90到90之间的数字，且须同时填写",
    );
    // The device: its kind, its id, its existence.
    let lamp = json!({ "deviceType": "lamp", "deviceId": id, "longitude": 120, "latitude": 30 });
    refused(admin.en("1", Call::post(SET).json(lamp)).await, 400, "Unknown device type; it must be gateway");
    let no_kind = json!({ "deviceId": id, "longitude": 120, "latitude": 30 });
    refused(admin.en("1", Call::post(SET).json(no_kind)).await, 400, "Unknown device type; it must be gateway");
    for device_id in [json!("x"), json!(0), json!(-4), Value::Null] {
        let body = json!({ "deviceType": "gateway", "deviceId": device_id, "longitude": 120, "latitude": 30 });
        refused(admin.en("1", Call::post(SET).json(body)).await, 400, "Invalid gateway id");
    }
    refused(
        admin.en("1", Call::post(SET).json(place_body(987_654_321, json!(120), json!(30)))).await,
        404,
        "Gateway does not exist",
    );
    let deleted = sqlx::query_scalar::<_, i64>(
        "INSERT INTO lighting.gateways (project_id, gateway_name, serial, communication_type, loop_count, deleted) \
         VALUES (1, 'gone', 'T-MAP-GONE', '1', 1, TRUE) RETURNING gateway_id",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap();
    refused(
        admin.en("1", Call::post(SET).json(place_body(deleted, json!(120), json!(30)))).await,
        404,
        "Gateway does not exist",
    );

    // The viewport: numbers, all five or none, in range, min not above max.
    let bad_viewports = [
        "?minLng=abc&minLat=30&maxLng=121&maxLat=31&zoom=12",
        "?minLng=120&minLat=30&maxLng=121&maxLat=31&zoom=twelve",
        "?minLng=120&minLat=30&maxLng=121&maxLat=31",
        "?zoom=12",
        "?minLng=121&minLat=30&maxLng=120&maxLat=31&zoom=12",
        "?minLng=120&minLat=30&maxLng=181&maxLat=31&zoom=12",
        "?minLng=120&minLat=-95&maxLng=121&maxLat=31&zoom=12",
        "?minLng=120&minLat=30&maxLng=121&maxLat=31&zoom=23",
        "?minLng=120&minLat=30&maxLng=121&maxLat=31&zoom=-1",
        "?minLng=NaN&minLat=30&maxLng=121&maxLat=31&zoom=3",
    ];
    for query in bad_viewports {
        let path = format!("{LIST}{query}");
        refused(admin.en("1", Call::get(&path)).await, 400, VIEWPORT_INVALID_EN);
    }
    let path = format!("{LIST}?zoom=3&minLng=x");
    let (status, reply) = admin.send("1", ZH, Call::get(&path)).await;
    assert_eq!(status, 400, "{reply}");
    assert!(reply["msg"].as_str().unwrap().starts_with("地图范围不正确"), "{reply}");
    let path = format!("{LIST}?deviceType=lamp");
    refused(admin.en("1", Call::get(&path)).await, 400, "Unknown device type; it must be gateway");
    let path = format!("{LIST}?deviceName={}", "x".repeat(51));
    let (status, _) = admin.en("1", Call::get(&path)).await;
    assert_eq!(status, 400, "a name filter over 50 characters");

    assert_eq!(markers(&admin.map("1", "").await), before, "nothing moved");
}

scenario!(projects_and_permissions_bound_the_map);
async fn projects_and_permissions_bound_the_map(c: &Cluster) {
    let admin = Console::admin(c).await;
    let skyline = admin.gateway_id("2", "SIM-00006").await;
    let own = admin.gateway_id("1", "SIM-00003").await;

    // Project 2's gateway does not exist from project 1, and its markers are not listed there.
    refused(
        admin.en("1", Call::post(SET).json(place_body(skyline, json!(120.21), json!(30.21)))).await,
        404,
        "Gateway does not exist",
    );
    let riverside = markers(&admin.map("1", "").await);
    assert!(
        riverside.iter().all(|(serial, _, _)| ["SIM-00001", "SIM-00002", "SIM-00003", "SIM-00004", "SIM-00005"]
            .contains(&serial.as_str())),
        "{riverside:?}"
    );
    let skyline_markers = markers(&admin.map("2", "").await);
    assert_eq!(skyline_markers.len(), 3, "{skyline_markers:?}");
    assert!(skyline_markers.iter().all(|(_, lng, lat)| (lng - 121.5055).abs() < 0.01 && (lat - 31.2397).abs() < 0.01));
    // A viewport over the other project's gateways shows none of them.
    assert_eq!(admin.map("1", "?minLng=121.4&minLat=31.1&maxLng=121.6&maxLat=31.3&zoom=12").await["total"], 0);

    // Listing needs lighting:gateway:query, placing lighting:gateway:edit.
    revoke_from_operator(c, &["pc:lighting:gateway:edit"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    assert_eq!(operator.map("1", "").await["total"], 5, "listing is still allowed");
    refused(
        operator.en("1", Call::post(SET).json(place_body(own, json!(120), json!(30)))).await,
        403,
        NO_PERMISSION_EN,
    );
    refused(
        operator.send("1", ZH, Call::post(SET).json(place_body(own, json!(120), json!(30)))).await,
        403,
        "没有权限，请联系管理员授权",
    );
    // The operator works in project 1 only.
    refused(operator.en("2", Call::get(LIST)).await, 403, "You may not access this project");
    revoke_from_operator(c, &["pc:lighting:gateway:query"]).await;
    let reader = Console::sign_in(c, "operator", "operator123").await;
    refused(reader.en("1", Call::get(LIST)).await, 403, NO_PERMISSION_EN);
    // The guest holds no gateway permission.
    let guest = Console::sign_in(c, "guest", "guest123").await;
    let (status, _) = guest.en("1", Call::get(LIST)).await;
    assert_eq!(status, 403, "the guest is refused");

    // Without a project selected, and without a token.
    refused(admin.en("", Call::get(LIST)).await, 400, "Please select a project first");
    refused(
        admin.en("", Call::post(SET).json(place_body(own, json!(120), json!(30)))).await,
        400,
        "Please select a project first",
    );
    let (status, reply) = c.api.send(Call::get(LIST).header("ProjectId", "1")).await;
    assert_eq!((status, reply["code"].as_i64()), (401, Some(401)), "{reply}");
    let (status, reply) =
        c.api.send(Call::post(SET).header("ProjectId", "1").json(place_body(own, json!(1), json!(1)))).await;
    assert_eq!((status, reply["code"].as_i64()), (401, Some(401)), "{reply}");

    let unmoved = markers(&admin.map("1", "").await);
    assert_eq!(unmoved, riverside, "nothing moved");
}

/// Gateways on a 100 x 100 grid 500 m apart, south-west corner at (100, 20), far from the
/// demo's: 10,000 of them, inserted directly (registering each through the API would take
/// minutes and prove nothing more here).
async fn insert_grid(c: &Cluster) {
    sqlx::query(
        "INSERT INTO lighting.gateways (project_id, gateway_name, serial, communication_type, loop_count, longitude, latitude) \
         SELECT 1, '网格' || g, 'T-MAP-' || g, '1', 1, 100.0 + (g % 100) * 0.005, 20.0 + (g / 100) * 0.005 \
         FROM generate_series(0, 9999) g",
    )
    .execute(&c.pool)
    .await
    .unwrap();
    sqlx::query("ANALYZE lighting.gateways").execute(&c.pool).await.unwrap();
}

scenario!(a_crowded_viewport_is_answered_with_clusters);
async fn a_crowded_viewport_is_answered_with_clusters(c: &Cluster) {
    insert_grid(c).await;
    let admin = Console::admin(c).await;

    // The whole grid at zoom 11: cells of 360 / 2^11 / 4 = 0.0439 degrees, 12 x 12 of them.
    let whole = "?minLng=99.99&minLat=19.99&maxLng=100.51&maxLat=20.51&zoom=11";
    let data = admin.map("1", whole).await;
    assert_eq!((data["mode"].as_str(), data["total"].as_i64()), (Some("clusters"), Some(10_000)), "{}", data["total"]);
    assert_eq!(data["markers"].as_array().unwrap().len(), 0, "no markers beside clusters");
    let clusters = data["clusters"].as_array().unwrap();
    assert!((100..=200).contains(&clusters.len()), "{} clusters", clusters.len());
    let counted: i64 = clusters.iter().map(|c| c["count"].as_i64().unwrap()).sum();
    assert_eq!(counted, 10_000, "every gateway in one cluster");
    assert!((data["cellSize"].as_f64().unwrap() - 360.0 / 8192.0).abs() < 1e-9);
    for cluster in clusters {
        let (lng, lat) = (cluster["longitude"].as_f64().unwrap(), cluster["latitude"].as_f64().unwrap());
        assert!((100.0..=100.5).contains(&lng) && (20.0..=20.5).contains(&lat), "{cluster}");
    }
    assert!(clusters.windows(2).all(|w| w[0]["count"].as_i64() >= w[1]["count"].as_i64()), "the fullest cells first");

    // Zooming out groups more in each cell; the demo cabinets at the riverside are counted too.
    let china = admin.map("1", "?minLng=73&minLat=18&maxLng=135&maxLat=54&zoom=4").await;
    assert_eq!((china["mode"].as_str(), china["total"].as_i64()), (Some("clusters"), Some(10_005)));
    assert!(china["clusters"].as_array().unwrap().len() <= 3, "{china}");

    // A viewport of at most 500 is drawn as markers: 20 x 20 = 400 gateways.
    let corner = admin.map("1", "?minLng=99.999&minLat=19.999&maxLng=100.0951&maxLat=20.0951&zoom=15").await;
    assert_eq!(
        (corner["mode"].as_str(), corner["total"].as_i64()),
        (Some("markers"), Some(400)),
        "{}",
        corner["total"]
    );
    assert_eq!(corner["markers"].as_array().unwrap().len(), 400);
    // 501 is one too many.
    sqlx::query(
        "INSERT INTO lighting.gateways (project_id, gateway_name, serial, communication_type, loop_count, longitude, latitude) \
         SELECT 1, '角落' || g, 'T-MAP-C' || g, '1', 1, 100.001, 20.001 FROM generate_series(1, 101) g",
    )
    .execute(&c.pool)
    .await
    .unwrap();
    let crowded = admin.map("1", "?minLng=99.999&minLat=19.999&maxLng=100.0951&maxLat=20.0951&zoom=15").await;
    assert_eq!((crowded["mode"].as_str(), crowded["total"].as_i64()), (Some("clusters"), Some(501)));

    // The clusters are counted from the lighting service's copy of the located gateways:
    // they are PostgreSQL's own grouping of the viewport, cell for cell.
    for (query, name, zoom) in [(whole, "", 11), (whole, "网格1", 11), (whole, "", 13)] {
        let query = query.replace("zoom=11", &format!("zoom={zoom}"));
        let data = admin.map("1", &format!("{query}&deviceName={name}")).await;
        let side = 360.0 / (2f64.powi(zoom) * 4.0);
        let expected: Vec<(i64, f64, f64)> = sqlx::query_as(
            "SELECT count(*), avg(longitude), avg(latitude) FROM lighting.gateways \
             WHERE project_id = 1 AND NOT deleted AND longitude BETWEEN 99.99 AND 100.51 \
             AND latitude BETWEEN 19.99 AND 20.51 AND strpos(gateway_name, $1) > 0 \
             GROUP BY floor(longitude / $2), floor(latitude / $2) ORDER BY count(*) DESC, min(gateway_id) LIMIT 2000",
        )
        .bind(name)
        .bind(side)
        .fetch_all(&c.pool)
        .await
        .unwrap();
        let clusters = data["clusters"].as_array().unwrap();
        assert_eq!(clusters.len(), expected.len(), "zoom {zoom}, name {name:?}");
        assert_eq!(data["truncated"].as_bool(), Some(zoom == 13), "zoom 13 has more than 2,000 cells");
        for (cluster, (count, lng, lat)) in clusters.iter().zip(&expected) {
            assert_eq!(cluster["count"].as_i64(), Some(*count), "zoom {zoom}, name {name:?}");
            assert!((cluster["longitude"].as_f64().unwrap() - lng).abs() < 1e-9, "{cluster}");
            assert!((cluster["latitude"].as_f64().unwrap() - lat).abs() < 1e-9, "{cluster}");
        }
    }
    // Every change of what the clusters show is seen at the next read: a move through the
    // API, and renames and deletions by hand in SQL.
    let one: i64 = sqlx::query_scalar("SELECT gateway_id FROM lighting.gateways WHERE serial = 'T-MAP-C1'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    admin.place("1", json!({ "deviceType": "gateway", "deviceId": one, "longitude": 100.3, "latitude": 20.3 })).await;
    let moved = admin.map("1", "?minLng=99.999&minLat=19.999&maxLng=100.0951&maxLat=20.0951&zoom=15").await;
    assert_eq!(moved["total"].as_i64(), Some(500), "moved out of the corner");
    let corner_names = admin.map("1", &format!("{whole}&deviceName=角落")).await;
    assert_eq!(corner_names["total"].as_i64(), Some(101));
    sqlx::query("UPDATE lighting.gateways SET gateway_name = '改名' || gateway_id WHERE serial LIKE 'T-MAP-C%'")
        .execute(&c.pool)
        .await
        .unwrap();
    assert_eq!(admin.map("1", &format!("{whole}&deviceName=角落")).await["total"].as_i64(), Some(0));
    sqlx::query("UPDATE lighting.gateways SET deleted = TRUE WHERE serial LIKE 'T-MAP-C%'")
        .execute(&c.pool)
        .await
        .unwrap();
    let back = admin.map("1", "?minLng=99.999&minLat=19.999&maxLng=100.0951&maxLat=20.0951&zoom=15").await;
    assert_eq!((back["mode"].as_str(), back["total"].as_i64()), (Some("markers"), Some(400)));
    sqlx::query("UPDATE lighting.gateways SET deleted = FALSE WHERE serial LIKE 'T-MAP-C%'")
        .execute(&c.pool)
        .await
        .unwrap();

    // Without a viewport: the first 500 markers, and the total.
    let unbounded = admin.map("1", "").await;
    assert_eq!(
        (unbounded["mode"].as_str(), unbounded["total"].as_i64(), unbounded["truncated"].as_bool()),
        (Some("markers"), Some(10_106), Some(true))
    );
    assert_eq!(unbounded["markers"].as_array().unwrap().len(), 500);

    // Another project sees none of them.
    assert_eq!(admin.map("2", whole).await["total"], 0);
}
