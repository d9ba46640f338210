//! Menus as administrators edit them (RuoYi-Vue's `api/system/menu.js`): the handlers only
//! reshape, in RuoYi's codes ("0"/"1" with RuoYi's meanings); every rule and message is
//! identity's.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{id, local_time, path_id, text, whole};
use crate::envelope::{ApiJson, ApiQuery, ApiResult, call, ok_data, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuListQuery {
    #[serde(default)]
    menu_name: String,
    #[serde(default)]
    status: String,
}

/// RuoYi's "0"/"1" where "0" is `zero_is`.
fn code(on: bool, zero_is: bool) -> &'static str {
    if on == zero_is { "0" } else { "1" }
}

fn menu_json(m: &pb::MenuEntry) -> Value {
    json!({
        "menuId": m.menu_id,
        "parentId": m.parent_id,
        "menuName": m.menu_name,
        "menuNameEn": m.menu_name_en,
        "orderNum": m.order_num,
        "path": m.path,
        "component": m.component,
        "query": m.query,
        "routeName": m.route_name,
        "isFrame": code(m.is_frame, true),
        "isCache": code(m.is_cache, true),
        "menuType": m.menu_type,
        "visible": code(m.visible, true),
        "status": m.status,
        // The console's permission directive adds `pc:` itself (spec section 5).
        "perms": m.perms.strip_prefix("pc:").unwrap_or(&m.perms),
        "icon": m.icon,
        "menuModule": m.menu_module,
        "client": m.client,
        "affix": code(m.affix, false),
        "createTime": local_time(m.create_time_ms),
    })
}

pub async fn menu_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<MenuListQuery>,
) -> ApiResult {
    let request = pb::ListMenusRequest { menu_name: query.menu_name, status: query.status };
    let answer = call(&info, state.clients.menu().list_menus(info.ctx.request(request))).await?;
    ok_data(info.lang(), answer.menus.iter().map(menu_json).collect())
}

pub async fn menu_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(menu_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&menu_id, Msg::MenuIdInvalid, lang)? };
    let found = call(&info, state.clients.menu().get_menu(info.ctx.request(request))).await?;
    ok_data(lang, menu_json(&found))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuBody {
    #[serde(default)]
    menu_id: Value,
    #[serde(default)]
    parent_id: Value,
    #[serde(default)]
    menu_name: Value,
    #[serde(default)]
    menu_name_en: Value,
    #[serde(default)]
    order_num: Value,
    #[serde(default)]
    path: Value,
    #[serde(default)]
    component: Value,
    #[serde(default)]
    query: Value,
    #[serde(default)]
    route_name: Value,
    #[serde(default)]
    is_frame: Value,
    #[serde(default)]
    is_cache: Value,
    #[serde(default)]
    menu_type: Value,
    #[serde(default)]
    visible: Value,
    #[serde(default)]
    status: Value,
    #[serde(default)]
    perms: Value,
    #[serde(default)]
    icon: Value,
    #[serde(default)]
    menu_module: Value,
    #[serde(default)]
    client: Value,
    #[serde(default)]
    affix: Value,
}

impl MenuBody {
    fn input(&self) -> pb::MenuInput {
        pb::MenuInput {
            menu_id: id(&self.menu_id),
            parent_id: if self.parent_id.is_null() { 0 } else { whole(&self.parent_id) },
            menu_name: text(&self.menu_name),
            menu_name_en: text(&self.menu_name_en),
            order_num: if self.order_num.is_null() { 0 } else { whole(&self.order_num) },
            path: text(&self.path),
            component: text(&self.component),
            query: text(&self.query),
            route_name: text(&self.route_name),
            is_frame: text(&self.is_frame),
            is_cache: text(&self.is_cache),
            menu_type: text(&self.menu_type),
            visible: text(&self.visible),
            status: text(&self.status),
            perms: text(&self.perms),
            icon: text(&self.icon),
            menu_module: text(&self.menu_module),
            client: text(&self.client),
            affix: text(&self.affix),
        }
    }
}

pub async fn menu_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<MenuBody>,
) -> ApiResult {
    call(&info, state.clients.menu().add_menu(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn menu_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<MenuBody>,
) -> ApiResult {
    call(&info, state.clients.menu().edit_menu(info.ctx.request(body.input()))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn menu_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(menu_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&menu_id, Msg::MenuIdInvalid, lang)? };
    call(&info, state.clients.menu().remove_menu(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}
