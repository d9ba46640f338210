use axum::Extension;
use axum::extract::{Path, Query, State};
use lumiscape_proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::EdgeState;
use crate::envelope::{ApiError, ApiResult, ok_data, ok_msg, ok_with};
use crate::guard::RequestInfo;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoutersQuery {
    #[serde(default)]
    where_use: i32,
}

pub async fn get_routers(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Query(query): Query<RoutersQuery>,
) -> ApiResult {
    let lang = info.lang();
    let reply =
        state.clients.menu().get_routers(info.ctx.request(pb::GetRoutersRequest { where_use: query.where_use })).await;
    let routes = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner().routes;
    ok_data(lang, Value::Array(routes.into_iter().map(route_json).collect()))
}

fn route_json(route: pb::Route) -> Value {
    let meta = route.meta.unwrap_or_default();
    let mut value = json!({
        "name": route.name,
        "path": route.path,
        "hidden": route.hidden,
        "redirect": route.redirect,
        "component": route.component,
        "alwaysShow": route.always_show,
        "query": route.query,
        "menuModule": route.menu_module,
        "meta": {
            "title": meta.title,
            "titleEn": meta.title_en,
            "icon": meta.icon,
            "noCache": meta.no_cache,
            "link": if meta.link.is_empty() { Value::Null } else { json!(meta.link) },
            "affix": meta.affix,
            "breadcrumb": meta.breadcrumb,
        },
    });
    if !route.children.is_empty() {
        value["children"] = Value::Array(route.children.into_iter().map(route_json).collect());
    }
    value
}

pub async fn config_by_key(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(key): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let reply = state.clients.config().get_config_by_key(info.ctx.request(pb::GetConfigByKeyRequest { key })).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    ok_msg(answer.value)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigListQuery {
    #[serde(default)]
    config_name: String,
    #[serde(default)]
    config_key: String,
    #[serde(default)]
    page_num: Option<i32>,
    #[serde(default)]
    page_size: Option<i32>,
}

pub async fn config_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Query(query): Query<ConfigListQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::ListConfigsRequest {
        config_name: query.config_name,
        config_key: query.config_key,
        page_num: query.page_num.unwrap_or(1),
        page_size: query.page_size.unwrap_or(20),
    };
    let reply = state.clients.config().list_configs(info.ctx.request(request)).await;
    let answer = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner();
    let rows: Vec<Value> = answer
        .rows
        .into_iter()
        .map(|r| {
            json!({
                "configId": r.config_id,
                "configName": r.config_name,
                "configKey": r.config_key,
                "configValue": r.config_value,
                "configType": r.config_type,
                "remark": r.remark,
            })
        })
        .collect();
    ok_with(lang, json!({ "rows": rows, "total": answer.total }))
}

pub async fn dict_by_type(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dict_type): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let reply =
        state.clients.dict().get_dict_data_by_type(info.ctx.request(pb::GetDictDataByTypeRequest { dict_type })).await;
    let data = reply.map_err(|s| ApiError::from_status(s, lang))?.into_inner().data;
    let items: Vec<Value> = data
        .into_iter()
        .map(|d| {
            json!({
                "dictCode": d.dict_code,
                "dictSort": d.dict_sort,
                "dictLabel": d.dict_label,
                "dictLabelZh": d.dict_label_zh,
                "dictLabelEn": d.dict_label_en,
                "dictValue": d.dict_value,
                "dictType": d.dict_type,
                "cssClass": d.css_class,
                "listClass": d.list_class,
                "isDefault": if d.is_default { "Y" } else { "N" },
                "status": d.status,
            })
        })
        .collect();
    ok_data(lang, Value::Array(items))
}
