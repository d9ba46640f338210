//! Config entries over gRPC: thin methods; public keys are readable without signing in.

use lumiscape_common::access::{SIGNED_IN, authorize_global};
use lumiscape_common::grpc::RequestContext;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::system::config;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::config_service_server::ConfigService;
use tonic::{Request, Response, Status};

use super::store;
use crate::Shared;

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
        let (rows, total) = store::list(&self.shared.pool, req.config_name.trim(), req.config_key.trim(), page).await?;
        let rows = rows
            .into_iter()
            .map(|r| pb::ConfigEntry {
                config_id: r.config_id,
                config_name: r.config_name,
                config_key: r.config_key,
                config_value: r.config_value,
                config_type: r.config_type,
                remark: r.remark,
            })
            .collect();
        Ok(pb::ListConfigsResponse { rows, total })
    }
}
