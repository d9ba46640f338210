//! Backup over gRPC: the screen's permissions govern listing, making, downloading, deleting
//! and restoring (its own `restore` button).

use lumiscape_common::access::{Access, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::system::backup;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::events::v1::CacheCleared;
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::backup_service_server::BackupService;
use tonic::{Request, Response, Status};

use super::model;
use super::store::{self, BackupRow};
use crate::Shared;
use crate::cache;
use crate::sysconfig::grpc::check_ids;
use crate::user::sessions;

/// The largest backup the service takes or gives over gRPC (the edge's body limit is
/// usually the smaller bound on an upload).
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

pub struct BackupApi {
    shared: Shared,
}

impl BackupApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl BackupService for BackupApi {
    async fn list_backups(&self, request: Request<pb::ListBackupsRequest>) -> Reply<pb::ListBackupsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[backup::LIST]).await?;
        self.list(request.get_ref()).await.reply(access.lang())
    }

    async fn create_backup(&self, request: Request<pb::ClearCacheRequest>) -> Reply<pb::Backup> {
        let access = authorize_global(&self.shared.auth, &request, &[backup::ADD]).await?;
        self.create(&access).await.reply(access.lang())
    }

    async fn download_backup(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[backup::EXPORT]).await?;
        self.download(request.get_ref().id).await.reply(access.lang())
    }

    async fn remove_backups(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[backup::REMOVE]).await?;
        self.remove(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn restore_backup(&self, request: Request<pb::RestoreBackupRequest>) -> Reply<pb::RestoreBackupResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[backup::RESTORE]).await?;
        self.restore_upload(request.get_ref()).await.reply(access.lang())
    }

    async fn restore_stored_backup(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::RestoreBackupResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[backup::RESTORE]).await?;
        self.restore_stored(request.get_ref().id).await.reply(access.lang())
    }
}

/// Makes a backup of the system data now and stores it: by hand (`kind` '0') or by the
/// backup job ('1').
pub async fn make(shared: &Shared, kind: &str, created_by: &str) -> Result<pb::Backup, Error> {
    let (file_name, content, rows) = store::export(&shared.pool, &shared.backup_key, created_by).await?;
    let backup_id = store::save(&shared.pool, &file_name, kind, &content, rows, created_by).await?;
    Ok(pb::Backup {
        backup_id,
        file_name,
        kind: kind.to_owned(),
        file_size: i64::try_from(content.len()).unwrap_or(i64::MAX),
        total_rows: rows,
        created_by: created_by.to_owned(),
        create_time_ms: chrono::Utc::now().timestamp_millis(),
    })
}

impl BackupApi {
    async fn list(&self, req: &pb::ListBackupsRequest) -> Result<pb::ListBackupsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let kind = match req.kind.trim() {
            kind @ ("" | "0" | "1") => kind,
            _ => return Err(Error::bad_request(Msg::BadRequest)),
        };
        let (rows, total) = store::list(&self.shared.pool, kind, page.limit, page.offset).await?;
        Ok(pb::ListBackupsResponse { rows: rows.iter().map(backup_pb).collect(), total })
    }

    async fn create(&self, access: &Access) -> Result<pb::Backup, Error> {
        make(&self.shared, "0", access.user_name()).await
    }

    async fn download(&self, backup_id: i64) -> Result<pb::FileResponse, Error> {
        if backup_id <= 0 {
            return Err(Error::bad_request(Msg::BackupNotFound));
        }
        let (file_name, content) =
            store::content(&self.shared.pool, backup_id).await?.ok_or_else(|| Error::not_found(Msg::BackupNotFound))?;
        Ok(pb::FileResponse { file_name, content })
    }

    async fn remove(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids).map_err(|_| Error::bad_request(Msg::BackupNotFound))?;
        if !store::delete(&self.shared.pool, &ids).await? {
            return Err(Error::not_found(Msg::BackupNotFound));
        }
        Ok(pb::SavedResponse {})
    }

    /// An uploaded file: a `.sql` one only (spec section 5), then as any backup (an empty
    /// file is refused there).
    async fn restore_upload(&self, req: &pb::RestoreBackupRequest) -> Result<pb::RestoreBackupResponse, Error> {
        if !model::is_sql_file(&req.file_name) {
            return Err(Error::bad_request(Msg::BackupFileType));
        }
        self.restore(&req.content).await
    }

    async fn restore_stored(&self, backup_id: i64) -> Result<pb::RestoreBackupResponse, Error> {
        let pb::FileResponse { content, .. } = self.download(backup_id).await?;
        self.restore(&content).await
    }

    /// Checks the file (signature, version, tables and columns) before touching anything,
    /// restores it in one transaction, then brings every session and cache in line.
    async fn restore(&self, file: &[u8]) -> Result<pb::RestoreBackupResponse, Error> {
        if file.is_empty() {
            return Err(Error::bad_request(Msg::BackupFileMissing));
        }
        let s = &self.shared;
        let checked = model::check(&s.backup_key, file, store::data_version()).map_err(Error::bad_request)?;
        let restored = store::restore(&s.pool, &s.streams, &checked).await?;
        s.outbox.wake();
        s.forget_all_users();
        for which in ["config", "dict", "menu"] {
            let event = CacheCleared { cache: which.into(), key: String::new(), ..Default::default() };
            cache::clear_local(s, &event).await;
        }
        // The users still there keep their sessions with what the backup grants them; the
        // sessions of users the backup does not hold (or holds disabled) end everywhere.
        sessions::end(s, &restored.ended).await?;
        for user_id in restored.kept_users {
            sessions::refresh(s, user_id).await?;
        }
        Ok(pb::RestoreBackupResponse {
            tables: checked
                .manifest
                .tables
                .iter()
                .map(|t| pb::RestoredTable { table: t.table.clone(), rows: t.rows })
                .collect(),
            total_rows: checked.total_rows(),
            created_at: checked.manifest.created_at.clone(),
            created_by: checked.manifest.created_by.clone(),
        })
    }
}

fn backup_pb(r: &BackupRow) -> pb::Backup {
    pb::Backup {
        backup_id: r.backup_id,
        file_name: r.file_name.clone(),
        kind: r.kind.clone(),
        file_size: r.file_size,
        total_rows: r.total_rows,
        created_by: r.created_by.clone(),
        create_time_ms: r.created_at.timestamp_millis(),
    }
}
