//! The data big screen and the home index: `getScreenAllProjectInfo` (everything the big
//! screen shows of the selected project, in one answer), `initIndex` (the caller's projects
//! with their places and figures, for the index's map), `getIndexProjectInfo/{id}` (one
//! project's summary) and `getMonitorType/{id}` (a project's monitored categories with
//! their counts). The edge only gathers: every figure is asked, on the caller's behalf and
//! inside the project concerned, of the service that owns it (project, lighting, alarm), so
//! a project the caller may not open is refused by the project service as `getInfoById`
//! refuses it, and a panel the caller may not read (or whose service does not answer) is
//! null while the rest still shows, as on the home page. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use futures::StreamExt;
use lumiscape_common::grpc::RequestContext;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::alarm::v1 as alarm_pb;
use lumiscape_proto::alarm::v1::alarm_service_client::AlarmServiceClient;
use lumiscape_proto::lighting::v1 as lighting_pb;
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::project::v1 as pb;
use serde::Deserialize;
use serde_json::{Value, json};

use super::alarm::alarm_json;
use super::project::home_config;
use crate::convert::{flag, local_time, path_id};
use crate::envelope::{ApiError, ApiQuery, ApiResult, call, ok_data};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// Days of the big screen's alarm trend, today included.
pub const TREND_DAYS: i32 = 7;
/// Alarms in the big screen's rolling list, newest first.
pub const LATEST_ALARMS: i32 = 10;
/// Gateways in the big screen's status list (offline ones are not sorted first: the
/// lighting list's order, by creation).
pub const SCREEN_GATEWAYS: i32 = 100;
/// Projects of `initIndex` that get their figures; the rest are listed with null figures
/// (the index's map of an administrator of hundreds of projects stays one quick call).
pub const INDEX_FIGURES_MAX: usize = 100;
/// Projects whose figures `initIndex` asks for at once.
const INDEX_CONCURRENCY: usize = 8;

/// The caller's request context, inside project `id`.
fn in_project(info: &RequestInfo, id: i64) -> RequestContext {
    RequestContext { project_id: Some(id), ..info.ctx.clone() }
}

/// A panel's answer: its figures, or nothing when the caller may not read them (the panel
/// is hidden) or the service failed (logged; the rest of the screen still shows).
async fn panel<T>(
    name: &'static str,
    answer: impl Future<Output = Result<tonic::Response<T>, tonic::Status>>,
) -> Option<T> {
    match answer.await {
        Ok(answer) => Some(answer.into_inner()),
        Err(status) if status.code() == tonic::Code::PermissionDenied => None,
        Err(status) => {
            tracing::warn!(panel = name, code = ?status.code(), error = %status.message(), "a screen panel is left out");
            None
        }
    }
}

/// The offset from UTC of the days the trend counts. Projects carry no time zone of their
/// own: their local day is the server's, as in every date filter of the console.
fn utc_offset_minutes() -> i32 {
    chrono::Local::now().offset().local_minus_utc() / 60
}

fn project_json(c: &pb::HomeConfig) -> Value {
    let location: Vec<&str> =
        [c.city_name.as_str(), c.address.as_str()].into_iter().filter(|s| !s.is_empty()).collect();
    json!({
        "id": c.id,
        "projectId": c.id,
        "projectName": c.project_name,
        "cityName": c.city_name,
        "address": c.address,
        "location": location.join(" "),
        "status": c.status,
        "longitude": c.longitude,
        "latitude": c.latitude,
        "mapLevel": c.map_level,
        "mapMode": c.map_mode,
        "planPicture": c.plan_picture,
    })
}

fn devices_json(c: &lighting_pb::GatewayCounts) -> Value {
    json!({
        "gatewayTotal": c.total,
        "gatewayOnline": c.online,
        "gatewayOffline": c.total - c.online,
        "loopTotal": c.loops,
        "loopOn": c.loops_on,
        "loopOff": c.loops_off,
    })
}

fn alarms_json(c: &alarm_pb::CountOpenAlarmsResponse) -> Value {
    json!({ "open": c.count, "serious": c.serious, "main": c.main, "secondary": c.secondary })
}

fn power_json(p: &lighting_pb::LivePower) -> Value {
    json!({
        "activePower": p.active_power_w,
        "activePowerKw": (p.active_power_w / 10.0).round() / 100.0,
        "loopsReporting": p.loops_reporting,
        "sampleTime": local_time(p.sample_time_ms),
    })
}

fn trend_json(t: &alarm_pb::AlarmTrendResponse) -> Value {
    let days: Vec<Value> = t
        .days
        .iter()
        .map(|d| {
            json!({
                "date": d.date,
                "serious": d.serious,
                "main": d.main,
                "secondary": d.secondary,
                "total": d.serious + d.main + d.secondary,
            })
        })
        .collect();
    Value::Array(days)
}

fn gateway_status_json(page: &lighting_pb::ListGatewaysResponse) -> Value {
    let rows: Vec<Value> = page
        .rows
        .iter()
        .map(|g| {
            json!({
                "gatewayId": g.gateway_id,
                "gatewayName": g.gateway_name,
                "gatewayNumber": g.gateway_number,
                "onlineStatus": flag(g.online),
                "lastSeenTime": local_time(g.last_seen_ms),
            })
        })
        .collect();
    json!({ "total": page.total, "rows": rows })
}

/// `GET /project/project/getScreenAllProjectInfo`: the selected project's big screen,
/// `{project, devices, alarms, alarmTrend, latestAlarms, power, gateways, refreshTime}`.
/// Without a selected project: the spec's refusal (section 8).
pub async fn screen_all(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let Some(project_id) = info.ctx.project_id else {
        return Err(ApiError::new(ErrorCode::FailedPrecondition, &Msg::ScreenProjectRequired, lang));
    };
    let config = home_config(&state, &info, project_id).await?;
    let ctx = in_project(&info, config.id);
    let mut lighting = GatewayServiceClient::new(state.clients.lighting_channel());
    let mut lighting_list = lighting.clone();
    let mut lighting_power = lighting.clone();
    let mut alarm = AlarmServiceClient::new(state.clients.alarm_channel());
    let mut alarm_trend = alarm.clone();
    let mut alarm_list = alarm.clone();
    let gateways_page = lighting_pb::ListGatewaysRequest { page_size: Some(SCREEN_GATEWAYS), ..Default::default() };
    let trend = alarm_pb::AlarmTrendRequest { days: TREND_DAYS, utc_offset_minutes: utc_offset_minutes() };
    let latest = alarm_pb::ListAlarmsRequest { page_size: Some(LATEST_ALARMS), ..Default::default() };
    let (devices, gateways, power, alarms, trend, latest) = tokio::join!(
        panel("devices", lighting.count_gateways(ctx.request(lighting_pb::CountGatewaysRequest {}))),
        panel("gateways", lighting_list.list_gateways(ctx.request(gateways_page))),
        panel("power", lighting_power.get_live_power(ctx.request(lighting_pb::GetLivePowerRequest {}))),
        panel("alarms", alarm.count_open_alarms(ctx.request(alarm_pb::CountOpenAlarmsRequest {}))),
        panel("alarm trend", alarm_trend.alarm_trend(ctx.request(trend))),
        panel("latest alarms", alarm_list.list_alarms(ctx.request(latest))),
    );
    let latest = latest.map(|page| Value::Array(page.rows.iter().map(|a| alarm_json(a, lang)).collect()));
    ok_data(
        lang,
        json!({
            "project": project_json(&config),
            "devices": devices.as_ref().map(devices_json),
            "alarms": alarms.as_ref().map(alarms_json),
            "alarmTrend": trend.as_ref().map(trend_json),
            "latestAlarms": latest,
            "power": power.as_ref().map(power_json),
            "gateways": gateways.as_ref().map(gateway_status_json),
            "refreshTime": local_time(chrono::Utc::now().timestamp_millis()),
        }),
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexQuery {
    #[serde(default)]
    project_name: String,
}

/// A project's gateway and open-alarm figures, asked inside it.
async fn figures(
    state: &EdgeState,
    info: &RequestInfo,
    id: i64,
) -> (Option<lighting_pb::GatewayCounts>, Option<alarm_pb::CountOpenAlarmsResponse>) {
    let ctx = in_project(info, id);
    let mut lighting = GatewayServiceClient::new(state.clients.lighting_channel());
    let mut alarm = AlarmServiceClient::new(state.clients.alarm_channel());
    tokio::join!(
        panel("devices", lighting.count_gateways(ctx.request(lighting_pb::CountGatewaysRequest {}))),
        panel("alarms", alarm.count_open_alarms(ctx.request(alarm_pb::CountOpenAlarmsRequest {}))),
    )
}

/// `GET /project/project/initIndex?projectName`: the projects the caller may open (name
/// contains-match), each with its place (`longitude`, `latitude`, null when not located)
/// and its figures (`devices`, `alarms`; null when the caller may not read them, and for
/// projects past the first [`INDEX_FIGURES_MAX`]), and `{total, located}`.
pub async fn init_index(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<IndexQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListProjectsRequest { project_name: query.project_name };
    let projects = call(&info, state.clients.project().list_projects(info.ctx.request(request))).await?.projects;
    let ids: Vec<i64> = projects.iter().take(INDEX_FIGURES_MAX).map(|p| p.id).collect();
    let asked: Vec<_> =
        futures::stream::iter(ids).map(|id| figures(&state, &info, id)).buffered(INDEX_CONCURRENCY).collect().await;
    let mut asked = asked.into_iter();
    let located = projects.iter().filter(|p| p.longitude.is_some() && p.latitude.is_some()).count();
    let rows: Vec<Value> = projects
        .iter()
        .map(|p| {
            let (devices, alarms) = asked.next().unwrap_or((None, None));
            json!({
                "id": p.id,
                "projectId": p.id,
                "projectName": p.project_name,
                "projectNumber": p.project_number,
                "cityName": p.city_name,
                "address": p.address,
                "status": p.status,
                "longitude": p.longitude,
                "latitude": p.latitude,
                "devices": devices.as_ref().map(devices_json),
                "alarms": alarms.as_ref().map(alarms_json),
            })
        })
        .collect();
    ok_data(lang, json!({ "total": rows.len(), "located": located, "projects": rows }))
}

/// `GET /project/project/getIndexProjectInfo/{id}`: one project's summary, `{project,
/// devices, alarms, power}`; another's project is refused as `getInfoById` refuses it.
pub async fn index_project(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let config = home_config(&state, &info, path_id(&id, Msg::ProjectIdInvalid, lang)?).await?;
    let ctx = in_project(&info, config.id);
    let mut lighting = GatewayServiceClient::new(state.clients.lighting_channel());
    let mut lighting_power = lighting.clone();
    let mut alarm = AlarmServiceClient::new(state.clients.alarm_channel());
    let (devices, power, alarms) = tokio::join!(
        panel("devices", lighting.count_gateways(ctx.request(lighting_pb::CountGatewaysRequest {}))),
        panel("power", lighting_power.get_live_power(ctx.request(lighting_pb::GetLivePowerRequest {}))),
        panel("alarms", alarm.count_open_alarms(ctx.request(alarm_pb::CountOpenAlarmsRequest {}))),
    );
    ok_data(
        lang,
        json!({
            "project": project_json(&config),
            "devices": devices.as_ref().map(devices_json),
            "alarms": alarms.as_ref().map(alarms_json),
            "power": power.as_ref().map(power_json),
        }),
    )
}

/// `GET /project/project/getMonitorType/{id}`: the categories monitored in a project with
/// their counts, `[{monitorType, monitorName, total, ...}]`: gateways (`online`,
/// `offline`), loops (`on`, `off`) and open alarms (`serious`, `main`, `secondary`); a
/// category the caller may not read is left out.
pub async fn monitor_types(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let config = home_config(&state, &info, path_id(&id, Msg::ProjectIdInvalid, lang)?).await?;
    let (devices, alarms) = figures(&state, &info, config.id).await;
    ok_data(lang, Value::Array(monitor_rows(devices.as_ref(), alarms.as_ref(), lang)))
}

fn monitor_rows(
    devices: Option<&lighting_pb::GatewayCounts>,
    alarms: Option<&alarm_pb::CountOpenAlarmsResponse>,
    lang: Lang,
) -> Vec<Value> {
    let mut rows = Vec::new();
    if let Some(d) = devices {
        rows.push(json!({
            "monitorType": "gateway",
            "monitorName": Msg::MonitorGateways.text(lang),
            "total": d.total,
            "online": d.online,
            "offline": d.total - d.online,
        }));
        rows.push(json!({
            "monitorType": "loop",
            "monitorName": Msg::MonitorLoops.text(lang),
            "total": d.loops,
            "on": d.loops_on,
            "off": d.loops_off,
        }));
    }
    if let Some(a) = alarms {
        rows.push(json!({
            "monitorType": "alarm",
            "monitorName": Msg::MonitorAlarms.text(lang),
            "total": a.count,
            "serious": a.serious,
            "main": a.main,
            "secondary": a.secondary,
        }));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monitor_categories_leave_out_what_the_caller_may_not_read() {
        let devices = lighting_pb::GatewayCounts { total: 5, online: 4, loops: 20, loops_on: 12, loops_off: 6 };
        let alarms = alarm_pb::CountOpenAlarmsResponse { count: 3, serious: 1, main: 1, secondary: 1 };
        let all = monitor_rows(Some(&devices), Some(&alarms), Lang::En);
        let types: Vec<&str> = all.iter().map(|r| r["monitorType"].as_str().unwrap()).collect();
        assert_eq!(types, ["gateway", "loop", "alarm"]);
        assert_eq!((all[0]["offline"].as_i64(), all[0]["monitorName"].as_str()), (Some(1), Some("Gateways")));
        assert_eq!(monitor_rows(None, Some(&alarms), Lang::Zh)[0]["monitorName"], "告警");
        assert!(monitor_rows(None, None, Lang::En).is_empty());
    }

    #[test]
    fn the_location_joins_city_and_address() {
        let config =
            pb::HomeConfig { city_name: "深圳市".into(), address: "滨江路1号".into(), ..Default::default() };
        assert_eq!(project_json(&config)["location"], "深圳市 滨江路1号");
        let no_city = pb::HomeConfig { address: "1 River Road".into(), ..Default::default() };
        assert_eq!(project_json(&no_city)["location"], "1 River Road");
    }

    #[test]
    fn power_is_also_given_in_kilowatts() {
        let power = lighting_pb::LivePower { active_power_w: 12_345.0, loops_reporting: 3, sample_time_ms: 0 };
        let value = power_json(&power);
        assert_eq!(value["activePowerKw"], 12.35);
        assert_eq!(value["sampleTime"], Value::Null);
    }
}
