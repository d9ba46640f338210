//! Categories and types over gRPC: authorize, call the inner function, map the error once.

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::device::{category, device_type};
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::device_catalog_service_server::DeviceCatalogService;
use tonic::{Request, Response, Status};

use super::model::{CategoryDraft, RawCategory, RawType, TypeDraft};
use super::store::{self, CategoryRow, TypeRow};
use crate::Shared;
use crate::ids::{check_delete_ids, existing_id};

type Reply<T> = Result<Response<T>, Status>;

pub struct CatalogApi {
    shared: Shared,
}

impl CatalogApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl DeviceCatalogService for CatalogApi {
    async fn list_categories(&self, request: Request<pb::ListCategoriesRequest>) -> Reply<pb::ListCategoriesResponse> {
        let access = authorize(&self.shared.auth, &request, &[category::LIST]).await?;
        self.categories(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_category(&self, request: Request<pb::GetCategoryRequest>) -> Reply<pb::Category> {
        let access = authorize(&self.shared.auth, &request, &[category::QUERY]).await?;
        self.category(&access, request.get_ref().category_id).await.reply(access.lang())
    }

    async fn create_category(&self, request: Request<pb::CategoryInput>) -> Reply<pb::CreateCategoryResponse> {
        let access = authorize(&self.shared.auth, &request, &[category::ADD]).await?;
        self.create_category_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_category(&self, request: Request<pb::UpdateCategoryRequest>) -> Reply<pb::UpdateCategoryResponse> {
        let access = authorize(&self.shared.auth, &request, &[category::EDIT]).await?;
        self.update_category_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_categories(
        &self,
        request: Request<pb::DeleteCategoriesRequest>,
    ) -> Reply<pb::DeleteCategoriesResponse> {
        let access = authorize(&self.shared.auth, &request, &[category::REMOVE]).await?;
        self.delete_categories_inner(&access, &request.get_ref().category_ids).await.reply(access.lang())
    }

    async fn list_types(&self, request: Request<pb::ListTypesRequest>) -> Reply<pb::ListTypesResponse> {
        let access = authorize(&self.shared.auth, &request, &[device_type::LIST]).await?;
        self.types(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_type(&self, request: Request<pb::GetTypeRequest>) -> Reply<pb::DeviceType> {
        let access = authorize(&self.shared.auth, &request, &[device_type::QUERY]).await?;
        self.device_type(&access, request.get_ref().type_id).await.reply(access.lang())
    }

    async fn create_type(&self, request: Request<pb::TypeInput>) -> Reply<pb::CreateTypeResponse> {
        let access = authorize(&self.shared.auth, &request, &[device_type::ADD]).await?;
        self.create_type_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_type(&self, request: Request<pb::UpdateTypeRequest>) -> Reply<pb::UpdateTypeResponse> {
        let access = authorize(&self.shared.auth, &request, &[device_type::EDIT]).await?;
        self.update_type_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_types(&self, request: Request<pb::DeleteTypesRequest>) -> Reply<pb::DeleteTypesResponse> {
        let access = authorize(&self.shared.auth, &request, &[device_type::REMOVE]).await?;
        self.delete_types_inner(&access, &request.get_ref().type_ids).await.reply(access.lang())
    }
}

fn category_pb(row: CategoryRow) -> pb::Category {
    pb::Category {
        category_id: row.category_id,
        category_name: row.category_name,
        category_code: row.category_code,
        remark: row.remark,
        type_count: u32::try_from(row.type_count).unwrap_or(0),
        create_by: row.created_by,
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn type_pb(row: TypeRow) -> pb::DeviceType {
    pb::DeviceType {
        type_id: row.type_id,
        category_id: row.category_id,
        category_name: row.category_name,
        type_name: row.type_name,
        type_code: row.type_code,
        type_value: u32::try_from(row.type_value).unwrap_or(0),
        status_check_seconds: u32::try_from(row.status_check_seconds).unwrap_or(0),
        minimum_burn_minutes: u32::try_from(row.minimum_burn_minutes).unwrap_or(0),
        remark: row.remark,
        create_by: row.created_by,
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn raw_category(input: Option<&pb::CategoryInput>) -> RawCategory {
    input.map_or_else(RawCategory::default, |c| RawCategory {
        name: c.category_name.clone(),
        code: c.category_code.clone(),
        remark: c.remark.clone(),
    })
}

fn raw_type(input: Option<&pb::TypeInput>) -> RawType {
    input.map_or_else(RawType::default, |t| RawType {
        category_id: t.category_id,
        name: t.type_name.clone(),
        code: t.type_code.clone(),
        value: t.type_value,
        status_check_seconds: t.status_check_seconds,
        minimum_burn_minutes: t.minimum_burn_minutes,
        remark: t.remark.clone(),
    })
}

impl CatalogApi {
    async fn categories(
        &self,
        access: &InProject,
        req: &pb::ListCategoriesRequest,
    ) -> Result<pb::ListCategoriesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_categories(
            &self.shared.pool,
            access.project_id,
            req.category_name.trim(),
            req.category_code.trim(),
            page,
        )
        .await?;
        Ok(pb::ListCategoriesResponse { rows: rows.into_iter().map(category_pb).collect(), total })
    }

    async fn category(&self, access: &InProject, id: i64) -> Result<pb::Category, Error> {
        let id = existing_id(id, Msg::CategoryNotFound)?;
        let row = store::find_category(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::CategoryNotFound))?;
        Ok(category_pb(row))
    }

    async fn create_category_inner(
        &self,
        access: &InProject,
        input: &pb::CategoryInput,
    ) -> Result<pb::CreateCategoryResponse, Error> {
        let draft = CategoryDraft::parse(&raw_category(Some(input)))?;
        let category_id =
            store::insert_category(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        Ok(pb::CreateCategoryResponse { category_id })
    }

    async fn update_category_inner(
        &self,
        access: &InProject,
        req: &pb::UpdateCategoryRequest,
    ) -> Result<pb::UpdateCategoryResponse, Error> {
        let id = existing_id(req.category_id, Msg::CategoryNotFound)?;
        let draft = CategoryDraft::parse(&raw_category(req.category.as_ref()))?;
        if !store::update_category(&self.shared.pool, access.project_id, id, &draft).await? {
            return Err(Error::not_found(Msg::CategoryNotFound));
        }
        Ok(pb::UpdateCategoryResponse {})
    }

    async fn delete_categories_inner(
        &self,
        access: &InProject,
        ids: &[i64],
    ) -> Result<pb::DeleteCategoriesResponse, Error> {
        let ids = check_delete_ids(ids, Msg::CategoryNotFound)?;
        let deleted = store::delete_categories(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteCategoriesResponse { deleted })
    }

    async fn types(&self, access: &InProject, req: &pb::ListTypesRequest) -> Result<pb::ListTypesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let category_id = (req.category_id != 0).then_some(req.category_id);
        let (rows, total) =
            store::list_types(&self.shared.pool, access.project_id, req.type_name.trim(), category_id, page).await?;
        Ok(pb::ListTypesResponse { rows: rows.into_iter().map(type_pb).collect(), total })
    }

    async fn device_type(&self, access: &InProject, id: i64) -> Result<pb::DeviceType, Error> {
        let id = existing_id(id, Msg::TypeNotFound)?;
        let row = store::find_type(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::TypeNotFound))?;
        Ok(type_pb(row))
    }

    async fn create_type_inner(
        &self,
        access: &InProject,
        input: &pb::TypeInput,
    ) -> Result<pb::CreateTypeResponse, Error> {
        let draft = TypeDraft::parse(&raw_type(Some(input)))?;
        let type_id = store::insert_type(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        Ok(pb::CreateTypeResponse { type_id })
    }

    async fn update_type_inner(
        &self,
        access: &InProject,
        req: &pb::UpdateTypeRequest,
    ) -> Result<pb::UpdateTypeResponse, Error> {
        let id = existing_id(req.type_id, Msg::TypeNotFound)?;
        let draft = TypeDraft::parse(&raw_type(req.device_type.as_ref()))?;
        store::update_type(&self.shared.pool, access.project_id, id, &draft).await?;
        Ok(pb::UpdateTypeResponse {})
    }

    async fn delete_types_inner(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteTypesResponse, Error> {
        let ids = check_delete_ids(ids, Msg::TypeNotFound)?;
        let deleted = store::delete_types(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteTypesResponse { deleted })
    }
}
