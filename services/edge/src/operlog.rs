//! The operation log's recording (issue 10): every write a signed-in caller makes (POST,
//! PUT, DELETE) is recorded with its module, action, method, path, operator, address,
//! parameters, result, status, error and duration, and published as an
//! `OperationRecorded` event; identity's consumer stores it. Passwords and secrets are
//! replaced by `******` before the parameters leave the edge; uploads are recorded by
//! name, never by content; downloads by their file type.

use std::time::{Duration, Instant};

use async_nats::jetstream;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use lumiscape_common::ErrorCode;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_proto::events::v1::OperationRecorded;
use prost::Message;
use serde_json::Value;
use uuid::Uuid;

use crate::envelope::ApiError;
use crate::request::RequestInfo;
use crate::routes::RouteSpec;

/// The subject identity's consumer reads.
pub const SUBJECT: &str = "identity.operation.recorded";
/// What is kept of the parameters and of the result.
const MAX_TEXT: usize = 2000;
/// The largest JSON answer read back for the record (answers are small; files are not read).
const MAX_RESULT_BYTES: usize = 64 * 1024;
/// The text that replaces a secret.
pub const REDACTED: &str = "******";

/// Where records go.
#[derive(Clone)]
pub struct Recorder {
    js: jetstream::Context,
    subject: String,
}

impl Recorder {
    pub fn new(client: async_nats::Client, streams: &Streams) -> Self {
        Self { js: jetstream::new(client), subject: streams.subject(SUBJECT) }
    }

    /// Publishes a record in the background, retrying a few times while JetStream is away;
    /// the event id as Nats-Msg-Id keeps a repeat from being stored twice.
    fn publish(&self, record: OperationRecorded) {
        let (js, subject) = (self.js.clone(), self.subject.clone());
        tokio::spawn(async move {
            let headers = lumiscape_common::nats::event_headers(&record.event_id, SUBJECT);
            let payload: bytes::Bytes = record.encode_to_vec().into();
            for attempt in 1..=5u32 {
                let sent = match js.publish_with_headers(subject.clone(), headers.clone(), payload.clone()).await {
                    Ok(ack) => ack.await.map(|_| ()).map_err(anyhow::Error::from),
                    Err(err) => Err(err.into()),
                };
                match sent {
                    Ok(()) => return,
                    Err(err) if attempt == 5 => {
                        tracing::error!(error = %err, event = %record.event_id, "operation record lost after 5 attempts");
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(200 * u64::from(attempt))).await,
                }
            }
        });
    }
}

/// Whether a request is recorded: a write by a signed-in caller, other than signing out
/// and refreshing the session.
pub fn records(method: &Method, spec: &RouteSpec, info: &RequestInfo) -> bool {
    info.caller.is_some()
        && matches!(*method, Method::POST | Method::PUT | Method::DELETE)
        && !matches!(spec.path, "/logout" | "/auth/refresh" | "/login")
}

/// RuoYi's business type of a route.
pub fn business_type(method: &Method, path: &str) -> i32 {
    if path.ends_with("/export") || path.ends_with("/importTemplate") {
        5
    } else if path.ends_with("/importData") {
        6
    } else if path.ends_with("/clean") {
        9
    } else {
        match *method {
            Method::POST => 1,
            Method::PUT => 2,
            Method::DELETE => 3,
            _ => 0,
        }
    }
}

/// Whether a field holds a secret: its name says password, secret, token, key material or
/// credentials.
pub fn is_secret(field: &str) -> bool {
    let field = field.to_ascii_lowercase();
    ["password", "pwd", "secret", "token", "credential", "privatekey", "signingkey", "seed", "captcha"]
        .iter()
        .any(|word| field.contains(word))
}

/// Replaces every secret field's value, at any depth.
pub fn redact(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                if is_secret(name) {
                    *field = Value::String(REDACTED.to_owned());
                } else {
                    redact(field);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact),
        _ => {}
    }
}

/// Text cut to `max` characters.
fn bounded(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The parameters of a request as the log keeps them: the query and the body, secrets
/// replaced.
pub fn parameters(query: Option<&str>, content_type: &str, body: &[u8]) -> String {
    let mut all = serde_json::Map::new();
    let mut pairs = |text: &str| {
        for (key, value) in form_pairs(text) {
            all.insert(key, Value::String(value));
        }
    };
    if let Some(query) = query {
        pairs(query);
    }
    if content_type.starts_with("application/json") {
        match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(fields)) => all.extend(fields),
            Ok(other) => {
                all.insert("body".into(), other);
            }
            Err(_) if !body.is_empty() => {
                all.insert("body".into(), Value::String("(not JSON)".into()));
            }
            Err(_) => {}
        }
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        pairs(&String::from_utf8_lossy(body));
    }
    let mut value = Value::Object(all);
    redact(&mut value);
    bounded(&value.to_string(), MAX_TEXT)
}

/// `a=1&b=2`, percent-decoded.
fn form_pairs(text: &str) -> Vec<(String, String)> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(text).unwrap_or_default()
}

/// Runs the request and records it. The body is read here (the guard has already checked
/// its declared size) and handed on unchanged.
pub async fn record(recorder: &Recorder, spec: &RouteSpec, info: &RequestInfo, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let at = chrono::Utc::now();
    let method = req.method().clone();
    let url = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);
    let content_type =
        req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let lang = info.lang();
    let (req, oper_param) = if content_type.starts_with("multipart/") {
        // An upload: its content is never logged, nor read twice.
        let mut param = parameters(query.as_deref(), "", b"");
        param = bounded(&format!("{param} (multipart upload)"), MAX_TEXT);
        (req, param)
    } else {
        let (parts, body) = req.into_parts();
        let limit = parts.extensions.get::<crate::request::BodyLimit>().map_or(2 * 1024 * 1024, |l| l.0);
        let Ok(bytes) = to_bytes(body, limit).await else {
            let msg = Msg::BodyTooLarge { limit_kb: (limit / 1024) as u64 };
            return ApiError::new(ErrorCode::PayloadTooLarge, &msg, lang).into_response();
        };
        let param = parameters(query.as_deref(), &content_type, &bytes);
        (Request::from_parts(parts, Body::from(bytes)), param)
    };

    let response = next.run(req).await;

    let (response, json_result, status, error_msg) = match for_the_log(response).await {
        Ok(logged) => logged,
        Err(err) => {
            tracing::warn!(error = %err, "answer body could not be read");
            return ApiError::new(ErrorCode::Internal, &Msg::Internal, lang).into_response();
        }
    };

    let record = OperationRecorded {
        event_id: Uuid::new_v4().to_string(),
        title: spec.tag.to_owned(),
        business_type: business_type(&method, spec.path),
        method: spec.summary.to_owned(),
        request_method: method.to_string(),
        oper_name: info.caller.as_ref().map(|c| c.user_name().to_owned()).unwrap_or_default(),
        oper_url: bounded(&url, 255),
        oper_ip: info.ctx.client_ip.clone(),
        oper_param,
        json_result,
        status: i32::from(status),
        error_msg: bounded(&error_msg, MAX_TEXT),
        oper_time_ms: at.timestamp_millis(),
        cost_time_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX),
        project_id: info.ctx.project_id.unwrap_or(0),
    };
    recorder.publish(record);
    response
}

/// The answer as the caller gets it (always whole) and what the log keeps of it: the JSON
/// result (redacted, bounded; a note instead when over [`MAX_RESULT_BYTES`]), whether it
/// failed, and its message. A handler's JSON answer is already whole in memory, so reading it
/// costs nothing more.
async fn for_the_log(response: Response) -> Result<(Response, String, bool, String), axum::Error> {
    let (parts, body) = response.into_parts();
    let is_json = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        let kind = parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        let failed = !parts.status.is_success();
        return Ok((Response::from_parts(parts, body), format!("({kind})"), failed, String::new()));
    }
    let bytes = to_bytes(body, usize::MAX).await?;
    if bytes.len() > MAX_RESULT_BYTES {
        let failed = !parts.status.is_success();
        let note = format!("(answer of {} bytes, too large to record)", bytes.len());
        return Ok((Response::from_parts(parts, Body::from(bytes)), note, failed, String::new()));
    }
    let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let code = answer["code"].as_i64().unwrap_or(i64::from(parts.status.as_u16()));
    let failed = code != 200;
    let error = if failed { answer["msg"].as_str().unwrap_or_default().to_owned() } else { String::new() };
    let mut shown = answer;
    redact(&mut shown);
    Ok((Response::from_parts(parts, Body::from(bytes)), bounded(&shown.to_string(), MAX_TEXT), failed, error))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn secrets_are_redacted_at_any_depth() {
        let mut body = json!({
            "userName": "lin", "password": "Str0ng!", "oldPassword": "a", "newPassword": "b",
            "nested": { "signingKey": "k", "list": [{ "token": "t", "name": "x" }] }, "configKey": "map.level"
        });
        redact(&mut body);
        assert_eq!(body["password"], REDACTED);
        assert_eq!(body["oldPassword"], REDACTED);
        assert_eq!(body["newPassword"], REDACTED);
        assert_eq!(body["nested"]["signingKey"], REDACTED);
        assert_eq!(body["nested"]["list"][0]["token"], REDACTED);
        assert_eq!((body["userName"].as_str(), body["configKey"].as_str()), (Some("lin"), Some("map.level")));
    }

    #[test]
    fn parameters_join_the_query_and_the_body() {
        let text = parameters(Some("userId=3"), "application/json", br#"{"password":"x","status":"1"}"#);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value, json!({ "userId": "3", "password": REDACTED, "status": "1" }));
        let form = parameters(None, "application/x-www-form-urlencoded", b"userName=lin&pwd=secret");
        assert!(form.contains("lin") && !form.contains("secret"), "{form}");
        assert!(parameters(None, "application/json", &vec![b'a'; 10_000]).len() <= MAX_TEXT);
    }

    #[test]
    fn business_types_follow_ruoyi() {
        assert_eq!(business_type(&Method::POST, "/system/user"), 1);
        assert_eq!(business_type(&Method::PUT, "/system/user"), 2);
        assert_eq!(business_type(&Method::DELETE, "/system/user/{userId}"), 3);
        assert_eq!(business_type(&Method::POST, "/system/user/export"), 5);
        assert_eq!(business_type(&Method::POST, "/system/user/importData"), 6);
        assert_eq!(business_type(&Method::DELETE, "/monitor/logininfor/clean"), 9);
    }

    #[tokio::test]
    async fn a_large_answer_reaches_the_caller_whole_and_the_log_notes_it() {
        let rows: Vec<Value> = (0..5_000).map(|n| serde_json::json!({ "gatewayId": n, "result": "ok" })).collect();
        let body = serde_json::json!({ "code": 200, "msg": "操作成功", "data": { "results": rows } }).to_string();
        assert!(body.len() > MAX_RESULT_BYTES);
        let response = Response::builder()
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.clone()))
            .unwrap();
        let (response, logged, failed, error) = for_the_log(response).await.unwrap();
        let sent = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert_eq!(sent.len(), body.len(), "the caller gets every byte");
        assert_eq!(logged, format!("(answer of {} bytes, too large to record)", body.len()));
        assert!(!failed && error.is_empty());

        let small = r#"{"code":500,"msg":"拒绝","data":{"password":"x"}}"#;
        let response =
            Response::builder().header(header::CONTENT_TYPE, "application/json").body(Body::from(small)).unwrap();
        let (response, logged, failed, error) = for_the_log(response).await.unwrap();
        assert_eq!(to_bytes(response.into_body(), usize::MAX).await.unwrap(), small.as_bytes());
        assert!(failed && error == "拒绝" && !logged.contains("\"x\""), "{logged}");
    }
}
