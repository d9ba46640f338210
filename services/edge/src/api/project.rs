use axum::Extension;
use axum::extract::State;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::project::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::path_id;
use crate::envelope::{ApiQuery, ApiResult, call, ok_data};
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
