//! Files over gRPC: each method authorizes, calls its inner function and maps the error
//! once. The upload is a client stream (head, data chunks, end) judged by its first bytes
//! before anything is stored, and counted as it goes, so a file over its type's limit
//! stops mid-way and leaves nothing behind.

use std::sync::Arc;

use lumiscape_common::access::{Access, InProject, authorize, authorize_global};
use lumiscape_common::config::FilesConfig;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::project::file;
use lumiscape_common::service::Context;
use lumiscape_common::{Error, ErrorCode, StatusExt};
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::file_service_server::FileService;
use lumiscape_proto::project::v1::upload_chunk::Part;
use object_store::ObjectStore;
use tonic::{Request, Response, Status, Streaming};

use super::model::{self, Audit, FileEdit, HEAD_BYTES, RawFileEdit, UploadType};
use super::storage::{self, Writer};
use super::store::{self, FileRow, Filter, NewFile};

pub struct FileApi {
    shared: Context,
    /// `None`: no store configured, uploads refused.
    objects: Option<Arc<dyn ObjectStore>>,
    limits: FilesConfig,
}

impl FileApi {
    pub fn new(shared: Context, objects: Option<Arc<dyn ObjectStore>>, limits: FilesConfig) -> Self {
        Self { shared, objects, limits }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl FileService for FileApi {
    async fn upload_file(&self, request: Request<Streaming<pb::UploadChunk>>) -> Reply<pb::UploadedFile> {
        let access = authorize_global(&self.shared.auth, &request, &[file::ADD]).await?;
        let lang = access.lang();
        self.upload(&access, request.into_inner()).await.reply(lang)
    }

    async fn list_files(&self, request: Request<pb::ListFilesRequest>) -> Reply<pb::ListFilesResponse> {
        let access = authorize(&self.shared.auth, &request, &[file::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_file(&self, request: Request<pb::FileIdRequest>) -> Reply<pb::File> {
        let access = authorize(&self.shared.auth, &request, &[file::QUERY]).await?;
        self.get(&access, request.get_ref().file_id).await.reply(access.lang())
    }

    async fn edit_file(&self, request: Request<pb::FileInput>) -> Reply<pb::SaveFileResponse> {
        let access = authorize(&self.shared.auth, &request, &[file::EDIT]).await?;
        self.edit(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_file(&self, request: Request<pb::FileIdRequest>) -> Reply<pb::SaveFileResponse> {
        let access = authorize(&self.shared.auth, &request, &[file::REMOVE]).await?;
        self.remove(&access, request.get_ref().file_id).await.reply(access.lang())
    }

    async fn audit_file(&self, request: Request<pb::AuditFileRequest>) -> Reply<pb::SaveFileResponse> {
        let access = authorize(&self.shared.auth, &request, &[file::AUDIT]).await?;
        self.audit(&access, request.get_ref()).await.reply(access.lang())
    }
}

/// The next part of an upload stream; a stream that ends or breaks before `end` is a bad
/// request (nothing is stored).
async fn next_part(stream: &mut Streaming<pb::UploadChunk>) -> Result<Part, Error> {
    match stream.message().await {
        Ok(Some(pb::UploadChunk { part: Some(part) })) => Ok(part),
        Ok(_) => Err(Error::bad_request(Msg::BadRequest)),
        Err(status) => Err(Error::from_status(status)),
    }
}

impl FileApi {
    async fn upload(&self, access: &Access, mut stream: Streaming<pb::UploadChunk>) -> Result<pb::UploadedFile, Error> {
        let Part::Head(head) = next_part(&mut stream).await? else {
            return Err(Error::bad_request(Msg::BadRequest));
        };
        let kind = UploadType::parse(&head.upload_type)?;
        let objects = self.objects.as_ref().ok_or_else(|| Error::new(ErrorCode::Unavailable, Msg::FileStoreMissing))?;
        let max_bytes = kind.max_bytes(&self.limits);
        let too_large = || Error::new(ErrorCode::PayloadTooLarge, model::too_large(max_bytes));
        if model::declared_too_large(head.declared_size, max_bytes) {
            return Err(too_large());
        }
        // The first bytes, to judge the content before anything is stored.
        let mut first = Vec::new();
        let mut ended = false;
        while first.len() < HEAD_BYTES {
            match next_part(&mut stream).await? {
                Part::Data(data) => first.extend_from_slice(&data),
                Part::End(_) => {
                    ended = true;
                    break;
                }
                Part::Head(_) => return Err(Error::bad_request(Msg::BadRequest)),
            }
            if first.len() as u64 > max_bytes {
                return Err(too_large());
            }
        }
        if first.is_empty() {
            return Err(Error::bad_request(Msg::UploadFileMissing));
        }
        let format = model::detect(kind, &head.file_name, &first)?;
        let key = storage::new_key(chrono::Utc::now(), format.extension);
        let mut writer = Writer::begin(objects, &key).await.map_err(Error::unavailable)?;
        let mut size = first.len() as u64;
        let written = async {
            writer.write(&first).await.map_err(Error::unavailable)?;
            while !ended {
                match next_part(&mut stream).await? {
                    Part::Data(data) => {
                        size += data.len() as u64;
                        if size > max_bytes {
                            return Err(too_large());
                        }
                        writer.write(&data).await.map_err(Error::unavailable)?;
                    }
                    Part::End(_) => ended = true,
                    Part::Head(_) => return Err(Error::bad_request(Msg::BadRequest)),
                }
            }
            Ok(())
        }
        .await;
        if let Err(err) = written {
            writer.abort().await;
            return Err(err);
        }
        writer.finish().await.map_err(Error::unavailable)?;

        let path = storage::path_of(&key);
        let new_file_name = key.rsplit('/').next().unwrap_or_default().to_owned();
        let file_name = model::display_name(&head.file_name, &new_file_name);
        let original_name: String = head.file_name.chars().take(255).collect();
        let size_bytes = i64::try_from(size).unwrap_or(i64::MAX);
        let record = NewFile {
            project_id: access.ctx.project_id,
            file_name: &file_name,
            original_name: &original_name,
            path: &path,
            file_type: kind.code(),
            extension: format.extension,
            content_type: format.content_type,
            size_bytes,
        };
        let file_id = match store::insert(&self.shared.pool, &record, access.user_name()).await {
            Ok(id) => id,
            Err(err) => {
                // Not recorded: the object must not stay behind.
                if let Err(cleanup) = storage::delete(objects, &path).await {
                    tracing::warn!(error = %cleanup, path, "an unrecorded upload could not be deleted");
                }
                return Err(err.into());
            }
        };
        tracing::info!(file_id, path, size, project = ?access.ctx.project_id, "file uploaded");
        Ok(pb::UploadedFile {
            file_id,
            path,
            original_name,
            new_file_name,
            size: size_bytes,
            content_type: format.content_type.to_owned(),
        })
    }

    async fn list(&self, access: &InProject, req: &pb::ListFilesRequest) -> Result<pb::ListFilesResponse, Error> {
        let name = model::check_filter(&req.file_name)?;
        let file_type = UploadType::filter(&req.file_type)?.map(UploadType::code);
        let audit_status = model::audit_filter(&req.audit_status)?;
        let filter = Filter { name, file_type, audit_status };
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListFilesResponse { files: rows.iter().map(file_pb).collect(), total })
    }

    async fn get(&self, access: &InProject, file_id: i64) -> Result<pb::File, Error> {
        let file_id = model::check_file_id(file_id)?;
        let row = store::find(&self.shared.pool, access.project_id, file_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::FileNotFound))?;
        Ok(file_pb(&row))
    }

    async fn edit(&self, access: &InProject, input: &pb::FileInput) -> Result<pb::SaveFileResponse, Error> {
        let file_id = model::check_file_id(input.file_id)?;
        let edit = FileEdit::parse(&RawFileEdit { file_name: &input.file_name, remark: &input.remark })?;
        store::update(&self.shared.pool, access.project_id, file_id, &edit, access.user_name()).await?;
        Ok(pb::SaveFileResponse { file_id })
    }

    async fn audit(&self, access: &InProject, input: &pb::AuditFileRequest) -> Result<pb::SaveFileResponse, Error> {
        let file_id = model::check_file_id(input.file_id)?;
        let audit = Audit::parse(&input.audit_status, &input.reason)?;
        store::audit(&self.shared.pool, access.project_id, file_id, &audit, access.user_name()).await?;
        tracing::info!(file_id, status = audit.status, project = access.project_id, "file audited");
        Ok(pb::SaveFileResponse { file_id })
    }

    /// Deletes the record, then the object (a failure there is logged: the record is gone,
    /// the object is unreachable from the console).
    async fn remove(&self, access: &InProject, file_id: i64) -> Result<pb::SaveFileResponse, Error> {
        let file_id = model::check_file_id(file_id)?;
        let path = store::delete(&self.shared.pool, access.project_id, file_id).await?;
        if let Some(objects) = &self.objects
            && let Err(err) = storage::delete(objects, &path).await
        {
            tracing::warn!(error = %err, path, "a deleted file's object could not be removed");
        }
        tracing::info!(file_id, path, project = access.project_id, "file deleted");
        Ok(pb::SaveFileResponse { file_id })
    }
}

fn file_pb(row: &FileRow) -> pb::File {
    pb::File {
        file_id: row.file_id,
        project_id: row.project_id.unwrap_or_default(),
        file_name: row.file_name.clone(),
        original_name: row.original_name.clone(),
        path: row.path.clone(),
        file_type: row.file_type.clone(),
        extension: row.extension.clone(),
        content_type: row.content_type.clone(),
        size: row.size_bytes,
        audit_status: row.audit_status.clone(),
        audit_reason: row.audit_reason.clone(),
        audit_by: row.audit_by.clone(),
        audit_time_ms: row.audit_at.map_or(0, |at| at.timestamp_millis()),
        process_status: row.process_status.clone(),
        remark: row.remark.clone(),
        create_by: row.created_by.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
        update_by: row.updated_by.clone(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}
