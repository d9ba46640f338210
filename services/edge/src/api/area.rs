//! Areas and buildings on the selected project's plan picture, and the devices placed in
//! them (`/project/area`): the handlers only reshape; every rule and message is the project
//! service's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::project::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::{PageQuery, decimal, id, local_time, path_id, path_ids, text, whole};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacementJson {
    area_id: i64,
    device_type: String,
    device_id: i64,
    x: f64,
    y: f64,
    placed_by: String,
    placed_time: Option<String>,
}

fn placement_json(p: pb::DevicePlacement) -> PlacementJson {
    PlacementJson {
        placed_time: local_time(p.placed_time_ms),
        area_id: p.area_id,
        device_type: p.device_type,
        device_id: p.device_id,
        x: p.x,
        y: p.y,
        placed_by: p.placed_by,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AreaJson {
    area_id: i64,
    project_id: i64,
    area_name: String,
    area_type: String,
    /// `[{x, y}]`, fractions of the plan picture's width and height.
    points: Vec<Value>,
    colour: String,
    order_num: i32,
    remark: String,
    devices: Vec<PlacementJson>,
    create_by: String,
    create_time: Option<String>,
    update_by: String,
    update_time: Option<String>,
}

fn area_json(a: pb::PlanArea) -> AreaJson {
    AreaJson {
        points: a.points.iter().map(|p| json!({ "x": p.x, "y": p.y })).collect(),
        devices: a.devices.into_iter().map(placement_json).collect(),
        create_time: local_time(a.create_time_ms),
        update_time: local_time(a.update_time_ms),
        area_id: a.area_id,
        project_id: a.project_id,
        area_name: a.area_name,
        area_type: a.area_type,
        colour: a.colour,
        order_num: a.order_num,
        remark: a.remark,
        create_by: a.create_by,
        update_by: a.update_by,
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AreaListQuery {
    #[serde(default)]
    area_name: String,
    #[serde(default)]
    area_type: String,
    #[serde(flatten)]
    page: PageQuery,
}

/// `GET /project/area/list`: a page of the plan's areas and buildings in display order, each
/// with its outline and the devices placed in it.
pub async fn list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AreaListQuery>,
) -> ApiResult<Table<AreaJson>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListAreasRequest { area_name: query.area_name, area_type: query.area_type, page_num, page_size };
    let answer = call(&info, state.clients.areas().list_areas(info.ctx.request(request))).await?;
    ok_table(lang, answer.areas.into_iter().map(area_json).collect(), answer.total)
}

pub async fn get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::AreaIdRequest { area_id: path_id(&id, Msg::AreaIdInvalid, lang)? };
    let area = call(&info, state.clients.areas().get_area(info.ctx.request(request))).await?;
    ok_data(lang, json!(area_json(area)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AreaBody {
    #[serde(default)]
    area_id: Value,
    #[serde(default)]
    area_name: Value,
    #[serde(default)]
    area_type: Value,
    #[serde(default)]
    points: Value,
    #[serde(default)]
    colour: Value,
    #[serde(default)]
    order_num: Value,
    #[serde(default)]
    remark: Value,
}

/// A point as `{x, y}` or `[x, y]`; anything else cannot lie on the picture (NaN), which the
/// service refuses.
fn point(value: &Value) -> pb::PlanPoint {
    let (x, y) = match value {
        Value::Object(o) => (o.get("x").unwrap_or(&Value::Null), o.get("y").unwrap_or(&Value::Null)),
        Value::Array(pair) if pair.len() == 2 => (&pair[0], &pair[1]),
        _ => (&Value::Null, &Value::Null),
    };
    pb::PlanPoint { x: decimal(x).unwrap_or(f64::NAN), y: decimal(y).unwrap_or(f64::NAN) }
}

impl AreaBody {
    fn input(&self) -> pb::AreaInput {
        let points = match &self.points {
            Value::Null => Vec::new(),
            Value::Array(items) => items.iter().map(point).collect(),
            other => vec![point(other)],
        };
        pb::AreaInput {
            area_id: id(&self.area_id),
            area_name: text(&self.area_name),
            area_type: text(&self.area_type),
            points,
            colour: text(&self.colour),
            order_num: i32::try_from(whole(&self.order_num)).unwrap_or(-1),
            remark: text(&self.remark),
        }
    }
}

/// `POST /project/area`: `data` is the new area's id.
pub async fn add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AreaBody>,
) -> ApiResult {
    let mut input = body.input();
    input.area_id = 0;
    let saved = call(&info, state.clients.areas().create_area(info.ctx.request(input))).await?;
    ok_data(info.lang(), json!(saved.area_id))
}

pub async fn edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AreaBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = body.input();
    if input.area_id <= 0 {
        return Err(ApiError::new(ErrorCode::BadRequest, &Msg::AreaIdInvalid, lang));
    }
    call(&info, state.clients.areas().update_area(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

/// `DELETE /project/area/{areaIds}`: all or none; their placements go with them.
pub async fn remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::DeleteAreasRequest { area_ids: path_ids(&ids, Msg::AreaIdInvalid, lang)? };
    call(&info, state.clients.areas().delete_areas(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlaceBody {
    #[serde(default)]
    area_id: Value,
    #[serde(default)]
    device_type: Value,
    #[serde(default)]
    device_id: Value,
    #[serde(default)]
    x: Value,
    #[serde(default)]
    y: Value,
}

/// `POST /project/area/device`: places a device at `{x, y}` inside the area (moves it when
/// it was placed); `data` is the placement.
pub async fn place(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PlaceBody>,
) -> ApiResult {
    let request = pb::PlaceDeviceRequest {
        area_id: id(&body.area_id),
        device_type: text(&body.device_type),
        device_id: id(&body.device_id),
        x: decimal(&body.x).unwrap_or(f64::NAN),
        y: decimal(&body.y).unwrap_or(f64::NAN),
    };
    let placed = call(&info, state.clients.areas().place_device(info.ctx.request(request))).await?;
    ok_data(info.lang(), json!(placement_json(placed)))
}

/// `DELETE /project/area/device/{deviceType}/{deviceId}`: takes the device off the plan.
pub async fn unplace(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path((device_type, device_id)): Path<(String, String)>,
) -> ApiResult {
    let lang = info.lang();
    let request =
        pb::RemovePlacementRequest { device_type, device_id: path_id(&device_id, Msg::PlanDeviceIdInvalid, lang)? };
    call(&info, state.clients.areas().remove_placement(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}
