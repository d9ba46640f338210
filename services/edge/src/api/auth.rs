use axum::Extension;
use axum::extract::State;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::json;

use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, call, ok_data, ok_msg, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

pub async fn captcha(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let captcha = call(&info, state.clients.auth().get_captcha(info.ctx.request(pb::GetCaptchaRequest {}))).await?;
    ok_with(lang, json!({ "captchaEnabled": captcha.captcha_enabled, "uuid": captcha.uuid, "img": captcha.img }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginBody {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    uuid: String,
}

pub async fn login(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult {
    let lang = info.lang();
    // After the address's bucket (the guard), the account's: see `crate::limit`.
    state.limits.check_account(&body.username).map_err(|wait| ApiError::too_many_requests(wait, lang))?;
    let request = pb::LoginRequest {
        username: body.username.trim().to_owned(),
        password: body.password,
        code: body.code,
        uuid: body.uuid,
        ip: info.ctx.client_ip.clone(),
        user_agent: info.ctx.user_agent.clone(),
    };
    let token = call(&info, state.clients.auth().login(info.ctx.request(request))).await?.token;
    Ok(axum::Json(json!({ "code": 200, "msg": Msg::LoginSuccess.text(lang), "token": token })))
}

#[derive(Debug, Deserialize)]
pub struct OtherSystemQuery {
    #[serde(default)]
    token: String,
}

pub async fn login_by_other_system(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<OtherSystemQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::LoginByOtherSystemRequest {
        token: query.token,
        ip: info.ctx.client_ip.clone(),
        user_agent: info.ctx.user_agent.clone(),
    };
    let answer = call(&info, state.clients.auth().login_by_other_system(info.ctx.request(request))).await?;
    if answer.status == "success" {
        ok_data(lang, json!({ "status": "success", "token": answer.token }))
    } else {
        ok_with(lang, json!({ "msg": Msg::OtherSystemAuthFailed.text(lang), "data": { "status": "error" } }))
    }
}

pub async fn logout(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let request = pb::LogoutRequest { ip: info.ctx.client_ip.clone(), user_agent: info.ctx.user_agent.clone() };
    call(&info, state.clients.auth().logout(info.ctx.request(request))).await?;
    if let Some(caller) = &info.caller {
        // This replica stops honouring the token now, without waiting for the bucket's echo.
        state.auth.sessions().forget_local(&caller.session_id);
    }
    ok_msg(Msg::LogoutSuccess.text(lang))
}

pub async fn refresh(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let expires_at =
        call(&info, state.clients.auth().refresh(info.ctx.request(pb::RefreshRequest {}))).await?.expires_at_ms;
    ok_data(lang, json!(expires_at))
}

pub async fn get_info(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, state.clients.auth().get_info(info.ctx.request(pb::GetInfoRequest {}))).await?;
    let user = answer.user.unwrap_or_default();
    ok_with(
        lang,
        json!({
            "user": {
                "userId": user.user_id,
                "userName": user.user_name,
                "nickName": user.nick_name,
                "avatar": user.avatar,
                "email": user.email,
                "phonenumber": user.phonenumber,
                "sex": user.sex,
            },
            // RuoYi's console falls back to ROLE_DEFAULT for a user without roles; so do we.
            "roles": if answer.roles.is_empty() { vec!["ROLE_DEFAULT".to_owned()] } else { answer.roles.clone() },
            "permissions": answer.permissions,
            "defultMenu": answer.default_menu,
        }),
    )
}
