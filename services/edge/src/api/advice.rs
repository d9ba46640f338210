//! Advice (意见反馈): the handlers only reshape; every rule and message is identity's.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::advice_service_client::AdviceServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, id, local_time, path_id, path_ids, text};
use crate::envelope::{ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn advices(state: &EdgeState) -> AdviceServiceClient<Transport> {
    AdviceServiceClient::new(state.clients.identity_channel())
}

fn advice_json(a: &pb::Advice) -> Value {
    json!({
        "adviceId": a.advice_id,
        "userName": a.user_name,
        "title": a.title,
        "content": a.content,
        "status": a.status,
        "reply": a.reply,
        "repliedBy": a.replied_by,
        "repliedTime": local_time(a.replied_at_ms),
        "createTime": local_time(a.create_time_ms),
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdviceQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    title: String,
    #[serde(default)]
    user_name: String,
    #[serde(default)]
    status: String,
}

async fn listing(state: &EdgeState, info: &RequestInfo, query: AdviceQuery, mine: bool) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListAdvicesRequest {
        page_num,
        page_size,
        title: query.title,
        user_name: query.user_name,
        status: query.status,
    };
    let answer = if mine {
        call(info, advices(state).my_advices(info.ctx.request(request))).await?
    } else {
        call(info, advices(state).list_advices(info.ctx.request(request))).await?
    };
    let rows: Vec<Value> = answer.rows.iter().map(advice_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn advice_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AdviceQuery>,
) -> ApiResult<Table<Value>> {
    listing(&state, &info, query, false).await
}

pub async fn advice_mine(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<AdviceQuery>,
) -> ApiResult<Table<Value>> {
    listing(&state, &info, query, true).await
}

pub async fn advice_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(advice_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&advice_id, Msg::AdviceNotFound, lang)? };
    let found = call(&info, advices(&state).get_advice(info.ctx.request(request))).await?;
    ok_data(lang, advice_json(&found))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdviceBody {
    #[serde(default)]
    title: Value,
    #[serde(default)]
    content: Value,
}

pub async fn advice_send(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AdviceBody>,
) -> ApiResult {
    let request = pb::AdviceInput { title: text(&body.title), content: text(&body.content) };
    call(&info, advices(&state).send_advice(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplyBody {
    #[serde(default)]
    advice_id: Value,
    #[serde(default)]
    reply: Value,
    #[serde(default)]
    status: Value,
}

pub async fn advice_reply(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ReplyBody>,
) -> ApiResult {
    let request =
        pb::ReplyAdviceInput { advice_id: id(&body.advice_id), reply: text(&body.reply), status: text(&body.status) };
    call(&info, advices(&state).reply_advice(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({}))
}

pub async fn advice_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::AdviceNotFound, lang)? };
    call(&info, advices(&state).remove_advices(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}
