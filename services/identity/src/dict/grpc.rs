//! Dictionaries over gRPC: the lookup by type (labels in the request's language, cached
//! until an edit clears them on every replica), and the administration of types and items.

use lumiscape_common::access::{SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::system::dict;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::events::v1::CacheCleared;
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::dict_service_server::DictService;
use tonic::{Request, Response, Status};

use super::model::{self, DictDataDraft, DictTypeDraft, RawDictData, RawDictType};
use super::store::{self, DataFilter, DictDataRow, DictTypeRow, TypeFilter};
use crate::Shared;
use crate::cache::{self, Cache};
use crate::dept::model::parse_status;
use crate::sysconfig::grpc::{check_ids, local_time};
use crate::sysconfig::store::clear;
use crate::user::workbook::write_sheet;

pub struct DictApi {
    shared: Shared,
}

impl DictApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl DictService for DictApi {
    async fn get_dict_data_by_type(
        &self,
        request: Request<pb::GetDictDataByTypeRequest>,
    ) -> Reply<pb::GetDictDataByTypeResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.data_by_type(&request.get_ref().dict_type, access.lang()).await.reply(access.lang())
    }

    async fn list_dict_types(&self, request: Request<pb::ListDictTypesRequest>) -> Reply<pb::ListDictTypesResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::LIST]).await?;
        self.list_types(request.get_ref()).await.reply(access.lang())
    }

    async fn get_dict_type(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::DictType> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::QUERY]).await?;
        self.get_type(request.get_ref().id).await.reply(access.lang())
    }

    async fn add_dict_type(&self, request: Request<pb::DictTypeInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::ADD]).await?;
        self.add_type(request.get_ref()).await.reply(access.lang())
    }

    async fn edit_dict_type(&self, request: Request<pb::DictTypeInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::EDIT]).await?;
        self.edit_type(request.get_ref()).await.reply(access.lang())
    }

    async fn remove_dict_types(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::REMOVE]).await?;
        self.remove_types(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn clear_dict_cache(&self, request: Request<pb::ClearCacheRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::REMOVE]).await?;
        self.clear().await.reply(access.lang())
    }

    async fn export_dict_types(&self, request: Request<pb::ListDictTypesRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::EXPORT]).await?;
        self.export_types(access.lang(), request.get_ref()).await.reply(access.lang())
    }

    async fn list_dict_data(&self, request: Request<pb::ListDictDataRequest>) -> Reply<pb::ListDictDataResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::LIST]).await?;
        self.list_data(request.get_ref()).await.reply(access.lang())
    }

    async fn get_dict_data(&self, request: Request<pb::SettingIdRequest>) -> Reply<pb::DictData> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::QUERY]).await?;
        self.get_data(request.get_ref().id).await.reply(access.lang())
    }

    async fn add_dict_data(&self, request: Request<pb::DictDataInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::ADD]).await?;
        self.add_data(request.get_ref()).await.reply(access.lang())
    }

    async fn edit_dict_data(&self, request: Request<pb::DictDataInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::EDIT]).await?;
        self.edit_data(request.get_ref()).await.reply(access.lang())
    }

    async fn remove_dict_data(&self, request: Request<pb::RemoveSettingsRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::REMOVE]).await?;
        self.remove_data(&request.get_ref().ids).await.reply(access.lang())
    }

    async fn export_dict_data(&self, request: Request<pb::ListDictDataRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dict::EXPORT]).await?;
        self.export_data(access.lang(), request.get_ref()).await.reply(access.lang())
    }
}

impl DictApi {
    async fn data_by_type(&self, dict_type: &str, lang: Lang) -> Result<pb::GetDictDataByTypeResponse, Error> {
        let dict_type = model::check_type(dict_type).map_err(|_| Error::bad_request(Msg::BadRequest))?;
        let rows = self.shared.cached_dict(&dict_type).await?;
        Ok(pb::GetDictDataByTypeResponse { data: rows.iter().map(|r| data_pb(r, lang)).collect() })
    }

    /// After a commit that recorded a clearing: this replica drops its entries at once, the
    /// others when the relay publishes the event.
    async fn cleared(&self, key: &str) -> Result<pb::SavedResponse, Error> {
        let event = CacheCleared { cache: "dict".into(), key: key.into(), ..Default::default() };
        cache::clear_local(&self.shared, &event).await;
        self.shared.outbox.wake();
        Ok(pb::SavedResponse {})
    }

    async fn list_types(&self, req: &pb::ListDictTypesRequest) -> Result<pb::ListDictTypesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_types(&self.shared.pool, &type_filter(req)?, Some(page)).await?;
        Ok(pb::ListDictTypesResponse { rows: rows.iter().map(type_pb).collect(), total })
    }

    async fn get_type(&self, dict_id: i64) -> Result<pb::DictType, Error> {
        let dict_id = check_id(dict_id)?;
        let row = store::find_type(&self.shared.pool, dict_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::DictTypeNotFound))?;
        Ok(type_pb(&row))
    }

    async fn add_type(&self, input: &pb::DictTypeInput) -> Result<pb::SavedResponse, Error> {
        let draft = DictTypeDraft::parse(&raw_type(input))?;
        store::insert_type(&self.shared.pool, &self.shared.streams, &draft).await?;
        self.cleared(&draft.dict_type).await
    }

    async fn edit_type(&self, input: &pb::DictTypeInput) -> Result<pb::SavedResponse, Error> {
        let dict_id = check_id(input.dict_id)?;
        let draft = DictTypeDraft::parse(&raw_type(input))?;
        if !store::update_type(&self.shared.pool, &self.shared.streams, dict_id, &draft).await? {
            return Err(Error::not_found(Msg::DictTypeNotFound));
        }
        self.cleared("").await
    }

    async fn remove_types(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids)?;
        if !store::delete_types(&self.shared.pool, &self.shared.streams, &ids).await? {
            return Err(Error::not_found(Msg::DictTypeNotFound));
        }
        self.cleared("").await
    }

    async fn clear(&self) -> Result<pb::SavedResponse, Error> {
        clear(&self.shared.pool, &self.shared.streams, Cache::Dict).await?;
        self.cleared("").await
    }

    async fn list_data(&self, req: &pb::ListDictDataRequest) -> Result<pb::ListDictDataResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_data(&self.shared.pool, &data_filter(req)?, Some(page)).await?;
        // The list gives the Chinese label in dictLabel and the English one beside it.
        Ok(pb::ListDictDataResponse { rows: rows.iter().map(|r| data_pb(r, Lang::Zh)).collect(), total })
    }

    async fn get_data(&self, dict_code: i64) -> Result<pb::DictData, Error> {
        let dict_code = check_id(dict_code)?;
        let row = store::find_data(&self.shared.pool, dict_code)
            .await?
            .ok_or_else(|| Error::not_found(Msg::DictDataNotFound))?;
        Ok(data_pb(&row, Lang::Zh))
    }

    async fn add_data(&self, input: &pb::DictDataInput) -> Result<pb::SavedResponse, Error> {
        let draft = DictDataDraft::parse(&raw_data(input))?;
        store::insert_data(&self.shared.pool, &self.shared.streams, &draft).await?;
        self.cleared(&draft.dict_type).await
    }

    async fn edit_data(&self, input: &pb::DictDataInput) -> Result<pb::SavedResponse, Error> {
        let dict_code = check_id(input.dict_code)?;
        let draft = DictDataDraft::parse(&raw_data(input))?;
        if !store::update_data(&self.shared.pool, &self.shared.streams, dict_code, &draft).await? {
            return Err(Error::not_found(Msg::DictDataNotFound));
        }
        self.cleared(&draft.dict_type).await
    }

    async fn remove_data(&self, ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = check_ids(ids)?;
        if !store::delete_data(&self.shared.pool, &self.shared.streams, &ids).await? {
            return Err(Error::not_found(Msg::DictDataNotFound));
        }
        self.cleared("").await
    }

    async fn export_types(&self, lang: Lang, req: &pb::ListDictTypesRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = store::list_types(&self.shared.pool, &type_filter(req)?, None).await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &["Dictionary id", "Name", "English name", "Type", "Status", "Built in", "Remark", "Created"]
                } else {
                    &["字典主键", "字典名称", "英文名称", "字典类型", "状态", "系统内置", "备注", "创建时间"]
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.dict_id.to_string(),
                            r.dict_name.clone(),
                            r.dict_name_en.clone(),
                            r.dict_type.clone(),
                            status_text(&r.status, en).to_owned(),
                            yes_no(r.builtin, en).to_owned(),
                            r.remark.clone(),
                            local_time(r.created_at),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Dictionaries" } else { "字典类型" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("dict_type_{}.xlsx", chrono::Utc::now().timestamp_millis()), content })
    }

    async fn export_data(&self, lang: Lang, req: &pb::ListDictDataRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = store::list_data(&self.shared.pool, &data_filter(req)?, None).await?;
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &["Code", "Sort", "Label", "English label", "Value", "Type", "Default", "Status", "Remark"]
                } else {
                    &[
                        "字典编码",
                        "字典排序",
                        "字典标签",
                        "英文标签",
                        "字典键值",
                        "字典类型",
                        "是否默认",
                        "状态",
                        "备注",
                    ]
                };
                let cells: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.dict_code.to_string(),
                            r.dict_sort.to_string(),
                            r.dict_label.clone(),
                            r.dict_label_en.clone(),
                            r.dict_value.clone(),
                            r.dict_type.clone(),
                            yes_no(r.is_default, en).to_owned(),
                            status_text(&r.status, en).to_owned(),
                            r.remark.clone(),
                        ]
                    })
                    .collect();
                write_sheet(if en { "Items" } else { "字典数据" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("dict_data_{}.xlsx", chrono::Utc::now().timestamp_millis()), content })
    }
}

fn yes_no(b: bool, en: bool) -> &'static str {
    match (b, en) {
        (true, true) => "Yes",
        (false, true) => "No",
        (true, false) => "是",
        (false, false) => "否",
    }
}

fn status_text(status: &str, en: bool) -> &'static str {
    match (status, en) {
        ("0", true) => "Normal",
        (_, true) => "Disabled",
        ("0", false) => "正常",
        (_, false) => "停用",
    }
}

fn check_id(id: i64) -> Result<i64, Msg> {
    if id > 0 { Ok(id) } else { Err(Msg::DictIdInvalid) }
}

fn optional_status(status: &str) -> Result<String, Error> {
    Ok(match status.trim() {
        "" => String::new(),
        other => parse_status(other)?.to_owned(),
    })
}

fn type_filter(req: &pb::ListDictTypesRequest) -> Result<TypeFilter, Error> {
    let time = |ms: i64| if ms > 0 { chrono::DateTime::from_timestamp_millis(ms) } else { None };
    Ok(TypeFilter {
        name: req.dict_name.trim().to_owned(),
        dict_type: req.dict_type.trim().to_owned(),
        status: optional_status(&req.status)?,
        created_from: time(req.begin_time_ms),
        created_before: time(req.end_time_ms),
    })
}

fn data_filter(req: &pb::ListDictDataRequest) -> Result<DataFilter, Error> {
    Ok(DataFilter {
        dict_type: req.dict_type.trim().to_owned(),
        label: req.dict_label.trim().to_owned(),
        status: optional_status(&req.status)?,
    })
}

fn raw_type(input: &pb::DictTypeInput) -> RawDictType<'_> {
    RawDictType {
        dict_name: &input.dict_name,
        dict_name_en: &input.dict_name_en,
        dict_type: &input.dict_type,
        status: &input.status,
        remark: &input.remark,
    }
}

fn raw_data(input: &pb::DictDataInput) -> RawDictData<'_> {
    RawDictData {
        dict_sort: input.dict_sort,
        dict_label: &input.dict_label,
        dict_label_en: &input.dict_label_en,
        dict_value: &input.dict_value,
        dict_type: &input.dict_type,
        css_class: &input.css_class,
        list_class: &input.list_class,
        is_default: &input.is_default,
        status: &input.status,
        remark: &input.remark,
    }
}

fn type_pb(r: &DictTypeRow) -> pb::DictType {
    pb::DictType {
        dict_id: r.dict_id,
        dict_name: r.dict_name.clone(),
        dict_name_en: r.dict_name_en.clone(),
        dict_type: r.dict_type.clone(),
        status: r.status.clone(),
        builtin: r.builtin,
        remark: r.remark.clone(),
        create_time_ms: r.created_at.timestamp_millis(),
    }
}

/// An item with `dict_label` in `lang` and both labels beside it.
fn data_pb(r: &DictDataRow, lang: Lang) -> pb::DictData {
    pb::DictData {
        dict_label: if lang == Lang::En { r.dict_label_en.clone() } else { r.dict_label.clone() },
        dict_label_zh: r.dict_label.clone(),
        dict_label_en: r.dict_label_en.clone(),
        dict_code: r.dict_code,
        dict_sort: r.dict_sort,
        dict_value: r.dict_value.clone(),
        dict_type: r.dict_type.clone(),
        css_class: r.css_class.clone(),
        list_class: r.list_class.clone(),
        is_default: r.is_default,
        status: r.status.clone(),
        builtin: r.builtin,
        remark: r.remark.clone(),
        create_time_ms: r.created_at.timestamp_millis(),
    }
}
