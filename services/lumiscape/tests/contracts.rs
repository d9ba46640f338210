//! Maintenance contracts through the edge, against real PostgreSQL and NATS: companies,
//! contracts whose dates follow spec section 5 and whose state the calendar gives (near its
//! end flagged), plans finished with a result; bad input in both languages, another
//! project's records, missing permissions, and the demo's. Every scenario runs against
//! `--target all` and against every service in a process of its own.

#[macro_use]
mod common;

use common::{Call, Cluster, Console, local_day as day, refused, refused_by_rule};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
/// The demo's second project: no maintenance records are seeded there.
const PROJECT: &str = "2";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

async fn ok(console: &Console<'_>, call: Call<'_>) -> Value {
    let (status, answer) = console.send(PROJECT, EN, call).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    answer
}

async fn company(admin: &Console<'_>, name: &str) -> i64 {
    let body = json!({ "companyName": name, "contactName": "Wang", "phone": "13900139000" });
    ok(admin, Call::post("/operation/maintenance/company").json(body)).await["companyId"].as_i64().unwrap()
}

fn contract_body(number: &str, company: i64, start: &str, end: &str) -> Value {
    json!({
        "contractNumber": number, "contractName": "Riverside upkeep", "companyId": company,
        "startDate": start, "endDate": end, "amount": "120000.5",
    })
}

async fn contract(admin: &Console<'_>, number: &str, company: i64, start: &str, end: &str) -> i64 {
    let body = contract_body(number, company, start, end);
    ok(admin, Call::post("/operation/maintenance/contract").json(body)).await["contractId"].as_i64().unwrap()
}

scenario!(contracts_are_flagged_near_their_end_and_plans_are_finished);
async fn contracts_are_flagged_near_their_end_and_plans_are_finished(c: &Cluster) {
    let admin = Console::admin(c).await;
    let bright = company(&admin, "Bright Lighting").await;
    let near = contract(&admin, "WB-1", bright, &day(0), &day(20)).await;
    let long = contract(&admin, "WB-2", bright, &day(0), &day(200)).await;
    let later = contract(&admin, "WB-3", bright, &day(21), &day(300)).await;

    let read = ok(&admin, Call::get(&format!("/operation/maintenance/contract/{near}"))).await;
    let data = &read["data"];
    assert_eq!(
        (data["state"].as_str(), data["nearEnd"].as_bool(), data["daysLeft"].as_i64(), data["amount"].as_str()),
        (Some("1"), Some(true), Some(20), Some("120000.50")),
        "{read}"
    );
    assert_eq!(data["companyName"], "Bright Lighting");
    let states = |path: &'static str| {
        let admin = &admin;
        async move {
            let list = ok(admin, Call::get(path)).await;
            list["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["contractNumber"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(states("/operation/maintenance/contract/list").await, ["WB-1", "WB-2", "WB-3"], "ending soonest first");
    assert_eq!(states("/operation/maintenance/contract/list?state=1").await, ["WB-1"]);
    assert_eq!(states("/operation/maintenance/contract/list?state=0").await, ["WB-2"]);
    assert_eq!(states("/operation/maintenance/contract/list?state=3").await, ["WB-3"]);
    assert!(states("/operation/maintenance/contract/list?state=2").await.is_empty());
    let listed = ok(&admin, Call::get(&format!("/operation/maintenance/company/{bright}"))).await;
    assert_eq!(listed["data"]["contractCount"], 3);

    // A plan within its contract, not in the past; edited; finished with a result.
    let plan_body = |date: &str| json!({ "planName": "Cabinet check", "contractId": near, "planDate": date, "content": "Insulation" });
    refused(
        admin.send(PROJECT, EN, Call::post("/operation/maintenance/plan").json(plan_body(&day(-1)))).await,
        400,
        "The plan date is required, as YYYY-MM-DD, and cannot be in the past",
    );
    refused(
        admin.send(PROJECT, ZH, Call::post("/operation/maintenance/plan").json(plan_body(&day(25)))).await,
        400,
        "计划日期须在合同期内",
    );
    let plan = ok(&admin, Call::post("/operation/maintenance/plan").json(plan_body(&day(3)))).await["planId"]
        .as_i64()
        .unwrap();
    let mut edit = plan_body(&day(4));
    edit["planId"] = json!(plan);
    ok(&admin, Call::put("/operation/maintenance/plan").json(edit.clone())).await;
    let finish = |result: &str| json!({ "planId": plan, "result": result });
    refused(
        admin.send(PROJECT, EN, Call::put("/operation/maintenance/plan/finish").json(finish(" "))).await,
        400,
        "The result is required and at most 500 characters",
    );
    let (_, done) =
        admin.send(PROJECT, EN, Call::put("/operation/maintenance/plan/finish").json(finish("All tight"))).await;
    assert_eq!(done["status"], "1", "{done}");
    refused_by_rule(
        admin.send(PROJECT, EN, Call::put("/operation/maintenance/plan/finish").json(finish("again"))).await,
        "The maintenance plan is already finished",
    );
    refused_by_rule(
        admin.send(PROJECT, ZH, Call::put("/operation/maintenance/plan").json(edit)).await,
        "维保计划已完成",
    );
    refused_by_rule(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/maintenance/plan/{plan}"))).await,
        "The maintenance plan is already finished",
    );
    let read = ok(&admin, Call::get(&format!("/operation/maintenance/plan/{plan}"))).await;
    let data = &read["data"];
    assert_eq!(
        (data["status"].as_str(), data["result"].as_str(), data["finishedBy"].as_str(), data["planDate"].as_str()),
        (Some("1"), Some("All tight"), Some("admin"), Some(day(4).as_str())),
        "{read}"
    );
    assert!(data["finishTime"].is_string());
    let second = ok(&admin, Call::post("/operation/maintenance/plan").json(plan_body(&day(5)))).await["planId"]
        .as_i64()
        .unwrap();
    // An unfinished plan whose date has passed is overdue.
    sqlx::query("UPDATE maintenance.maintenance_plans SET plan_date = current_date - 1 WHERE plan_id = $1")
        .bind(second)
        .execute(&c.pool)
        .await
        .unwrap();
    let counts = ok(&admin, Call::get("/operation/maintenance/plan/counts")).await;
    assert_eq!(counts["data"], json!({ "unfinished": 1, "finished": 1, "overdue": 1 }), "{counts}");
    let unfinished =
        ok(&admin, Call::get(&format!("/operation/maintenance/plan/list?status=0&contractId={near}"))).await;
    assert_eq!((unfinished["total"].as_i64(), unfinished["rows"][0]["overdue"].as_bool()), (Some(1), Some(true)));

    // What another record names cannot go; all or none.
    refused_by_rule(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/maintenance/company/{bright}"))).await,
        "The company has contracts and cannot be deleted",
    );
    refused_by_rule(
        admin.send(PROJECT, ZH, Call::delete(&format!("/operation/maintenance/contract/{near}"))).await,
        "维保合同已有维保计划，不能删除",
    );
    ok(&admin, Call::delete(&format!("/operation/maintenance/plan/{second}"))).await;
    ok(&admin, Call::delete(&format!("/operation/maintenance/contract/{long},{later}"))).await;
    let left = ok(&admin, Call::get("/operation/maintenance/contract/list")).await;
    assert_eq!(left["total"], 1);
}

scenario!(contract_rules_foreign_records_and_permissions);
async fn contract_rules_foreign_records_and_permissions(c: &Cluster) {
    let admin = Console::admin(c).await;
    let bright = company(&admin, "Bright Lighting").await;
    let count = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT (SELECT count(*) FROM maintenance.maintenance_companies) \
             + (SELECT count(*) FROM maintenance.maintenance_contracts) + (SELECT count(*) FROM maintenance.maintenance_plans)",
        )
        .fetch_one(&c.pool)
        .await
        .unwrap()
    };
    let before = count().await;
    let post = |body: Value, lang: &'static str| {
        admin.send(PROJECT, lang, Call::post("/operation/maintenance/contract").json(body))
    };
    refused(
        post(contract_body("WB-9", bright, "", &day(9)), EN).await,
        400,
        "The contract's start and end dates are required, as YYYY-MM-DD",
    );
    refused(
        post(contract_body("WB-9", bright, &day(1), ""), ZH).await,
        400,
        "合同开始日期和结束日期不能为空，格式为YYYY-MM-DD",
    );
    refused(
        post(contract_body("WB-9", bright, &day(-1), &day(9)), EN).await,
        400,
        "The contract's dates cannot be in the past",
    );
    refused(post(contract_body("WB-9", bright, &day(0), &day(-1)), ZH).await, 400, "合同日期不能早于今天");
    refused(
        post(contract_body("WB-9", bright, &day(9), &day(8)), EN).await,
        400,
        "The contract's start date cannot be after its end date",
    );
    refused(
        post(contract_body("WB 9", bright, &day(1), &day(9)), EN).await,
        400,
        "The contract number is required: letters, digits, underscore and hyphen only, at most 32",
    );
    let mut bad_amount = contract_body("WB-9", bright, &day(1), &day(9));
    bad_amount["amount"] = json!("12.345");
    refused(post(bad_amount, EN).await, 400, "The amount is a number from 0 to 999999999.99 with at most two decimals");
    refused(post(contract_body("WB-9", 0, &day(1), &day(9)), EN).await, 400, "Please choose a maintenance company");
    let company_post = |body: Value| admin.send(PROJECT, EN, Call::post("/operation/maintenance/company").json(body));
    refused(
        company_post(json!({ "companyName": "X", "phone": "12345" })).await,
        400,
        "Please enter a valid mobile phone number",
    );
    refused(company_post(json!({ "companyName": "" })).await, 400, "Name is required and at most 50 characters");
    refused(
        company_post(json!({ "companyName": "Bright Lighting" })).await,
        400,
        "The name 'Bright Lighting' is already taken",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/maintenance/contract/list?state=7")).await,
        400,
        "A contract's state is in force, near its end, ended or not started",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/maintenance/plan/list?status=7")).await,
        400,
        "A maintenance status is unfinished or finished",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/maintenance/company/x")).await,
        400,
        "Invalid maintenance record id",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/maintenance/plan/list?contractId=x")).await,
        400,
        "Invalid maintenance record id",
    );
    let long = "x".repeat(65);
    let (status, answer) =
        admin.send(PROJECT, EN, Call::get(&format!("/operation/maintenance/contract/list?keyword={long}"))).await;
    assert_eq!((status, answer["code"].as_i64()), (400, Some(400)), "a keyword over 64 characters: {answer}");
    refused(
        admin
            .send(PROJECT, EN, Call::put("/operation/maintenance/company").json(json!({ "companyName": "No id" })))
            .await,
        400,
        "Invalid maintenance record id",
    );
    assert_eq!(count().await, before, "nothing was written");
    let taken = contract(&admin, "WB-9", bright, &day(1), &day(9)).await;
    refused(
        post(contract_body("WB-9", bright, &day(1), &day(9)), EN).await,
        400,
        "The contract number 'WB-9' is already taken",
    );

    // Another project's records are absent: not shown, not changed, not deleted, not named.
    let (_, made) = admin
        .send("1", EN, Call::post("/operation/maintenance/company").json(json!({ "companyName": "Foreign Co" })))
        .await;
    let foreign = made["companyId"].as_i64().expect("a company of project 1");
    refused(
        admin.send(PROJECT, EN, Call::get(&format!("/operation/maintenance/company/{foreign}"))).await,
        404,
        "The maintenance company does not exist",
    );
    refused(
        post(contract_body("WB-F", foreign, &day(1), &day(9)), EN).await,
        404,
        "The maintenance company does not exist",
    );
    refused(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/maintenance/contract/{taken},{foreign}"))).await,
        404,
        "The maintenance contract does not exist",
    );
    refused(
        admin
            .send(
                PROJECT,
                EN,
                Call::put("/operation/maintenance/company")
                    .json(json!({ "companyId": foreign, "companyName": "Mine" })),
            )
            .await,
        404,
        "The maintenance company does not exist",
    );
    ok(&admin, Call::get(&format!("/operation/maintenance/contract/{taken}"))).await;

    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(operator.send(PROJECT, EN, Call::get("/operation/maintenance/plan/list")).await, 403, NO_PERMISSION_EN);
    refused(
        operator.send(PROJECT, EN, Call::put("/operation/maintenance/plan/finish").json(json!({ "planId": 1 }))).await,
        403,
        NO_PERMISSION_EN,
    );
}

/// The demo project's company, a contract near its end and its renewal, and plans, one
/// finished.
#[tokio::test]
async fn the_demo_has_a_company_contracts_and_plans() {
    let c = Cluster::start_with(common::Deployment::Monolith, common::Options::default()).await;
    let admin = Console::admin(&c).await;
    let (_, contracts) = admin.send("1", ZH, Call::get("/operation/maintenance/contract/list")).await;
    let states: Vec<(&str, bool)> = contracts["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["state"].as_str().unwrap(), r["nearEnd"].as_bool().unwrap()))
        .collect();
    assert_eq!(states, [("1", true), ("3", false)], "{contracts}");
    let (_, counts) = admin.send("1", ZH, Call::get("/operation/maintenance/plan/counts")).await;
    assert_eq!(counts["data"], json!({ "unfinished": 2, "finished": 1, "overdue": 0 }), "{counts}");
}
