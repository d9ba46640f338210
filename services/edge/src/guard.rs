//! Every API request passes here first: body size, language, the route's rate limit,
//! token, the route's permission and the `ProjectId` header are checked before any service
//! is called.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use lumiscape_common::auth::bearer_token;
use lumiscape_common::grpc::{RequestContext, parse_project_id};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};

use crate::envelope::ApiError;
use crate::operlog;
use crate::request::{BodyLimit, PROJECT_HEADER, RequestInfo, client_address, lang_of};
use crate::routes::{self, Access};
use crate::state::EdgeState;

pub async fn guard(State(state): State<EdgeState>, mut req: Request, next: Next) -> Response {
    let lang = lang_of(req.headers());
    let declared_length = req
        .headers()
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if req.uri().path().to_ascii_lowercase().contains("%00") {
        return ApiError::new(ErrorCode::BadRequest, &Msg::NulCharacter, lang).into_response();
    }
    let matched = req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned()).unwrap_or_default();
    let path = matched.strip_prefix(state.base_path.as_ref()).unwrap_or(&matched);
    let Some(spec) = routes::find(req.method(), path) else {
        // A handler without a table entry is a programming error; refuse rather than guess.
        tracing::error!(method = %req.method(), path, "route missing from the permission table");
        return ApiError::new(ErrorCode::Forbidden, &Msg::NoPermission, lang).into_response();
    };
    // An upload streams its body to the service that bounds it by type (docs/files.md).
    if !spec.streams_body && declared_length.is_some_and(|len| len > state.body_limit) {
        return spec.too_large(state.body_limit, lang).into_response();
    }
    let client_ip = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| client_address(peer.ip(), req.headers(), &state.trusted_proxies));
    if let (Some(limit), Some(ip)) = (spec.limit, client_ip)
        && let Err(wait) = state.limits.check_address(limit, ip)
    {
        tracing::debug!(%ip, ?limit, "rate limited");
        return ApiError::too_many_requests(wait, lang).into_response();
    }
    match check(&state, spec.access, req.headers(), lang).await {
        Ok(mut info) => {
            if let Some(ip) = client_ip {
                info.ctx.client_ip = ip.to_string();
            }
            info.ctx.user_agent = req
                .headers()
                .get(http::header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .map(|ua| ua.chars().take(500).collect())
                .unwrap_or_default();
            let recorded = operlog::records(req.method(), spec, &info).then(|| info.clone());
            req.extensions_mut().insert(info);
            req.extensions_mut().insert(BodyLimit(state.body_limit));
            let answer = async {
                match &recorded {
                    Some(info) => operlog::record(&state.recorder, spec, info, req, next).await,
                    None => next.run(req).await,
                }
            };
            // The answer must begin in time; a live stream's begins at once and goes on.
            let limit = spec.timeout_seconds.map_or(state.request_timeout, std::time::Duration::from_secs);
            match tokio::time::timeout(limit, answer).await {
                Ok(response) => response,
                Err(_) => {
                    tracing::warn!(path, "request timed out");
                    let msg = Msg::RequestTimeout { seconds: limit.as_secs() };
                    ApiError::new(ErrorCode::Timeout, &msg, lang).into_response()
                }
            }
        }
        Err(err) => err.into_response(),
    }
}

async fn check(state: &EdgeState, access: Access, headers: &HeaderMap, lang: Lang) -> Result<RequestInfo, ApiError> {
    let token = headers
        .get(http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(bearer_token)
        .map(str::to_owned);
    let mut ctx = RequestContext { token: None, project_id: None, lang, ..RequestContext::default() };
    if access == Access::Public {
        // A public route ignores a stale token rather than failing on it.
        let caller = match &token {
            Some(t) => state.auth.authenticate(t).await.ok(),
            None => None,
        };
        if caller.is_some() {
            ctx.token = token;
        }
        return Ok(RequestInfo { ctx, caller });
    }
    let token = token.ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated, &Msg::TokenMissing, lang))?;
    let caller = state.auth.authenticate(&token).await.map_err(|e| ApiError::from_error(e, lang))?;
    if let Access::Permission(required) = access
        && !caller.has_any(&[required])
    {
        return Err(ApiError::new(ErrorCode::Forbidden, &Msg::NoPermission, lang));
    }
    let project_header = headers.get(PROJECT_HEADER).map(|v| v.to_str().unwrap_or("invalid"));
    let project_id = parse_project_id(project_header).map_err(|e| ApiError::from_error(e, lang))?;
    if let Some(project) = project_id
        && !caller.may_access_project(project)
    {
        return Err(ApiError::new(ErrorCode::Forbidden, &Msg::ProjectForbidden, lang));
    }
    ctx.token = Some(token);
    ctx.project_id = project_id;
    Ok(RequestInfo { ctx, caller: Some(caller) })
}
