//! The device registry (issue 12): devices on the gateways' loops and their groups, the HTTP
//! contract of docs/api-compatibility.md, every refusal, the workbooks (formula-safe, all or
//! none), project scoping and permissions, and group control of a simulated fleet with a
//! hold. Every scenario runs against `--target all` in one process and against every service
//! in a process of its own.

#[macro_use]
mod common;

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use common::{Call, Cluster, Console, eventually, refused, refused_by_rule, riverside_fleet};
use lumiscape_common::workbook::write_sheet;
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

async fn en(console: &Console<'_>, project: &str, call: Call<'_>) -> (u16, Value) {
    console.send(project, EN, call).await
}

fn ok(answer: &(u16, Value)) -> Value {
    assert_eq!((answer.0, answer.1["code"].as_i64()), (200, Some(200)), "{}", answer.1);
    answer.1["data"].clone()
}

async fn total(console: &Console<'_>, project: &str, path: &str) -> i64 {
    en(console, project, Call::get(path)).await.1["total"].as_i64().unwrap()
}

/// The id of the first row of a list.
async fn first_id(console: &Console<'_>, project: &str, path: &str, field: &str) -> i64 {
    let (_, list) = en(console, project, Call::get(path)).await;
    list["rows"][0][field].as_i64().unwrap_or_else(|| panic!("{path}: {list}"))
}

async fn gateway_id(console: &Console<'_>, project: &str, serial: &str) -> i64 {
    first_id(console, project, &format!("/lighting/gateway/list?gatewayNumber={serial}"), "gatewayId").await
}

async fn type_id(console: &Console<'_>, project: &str, name: &str) -> i64 {
    first_id(console, project, &format!("/device/type/list?typeName={name}"), "typeId").await
}

fn device_body(type_id: i64, gateway_id: i64, code: &str, loop_index: i64) -> Value {
    json!({
        "deviceName": "Pier floodlight", "deviceCode": code, "typeId": type_id, "gatewayId": gateway_id,
        "loopIndex": loop_index, "address": "East bank, pier 4", "longitude": 120.21, "latitude": 30.21,
    })
}

scenario!(devices_are_kept_checked_and_scoped);
async fn devices_are_kept_checked_and_scoped(c: &Cluster) {
    let console = Console::admin(c).await;
    // The demo: a device on every loop of the five riverside cabinets.
    assert_eq!(total(&console, "1", "/device/device/list").await, 20);
    let gateway = gateway_id(&console, "1", "SIM-00001").await;
    let flood = type_id(&console, "1", "投光灯").await;
    let (_, mounted) = en(&console, "1", Call::get(&format!("/device/device/list?gatewayId={gateway}"))).await;
    let first = &mounted["rows"][0];
    assert_eq!(mounted["total"], 4, "{mounted}");
    assert_eq!((first["deviceCode"].as_str(), first["loopIndex"].as_i64()), (Some("SIM-00001-L1"), Some(1)));
    assert_eq!((first["typeName"].as_str(), first["categoryName"].as_str()), (Some("投光灯"), Some("景观照明")));
    assert_eq!((first["gatewayNumber"].as_str(), first["loopName"].as_str()), (Some("SIM-00001"), Some("回路1")));
    assert_eq!((first["status"].as_str(), first["online"].as_str()), (Some("0"), Some("0")));
    assert!(first["switchState"].is_null(), "no state reported yet: {first}");
    assert_eq!(first["groupNames"], json!(["立面景观灯"]));

    let id = ok(&en(&console, "1", Call::post("/device/device").json(device_body(flood, gateway, "FL-1", 2))).await);
    let id = id.as_i64().unwrap();
    let (_, detail) = en(&console, "1", Call::get(&format!("/device/device/{id}"))).await;
    let data = &detail["data"];
    assert_eq!((data["deviceName"].as_str(), data["loopName"].as_str()), (Some("Pier floodlight"), Some("回路2")));
    assert_eq!((data["longitude"].as_f64(), data["latitude"].as_f64()), (Some(120.21), Some(30.21)));

    // Refusals, each naming its rule, nothing written.
    for (field, value, status, msg) in [
        ("deviceName", json!(""), 400, "Device name is required and at most 30 characters"),
        ("deviceCode", json!("FL 2"), 400, "Device code is 1 to 32 letters, digits, underscores or hyphens"),
        ("deviceCode", json!("FL-1"), 400, "A device with code 'FL-1' already exists"),
        ("loopIndex", json!(5), 400, "No such loop: choose one of the gateway's loops"),
        ("loopIndex", json!("two"), 400, "No such loop: choose one of the gateway's loops"),
        ("address", json!("  "), 400, "Device address is required and at most 100 characters"),
        (
            "latitude",
            Value::Null,
            400,
            "Invalid device location: longitude must be a number from -180 to 180 and latitude from -90 to 90, both or neither",
        ),
        (
            "longitude",
            json!("east"),
            400,
            "Invalid device location: longitude must be a number from -180 to 180 and latitude from -90 to 90, both or neither",
        ),
        ("status", json!("9"), 400, "Status must be 0 (in service) or 1 (out of service)"),
        ("deviceName", json!("n".repeat(31)), 400, "Device name is required and at most 30 characters"),
        ("remark", json!("r".repeat(201)), 400, "Remark may be at most 200 characters"),
        ("typeId", json!("flood"), 400, "Equipment type does not exist"),
        ("typeId", json!(999_999), 404, "Equipment type does not exist"),
        ("gatewayId", json!(999_999), 404, "Gateway does not exist"),
    ] {
        let mut body = device_body(flood, gateway, "FL-2", 1);
        body[field] = value;
        refused(en(&console, "1", Call::post("/device/device").json(body)).await, status, msg);
    }
    let (_, zh) =
        console.send("1", ZH, Call::post("/device/device").json(device_body(flood, gateway, "FL-1", 1))).await;
    assert_eq!(zh["msg"], "设备编码'FL-1'已存在");
    assert_eq!(total(&console, "1", "/device/device/list").await, 21, "nothing written by a refusal");

    // Edit: out of service, no location; filters by status, gateway and code.
    let mut edit = device_body(flood, gateway, "FL-1", 3);
    edit["deviceId"] = json!(id);
    edit["status"] = json!("1");
    edit["longitude"] = Value::Null;
    edit["latitude"] = json!("");
    ok(&en(&console, "1", Call::put("/device/device").json(edit)).await);
    let (_, out) = en(&console, "1", Call::get("/device/device/list?status=1")).await;
    assert_eq!((out["total"].as_i64(), out["rows"][0]["deviceId"].as_i64()), (Some(1), Some(id)), "{out}");
    assert!(out["rows"][0]["longitude"].is_null());
    assert_eq!(total(&console, "1", "/device/device/list?deviceCode=FL-").await, 1);
    refused(
        en(&console, "1", Call::get("/device/device/list?status=x")).await,
        400,
        "Status must be 0 (in service) or 1 (out of service)",
    );
    refused(en(&console, "1", Call::get("/device/device/list?gatewayId=x")).await, 400, "Invalid gateway id");

    // A type that devices are of is kept.
    refused_by_rule(
        en(&console, "1", Call::delete(&format!("/device/type/{flood}"))).await,
        "Devices are of this type: it cannot be deleted",
    );

    // Another project's devices do not exist from here, nor its gateways and types.
    let other_gateway = gateway_id(&console, "2", "SIM-00006").await;
    refused(en(&console, "2", Call::get(&format!("/device/device/{id}"))).await, 404, "The device does not exist");
    refused(en(&console, "2", Call::delete(&format!("/device/device/{id}"))).await, 404, "The device does not exist");
    refused(
        en(&console, "1", Call::post("/device/device").json(device_body(flood, other_gateway, "FL-9", 1))).await,
        404,
        "Gateway does not exist",
    );
    let other_type = type_id(&console, "2", "投光灯").await;
    refused(
        en(&console, "1", Call::post("/device/device").json(device_body(other_type, gateway, "FL-9", 1))).await,
        404,
        "Equipment type does not exist",
    );
    let mut foreign = device_body(other_type, other_gateway, "FL-9", 1);
    foreign["deviceId"] = json!(id);
    refused(en(&console, "2", Call::put("/device/device").json(foreign)).await, 404, "The device does not exist");

    // Delete: all or none.
    refused(
        en(&console, "1", Call::delete(&format!("/device/device/{id},999999"))).await,
        404,
        "The device does not exist",
    );
    ok(&en(&console, "1", Call::delete(&format!("/device/device/{id}"))).await);
    assert_eq!(total(&console, "1", "/device/device/list").await, 20);

    // Permissions: the demo operator has no device screens.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(en(&operator, "1", Call::get("/device/device/list")).await, 403, NO_PERMISSION_EN);
    refused(en(&operator, "1", Call::get("/device/group/list")).await, 403, NO_PERMISSION_EN);
    let control = Call::post("/device/group/control").json(json!({ "groupId": 1, "switchState": "0" }));
    refused(en(&operator, "1", control).await, 403, NO_PERMISSION_EN);
}

/// Uploads a workbook to the device import; the status and the body.
async fn import(c: &Cluster, admin: &Console<'_>, file_name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned());
    let form = reqwest::multipart::Form::new().part("file", part);
    let response = c
        .api
        .client
        .post(c.api.url("/device/device/importData"))
        .bearer_auth(&admin.token)
        .header("ProjectId", "1")
        .header("Content-Language", EN)
        .multipart(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// A form POST answering a workbook.
async fn download(c: &Cluster, admin: &Console<'_>, path: &str, form: &str) -> Vec<Vec<String>> {
    let response = c
        .api
        .client
        .post(c.api.url(path))
        .bearer_auth(&admin.token)
        .header("ProjectId", "1")
        .header("Content-Language", EN)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form.to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let bytes = response.bytes().await.unwrap();
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).expect("an xlsx");
    let range = workbook.worksheet_range_at(0).unwrap().unwrap();
    range
        .rows()
        .map(|row| {
            row.iter().map(|cell| if let Data::String(s) = cell { s.clone() } else { cell.to_string() }).collect()
        })
        .collect()
}

scenario!(devices_are_imported_all_or_none_and_exported_formula_safe);
async fn devices_are_imported_all_or_none_and_exported_formula_safe(c: &Cluster) {
    let admin = Console::admin(c).await;
    let template = download(c, &admin, "/device/device/importTemplate", "").await;
    let headers = &template[0];
    assert_eq!(headers[0], "Device code");
    assert_eq!(headers.len(), 10);
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let row = |code: &str, name: &str, type_code: &str, gateway: &str, loop_index: &str, lng: &str| -> Vec<String> {
        [code, name, type_code, gateway, loop_index, "North gate", lng, "30.2", "", ""]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let bad = write_sheet(
        "Devices",
        &header_refs,
        &[
            row("NW-1", "=cmd|' /C calc'!A0", "FLOOD", "SIM-00002", "1", "120.2"),
            row("NW-2", "Lamp", "NOPE", "SIM-00002", "1", "120.2"),
            row("NW-3", "Lamp", "FLOOD", "SIM-00006", "1", "120.2"),
            row("NW-4", "Lamp", "FLOOD", "SIM-00002", "5", "120.2"),
            row("NW-1", "Twice", "FLOOD", "SIM-00002", "2", "120.2"),
            row("SIM-00001-L1", "Taken", "FLOOD", "SIM-00002", "2", "120.2"),
            row("NW-5", "Lamp", "FLOOD", "SIM-00002", "2", "east"),
        ],
    )
    .unwrap();
    let (status, answer) = import(c, &admin, "devices.xlsx", bad).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(500)), "{answer}");
    let failures: Vec<(u64, &str, &str)> = answer["data"]["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["row"].as_u64().unwrap(), f["deviceCode"].as_str().unwrap(), f["msg"].as_str().unwrap()))
        .collect();
    let location = "Invalid device location: longitude must be a number from -180 to 180 and latitude from -90 to 90, both or neither";
    assert_eq!(
        failures,
        [
            (3, "NW-2", "Equipment type does not exist"),
            (4, "NW-3", "Gateway does not exist"),
            (5, "NW-4", "No such loop: choose one of the gateway's loops"),
            (6, "NW-1", "A device with code 'NW-1' already exists"),
            (7, "SIM-00001-L1", "A device with code 'SIM-00001-L1' already exists"),
            (8, "NW-5", location),
        ],
        "{answer}"
    );
    assert_eq!(total(&admin, "1", "/device/device/list").await, 20, "nothing imported");
    let (status, answer) = import(c, &admin, "devices.csv", b"a,b".to_vec()).await;
    assert_eq!((status, answer["code"].as_i64()), (400, Some(400)), "{answer}");

    let good = write_sheet(
        "Devices",
        &header_refs,
        &[
            row("NW-1", "=cmd|' /C calc'!A0", "FLOOD", "SIM-00002", "1", "120.2"),
            row("NW-2", "Lamp", "STREET", "SIM-00002", "4", ""),
        ],
    );
    // A half location (a latitude without longitude) is refused too: fix it first.
    let (_, answer) = import(c, &admin, "devices.xlsx", good.unwrap()).await;
    assert_eq!(answer["data"]["failures"][0]["msg"], location, "{answer}");
    let good = write_sheet(
        "Devices",
        &header_refs,
        &[
            row("NW-1", "=cmd|' /C calc'!A0", "FLOOD", "SIM-00002", "1", "120.2"),
            row("NW-2", "Lamp", "STREET", "SIM-00002", "4", "120.3"),
        ],
    )
    .unwrap();
    let (_, answer) = import(c, &admin, "devices.xlsx", good).await;
    assert_eq!((answer["code"].as_i64(), answer["data"]["created"].as_i64()), (Some(200), Some(2)), "{answer}");
    assert_eq!(total(&admin, "1", "/device/device/list").await, 22);

    // The export: the filter's devices, formula-safe, type, gateway and presence after the
    // import's columns.
    let sheet = download(c, &admin, "/device/device/export", "deviceCode=NW-").await;
    assert_eq!(sheet.len(), 3, "{sheet:?}");
    assert_eq!((sheet[0][0].as_str(), sheet[0][12].as_str()), ("Device code", "Online"));
    let formula = sheet.iter().find(|r| r[0] == "NW-1").unwrap();
    assert_eq!(
        (formula[1].as_str(), formula[3].as_str(), formula[10].as_str(), formula[12].as_str()),
        ("'=cmd|' /C calc'!A0", "SIM-00002", "投光灯", "0")
    );
}

scenario!(groups_switch_their_devices_in_service);
async fn groups_switch_their_devices_in_service(c: &Cluster) {
    let console = Console::admin(c).await;
    // The demo's two groups: the facades (loops 1 and 2) and the street (3 and 4).
    let (_, groups) = en(&console, "1", Call::get("/device/group/list")).await;
    assert_eq!(groups["total"], 2, "{groups}");
    let facades = groups["rows"].as_array().unwrap().iter().find(|g| g["groupName"] == "立面景观灯").unwrap();
    assert_eq!(facades["deviceCount"], 10);
    let facades = facades["groupId"].as_i64().unwrap();

    // A group of its own: checked, scoped, all or none.
    let (_, devices) = en(&console, "1", Call::get("/device/device/list?deviceCode=SIM-00003")).await;
    let ids: Vec<i64> = devices["rows"].as_array().unwrap().iter().map(|d| d["deviceId"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 4);
    let body = json!({ "groupName": "Cabinet 3", "remark": "all of it", "deviceIds": ids });
    let group = ok(&en(&console, "1", Call::post("/device/group").json(body)).await).as_i64().unwrap();
    let (_, detail) = en(&console, "1", Call::get(&format!("/device/group/{group}"))).await;
    assert_eq!(
        (detail["data"]["deviceCount"].as_i64(), detail["data"]["deviceIds"].as_array().map(Vec::len)),
        (Some(4), Some(4))
    );
    assert_eq!(detail["data"]["devices"][0]["deviceCode"], "SIM-00003-L1");
    let other_device = first_id(&console, "2", "/device/device/list", "deviceId").await;
    for (body, status, msg) in [
        (json!({ "groupName": "", "deviceIds": [] }), 400, "Group name is required and at most 30 characters"),
        (json!({ "groupName": "Cabinet 3", "deviceIds": [] }), 400, "A group named 'Cabinet 3' already exists"),
        (
            json!({ "groupName": "g".repeat(31), "deviceIds": [] }),
            400,
            "Group name is required and at most 30 characters",
        ),
        (json!({ "groupName": "Odd", "deviceIds": "all" }), 404, "The device does not exist"),
        (json!({ "groupName": "Foreign", "deviceIds": [other_device] }), 404, "The device does not exist"),
        (
            json!({ "groupName": "Many", "deviceIds": (1..=1001).collect::<Vec<i64>>() }),
            400,
            "A group holds at most 1000 devices",
        ),
    ] {
        refused(en(&console, "1", Call::post("/device/group").json(body)).await, status, msg);
    }
    assert_eq!(total(&console, "1", "/device/group/list").await, 3, "nothing written by a refusal");
    let edit = json!({ "groupId": group, "groupName": "Cabinet 3 lower", "deviceIds": [ids[0], ids[1]] });
    ok(&en(&console, "1", Call::put("/device/group").json(edit)).await);
    assert_eq!(total(&console, "1", &format!("/device/device/list?groupId={group}")).await, 2);
    refused(
        en(&console, "2", Call::get(&format!("/device/group/{group}"))).await,
        404,
        "The device group does not exist",
    );

    // Control is refused before anything is sent when it cannot be done.
    let control = |body: Value| Call::post("/device/group/control").json(body);
    let say = "Say whether to switch on or off (on: true or false)";
    refused(en(&console, "1", control(json!({ "groupId": group }))).await, 400, say);
    let hold = "The hold must be a whole number of minutes from 1 to 1440";
    for minutes in [json!(0), json!(1441), json!("soon")] {
        let body = json!({ "groupId": group, "switchState": "0", "holdMinutes": minutes });
        refused(en(&console, "1", control(body)).await, 400, hold);
    }
    refused(
        en(&console, "1", control(json!({ "groupId": 999_999, "switchState": "0" }))).await,
        404,
        "The device group does not exist",
    );
    // Another project's group does not exist from there either.
    refused(
        en(&console, "2", control(json!({ "groupId": group, "switchState": "0" }))).await,
        404,
        "The device group does not exist",
    );
    // Out of service, the devices are left alone: a group of only those has nothing to switch.
    let device = ids[0];
    let (_, row) = en(&console, "1", Call::get(&format!("/device/device/{device}"))).await;
    let mut out = row["data"].clone();
    out["status"] = json!("1");
    ok(&en(&console, "1", Call::put("/device/device").json(out)).await);
    let lonely = json!({ "groupName": "Retired", "deviceIds": [device] });
    let lonely = ok(&en(&console, "1", Call::post("/device/group").json(lonely)).await).as_i64().unwrap();
    for (lang, msg) in [(EN, "The group has no device in service"), (ZH, "该分组没有在用设备")] {
        let body = json!({ "groupId": lonely, "switchState": "1" });
        refused_by_rule(console.send("1", lang, control(body)).await, msg);
    }

    // The offline fleet is reported, not waited for.
    let (_, offline) = en(&console, "1", control(json!({ "groupId": facades, "switchState": "0" }))).await;
    assert_eq!(
        (offline["data"]["total"].as_i64(), offline["data"]["failed"].as_i64()),
        (Some(5), Some(5)),
        "{offline}"
    );
    assert!(offline["data"]["results"].as_array().unwrap().iter().all(|r| r["result"] == "offline"));

    // The simulated fleet: the facades off for 15 minutes, the street loops left on.
    let stop = tokio_util::sync::CancellationToken::new();
    let (fleet, server, sim_stop) = (riverside_fleet(c), c.nats_url.clone(), stop.clone());
    let simulator =
        tokio::spawn(async move { lumiscape_gateway_bridge::simulator::run(fleet, &server, sim_stop).await });
    let online =
        eventually(30, || async { total(&console, "1", "/lighting/gateway/list?onlineStatus=1").await == 5 }).await;
    assert!(online, "the fleet comes online through the bridge");
    ok(&en(&console, "1", Call::post("/lighting/oneKey/control").json(json!({ "on": true }))).await);
    let body = json!({ "groupId": facades, "switchState": "0", "holdMinutes": 15 });
    let data = ok(&en(&console, "1", control(body)).await);
    assert_eq!(
        (data["total"].as_i64(), data["succeeded"].as_i64(), data["failed"].as_i64()),
        (Some(5), Some(5), Some(0)),
        "{data}"
    );
    assert!(data["results"].as_array().unwrap().iter().all(|r| r["result"] == "ok" && r["message"] == ""), "{data}");
    // Reading each cabinet keeps its loops' state as the devices' (the acknowledgements of
    // switching carry no readings from the simulator).
    let (_, cabinets) = en(&console, "1", Call::get("/lighting/gateway/list")).await;
    for cabinet in cabinets["rows"].as_array().unwrap() {
        let read = Call::post("/lighting/control/read").json(json!({ "gatewayId": cabinet["gatewayId"] }));
        ok(&en(&console, "1", read).await);
    }
    let (_, states) = en(&console, "1", Call::get("/device/device/list?pageSize=50")).await;
    for device in states["rows"].as_array().unwrap() {
        // The device out of service (cabinet 3, loop 1) was left alone, and so was its loop.
        let facade = device["loopIndex"].as_i64().unwrap() <= 2;
        let expected = if facade && device["status"] == "0" { "0" } else { "1" };
        assert_eq!(device["switchState"], expected, "{device}");
        assert_eq!(device["online"], "1");
    }
    // Real-time control takes the same hold.
    let gateway = gateway_id(&console, "1", "SIM-00001").await;
    let switch = json!({ "gatewayId": gateway, "loopIndex": 1, "on": true, "holdMinutes": 30 });
    ok(&en(&console, "1", Call::post("/lighting/control/loop").json(switch)).await);
    let switch = json!({ "gatewayId": gateway, "loopIndex": 1, "on": true, "holdMinutes": 2000 });
    refused(en(&console, "1", Call::post("/lighting/control/loop").json(switch)).await, 400, hold);

    // Dimming: the whole group down to 30 % in one action, the loops' current with it.
    let loop_1_current = |read: Value| read["loops"][0]["current"].as_f64().unwrap();
    let read = || Call::post("/lighting/control/read").json(json!({ "gatewayId": gateway }));
    let full = loop_1_current(ok(&en(&console, "1", read()).await));
    let body = json!({ "groupId": facades, "switchState": "1", "brightness": 30 });
    let data = ok(&en(&console, "1", control(body)).await);
    assert_eq!(data["succeeded"].as_i64(), Some(5), "{data}");
    let dimmed = loop_1_current(ok(&en(&console, "1", read()).await));
    assert!((0.2..0.4).contains(&(dimmed / full)), "{dimmed} A dimmed against {full} A at full");
    let (_, log) = en(&console, "1", Call::get("/device/command/list?source=group&pageSize=1")).await;
    assert_eq!((log["rows"][0]["action"].as_str(), log["rows"][0]["brightness"].as_i64()), (Some("on"), Some(30)));
    // Real-time control dims one loop the same way; full brightness again is the default.
    let switch = json!({ "gatewayId": gateway, "loopIndex": 1, "on": true, "brightness": "60" });
    ok(&en(&console, "1", Call::post("/lighting/control/loop").json(switch)).await);
    let sixty = loop_1_current(ok(&en(&console, "1", read()).await));
    assert!((0.5..0.7).contains(&(sixty / full)), "{sixty} A at 60 % against {full} A at full");
    let switch = json!({ "gatewayId": gateway, "loopIndex": 1, "on": true });
    ok(&en(&console, "1", Call::post("/lighting/control/loop").json(switch)).await);
    let again = loop_1_current(ok(&en(&console, "1", read()).await));
    assert!((0.9..1.1).contains(&(again / full)), "{again} A at full again against {full} A");
    // A brightness out of range, not a number, or with switching off is refused, nothing sent.
    let sent = total(&console, "1", "/device/command/list").await;
    let bright = "The brightness must be a whole number from 1 to 100";
    for brightness in [json!(0), json!(101), json!("bright"), json!(30.5)] {
        let body = json!({ "groupId": facades, "switchState": "1", "brightness": brightness });
        refused(en(&console, "1", control(body)).await, 400, bright);
        let switch = json!({ "gatewayId": gateway, "loopIndex": 1, "on": true, "brightness": brightness });
        refused(en(&console, "1", Call::post("/lighting/control/loop").json(switch)).await, 400, bright);
    }
    for (lang, msg) in [(EN, "A brightness is only given when switching on"), (ZH, "仅开灯时可设置亮度")] {
        let body = json!({ "groupId": facades, "switchState": "0", "brightness": 50 });
        let (status, reply) = console.send("1", lang, control(body)).await;
        assert_eq!((status, reply["msg"].as_str()), (400, Some(msg)), "{reply}");
    }
    assert_eq!(total(&console, "1", "/device/command/list").await, sent, "nothing sent or audited");
    stop.cancel();
    simulator.await.unwrap().unwrap();

    // Deleting groups keeps their devices.
    ok(&en(&console, "1", Call::delete(&format!("/device/group/{group},{lonely}"))).await);
    assert_eq!(total(&console, "1", "/device/device/list").await, 20);
    assert_eq!(total(&console, "1", "/device/group/list").await, 2);
}

scenario!(a_lighting_chart_sets_a_loops_night_plan_against_what_it_reported);
async fn a_lighting_chart_sets_a_loops_night_plan_against_what_it_reported(c: &Cluster) {
    let console = Console::admin(c).await;
    let gateway = gateway_id(&console, "1", "SIM-00001").await;
    // What loop 1 reported on Christmas Eve (Hangzhou, UTC+8): on at 18:00 and 18:01, off at
    // 18:02 and 18:03, then silent until 18:20.
    sqlx::query("SELECT lighting.ensure_sample_partition('2026-12-24')").execute(&c.pool).await.unwrap();
    for (minute, on, watts) in [(0, true, 180.0), (1, true, 182.0), (2, false, 0.0), (3, false, 0.0), (20, false, 0.0)]
    {
        sqlx::query(
            "INSERT INTO lighting.loop_samples (gateway_id, loop_index, sample_time, seq, is_on, voltage_v, current_a, \
             active_power_w, energy_kwh) VALUES ($1, 1, '2026-12-24 10:00:00+00'::timestamptz + make_interval(mins => $2), \
             $2, $3, 220, 0.8, $4, 12.5)",
        )
        .bind(gateway)
        .bind(minute)
        .bind(on)
        .bind(watts)
        .execute(&c.pool)
        .await
        .unwrap();
    }
    let path = format!("/device/chart/loop?gatewayId={gateway}&loopIndex=1&date=2026-12-24");
    let chart = ok(&en(&console, "1", Call::get(&path)).await);
    assert_eq!(
        (chart["from"].as_str(), chart["to"].as_str()),
        (Some("2026-12-24 12:00:00"), Some("2026-12-25 12:00:00"))
    );
    assert_eq!((chart["gatewayNumber"].as_str(), chart["loopName"].as_str()), (Some("SIM-00001"), Some("回路1")));
    // The plan is the night plan's for this loop.
    let (_, plan) =
        en(&console, "1", Call::get(&format!("/lighting/plan/tonight?date=2026-12-24&gatewayId={gateway}"))).await;
    assert_eq!(chart["planned"], plan["data"]["gateways"][0]["loops"][0]["segments"], "{chart}");
    let actual: Vec<(&str, &str, &str)> = chart["actual"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["from"].as_str().unwrap(), a["to"].as_str().unwrap(), a["switchState"].as_str().unwrap()))
        .collect();
    assert_eq!(
        actual,
        [
            ("2026-12-24 18:00:00", "2026-12-24 18:02:00", "1"),
            ("2026-12-24 18:02:00", "2026-12-24 18:03:00", "0"),
            ("2026-12-24 18:20:00", "2026-12-24 18:20:00", "0"),
        ],
        "a gap where telemetry fell silent: {chart}"
    );
    let power = chart["power"].as_array().unwrap();
    assert_eq!((power.len(), power[1]["activePowerW"].as_f64()), (5, Some(182.0)));

    for (query, status, msg) in [
        (format!("gatewayId={gateway}&loopIndex=1&date=24/12/2026"), 400, "The date must be YYYY-MM-DD"),
        (format!("gatewayId={gateway}&loopIndex=5"), 400, "Loop index must be 1 to 4"),
        ("gatewayId=999999&loopIndex=1".to_owned(), 404, "Gateway does not exist"),
    ] {
        refused(en(&console, "1", Call::get(&format!("/device/chart/loop?{query}"))).await, status, msg);
    }
    refused(en(&console, "2", Call::get(&path)).await, 404, "Gateway does not exist");
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(en(&operator, "1", Call::get(&path)).await, 403, NO_PERMISSION_EN);
}
