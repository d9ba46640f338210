use axum::Extension;
use axum::extract::State;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::project::v1 as pb;
use serde::Deserialize;
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
