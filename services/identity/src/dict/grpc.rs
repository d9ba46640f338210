use lumiscape_common::StatusExt;
use lumiscape_common::grpc::authenticate;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang};
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
        let (_, ctx) = authenticate(&self.shared.auth, &request).await?;
        let dict_type = request.get_ref().dict_type.trim();
        let well_formed = !dict_type.is_empty()
            && dict_type.len() <= 100
            && dict_type.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
        if !well_formed {
            return Err(Error::bad_request(Msg::BadRequest).into_status(ctx.lang));
        }
        let rows = store::data_by_type(&self.shared.pool, dict_type).await.or_status(ctx.lang)?;
        let data = rows
            .into_iter()
            .map(|r| pb::DictData {
                dict_label: if ctx.lang == Lang::En { r.dict_label_en.clone() } else { r.dict_label.clone() },
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
        Ok(Response::new(pb::GetDictDataByTypeResponse { data }))
    }
}
