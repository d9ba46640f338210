//! Assets through the edge, against real PostgreSQL and NATS: types whose attributes follow
//! spec section 5, assets valued by straight-line depreciation, receive, return, repair and
//! scrap records (a scrap cancelled), the Excel export and import (formula-safe, all or
//! none); bad input in both languages, another project's records and missing permissions.
//! Every scenario runs against `--target all` and against every service in a process of its
//! own.

#[macro_use]
mod common;

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use common::{Call, Cluster, Console, refused, refused_by_rule};
use lumiscape_common::workbook::write_sheet;
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
/// The demo's second project: no assets are seeded there.
const PROJECT: &str = "2";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

async fn ok(console: &Console<'_>, call: Call<'_>) -> Value {
    let (status, answer) = console.send(PROJECT, EN, call).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    answer
}

fn lamp_type() -> Value {
    json!({
        "typeCode": "LAMP", "nameZh": "灯具", "nameEn": "Lamp",
        "attributes": [
            { "attrCode": "source", "nameZh": "光源", "nameEn": "Source", "valueType": "3", "required": true,
              "options": [{ "value": "LED", "labelZh": "LED", "labelEn": "LED", "isDefault": true },
                          { "value": "HPS", "labelZh": "钠灯", "labelEn": "Sodium" }] },
            { "attrCode": "power", "nameZh": "功率", "nameEn": "Power", "valueType": "2", "verify": true, "min": 1, "max": 400 },
        ],
    })
}

fn asset(code: &str, type_id: i64) -> Value {
    json!({
        "assetCode": code, "assetName": "Flood light", "typeId": type_id, "initialValue": "1200", "residualRate": "5",
        "startDate": "2024-01-15", "limitMonths": 60, "attributes": [{ "attrCode": "power", "value": "150" }],
    })
}

async fn record(admin: &Console<'_>, kind: &str, body: Value) -> (u16, Value) {
    admin.send(PROJECT, EN, Call::post(&format!("/operation/asset/record/{kind}")).json(body)).await
}

async fn status(admin: &Console<'_>, id: i64) -> String {
    ok(admin, Call::get(&format!("/operation/asset/{id}"))).await["data"]["status"].as_str().unwrap().to_owned()
}

scenario!(assets_are_valued_received_returned_repaired_and_scrapped);
async fn assets_are_valued_received_returned_repaired_and_scrapped(c: &Cluster) {
    let admin = Console::admin(c).await;
    let lamp = ok(&admin, Call::post("/operation/asset/type").json(lamp_type())).await["typeId"].as_i64().unwrap();
    let read = ok(&admin, Call::get(&format!("/operation/asset/type/{lamp}"))).await;
    let source = &read["data"]["attributes"][0];
    assert_eq!(
        (source["defaultValue"].as_str(), source["options"][0]["isDefault"].as_bool()),
        (Some("LED"), Some(true)),
        "{read}"
    );

    let ids: Vec<i64> = {
        let mut ids = Vec::new();
        for code in ["A-1", "A-2", "A-3"] {
            ids.push(
                ok(&admin, Call::post("/operation/asset").json(asset(code, lamp))).await["assetId"].as_i64().unwrap(),
            );
        }
        ids
    };
    let one = ok(&admin, Call::get(&format!("/operation/asset/{}", ids[0]))).await;
    let data = &one["data"];
    assert_eq!(
        (data["status"].as_str(), data["initialValue"].as_str(), data["residualRate"].as_str()),
        (Some("0"), Some("1200.00"), Some("5.00"))
    );
    // The source took its default; the net value is the initial less 19.00 a whole month.
    assert_eq!(
        data["attributes"],
        json!([{ "attrCode": "source", "value": "LED" }, { "attrCode": "power", "value": "150" }])
    );
    let net: f64 = data["netValue"].as_str().unwrap().parse().unwrap();
    assert!((60.0..1200.0).contains(&net) && ((1200.0 - net) / 19.0).fract().abs() < 1e-9, "{one}");

    // Receive two, then the third with one of them: the whole record is refused.
    let (_, received) = record(&admin, "receive", json!({ "assetIds": [ids[0], ids[1]], "person": "Zhang" })).await;
    let receipt = received["recordId"].as_i64().expect("a receive record");
    refused_by_rule(
        record(&admin, "receive", json!({ "assetIds": [ids[2], ids[0]] })).await,
        "Asset 'A-1' is not idle and cannot be received",
    );
    assert_eq!(status(&admin, ids[2]).await, "0", "nothing of the refused record was written");
    refused(record(&admin, "receive", json!({ "assetIds": [] })).await, 400, "Please choose at least one asset");
    refused(record(&admin, "return", json!({})).await, 400, "A return needs one receive or repair record");

    // Repair the third, return it; return the receipt; a second return is refused.
    let (_, repaired) = record(&admin, "repair", json!({ "assetIds": [ids[2]], "remark": "Water in the cover" })).await;
    let repair = repaired["recordId"].as_i64().unwrap();
    assert_eq!(status(&admin, ids[2]).await, "2");
    ok(&admin, Call::post("/operation/asset/record/return").json(json!({ "recordId": repair }))).await;
    ok(&admin, Call::post("/operation/asset/record/return").json(json!({ "recordId": receipt }))).await;
    assert_eq!((status(&admin, ids[0]).await, status(&admin, ids[2]).await), ("0".to_owned(), "0".to_owned()));
    refused_by_rule(
        record(&admin, "return", json!({ "recordId": receipt })).await,
        "The record is not an open receive or repair record, or has been returned",
    );

    // Scrap one in use and one idle; cancel the scrap: each takes back what it had.
    ok(&admin, Call::post("/operation/asset/record/receive").json(json!({ "assetIds": [ids[0]] }))).await;
    let (_, scrapped) = record(&admin, "scrap", json!({ "assetIds": [ids[0], ids[1]], "remark": "Storm" })).await;
    let scrap = scrapped["recordId"].as_i64().unwrap();
    assert_eq!((status(&admin, ids[0]).await, status(&admin, ids[1]).await), ("3".to_owned(), "3".to_owned()));
    refused_by_rule(record(&admin, "receive", json!({ "assetIds": [ids[1]] })).await, "Asset 'A-2' is scrapped");
    ok(&admin, Call::put(&format!("/operation/asset/record/cancelScrap/{scrap}"))).await;
    assert_eq!((status(&admin, ids[0]).await, status(&admin, ids[1]).await), ("1".to_owned(), "0".to_owned()));
    refused_by_rule(
        admin.send(PROJECT, ZH, Call::put(&format!("/operation/asset/record/cancelScrap/{scrap}"))).await,
        "只有有效的报废记录可以撤销",
    );
    let records = ok(&admin, Call::get("/operation/asset/record/list?recordType=4")).await;
    assert_eq!((records["total"].as_i64(), records["rows"][0]["status"].as_str()), (Some(1), Some("1")), "{records}");
    assert_eq!(records["rows"][0]["items"].as_array().map(Vec::len), Some(2));

    // What is in use, or has a type, stays.
    refused_by_rule(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/asset/{}", ids[0]))).await,
        "An asset in use or under repair cannot be deleted",
    );
    refused_by_rule(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/asset/type/{lamp}"))).await,
        "The type has assets and cannot be deleted",
    );
    let idle = ok(&admin, Call::get(&format!("/operation/asset/list?status=0&typeId={lamp}"))).await;
    assert_eq!(idle["total"], 2);
}

scenario!(asset_rules_foreign_records_and_permissions);
async fn asset_rules_foreign_records_and_permissions(c: &Cluster) {
    let admin = Console::admin(c).await;
    let count = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT (SELECT count(*) FROM maintenance.asset_types) + (SELECT count(*) FROM maintenance.assets) \
             + (SELECT count(*) FROM maintenance.asset_records)",
        )
        .fetch_one(&c.pool)
        .await
        .unwrap()
    };
    let before = count().await;
    let post_type =
        |body: Value, lang: &'static str| admin.send(PROJECT, lang, Call::post("/operation/asset/type").json(body));
    let with_options = |options: Value| {
        let mut body = lamp_type();
        body["attributes"][0]["options"] = options;
        body
    };
    let two_defaults = json!([{ "value": "LED", "isDefault": true }, { "value": "HPS", "isDefault": true }]);
    refused(post_type(with_options(two_defaults.clone()), EN).await, 400, "At most one sub-option can be the default");
    refused(post_type(with_options(two_defaults), ZH).await, 400, "子选项最多只能有一个默认值");
    refused(post_type(with_options(json!([{ "value": "" }])), EN).await, 400, "A sub-option's value cannot be empty");
    refused(post_type(with_options(json!([{ "value": null }])), ZH).await, 400, "子选项的值不能为空");
    let mut no_range = lamp_type();
    no_range["attributes"][1]["max"] = json!(null);
    refused(
        post_type(no_range.clone(), EN).await,
        400,
        "A verify range (min not above max) is required when verification is on",
    );
    refused(post_type(no_range, ZH).await, 400, "开启校验时必须填写校验范围（最小值不大于最大值）");
    let lamp = ok(&admin, Call::post("/operation/asset/type").json(lamp_type())).await["typeId"].as_i64().unwrap();
    refused(post_type(lamp_type(), EN).await, 400, "The code 'LAMP' is already taken");

    let post = |body: Value| admin.send(PROJECT, EN, Call::post("/operation/asset").json(body));
    let with = |key: &str, value: Value| {
        let mut body = asset("B-1", lamp);
        body[key] = value;
        body
    };
    refused(
        post(with("assetCode", json!("B 1"))).await,
        400,
        "The code is required: letters, digits, underscore and hyphen only, at most 32",
    );
    refused(
        post(with("initialValue", json!("-5"))).await,
        400,
        "The initial value is a number from 0 to 999999999.99 with at most two decimals",
    );
    refused(
        post(with("residualRate", json!("101"))).await,
        400,
        "The residual rate is a number from 0 to 100 with at most two decimals",
    );
    refused(post(with("limitMonths", json!("x"))).await, 400, "The limit is 1 to 1200 months");
    refused(post(with("startDate", json!(""))).await, 400, "Dates are written YYYY-MM-DD; the start date is required");
    refused(
        post(with("attributes", json!([{ "attrCode": "power", "value": "999" }]))).await,
        400,
        "The value of '功率' is invalid",
    );
    refused(
        post(with("attributes", json!([{ "attrCode": "source", "value": "MH" }]))).await,
        400,
        "The value of '光源' is invalid",
    );
    refused(post(with("typeId", json!(null))).await, 400, "Please choose an asset type");
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/asset/list?status=9")).await,
        400,
        "An asset's status is idle, in use, under repair or scrapped",
    );
    refused(admin.send(PROJECT, EN, Call::get("/operation/asset/x")).await, 400, "Invalid asset record id");
    let long = "x".repeat(65);
    let (http, answer) = admin.send(PROJECT, EN, Call::get(&format!("/operation/asset/list?keyword={long}"))).await;
    assert_eq!((http, answer["code"].as_i64()), (400, Some(400)), "a keyword over 64 characters: {answer}");
    refused(record(&admin, "receive", json!({ "assetIds": "all" })).await, 400, "Invalid asset record id");
    refused(
        record(&admin, "scrap", json!({ "assetIds": [1], "recordDate": "2026/01/01" })).await,
        400,
        "Dates are written YYYY-MM-DD; the start date is required",
    );
    refused(
        record(&admin, "repair", json!({ "assetIds": [1], "person": "p".repeat(65) })).await,
        400,
        "Person can be at most 64 characters",
    );
    assert_eq!(count().await, before + 1, "only the type was written");

    // Another project's type and asset are absent: not named, not received, not deleted.
    // (The demo project has a LAMP type of its own.)
    let mut foreign_body = lamp_type();
    foreign_body["typeCode"] = json!("FOREIGN");
    let (_, foreign_type) = admin.send("1", EN, Call::post("/operation/asset/type").json(foreign_body)).await;
    let foreign_type = foreign_type["typeId"].as_i64().expect("a type of project 1");
    refused(post(with("typeId", json!(foreign_type))).await, 404, "The asset type does not exist");
    let (_, foreign) = admin.send("1", EN, Call::post("/operation/asset").json(asset("F-1", foreign_type))).await;
    let foreign = foreign["assetId"].as_i64().expect("an asset of project 1");
    let own = ok(&admin, Call::post("/operation/asset").json(asset("B-2", lamp))).await["assetId"].as_i64().unwrap();
    refused(record(&admin, "receive", json!({ "assetIds": [own, foreign] })).await, 404, "The asset does not exist");
    refused(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/asset/{own},{foreign}"))).await,
        404,
        "The asset does not exist",
    );
    assert_eq!(status(&admin, own).await, "0");

    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(operator.send(PROJECT, EN, Call::get("/operation/asset/list")).await, 403, NO_PERMISSION_EN);
    refused(
        operator
            .send(PROJECT, EN, Call::post("/operation/asset/record/scrap").json(json!({ "assetIds": [own] })))
            .await,
        403,
        NO_PERMISSION_EN,
    );
}

/// Uploads a workbook to the asset import; the status and the body.
async fn import(c: &Cluster, admin: &Console<'_>, file_name: &str, bytes: Vec<u8>, lang: &str) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned());
    let form = reqwest::multipart::Form::new().part("file", part);
    let response = c
        .api
        .client
        .post(c.api.url("/operation/asset/importData"))
        .bearer_auth(&admin.token)
        .header("ProjectId", PROJECT)
        .header("Content-Language", lang)
        .multipart(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

fn cells(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).expect("an xlsx");
    let range = workbook.worksheet_range_at(0).unwrap().unwrap();
    range
        .rows()
        .map(|row| {
            row.iter().map(|cell| if let Data::String(s) = cell { s.clone() } else { cell.to_string() }).collect()
        })
        .collect()
}

scenario!(assets_are_imported_all_or_none_and_exported_formula_safe);
async fn assets_are_imported_all_or_none_and_exported_formula_safe(c: &Cluster) {
    let admin = Console::admin(c).await;
    ok(&admin, Call::post("/operation/asset/type").json(lamp_type())).await;
    let headers = [
        "资产编码",
        "资产名称",
        "资产类型编码",
        "到期日期",
        "型号",
        "品牌",
        "地址",
        "供应商",
        "初始价值",
        "残值率(%)",
        "开始使用日期",
        "使用期限(月)",
    ];
    let row = |code: &str, name: &str, type_code: &str, value: &str| -> Vec<String> {
        [code, name, type_code, "", "", "", "", "", value, "5", "2025-01-01", "60"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let bad = write_sheet(
        "资产数据",
        &headers,
        &[
            row("I-1", "=cmd|' /C calc'!A0", "LAMP", "100"),
            row("I-2", "Pole", "NOPE", "100"),
            row("I-1", "Twice", "LAMP", "100"),
            row("I-3", "Neg", "LAMP", "-1"),
        ],
    )
    .unwrap();
    let (status, answer) = import(c, &admin, "assets.xlsx", bad, EN).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(500)), "{answer}");
    let failures: Vec<(u64, String)> = answer["data"]["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["row"].as_u64().unwrap(), f["msg"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        failures,
        [
            (3, "Please choose an asset type".to_owned()),
            (4, "The code 'I-1' is already taken".to_owned()),
            (5, "The initial value is a number from 0 to 999999999.99 with at most two decimals".to_owned()),
        ],
        "{answer}"
    );
    assert_eq!(ok(&admin, Call::get("/operation/asset/list")).await["total"], 0, "nothing imported");
    let (status, answer) = import(c, &admin, "assets.csv", b"a,b".to_vec(), ZH).await;
    assert_eq!((status, answer["code"].as_i64()), (400, Some(400)), "{answer}");

    let good = write_sheet(
        "资产数据",
        &headers,
        &[row("I-1", "=cmd|' /C calc'!A0", "LAMP", "100"), row("I-2", "Pole", "LAMP", "2400.5")],
    )
    .unwrap();
    let (_, answer) = import(c, &admin, "assets.xlsx", good, EN).await;
    assert_eq!((answer["code"].as_i64(), answer["data"]["created"].as_i64()), (Some(200), Some(2)), "{answer}");

    // The export: formula-safe text, the status and net value after the import's columns.
    let response = c
        .api
        .client
        .post(c.api.url("/operation/asset/export"))
        .bearer_auth(&admin.token)
        .header("ProjectId", PROJECT)
        .header("Content-Language", EN)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("keyword=I-")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let sheet = cells(&response.bytes().await.unwrap());
    assert_eq!(sheet[0][0], "Asset code");
    assert_eq!(sheet.len(), 3);
    let formula = sheet.iter().find(|r| r[0] == "I-1").unwrap();
    assert_eq!(
        (formula[1].as_str(), formula[12].as_str(), formula[13].as_str()),
        ("'=cmd|' /C calc'!A0", "Idle", "Lamp")
    );
    let template = c
        .api
        .client
        .post(c.api.url("/operation/asset/importTemplate"))
        .bearer_auth(&admin.token)
        .header("ProjectId", PROJECT)
        .send()
        .await
        .unwrap();
    assert_eq!(cells(&template.bytes().await.unwrap())[0], headers);
}

/// The demo project's types, assets and records: two received, one under repair, one
/// scrapped.
#[tokio::test]
async fn the_demo_has_asset_types_assets_and_records() {
    let c = Cluster::start_with(common::Deployment::Monolith, common::Options::default()).await;
    let admin = Console::admin(&c).await;
    let (_, list) = admin.send("1", ZH, Call::get("/operation/asset/list?pageSize=50")).await;
    let mut statuses: Vec<&str> =
        list["rows"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, ["0", "0", "1", "1", "2", "3"], "{list}");
    let (_, types) = admin.send("1", ZH, Call::get("/operation/asset/type/list")).await;
    assert_eq!(types["total"], 2);
}
