//! Project management's HTTP contract (spec sections 3, 5 and 7): every field, the calls
//! of `/project/project`, the rules and their messages, scoping to the caller's projects,
//! the grant of a new project to its creator, and the refusal to delete a project that
//! still has gateways or open alarms. Every scenario runs against `--target all` in one
//! process and against every service in a process of its own.

#[macro_use]
mod common;

use common::{Call, Cluster, Console, eventually, refused, refused_by_rule, revoke_from_operator};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NOT_FOUND_EN: &str = "Project does not exist!";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";

impl Console<'_> {
    async fn en(&self, call: Call<'_>) -> (u16, Value) {
        self.send("", EN, call).await
    }

    /// A successful call's `data`.
    async fn data(&self, call: Call<'_>) -> Value {
        let (status, reply) = self.en(call).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply["data"].clone()
    }

    async fn create(&self, body: Value) -> i64 {
        self.data(Call::post("/project/project").json(body)).await.as_i64().expect("the new id")
    }

    async fn info(&self, id: i64) -> Value {
        self.data(Call::get(&format!("/project/project/getInfoById/{id}"))).await
    }

    async fn drop_list_ids(&self) -> Vec<i64> {
        let data = self.data(Call::get("/project/project/dropList")).await;
        data.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
    }
}

/// A project with every field of spec section 3.
fn full_project(number: &str) -> Value {
    json!({
        "projectName": "Riverside North",
        "projectNumber": number,
        "cityCode": "4403",
        "projectUserName": "Wang",
        "phone": "13912345678",
        "address": "1 River Road",
        "organization": "Shenzhen Lighting Co.",
        "status": "0",
        "acceptance": "2",
        "startTime": "2026-05-01",
        "contractNumber": "HT-42",
        "mapMode": "1",
        "mapLevel": "16",
        "longitude": "114.0579",
        "latitude": 22.5431,
        "menuLogo": "/upload/2026/logo.png",
        "menuLogoStatus": "1",
        "carouselPictures": "/upload/a.png,/upload/b.png",
        "planPicture": "/upload/plan.png",
        "modules": [
            { "position": 6, "moduleCode": "asset" },
            { "position": 1, "moduleCode": "gateway" },
            { "position": 2, "moduleCode": "alarm" },
            { "position": 3, "moduleCode": "energy" },
            { "position": 4, "moduleCode": "workorder" },
            { "position": 5, "moduleCode": "announcement" },
        ],
        "iotStateInterval": 30,
        "iotEnergyInterval": "600",
        "remark": "north bank",
    })
}

async fn project_rows(c: &Cluster) -> (i64, i64) {
    sqlx::query_as("SELECT count(*), (SELECT count(*) FROM project.project_modules) FROM project.projects")
        .fetch_one(&c.pool)
        .await
        .unwrap()
}

scenario!(a_project_keeps_every_field_through_the_calls);
async fn a_project_keeps_every_field_through_the_calls(c: &Cluster) {
    let console = Console::admin(c).await;

    // The demo projects come with their fields.
    let (status, page) = console.en(Call::get("/project/project/list?pageNum=1&pageSize=10")).await;
    assert_eq!((status, page["code"].as_i64(), page["total"].as_i64()), (200, Some(200), Some(2)), "{page}");
    let riverside = &page["rows"][0];
    assert_eq!(riverside["cityName"], "杭州市");
    assert_eq!(riverside["cityCode"], "3301");
    assert_eq!(riverside["modules"].as_array().unwrap().len(), 6);
    assert_eq!(riverside["planPicture"], "/demo/plan-riverside.svg");
    assert_eq!(riverside["enabled"], "1");

    // The form's choices are dictionaries; the modules are exactly the service's.
    let modules = console.data(Call::get("/system/dict/data/type/project_module")).await;
    let codes: Vec<&str> = modules.as_array().unwrap().iter().map(|d| d["dictValue"].as_str().unwrap()).collect();
    assert_eq!(codes, lumiscape_project::project::model::MODULE_CODES);
    for dict in ["project_status", "project_acceptance", "project_map_mode", "project_enabled"] {
        let items = console.data(Call::get(&format!("/system/dict/data/type/{dict}"))).await;
        assert!(!items.as_array().unwrap().is_empty(), "{dict}");
    }

    // Create with every field: the city is named from its code, modules come back by position.
    let id = console.create(full_project("NORTH-1")).await;
    let info = console.info(id).await;
    assert_eq!(info["projectName"], "Riverside North");
    assert_eq!(info["cityName"], "深圳市");
    assert_eq!((info["status"].as_str(), info["acceptance"].as_str()), (Some("0"), Some("2")));
    assert_eq!(info["startTime"], "2026-05-01");
    assert_eq!((info["mapMode"].as_str(), info["mapLevel"].as_i64()), (Some("1"), Some(16)));
    assert_eq!((info["longitude"].as_f64(), info["latitude"].as_f64()), (Some(114.0579), Some(22.5431)));
    assert_eq!(info["carouselPictures"], json!(["/upload/a.png", "/upload/b.png"]));
    let positions: Vec<i64> =
        info["modules"].as_array().unwrap().iter().map(|m| m["position"].as_i64().unwrap()).collect();
    assert_eq!(positions, [1, 2, 3, 4, 5, 6]);
    assert_eq!(info["modules"][5]["moduleCode"], "asset");
    assert_eq!((info["iotStateInterval"].as_i64(), info["iotEnergyInterval"].as_i64()), (Some(30), Some(600)));
    assert_eq!(info["createBy"], "admin");

    // The filters of the list; `query` answers the same rows unpaged.
    let (_, found) = console.en(Call::get("/project/project/list?projectNumber=NORTH&status=0")).await;
    assert_eq!((found["total"].as_i64(), found["rows"][0]["id"].as_i64()), (Some(1), Some(id)), "{found}");
    let queried = console.data(Call::get("/project/project/query?cityName=%E6%B7%B1%E5%9C%B3")).await;
    assert_eq!(queried.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>(), [id]);

    // Edit: fewer modules, no location, the logo hidden.
    let mut body = full_project("NORTH-1");
    body["id"] = json!(id);
    body["modules"] = json!([{ "position": 2, "moduleCode": "scene" }]);
    body["longitude"] = json!("");
    body["latitude"] = Value::Null;
    body["menuLogoStatus"] = json!("0");
    console.data(Call::put("/project/project").json(body)).await;
    let info = console.info(id).await;
    assert_eq!(info["modules"], json!([{ "position": 2, "moduleCode": "scene" }]));
    assert_eq!((info["longitude"].clone(), info["menuLogoStatus"].clone()), (Value::Null, json!("0")));

    // The home page's config, the map location and the date scope.
    let home = console.data(Call::get(&format!("/project/project/getHomeProjectConfig/{id}"))).await;
    assert_eq!(
        (home["menuLogo"].as_str(), home["planPicture"].as_str()),
        (Some("/upload/2026/logo.png"), Some("/upload/plan.png"))
    );
    let location = console.data(Call::get("/project/location/1")).await;
    assert_eq!((location["longitude"].as_f64(), location["mapLevel"].as_i64()), (Some(120.2108), Some(15)));
    let scope = console.data(Call::get(&format!("/project/project/getProjectInfoForDateScope?projectId={id}"))).await;
    assert_eq!(scope["startTime"], "2026-05-01");
    let (_, selected) = console.send("1", EN, Call::get("/project/project/getProjectInfoForDateScope")).await;
    assert_eq!(selected["data"]["startTime"], "2025-03-18", "the selected project when none is named");

    // add/media: the plan picture, and carousel pictures up to ten.
    let media = json!({ "id": id, "type": "plan", "path": "/upload/plan-2.png" });
    let changed = console.data(Call::post("/project/project/add/media").json(media)).await;
    assert_eq!(changed["planPicture"], "/upload/plan-2.png");
    for n in 0..8 {
        let media = json!({ "id": id, "type": "carousel", "path": format!("/upload/c{n}.png") });
        console.data(Call::post("/project/project/add/media").json(media)).await;
    }
    let media = json!({ "id": id, "type": "carousel", "path": "/upload/c9.png" });
    refused(
        console.en(Call::post("/project/project/add/media").json(media)).await,
        400,
        "At most 10 carousel pictures",
    );
    let media = json!({ "id": id, "type": "video", "path": "/upload/v.mp4" });
    refused(
        console.en(Call::post("/project/project/add/media").json(media)).await,
        400,
        "The picture kind must be logo, carousel or plan",
    );

    // Enable and disable: a disabled project leaves the picker, not the management list.
    let off = console.data(Call::put(&format!("/project/project/enable/{id}")).json(json!({ "enabled": "0" }))).await;
    assert_eq!(off, "0");
    assert!(!console.drop_list_ids().await.contains(&id));
    let (_, disabled) = console.en(Call::get("/project/project/list?enabled=0")).await;
    assert_eq!(disabled["rows"][0]["id"].as_i64(), Some(id), "{disabled}");
    let flipped = console.data(Call::put(&format!("/project/project/enable/{id}"))).await;
    assert_eq!(flipped, "1", "no body flips the switch");
    assert!(console.drop_list_ids().await.contains(&id));

    // A number is unique among projects; a deleted project frees it.
    refused(
        console.en(Call::post("/project/project").json(full_project("NORTH-1"))).await,
        400,
        "The project could not be saved: number 'NORTH-1' is taken",
    );
    console.data(Call::delete(&format!("/project/project/{id}"))).await;
    refused(console.en(Call::get(&format!("/project/project/getInfoById/{id}"))).await, 404, NOT_FOUND_EN);
    refused(console.en(Call::delete(&format!("/project/project/{id}"))).await, 404, NOT_FOUND_EN);
    let again = console.create(full_project("NORTH-1")).await;
    assert_ne!(again, id);
}

scenario!(bad_input_is_refused_in_both_languages_and_changes_nothing);
async fn bad_input_is_refused_in_both_languages_and_changes_nothing(c: &Cluster) {
    let console = Console::admin(c).await;
    let before = project_rows(c).await;
    let with = |field: &str, value: Value| {
        let mut body = full_project("BAD-1");
        body[field] = value;
        body
    };
    let seven: Vec<Value> = (1..=7).map(|p| json!({ "position": p, "moduleCode": "gateway" })).collect();
    let cases = [
        (with("projectName", json!(" ")), "The project name cannot be empty"),
        (
            with("projectNumber", json!("BAD 1")),
            "The project number may hold only letters, digits, underscores and hyphens",
        ),
        (with("cityCode", json!("9999")), "Please choose the project's city from the list"),
        (with("phone", json!("0571-8888666")), "Please enter a valid mobile phone number"),
        (with("address", json!("")), "The project address cannot be empty"),
        (with("status", json!("9")), "The project status must be proposed, under construction, completed or stopped"),
        (with("acceptance", json!("x")), "The acceptance must be accepted, to be accepted or not passed"),
        (with("startTime", json!("2026-13-01")), "The start date must be a date (YYYY-MM-DD)"),
        (with("mapLevel", json!("twelve")), "The map level must be 3 to 18"),
        (with("latitude", json!(91)), "Longitude must be -180 to 180 and latitude -90 to 90, both or neither"),
        (with("longitude", json!(null)), "Longitude must be -180 to 180 and latitude -90 to 90, both or neither"),
        (
            with("menuLogo", json!("https://evil.example/x.png")),
            "A picture's path is not a stored file; please upload it again",
        ),
        (
            with("planPicture", json!("/upload/../../etc/passwd")),
            "A picture's path is not a stored file; please upload it again",
        ),
        (with("modules", json!(seven)), "At most 6 modules"),
        (
            with(
                "modules",
                json!([{ "position": 1, "moduleCode": "gateway" }, { "position": 1, "moduleCode": "alarm" }]),
            ),
            "Module positions cannot repeat",
        ),
        (with("modules", json!([{ "position": 0, "moduleCode": "gateway" }])), "A module's position must be 1 to 6"),
        (with("modules", json!([{ "position": 1, "moduleCode": "tv" }])), "Unknown module"),
        (with("iotStateInterval", json!(5)), "The state push interval must be 10 to 3600 seconds"),
        (with("projectUserName", json!("x".repeat(51))), "The principal can be at most 50 characters"),
    ];
    for (body, msg) in cases {
        refused(console.en(Call::post("/project/project").json(body.clone())).await, 400, msg);
        let mut edit = body;
        edit["id"] = json!(1);
        refused(console.en(Call::put("/project/project").json(edit)).await, 400, msg);
    }
    // Chinese, word for word where the spec gives the rule.
    let (_, zh) = console.send("", ZH, Call::post("/project/project").json(with("modules", json!(seven)))).await;
    assert_eq!(zh["msg"], "最多选择6个模块");
    // Ids and switches.
    refused(console.en(Call::get("/project/project/getInfoById/abc")).await, 400, "Invalid project id");
    refused(console.en(Call::put("/project/project").json(full_project("BAD-2"))).await, 400, "Invalid project id");
    refused(
        console.en(Call::put("/project/project/enable/1").json(json!({ "enabled": "yes" }))).await,
        400,
        "Enabled must be 0 (disabled) or 1 (enabled)",
    );
    refused(
        console.en(Call::get("/project/project/list?status=7")).await,
        400,
        "The project status must be proposed, under construction, completed or stopped",
    );
    refused(
        console.en(Call::get("/project/project/list?pageNum=x")).await,
        400,
        "pageNum and pageSize must be whole numbers",
    );
    refused(
        console.en(Call::get("/project/project/getProjectInfoForDateScope")).await,
        400,
        "Please select a project first",
    );
    assert_eq!(project_rows(c).await, before, "nothing was written");
}

scenario!(a_project_with_gateways_or_open_alarms_is_not_deleted);
async fn a_project_with_gateways_or_open_alarms_is_not_deleted(c: &Cluster) {
    let console = Console::admin(c).await;
    // The demo project has gateways.
    refused_by_rule(
        console.en(Call::delete("/project/project/1")).await,
        "The project still has 5 gateway(s) and cannot be deleted",
    );
    let (_, zh) = console.send("", ZH, Call::delete("/project/project/1")).await;
    assert_eq!(zh["msg"], "项目下还有5个网关，不允许删除");

    // A new project with one gateway, then only an open alarm.
    let id = console.create(full_project("DEL-1")).await;
    let project = id.to_string();
    let gateway = json!({ "gatewayName": "G", "gatewayNumber": "DEL-GW-1", "communicationType": "1", "loopCount": 1 });
    let (_, added) = console.send(&project, EN, Call::post("/lighting/gateway").json(gateway)).await;
    assert_eq!(added["code"], 200, "{added}");
    refused_by_rule(
        console.en(Call::delete(&format!("/project/project/{id}"))).await,
        "The project still has 1 gateway(s) and cannot be deleted",
    );
    let (_, page) = console.send(&project, EN, Call::get("/lighting/gateway/list")).await;
    let gateway_id = page["rows"][0]["gatewayId"].as_i64().unwrap();
    let (_, removed) = console.send(&project, EN, Call::delete(&format!("/lighting/gateway/{gateway_id}"))).await;
    assert_eq!(removed["code"], 200, "{removed}");
    sqlx::query(
        "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, content_zh, \
         content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, auto_work_order, \
         gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
         VALUES ($1, 1, 'test-del-1', 'Over-current', '1', '过流', 'Over-current', 'current', '>', '15', FALSE, FALSE, \
         $2, 'DEL-GW-1', 1, 'G', 16, now(), now())",
    )
    .bind(id)
    .bind(gateway_id)
    .execute(&c.pool)
    .await
    .unwrap();
    refused_by_rule(
        console.en(Call::delete(&format!("/project/project/{id}"))).await,
        "The project still has 1 open alarm(s) and cannot be deleted",
    );
    sqlx::query("UPDATE alarm.alarms SET status = '3' WHERE raise_transition_id = 'test-del-1'")
        .execute(&c.pool)
        .await
        .unwrap();
    console.data(Call::delete(&format!("/project/project/{id}"))).await;
}

scenario!(a_new_project_is_granted_to_its_creator_and_a_deleted_one_taken_back);
async fn a_new_project_is_granted_to_its_creator_and_a_deleted_one_taken_back(c: &Cluster) {
    // The operator sees project 1 only.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    assert_eq!(operator.drop_list_ids().await, [1]);
    refused(operator.en(Call::get("/project/project/getInfoById/2")).await, 404, NOT_FOUND_EN);
    let (_, page) = operator.en(Call::get("/project/project/list")).await;
    assert_eq!(page["total"], 1, "only the operator's projects: {page}");

    // The project the operator creates is theirs, in the session they hold, at once.
    let id = operator.create(full_project("OPS-1")).await;
    assert!(
        eventually(10, || async { operator.drop_list_ids().await.contains(&id) }).await,
        "the creator's session gains the new project"
    );
    assert_eq!(operator.info(id).await["projectNumber"], "OPS-1");
    let granted: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM identity.user_projects up JOIN identity.users u USING (user_id) \
         WHERE u.user_name = 'operator' AND up.project_id = $1",
    )
    .bind(id)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    assert_eq!(granted, 1);

    // Deleted by the administrator: the operator loses it.
    let admin = Console::admin(c).await;
    admin.data(Call::delete(&format!("/project/project/{id}"))).await;
    assert!(
        eventually(10, || async { !operator.drop_list_ids().await.contains(&id) }).await,
        "the deleted project leaves the operator's session"
    );
}

scenario!(each_call_needs_its_permission);
async fn each_call_needs_its_permission(c: &Cluster) {
    revoke_from_operator(c, &["pc:project:project:add", "pc:project:project:edit", "pc:project:project:remove"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let before = project_rows(c).await;
    refused(operator.en(Call::post("/project/project").json(full_project("NOPE-1"))).await, 403, NO_PERMISSION_EN);
    let mut body = full_project("NOPE-1");
    body["id"] = json!(1);
    refused(operator.en(Call::put("/project/project").json(body)).await, 403, NO_PERMISSION_EN);
    refused(operator.en(Call::put("/project/project/enable/1")).await, 403, NO_PERMISSION_EN);
    refused(operator.en(Call::delete("/project/project/1")).await, 403, NO_PERMISSION_EN);
    let media = json!({ "id": 1, "type": "logo", "path": "/x.png" });
    refused(operator.en(Call::post("/project/project/add/media").json(media)).await, 403, NO_PERMISSION_EN);
    // Reading stays allowed, and without a token nothing is.
    assert_eq!(operator.info(1).await["projectNumber"], "LS-DEMO-001");
    let (status, _) = c.api.send(Call::get("/project/project/list")).await;
    assert_eq!(status, 401);
    assert_eq!(project_rows(c).await, before);
}

scenario!(announcements_are_written_published_and_scoped_to_the_project);
async fn announcements_are_written_published_and_scoped_to_the_project(c: &Cluster) {
    let console = Console::admin(c).await;

    // The demo's announcements, newest first; the published one says so.
    let (_, page) = console.send("1", EN, Call::get("/system/notice/list")).await;
    assert_eq!((page["code"].as_i64(), page["total"].as_i64()), (Some(200), Some(2)), "{page}");
    let published: Vec<&str> =
        page["rows"].as_array().unwrap().iter().map(|n| n["published"].as_str().unwrap()).collect();
    assert_eq!(published, ["0", "1"]);
    assert_eq!(page["rows"][1]["noticeTitle"], "春节亮灯安排");

    // Add, read, edit, publish.
    let body = json!({ "noticeTitle": " Festival lights ", "noticeContent": "<script>x</script> stays text", "noticeImage": "/upload/f.png" });
    let (_, added) = console.send("1", EN, Call::post("/system/notice").json(body)).await;
    let id = added["data"].as_i64().expect("the new id");
    let (_, got) = console.send("1", EN, Call::get(&format!("/system/notice/{id}"))).await;
    let notice = &got["data"];
    assert_eq!(
        (notice["noticeTitle"].as_str(), notice["noticeType"].as_str(), notice["status"].as_str()),
        (Some("Festival lights"), Some("2"), Some("0"))
    );
    assert_eq!(
        (notice["noticeContent"].as_str(), notice["published"].as_str()),
        (Some("<script>x</script> stays text"), Some("0"))
    );
    assert_eq!(notice["createBy"], "admin");
    let edit =
        json!({ "noticeId": id, "noticeTitle": "Festival", "noticeType": "1", "noticeContent": "c", "status": "0" });
    let (_, edited) = console.send("1", EN, Call::put("/system/notice").json(edit)).await;
    assert_eq!(edited["code"], 200, "{edited}");
    let (_, done) = console.send("1", EN, Call::put(&format!("/system/notice/publish/{id}"))).await;
    assert_eq!(
        (done["data"]["published"].as_str(), done["data"]["publishedBy"].as_str()),
        (Some("1"), Some("admin")),
        "{done}"
    );
    assert!(done["data"]["publishTime"].as_str().is_some());
    let (_, only) = console.send("1", EN, Call::get("/system/notice/list?published=1&noticeType=1")).await;
    assert_eq!(only["total"], 1, "{only}");

    // A closed one is not published; bad input is refused and changes nothing.
    let close = json!({ "noticeId": id, "noticeTitle": "Festival", "noticeType": "1", "status": "1" });
    console.send("1", EN, Call::put("/system/notice").json(close)).await;
    let (status, closed) = console.send("1", EN, Call::put(&format!("/system/notice/publish/{id}"))).await;
    assert_eq!(
        (status, closed["code"].as_i64(), closed["msg"].as_str()),
        (200, Some(500), Some("A closed announcement cannot be published"))
    );
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM project.notices").fetch_one(&c.pool).await.unwrap();
    let bad = [
        (json!({ "noticeTitle": " " }), "The announcement title cannot be empty"),
        (json!({ "noticeTitle": "x".repeat(51) }), "The title can be at most 50 characters"),
        (json!({ "noticeTitle": "t", "noticeType": "9" }), "The type must be a notice or an announcement"),
        (json!({ "noticeTitle": "t", "status": "2" }), "The status must be normal or closed"),
        (
            json!({ "noticeTitle": "t", "noticeImage": "https://evil.example/x.png" }),
            "A picture's path is not a stored file; please upload it again",
        ),
        (
            json!({ "noticeTitle": "t", "noticeContent": "x".repeat(10_001) }),
            "The content can be at most 10000 characters",
        ),
    ];
    for (body, msg) in bad {
        refused(console.send("1", EN, Call::post("/system/notice").json(body)).await, 400, msg);
    }
    let (_, zh) = console.send("1", ZH, Call::post("/system/notice").json(json!({ "noticeTitle": "" }))).await;
    assert_eq!(zh["msg"], "公告标题不能为空");
    refused(console.send("1", EN, Call::get("/system/notice/abc")).await, 400, "Invalid announcement id");
    refused(console.send("", EN, Call::get("/system/notice/list")).await, 400, "Please select a project first");
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM project.notices").fetch_one(&c.pool).await.unwrap();
    assert_eq!(after, before);

    // Another project's announcement is absent; a delete naming one of them deletes nothing.
    let (_, other) = console.send("2", EN, Call::get("/system/notice/list")).await;
    let foreign = other["rows"][0]["noticeId"].as_i64().unwrap();
    refused(
        console.send("1", EN, Call::get(&format!("/system/notice/{foreign}"))).await,
        404,
        "The announcement does not exist",
    );
    refused(
        console.send("1", EN, Call::delete(&format!("/system/notice/{id},{foreign}"))).await,
        404,
        "The announcement does not exist",
    );
    let (_, deleted) = console.send("1", EN, Call::delete(&format!("/system/notice/{id}"))).await;
    assert_eq!(deleted["code"], 200, "{deleted}");
    refused(
        console.send("1", EN, Call::get(&format!("/system/notice/{id}"))).await,
        404,
        "The announcement does not exist",
    );

    // Publishing needs its own permission.
    revoke_from_operator(c, &["pc:project:notice:publish"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let (_, list) = operator.send("1", EN, Call::get("/system/notice/list")).await;
    let first = list["rows"][0]["noticeId"].as_i64().unwrap();
    refused(operator.send("1", EN, Call::put(&format!("/system/notice/publish/{first}"))).await, 403, NO_PERMISSION_EN);
}

scenario!(a_crowd_on_the_home_page_still_sees_each_write_at_once);
/// The home page's three reads are shared by the callers who ask at once
/// (`lumiscape_common::coalesce`); a caller still never gets a figure read before it asked.
/// A crowd keeps the reads shared while a writer changes each panel's source and reads the
/// page straight after each commit.
async fn a_crowd_on_the_home_page_still_sees_each_write_at_once(c: &Cluster) {
    const HOME: &str = "/project/project/getProjectMainPageInfo";
    let console = Console::admin(c).await;
    let (_, page) = console.send("1", EN, Call::get(HOME)).await;
    let serious = page["data"]["alarms"]["serious"].as_i64().expect("the alarm panel");
    let online = page["data"]["devices"]["gatewayOnline"].as_i64().expect("the device panel");
    let done = std::sync::atomic::AtomicBool::new(false);
    let crowd = futures::future::join_all((0..16).map(|_| async {
        let mut reads = 0;
        while !done.load(std::sync::atomic::Ordering::SeqCst) {
            let (_, page) = console.send("1", EN, Call::get(HOME)).await;
            assert_eq!(page["code"], 200, "{page}");
            reads += 1;
        }
        reads
    }));
    let writer = async {
        for round in 1..=8_i64 {
            sqlx::query(
                "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, \
                 content_zh, content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, \
                 auto_work_order, gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
                 VALUES (1, 1, $1, 'Over-current', '1', '过流', 'Over-current', 'current', '>', '15', FALSE, FALSE, \
                 1, 'SIM-00001', 1, 'G', 16, now(), now())",
            )
            .bind(format!("test-crowd-{round}"))
            .execute(&c.pool)
            .await
            .unwrap();
            let name = format!("Crowded {round}");
            sqlx::query("UPDATE project.projects SET project_name = $1 WHERE project_id = 1")
                .bind(&name)
                .execute(&c.pool)
                .await
                .unwrap();
            sqlx::query("UPDATE lighting.gateways SET online = NOT online WHERE gateway_id = 1")
                .execute(&c.pool)
                .await
                .unwrap();
            let (_, page) = console.send("1", EN, Call::get(HOME)).await;
            let data = &page["data"];
            assert_eq!(data["alarms"]["serious"].as_i64(), Some(serious + round), "round {round}: {page}");
            assert_eq!(data["project"]["projectName"], name.as_str(), "round {round}: {page}");
            let flipped = data["devices"]["gatewayOnline"].as_i64().unwrap() != online;
            assert_eq!(flipped, round % 2 == 1, "round {round}: {page}");
        }
        done.store(true, std::sync::atomic::Ordering::SeqCst);
    };
    let (reads, ()) = tokio::join!(crowd, writer);
    assert!(reads.iter().all(|&n| n > 0), "every reader of the crowd was answered: {reads:?}");
}

scenario!(the_home_page_gathers_its_panels_from_the_services_that_own_them);
async fn the_home_page_gathers_its_panels_from_the_services_that_own_them(c: &Cluster) {
    let console = Console::admin(c).await;
    let (_, page) = console.send("1", EN, Call::get("/project/project/getProjectMainPageInfo")).await;
    let data = &page["data"];
    assert_eq!(data["project"]["projectName"], "滨江景观照明示范项目", "{page}");
    assert_eq!(data["project"]["modules"].as_array().unwrap().len(), 6);
    assert_eq!(
        (data["devices"]["gatewayTotal"].as_i64(), data["devices"]["loopTotal"].as_i64()),
        (Some(5), Some(20)),
        "{page}"
    );
    let titles: Vec<&str> =
        data["notices"].as_array().unwrap().iter().map(|n| n["noticeTitle"].as_str().unwrap()).collect();
    assert_eq!(titles, ["春节亮灯安排"], "published ones only");
    let notice = &data["notices"][0];
    assert_eq!(notice["publishTime"].as_str().map(str::len), Some("2026-01-01 00:00:00".len()), "{notice}");
    assert!(notice["noticeContent"].as_str().is_some_and(|c| !c.is_empty()), "{notice}");
    assert!(notice["noticeId"].as_i64().is_some_and(|id| id > 0) && notice["createBy"].is_string(), "{notice}");
    let serious = data["alarms"]["serious"].as_i64().expect("the alarm panel");

    // An open serious alarm shows at once; the same figures answer device/statistics.
    sqlx::query(
        "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, content_zh, \
         content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, auto_work_order, \
         gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
         VALUES (1, 1, 'test-home-1', 'Over-current', '1', '过流', 'Over-current', 'current', '>', '15', FALSE, FALSE, \
         1, 'SIM-00001', 1, 'G', 16, now(), now())",
    )
    .execute(&c.pool)
    .await
    .unwrap();
    let (_, page) = console.send("", EN, Call::get("/project/project/getProjectMainPageInfo?projectId=1")).await;
    assert_eq!(page["data"]["alarms"]["serious"].as_i64(), Some(serious + 1), "{page}");
    let (_, stats) = console.send("1", EN, Call::get("/project/project/device/statistics")).await;
    assert_eq!(stats["data"]["gatewayTotal"], 5, "{stats}");

    // A panel the caller may not read is left out, the rest still shows. (Whoever may delete
    // the project may count its open alarms: the deletion asks for that count.)
    revoke_from_operator(c, &["pc:alarm:realtime:list", "pc:project:project:remove"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let (_, page) = operator.send("1", EN, Call::get("/project/project/getProjectMainPageInfo")).await;
    assert_eq!((page["code"].as_i64(), page["data"]["alarms"].clone()), (Some(200), Value::Null), "{page}");
    assert_eq!(page["data"]["devices"]["gatewayTotal"], 5);
    // Another project, and no project at all.
    refused(
        operator.send("1", EN, Call::get("/project/project/getProjectMainPageInfo?projectId=2")).await,
        404,
        NOT_FOUND_EN,
    );
    refused(
        operator.send("", EN, Call::get("/project/project/getProjectMainPageInfo")).await,
        400,
        "Please select a project first",
    );
}
