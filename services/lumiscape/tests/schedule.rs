//! Power scenes, tasks, the project's site and the night's plan (issue 12,
//! docs/scheduler.md): the HTTP contract of docs/api-compatibility.md, every refusal, project
//! scoping and permissions, and the plan the scheduler's rules resolve from the demo's tasks.
//! Every scenario runs against `--target all` in one process and against every service in a
//! process of its own.

#[macro_use]
mod common;

use std::collections::BTreeMap;

use chrono::{NaiveDateTime, TimeDelta, Utc};
use common::{Call, Cluster, Console, eventually, refused, refused_by_rule, revoke_from_operator, riverside_fleet};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NO_SCENE_EN: &str = "Operation error, please select a scenario to deliver";
const NO_SCENE_ZH: &str = "操作错误，请选择要下发的场景";
const ENABLED_EN: &str = "The task is enabled: disable it before editing or deleting it";
const ENABLED_ZH: &str = "任务已启用，请先停用再修改或删除";

fn delete(path: &str) -> Call<'_> {
    Call { method: reqwest::Method::DELETE, ..Call::get(path) }
}

async fn en(console: &Console<'_>, project: &str, call: Call<'_>) -> (u16, Value) {
    console.send(project, EN, call).await
}

/// The project's gateway ids, by id.
async fn gateway_ids(console: &Console<'_>, project: &str) -> Vec<i64> {
    let (_, list) = en(console, project, Call::get("/lighting/gateway/list?pageSize=50")).await;
    list["rows"].as_array().unwrap().iter().map(|g| g["gatewayId"].as_i64().unwrap()).collect()
}

fn scene_body(name: &str, loops: Value) -> Value {
    json!({ "sceneName": name, "sceneType": "1", "loops": loops })
}

fn task_body(name: &str, scenes: &[i64], gateways: &[i64]) -> Value {
    json!({
        "taskName": name, "priority": 20, "weekdays": "1,2,3,4,5,6,7",
        "startType": "2", "startOffset": 15, "endType": "0", "endTime": "23:30",
        "sceneIds": scenes, "gatewayIds": gateways,
    })
}

fn ok(answer: &(u16, Value)) {
    assert_eq!((answer.0, answer.1["code"].as_i64()), (200, Some(200)), "{}", answer.1);
}

fn time(text: &Value) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text.as_str().expect("a time"), "%Y-%m-%d %H:%M:%S").expect("YYYY-MM-DD HH:mm:ss")
}

// --- scenes ---------------------------------------------------------------------------------

scenario!(scenes_are_checked_and_kept_while_tasks_use_them);
async fn scenes_are_checked_and_kept_while_tasks_use_them(c: &Cluster) {
    let console = Console::admin(c).await;
    let (_, seeded) = en(&console, "1", Call::get("/lighting/scene/list")).await;
    assert_eq!(seeded["total"], 2, "the demo's evening and night scenes: {seeded}");
    let gateways = gateway_ids(&console, "1").await;
    let loops = json!([
        { "gatewayId": gateways[0], "loopIndex": 1, "switchState": "1", "brightness": 60 },
        { "gatewayId": gateways[0], "loopIndex": 2, "switchState": "0" },
        { "gatewayId": gateways[1], "loopIndex": "4", "switchState": "1", "brightness": "" },
    ]);
    let created = en(&console, "1", Call::post("/lighting/scene").json(scene_body("Festival", loops.clone()))).await;
    ok(&created);
    let scene_id = created.1["data"].as_i64().unwrap();
    let (_, detail) = en(&console, "1", Call::get(&format!("/lighting/scene/{scene_id}"))).await;
    let data = &detail["data"];
    assert_eq!(
        (data["sceneName"].as_str(), data["sceneType"].as_str(), data["loopCount"].as_i64()),
        (Some("Festival"), Some("1"), Some(3))
    );
    let set: Vec<(i64, &str, Value)> = data["loops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["loopIndex"].as_i64().unwrap(), l["switchState"].as_str().unwrap(), l["brightness"].clone()))
        .collect();
    assert_eq!(set, vec![(1, "1", json!(60)), (2, "0", Value::Null), (4, "1", json!(100))]);
    assert_eq!(data["loops"][0]["gatewayNumber"], "SIM-00001");

    // Every refusal names the rule, and changes nothing.
    let bad = |loops: Value| scene_body("Bad", loops);
    let g = gateways[0];
    let parameter =
        "Scene parameters must be non-empty and numeric (switch 0 or 1, brightness a whole number 1 to 100)";
    for (body, status, msg) in [
        (bad(json!([])), 400, "A scene has 1 to 512 loops"),
        (bad(json!([{ "gatewayId": g, "loopIndex": 1, "switchState": "" }])), 400, parameter),
        (bad(json!([{ "gatewayId": g, "loopIndex": 1, "switchState": "1", "brightness": 101 }])), 400, parameter),
        (bad(json!([{ "gatewayId": g, "loopIndex": 1, "switchState": "1", "brightness": "bright" }])), 400, parameter),
        (bad(json!([{ "gatewayId": g, "loopIndex": 5, "switchState": "1" }])), 400, "Loop index must be 1 to 4"),
        (
            bad(
                json!([{ "gatewayId": g, "loopIndex": 1, "switchState": "1" }, { "gatewayId": g, "loopIndex": 1, "switchState": "0" }]),
            ),
            400,
            "Loop 1 is given twice",
        ),
        (scene_body("Festival", loops.clone()), 400, "A scene named 'Festival' already exists"),
        (
            json!({ "sceneName": "", "sceneType": "1", "loops": loops }),
            400,
            "Scene name is required and at most 30 characters",
        ),
        (
            json!({ "sceneName": "Combined", "sceneType": "2", "loops": loops }),
            400,
            "The scene type must be default or custom",
        ),
    ] {
        refused(en(&console, "1", Call::post("/lighting/scene").json(body)).await, status, msg);
    }
    let (_, after) = en(&console, "1", Call::get("/lighting/scene/list")).await;
    assert_eq!(after["total"], 3, "nothing written by a refusal");
    let (_, zh) = console.send("1", ZH, Call::post("/lighting/scene").json(bad(json!([])))).await;
    assert_eq!(zh["msg"], "场景须包含1到512个回路");

    // Another project's gateway and scene do not exist from here.
    let foreign_gateway = gateway_ids(&console, "2").await[0];
    let foreign = bad(json!([{ "gatewayId": foreign_gateway, "loopIndex": 1, "switchState": "1" }]));
    refused(en(&console, "1", Call::post("/lighting/scene").json(foreign)).await, 404, "Gateway does not exist");
    let (_, skyline) = en(&console, "2", Call::get("/lighting/scene/list")).await;
    let foreign_scene = skyline["rows"][0]["sceneId"].as_i64().unwrap();
    refused(
        en(&console, "1", Call::get(&format!("/lighting/scene/{foreign_scene}"))).await,
        404,
        "Scene does not exist",
    );
    refused(
        en(&console, "1", delete(&format!("/lighting/scene/{foreign_scene},{scene_id}"))).await,
        404,
        "Scene does not exist",
    );

    // Edited while no enabled task uses it; kept while a task does.
    let mut edit =
        scene_body("Festival night", json!([{ "gatewayId": g, "loopIndex": 3, "switchState": "1", "brightness": 90 }]));
    edit["sceneId"] = json!(scene_id);
    ok(&en(&console, "1", Call::put("/lighting/scene").json(edit.clone())).await);
    let task = en(&console, "1", Call::post("/lighting/task").json(task_body("Festival", &[scene_id], &[g]))).await;
    ok(&task);
    let task_id = task.1["data"].as_i64().unwrap();
    refused_by_rule(
        en(&console, "1", delete(&format!("/lighting/scene/{scene_id}"))).await,
        "The scene is used by task 'Festival'",
    );
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(json!({ "taskId": task_id, "enabled": "1" })))
        .await);
    refused_by_rule(
        en(&console, "1", Call::put("/lighting/scene").json(edit)).await,
        "The scene is used by task 'Festival'",
    );
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(json!({ "taskId": task_id, "enabled": "0" })))
        .await);
    ok(&en(&console, "1", delete(&format!("/lighting/task/{task_id}"))).await);
    ok(&en(&console, "1", delete(&format!("/lighting/scene/{scene_id}"))).await);
    refused(en(&console, "1", Call::get(&format!("/lighting/scene/{scene_id}"))).await, 404, "Scene does not exist");
}

// --- tasks ----------------------------------------------------------------------------------

scenario!(tasks_are_checked_and_an_enabled_task_is_refused_edits);
async fn tasks_are_checked_and_an_enabled_task_is_refused_edits(c: &Cluster) {
    let console = Console::admin(c).await;
    let gateways = gateway_ids(&console, "1").await;
    let (_, scenes) = en(&console, "1", Call::get("/lighting/scene/list")).await;
    let scene = scenes["rows"][0]["sceneId"].as_i64().unwrap();
    let (_, seeded) = en(&console, "1", Call::get("/lighting/task/list")).await;
    assert_eq!(seeded["total"], 2, "the demo's everyday plan: {seeded}");
    assert_eq!(seeded["rows"][0]["enabled"], "1");

    // The spec's message for a task without a scene, in both languages.
    let mut empty = task_body("Nothing", &[], &gateways);
    refused(en(&console, "1", Call::post("/lighting/task").json(empty.clone())).await, 400, NO_SCENE_EN);
    refused(console.send("1", ZH, Call::post("/lighting/task").json(empty.clone())).await, 400, NO_SCENE_ZH);
    empty["sceneIds"] = json!([scene]);
    for (field, value, msg) in [
        ("priority", json!(256), "Task priority must be a whole number from 0 to 255; larger is higher"),
        ("priority", json!("high"), "Task priority must be a whole number from 0 to 255; larger is higher"),
        ("weekdays", json!(""), "Choose at least one weekday (1 to 7)"),
        ("weekdays", json!("1,8"), "Choose at least one weekday (1 to 7)"),
        ("startOffset", json!(181), "The offset from sunrise or sunset must be -180 to 180 minutes"),
        ("endTime", json!("25:00"), "A time is a clock time (HH:mm), sunrise or sunset"),
        ("startType", json!("9"), "A time is a clock time (HH:mm), sunrise or sunset"),
        ("dateFrom", json!("2026-12-31"), "Dates must be YYYY-MM-DD and the start date cannot be after the end date"),
        ("gatewayIds", json!([]), "Choose 1 to 1000 gateways"),
        ("taskName", json!(" "), "Task name is required and at most 30 characters"),
    ] {
        let mut body = empty.clone();
        body["dateTo"] = json!("2026-12-01");
        body[field] = value;
        refused(en(&console, "1", Call::post("/lighting/task").json(body)).await, 400, msg);
    }
    let foreign_gateway = gateway_ids(&console, "2").await[0];
    let foreign = task_body("Foreign", &[scene], &[foreign_gateway]);
    refused(en(&console, "1", Call::post("/lighting/task").json(foreign)).await, 404, "Gateway does not exist");
    let (_, after) = en(&console, "1", Call::get("/lighting/task/list")).await;
    assert_eq!(after["total"], 2, "nothing written by a refusal");

    // Created disabled; read back as sent.
    let mut body = task_body("Weekend", &[scene], &gateways[..2]);
    body["weekdays"] = json!(["6", "7"]);
    body["dateFrom"] = json!("2026-12-01");
    let created = en(&console, "1", Call::post("/lighting/task").json(body.clone())).await;
    ok(&created);
    let task_id = created.1["data"].as_i64().unwrap();
    let (_, detail) = en(&console, "1", Call::get(&format!("/lighting/task/{task_id}"))).await;
    let task = &detail["data"];
    assert_eq!(task["enabled"], "0");
    assert_eq!(task["issueState"], "0");
    assert_eq!(task["weekdays"], "6,7");
    assert_eq!((task["dateFrom"].as_str(), task["dateTo"].clone()), (Some("2026-12-01"), Value::Null));
    assert_eq!(
        (task["startType"].as_str(), task["startOffset"].as_i64(), task["startTime"].clone()),
        (Some("2"), Some(15), Value::Null)
    );
    assert_eq!((task["endType"].as_str(), task["endTime"].as_str()), (Some("0"), Some("23:30")));
    assert_eq!(task["sceneIds"], json!([scene]));
    assert_eq!(task["gatewayIds"], json!(gateways[..2]));
    assert_eq!(task["gatewayNames"].as_array().unwrap().len(), 2);
    let (_, list) = en(&console, "1", Call::get("/lighting/task/list")).await;
    assert_eq!(list["rows"][0]["taskId"], task_id, "priority 20 before the demo's 10");
    let (_, enabled) = en(&console, "1", Call::get("/lighting/task/list?enabled=0")).await;
    assert_eq!(enabled["total"], 1);

    // An enabled task refuses edits and deletion until it is disabled (spec section 4).
    body["taskId"] = json!(task_id);
    body["priority"] = json!(200);
    let enable = |on: &str| Call::put("/lighting/task/changeStatus").json(json!({ "taskId": task_id, "enabled": on }));
    ok(&en(&console, "1", enable("1")).await);
    refused_by_rule(en(&console, "1", Call::put("/lighting/task").json(body.clone())).await, ENABLED_EN);
    refused_by_rule(console.send("1", ZH, delete(&format!("/lighting/task/{task_id}"))).await, ENABLED_ZH);
    ok(&en(&console, "1", enable("0")).await);
    ok(&en(&console, "1", Call::put("/lighting/task").json(body)).await);
    let (_, edited) = en(&console, "1", Call::get(&format!("/lighting/task/{task_id}"))).await;
    assert_eq!(edited["data"]["priority"], 200);
    refused(en(&console, "1", enable("2")).await, 400, "Invalid switch value");
    ok(&en(&console, "1", delete(&format!("/lighting/task/{task_id}"))).await);
    refused(en(&console, "1", Call::get(&format!("/lighting/task/{task_id}"))).await, 404, "Task does not exist");

    // Permissions: the operator may look, not change.
    revoke_from_operator(c, &["pc:lighting:task:edit", "pc:lighting:task:add"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let (status, _) = en(&operator, "1", Call::get("/lighting/task/list")).await;
    assert_eq!(status, 200);
    let no_permission = "No permission, please contact the administrator";
    refused(
        en(&operator, "1", Call::post("/lighting/task").json(task_body("X", &[scene], &gateways))).await,
        403,
        no_permission,
    );
    let site = json!({ "latitude": 30.2, "longitude": 120.2, "timeZone": "Asia/Shanghai" });
    refused(en(&operator, "1", Call::put("/lighting/site").json(site)).await, 403, no_permission);
    refused(en(&operator, "2", Call::get("/lighting/task/list")).await, 403, "You may not access this project");
}

// --- the site and the night's plan ----------------------------------------------------------

scenario!(the_night_plan_follows_the_sun_and_the_priorities);
async fn the_night_plan_follows_the_sun_and_the_priorities(c: &Cluster) {
    let console = Console::admin(c).await;
    let (_, site) = en(&console, "1", Call::get("/lighting/site")).await;
    assert_eq!(site["data"]["timeZone"], "Asia/Shanghai", "{site}");
    for (body, msg) in [
        (
            json!({ "latitude": 91, "longitude": 120, "timeZone": "Asia/Shanghai" }),
            "Latitude must be -90 to 90 and longitude -180 to 180",
        ),
        (
            json!({ "longitude": 120, "timeZone": "Asia/Shanghai" }),
            "Latitude must be -90 to 90 and longitude -180 to 180",
        ),
        (
            json!({ "latitude": "north", "longitude": 120, "timeZone": "Asia/Shanghai" }),
            "Latitude must be -90 to 90 and longitude -180 to 180",
        ),
        (
            json!({ "latitude": 30, "longitude": 120, "timeZone": "China" }),
            "The time zone must be an IANA zone, such as Asia/Shanghai",
        ),
    ] {
        refused(en(&console, "1", Call::put("/lighting/site").json(body)).await, 400, msg);
    }

    // The demo's everyday plan on Christmas Eve in Hangzhou: off until 15 minutes after
    // sunset, full until 23:00, 30% until 10 minutes before sunrise, then off.
    let (status, plan) = en(&console, "1", Call::get("/lighting/plan/tonight?date=2026-12-24")).await;
    assert_eq!(status, 200, "{plan}");
    let data = &plan["data"];
    assert_eq!((data["date"].as_str(), data["timeZone"].as_str()), (Some("2026-12-24"), Some("Asia/Shanghai")));
    let gateways = data["gateways"].as_array().unwrap();
    assert_eq!(gateways.len(), 5);
    let sunset = time(&data["sunset"]);
    let sunrise = time(&data["sunrise"]);
    let segments = gateways[0]["loops"][0]["segments"].as_array().unwrap().clone();
    let kinds: Vec<(&str, &str, Option<i64>)> = segments
        .iter()
        .map(|s| (s["cause"].as_str().unwrap(), s["switchState"].as_str().unwrap(), s["brightness"].as_i64()))
        .collect();
    assert_eq!(
        kinds,
        [("idle", "0", None), ("task", "1", Some(100)), ("task", "1", Some(30)), ("idle", "0", None)],
        "{segments:?}"
    );
    assert_eq!(time(&segments[1]["from"]), sunset + TimeDelta::minutes(15));
    assert_eq!(segments[1]["taskName"], "傍晚亮灯");
    assert_eq!(segments[1]["sceneName"], "傍晚全亮");
    assert_eq!(segments[1]["priority"], 10);
    assert_eq!(time(&segments[2]["from"]).format("%H:%M").to_string(), "23:00");
    assert_eq!(time(&segments[3]["from"]), sunrise - TimeDelta::minutes(10));
    assert_eq!(segments[0]["taskName"], Value::Null);

    // A festival of higher priority on the first gateway takes 20:00 to 22:00, and only there.
    let first = gateways[0]["gatewayId"].as_i64().unwrap();
    let loops = json!([{ "gatewayId": first, "loopIndex": 1, "switchState": "1", "brightness": 70 }]);
    let scene = en(&console, "1", Call::post("/lighting/scene").json(scene_body("Lanterns", loops))).await;
    ok(&scene);
    let mut festival = task_body("Lantern festival", &[scene.1["data"].as_i64().unwrap()], &[first]);
    festival["priority"] = json!(200);
    festival["startType"] = json!("0");
    festival["startTime"] = json!("20:00");
    festival["endTime"] = json!("22:00");
    festival["dateFrom"] = json!("2026-12-24");
    festival["dateTo"] = json!("2026-12-24");
    let created = en(&console, "1", Call::post("/lighting/task").json(festival)).await;
    ok(&created);
    let (_, unchanged) =
        en(&console, "1", Call::get(&format!("/lighting/plan/tonight?date=2026-12-24&gatewayId={first}"))).await;
    assert_eq!(
        unchanged["data"]["gateways"][0]["loops"][0]["segments"].as_array().unwrap().len(),
        4,
        "disabled: not planned"
    );
    let task_id = created.1["data"].as_i64().unwrap();
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(json!({ "taskId": task_id, "enabled": "1" })))
        .await);
    let (_, plan) =
        en(&console, "1", Call::get(&format!("/lighting/plan/tonight?date=2026-12-24&gatewayId={first}"))).await;
    let gateway = &plan["data"]["gateways"][0];
    assert_eq!(plan["data"]["gateways"].as_array().unwrap().len(), 1);
    let festive: Vec<&Value> = gateway["loops"][0]["segments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["taskName"] == "Lantern festival")
        .collect();
    assert_eq!(festive.len(), 1, "{gateway}");
    assert_eq!(festive[0]["brightness"], 70);
    assert_eq!(festive[0]["priority"], 200);
    assert_eq!(time(&festive[0]["from"]).format("%H:%M").to_string(), "20:00");
    assert_eq!(time(&festive[0]["to"]).format("%H:%M").to_string(), "22:00");
    let other_loop = gateway["loops"][1]["segments"].as_array().unwrap();
    assert!(other_loop.iter().all(|s| s["taskName"] != "Lantern festival"), "the scene sets loop 1 only");
    let (_, next_night) =
        en(&console, "1", Call::get(&format!("/lighting/plan/tonight?date=2026-12-25&gatewayId={first}"))).await;
    let next = next_night["data"]["gateways"][0]["loops"][0]["segments"].as_array().unwrap();
    assert!(next.iter().all(|s| s["taskName"] != "Lantern festival"), "one night only");

    // Bad input and scope.
    refused(
        en(&console, "1", Call::get("/lighting/plan/tonight?date=24.12.2026")).await,
        400,
        "The date must be YYYY-MM-DD",
    );
    let foreign = gateway_ids(&console, "2").await[0];
    refused(
        en(&console, "1", Call::get(&format!("/lighting/plan/tonight?gatewayId={foreign}"))).await,
        404,
        "Gateway does not exist",
    );
    sqlx::query("DELETE FROM lighting.sites WHERE project_id = 2").execute(&c.pool).await.unwrap();
    refused_by_rule(
        en(&console, "2", Call::get("/lighting/plan/tonight")).await,
        "Set the project's site (location and time zone) first",
    );
    let (_, none) = en(&console, "2", Call::get("/lighting/site")).await;
    assert_eq!(none["data"], Value::Null);
    let polar = json!({ "latitude": 69.65, "longitude": 18.96, "timeZone": "Europe/Oslo" });
    ok(&en(&console, "2", Call::put("/lighting/site").json(polar)).await);
    let (_, arctic) = en(&console, "2", Call::get("/lighting/plan/tonight?date=2026-06-21")).await;
    assert_eq!((arctic["data"]["sunset"].clone(), arctic["data"]["sunrise"].clone()), (Value::Null, Value::Null));
    let midsummer = arctic["data"]["gateways"][0]["loops"][0]["segments"].as_array().unwrap();
    assert!(
        midsummer.iter().all(|s| s["switchState"] == "0" || s["taskName"] != "傍晚亮灯"),
        "no sunset under the midnight sun"
    );
}

// --- issuing to gateways ----------------------------------------------------------------------

/// Each loop's planned state now (`loopIndex` → on), from the night plan that covers now (the
/// site's today, or yesterday's night before noon).
async fn planned_now(console: &Console<'_>, gateway_id: i64) -> BTreeMap<i64, bool> {
    let now_ms = Utc::now().timestamp_millis();
    let today = (Utc::now() + TimeDelta::hours(8)).date_naive();
    for date in [today, today.pred_opt().unwrap()] {
        let path = format!("/lighting/plan/tonight?gatewayId={gateway_id}&date={date}");
        let (_, plan) = en(console, "1", Call::get(&path)).await;
        let data = &plan["data"];
        if !(data["fromMs"].as_i64().unwrap()..data["toMs"].as_i64().unwrap()).contains(&now_ms) {
            continue;
        }
        return data["gateways"][0]["loops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let segment = l["segments"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|s| (s["fromMs"].as_i64().unwrap()..s["toMs"].as_i64().unwrap()).contains(&now_ms))
                    .expect("a segment covers now");
                (l["loopIndex"].as_i64().unwrap(), segment["switchState"] == "1")
            })
            .collect();
    }
    panic!("no night covers now");
}

/// Each loop's state as the gateway reports it now (`loopIndex` → on).
async fn read_loops(console: &Console<'_>, gateway_id: i64) -> BTreeMap<i64, bool> {
    let read = en(console, "1", Call::post("/lighting/control/read").json(json!({ "gatewayId": gateway_id }))).await;
    ok(&read);
    read.1["data"]["loops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["loopIndex"].as_i64().unwrap(), l["on"].as_bool().unwrap()))
        .collect()
}

scenario!(issued_schedules_are_followed_by_the_simulated_fleet);
async fn issued_schedules_are_followed_by_the_simulated_fleet(c: &Cluster) {
    let console = Console::admin(c).await;
    let stop = tokio_util::sync::CancellationToken::new();
    let (fleet, server, sim_stop) = (riverside_fleet(c), c.nats_url.clone(), stop.clone());
    let simulator =
        tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &server, sim_stop).await });
    let online = eventually(30, || async {
        let (_, list) = en(&console, "1", Call::get("/lighting/gateway/list?onlineStatus=1")).await;
        list["total"] == 5
    })
    .await;
    assert!(online, "the riverside fleet comes online");
    let gateways = gateway_ids(&console, "1").await;
    // The simulated loops start all on; switch one off by hand so the schedule has to act.
    let off = json!({ "gatewayId": gateways[0], "loopIndex": 1, "on": false });
    ok(&en(&console, "1", Call::post("/lighting/control/loop").json(off)).await);

    // The demo's evening task, issued: every gateway of it takes its schedule (the evening and
    // night tasks both, compiled), and each loop is at once where the plan has it now.
    let (_, tasks) = en(&console, "1", Call::get("/lighting/task/list")).await;
    let evening = tasks["rows"].as_array().unwrap().iter().find(|t| t["taskName"] == "傍晚亮灯").unwrap().clone();
    let evening_id = evening["taskId"].as_i64().unwrap();
    let issued = en(&console, "1", Call::post("/lighting/task/issue").json(json!({ "taskIds": [evening_id] }))).await;
    ok(&issued);
    let data = &issued.1["data"];
    assert_eq!(
        (data["total"].as_i64(), data["succeeded"].as_i64(), data["failed"].as_i64()),
        (Some(5), Some(5), Some(0))
    );
    assert!(data["results"].as_array().unwrap().iter().all(|r| r["result"] == "ok"), "{data}");
    for gateway in &gateways {
        assert_eq!(read_loops(&console, *gateway).await, planned_now(&console, *gateway).await, "gateway {gateway}");
    }
    let (_, task) = en(&console, "1", Call::get(&format!("/lighting/task/{evening_id}"))).await;
    assert_eq!(task["data"]["issueState"], "3", "{task}");
    let (_, schedules) = en(&console, "1", Call::get("/lighting/task/gatewaySchedules")).await;
    let rows = schedules["data"].as_array().unwrap();
    assert_eq!(rows.len(), 5, "{schedules}");
    for row in rows {
        assert_eq!(
            (row["issueState"].as_str(), row["loopCount"].as_i64(), row["issuedBy"].as_str()),
            (Some("3"), Some(4), Some("admin")),
            "{row}"
        );
        assert!(row["stepCount"].as_i64().unwrap() >= 4, "{row}");
        let (from, until) = (time(&row["validFrom"]), time(&row["validUntil"]));
        assert_eq!(until - from, TimeDelta::days(7));
    }

    // A task whose gateway never connects: that gateway fails at once, the task is unsuccessful.
    let added = en(
        &console,
        "1",
        Call::post("/lighting/gateway").json(json!({ "gatewayName": "Dark cabinet", "gatewayNumber": "ISSUE-DARK-1", "communicationType": "1", "loopCount": 2 })),
    )
    .await;
    ok(&added);
    let dark =
        added.1["data"]["gatewayId"].as_i64().or_else(|| added.1["data"].as_i64()).expect("the new gateway's id");
    let loops = json!([{ "gatewayId": dark, "loopIndex": 1, "switchState": "1" }]);
    let scene = en(&console, "1", Call::post("/lighting/scene").json(scene_body("Dark", loops))).await;
    ok(&scene);
    let scene_id = scene.1["data"].as_i64().unwrap();
    let created =
        en(&console, "1", Call::post("/lighting/task").json(task_body("Dark task", &[scene_id], &[dark, gateways[1]])))
            .await;
    ok(&created);
    let dark_task = created.1["data"].as_i64().unwrap();
    let issue = |lang: &'static str, ids: Value| {
        let console = &console;
        async move { console.send("1", lang, Call::post("/lighting/task/issue").json(json!({ "taskIds": ids }))).await }
    };
    // only an enabled task is issued
    refused_by_rule(issue(EN, json!([dark_task])).await, "Task 'Dark task' is disabled: enable it before issuing it");
    refused_by_rule(issue(ZH, json!([dark_task, evening_id])).await, "任务'Dark task'未启用，请先启用再下发");
    let enable = json!({ "taskId": dark_task, "enabled": "1" });
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(enable)).await);
    let issued = issue(EN, json!([dark_task])).await;
    ok(&issued);
    let results = issued.1["data"]["results"].as_array().unwrap().clone();
    let outcome: Vec<(i64, &str, &str)> = results
        .iter()
        .map(|r| (r["gatewayId"].as_i64().unwrap(), r["result"].as_str().unwrap(), r["message"].as_str().unwrap()))
        .collect();
    let queued = "Gateway offline: the schedule is queued and sent as soon as it is back (for 24 h)";
    assert_eq!(outcome, [(gateways[1], "ok", ""), (dark, "queued", queued)]);
    let (_, task) = en(&console, "1", Call::get(&format!("/lighting/task/{dark_task}"))).await;
    assert_eq!(task["data"]["issueState"], "1", "being issued while a gateway is away: {task}");
    let (_, schedules) = en(&console, "1", Call::get("/lighting/task/gatewaySchedules")).await;
    let row = schedules["data"].as_array().unwrap().iter().find(|r| r["gatewayId"] == dark).unwrap().clone();
    assert_eq!((row["issueState"].as_str(), row["message"].as_str()), (Some("1"), Some(queued)));
    let (_, log) = en(&console, "1", Call::get(&format!("/device/command/list?gatewayId={dark}"))).await;
    assert_eq!((log["rows"][0]["state"].as_str(), log["rows"][0]["result"].as_str()), (Some("queued"), None), "{log}");

    // Switching the task off changes its gateways' plan: their schedules and the task are not
    // issued any more, and say why; the other gateways keep theirs.
    let disable = json!({ "taskId": dark_task, "enabled": "0" });
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(disable)).await);
    let (_, schedules) = en(&console, "1", Call::get("/lighting/task/gatewaySchedules")).await;
    let stale = "A task was switched or the site changed since: issue again";
    for row in schedules["data"].as_array().unwrap() {
        let gateway = row["gatewayId"].as_i64().unwrap();
        let expected = if gateway == dark || gateway == gateways[1] { ("0", stale) } else { ("3", "") };
        assert_eq!((row["issueState"].as_str().unwrap(), row["message"].as_str().unwrap()), expected, "{row}");
    }
    let (_, task) = en(&console, "1", Call::get(&format!("/lighting/task/{dark_task}"))).await;
    assert_eq!(task["data"]["issueState"], "0", "{task}");
    // and the schedule that waited for the dark cabinet is of the old plan: it never goes
    let (_, log) = en(&console, "1", Call::get(&format!("/device/command/list?gatewayId={dark}"))).await;
    assert_eq!(
        (log["rows"][0]["state"].as_str(), log["rows"][0]["result"].as_str(), log["rows"][0]["message"].as_str()),
        (Some("expired"), Some("expired"), Some(stale)),
        "{log}"
    );

    // Bad requests change nothing.
    refused(issue(EN, json!([])).await, 400, "Task does not exist");
    refused(issue(EN, json!([0])).await, 400, "Task does not exist");
    refused(issue(EN, json!("x")).await, 400, "Task does not exist");
    refused(issue(EN, json!([999_999])).await, 404, "Task does not exist");
    let (_, other) = en(&console, "2", Call::get("/lighting/task/list")).await;
    let other_task = other["rows"][0]["taskId"].as_i64().unwrap();
    refused(issue(EN, json!([other_task])).await, 404, "Task does not exist");

    // Permissions: issuing is a button of its own.
    revoke_from_operator(c, &["pc:lighting:task:issue"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let (status, _) = en(&operator, "1", Call::get("/lighting/task/gatewaySchedules")).await;
    assert_eq!(status, 200);
    let body = json!({ "taskIds": [evening_id] });
    refused(
        en(&operator, "1", Call::post("/lighting/task/issue").json(body)).await,
        403,
        "No permission, please contact the administrator",
    );
    stop.cancel();
    let stats = simulator.await.unwrap().unwrap();
    assert!(stats.acks >= 7, "one switch, five schedules, five reads and one more schedule: {stats:?}");
}

scenario!(a_timing_one_key_outranks_every_task_until_it_is_deleted);
async fn a_timing_one_key_outranks_every_task_until_it_is_deleted(c: &Cluster) {
    let console = Console::admin(c).await;
    // Tomorrow night in Hangzhou (the site's zone), whatever the server's.
    let tomorrow = (Utc::now() + TimeDelta::hours(8) + TimeDelta::days(1)).date_naive();
    let day = tomorrow.format("%Y-%m-%d").to_string();
    let body = |state: &str, start: &str, end: &str| json!({ "switchState": state, "startTime": format!("{day} {start}"), "endTime": format!("{day} {end}"), "remark": "concert" });
    // The spec's rules (section 5), both languages, nothing written.
    let add = |body: Value| Call::post("/landscape/timingOneKey").json(body);
    refused(
        en(&console, "1", add(body("0", "21:00", "20:00"))).await,
        400,
        "The end date must be after the start date",
    );
    let (_, zh) = console.send("1", ZH, add(body("0", "21:00", "21:00"))).await;
    assert_eq!(zh["msg"], "结束时间必须晚于开始时间");
    let past = json!({ "switchState": "0", "startTime": "2020-01-01 18:00", "endTime": format!("{day} 21:00") });
    refused(en(&console, "1", add(past.clone())).await, 400, "The start cannot be in the past");
    let (_, zh) = console.send("1", ZH, add(past)).await;
    assert_eq!(zh["msg"], "开始时间不能早于当前时间");
    refused(
        en(&console, "1", add(json!({ "switchState": "0", "startTime": "tonight", "endTime": "later" }))).await,
        400,
        "The time must be YYYY-MM-DD HH:mm:ss",
    );
    refused(
        en(&console, "1", add(body("", "20:00", "21:00"))).await,
        400,
        "Say whether to switch on or off (on: true or false)",
    );
    let mut long = body("0", "20:00", "21:00");
    long["remark"] = json!("r".repeat(201));
    refused(en(&console, "1", add(long)).await, 400, "Remark may be at most 200 characters");
    refused(
        en(&console, "1", add(json!({ "switchState": "0", "startTime": 20, "endTime": 21 }))).await,
        400,
        "The time must be YYYY-MM-DD HH:mm:ss",
    );
    let (_, list) = en(&console, "1", Call::get("/landscape/timingOneKey/list")).await;
    assert_eq!(list["total"], 0, "{list}");

    // Off from 20:00 to 21:30 tomorrow: every loop of every gateway, above the everyday plan.
    let off = en(&console, "1", add(body("0", "20:00", "21:30"))).await;
    ok(&off);
    let timing_id = off.1["data"].as_i64().unwrap();
    let (_, list) = en(&console, "1", Call::get("/landscape/timingOneKey/list")).await;
    let row = &list["rows"][0];
    assert_eq!(
        (row["switchState"].as_str(), row["startTime"].as_str(), row["state"].as_str()),
        (Some("0"), Some(format!("{day} 20:00:00").as_str()), Some("0")),
        "{list}"
    );
    let (_, plan) = en(&console, "1", Call::get(&format!("/lighting/plan/tonight?date={day}"))).await;
    let gateways = plan["data"]["gateways"].as_array().unwrap();
    assert_eq!(gateways.len(), 5);
    for gateway in gateways {
        for plan_loop in gateway["loops"].as_array().unwrap() {
            let segments = plan_loop["segments"].as_array().unwrap();
            let timing: Vec<(&str, &str, &str)> = segments
                .iter()
                .filter(|s| s["cause"] == "timing")
                .map(|s| (s["from"].as_str().unwrap(), s["to"].as_str().unwrap(), s["switchState"].as_str().unwrap()))
                .collect();
            let (from, to) = (format!("{day} 20:00:00"), format!("{day} 21:30:00"));
            assert_eq!(timing, [(from.as_str(), to.as_str(), "0")], "{segments:?}");
            let decided = segments.iter().find(|s| s["cause"] == "timing").unwrap();
            assert_eq!((decided["timingId"].as_i64(), decided["taskName"].as_str()), (Some(timing_id), None));
            // The everyday plan lights the loop again at 21:30 (full until 23:00).
            let after = segments.iter().find(|s| s["from"] == to.as_str()).unwrap();
            assert_eq!((after["cause"].as_str(), after["switchState"].as_str()), (Some("task"), Some("1")));
        }
    }

    // Another project's window does not exist from here; deleting brings the plan back.
    refused(
        en(&console, "2", delete(&format!("/landscape/timingOneKey/{timing_id}"))).await,
        404,
        "The timing one-key control does not exist",
    );
    ok(&en(&console, "1", delete(&format!("/landscape/timingOneKey/{timing_id}"))).await);
    let (_, plan) = en(&console, "1", Call::get(&format!("/lighting/plan/tonight?date={day}"))).await;
    let causes: Vec<&str> = plan["data"]["gateways"][0]["loops"][0]["segments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["cause"].as_str().unwrap())
        .collect();
    assert!(!causes.contains(&"timing"), "{causes:?}");

    // The demo operator has no landscape screens.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(
        en(&operator, "1", Call::get("/landscape/timingOneKey/list")).await,
        403,
        "No permission, please contact the administrator",
    );
}

// --- combined scenes ------------------------------------------------------------------------

scenario!(combined_scenes_run_their_members_in_turn_through_a_task);
async fn combined_scenes_run_their_members_in_turn_through_a_task(c: &Cluster) {
    let console = Console::admin(c).await;
    let (_, seeded) = en(&console, "1", Call::get("/lighting/scene/list")).await;
    let scene_id = |name: &str| {
        seeded["rows"].as_array().unwrap().iter().find(|s| s["sceneName"] == name).unwrap()["sceneId"].as_i64().unwrap()
    };
    let (bright, dim) = (scene_id("傍晚全亮"), scene_id("深夜节能"));
    let body = |execution: &str, repeat: &str, members: Value| json!({ "sceneName": "Breathing", "executionMode": execution, "repeatMode": repeat, "remark": "", "members": members });
    let add = |body: Value| Call::post("/lighting/combinedScene").json(body);
    // The rules, both languages; nothing written.
    let cycle = json!([{ "sceneId": bright, "minutes": 15 }, { "sceneId": dim, "minutes": 15 }]);
    refused(
        en(&console, "1", add(body("9", "1", cycle.clone()))).await,
        400,
        "Choose the execution mode: synchronous or sequential",
    );
    let (_, zh) = console.send("1", ZH, add(body("1", "", cycle.clone()))).await;
    assert_eq!(zh["msg"], "请选择单次或循环");
    refused(
        en(&console, "1", add(body("1", "1", json!([{ "sceneId": bright, "minutes": 15 }])))).await,
        400,
        "A combined scene has 2 to 20 scenes",
    );
    let short = json!([{ "sceneId": bright, "minutes": 4 }, { "sceneId": dim, "minutes": 15 }]);
    refused(
        en(&console, "1", add(body("1", "1", short))).await,
        400,
        "In a sequence each scene lasts 5 to 1440 minutes",
    );
    let twice = json!([{ "sceneId": bright }, { "sceneId": bright }]);
    refused(en(&console, "1", add(body("0", "0", twice))).await, 400, "In synchronous mode a scene is chosen once");
    let (_, other) = en(&console, "2", Call::get("/lighting/scene/list")).await;
    let foreign = other["rows"][0]["sceneId"].as_i64().unwrap();
    let mixed = json!([{ "sceneId": bright, "minutes": 15 }, { "sceneId": foreign, "minutes": 15 }]);
    refused(en(&console, "1", add(body("1", "1", mixed))).await, 404, "Scene does not exist");
    let (_, none) = en(&console, "1", Call::get("/lighting/combinedScene/list")).await;
    assert_eq!(none["total"], 0, "{none}");

    // A cycle of the bright and the dim scene, 15 minutes each.
    let created = en(&console, "1", add(body("1", "1", cycle))).await;
    ok(&created);
    let combined = created.1["data"].as_i64().unwrap();
    let (_, list) = en(&console, "1", Call::get("/lighting/combinedScene/list")).await;
    let row = &list["rows"][0];
    assert_eq!(
        (
            row["executionMode"].as_str(),
            row["repeatMode"].as_str(),
            row["memberCount"].as_i64(),
            row["totalMinutes"].as_i64()
        ),
        (Some("1"), Some("1"), Some(2), Some(30)),
        "{row}"
    );
    assert_eq!(row["memberNames"], json!(["傍晚全亮", "深夜节能"]));
    let (_, detail) = en(&console, "1", Call::get(&format!("/lighting/combinedScene/{combined}"))).await;
    assert_eq!(detail["data"]["members"][1], json!({ "sceneId": dim, "sceneName": "深夜节能", "minutes": 15 }));
    // not a power scene: the power scenes screen does not list it, a task's picker may ask for it
    let (_, scenes) = en(&console, "1", Call::get("/lighting/scene/list")).await;
    assert_eq!(scenes["total"], 2, "{scenes}");
    let (_, asked) = en(&console, "1", Call::get("/lighting/scene/list?sceneType=2")).await;
    assert_eq!(asked["rows"][0]["sceneId"], combined);
    refused(en(&console, "1", Call::get(&format!("/lighting/scene/{combined}"))).await, 404, "Scene does not exist");
    // a combined scene cannot hold another
    let nested = json!([{ "sceneId": combined, "minutes": 15 }, { "sceneId": dim, "minutes": 15 }]);
    refused(
        en(&console, "1", add(body("1", "0", nested))).await,
        400,
        "A combined scene cannot contain a combined scene",
    );

    // A task of it alone, from 19:00 to 20:00 above the demo's tasks: loop 1 breathes.
    let gateways = gateway_ids(&console, "1").await;
    let mut task = task_body("Breathing hour", &[combined, bright], &gateways[..1]);
    refused(
        en(&console, "1", Call::post("/lighting/task").json(task.clone())).await,
        400,
        "A combined scene must be the task's only scene",
    );
    task["sceneIds"] = json!([combined]);
    task["priority"] = json!(250);
    task["startType"] = json!("0");
    task["startTime"] = json!("19:00");
    task["endTime"] = json!("20:00");
    let created = en(&console, "1", Call::post("/lighting/task").json(task)).await;
    ok(&created);
    let task_id = created.1["data"].as_i64().unwrap();
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(json!({ "taskId": task_id, "enabled": "1" })))
        .await);
    let path = format!("/lighting/plan/tonight?date=2026-12-24&gatewayId={}", gateways[0]);
    let (_, plan) = en(&console, "1", Call::get(&path)).await;
    let segments: Vec<(String, String, i64)> = plan["data"]["gateways"][0]["loops"][0]["segments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["sceneId"] == combined)
        .map(|s| {
            let at = |v: &Value| time(v).format("%H:%M").to_string();
            (at(&s["from"]), at(&s["to"]), s["brightness"].as_i64().unwrap())
        })
        .collect();
    let expected: Vec<(String, String, i64)> =
        [("19:00", "19:15", 100), ("19:15", "19:30", 30), ("19:30", "19:45", 100), ("19:45", "20:00", 30)]
            .iter()
            .map(|(a, b, l)| ((*a).to_owned(), (*b).to_owned(), *l))
            .collect();
    assert_eq!(segments, expected, "{plan}");

    // Kept while in use: an enabled task refuses its edits, a member refuses deletion.
    let edit = json!({ "sceneId": combined, "sceneName": "Breathing", "executionMode": "0", "repeatMode": "0", "members": [{ "sceneId": bright }, { "sceneId": dim }] });
    refused_by_rule(
        en(&console, "1", Call::put("/lighting/combinedScene").json(edit.clone())).await,
        "The scene is used by task 'Breathing hour'",
    );
    refused_by_rule(
        en(&console, "1", delete(&format!("/lighting/combinedScene/{combined}"))).await,
        "The scene is used by task 'Breathing hour'",
    );
    let lone = en(
        &console,
        "1",
        Call::post("/lighting/scene")
            .json(scene_body("Lone", json!([{ "gatewayId": gateways[0], "loopIndex": 2, "switchState": "1" }]))),
    )
    .await;
    ok(&lone);
    let lone = lone.1["data"].as_i64().unwrap();
    let with_lone = json!({ "sceneName": "With lone", "executionMode": "0", "repeatMode": "0", "members": [{ "sceneId": lone }, { "sceneId": dim }] });
    ok(&en(&console, "1", add(with_lone)).await);
    refused_by_rule(
        en(&console, "1", delete(&format!("/lighting/scene/{lone}"))).await,
        "The scene is part of combined scene 'With lone'",
    );
    // editing a member of a combined scene an enabled task runs is refused as for the task's own
    let lone_edit = json!({ "sceneId": bright, "sceneName": "傍晚全亮", "sceneType": "1", "loops": [{ "gatewayId": gateways[0], "loopIndex": 1, "switchState": "1" }] });
    let (_, answer) = en(&console, "1", Call::put("/lighting/scene").json(lone_edit)).await;
    assert_eq!(answer["code"], 500, "{answer}");

    // Switched off and deleted, the task lets its combined scene go; edits then pass.
    ok(&en(&console, "1", Call::put("/lighting/task/changeStatus").json(json!({ "taskId": task_id, "enabled": "0" })))
        .await);
    ok(&en(&console, "1", Call::put("/lighting/combinedScene").json(edit)).await);
    let (_, detail) = en(&console, "1", Call::get(&format!("/lighting/combinedScene/{combined}"))).await;
    assert_eq!(
        (detail["data"]["executionMode"].as_str(), detail["data"]["totalMinutes"].as_i64()),
        (Some("0"), Some(0))
    );
    ok(&en(&console, "1", delete(&format!("/lighting/task/{task_id}"))).await);
    ok(&en(&console, "1", delete(&format!("/lighting/combinedScene/{combined}"))).await);
    refused(
        en(&console, "1", Call::get(&format!("/lighting/combinedScene/{combined}"))).await,
        404,
        "Scene does not exist",
    );
    // another project sees none of it
    let (_, theirs) = en(&console, "2", Call::get("/lighting/combinedScene/list")).await;
    assert_eq!(theirs["total"], 0);
}
