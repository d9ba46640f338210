//! Projects: the picker, project management (`/project/project`, spec section 7) and the
//! cities. The handlers only reshape; every rule and message is the project service's.
//! Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::project::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::{PageQuery, decimal, flag, id, local_time, path_id, project_or_selected, text, texts, whole};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

pub async fn drop_list(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let projects =
        call(&info, state.clients.project().drop_list(info.ctx.request(pb::DropListRequest {}))).await?.projects;
    let data: Vec<Value> = projects.into_iter().map(|p| json!({ "id": p.id, "projectName": p.project_name })).collect();
    ok_data(lang, Value::Array(data))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickerQuery {
    #[serde(default)]
    project_name: String,
}

pub async fn user_project_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<PickerQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListProjectsRequest { project_name: query.project_name };
    let projects = call(&info, state.clients.project().list_projects(info.ctx.request(request))).await?.projects;
    let data: Vec<Value> = projects
        .into_iter()
        .map(|p| {
            json!({
                "id": p.id,
                "projectName": p.project_name,
                "projectNumber": p.project_number,
                "cityName": p.city_name,
                "projectUserName": p.project_user_name,
                "status": p.status,
            })
        })
        .collect();
    ok_data(lang, Value::Array(data))
}

#[derive(Debug, Deserialize)]
pub struct DetailQuery {
    id: Option<String>,
    #[serde(default, rename = "type")]
    kind: String,
}

pub async fn detail(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<DetailQuery>,
) -> ApiResult {
    let lang = info.lang();
    let id = path_id(query.id.as_deref().unwrap_or_default(), Msg::ProjectIdInvalid, lang)?;
    let request = pb::GetProjectDetailRequest { id, r#type: query.kind };
    let p = call(&info, state.clients.project().get_project_detail(info.ctx.request(request))).await?;
    ok_data(
        lang,
        json!({
            "id": p.id,
            "projectName": p.project_name,
            "projectNumber": p.project_number,
            "cityName": p.city_name,
            "projectUserName": p.project_user_name,
            "menuLogo": p.menu_logo,
            "menuLogoStatus": p.menu_logo_status,
            "status": p.status,
            "address": p.address,
            "phone": p.phone,
        }),
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CityQuery {
    #[serde(default)]
    city_name: String,
    #[serde(default)]
    province_code: String,
}

/// A city of the list, as the project form reads it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CityJson {
    city_code: String,
    city_name: String,
    province_code: String,
    province_name: String,
}

/// `GET /project/city/list`: the cities a project can be in, `data` in division-code order.
pub async fn city_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<CityQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListCitiesRequest { city_name: query.city_name, province_code: query.province_code };
    let cities = call(&info, state.clients.cities().list_cities(info.ctx.request(request))).await?.cities;
    let data: Vec<CityJson> = cities
        .into_iter()
        .map(|c| CityJson {
            city_code: c.code,
            city_name: c.name,
            province_code: c.province_code,
            province_name: c.province_name,
        })
        .collect();
    ok_data(lang, json!(data))
}

/// A module of a project's home page.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleJson {
    position: i32,
    module_code: String,
}

fn modules_json(modules: Vec<pb::ProjectModule>) -> Vec<ModuleJson> {
    modules.into_iter().map(|m| ModuleJson { position: m.position, module_code: m.module_code }).collect()
}

/// Every field of a project, RuoYi-style names (`id` and `projectId` both).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectJson {
    id: i64,
    project_id: i64,
    project_name: String,
    project_number: String,
    city_code: String,
    city_name: String,
    project_user_name: String,
    phone: String,
    address: String,
    organization: String,
    status: String,
    acceptance: String,
    start_time: String,
    contract_number: String,
    map_mode: String,
    map_level: i32,
    longitude: Option<f64>,
    latitude: Option<f64>,
    menu_logo: String,
    menu_logo_status: String,
    carousel_pictures: Vec<String>,
    plan_picture: String,
    modules: Vec<ModuleJson>,
    iot_state_interval: i32,
    iot_energy_interval: i32,
    enabled: &'static str,
    remark: String,
    create_by: String,
    create_time: Option<String>,
    update_by: String,
    update_time: Option<String>,
}

fn project_json(p: pb::ProjectInfo) -> ProjectJson {
    ProjectJson {
        id: p.id,
        project_id: p.id,
        create_time: local_time(p.create_time_ms),
        update_time: local_time(p.update_time_ms),
        enabled: flag(p.enabled),
        modules: modules_json(p.modules),
        project_name: p.project_name,
        project_number: p.project_number,
        city_code: p.city_code,
        city_name: p.city_name,
        project_user_name: p.project_user_name,
        phone: p.phone,
        address: p.address,
        organization: p.organization,
        status: p.status,
        acceptance: p.acceptance,
        start_time: p.start_date,
        contract_number: p.contract_number,
        map_mode: p.map_mode,
        map_level: p.map_level,
        longitude: p.longitude,
        latitude: p.latitude,
        menu_logo: p.menu_logo,
        menu_logo_status: p.menu_logo_status,
        carousel_pictures: p.carousel_pictures,
        plan_picture: p.plan_picture,
        iot_state_interval: p.iot_state_interval,
        iot_energy_interval: p.iot_energy_interval,
        remark: p.remark,
        create_by: p.create_by,
        update_by: p.update_by,
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectListQuery {
    #[serde(default)]
    project_name: String,
    #[serde(default)]
    project_number: String,
    #[serde(default)]
    city_name: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    enabled: String,
    #[serde(flatten)]
    page: PageQuery,
}

impl ProjectListQuery {
    fn request(self, lang: Lang) -> Result<pb::PageProjectsRequest, ApiError> {
        let (page_num, page_size) = self.page.numbers(lang)?;
        Ok(pb::PageProjectsRequest {
            project_name: self.project_name,
            project_number: self.project_number,
            city_name: self.city_name,
            status: self.status,
            enabled: self.enabled,
            page_num,
            page_size,
        })
    }
}

/// `GET /project/project/list`: a page of the caller's projects, `{rows, total}`.
pub async fn list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ProjectListQuery>,
) -> ApiResult<Table<ProjectJson>> {
    let lang = info.lang();
    let answer = call(&info, state.clients.project().page_projects(info.ctx.request(query.request(lang)?))).await?;
    ok_table(lang, answer.projects.into_iter().map(project_json).collect(), answer.total)
}

/// `GET /project/project/query`: the caller's projects matching the same filters, unpaged
/// in `data` (at most the largest page).
pub async fn query(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ProjectListQuery>,
) -> ApiResult {
    let lang = info.lang();
    let mut request = query.request(lang)?;
    (request.page_num, request.page_size) = (Some(1), Some(lumiscape_common::paging::MAX_PAGE_SIZE));
    let answer = call(&info, state.clients.project().page_projects(info.ctx.request(request))).await?;
    let rows: Vec<ProjectJson> = answer.projects.into_iter().map(project_json).collect();
    ok_data(lang, json!(rows))
}

fn project_id(text: &str, lang: Lang) -> Result<pb::ProjectIdRequest, ApiError> {
    Ok(pb::ProjectIdRequest { id: path_id(text, Msg::ProjectIdInvalid, lang)? })
}

/// `GET /project/project/getInfoById/{id}`.
pub async fn info(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let project =
        call(&info, state.clients.project().get_project_info(info.ctx.request(project_id(&id, lang)?))).await?;
    ok_data(lang, json!(project_json(project)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleBody {
    #[serde(default)]
    position: Value,
    #[serde(default)]
    module_code: Value,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectBody {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    project_id: Value,
    #[serde(default)]
    project_name: Value,
    #[serde(default)]
    project_number: Value,
    #[serde(default)]
    city_code: Value,
    #[serde(default)]
    project_user_name: Value,
    #[serde(default)]
    phone: Value,
    #[serde(default)]
    address: Value,
    #[serde(default)]
    organization: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    acceptance: Value,
    #[serde(default)]
    start_time: Value,
    #[serde(default)]
    contract_number: Value,
    #[serde(default)]
    map_mode: Value,
    #[serde(default)]
    map_level: Value,
    #[serde(default)]
    longitude: Value,
    #[serde(default)]
    latitude: Value,
    #[serde(default)]
    menu_logo: Value,
    #[serde(default)]
    menu_logo_status: Value,
    #[serde(default)]
    carousel_pictures: Value,
    #[serde(default)]
    plan_picture: Value,
    #[serde(default)]
    modules: Option<Vec<ModuleBody>>,
    #[serde(default)]
    iot_state_interval: Value,
    #[serde(default)]
    iot_energy_interval: Value,
    #[serde(default)]
    remark: Value,
}

/// A whole number with a default when absent or empty; unreadable is -1 (refused).
fn whole_or(value: &Value, default: i64) -> i64 {
    match value {
        Value::Null => default,
        Value::String(text) if text.trim().is_empty() => default,
        other => whole(other),
    }
}

/// Text with a default when absent or empty.
fn text_or(value: &Value, default: &str) -> String {
    match text(value) {
        empty if empty.trim().is_empty() => default.to_owned(),
        given => given,
    }
}

impl ProjectBody {
    fn input(&self) -> pb::ProjectInput {
        pb::ProjectInput {
            id: if self.id.is_null() { id(&self.project_id) } else { id(&self.id) },
            project_name: text(&self.project_name),
            project_number: text(&self.project_number),
            city_code: text(&self.city_code),
            project_user_name: text(&self.project_user_name),
            phone: text(&self.phone),
            address: text(&self.address),
            organization: text(&self.organization),
            status: text_or(&self.status, "1"),
            acceptance: text_or(&self.acceptance, "1"),
            start_date: text(&self.start_time),
            contract_number: text(&self.contract_number),
            map_mode: text_or(&self.map_mode, "0"),
            map_level: whole_or(&self.map_level, 12),
            longitude: decimal(&self.longitude),
            latitude: decimal(&self.latitude),
            menu_logo: text(&self.menu_logo),
            menu_logo_status: text(&self.menu_logo_status),
            carousel_pictures: texts(&self.carousel_pictures),
            plan_picture: text(&self.plan_picture),
            modules: self
                .modules
                .iter()
                .flatten()
                .map(|m| pb::ProjectModule {
                    position: i32::try_from(whole(&m.position)).unwrap_or(-1),
                    module_code: text(&m.module_code),
                })
                .collect(),
            iot_state_interval: whole_or(&self.iot_state_interval, 60),
            iot_energy_interval: whole_or(&self.iot_energy_interval, 900),
            remark: text(&self.remark),
        }
    }
}

/// `POST /project/project`: `data` is the new project's id.
pub async fn add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ProjectBody>,
) -> ApiResult {
    let mut input = body.input();
    input.id = 0;
    let saved = call(&info, state.clients.project().create_project(info.ctx.request(input))).await?;
    ok_data(info.lang(), json!(saved.id))
}

/// `PUT /project/project`.
pub async fn edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ProjectBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = body.input();
    if input.id <= 0 {
        return Err(ApiError::new(ErrorCode::BadRequest, &Msg::ProjectIdInvalid, lang));
    }
    call(&info, state.clients.project().update_project(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

/// `DELETE /project/project/{id}`.
pub async fn remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    call(&info, state.clients.project().delete_project(info.ctx.request(project_id(&id, lang)?))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnableBody {
    #[serde(default)]
    enabled: Value,
}

/// `PUT /project/project/enable/{id}`: sets `enabled` ("0"/"1") when the body gives it,
/// else flips the switch; `data` is the switch now.
pub async fn enable(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
    body: Option<ApiJson<EnableBody>>,
) -> ApiResult {
    let lang = info.lang();
    let body = body.map(|ApiJson(body)| body).unwrap_or_default();
    let enabled = (!body.enabled.is_null()).then(|| text(&body.enabled));
    let request = pb::EnableProjectRequest { id: path_id(&id, Msg::ProjectIdInvalid, lang)?, enabled };
    let answer = call(&info, state.clients.project().enable_project(info.ctx.request(request))).await?;
    ok_data(lang, json!(flag(answer.enabled)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MediaBody {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    project_id: Value,
    #[serde(default, rename = "type")]
    kind: Value,
    #[serde(default)]
    path: Value,
}

/// `POST /project/project/add/media`: `{id, type: logo|carousel|plan, path}`; `data` is the
/// project after the change.
pub async fn add_media(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<MediaBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::AddMediaRequest {
        id: if body.id.is_null() { id(&body.project_id) } else { id(&body.id) },
        kind: text(&body.kind),
        path: text(&body.path),
    };
    let project = call(&info, state.clients.project().add_media(info.ctx.request(request))).await?;
    ok_data(lang, json!(project_json(project)))
}

pub(crate) async fn home_config(state: &EdgeState, info: &RequestInfo, id: i64) -> Result<pb::HomeConfig, ApiError> {
    call(info, state.clients.project().get_home_config(info.ctx.request(pb::ProjectIdRequest { id }))).await
}

fn home_config_json(c: pb::HomeConfig) -> Value {
    json!({
        "id": c.id,
        "projectId": c.id,
        "projectName": c.project_name,
        "menuLogo": c.menu_logo,
        "menuLogoStatus": c.menu_logo_status,
        "modules": modules_json(c.modules),
        "mapMode": c.map_mode,
        "mapLevel": c.map_level,
        "longitude": c.longitude,
        "latitude": c.latitude,
        "carouselPictures": c.carousel_pictures,
        "planPicture": c.plan_picture,
    })
}

fn devices_json(d: &pb::DeviceFigures) -> Value {
    json!({
        "gatewayTotal": d.gateways,
        "gatewayOnline": d.online,
        "gatewayOffline": d.offline,
        "loopTotal": d.loops,
        "loopOn": d.loops_on,
        "loopOff": d.loops_off,
    })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MainPageQuery {
    project_id: Option<String>,
}

/// `GET /project/project/getProjectMainPageInfo?projectId` (the selected project when
/// absent): the home page's panels, `{project, devices, alarms, notices}`; a panel the
/// caller may not read is null.
pub async fn main_page(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<MainPageQuery>,
) -> ApiResult {
    let lang = info.lang();
    let id = project_or_selected(query.project_id.as_deref(), lang)?;
    let page =
        call(&info, state.clients.project().get_main_page(info.ctx.request(pb::ProjectIdRequest { id }))).await?;
    let notices: Vec<Value> = page
        .notices
        .iter()
        .map(|n| {
            json!({
                "noticeId": n.notice_id,
                "noticeTitle": n.notice_title,
                "noticeType": n.notice_type,
                "noticeContent": n.notice_content,
                "noticeImage": n.notice_image,
                "publishTime": local_time(n.publish_time_ms),
                "createBy": n.create_by,
            })
        })
        .collect();
    ok_data(
        lang,
        json!({
            "project": page.config.map(home_config_json),
            "devices": page.devices.as_ref().map(devices_json),
            "alarms": page.alarms.map(|a| json!({
                "open": a.open, "serious": a.serious, "main": a.main, "secondary": a.secondary,
            })),
            "notices": notices,
        }),
    )
}

/// `GET /project/project/device/statistics`: the selected project's gateways and loops
/// (lighting's figures).
pub async fn device_statistics(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let request = lumiscape_proto::lighting::v1::CountGatewaysRequest {};
    let mut client = GatewayServiceClient::new(state.clients.lighting_channel());
    let c = call(&info, client.count_gateways(info.ctx.request(request))).await?;
    let figures = pb::DeviceFigures {
        gateways: c.total,
        online: c.online,
        offline: c.total - c.online,
        loops: c.loops,
        loops_on: c.loops_on,
        loops_off: c.loops_off,
    };
    ok_data(lang, devices_json(&figures))
}

/// `GET /project/project/getHomeProjectConfig/{id}`: what the home page shows of a project.
pub async fn home_project_config(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let c = home_config(&state, &info, path_id(&id, Msg::ProjectIdInvalid, lang)?).await?;
    ok_data(lang, home_config_json(c))
}

/// `GET /project/location/{id}`: where a project sits on the map.
pub async fn location(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let c = home_config(&state, &info, path_id(&id, Msg::ProjectIdInvalid, lang)?).await?;
    ok_data(
        lang,
        json!({
            "id": c.id,
            "projectName": c.project_name,
            "longitude": c.longitude,
            "latitude": c.latitude,
            "mapLevel": c.map_level,
            "mapMode": c.map_mode,
            "planPicture": c.plan_picture,
        }),
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DateScopeQuery {
    project_id: Option<String>,
}

/// `GET /project/project/getProjectInfoForDateScope`: the dates a project's figures cover,
/// `{startTime, endTime}` (`projectId`, else the selected project).
pub async fn date_scope(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<DateScopeQuery>,
) -> ApiResult {
    let lang = info.lang();
    let id = project_or_selected(query.project_id.as_deref(), lang)?;
    let scope =
        call(&info, state.clients.project().get_date_scope(info.ctx.request(pb::ProjectIdRequest { id }))).await?;
    ok_data(lang, json!({ "projectId": scope.id, "startTime": scope.start_date, "endTime": scope.end_date }))
}
