//! Inspection through the edge, against real PostgreSQL and NATS: teams whose members
//! identity vouches for, routes whose gateways and addresses lighting and project name, plans
//! whose tasks the job makes once however many run it, and a task's results, an abnormal one
//! opening a work order. Every rule of spec section 5 in both languages, bad input, another
//! project's records and missing permissions. Every scenario runs against `--target all` and
//! against every service in a process of its own.

#[macro_use]
mod common;

use chrono::Local;
use common::{Call, Cluster, Console, eventually, local_day as day, refused, refused_by_rule};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
/// The demo's second project: no inspection records are seeded there.
const PROJECT: &str = "2";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

async fn ok(console: &Console<'_>, call: Call<'_>) -> Value {
    let (status, answer) = console.send(PROJECT, EN, call).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    answer
}

/// A gateway and an address of the demo's second project, made when there is none.
async fn points_of_project(c: &Cluster, admin: &Console<'_>) -> (i64, i64) {
    let gateway: i64 = sqlx::query_scalar(
        "SELECT gateway_id FROM lighting.gateways WHERE project_id = 2 AND NOT deleted ORDER BY gateway_id LIMIT 1",
    )
    .fetch_one(&c.pool)
    .await
    .expect("the demo's second project has gateways");
    let address: Option<i64> =
        sqlx::query_scalar("SELECT address_id FROM project.addresses WHERE project_id = 2 ORDER BY address_id LIMIT 1")
            .fetch_optional(&c.pool)
            .await
            .unwrap();
    let address = match address {
        Some(id) => id,
        None => {
            ok(
                admin,
                Call::post("/project/address")
                    .json(json!({ "parentId": 0, "addressName": "Skyline Walk", "orderNum": 1 })),
            )
            .await;
            sqlx::query_scalar(
                "SELECT address_id FROM project.addresses WHERE project_id = 2 ORDER BY address_id LIMIT 1",
            )
            .fetch_one(&c.pool)
            .await
            .unwrap()
        }
    };
    (gateway, address)
}

/// A team of the admin, a route over `points` and a daily plan from today: their ids.
async fn team_route_plan(admin: &Console<'_>, name: &str, gateway: i64, address: i64) -> (i64, i64, i64) {
    let team = ok(admin, Call::post("/operation/inspection/team").json(json!({ "teamName": name, "memberIds": [1] })))
        .await["teamId"]
        .as_i64()
        .unwrap();
    let points = json!([{ "pointType": "1", "refId": gateway }, { "pointType": "2", "refId": address }]);
    let route =
        ok(admin, Call::post("/operation/inspection/route").json(json!({ "routeName": name, "points": points }))).await
            ["routeId"]
            .as_i64()
            .unwrap();
    let plan = json!({
        "planName": name, "routeId": route, "teamId": team, "period": "1",
        "startDate": day(0), "endDate": day(7), "status": "0",
    });
    let plan = ok(admin, Call::post("/operation/inspection/plan").json(plan)).await["planId"].as_i64().unwrap();
    (team, route, plan)
}

async fn tasks_of_plan(admin: &Console<'_>, plan: i64) -> Vec<Value> {
    let answer = ok(admin, Call::get(&format!("/operation/inspection/task/list?planId={plan}&pageSize=50"))).await;
    answer["rows"].as_array().cloned().unwrap_or_default()
}

async fn deal(admin: &Console<'_>, lang: &str, body: Value) -> (u16, Value) {
    admin.send(PROJECT, lang, Call::put("/operation/inspection/task/deal").json(body)).await
}

scenario!(a_plan_makes_its_tasks_and_a_result_opens_a_work_order);
async fn a_plan_makes_its_tasks_and_a_result_opens_a_work_order(c: &Cluster) {
    let admin = Console::admin(c).await;
    let (gateway, address) = points_of_project(c, &admin).await;
    let (team, route, plan) = team_route_plan(&admin, "Night patrol", gateway, address).await;

    // The names are the owning services': the admin's account, the gateway's and address's.
    let team_read = ok(&admin, Call::get(&format!("/operation/inspection/team/{team}"))).await;
    assert_eq!(
        (team_read["data"]["memberNames"].as_str(), team_read["data"]["members"][0]["userName"].as_str()),
        (Some("超级管理员"), Some("admin")),
        "{team_read}"
    );
    let route_read = ok(&admin, Call::get(&format!("/operation/inspection/route/{route}"))).await;
    let gateway_name: String =
        sqlx::query_scalar("SELECT gateway_name || ' (' || serial || ')' FROM lighting.gateways WHERE gateway_id = $1")
            .bind(gateway)
            .fetch_one(&c.pool)
            .await
            .unwrap();
    assert_eq!(route_read["data"]["points"][0]["pointName"], gateway_name.as_str(), "{route_read}");
    assert_eq!(route_read["data"]["pointCount"], 2);
    let plans = ok(&admin, Call::get("/operation/inspection/plan/list?status=0")).await;
    assert_eq!(
        (plans["total"].as_i64(), plans["rows"][0]["routeName"].as_str()),
        (Some(1), Some("Night patrol")),
        "{plans}"
    );

    // The job (every 10 s) makes today's task, doing, and tomorrow's, undoing.
    assert!(
        eventually(30, || async { tasks_of_plan(&admin, plan).await.len() == 2 }).await,
        "the job made the plan's tasks"
    );
    let tasks = tasks_of_plan(&admin, plan).await;
    let (tomorrow, today) = (&tasks[0], &tasks[1]);
    assert_eq!((today["status"].as_str(), tomorrow["status"].as_str()), (Some("1"), Some("0")), "{tasks:?}");
    assert_eq!(today["taskName"], format!("Night patrol {}", day(0)).as_str());
    assert_eq!((today["pointCount"].as_i64(), today["teamName"].as_str()), (Some(2), Some("Night patrol")));
    let counts = ok(&admin, Call::get("/operation/inspection/task/counts")).await;
    assert_eq!((counts["data"]["doing"].as_i64(), counts["data"]["undoing"].as_i64()), (Some(1), Some(1)), "{counts}");

    // Unstarted tasks cannot be dealt with (spec section 5).
    let tomorrow_id = tomorrow["taskId"].as_i64().unwrap();
    let (status, detail) =
        admin.send(PROJECT, EN, Call::get(&format!("/operation/inspection/task/{tomorrow_id}"))).await;
    assert_eq!(status, 200);
    let results = |detail: &Value, result: &str| -> Value {
        detail["data"]["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| json!({ "pointId": p["pointId"], "result": result }))
            .collect()
    };
    let body = json!({ "taskId": tomorrow_id, "description": "All lit", "results": results(&detail, "1") });
    refused_by_rule(deal(&admin, EN, body.clone()).await, "The task has not started and cannot be dealt with");
    refused_by_rule(deal(&admin, ZH, body).await, "任务未开始，不能处理");

    // Today's: a description is required, and a result for every point.
    let today_id = today["taskId"].as_i64().unwrap();
    let (_, detail) = admin.send(PROJECT, EN, Call::get(&format!("/operation/inspection/task/{today_id}"))).await;
    let points = detail["data"]["points"].as_array().unwrap().clone();
    assert_eq!(points.iter().map(|p| p["result"].as_str().unwrap()).collect::<Vec<_>>(), ["", ""]);
    refused(
        deal(&admin, EN, json!({ "taskId": today_id, "description": " ", "results": results(&detail, "1") })).await,
        400,
        "The result description is required and at most 1000 characters",
    );
    refused(
        deal(&admin, ZH, json!({ "taskId": today_id, "description": "", "results": results(&detail, "1") })).await,
        400,
        "处理结果描述不能为空，且不超过1000个字符",
    );
    let one = json!([{ "pointId": points[0]["pointId"], "result": "1" }]);
    refused(
        deal(&admin, EN, json!({ "taskId": today_id, "description": "Half", "results": one })).await,
        400,
        "Give a result for every point of the task",
    );
    refused(
        deal(&admin, EN, json!({ "taskId": today_id, "description": "Half", "results": "all fine" })).await,
        400,
        "Give a result for every point of the task",
    );
    let normal_with_order = json!([
        { "pointId": points[0]["pointId"], "result": "1", "workOrder": true },
        { "pointId": points[1]["pointId"], "result": "1" },
    ]);
    refused(
        deal(&admin, EN, json!({ "taskId": today_id, "description": "x", "results": normal_with_order })).await,
        400,
        "Only an abnormal point can open a work order",
    );
    let orders_before: i64 =
        sqlx::query_scalar("SELECT count(*) FROM maintenance.work_orders").fetch_one(&c.pool).await.unwrap();
    assert_eq!(tasks_of_plan(&admin, plan).await[1]["status"], "1", "nothing was written");

    // The gateway is abnormal and opens a work order of type inspection; the address is fine.
    let results = json!([
        { "pointId": points[0]["pointId"], "result": "2", "remark": "Cabinet door forced", "workOrder": true, "questionType": "4" },
        { "pointId": points[1]["pointId"], "result": "1" },
    ]);
    let (status, dealt) =
        deal(&admin, EN, json!({ "taskId": today_id, "description": "One cabinet damaged", "results": results })).await;
    assert_eq!((status, dealt["code"].as_i64(), dealt["status"].as_str()), (200, Some(200), Some("2")), "{dealt}");
    let number = dealt["workOrders"][0].as_str().expect("a work order was opened").to_owned();
    let done = ok(&admin, Call::get(&format!("/operation/inspection/task/{today_id}"))).await;
    let data = &done["data"];
    assert_eq!(
        (data["status"].as_str(), data["handlerName"].as_str(), data["abnormalCount"].as_i64()),
        (Some("2"), Some("admin"), Some(1)),
        "{done}"
    );
    assert_eq!(
        (data["points"][0]["workOrderNumber"].as_str(), data["points"][0]["remark"].as_str()),
        (Some(number.as_str()), Some("Cabinet door forced"))
    );
    assert!(
        data["points"][1]["workOrderId"].is_null()
            && data["finishTime"].is_string()
            && data["description"] == "One cabinet damaged"
    );
    let orders = ok(&admin, Call::get("/operation/workOrder/list?orderType=3")).await;
    let order = orders["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["orderNumber"] == number.as_str())
        .expect("listed")
        .clone();
    assert_eq!(
        (
            order["questionType"].as_str(),
            order["address"].as_str(),
            order["description"].as_str(),
            order["status"].as_str()
        ),
        (Some("4"), Some(gateway_name.as_str()), Some("Cabinet door forced"), Some("0")),
        "{order}"
    );
    let orders_after: i64 =
        sqlx::query_scalar("SELECT count(*) FROM maintenance.work_orders").fetch_one(&c.pool).await.unwrap();
    assert_eq!(orders_after, orders_before + 1);
    refused_by_rule(
        deal(&admin, EN, json!({ "taskId": today_id, "description": "again", "results": [] })).await,
        "The task is already finished",
    );

    // What a plan uses cannot go; a finished task stays; a deleted plan's tasks stay.
    refused_by_rule(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/inspection/team/{team}"))).await,
        "The team is used by an inspection plan and cannot be deleted",
    );
    refused_by_rule(
        admin.send(PROJECT, ZH, Call::delete(&format!("/operation/inspection/route/{route}"))).await,
        "巡检路线正被巡检计划使用，不能删除",
    );
    refused_by_rule(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/inspection/task/{today_id},{tomorrow_id}"))).await,
        "A finished task cannot be deleted",
    );
    assert_eq!(tasks_of_plan(&admin, plan).await.len(), 2, "neither was deleted");
    ok(&admin, Call::delete(&format!("/operation/inspection/plan/{plan}"))).await;
    let kept = ok(&admin, Call::get("/operation/inspection/task/list?keyword=Night%20patrol")).await;
    assert_eq!(
        (kept["total"].as_i64(), kept["rows"][0]["planName"].as_str(), kept["rows"][0]["planId"].is_null()),
        (Some(2), Some("Night patrol"), true),
        "{kept}"
    );
    ok(&admin, Call::delete(&format!("/operation/inspection/task/{tomorrow_id}"))).await;
    ok(&admin, Call::delete(&format!("/operation/inspection/route/{route}"))).await;
    ok(&admin, Call::delete(&format!("/operation/inspection/team/{team}"))).await;

    // "My tasks": those of the caller's teams.
    let mine = ok(&admin, Call::get("/operation/inspection/task/list?mine=1")).await;
    assert_eq!(mine["total"], 0, "the admin's team is gone: {mine}");
}

scenario!(plans_and_tasks_by_hand_follow_section_5);
async fn plans_and_tasks_by_hand_follow_section_5(c: &Cluster) {
    let admin = Console::admin(c).await;
    let (gateway, address) = points_of_project(c, &admin).await;
    let (team, route, plan) = team_route_plan(&admin, "Bridge walk", gateway, address).await;
    let plan_body = |start: &str, end: &str| json!({ "planName": "Weekly bridge", "routeId": route, "teamId": team, "period": "2", "startDate": start, "endDate": end });
    let post = |body: Value, lang: &'static str| {
        admin.send(PROJECT, lang, Call::post("/operation/inspection/plan").json(body))
    };
    refused(post(plan_body("", &day(3)), EN).await, 400, "The plan's start and end dates are required, as YYYY-MM-DD");
    refused(post(plan_body(&day(1), ""), ZH).await, 400, "计划开始日期和结束日期不能为空，格式为YYYY-MM-DD");
    refused(post(plan_body(&day(-1), &day(3)), EN).await, 400, "The plan's dates cannot be in the past");
    refused(post(plan_body(&day(0), &day(-1)), ZH).await, 400, "计划日期不能早于今天");
    refused(post(plan_body(&day(5), &day(4)), EN).await, 400, "The plan's start date cannot be after its end date");
    refused(post(plan_body(&day(5), &day(4)), ZH).await, 400, "计划开始日期不能晚于结束日期");
    let mut no_period = plan_body(&day(1), &day(9));
    no_period["period"] = json!("7");
    refused(post(no_period, EN).await, 400, "Please choose a period: daily, weekly or monthly");
    let mut no_route = plan_body(&day(1), &day(9));
    no_route["routeId"] = json!(null);
    refused(post(no_route, EN).await, 400, "Please choose an inspection route");
    let mut same_name = plan_body(&day(1), &day(9));
    same_name["planName"] = json!("Bridge walk");
    refused(post(same_name, EN).await, 400, "The name 'Bridge walk' is already taken");
    let weekly =
        ok(&admin, Call::post("/operation/inspection/plan").json(plan_body(&day(1), &day(30)))).await["planId"]
            .as_i64()
            .unwrap();

    // An edit keeps a start date that has passed; another past one is refused.
    sqlx::query("UPDATE maintenance.inspection_plans SET start_date = current_date - 3 WHERE plan_id = $1")
        .bind(weekly)
        .execute(&c.pool)
        .await
        .unwrap();
    let mut edit = plan_body(&day(-3), &day(30));
    edit["planId"] = json!(weekly);
    edit["status"] = json!("1");
    ok(&admin, Call::put("/operation/inspection/plan").json(edit.clone())).await;
    edit["startDate"] = json!(day(-2));
    refused(
        admin.send(PROJECT, EN, Call::put("/operation/inspection/plan").json(edit.clone())).await,
        400,
        "The plan's dates cannot be in the past",
    );
    edit["planId"] = json!(null);
    refused(
        admin.send(PROJECT, EN, Call::put("/operation/inspection/plan").json(edit)).await,
        400,
        "Invalid inspection record id",
    );
    let read = ok(&admin, Call::get(&format!("/operation/inspection/plan/{weekly}"))).await;
    assert_eq!(
        (read["data"]["status"].as_str(), read["data"]["startDate"].as_str()),
        (Some("1"), Some(day(-3).as_str())),
        "{read}"
    );

    // A task by hand: times not empty, start not later than end.
    let task = |start: &str, end: &str| json!({ "taskName": "Storm check", "routeId": route, "teamId": team, "startTime": start, "endTime": end });
    let add = |body: Value, lang: &'static str| {
        admin.send(PROJECT, lang, Call::post("/operation/inspection/task").json(body))
    };
    let now = Local::now();
    let at = |hours: i64| (now + chrono::TimeDelta::hours(hours)).format("%Y-%m-%d %H:%M:%S").to_string();
    refused(
        add(task("", &at(2)), EN).await,
        400,
        "The task's start and end times are required, as YYYY-MM-DD HH:mm:ss",
    );
    refused(add(task(&at(0), "tomorrow"), ZH).await, 400, "任务开始时间和结束时间不能为空，格式为YYYY-MM-DD HH:mm:ss");
    refused(add(task(&at(3), &at(2)), EN).await, 400, "The task's start time cannot be later than its end time");
    refused(add(task(&at(3), &at(2)), ZH).await, 400, "任务开始时间不能晚于结束时间");
    let storm = ok(&admin, Call::post("/operation/inspection/task").json(task(&at(-1), &at(2)))).await["taskId"]
        .as_i64()
        .unwrap();
    let later = ok(&admin, Call::post("/operation/inspection/task").json(task(&at(5), &at(8)))).await["taskId"]
        .as_i64()
        .unwrap();
    let status_of = |id: i64| {
        let admin = &admin;
        async move { ok(admin, Call::get(&format!("/operation/inspection/task/{id}"))).await["data"]["status"].clone() }
    };
    assert_eq!((status_of(storm).await, status_of(later).await), (json!("1"), json!("0")));

    // The job expires an open task whose end has passed.
    sqlx::query("UPDATE maintenance.inspection_tasks SET start_time = now() - interval '2 hours', end_time = now() - interval '1 hour' WHERE task_id = $1")
        .bind(later)
        .execute(&c.pool)
        .await
        .unwrap();
    assert!(eventually(30, || async { status_of(later).await == "3" }).await, "the job expired the task");
    let (_, detail) = admin.send(PROJECT, EN, Call::get(&format!("/operation/inspection/task/{later}"))).await;
    let point_results: Value = detail["data"]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| json!({ "pointId": p["pointId"], "result": "1" }))
        .collect();
    refused_by_rule(
        deal(&admin, EN, json!({ "taskId": later, "description": "late", "results": point_results })).await,
        "The task has expired and cannot be dealt with",
    );
    let filtered = ok(&admin, Call::get("/operation/inspection/task/list?status=3")).await;
    assert!(
        filtered["rows"].as_array().unwrap().iter().all(|t| t["status"] == "3")
            && filtered["total"].as_i64() >= Some(1)
    );
    let _ = plan;
}

scenario!(bad_input_foreign_records_and_missing_permissions_change_nothing);
async fn bad_input_foreign_records_and_missing_permissions_change_nothing(c: &Cluster) {
    let admin = Console::admin(c).await;
    let (gateway, address) = points_of_project(c, &admin).await;
    let count = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT (SELECT count(*) FROM maintenance.inspection_teams) + (SELECT count(*) FROM maintenance.inspection_routes) \
             + (SELECT count(*) FROM maintenance.inspection_plans) + (SELECT count(*) FROM maintenance.inspection_tasks)",
        )
        .fetch_one(&c.pool)
        .await
        .unwrap()
    };
    let before = count().await;
    let team = |body: Value| admin.send(PROJECT, EN, Call::post("/operation/inspection/team").json(body));
    refused(team(json!({ "teamName": "", "memberIds": [1] })).await, 400, "Name is required and at most 50 characters");
    refused(team(json!({ "teamName": "A", "memberIds": [] })).await, 400, "A team has 1 to 50 members");
    refused(team(json!({ "teamName": "A", "memberIds": "1" })).await, 400, "A team has 1 to 50 members");
    let guest: i64 = sqlx::query_scalar("SELECT user_id FROM identity.users WHERE user_name = 'guest'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    for member in [guest, 987_654] {
        refused(
            team(json!({ "teamName": "A", "memberIds": [1, member] })).await,
            404,
            "Team members must be enabled users of this project",
        );
    }
    let (_, zh) = admin
        .send(
            PROJECT,
            ZH,
            Call::post("/operation/inspection/team").json(json!({ "teamName": "A", "memberIds": [guest] })),
        )
        .await;
    assert_eq!(zh["msg"], "班组成员须为本项目的启用用户", "{zh}");

    let route = |points: Value| {
        admin.send(
            PROJECT,
            EN,
            Call::post("/operation/inspection/route").json(json!({ "routeName": "R", "points": points })),
        )
    };
    refused(route(json!([])).await, 400, "A route has 1 to 100 points");
    refused(route(json!([{ "pointType": "3", "refId": gateway }])).await, 400, "A point is a device or an address");
    refused(
        route(json!([{ "pointType": "1", "refId": gateway }, { "pointType": "1", "refId": gateway }])).await,
        400,
        "The same point cannot be on a route twice",
    );
    // Another project's gateway and address are not this project's points.
    let foreign_gateway: i64 =
        sqlx::query_scalar("SELECT gateway_id FROM lighting.gateways WHERE project_id = 1 AND NOT deleted LIMIT 1")
            .fetch_one(&c.pool)
            .await
            .unwrap();
    refused(
        route(json!([{ "pointType": "1", "refId": foreign_gateway }])).await,
        404,
        "A point is not a device or an address of this project",
    );
    refused(
        route(json!([{ "pointType": "2", "refId": 987_654 }])).await,
        404,
        "A point is not a device or an address of this project",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/inspection/task/list?status=9")).await,
        400,
        "A task's status is undoing, doing, finished or expired",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/inspection/task/list?planId=x")).await,
        400,
        "Invalid inspection record id",
    );
    refused(
        admin.send(PROJECT, EN, Call::get("/operation/inspection/team/abc")).await,
        400,
        "Invalid inspection record id",
    );
    refused(
        admin.send(PROJECT, EN, Call::delete("/operation/inspection/plan/1,x")).await,
        400,
        "Invalid inspection record id",
    );
    refused(deal(&admin, EN, json!({ "description": "x" })).await, 400, "Invalid inspection record id");
    refused(
        admin.send("", EN, Call::get("/operation/inspection/team/list")).await,
        400,
        "Please select a project first",
    );
    let long = "x".repeat(65);
    let (status, answer) =
        admin.send(PROJECT, EN, Call::get(&format!("/operation/inspection/team/list?keyword={long}"))).await;
    assert_eq!((status, answer["code"].as_i64()), (400, Some(400)), "a keyword over 64 characters: {answer}");
    assert_eq!(count().await, before, "nothing was written");

    // Another project's records are absent: not shown, not changed, not deleted.
    let (_, made) = admin
        .send(
            "1",
            EN,
            Call::post("/operation/inspection/team").json(json!({ "teamName": "Foreign crew", "memberIds": [1] })),
        )
        .await;
    let foreign = made["teamId"].as_i64().expect("a team of project 1");
    refused(
        admin.send(PROJECT, EN, Call::get(&format!("/operation/inspection/team/{foreign}"))).await,
        404,
        "The inspection team does not exist",
    );
    refused(
        admin
            .send(
                PROJECT,
                EN,
                Call::put("/operation/inspection/team")
                    .json(json!({ "teamId": foreign, "teamName": "Mine", "memberIds": [1] })),
            )
            .await,
        404,
        "The inspection team does not exist",
    );
    let (_, own) = admin
        .send(
            PROJECT,
            EN,
            Call::post("/operation/inspection/route")
                .json(json!({ "routeName": "Own", "points": [{ "pointType": "2", "refId": address }] })),
        )
        .await;
    let own_route = own["routeId"].as_i64().unwrap();
    let plan = json!({ "planName": "P", "routeId": own_route, "teamId": foreign, "period": "1", "startDate": day(0), "endDate": day(1) });
    refused(
        admin.send(PROJECT, EN, Call::post("/operation/inspection/plan").json(plan)).await,
        404,
        "The inspection team does not exist",
    );
    let task = json!({
        "taskName": "T", "routeId": own_route, "teamId": foreign,
        "startTime": "2030-01-01 08:00:00", "endTime": "2030-01-01 09:00:00",
    });
    refused(
        admin.send(PROJECT, EN, Call::post("/operation/inspection/task").json(task)).await,
        404,
        "The inspection team does not exist",
    );
    refused(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/inspection/team/{foreign}"))).await,
        404,
        "The inspection team does not exist",
    );
    // All or none: an own team with the foreign one deletes neither.
    let (_, own_team) = admin
        .send(
            PROJECT,
            EN,
            Call::post("/operation/inspection/team").json(json!({ "teamName": "Own crew", "memberIds": [1] })),
        )
        .await;
    let own_team = own_team["teamId"].as_i64().unwrap();
    refused(
        admin.send(PROJECT, EN, Call::delete(&format!("/operation/inspection/team/{own_team},{foreign}"))).await,
        404,
        "The inspection team does not exist",
    );
    ok(&admin, Call::get(&format!("/operation/inspection/team/{own_team}"))).await;
    let name: String = sqlx::query_scalar("SELECT team_name FROM maintenance.inspection_teams WHERE team_id = $1")
        .bind(foreign)
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(name, "Foreign crew");

    // The demo operator's role has no inspection screen.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(operator.send(PROJECT, EN, Call::get("/operation/inspection/task/list")).await, 403, NO_PERMISSION_EN);
    refused(
        operator.send(PROJECT, EN, Call::put("/operation/inspection/task/deal").json(json!({ "taskId": 1 }))).await,
        403,
        NO_PERMISSION_EN,
    );
}

/// Five daily plans from today, each with its own team and route over the project's points.
async fn five_plans(c: &Cluster, admin: &Console<'_>, name: &str) -> Vec<i64> {
    let (gateway, address) = points_of_project(c, admin).await;
    let mut plans = Vec::new();
    for n in 0..5 {
        plans.push(team_route_plan(admin, &format!("{name} {n}"), gateway, address).await.2);
    }
    plans
}

/// How many tasks each of `plans` has, by plan id.
async fn tasks_per_plan(pool: &sqlx::PgPool, plans: &[i64]) -> Vec<(i64, i64)> {
    sqlx::query_as(
        "SELECT plan_id, count(*) FROM maintenance.inspection_tasks WHERE plan_id = ANY($1) GROUP BY plan_id ORDER BY plan_id",
    )
    .bind(plans)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// How many points the tasks of `plans` have in all.
async fn points_of_plans(pool: &sqlx::PgPool, plans: &[i64]) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM maintenance.inspection_task_points p JOIN maintenance.inspection_tasks t USING (task_id) \
         WHERE t.plan_id = ANY($1)",
    )
    .bind(plans)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The job, as any number of replicas run it: rounds racing on one database make each task
/// once, with its points once. The cluster's own maintenance service runs its job beside them.
#[tokio::test]
async fn the_job_makes_each_task_once_across_replicas() {
    let c = Cluster::start_with(common::Deployment::Monolith, common::Options::default()).await;
    let admin = Console::admin(&c).await;
    let plans = five_plans(&c, &admin, "Replica").await;
    let now = chrono::Utc::now();
    let rounds: Vec<_> = (0..8)
        .map(|_| {
            let pool = c.pool.clone();
            tokio::spawn(async move { lumiscape_maintenance::inspection::job::round(&pool, now).await.unwrap().made })
        })
        .collect();
    let mut made = 0;
    for round in rounds {
        made += round.await.unwrap();
    }
    // Each daily plan from today has today's task and tomorrow's; the service's own job may
    // have made some of them first.
    assert_eq!(tasks_per_plan(&c.pool, &plans).await, plans.iter().map(|p| (*p, 2)).collect::<Vec<_>>());
    // The demo plans' tasks are made too (by the rounds or by the service): no more than those.
    let all: i64 = sqlx::query_scalar("SELECT count(*) FROM maintenance.inspection_tasks WHERE plan_id IS NOT NULL")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert!(made <= all as u64, "{made} made by the racing rounds, {all} in all");
    assert_eq!(points_of_plans(&c.pool, &plans).await, 20, "two points on each of ten tasks");
    let again = lumiscape_maintenance::inspection::job::round(&c.pool, now).await.unwrap();
    assert_eq!(again.made, 0);
}

/// Three maintenance processes on one database and NATS, each running its job every 10 s
/// with no lock and no leader: every task of five plans is made once, with its points once,
/// and stays so through later rounds of all three.
#[tokio::test]
async fn three_maintenance_replicas_make_each_task_once() {
    let mut c = Cluster::start_with(common::Deployment::Monolith, common::Options::default()).await;
    c.add_replica("maintenance").await;
    c.add_replica("maintenance").await;
    let admin = Console::admin(&c).await;
    let plans = five_plans(&c, &admin, "Replicated").await;
    // Today's task and tomorrow's for each daily plan from today.
    let expected: Vec<(i64, i64)> = plans.iter().map(|p| (*p, 2)).collect();
    let made = eventually(40, || async { tasks_per_plan(&c.pool, &plans).await == expected }).await;
    assert!(made, "{:?}", tasks_per_plan(&c.pool, &plans).await);
    // Two more periods of every replica's job (10 s each) make nothing more.
    tokio::time::sleep(std::time::Duration::from_secs(21)).await;
    assert_eq!(tasks_per_plan(&c.pool, &plans).await, expected);
    assert_eq!(points_of_plans(&c.pool, &plans).await, 20, "two points on each of ten tasks");
}

/// The demo project's inspection: a team, two routes, a daily and a weekly plan whose tasks
/// the job makes, a task dealt with and one expired; seeding again changes nothing.
#[tokio::test]
async fn the_demo_has_a_team_plans_and_tasks_in_each_state() {
    let c = Cluster::start_with(common::Deployment::Monolith, common::Options::default()).await;
    let admin = Console::admin(&c).await;
    let read = |path: &'static str| {
        let admin = &admin;
        async move {
            let (status, answer) = admin.send("1", ZH, Call::get(path)).await;
            assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
            answer
        }
    };
    let teams = read("/operation/inspection/team/list").await;
    assert_eq!(
        (teams["total"].as_i64(), teams["rows"][0]["memberNames"].as_str()),
        (Some(1), Some("超级管理员")),
        "{teams}"
    );
    let routes = read("/operation/inspection/route/list").await;
    assert_eq!(routes["total"], 2);
    assert_eq!(routes["rows"][0]["points"][0]["pointName"], "滨江配电柜1 (SIM-00001)", "{routes}");
    assert_eq!(read("/operation/inspection/plan/list").await["total"], 2);
    // The job makes the plans' tasks: the daily plan's today (doing) and tomorrow (undoing).
    assert!(
        eventually(30, || async {
            read("/operation/inspection/task/counts").await["data"]["undoing"].as_i64() >= Some(1)
        })
        .await,
        "the job made the demo plans' tasks"
    );
    let counts = read("/operation/inspection/task/counts").await;
    let data = &counts["data"];
    assert!(data["doing"].as_i64() >= Some(1) && data["finished"] == 1 && data["expired"] == 1, "{counts}");
    let finished = read("/operation/inspection/task/list?status=2").await;
    assert_eq!(
        (finished["rows"][0]["taskName"].as_str(), finished["rows"][0]["abnormalCount"].as_i64()),
        (Some("暴雨后专项巡检"), Some(1))
    );

    let total = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT (SELECT count(*) FROM maintenance.inspection_teams) + (SELECT count(*) FROM maintenance.inspection_routes) \
             + (SELECT count(*) FROM maintenance.inspection_plans) + (SELECT count(*) FROM maintenance.work_orders)",
        )
        .fetch_one(&c.pool)
        .await
        .unwrap()
    };
    let before = total().await;
    let gateways: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT project_id, gateway_id, gateway_name || ' (' || serial || ')' FROM lighting.gateways WHERE NOT deleted ORDER BY gateway_id",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap();
    let gateways: Vec<lumiscape_maintenance::seed::DemoGateway> = gateways
        .into_iter()
        .map(|(project_id, gateway_id, label)| lumiscape_maintenance::seed::DemoGateway {
            project_id,
            gateway_id,
            label,
        })
        .collect();
    let streams = lumiscape_common::nats::Streams::new(&c.prefix);
    lumiscape_maintenance::seed::seed_demo(&c.pool, &streams, &gateways).await.unwrap();
    assert_eq!(total().await, before, "seeding again changed nothing");
}
