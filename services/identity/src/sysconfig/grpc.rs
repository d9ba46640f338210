//! Config entries over gRPC: thin methods; public keys are readable without signing in.
//! Every write clears the read caches of every replica (`crate::cache`).

use lumiscape_common::access::{SIGNED_IN, authorize_global};
use lumiscape_common::grpc::RequestContext;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::system::config;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::config_service_server::ConfigService;
use tonic::{Request, Response, Status};

use lumiscape_proto::events::v1::CacheCleared;

use super::model::{ConfigDraft, RawConfig};
use super::store::{self, ConfigFilter, ConfigRow};
use crate::Shared;
use crate::cache::{self, Cache};
use crate::user::workbook::write_sheet;

/// Longest config key accepted.
const MAX_KEY_LEN: usize = 100;

pub struct ConfigApi {
    shared: Shared,
}

impl ConfigApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl ConfigService for ConfigApi {
    async fn get_config_by_key(
        &self,
        request: Request<pb::GetConfigByKeyRequest>,
    ) -> Result<Response<pb::GetConfigByKeyResponse>, Status> {
        let ctx = RequestContext::from_metadata(request.metadata()).map_err(|e| e.into_status(Lang::Zh))?;
        // Anyone may read public keys; a private value (a map secret) only a caller who may
        // read the parameters screen. A caller who sends a token must hold a live session.
        let may_read_private = match ctx.token {
            Some(_) => {
                let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
                access.caller.has_any(&[config::QUERY, config::LIST])
            }
            None => false,
        };
        self.value_of(&request.get_ref().key, may_read_private).await.reply(ctx.lang)
    }

    async fn list_configs(
        &self,
        request: Request<pb::ListConfigsRequest>,
    ) -> Result<Response<pb::ListConfigsResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::LIST]).await?;
        self.list(request.get_ref()).await.reply(access.lang())
    }

    async fn get_config(&self, request: Request<pb::SettingIdRequest>) -> Result<Response<pb::ConfigEntry>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::QUERY]).await?;
        self.get(request.get_ref().id).await.reply(access.lang())
    }

    async fn add_config(&self, request: Request<pb::ConfigInput>) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::ADD]).await?;
        self.add(request.get_ref()).await.reply(access.lang())
    }

    async fn edit_config(&self, request: Request<pb::ConfigInput>) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::EDIT]).await?;
        self.edit(request.get_ref()).await.reply(access.lang())
    }

    async fn remove_configs(
        &self,
        request: Request<pb::RemoveSettingsRequest>,
    ) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::REMOVE]).await?;
        self.remove(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn clear_config_cache(
        &self,
        request: Request<pb::ClearCacheRequest>,
    ) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::REMOVE]).await?;
        self.clear().await.reply(access.lang())
    }

    async fn export_configs(
        &self,
        request: Request<pb::ListConfigsRequest>,
    ) -> Result<Response<pb::FileResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[config::EXPORT]).await?;
        self.export(access.lang(), request.get_ref()).await.reply(access.lang())
    }
}

impl ConfigApi {
    async fn value_of(&self, key: &str, may_read_private: bool) -> Result<pb::GetConfigByKeyResponse, Error> {
        let key = key.trim();
        if key.is_empty() || key.len() > MAX_KEY_LEN {
            return Err(Error::bad_request(Msg::BadRequest));
        }
        Ok(match self.shared.cached_config(key).await? {
            Some(entry) if may_read_private || entry.is_public => {
                pb::GetConfigByKeyResponse { value: entry.config_value, found: true }
            }
            // Others learn nothing of private keys, not even that they exist.
            _ => pb::GetConfigByKeyResponse { value: String::new(), found: false },
        })
    }

    async fn list(&self, req: &pb::ListConfigsRequest) -> Result<pb::ListConfigsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, &filter_of(req)?, Some(page)).await?;
        Ok(pb::ListConfigsResponse { rows: rows.into_iter().map(entry_pb).collect(), total })
    }

    async fn get(&self, config_id: i64) -> Result<pb::ConfigEntry, Error> {
        let config_id = check_id(config_id)?;
        let row =
            store::find(&self.shared.pool, config_id).await?.ok_or_else(|| Error::not_found(Msg::ConfigNotFound))?;
        Ok(entry_pb(row))
    }

    async fn add(&self, input: &pb::ConfigInput) -> Result<pb::SavedResponse, Error> {
        let draft = ConfigDraft::parse(&raw_config(input))?;
        store::insert(&self.shared.pool, &self.shared.streams, &draft).await?;
        self.cleared(&draft.config_key).await
    }

    async fn edit(&self, input: &pb::ConfigInput) -> Result<pb::SavedResponse, Error> {
        let config_id = check_id(input.config_id)?;
        let draft = ConfigDraft::parse(&raw_config(input))?;
        if !store::update(&self.shared.pool, &self.shared.streams, config_id, &draft).await? {
            return Err(Error::not_found(Msg::ConfigNotFound));
        }
        self.cleared("").await
    }

    async fn remove(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids)?;
        if !store::delete(&self.shared.pool, &self.shared.streams, &ids).await? {
            return Err(Error::not_found(Msg::ConfigNotFound));
        }
        self.cleared("").await
    }

    async fn clear(&self) -> Result<pb::SavedResponse, Error> {
        store::clear(&self.shared.pool, &self.shared.streams, Cache::Config).await?;
        self.cleared("").await
    }

    /// After a commit that recorded a clearing: this replica drops its entries at once, the
    /// others when the relay publishes the event.
    async fn cleared(&self, key: &str) -> Result<pb::SavedResponse, Error> {
        let event = CacheCleared { cache: "config".into(), key: key.into(), ..Default::default() };
        cache::clear_local(&self.shared, &event).await;
        self.shared.outbox.wake();
        Ok(pb::SavedResponse {})
    }

    async fn export(&self, lang: Lang, req: &pb::ListConfigsRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = store::list(&self.shared.pool, &filter_of(req)?, None).await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &["Parameter id", "Name", "Key", "Value", "Built in", "Public", "Remark", "Created"]
                } else {
                    &["参数主键", "参数名称", "参数键名", "参数键值", "系统内置", "公开", "备注", "创建时间"]
                };
                let yes_no = |b: bool| {
                    if en {
                        if b { "Yes" } else { "No" }
                    } else if b {
                        "是"
                    } else {
                        "否"
                    }
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.config_id.to_string(),
                            r.config_name.clone(),
                            r.config_key.clone(),
                            r.config_value.clone(),
                            yes_no(r.config_type == "Y").to_owned(),
                            yes_no(r.is_public).to_owned(),
                            r.remark.clone(),
                            local_time(r.created_at),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Parameters" } else { "参数数据" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("config_{}.xlsx", chrono::Utc::now().timestamp_millis()), content })
    }
}

/// A time as the console shows it, in the server's zone.
pub(crate) fn local_time(t: chrono::DateTime<chrono::Utc>) -> String {
    t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string()
}

fn check_id(id: i64) -> Result<i64, Msg> {
    if id > 0 { Ok(id) } else { Err(Msg::ConfigIdInvalid) }
}

/// The ids of a delete: at least one, each positive, at most 500; sorted once.
pub(crate) fn check_ids(ids: &[i64]) -> Result<Vec<i64>, Msg> {
    if ids.len() > 500 {
        return Err(Msg::TooManyIds { max: 500 });
    }
    if ids.is_empty() || ids.iter().any(|&id| id <= 0) {
        return Err(Msg::BadRequest);
    }
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

fn filter_of(req: &pb::ListConfigsRequest) -> Result<ConfigFilter, Error> {
    let config_type = match req.config_type.trim() {
        "" => "",
        "Y" => "Y",
        "N" => "N",
        _ => return Err(Error::bad_request(Msg::ConfigTypeInvalid)),
    };
    let time = |ms: i64| if ms > 0 { chrono::DateTime::from_timestamp_millis(ms) } else { None };
    Ok(ConfigFilter {
        name: req.config_name.trim().to_owned(),
        key: req.config_key.trim().to_owned(),
        config_type: config_type.to_owned(),
        created_from: time(req.begin_time_ms),
        created_before: time(req.end_time_ms),
    })
}

fn raw_config(input: &pb::ConfigInput) -> RawConfig<'_> {
    RawConfig {
        config_name: &input.config_name,
        config_key: &input.config_key,
        config_value: &input.config_value,
        config_type: &input.config_type,
        is_public: &input.is_public,
        remark: &input.remark,
    }
}

fn entry_pb(r: ConfigRow) -> pb::ConfigEntry {
    pb::ConfigEntry {
        config_id: r.config_id,
        config_name: r.config_name,
        config_key: r.config_key,
        config_value: r.config_value,
        config_type: r.config_type,
        remark: r.remark,
        is_public: r.is_public,
        create_time_ms: r.created_at.timestamp_millis(),
    }
}
