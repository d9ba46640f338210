use axum::Extension;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::{Multipart, State};
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::json;

use crate::envelope::{ApiError, ApiJson, ApiResult, call, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// The multipart field carrying the avatar image.
const AVATAR_FIELD: &str = "avatarfile";

pub async fn get(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let profile = call(&info, state.clients.profile().get_profile(info.ctx.request(pb::GetProfileRequest {}))).await?;
    let user = profile.user.unwrap_or_default();
    let created = iso_utc(profile.create_time_ms);
    ok_with(
        lang,
        json!({
            "data": {
                "userId": user.user_id,
                "userName": user.user_name,
                "nickName": user.nick_name,
                "email": user.email,
                "phonenumber": user.phonenumber,
                "sex": user.sex,
                "avatar": user.avatar,
                "createTime": created,
            },
            "roleGroup": profile.role_group,
            // RuoYi's posts (岗位): there are none, and its console shows the field empty.
            "postGroup": "",
        }),
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileBody {
    #[serde(default)]
    nick_name: String,
    #[serde(default)]
    phonenumber: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    sex: String,
}

pub async fn update(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ProfileBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::UpdateProfileRequest {
        nick_name: body.nick_name,
        phonenumber: body.phonenumber,
        email: body.email,
        sex: body.sex,
    };
    call(&info, state.clients.profile().update_profile(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    #[serde(default)]
    old_password: String,
    #[serde(default)]
    new_password: String,
}

pub async fn update_password(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PasswordBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::UpdatePasswordRequest { old_password: body.old_password, new_password: body.new_password };
    call(&info, state.clients.profile().update_password(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn update_avatar(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let lang = info.lang();
    let missing = || ApiError::new(ErrorCode::BadRequest, &Msg::AvatarMissing, lang);
    // Not a multipart form at all (no boundary): the envelope, not axum's plain text.
    let mut multipart = multipart.map_err(|_| missing())?;
    // A body past the limit shows up while it is read (a chunked upload declares no length):
    // the same 413 as a declared one, not a generic bad request.
    let refused = |err: MultipartError| {
        if err.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            let limit_kb = (state.body_limit / 1024) as u64;
            ApiError::new(ErrorCode::PayloadTooLarge, &Msg::BodyTooLarge { limit_kb }, lang)
        } else {
            ApiError::new(ErrorCode::BadRequest, &Msg::BadRequest, lang)
        }
    };
    let mut image = None;
    while let Some(field) = multipart.next_field().await.map_err(refused)? {
        if field.name() == Some(AVATAR_FIELD) {
            image = Some(field.bytes().await.map_err(refused)?);
            break;
        }
    }
    let image = image.filter(|b| !b.is_empty()).ok_or_else(missing)?;
    let request = pb::UpdateAvatarRequest { image: image.to_vec() };
    let path = call(&info, state.clients.profile().update_avatar(info.ctx.request(request))).await?.path;
    ok_with(lang, json!({ "imgUrl": path }))
}

/// Unix milliseconds as an ISO-8601 UTC timestamp; the console shows it in local time.
fn iso_utc(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_timestamps() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(1_795_332_928_000), "2026-11-22T07:35:28Z");
    }
}
