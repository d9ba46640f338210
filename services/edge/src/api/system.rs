use axum::extract::{Path, State};
use axum::{Extension, Json};
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::envelope::{ApiError, ApiQuery, ApiResult, call, ok_data, ok_msg};
use crate::request::RequestInfo;
use crate::state::EdgeState;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoutersQuery {
    #[serde(default)]
    where_use: i32,
}

pub async fn get_routers(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<RoutersQuery>,
) -> Result<Json<RoutersEnvelope>, ApiError> {
    let lang = info.lang();
    let routes = call(
        &info,
        state.clients.menu().get_routers(info.ctx.request(pb::GetRoutersRequest { where_use: query.where_use })),
    )
    .await?
    .routes;
    Ok(Json(RoutersEnvelope { msg: Msg::Success.text(lang), routes }))
}

/// `{code, msg, data: [route]}`, serialized straight from the service's answer without an
/// intermediate JSON tree (the route tree is the edge's largest answer).
pub struct RoutersEnvelope {
    msg: String,
    routes: Vec<pb::Route>,
}

impl Serialize for RoutersEnvelope {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("code", &200)?;
        map.serialize_entry("msg", &self.msg)?;
        let data: Vec<RouteJson<'_>> = self.routes.iter().map(RouteJson).collect();
        map.serialize_entry("data", &data)?;
        map.end()
    }
}

/// A route as the console reads it (spec section 3, "Route").
pub struct RouteJson<'a>(&'a pb::Route);

impl Serialize for RouteJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let route = self.0;
        let empty = pb::RouteMeta::default();
        let meta = route.meta.as_ref().unwrap_or(&empty);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", &route.name)?;
        map.serialize_entry("path", &route.path)?;
        map.serialize_entry("hidden", &route.hidden)?;
        map.serialize_entry("redirect", &route.redirect)?;
        map.serialize_entry("component", &route.component)?;
        map.serialize_entry("alwaysShow", &route.always_show)?;
        map.serialize_entry("query", &route.query)?;
        map.serialize_entry("menuModule", &route.menu_module)?;
        map.serialize_entry(
            "meta",
            &MetaJson {
                title: &meta.title,
                title_en: &meta.title_en,
                icon: &meta.icon,
                no_cache: meta.no_cache,
                link: (!meta.link.is_empty()).then_some(meta.link.as_str()),
                affix: meta.affix,
                breadcrumb: meta.breadcrumb,
            },
        )?;
        if !route.children.is_empty() {
            let children: Vec<RouteJson<'_>> = route.children.iter().map(RouteJson).collect();
            map.serialize_entry("children", &children)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MetaJson<'a> {
    title: &'a str,
    title_en: &'a str,
    icon: &'a str,
    no_cache: bool,
    link: Option<&'a str>,
    affix: bool,
    breadcrumb: bool,
}

pub async fn config_by_key(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(key): Path<String>,
) -> ApiResult {
    let answer =
        call(&info, state.clients.config().get_config_by_key(info.ctx.request(pb::GetConfigByKeyRequest { key })))
            .await?;
    ok_msg(answer.value)
}

pub async fn dict_by_type(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(dict_type): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let data = call(
        &info,
        state.clients.dict().get_dict_data_by_type(info.ctx.request(pb::GetDictDataByTypeRequest { dict_type })),
    )
    .await?
    .data;
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
