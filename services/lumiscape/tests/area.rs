//! Areas and buildings on a project's plan picture and the devices placed in them
//! (`/project/area`, spec sections 3 and 5: "an area must be drawn first"): outlines checked
//! on the server, placements inside their area and of the project's own devices, scoping to
//! the selected project and the screen's permissions. Every scenario runs against
//! `--target all` in one process and against every service in a process of its own.

#[macro_use]
mod common;

use common::{Call, Cluster, Console, refused, refused_by_rule, revoke_from_operator};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NOT_FOUND_EN: &str = "The area does not exist";
const NOT_DRAWN_EN: &str = "An area must be drawn first";
const NOT_DRAWN_ZH: &str = "请先绘制区域";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

impl Console<'_> {
    async fn en(&self, project: &str, call: Call<'_>) -> (u16, Value) {
        self.send(project, EN, call).await
    }

    /// A successful call's `data` (or the whole answer of a list).
    async fn ok(&self, project: &str, call: Call<'_>) -> Value {
        let (status, reply) = self.en(project, call).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply
    }

    async fn areas(&self, project: &str) -> Vec<Value> {
        let page = self.ok(project, Call::get("/project/area/list?pageSize=200")).await;
        page["rows"].as_array().unwrap().clone()
    }

    async fn gateways(&self, project: &str) -> Vec<i64> {
        let page = self.ok(project, Call::get("/lighting/gateway/list?pageSize=100")).await;
        page["rows"].as_array().unwrap().iter().map(|g| g["gatewayId"].as_i64().unwrap()).collect()
    }
}

/// A square outline from (x, y), `side` wide, as the console sends it.
fn square(x: f64, y: f64, side: f64) -> Value {
    json!([{ "x": x, "y": y }, { "x": x + side, "y": y }, { "x": x + side, "y": y + side }, { "x": x, "y": y + side }])
}

async fn area_rows(c: &Cluster) -> (i64, i64) {
    sqlx::query_as("SELECT count(*), (SELECT count(*) FROM project.plan_devices) FROM project.plan_areas")
        .fetch_one(&c.pool)
        .await
        .unwrap()
}

scenario!(areas_are_drawn_on_the_plan_and_devices_placed_inside_them);
async fn areas_are_drawn_on_the_plan_and_devices_placed_inside_them(c: &Cluster) {
    let console = Console::admin(c).await;

    // The demo plan: three areas in display order, the five gateways spread over them.
    let demo = console.areas("1").await;
    let names: Vec<&str> = demo.iter().map(|a| a["areaName"].as_str().unwrap()).collect();
    assert_eq!(names, ["东区观景带", "西区樱花园", "游客服务中心"]);
    assert_eq!(demo[2]["areaType"], "2");
    let placed: usize = demo.iter().map(|a| a["devices"].as_array().unwrap().len()).sum();
    assert_eq!(placed, 5);
    let gateways = console.gateways("1").await;
    let (first, second) = (gateways[0], gateways[1]);

    // Draw one: the closing point is dropped, the colour is the type's.
    let body =
        json!({ "areaName": " North lawn ", "areaType": "1", "points": square(0.05, 0.05, 0.04), "orderNum": 9 });
    let id = console.ok("1", Call::post("/project/area").json(body)).await["data"].as_i64().unwrap();
    let got = console.ok("1", Call::get(&format!("/project/area/{id}"))).await["data"].clone();
    assert_eq!((got["areaName"].as_str(), got["colour"].as_str()), (Some("North lawn"), Some("#409EFF")));
    assert_eq!(got["points"], square(0.05, 0.05, 0.04));
    assert_eq!(got["devices"], json!([]));
    let (_, filtered) = console.en("1", Call::get("/project/area/list?areaName=North&areaType=1")).await;
    assert_eq!((filtered["total"].as_i64(), filtered["rows"][0]["areaId"].as_i64()), (Some(1), Some(id)), "{filtered}");

    // What is refused, and changes nothing.
    let before = area_rows(c).await;
    let post = |body: Value, lang: &'static str| {
        let console = &console;
        async move { console.send("1", lang, Call::post("/project/area").json(body)).await }
    };
    refused(post(json!({ "areaName": "A" }), EN).await, 400, NOT_DRAWN_EN);
    refused(post(json!({ "areaName": "A", "points": [] }), ZH).await, 400, NOT_DRAWN_ZH);
    refused(post(json!({ "areaName": "A", "points": [[0.1, 0.1], [0.2, 0.2]] }), EN).await, 400, NOT_DRAWN_EN);
    let line = json!([[0.1, 0.1], [0.2, 0.2], [0.3, 0.3]]);
    refused(post(json!({ "areaName": "A", "points": line }), EN).await, 400, NOT_DRAWN_EN);
    let bow_tie = json!([[0.1, 0.1], [0.5, 0.5], [0.5, 0.1], [0.1, 0.5]]);
    refused(post(json!({ "areaName": "A", "points": bow_tie }), EN).await, 400, "The area's edges must not cross");
    let off = json!([[0.1, 0.1], [1.5, 0.1], [0.5, 0.5]]);
    refused(post(json!({ "areaName": "A", "points": off }), EN).await, 400, "Every point must lie on the plan picture");
    refused(post(json!({ "areaName": "A", "points": "x" }), EN).await, 400, "Every point must lie on the plan picture");
    let words = json!([{ "x": "a", "y": 0.1 }, [0.2, 0.1], [0.2, 0.2]]);
    refused(
        post(json!({ "areaName": "A", "points": words }), EN).await,
        400,
        "Every point must lie on the plan picture",
    );
    let many: Vec<Value> = (0..101).map(|i| json!([0.5 + 0.4 * f64::cos(i as f64 / 20.0), 0.5])).collect();
    refused(post(json!({ "areaName": "A", "points": many }), EN).await, 400, "An area has at most 100 points");
    refused(
        post(json!({ "areaName": " ", "points": square(0.6, 0.6, 0.1) }), EN).await,
        400,
        "The area name cannot be empty",
    );
    let long = "区".repeat(31);
    refused(
        post(json!({ "areaName": long, "points": square(0.6, 0.6, 0.1) }), EN).await,
        400,
        "The area name can be at most 30 characters",
    );
    refused(
        console.en("1", Call::get("/project/area/list?areaType=x")).await,
        400,
        "The type must be an area or a building",
    );
    refused(
        post(json!({ "areaName": "A", "areaType": "3", "points": square(0.6, 0.6, 0.1) }), EN).await,
        400,
        "The type must be an area or a building",
    );
    refused(
        post(json!({ "areaName": "A", "colour": "red", "points": square(0.6, 0.6, 0.1) }), EN).await,
        400,
        "The colour must be written #RRGGBB",
    );
    refused(
        post(json!({ "areaName": "A", "orderNum": "x", "points": square(0.6, 0.6, 0.1) }), EN).await,
        400,
        "The display order must be a whole number from 0 to 9999",
    );
    refused(
        post(json!({ "areaName": "North lawn", "points": square(0.6, 0.6, 0.1) }), EN).await,
        400,
        "Area 'North lawn' could not be saved: the plan has an area of that name",
    );
    assert_eq!(area_rows(c).await, before);

    // Place a gateway inside; outside, unknown or of an unknown kind is refused.
    let place = |area: i64, device: i64, x: f64, y: f64| {
        Call::post("/project/area/device")
            .json(json!({ "areaId": area, "deviceType": "gateway", "deviceId": device, "x": x, "y": y }))
    };
    let placed = console.ok("1", place(id, first, 0.07, 0.07)).await["data"].clone();
    assert_eq!(
        (placed["areaId"].as_i64(), placed["deviceId"].as_i64(), placed["placedBy"].as_str()),
        (Some(id), Some(first), Some("admin"))
    );
    refused(console.en("1", place(id, second, 0.5, 0.5)).await, 400, "The device must be placed inside the area");
    refused(console.en("1", place(id, 987_654, 0.06, 0.06)).await, 404, "Gateway does not exist");
    refused(console.en("1", place(987_654, second, 0.06, 0.06)).await, 404, NOT_FOUND_EN);
    let lamp = json!({ "areaId": id, "deviceType": "lamp", "deviceId": second, "x": 0.06, "y": 0.06 });
    refused(console.en("1", Call::post("/project/area/device").json(lamp)).await, 400, "Invalid device type");
    let area = &console.areas("1").await.into_iter().find(|a| a["areaId"] == id).unwrap();
    assert_eq!(area["devices"].as_array().unwrap().len(), 1);

    // A redrawn outline keeps its devices inside, or is refused whole.
    let edit = |points: Value| {
        Call::put("/project/area").json(json!({ "areaId": id, "areaName": "North lawn", "points": points }))
    };
    refused_by_rule(
        console.en("1", edit(square(0.5, 0.5, 0.1))).await,
        "The new outline would leave 1 placed device(s) outside the area; move them first",
    );
    assert_eq!(
        console.ok("1", Call::get(&format!("/project/area/{id}"))).await["data"]["points"],
        square(0.05, 0.05, 0.04)
    );
    console.ok("1", edit(square(0.04, 0.04, 0.06))).await;

    // Placed again elsewhere, the gateway moves; taken off, it is gone once.
    let east = demo[0]["areaId"].as_i64().unwrap();
    let east_points: Vec<(f64, f64)> = demo[0]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap()))
        .collect();
    let centre = east_points.iter().fold((0.0, 0.0), |acc, p| (acc.0 + p.0 / 4.0, acc.1 + p.1 / 4.0));
    console.ok("1", place(east, first, centre.0, centre.1 + 0.01)).await;
    let areas = console.areas("1").await;
    let holder: Vec<i64> = areas
        .iter()
        .filter(|a| a["devices"].as_array().unwrap().iter().any(|d| d["deviceId"].as_i64() == Some(first)))
        .map(|a| a["areaId"].as_i64().unwrap())
        .collect();
    assert_eq!(holder, [east]);
    console.ok("1", Call::delete(&format!("/project/area/device/gateway/{first}"))).await;
    refused(
        console.en("1", Call::delete(&format!("/project/area/device/gateway/{first}"))).await,
        404,
        "The device is not on the plan",
    );
    refused(console.en("1", Call::delete("/project/area/device/gateway/x")).await, 400, "Invalid device id");

    // Deleting an area takes its placements, all or none.
    console.ok("1", place(id, second, 0.05, 0.05)).await;
    let before = area_rows(c).await;
    refused(console.en("1", Call::delete(&format!("/project/area/{id},987654"))).await, 404, NOT_FOUND_EN);
    assert_eq!(area_rows(c).await, before);
    console.ok("1", Call::delete(&format!("/project/area/{id}"))).await;
    assert_eq!(area_rows(c).await, (before.0 - 1, before.1 - 1));
    refused(console.en("1", Call::get("/project/area/abc")).await, 400, "Invalid area id");

    // A project without a plan picture has nothing to draw on.
    let bare = json!({ "projectName": "Bare", "projectNumber": "BARE-1", "cityCode": "3301", "address": "x" });
    let bare = console.ok("", Call::post("/project/project").json(bare)).await["data"].as_i64().unwrap().to_string();
    let body = json!({ "areaName": "A", "points": square(0.1, 0.1, 0.1) });
    refused_by_rule(
        console.en(&bare, Call::post("/project/area").json(body)).await,
        "Upload the project's plan picture first",
    );
}

scenario!(areas_are_scoped_to_the_selected_project_and_the_screen_permissions);
async fn areas_are_scoped_to_the_selected_project_and_the_screen_permissions(c: &Cluster) {
    let console = Console::admin(c).await;
    let foreign = console.areas("2").await[0]["areaId"].as_i64().unwrap();
    let mine = console.areas("1").await[0]["areaId"].as_i64().unwrap();
    let foreign_gateway = console.gateways("2").await[0];
    let before = area_rows(c).await;

    // Another project's area is as absent as one that never was; so is its gateway.
    refused(console.en("1", Call::get(&format!("/project/area/{foreign}"))).await, 404, NOT_FOUND_EN);
    let edit = json!({ "areaId": foreign, "areaName": "X", "points": square(0.1, 0.1, 0.1) });
    refused(console.en("1", Call::put("/project/area").json(edit)).await, 404, NOT_FOUND_EN);
    refused(console.en("1", Call::delete(&format!("/project/area/{foreign}"))).await, 404, NOT_FOUND_EN);
    let place = json!({ "areaId": mine, "deviceType": "gateway", "deviceId": foreign_gateway, "x": 0.2, "y": 0.3 });
    refused(console.en("1", Call::post("/project/area/device").json(place)).await, 404, "Gateway does not exist");
    let names: Vec<String> =
        console.areas("1").await.iter().map(|a| a["areaName"].as_str().unwrap().to_owned()).collect();
    assert!(!names.contains(&"X".to_owned()));
    assert_eq!(area_rows(c).await, before);

    // The operator reads project 1's plan, but may not change it without the buttons, nor
    // open project 2's.
    revoke_from_operator(c, &["pc:project:area:add", "pc:project:area:edit", "pc:project:area:remove"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    assert_eq!(operator.areas("1").await.len(), 3);
    let body = json!({ "areaName": "X", "points": square(0.1, 0.1, 0.1) });
    refused(operator.en("1", Call::post("/project/area").json(body)).await, 403, NO_PERMISSION_EN);
    refused(operator.en("1", Call::delete(&format!("/project/area/{mine}"))).await, 403, NO_PERMISSION_EN);
    refused(operator.en("1", Call::delete("/project/area/device/gateway/1")).await, 403, NO_PERMISSION_EN);
    refused(operator.en("2", Call::get("/project/area/list")).await, 403, "You may not access this project");
    refused(operator.en("", Call::get("/project/area/list")).await, 400, "Please select a project first");
    assert_eq!(area_rows(c).await, before);
}
