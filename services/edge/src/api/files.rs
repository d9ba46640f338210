//! Uploads and the file management screen (`/system/common/upload/{type}`,
//! `/project/file`, spec section 7; docs/files.md). The handlers only reshape: the upload's
//! multipart field is forwarded to the project service chunk by chunk as it arrives (never
//! held whole here), and every rule and message is the service's.

use axum::Extension;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::{Multipart, Path, State};
use axum::http::HeaderMap;
use futures::SinkExt;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::file_service_client::FileServiceClient;
use lumiscape_proto::project::v1::upload_chunk::Part;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, id, local_time, path_id, text};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// The multipart field of an upload (spec section 7).
pub const UPLOAD_FIELD: &str = "file";
/// The largest data message sent to the service.
const CHUNK_BYTES: usize = 64 * 1024;

fn chunk(part: Part) -> pb::UploadChunk {
    pb::UploadChunk { part: Some(part) }
}

fn multipart_refused(err: &MultipartError, lang: Lang) -> ApiError {
    tracing::debug!(error = %err, "upload body unreadable");
    ApiError::new(ErrorCode::BadRequest, &Msg::BadRequest, lang)
}

/// `POST /system/common/upload/{type}`: RuoYi's answer, the stored path in `msg` and
/// `fileName`, its address in `url`, the object's own name in `newFileName` and the
/// browser's name in `originalFilename`.
pub async fn upload(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(kind): Path<String>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let lang = info.lang();
    let missing = || ApiError::new(ErrorCode::BadRequest, &Msg::UploadFileMissing, lang);
    let mut multipart = multipart.map_err(|_| missing())?;
    let mut field = loop {
        match multipart.next_field().await.map_err(|err| multipart_refused(&err, lang))? {
            Some(field) if field.name() == Some(UPLOAD_FIELD) => break field,
            Some(_) => continue,
            None => return Err(missing()),
        }
    };
    let declared_size = headers
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok())
        .unwrap_or(0);
    let head = pb::UploadHead {
        upload_type: kind,
        file_name: field.file_name().unwrap_or_default().to_owned(),
        declared_size,
    };
    let (mut sender, receiver) = futures::channel::mpsc::channel::<pb::UploadChunk>(4);
    sender.try_send(chunk(Part::Head(head))).map_err(|_| missing())?;
    let mut files = FileServiceClient::new(state.clients.project_slow_channel());
    let answer = files.upload_file(info.ctx.request(receiver));
    // Forwards the field; stops quietly when the service has answered (and dropped the
    // stream). A broken body ends the upload without `end`, so nothing is stored.
    let forward = async move {
        while let Some(bytes) = field.chunk().await? {
            for piece in bytes.chunks(CHUNK_BYTES) {
                if sender.send(chunk(Part::Data(piece.to_vec()))).await.is_err() {
                    return Ok(());
                }
            }
        }
        let _ = sender.send(chunk(Part::End(true))).await;
        Ok::<(), MultipartError>(())
    };
    tokio::pin!(answer);
    tokio::pin!(forward);
    let mut forwarding = true;
    let answer = loop {
        tokio::select! {
            answer = &mut answer => break answer,
            forwarded = &mut forward, if forwarding => {
                forwarding = false;
                if let Err(err) = forwarded {
                    return Err(multipart_refused(&err, lang));
                }
            }
        }
    };
    let stored = answer.map(tonic::Response::into_inner).map_err(|status| ApiError::from_status(status, lang))?;
    let url = format!("{}/files{}", state.base_path, stored.path);
    Ok(axum::Json(json!({
        "code": 200,
        "msg": stored.path,
        "fileName": stored.path,
        "url": url,
        "newFileName": stored.new_file_name,
        "originalFilename": stored.original_name,
        "fileId": stored.file_id,
        "size": stored.size,
        "contentType": stored.content_type,
    })))
}

/// A file as the console reads it.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileJson {
    id: i64,
    file_id: i64,
    project_id: i64,
    file_name: String,
    original_name: String,
    path: String,
    file_type: String,
    extension: String,
    content_type: String,
    size: i64,
    audit_status: String,
    audit_reason: String,
    audit_by: String,
    audit_time: Option<String>,
    process_status: String,
    remark: String,
    create_by: String,
    create_time: Option<String>,
    update_by: String,
    update_time: Option<String>,
}

fn file_json(file: pb::File) -> FileJson {
    FileJson {
        id: file.file_id,
        file_id: file.file_id,
        project_id: file.project_id,
        file_name: file.file_name,
        original_name: file.original_name,
        path: file.path,
        file_type: file.file_type,
        extension: file.extension,
        content_type: file.content_type,
        size: file.size,
        audit_status: file.audit_status,
        audit_reason: file.audit_reason,
        audit_by: file.audit_by,
        audit_time: local_time(file.audit_time_ms),
        process_status: file.process_status,
        remark: file.remark,
        create_by: file.create_by,
        create_time: local_time(file.create_time_ms),
        update_by: file.update_by,
        update_time: local_time(file.update_time_ms),
    }
}

fn file_id(text: &str, lang: Lang) -> Result<pb::FileIdRequest, ApiError> {
    Ok(pb::FileIdRequest { file_id: path_id(text, Msg::FileIdInvalid, lang)? })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    file_name: String,
    #[serde(default)]
    file_type: String,
    #[serde(default)]
    audit_status: String,
}

pub async fn list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Table<FileJson>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListFilesRequest {
        file_name: query.file_name,
        file_type: query.file_type,
        audit_status: query.audit_status,
        page_num,
        page_size,
    };
    let answer = call(&info, state.clients.files().list_files(info.ctx.request(request))).await?;
    ok_table(lang, answer.files.into_iter().map(file_json).collect(), answer.total)
}

pub async fn get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let file = call(&info, state.clients.files().get_file(info.ctx.request(file_id(&id, lang)?))).await?;
    ok_with(lang, json!({ "data": file_json(file) }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileBody {
    #[serde(default)]
    file_id: Value,
    #[serde(default)]
    id: Value,
    #[serde(default)]
    file_name: Value,
    #[serde(default)]
    remark: Value,
    #[serde(default)]
    audit_status: Value,
    #[serde(default)]
    audit_reason: Value,
}

impl FileBody {
    fn file_id(&self) -> i64 {
        if self.file_id.is_null() { id(&self.id) } else { id(&self.file_id) }
    }
}

pub async fn edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<FileBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = pb::FileInput { file_id: body.file_id(), file_name: text(&body.file_name), remark: text(&body.remark) };
    call(&info, state.clients.files().edit_file(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

/// `PUT /project/file/audit`: `{fileId, auditStatus: "1" | "2", auditReason}`.
pub async fn audit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<FileBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::AuditFileRequest {
        file_id: body.file_id(),
        audit_status: text(&body.audit_status),
        reason: text(&body.audit_reason),
    };
    call(&info, state.clients.files().audit_file(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

pub async fn remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    call(&info, state.clients.files().remove_file(info.ctx.request(file_id(&id, lang)?))).await?;
    ok_with(lang, json!({}))
}
