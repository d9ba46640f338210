//! The data big screen and the home index (issue 11): `getScreenAllProjectInfo`, `initIndex`,
//! `getIndexProjectInfo/{id}` and `getMonitorType/{id}`, gathered by the edge from the
//! services that own the figures (project, lighting, alarm), and the two calls added for
//! them (alarm `AlarmTrend`, lighting `GetLivePower`), each checked again by its service.
//! Every scenario runs against `--target all` in one process and against every service in a
//! process of its own.

#[macro_use]
mod common;

use chrono::{Days, Local};
use common::{Call, Cluster, Console, refused, refused_by_rule, revoke_from_operator};
use lumiscape_proto::alarm::v1 as alarm;
use lumiscape_proto::lighting::v1 as lighting;
use serde_json::Value;

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const SCREEN: &str = "/project/project/getScreenAllProjectInfo";
const NOT_FOUND_EN: &str = "Project does not exist!";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";
const NO_PROJECT_EN: &str = "The project does not exist, please set the project information!";
const NO_PROJECT_ZH: &str = "项目不存在，请设置项目相关信息！";

/// A successful call's `data`.
async fn data(console: &Console<'_>, project: &str, call: Call<'_>) -> Value {
    let (status, reply) = console.send(project, EN, call).await;
    assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
    reply["data"].clone()
}

/// An alarm of the first demo project, raised `days_ago` days before now.
async fn raise(c: &Cluster, id: &str, level: &str, days_ago: i32) {
    sqlx::query(
        "INSERT INTO alarm.alarms (project_id, alarm_type_id, raise_transition_id, alarm_name, alarm_level, content_zh, \
         content_en, trigger_attribute, trigger_comparison, trigger_value_text, auto_processing, auto_work_order, \
         gateway_id, serial, loop_index, device_name, value, alarm_time, sample_time) \
         VALUES (1, 1, $1, 'Over-current', $2, '过流', 'Over-current', 'current', '>', '15', FALSE, FALSE, \
         1, 'SIM-00001', 1, $1, 16, now() - make_interval(days => $3), now())",
    )
    .bind(id)
    .bind(level)
    .bind(days_ago)
    .execute(&c.pool)
    .await
    .unwrap();
}

/// The data big screen's one call may be used by the operator too.
async fn grant_screen_to_operator(c: &Cluster) {
    sqlx::query(
        "INSERT INTO identity.role_menus (role_id, menu_id) SELECT r.role_id, m.menu_id FROM identity.roles r, \
         identity.menus m WHERE r.role_key = 'operator' AND m.perms = 'pc:dataScreen:view' ON CONFLICT DO NOTHING",
    )
    .execute(&c.pool)
    .await
    .unwrap();
}

fn day(trend: &Value, date: &str) -> Value {
    trend.as_array().unwrap().iter().find(|d| d["date"] == date).cloned().unwrap_or_else(|| panic!("{date} in {trend}"))
}

scenario!(the_big_screen_gathers_every_panel_from_the_services_that_own_them);
async fn the_big_screen_gathers_every_panel_from_the_services_that_own_them(c: &Cluster) {
    let console = Console::admin(c).await;
    let before = data(&console, "1", Call::get(SCREEN)).await;
    let project = &before["project"];
    assert_eq!(project["projectName"], "滨江景观照明示范项目", "{before}");
    assert_eq!((project["longitude"].as_f64(), project["latitude"].as_f64()), (Some(120.2108), Some(30.2084)));
    assert!(project["location"].as_str().unwrap().contains("杭州"), "{project}");
    assert_eq!(
        (before["devices"]["gatewayTotal"].as_i64(), before["devices"]["loopTotal"].as_i64()),
        (Some(5), Some(20))
    );
    let gateways = before["gateways"]["rows"].as_array().unwrap();
    assert_eq!((before["gateways"]["total"].as_i64(), gateways.len()), (Some(5), 5));
    assert!(
        gateways
            .iter()
            .all(|g| g["gatewayName"].is_string() && ["0", "1"].contains(&g["onlineStatus"].as_str().unwrap()))
    );

    // The trend: 7 local days ending today, zeros included.
    let today = Local::now().date_naive();
    let dates: Vec<String> =
        before["alarmTrend"].as_array().unwrap().iter().map(|d| d["date"].as_str().unwrap().to_owned()).collect();
    let expected: Vec<String> = (0..7).rev().map(|n| (today - Days::new(n)).to_string()).collect();
    assert_eq!(dates, expected);

    // Alarms today, three days ago and ten days ago (outside the trend); loops report power.
    raise(c, "screen-today", "1", 0).await;
    raise(c, "screen-three", "2", 3).await;
    raise(c, "screen-ten", "3", 10).await;
    sqlx::query(
        "INSERT INTO lighting.loop_state (gateway_id, loop_index, is_on, voltage_v, current_a, active_power_w, energy_kwh, sample_time) \
         VALUES (1, 1, TRUE, 220, 1, 1500.5, 3, now()), (1, 2, TRUE, 220, 1, 1000, 3, now()) \
         ON CONFLICT (gateway_id, loop_index) DO UPDATE SET active_power_w = excluded.active_power_w, sample_time = now()",
    )
    .execute(&c.pool)
    .await
    .unwrap();
    let after = data(&console, "1", Call::get(SCREEN)).await;
    let (trend_before, trend_after) = (&before["alarmTrend"], &after["alarmTrend"]);
    let three = (today - Days::new(3)).to_string();
    assert_eq!(
        day(trend_after, &today.to_string())["serious"].as_i64(),
        day(trend_before, &today.to_string())["serious"].as_i64().map(|n| n + 1)
    );
    assert_eq!(day(trend_after, &three)["main"].as_i64(), day(trend_before, &three)["main"].as_i64().map(|n| n + 1));
    let total = |t: &Value| t.as_array().unwrap().iter().map(|d| d["total"].as_i64().unwrap()).sum::<i64>();
    assert_eq!(total(trend_after), total(trend_before) + 2, "the alarm of ten days ago is not counted");
    assert_eq!(after["alarms"]["serious"].as_i64(), before["alarms"]["serious"].as_i64().map(|n| n + 1));
    let latest = after["latestAlarms"].as_array().unwrap();
    assert!(latest.len() <= 10 && !latest.is_empty(), "{after}");
    assert_eq!(latest[0]["deviceName"], "screen-today", "newest first: {after}");
    let power: f64 = sqlx::query_scalar(
        "SELECT coalesce(sum(s.active_power_w), 0) FROM lighting.loop_state s JOIN lighting.gateways g USING (gateway_id) \
         WHERE g.project_id = 1 AND NOT g.deleted",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap();
    assert!(power >= 2500.5);
    assert_eq!(after["power"]["activePower"].as_f64(), Some(power), "{after}");
    assert!(after["power"]["loopsReporting"].as_i64().unwrap() >= 2);
    assert!(after["power"]["sampleTime"].is_string());

    // The latest alarms speak the request's language.
    let (_, zh) = console.send("1", ZH, Call::get(SCREEN)).await;
    assert_eq!(zh["data"]["latestAlarms"][0]["content"], "过流", "{zh}");
}

scenario!(the_big_screen_needs_a_project_its_permission_and_a_token);
async fn the_big_screen_needs_a_project_its_permission_and_a_token(c: &Cluster) {
    let console = Console::admin(c).await;
    // No project: the spec's refusal, in both languages; "-1" is no project too.
    refused_by_rule(console.send("", EN, Call::get(SCREEN)).await, NO_PROJECT_EN);
    refused_by_rule(console.send("", ZH, Call::get(SCREEN)).await, NO_PROJECT_ZH);
    refused_by_rule(console.send("-1", ZH, Call::get(SCREEN)).await, NO_PROJECT_ZH);
    // Not a project id, a project that does not exist.
    let (status, reply) = console.send("abc", EN, Call::get(SCREEN)).await;
    assert_eq!((status, reply["code"].as_i64()), (400, Some(400)), "{reply}");
    refused(console.send("999999", EN, Call::get(SCREEN)).await, 404, NOT_FOUND_EN);

    // The operator: no screen permission, then granted it but not another's project.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(operator.send("1", EN, Call::get(SCREEN)).await, 403, NO_PERMISSION_EN);
    grant_screen_to_operator(c).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    assert_eq!(data(&operator, "1", Call::get(SCREEN)).await["devices"]["gatewayTotal"], 5);
    refused(operator.send("2", EN, Call::get(SCREEN)).await, 403, "You may not access this project");

    // A panel the caller may not read is null, the rest still shows.
    revoke_from_operator(c, &["pc:alarm:realtime:list", "pc:alarm:history:list", "pc:project:project:remove"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let screen = data(&operator, "1", Call::get(SCREEN)).await;
    assert_eq!(
        (&screen["alarms"], &screen["alarmTrend"], &screen["latestAlarms"]),
        (&Value::Null, &Value::Null, &Value::Null),
        "{screen}"
    );
    assert_eq!(screen["gateways"]["total"], 5);
    assert!(screen["power"].is_object());

    // Without a token nothing is.
    let (status, _) = c.api.send(Call::get(SCREEN).header("ProjectId", "1")).await;
    assert_eq!(status, 401);
}

scenario!(the_index_lists_the_callers_projects_with_their_places_and_figures);
async fn the_index_lists_the_callers_projects_with_their_places_and_figures(c: &Cluster) {
    let admin = Console::admin(c).await;
    let index = data(&admin, "", Call::get("/project/project/initIndex")).await;
    let projects = index["projects"].as_array().unwrap();
    assert_eq!((index["total"].as_u64(), index["located"].as_u64()), (Some(2), Some(2)), "{index}");
    let first = projects.iter().find(|p| p["id"] == 1).expect("the first demo project");
    assert_eq!((first["longitude"].as_f64(), first["latitude"].as_f64()), (Some(120.2108), Some(30.2084)));
    assert_eq!(first["devices"]["gatewayTotal"], 5, "{first}");
    assert!(first["alarms"]["open"].is_i64());
    // The filter, and one the project service refuses.
    let skyline =
        data(&admin, "", Call::get("/project/project/initIndex?projectName=%E5%A4%A9%E9%99%85%E7%BA%BF")).await;
    let ids: Vec<i64> = skyline["projects"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [2]);
    let long = "x".repeat(101);
    let (status, reply) =
        admin.send("", EN, Call::get(&format!("/project/project/initIndex?projectName={long}"))).await;
    assert_eq!((status, reply["code"].as_i64()), (400, Some(400)), "{reply}");

    // The operator sees the first project only; a guest none.
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let index = data(&operator, "", Call::get("/project/project/initIndex")).await;
    let ids: Vec<i64> = index["projects"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [1]);
    let guest = Console::sign_in(c, "guest", "guest123").await;
    assert_eq!(data(&guest, "", Call::get("/project/project/initIndex")).await["total"], 0);
    let (status, _) = c.api.send(Call::get("/project/project/initIndex")).await;
    assert_eq!(status, 401);
}

scenario!(one_projects_summary_and_monitor_types_are_scoped_to_the_caller);
async fn one_projects_summary_and_monitor_types_are_scoped_to_the_caller(c: &Cluster) {
    let admin = Console::admin(c).await;
    let summary = data(&admin, "", Call::get("/project/project/getIndexProjectInfo/1")).await;
    assert_eq!(summary["project"]["projectName"], "滨江景观照明示范项目", "{summary}");
    assert_eq!(
        summary["devices"]["gatewayOnline"].as_i64().unwrap() + summary["devices"]["gatewayOffline"].as_i64().unwrap(),
        5
    );
    assert!(summary["alarms"]["open"].is_i64() && summary["power"]["activePower"].is_number(), "{summary}");
    let types = data(&admin, "", Call::get("/project/project/getMonitorType/1")).await;
    let names: Vec<(&str, &str)> = types
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["monitorType"].as_str().unwrap(), t["monitorName"].as_str().unwrap()))
        .collect();
    assert_eq!(names, [("gateway", "Gateways"), ("loop", "Loops"), ("alarm", "Alarms")]);
    assert_eq!((types[0]["total"].as_i64(), types[1]["total"].as_i64()), (Some(5), Some(20)));
    let (_, zh) = admin.send("", ZH, Call::get("/project/project/getMonitorType/1")).await;
    assert_eq!(zh["data"][0]["monitorName"], "网关");

    // Bad ids, a project that does not exist, another's project.
    for path in ["/project/project/getIndexProjectInfo", "/project/project/getMonitorType"] {
        for bad in ["abc", "0", "-3"] {
            refused(admin.send("", EN, Call::get(&format!("{path}/{bad}"))).await, 400, "Invalid project id");
        }
        refused(admin.send("", EN, Call::get(&format!("{path}/999999"))).await, 404, NOT_FOUND_EN);
    }
    let operator = Console::sign_in(c, "operator", "operator123").await;
    refused(operator.send("", EN, Call::get("/project/project/getIndexProjectInfo/2")).await, 404, NOT_FOUND_EN);
    refused(operator.send("", EN, Call::get("/project/project/getMonitorType/2")).await, 404, NOT_FOUND_EN);
    assert_eq!(data(&operator, "", Call::get("/project/project/getMonitorType/1")).await.as_array().unwrap().len(), 3);

    // A category the caller may not read is left out.
    revoke_from_operator(c, &["pc:alarm:realtime:list", "pc:project:project:remove"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let types = data(&operator, "", Call::get("/project/project/getMonitorType/1")).await;
    let kinds: Vec<&str> = types.as_array().unwrap().iter().map(|t| t["monitorType"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["gateway", "loop"]);
    assert_eq!(data(&operator, "", Call::get("/project/project/getIndexProjectInfo/1")).await["alarms"], Value::Null);
    let (status, _) = c.api.send(Call::get("/project/project/getMonitorType/1")).await;
    assert_eq!(status, 401);
}

/// The status of a call's outcome.
fn status<T>(result: Result<T, tonic::Status>) -> (tonic::Code, String) {
    result
        .map(|_| (tonic::Code::Ok, String::new()))
        .unwrap_or_else(|status| (status.code(), status.message().to_owned()))
}

/// A call with the given token (or none) and project, in English, as the edge would forward it.
fn forwarded<T>(message: T, token: Option<&str>, project: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    if let Some(token) = token {
        request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    }
    request.metadata_mut().insert("project-id", project.parse().unwrap());
    request.metadata_mut().insert("content-language", "en_US".parse().unwrap());
    request
}

scenario!(the_trend_and_live_power_calls_check_the_caller_and_their_input);
async fn the_trend_and_live_power_calls_check_the_caller_and_their_input(c: &Cluster) {
    let mut alarms = alarm::alarm_service_client::AlarmServiceClient::connect(c.grpc_url("alarm")).await.unwrap();
    let mut gateways =
        lighting::gateway_service_client::GatewayServiceClient::connect(c.grpc_url("lighting")).await.unwrap();
    let operator = c.api.login("operator", "operator123").await;
    let token = Some(operator.as_str());
    let trend = |days, utc_offset_minutes| alarm::AlarmTrendRequest { days, utc_offset_minutes };

    // Good input: one entry per day, the last one today at that offset.
    let answer = alarms.alarm_trend(forwarded(trend(31, 840), token, "1")).await.unwrap().into_inner();
    assert_eq!(answer.days.len(), 31);
    let today = chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(840 * 60).unwrap()).date_naive();
    assert_eq!(answer.days.last().map(|d| d.date.clone()), Some(today.to_string()));
    let power = gateways.get_live_power(forwarded(lighting::GetLivePowerRequest {}, token, "1")).await.unwrap();
    assert!(power.into_inner().active_power_w >= 0.0);

    // Bad input, named.
    for (days, offset, message) in [
        (0, 480, "The number of days must be 1 to 31"),
        (32, 480, "The number of days must be 1 to 31"),
        (7, 841, "The UTC offset must be -720 to 840 minutes"),
        (7, -721, "The UTC offset must be -720 to 840 minutes"),
    ] {
        assert_eq!(
            status(alarms.alarm_trend(forwarded(trend(days, offset), token, "1")).await),
            (tonic::Code::InvalidArgument, message.to_owned())
        );
    }
    // No token, another's project, no permission.
    assert_eq!(status(alarms.alarm_trend(forwarded(trend(7, 0), None, "1")).await).0, tonic::Code::Unauthenticated);
    let live = || lighting::GetLivePowerRequest {};
    assert_eq!(status(gateways.get_live_power(forwarded(live(), None, "1")).await).0, tonic::Code::Unauthenticated);
    assert_eq!(status(alarms.alarm_trend(forwarded(trend(7, 0), token, "2")).await).0, tonic::Code::PermissionDenied);
    assert_eq!(status(gateways.get_live_power(forwarded(live(), token, "2")).await).0, tonic::Code::PermissionDenied);
    revoke_from_operator(c, &["pc:alarm:realtime:list", "pc:alarm:history:list", "pc:lighting:gateway:list"]).await;
    let operator = c.api.login("operator", "operator123").await;
    let token = Some(operator.as_str());
    assert_eq!(
        status(alarms.alarm_trend(forwarded(trend(7, 0), token, "1")).await),
        (tonic::Code::PermissionDenied, NO_PERMISSION_EN.to_owned())
    );
    assert_eq!(status(gateways.get_live_power(forwarded(live(), token, "1")).await).0, tonic::Code::PermissionDenied);
}
