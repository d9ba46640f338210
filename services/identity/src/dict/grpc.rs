//! Dictionary lookups over gRPC: thin methods, the labels in the request's language.

use lumiscape_common::access::{SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::dict_service_server::DictService;
use tonic::{Request, Response, Status};

use super::store;
use crate::Shared;

pub struct DictApi {
    shared: Shared,
}

impl DictApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl DictService for DictApi {
    async fn get_dict_data_by_type(
        &self,
        request: Request<pb::GetDictDataByTypeRequest>,
    ) -> Result<Response<pb::GetDictDataByTypeResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.data_by_type(&request.get_ref().dict_type, access.lang()).await.reply(access.lang())
    }
}

impl DictApi {
    async fn data_by_type(&self, dict_type: &str, lang: Lang) -> Result<pb::GetDictDataByTypeResponse, Error> {
        let dict_type = dict_type.trim();
        let well_formed = !dict_type.is_empty()
            && dict_type.len() <= 100
            && dict_type.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
        if !well_formed {
            return Err(Error::bad_request(Msg::BadRequest));
        }
        let rows = store::data_by_type(&self.shared.pool, dict_type).await?;
        let data = rows
            .into_iter()
            .map(|r| pb::DictData {
                dict_label: if lang == Lang::En { r.dict_label_en.clone() } else { r.dict_label.clone() },
                dict_label_zh: r.dict_label,
                dict_label_en: r.dict_label_en,
                dict_code: r.dict_code,
                dict_sort: r.dict_sort,
                dict_value: r.dict_value,
                dict_type: r.dict_type,
                css_class: r.css_class,
                list_class: r.list_class,
                is_default: r.is_default,
                status: r.status,
            })
            .collect();
        Ok(pb::GetDictDataByTypeResponse { data })
    }
}
