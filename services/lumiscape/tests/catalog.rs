//! Equipment categories and types (issue 12): the HTTP contract of docs/api-compatibility.md,
//! every refusal, project scoping and permissions. Every scenario runs against `--target all`
//! in one process and against every service in a process of its own.

#[macro_use]
mod common;

use common::{Call, Cluster, Console, refused, refused_by_rule};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";

fn delete(path: &str) -> Call<'_> {
    Call { method: reqwest::Method::DELETE, ..Call::get(path) }
}

async fn en(console: &Console<'_>, project: &str, call: Call<'_>) -> (u16, Value) {
    console.send(project, EN, call).await
}

fn ok(answer: &(u16, Value)) -> Value {
    assert_eq!((answer.0, answer.1["code"].as_i64()), (200, Some(200)), "{}", answer.1);
    answer.1["data"].clone()
}

fn type_body(category: i64, name: &str, code: &str, value: i64) -> Value {
    json!({
        "categoryId": category, "typeName": name, "typeCode": code, "typeValue": value,
        "statusCheckSeconds": 300, "minimumBurnMinutes": 15,
    })
}

scenario!(categories_and_types_are_kept_checked_and_scoped);
async fn categories_and_types_are_kept_checked_and_scoped(c: &Cluster) {
    let console = Console::admin(c).await;
    // The demo seed's catalogue is there before: counts are taken against it.
    let total = |list: &Value| list["total"].as_i64().unwrap();
    let seeded_categories = total(&en(&console, "1", Call::get("/device/category/list")).await.1);
    let seeded_types = total(&en(&console, "1", Call::get("/device/type/list")).await.1);
    let body = json!({ "categoryName": "Lamps", "categoryCode": "LAMP", "remark": "all lamps" });
    let lamps = ok(&en(&console, "1", Call::post("/device/category").json(body)).await).as_i64().unwrap();
    let poles = json!({ "categoryName": "Poles", "categoryCode": "POLE" });
    let poles = ok(&en(&console, "1", Call::post("/device/category").json(poles)).await).as_i64().unwrap();

    // Category refusals, each naming its rule, nothing written.
    for (body, status, msg) in [
        (
            json!({ "categoryName": "", "categoryCode": "X" }),
            400,
            "Category name is required and at most 30 characters",
        ),
        (
            json!({ "categoryName": "X", "categoryCode": "a b" }),
            400,
            "Category code is 1 to 32 letters, digits, underscores or hyphens",
        ),
        (json!({ "categoryName": "X", "categoryCode": "LAMP" }), 400, "A category with code 'LAMP' already exists"),
    ] {
        refused(en(&console, "1", Call::post("/device/category").json(body)).await, status, msg);
    }
    let (_, zh) = console
        .send("1", ZH, Call::post("/device/category").json(json!({ "categoryName": "X", "categoryCode": "灯" })))
        .await;
    assert_eq!(zh["msg"], "分类编码为1到32个字母、数字、下划线或连字符");
    let (_, list) = en(&console, "1", Call::get("/device/category/list")).await;
    assert_eq!(total(&list), seeded_categories + 2, "{list}");
    let codes: Vec<&str> =
        list["rows"].as_array().unwrap().iter().map(|c| c["categoryCode"].as_str().unwrap()).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    assert_eq!(codes, sorted, "by code");

    // Types: ordered by their value, lower first (the higher priority).
    let flood = ok(&en(&console, "1", Call::post("/device/type").json(type_body(lamps, "Spot", "SPOT", 5))).await);
    let flood = flood.as_i64().unwrap();
    ok(&en(&console, "1", Call::post("/device/type").json(type_body(lamps, "Accent", "ACCENT", 1))).await);
    let (_, types) = en(&console, "1", Call::get(&format!("/device/type/list?categoryId={lamps}"))).await;
    let codes: Vec<&str> = types["rows"].as_array().unwrap().iter().map(|t| t["typeCode"].as_str().unwrap()).collect();
    assert_eq!(codes, ["ACCENT", "SPOT"]);
    let (_, detail) = en(&console, "1", Call::get(&format!("/device/type/{flood}"))).await;
    let data = &detail["data"];
    assert_eq!((data["categoryName"].as_str(), data["typeValue"].as_i64()), (Some("Lamps"), Some(5)));
    assert_eq!((data["statusCheckSeconds"].as_i64(), data["minimumBurnMinutes"].as_i64()), (Some(300), Some(15)));
    for (change, value, msg) in [
        ("typeValue", json!(256), "Type value must be a whole number from 0 to 255; lower is a higher priority"),
        ("typeValue", Value::Null, "Type value must be a whole number from 0 to 255; lower is a higher priority"),
        ("typeValue", json!("high"), "Type value must be a whole number from 0 to 255; lower is a higher priority"),
        ("statusCheckSeconds", json!(5), "Status check time must be a whole number of seconds from 10 to 86400"),
        ("minimumBurnMinutes", json!(241), "Minimum burn time must be a whole number of minutes from 0 to 240"),
        ("typeCode", json!("SPOT"), "A type with code 'SPOT' already exists"),
    ] {
        let mut body = type_body(lamps, "Other", "OTHER", 3);
        body[change] = value;
        refused(en(&console, "1", Call::post("/device/type").json(body)).await, 400, msg);
    }
    let (_, count) = en(&console, "1", Call::get("/device/type/list")).await;
    assert_eq!(total(&count), seeded_types + 2, "nothing written by a refusal");

    // Edit moves a type to another category; a category with types is kept.
    let mut edit = type_body(poles, "Spot pole", "SPOT", 2);
    edit["typeId"] = json!(flood);
    ok(&en(&console, "1", Call::put("/device/type").json(edit)).await);
    let (_, moved) = en(&console, "1", Call::get(&format!("/device/type/{flood}"))).await;
    assert_eq!((moved["data"]["categoryName"].as_str(), moved["data"]["typeValue"].as_i64()), (Some("Poles"), Some(2)));
    refused_by_rule(
        en(&console, "1", delete(&format!("/device/category/{lamps},{poles}"))).await,
        "The category has equipment types and cannot be deleted",
    );
    let (_, still) = en(&console, "1", Call::get("/device/category/list?categoryCode=LAMP")).await;
    assert_eq!(total(&still), 1, "all or none");
    assert_eq!(still["rows"][0]["typeCount"], 1);

    // Another project's records do not exist from here.
    let other = ok(&en(
        &console,
        "2",
        Call::post("/device/category").json(json!({ "categoryName": "B", "categoryCode": "B" })),
    )
    .await);
    let other = other.as_i64().unwrap();
    refused(
        en(&console, "1", Call::get(&format!("/device/category/{other}"))).await,
        404,
        "Equipment category does not exist",
    );
    refused(
        en(&console, "1", Call::post("/device/type").json(type_body(other, "X", "X", 1))).await,
        404,
        "Equipment category does not exist",
    );
    refused(
        en(&console, "1", delete(&format!("/device/category/{lamps},{other}"))).await,
        404,
        "Equipment category does not exist",
    );
    refused(en(&console, "2", delete(&format!("/device/type/{flood}"))).await, 404, "Equipment type does not exist");
    let mut foreign_edit = type_body(other, "X", "SPOT", 2);
    foreign_edit["typeId"] = json!(flood);
    refused(
        en(&console, "2", Call::put("/device/type").json(foreign_edit)).await,
        404,
        "Equipment type does not exist",
    );

    // Deleting the types frees the categories.
    let mut ids = Vec::new();
    for category in [lamps, poles] {
        let (_, mine) = en(&console, "1", Call::get(&format!("/device/type/list?categoryId={category}"))).await;
        ids.extend(mine["rows"].as_array().unwrap().iter().map(|t| t["typeId"].to_string()));
    }
    assert_eq!(ids.len(), 2);
    ok(&en(&console, "1", delete(&format!("/device/type/{}", ids.join(",")))).await);
    ok(&en(&console, "1", delete(&format!("/device/category/{lamps},{poles}"))).await);

    // Permissions: the demo operator has no device screens, so reads and writes are refused.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let no_permission = "No permission, please contact the administrator";
    refused(en(&operator, "1", Call::get("/device/category/list")).await, 403, no_permission);
    refused(en(&operator, "1", Call::get("/device/type/list")).await, 403, no_permission);
    let body = json!({ "categoryName": "X", "categoryCode": "X" });
    refused(en(&operator, "1", Call::post("/device/category").json(body)).await, 403, no_permission);
}
