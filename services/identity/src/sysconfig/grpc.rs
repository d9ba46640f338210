use lumiscape_common::StatusExt;
use lumiscape_common::grpc::{RequestContext, authenticate};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::config_service_server::ConfigService;
use tonic::{Request, Response, Status};

use super::store;
use crate::Shared;

/// Page size bounds for lists.
const MAX_PAGE_SIZE: i32 = 500;
const DEFAULT_PAGE_SIZE: i32 = 20;

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
        let signed_in = match ctx.token {
            Some(_) => {
                authenticate(&self.shared.auth, &request).await?;
                true
            }
            None => false,
        };
        let key = request.get_ref().key.trim();
        if key.is_empty() || key.len() > 100 {
            return Err(Error::bad_request(Msg::BadRequest).into_status(ctx.lang));
        }
        let entry = self.shared.cached_config(key).await.or_status(ctx.lang)?;
        let response = match entry {
            Some(entry) if signed_in || entry.is_public => {
                pb::GetConfigByKeyResponse { value: entry.config_value, found: true }
            }
            // Anonymous callers learn nothing of private keys, not even that they exist.
            _ => pb::GetConfigByKeyResponse { value: String::new(), found: false },
        };
        Ok(Response::new(response))
    }

    async fn list_configs(
        &self,
        request: Request<pb::ListConfigsRequest>,
    ) -> Result<Response<pb::ListConfigsResponse>, Status> {
        let (caller, ctx) = authenticate(&self.shared.auth, &request).await?;
        if !caller.has_any(&["pc:system:config:list"]) {
            return Err(Error::forbidden(Msg::NoPermission).into_status(ctx.lang));
        }
        let req = request.into_inner();
        let page_size = if req.page_size <= 0 { DEFAULT_PAGE_SIZE } else { req.page_size.min(MAX_PAGE_SIZE) };
        let page_num = req.page_num.max(1);
        let offset = i64::from(page_num - 1) * i64::from(page_size);
        let (rows, total) =
            store::list(&self.shared.pool, req.config_name.trim(), req.config_key.trim(), page_size.into(), offset)
                .await
                .or_status(ctx.lang)?;
        Ok(Response::new(pb::ListConfigsResponse {
            rows: rows
                .into_iter()
                .map(|r| pb::ConfigEntry {
                    config_id: r.config_id,
                    config_name: r.config_name,
                    config_key: r.config_key,
                    config_value: r.config_value,
                    config_type: r.config_type,
                    remark: r.remark,
                })
                .collect(),
            total,
        }))
    }
}
