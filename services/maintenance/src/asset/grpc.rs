//! Assets over gRPC. Each method authorizes, calls its inner function and maps the error
//! once; rules live in the model, transactions in the store.

use std::collections::HashMap;

use chrono::{Local, NaiveDate, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::operation::asset;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::asset_service_server::AssetService;
use tonic::{Request, Response, Status};

use super::model::{self, AssetDraft, RawAsset, RawAttribute, RawOption, RawType, RecordType, TypeDraft};
use super::store::{self, AssetRow, AttributeRow, ItemRow, NewRecord, RecordRow, TypeRow};
use super::workbook;
use crate::Shared;
use crate::rules::{amount, keyword};

pub struct AssetApi {
    shared: Shared,
}

impl AssetApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

fn save_permission(id: i64) -> &'static str {
    if id == 0 { asset::ADD } else { asset::EDIT }
}

/// The button a record needs: receiving and returning, repairing, scrapping. An unknown
/// type is refused by the model after the edit permission is checked.
fn record_permission(record_type: &str) -> &'static str {
    match RecordType::parse(record_type.trim()) {
        Some(RecordType::Receive | RecordType::Return) => asset::RECEIVE,
        Some(RecordType::Repair) => asset::REPAIR,
        Some(RecordType::Scrap) => asset::SCRAP,
        None => asset::EDIT,
    }
}

#[tonic::async_trait]
impl AssetService for AssetApi {
    async fn list_asset_types(&self, request: Request<pb::ListAssetsRequest>) -> Reply<pb::ListAssetTypesResponse> {
        let access = authorize(&self.shared.auth, &request, &[asset::LIST]).await?;
        self.types(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_asset_type(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::AssetType> {
        let access = authorize(&self.shared.auth, &request, &[asset::QUERY]).await?;
        self.asset_type(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_asset_type(&self, request: Request<pb::AssetType>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[save_permission(request.get_ref().type_id)]).await?;
        self.save_type(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_asset_types(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[asset::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, true).await.reply(access.lang())
    }

    async fn list_assets(&self, request: Request<pb::ListAssetsRequest>) -> Reply<pb::ListAssetsResponse> {
        let access = authorize(&self.shared.auth, &request, &[asset::LIST]).await?;
        self.assets(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_asset(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::Asset> {
        let access = authorize(&self.shared.auth, &request, &[asset::QUERY]).await?;
        self.one_asset(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_asset(&self, request: Request<pb::Asset>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[save_permission(request.get_ref().asset_id)]).await?;
        self.save(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_assets(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[asset::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, false).await.reply(access.lang())
    }

    async fn list_asset_records(&self, request: Request<pb::ListAssetsRequest>) -> Reply<pb::ListAssetRecordsResponse> {
        let access = authorize(&self.shared.auth, &request, &[asset::LIST]).await?;
        self.records(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_asset_record(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::AssetRecord> {
        let access = authorize(&self.shared.auth, &request, &[asset::QUERY]).await?;
        self.record(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn add_asset_record(&self, request: Request<pb::AssetRecordInput>) -> Reply<pb::SavedRecord> {
        let access =
            authorize(&self.shared.auth, &request, &[record_permission(&request.get_ref().record_type)]).await?;
        self.add_record(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn cancel_scrap(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[asset::SCRAP]).await?;
        self.cancel(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn export_assets(&self, request: Request<pb::ListAssetsRequest>) -> Reply<pb::AssetWorkbook> {
        let access = authorize(&self.shared.auth, &request, &[asset::EXPORT]).await?;
        self.export(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn asset_import_template(
        &self,
        request: Request<pb::AssetImportTemplateRequest>,
    ) -> Reply<pb::AssetWorkbook> {
        let access = authorize(&self.shared.auth, &request, &[asset::IMPORT]).await?;
        template(access.lang()).reply(access.lang())
    }

    async fn import_assets(&self, request: Request<pb::ImportAssetsRequest>) -> Reply<pb::ImportAssetsResponse> {
        let access = authorize(&self.shared.auth, &request, &[asset::IMPORT]).await?;
        self.import(&access, request.get_ref()).await.reply(access.lang())
    }
}

/// The import template in `lang`.
fn template(lang: Lang) -> Result<pb::AssetWorkbook, Error> {
    let content = workbook::template(lang).map_err(Error::internal)?;
    Ok(pb::AssetWorkbook { file_name: file_name(lang, "template"), content })
}

/// The most rows an export holds.
const MAX_EXPORT_ROWS: i64 = 10_000;

fn file_name(lang: Lang, what: &str) -> String {
    let stamp = Utc::now().with_timezone(&Local).format("%Y%m%d%H%M%S");
    match (lang, what) {
        (Lang::En, "template") => "asset-import-template.xlsx".to_owned(),
        (_, "template") => "资产导入模板.xlsx".to_owned(),
        (Lang::En, _) => format!("assets-{stamp}.xlsx"),
        _ => format!("资产数据-{stamp}.xlsx"),
    }
}

fn valid_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::AssetIdInvalid)) }
}

fn edited(id: i64) -> Result<Option<i64>, Error> {
    match id {
        0 => Ok(None),
        id => valid_id(id).map(Some),
    }
}

fn today() -> NaiveDate {
    Utc::now().with_timezone(&Local).date_naive()
}

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

impl AssetApi {
    async fn types(
        &self,
        access: &InProject,
        req: &pb::ListAssetsRequest,
    ) -> Result<pb::ListAssetTypesResponse, Error> {
        let keyword = keyword(&req.keyword)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_types(&self.shared.pool, access.project_id, &keyword, page).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.type_id).collect();
        let mut attributes: HashMap<i64, Vec<AttributeRow>> = HashMap::new();
        for a in store::attributes(&self.shared.pool, &ids).await? {
            attributes.entry(a.type_id).or_default().push(a);
        }
        let rows = rows.into_iter().map(|r| type_pb(attributes.remove(&r.type_id).unwrap_or_default(), r)).collect();
        Ok(pb::ListAssetTypesResponse { rows, total })
    }

    async fn asset_type(&self, access: &InProject, id: i64) -> Result<pb::AssetType, Error> {
        let id = valid_id(id)?;
        let row = store::find_type(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AssetTypeNotFound))?;
        Ok(type_pb(store::attributes(&self.shared.pool, &[id]).await?, row))
    }

    async fn save_type(&self, access: &InProject, input: &pb::AssetType) -> Result<pb::SavedRecord, Error> {
        let id = edited(input.type_id)?;
        let raw = RawType {
            type_code: &input.type_code,
            name_zh: &input.name_zh,
            name_en: &input.name_en,
            remark: &input.remark,
            attributes: input
                .attributes
                .iter()
                .map(|a| RawAttribute {
                    attr_code: &a.attr_code,
                    name_zh: &a.name_zh,
                    name_en: &a.name_en,
                    value_type: &a.value_type,
                    default_value: &a.default_value,
                    multiple: a.multiple,
                    required: a.required,
                    verify: a.verify,
                    min: a.min,
                    max: a.max,
                    options: a
                        .options
                        .iter()
                        .map(|o| RawOption {
                            value: &o.value,
                            label_zh: &o.label_zh,
                            label_en: &o.label_en,
                            default: o.is_default,
                        })
                        .collect(),
                })
                .collect(),
        };
        let draft = TypeDraft::parse(&raw)?;
        let id = store::save_type(&self.shared.pool, access.project_id, id, &draft, access.user_name()).await?;
        tracing::info!(asset_type = id, user = access.user_name(), "asset type saved");
        Ok(pb::SavedRecord { id })
    }

    async fn assets(&self, access: &InProject, req: &pb::ListAssetsRequest) -> Result<pb::ListAssetsResponse, Error> {
        let keyword = keyword(&req.keyword)?;
        let status = req.status.trim();
        if !status.is_empty() && !model::STATUSES.contains(&status) {
            return Err(Error::bad_request(Msg::AssetStatusInvalid));
        }
        if req.type_id < 0 {
            return Err(Error::bad_request(Msg::AssetIdInvalid));
        }
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list_assets(&self.shared.pool, access.project_id, &keyword, req.type_id, status, page).await?;
        let today = today();
        Ok(pb::ListAssetsResponse { rows: rows.into_iter().map(|r| asset_pb(r, today)).collect(), total })
    }

    async fn one_asset(&self, access: &InProject, id: i64) -> Result<pb::Asset, Error> {
        let row = store::find_asset(&self.shared.pool, access.project_id, valid_id(id)?)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AssetNotFound))?;
        Ok(asset_pb(row, today()))
    }

    async fn save(&self, access: &InProject, input: &pb::Asset) -> Result<pb::SavedRecord, Error> {
        let id = edited(input.asset_id)?;
        if let Some(id) = id {
            store::find_asset(&self.shared.pool, access.project_id, id)
                .await?
                .ok_or_else(|| Error::not_found(Msg::AssetNotFound))?;
        }
        // The type is the project's, and its attributes say what the values must be.
        let attributes: Vec<model::Attribute> = if input.type_id > 0 {
            store::find_type(&self.shared.pool, access.project_id, input.type_id)
                .await?
                .ok_or_else(|| Error::not_found(Msg::AssetTypeNotFound))?;
            store::attributes(&self.shared.pool, &[input.type_id]).await?.iter().map(AttributeRow::attribute).collect()
        } else {
            Vec::new()
        };
        let raw = RawAsset {
            asset_code: &input.asset_code,
            asset_name: &input.asset_name,
            type_id: input.type_id,
            expire_date: &input.expire_date,
            model: &input.model,
            brand: &input.brand,
            address: &input.address,
            supplier: &input.supplier,
            initial_value: &input.initial_value,
            residual_rate: &input.residual_rate,
            start_date: &input.start_date,
            limit_months: input.limit_months,
            image: &input.image,
            attachment: &input.attachment,
            attributes: input.attributes.iter().map(|a| (a.attr_code.as_str(), a.value.as_str())).collect(),
        };
        let draft = AssetDraft::parse(&raw, &attributes)?;
        let id = store::save_asset(&self.shared.pool, access.project_id, id, &draft, access.user_name()).await?;
        tracing::info!(asset = id, user = access.user_name(), "asset saved");
        Ok(pb::SavedRecord { id })
    }

    async fn records(
        &self,
        access: &InProject,
        req: &pb::ListAssetsRequest,
    ) -> Result<pb::ListAssetRecordsResponse, Error> {
        let keyword = keyword(&req.keyword)?;
        let kind = req.status.trim();
        if !kind.is_empty() && RecordType::parse(kind).is_none() {
            return Err(Error::bad_request(Msg::AssetRecordTypeInvalid));
        }
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_records(&self.shared.pool, access.project_id, &keyword, kind, page).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.record_id).collect();
        let mut items: HashMap<i64, Vec<ItemRow>> = HashMap::new();
        for item in store::items(&self.shared.pool, &ids).await? {
            items.entry(item.record_id).or_default().push(item);
        }
        let rows = rows.into_iter().map(|r| record_pb(items.remove(&r.record_id).unwrap_or_default(), r)).collect();
        Ok(pb::ListAssetRecordsResponse { rows, total })
    }

    async fn record(&self, access: &InProject, id: i64) -> Result<pb::AssetRecord, Error> {
        let id = valid_id(id)?;
        let row = store::find_record(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AssetRecordNotFound))?;
        Ok(record_pb(store::items(&self.shared.pool, &[id]).await?, row))
    }

    async fn add_record(&self, access: &InProject, input: &pb::AssetRecordInput) -> Result<pb::SavedRecord, Error> {
        let kind = RecordType::parse(input.record_type.trim()).ok_or(Msg::AssetRecordTypeInvalid)?;
        let source_id = match kind {
            RecordType::Return if input.source_id > 0 => Some(input.source_id),
            RecordType::Return => return Err(Error::bad_request(Msg::AssetReturnRecordRequired)),
            _ => None,
        };
        if kind != RecordType::Return && input.asset_ids.is_empty() {
            return Err(Error::bad_request(Msg::AssetRecordAssetsRequired));
        }
        if input.asset_ids.len() > 500 || input.asset_ids.iter().any(|id| *id <= 0) {
            return Err(Error::bad_request(Msg::AssetIdInvalid));
        }
        let date = match input.record_date.trim() {
            "" => today(),
            text => NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| Msg::AssetDateInvalid)?,
        };
        let person = lumiscape_common::text::bounded(input.person.trim(), 64, "经办人", "Person")?;
        let remark = lumiscape_common::text::bounded(input.remark.trim(), 500, "备注", "Remark")?;
        let record = NewRecord { kind, asset_ids: &input.asset_ids, source_id, person: &person, date, remark: &remark };
        let id = store::add_record(&self.shared.pool, access.project_id, &record, access.user_name()).await?;
        tracing::info!(record = id, kind = kind.code(), user = access.user_name(), "asset record added");
        Ok(pb::SavedRecord { id })
    }

    async fn cancel(&self, access: &InProject, id: i64) -> Result<pb::SavedRecord, Error> {
        let id = valid_id(id)?;
        store::cancel_scrap(&self.shared.pool, access.project_id, id).await?;
        tracing::info!(record = id, user = access.user_name(), "scrap cancelled");
        Ok(pb::SavedRecord { id })
    }

    async fn export(&self, access: &InProject, req: &pb::ListAssetsRequest) -> Result<pb::AssetWorkbook, Error> {
        let keyword = keyword(&req.keyword)?;
        let status = req.status.trim();
        if !status.is_empty() && !model::STATUSES.contains(&status) {
            return Err(Error::bad_request(Msg::AssetStatusInvalid));
        }
        let page = Page { limit: MAX_EXPORT_ROWS, offset: 0 };
        let (rows, _) =
            store::list_assets(&self.shared.pool, access.project_id, &keyword, req.type_id.max(0), status, page)
                .await?;
        let lang = access.lang();
        let today = today();
        let types = store::types_by_code(&self.shared.pool, access.project_id).await?;
        let lines: Vec<Vec<String>> = rows
            .into_iter()
            .map(|r| {
                let type_code = types.iter().find(|t| t.1 == r.type_id).map(|t| t.0.clone()).unwrap_or_default();
                let net =
                    model::net_value(r.initial_value_cents, r.residual_rate_bp, r.start_date, r.limit_months, today);
                vec![
                    r.asset_code,
                    r.asset_name,
                    type_code,
                    r.expire_date.map(date).unwrap_or_default(),
                    r.model,
                    r.brand,
                    r.address,
                    r.supplier,
                    amount(r.initial_value_cents),
                    amount(i64::from(r.residual_rate_bp)),
                    date(r.start_date),
                    r.limit_months.to_string(),
                    model::status_label(&r.status, lang),
                    if lang == Lang::En { r.type_name_en } else { r.type_name_zh },
                    amount(net),
                ]
            })
            .collect();
        let content = workbook::export(lang, &lines).map_err(Error::internal)?;
        Ok(pb::AssetWorkbook { file_name: file_name(lang, "export"), content })
    }

    /// Every row checked as the form checks an asset, its type by code; none is added unless
    /// all pass.
    async fn import(
        &self,
        access: &InProject,
        req: &pb::ImportAssetsRequest,
    ) -> Result<pb::ImportAssetsResponse, Error> {
        let lang = access.lang();
        let rows = workbook::read_import(&req.file_name, &req.content)?;
        let types = store::types_by_code(&self.shared.pool, access.project_id).await?;
        let type_ids: Vec<i64> = types.iter().map(|t| t.1).collect();
        let mut attributes: HashMap<i64, Vec<model::Attribute>> = HashMap::new();
        for a in store::attributes(&self.shared.pool, &type_ids).await? {
            attributes.entry(a.type_id).or_default().push(a.attribute());
        }
        let codes: Vec<String> = rows.iter().map(|r| r.cell(0).trim().to_owned()).collect();
        let taken = store::codes_taken(&self.shared.pool, access.project_id, &codes).await?;
        let mut seen = std::collections::HashSet::new();
        let (mut drafts, mut failures) = (Vec::new(), Vec::new());
        for row in &rows {
            let code = row.cell(0).trim();
            let checked = (|| {
                let type_id =
                    types.iter().find(|t| t.0 == row.cell(2).trim()).map(|t| t.1).ok_or(Msg::AssetTypeRequired)?;
                let limit_months = match row.cell(11).trim().parse::<i64>() {
                    Ok(months) => months,
                    Err(_) => return Err(Msg::AssetLimitInvalid),
                };
                let raw = RawAsset {
                    asset_code: row.cell(0),
                    asset_name: row.cell(1),
                    type_id,
                    expire_date: row.cell(3),
                    model: row.cell(4),
                    brand: row.cell(5),
                    address: row.cell(6),
                    supplier: row.cell(7),
                    initial_value: row.cell(8),
                    residual_rate: row.cell(9),
                    start_date: row.cell(10),
                    limit_months,
                    ..Default::default()
                };
                let draft = AssetDraft::parse(&raw, attributes.get(&type_id).map_or(&[], Vec::as_slice))?;
                if taken.contains(&draft.code) || !seen.insert(draft.code.clone()) {
                    return Err(Msg::AssetCodeTaken { code: draft.code.clone() });
                }
                Ok(draft)
            })();
            match checked {
                Ok(draft) => drafts.push(draft),
                Err(msg) => failures.push(pb::AssetImportFailure {
                    row: row.row,
                    asset_code: code.to_owned(),
                    msg: msg.text(lang),
                }),
            }
        }
        if !failures.is_empty() {
            return Ok(pb::ImportAssetsResponse { created: 0, failures });
        }
        let created = store::insert_assets(&self.shared.pool, access.project_id, &drafts, access.user_name()).await?;
        tracing::info!(created, user = access.user_name(), "assets imported");
        Ok(pb::ImportAssetsResponse { created: i64::try_from(created).unwrap_or(i64::MAX), failures: Vec::new() })
    }

    async fn delete(&self, access: &InProject, ids: &[i64], types: bool) -> Result<pb::DeletedRecords, Error> {
        if ids.is_empty() || ids.len() > 500 {
            return Err(Error::bad_request(Msg::AssetIdInvalid));
        }
        for id in ids {
            valid_id(*id)?;
        }
        let deleted = if types {
            store::delete_types(&self.shared.pool, access.project_id, ids).await?
        } else {
            store::delete_assets(&self.shared.pool, access.project_id, ids).await?
        };
        tracing::info!(types, deleted, user = access.user_name(), "asset records deleted");
        Ok(pb::DeletedRecords { deleted: i64::try_from(deleted).unwrap_or(i64::MAX) })
    }
}

fn type_pb(attributes: Vec<AttributeRow>, r: TypeRow) -> pb::AssetType {
    pb::AssetType {
        type_id: r.type_id,
        type_code: r.type_code,
        name_zh: r.type_name_zh,
        name_en: r.type_name_en,
        remark: r.remark,
        attributes: attributes
            .into_iter()
            .map(|a| pb::AssetAttribute {
                options: (0..a.option_values.len())
                    .map(|i| pb::AssetOption {
                        is_default: a.value_type == model::OPTIONS && a.option_values[i] == a.default_value,
                        value: a.option_values[i].clone(),
                        label_zh: a.option_zh.get(i).cloned().unwrap_or_default(),
                        label_en: a.option_en.get(i).cloned().unwrap_or_default(),
                    })
                    .collect(),
                attr_code: a.attr_code,
                name_zh: a.name_zh,
                name_en: a.name_en,
                value_type: a.value_type,
                default_value: a.default_value,
                multiple: a.multiple,
                required: a.required,
                verify: a.verify,
                min: a.min_value,
                max: a.max_value,
            })
            .collect(),
        asset_count: r.asset_count,
        create_time_ms: r.created_at.timestamp_millis(),
    }
}

fn asset_pb(r: AssetRow, today: NaiveDate) -> pb::Asset {
    let net = model::net_value(r.initial_value_cents, r.residual_rate_bp, r.start_date, r.limit_months, today);
    pb::Asset {
        asset_id: r.asset_id,
        asset_code: r.asset_code,
        asset_name: r.asset_name,
        type_id: r.type_id,
        type_name_zh: r.type_name_zh,
        type_name_en: r.type_name_en,
        status: r.status,
        expire_date: r.expire_date.map(date).unwrap_or_default(),
        model: r.model,
        brand: r.brand,
        address: r.address,
        supplier: r.supplier,
        initial_value: amount(r.initial_value_cents),
        residual_rate: amount(i64::from(r.residual_rate_bp)),
        start_date: date(r.start_date),
        limit_months: i64::from(r.limit_months),
        image: r.image,
        attachment: r.attachment,
        attributes: r
            .attr_codes
            .into_iter()
            .zip(r.attr_values)
            .map(|(attr_code, value)| pb::AssetValue { attr_code, value })
            .collect(),
        net_value: amount(net),
        create_time_ms: r.created_at.timestamp_millis(),
    }
}

fn record_pb(items: Vec<ItemRow>, r: RecordRow) -> pb::AssetRecord {
    pb::AssetRecord {
        record_id: r.record_id,
        record_type: r.record_type,
        person: r.person,
        record_date: date(r.record_date),
        remark: r.remark,
        status: r.status,
        source_id: r.source_id.unwrap_or(0),
        items: items
            .into_iter()
            .map(|i| pb::AssetRecordItem {
                asset_id: i.asset_id,
                asset_code: i.asset_code,
                asset_name: i.asset_name,
                prev_status: i.prev_status,
            })
            .collect(),
        created_by: r.created_by,
        create_time_ms: r.created_at.timestamp_millis(),
    }
}
