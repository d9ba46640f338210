//! Backup (数据备份): the handlers only reshape; the file's checks, the restore and every
//! message are identity's (`identity/src/backup`).

use axum::Extension;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::backup_service_client::BackupServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{PageQuery, local_time, path_id, path_ids};
use crate::envelope::{
    ApiError, ApiQuery, ApiResult, Table, call, file_download, ok_data, ok_table, ok_with, uploaded_file,
};
use crate::request::RequestInfo;
use crate::state::EdgeState;

/// The multipart field carrying an uploaded backup (as the user import's).
const FILE_FIELD: &str = "file";
/// What a backup is served as: SQL text (the OpenAPI document declares the media type).
pub const SQL_MEDIA_TYPE: &str = "application/sql";
const SQL: &str = "application/sql; charset=utf-8";
/// The largest backup identity takes or gives over gRPC (`identity::backup::grpc`).
const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

fn backups(channel: Transport) -> BackupServiceClient<Transport> {
    BackupServiceClient::new(channel)
        .max_decoding_message_size(MAX_MESSAGE_BYTES)
        .max_encoding_message_size(MAX_MESSAGE_BYTES)
}

fn backup_json(b: &pb::Backup) -> Value {
    json!({
        "backupId": b.backup_id,
        "fileName": b.file_name,
        "kind": b.kind,
        "fileSize": b.file_size,
        "totalRows": b.total_rows,
        "createBy": b.created_by,
        "createTime": local_time(b.create_time_ms),
    })
}

fn restored_json(r: &pb::RestoreBackupResponse) -> Value {
    let tables: Vec<Value> = r.tables.iter().map(|t| json!({ "table": t.table, "rows": t.rows })).collect();
    json!({ "tables": tables, "totalRows": r.total_rows, "backupTime": r.created_at, "backupBy": r.created_by })
}

fn restored_msg(r: &pb::RestoreBackupResponse) -> Msg {
    Msg::BackupRestored { tables: u32::try_from(r.tables.len()).unwrap_or(u32::MAX), rows: r.total_rows }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackupQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    kind: String,
}

pub async fn backup_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<BackupQuery>,
) -> ApiResult<Table<Value>> {
    let lang = info.lang();
    let (page_num, page_size) = query.page.numbers(lang)?;
    let request = pb::ListBackupsRequest { page_num, page_size, kind: query.kind };
    let answer = call(&info, backups(state.clients.identity_channel()).list_backups(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer.rows.iter().map(backup_json).collect();
    ok_table(lang, rows, answer.total)
}

pub async fn backup_create(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let request = pb::ClearCacheRequest {};
    let channel = state.clients.identity_slow_channel();
    let made = call(&info, backups(channel).create_backup(info.ctx.request(request))).await?;
    ok_data(info.lang(), backup_json(&made))
}

pub async fn backup_download(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(backup_id): Path<String>,
) -> Result<Response, ApiError> {
    let request = pb::SettingIdRequest { id: path_id(&backup_id, Msg::BackupNotFound, info.lang())? };
    let channel = state.clients.identity_slow_channel();
    let file = call(&info, backups(channel).download_backup(info.ctx.request(request))).await?;
    Ok(file_download(file.file_name, file.content, SQL))
}

pub async fn backup_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(ids): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RemoveSettingsRequest { ids: path_ids(&ids, Msg::BackupNotFound, lang)? };
    call(&info, backups(state.clients.identity_channel()).remove_backups(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}

/// Restores an uploaded backup file (multipart `file`): all of it, or nothing.
pub async fn backup_import(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let lang = info.lang();
    let (file_name, content) =
        uploaded_file(multipart, FILE_FIELD, state.body_limit, &Msg::BackupFileMissing, lang).await?;
    let request = pb::RestoreBackupRequest { file_name, content: content.to_vec() };
    let channel = state.clients.identity_slow_channel();
    let restored = call(&info, backups(channel).restore_backup(info.ctx.request(request))).await?;
    ok_data_with_msg(lang, &restored)
}

/// Restores a stored backup.
pub async fn backup_restore(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(backup_id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SettingIdRequest { id: path_id(&backup_id, Msg::BackupNotFound, lang)? };
    let channel = state.clients.identity_slow_channel();
    let restored = call(&info, backups(channel).restore_stored_backup(info.ctx.request(request))).await?;
    ok_data_with_msg(lang, &restored)
}

/// What was restored, under the message that says how much.
fn ok_data_with_msg(lang: lumiscape_common::Lang, restored: &pb::RestoreBackupResponse) -> ApiResult {
    ok_with(lang, json!({ "msg": restored_msg(restored).text(lang), "data": restored_json(restored) }))
}
