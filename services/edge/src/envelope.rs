//! The `{code, msg, ...}` envelope every answer travels in, the translation of errors into
//! it, and [`call`], the one way a handler calls a service. The HTTP status mirrors the
//! envelope code so proxies and metrics see failures, except for a business rule's refusal:
//! code 500 as RuoYi's consoles expect, in a normal (200) answer, since nothing failed
//! (`lumiscape_common::error`).

use axum::Json;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::{FromRequest, FromRequestParts, Multipart, Query, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, ErrorCode, Lang};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::limit::RetryAfter;
use crate::request::{BodyLimit, RequestInfo, lang_of};

/// An error answer: the envelope code, the HTTP status and a message already in the
/// caller's language.
#[derive(Debug)]
pub struct ApiError {
    pub code: u16,
    pub status: u16,
    pub msg: String,
    pub outcome: Outcome,
    /// Seconds for a `Retry-After` header (a rate limit's refusal).
    pub retry_after: Option<u64>,
}

/// How an answer counts in the metrics: a success, the caller's mistake, a business
/// rule's refusal, or a fault of the system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    ClientError,
    Refused,
    Fault,
}

impl Outcome {
    pub fn of(code: ErrorCode) -> Self {
        match code {
            ErrorCode::FailedPrecondition => Outcome::Refused,
            code if code.is_fault() => Outcome::Fault,
            _ => Outcome::ClientError,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::ClientError => "client_error",
            Outcome::Refused => "refused",
            Outcome::Fault => "fault",
        }
    }
}

impl ApiError {
    pub fn new(code: ErrorCode, msg: &Msg, lang: Lang) -> Self {
        Self {
            code: code.http_code(),
            status: code.http_status(),
            msg: msg.text(lang),
            outcome: Outcome::of(code),
            retry_after: None,
        }
    }

    /// A rate limit's refusal: 429, to be tried again after `retry_after`. An edge-only
    /// answer, so not an `ErrorCode`: no service ever sends it.
    pub fn too_many_requests(retry_after: RetryAfter, lang: Lang) -> Self {
        Self {
            code: 429,
            status: 429,
            msg: Msg::TooManyRequests.text(lang),
            outcome: Outcome::ClientError,
            retry_after: Some(retry_after.seconds()),
        }
    }

    /// An error of the edge's own, or of a service; only a fault with a cause is logged.
    pub fn from_error(err: Error, lang: Lang) -> Self {
        if let Some(source) = err.source.as_ref().filter(|_| err.code.is_fault()) {
            tracing::error!(error = ?source, code = ?err.code, "request failed");
        }
        Self::new(err.code, &err.msg, lang)
    }

    /// A service's answer: its own message (already in the caller's language) is kept; a
    /// failure of the transport itself is shown generically.
    pub fn from_status(status: tonic::Status, lang: Lang) -> Self {
        Self::from_error(Error::from_status(status), lang)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, Json(json!({ "code": self.code, "msg": self.msg }))).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response.extensions_mut().insert(self.outcome);
        response
    }
}

/// Calls a service and maps a failure into the envelope once:
/// `let answer = call(&info, client.method(info.ctx.request(message))).await?;`
pub async fn call<T>(
    info: &RequestInfo,
    reply: impl Future<Output = Result<tonic::Response<T>, tonic::Status>>,
) -> Result<T, ApiError> {
    reply.await.map(tonic::Response::into_inner).map_err(|status| ApiError::from_status(status, info.lang()))
}

/// A handler's answer: the envelope as a JSON value, or a typed body such as [`Table`].
pub type ApiResult<T = Value> = Result<Json<T>, ApiError>;

/// The media type of the workbooks the downloads answer.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// `{code: 200, msg, ...fields}`.
pub fn ok_with(lang: Lang, fields: Value) -> ApiResult {
    let mut body = Map::new();
    body.insert("code".into(), json!(200));
    body.insert("msg".into(), json!(Msg::Success.text(lang)));
    if let Value::Object(extra) = fields {
        body.extend(extra);
    }
    Ok(Json(Value::Object(body)))
}

/// `{code: 200, msg, data}`.
pub fn ok_data(lang: Lang, data: Value) -> ApiResult {
    ok_with(lang, json!({ "data": data }))
}

/// `{code: 200, msg, data}` around JSON already written (an answer kept by version).
#[derive(Debug, serde::Serialize)]
pub struct WrittenData {
    code: u16,
    msg: String,
    data: Written,
}

/// JSON already written, shared with the cache that keeps it.
#[derive(Debug)]
pub struct Written(pub std::sync::Arc<serde_json::value::RawValue>);

impl serde::Serialize for Written {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// `{code: 200, msg, data}` with `data` written before.
pub fn ok_written(lang: Lang, data: std::sync::Arc<serde_json::value::RawValue>) -> ApiResult<WrittenData> {
    Ok(Json(WrittenData { code: 200, msg: Msg::Success.text(lang), data: Written(data) }))
}

/// One page of a list, as RuoYi's `TableDataInfo`: `{code: 200, msg, rows, total}`. The
/// rows are written straight from their `Serialize` type (no `Value` per row).
#[derive(Debug, serde::Serialize)]
pub struct Table<T> {
    code: u16,
    msg: String,
    rows: Vec<T>,
    total: i64,
}

/// `{code: 200, msg, rows, total}`.
pub fn ok_table<T: serde::Serialize>(lang: Lang, rows: Vec<T>, total: i64) -> ApiResult<Table<T>> {
    Ok(Json(Table { code: 200, msg: Msg::Success.text(lang), rows, total }))
}

/// `{code: 200, msg}` with a message of one's own.
pub fn ok_msg(msg: String) -> ApiResult {
    Ok(Json(json!({ "code": 200, "msg": msg })))
}

/// A JSON body whose failures answer in the envelope: malformed JSON is 400, a body over
/// the limit is 413.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let lang = lang_of(req.headers());
        let limit_kb = req.extensions().get::<BodyLimit>().map(|l| l.0 / 1024).unwrap_or(0) as u64;
        let value = match Json::<Value>::from_request(req, state).await {
            Ok(Json(value)) => value,
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ApiError::new(ErrorCode::PayloadTooLarge, &Msg::BodyTooLarge { limit_kb }, lang));
            }
            Err(_) => return Err(ApiError::new(ErrorCode::BadRequest, &Msg::InvalidJson, lang)),
        };
        // PostgreSQL stores no NUL in text: refused here, once, with a clear message.
        if holds_nul(&value) {
            return Err(ApiError::new(ErrorCode::BadRequest, &Msg::NulCharacter, lang));
        }
        serde_json::from_value(value)
            .map(ApiJson)
            .map_err(|_| ApiError::new(ErrorCode::BadRequest, &Msg::InvalidJson, lang))
    }
}

/// An optional JSON body: a request without a body or a content type reads None, one with
/// a body is read as [`ApiJson`] reads it.
impl<S, T> axum::extract::OptionalFromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let headers = req.headers();
        let no_body = headers.get(axum::http::header::CONTENT_TYPE).is_none()
            && headers.get(axum::http::header::CONTENT_LENGTH).is_none_or(|length| length == "0");
        if no_body {
            return Ok(None);
        }
        <ApiJson<T> as FromRequest<S>>::from_request(req, state).await.map(Some)
    }
}

/// A query string whose failures answer in the envelope (400), like [`ApiJson`].
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let lang = lang_of(&parts.headers);
        let query = parts.uri.query().unwrap_or_default();
        if query.contains('\0') || query.to_ascii_lowercase().contains("%00") {
            return Err(ApiError::new(ErrorCode::BadRequest, &Msg::NulCharacter, lang));
        }
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(ApiQuery(value)),
            Err(_) => Err(ApiError::new(ErrorCode::BadRequest, &Msg::BadRequest, lang)),
        }
    }
}

/// The answer to a workbook import, as RuoYi's: code 200 with the counts when every row was
/// taken (`data` holds `created` and, when given, `updated`), else its refusal (code 500 in
/// a 200 answer) listing each bad row, nothing imported.
pub fn import_answer(lang: Lang, created: i64, updated: Option<i64>, failures: Vec<Value>) -> Response {
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    if failures.is_empty() {
        let msg = Msg::ImportSucceeded { created: count(created), updated: count(updated.unwrap_or(0)) };
        let data = match updated {
            Some(updated) => json!({ "created": created, "updated": updated }),
            None => json!({ "created": created }),
        };
        return axum::Json(json!({ "code": 200, "msg": msg.text(lang), "data": data })).into_response();
    }
    let count = u32::try_from(failures.len()).unwrap_or(u32::MAX);
    let body = json!({ "code": 500, "msg": Msg::ImportFailed { count }.text(lang), "data": { "failures": failures } });
    let mut response = axum::Json(body).into_response();
    response.extensions_mut().insert(Outcome::Refused);
    response
}

/// A workbook as a download (RuoYi's exports and templates).
pub fn xlsx_download(file_name: String, content: Vec<u8>) -> Response {
    file_download(file_name, content, XLSX)
}

/// A file as a download: the file name in both the plain and the RFC 5987 form, so a
/// Chinese name survives every browser.
pub fn file_download(file_name: String, content: Vec<u8>, content_type: &'static str) -> Response {
    let ascii: String =
        file_name.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect();
    let encoded: String = file_name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"._-".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect();
    let disposition = format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}");
    let mut response = (StatusCode::OK, content).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static("content-disposition"));
    response.extensions_mut().insert(Outcome::Ok);
    response
}

/// The file of a multipart upload's `field`: its name and bytes. A missing or empty file
/// answers `missing`; a body over the limit answers 413 with the limit.
pub async fn uploaded_file(
    multipart: Result<Multipart, MultipartRejection>,
    field: &str,
    body_limit: usize,
    missing: &Msg,
    lang: Lang,
) -> Result<(String, Bytes), ApiError> {
    uploaded_form(multipart, field, body_limit, missing, lang).await.map(|form| (form.file_name, form.content))
}

/// A multipart form with one file: the file (as [`uploaded_file`] reads it) and the form's
/// other fields as text (a field sent twice keeps its last value; one that is not UTF-8 is
/// refused).
#[derive(Debug)]
pub struct UploadedForm {
    pub file_name: String,
    pub content: Bytes,
    pub fields: std::collections::HashMap<String, String>,
}

pub async fn uploaded_form(
    multipart: Result<Multipart, MultipartRejection>,
    file_field: &str,
    body_limit: usize,
    missing: &Msg,
    lang: Lang,
) -> Result<UploadedForm, ApiError> {
    let missing = || ApiError::new(ErrorCode::BadRequest, missing, lang);
    let mut multipart = multipart.map_err(|_| missing())?;
    let refused = |err: MultipartError| {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
            let limit_kb = (body_limit / 1024) as u64;
            ApiError::new(ErrorCode::PayloadTooLarge, &Msg::BodyTooLarge { limit_kb }, lang)
        } else {
            ApiError::new(ErrorCode::BadRequest, &Msg::BadRequest, lang)
        }
    };
    let mut file = None;
    let mut fields = std::collections::HashMap::new();
    while let Some(part) = multipart.next_field().await.map_err(refused)? {
        let name = part.name().unwrap_or_default().to_owned();
        if name == file_field {
            let file_name = part.file_name().unwrap_or_default().to_owned();
            file = Some((file_name, part.bytes().await.map_err(refused)?));
        } else if !name.is_empty() {
            fields.insert(name, part.text().await.map_err(refused)?);
        }
    }
    match file {
        Some((file_name, content)) if !content.is_empty() => Ok(UploadedForm { file_name, content, fields }),
        _ => Err(missing()),
    }
}

/// A form-encoded body (RuoYi's downloads POST their filters so), whose failures answer in
/// the envelope like [`ApiQuery`]. An empty body, or one of another content type, reads as
/// no fields.
pub struct ApiForm<T>(pub T);

impl<S, T> FromRequest<S> for ApiForm<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let lang = lang_of(req.headers());
        let limit_kb = req.extensions().get::<BodyLimit>().map(|l| l.0 / 1024).unwrap_or(0) as u64;
        let is_form = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let body = bytes::Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(ErrorCode::PayloadTooLarge, &Msg::BodyTooLarge { limit_kb }, lang)
            } else {
                ApiError::new(ErrorCode::BadRequest, &Msg::BadRequest, lang)
            }
        })?;
        let body: &[u8] = if is_form { &body } else { b"" };
        let lower = String::from_utf8_lossy(body).to_ascii_lowercase();
        if body.contains(&0) || lower.contains("%00") {
            return Err(ApiError::new(ErrorCode::BadRequest, &Msg::NulCharacter, lang));
        }
        serde_urlencoded::from_bytes(body)
            .map(ApiForm)
            .map_err(|_| ApiError::new(ErrorCode::BadRequest, &Msg::BadRequest, lang))
    }
}

/// Whether any string (or key) in a JSON value holds a NUL character.
fn holds_nul(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(holds_nul),
        Value::Object(fields) => fields.iter().any(|(key, field)| key.contains('\0') || holds_nul(field)),
        _ => false,
    }
}
