//! Maintenance contracts over gRPC. Each method authorizes, calls its inner function and
//! maps the error once; rules live in the model, transactions in the store.

use chrono::{DateTime, Local, NaiveDate, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::operation::maintenance;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::contract_service_server::ContractService;
use tonic::{Request, Response, Status};

use super::model::{
    self, CompanyDraft, ContractDraft, ContractState, PLAN_STATUSES, PlanDraft, RawCompany, RawContract, RawPlan,
};
use super::store::{self, CompanyRow, ContractFilter, ContractRow, PlanRow};
use crate::Shared;
use crate::rules::keyword;

pub struct ContractApi {
    shared: Shared,
}

impl ContractApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

/// The permission a save needs: 0 adds, any other id edits.
fn save_permission(id: i64) -> &'static str {
    if id == 0 { maintenance::ADD } else { maintenance::EDIT }
}

#[tonic::async_trait]
impl ContractService for ContractApi {
    async fn list_companies(&self, request: Request<pb::ListContractsRequest>) -> Reply<pb::ListCompaniesResponse> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::LIST]).await?;
        self.companies(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_company(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::Company> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::QUERY]).await?;
        self.company(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_company(&self, request: Request<pb::CompanyInput>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[save_permission(request.get_ref().company_id)]).await?;
        self.save_company_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_companies(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Company).await.reply(access.lang())
    }

    async fn list_contracts(&self, request: Request<pb::ListContractsRequest>) -> Reply<pb::ListContractsResponse> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::LIST]).await?;
        self.contracts(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_contract(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::Contract> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::QUERY]).await?;
        self.contract(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_contract(&self, request: Request<pb::ContractInput>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[save_permission(request.get_ref().contract_id)]).await?;
        self.save_contract_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_contracts(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Contract).await.reply(access.lang())
    }

    async fn list_maintenance_plans(
        &self,
        request: Request<pb::ListContractsRequest>,
    ) -> Reply<pb::ListMaintenancePlansResponse> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::LIST]).await?;
        self.plans(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn count_maintenance_plans(
        &self,
        request: Request<pb::CountMaintenancePlansRequest>,
    ) -> Reply<pb::MaintenancePlanCounts> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::LIST]).await?;
        self.counts(&access).await.reply(access.lang())
    }

    async fn get_maintenance_plan(&self, request: Request<pb::RecordIdRequest>) -> Reply<pb::MaintenancePlan> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::QUERY]).await?;
        self.plan(&access, request.get_ref().id).await.reply(access.lang())
    }

    async fn save_maintenance_plan(&self, request: Request<pb::MaintenancePlanInput>) -> Reply<pb::SavedRecord> {
        let access = authorize(&self.shared.auth, &request, &[save_permission(request.get_ref().plan_id)]).await?;
        self.save_plan_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_maintenance_plans(&self, request: Request<pb::RecordIdsRequest>) -> Reply<pb::DeletedRecords> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::REMOVE]).await?;
        self.delete(&access, &request.get_ref().ids, Kind::Plan).await.reply(access.lang())
    }

    async fn finish_maintenance_plan(
        &self,
        request: Request<pb::FinishMaintenancePlanRequest>,
    ) -> Reply<pb::FinishMaintenancePlanResponse> {
        let access = authorize(&self.shared.auth, &request, &[maintenance::FINISH]).await?;
        self.finish(&access, request.get_ref()).await.reply(access.lang())
    }
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Company,
    Contract,
    Plan,
}

fn valid_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::MaintenanceIdInvalid)) }
}

/// An edit's id: 0 adds, a positive id edits, anything else is refused.
fn edited(id: i64) -> Result<Option<i64>, Error> {
    match id {
        0 => Ok(None),
        id => valid_id(id).map(Some),
    }
}

fn today() -> NaiveDate {
    Utc::now().with_timezone(&Local).date_naive()
}

impl ContractApi {
    async fn companies(
        &self,
        access: &InProject,
        req: &pb::ListContractsRequest,
    ) -> Result<pb::ListCompaniesResponse, Error> {
        let keyword = keyword(&req.keyword)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_companies(&self.shared.pool, access.project_id, &keyword, page).await?;
        Ok(pb::ListCompaniesResponse { rows: rows.into_iter().map(company_pb).collect(), total })
    }

    async fn company(&self, access: &InProject, id: i64) -> Result<pb::Company, Error> {
        let row = store::find_company(&self.shared.pool, access.project_id, valid_id(id)?)
            .await?
            .ok_or_else(|| Error::not_found(Msg::MaintenanceCompanyNotFound))?;
        Ok(company_pb(row))
    }

    async fn save_company_inner(&self, access: &InProject, input: &pb::CompanyInput) -> Result<pb::SavedRecord, Error> {
        let id = edited(input.company_id)?;
        let draft = CompanyDraft::parse(&RawCompany {
            company_name: &input.company_name,
            contact_name: &input.contact_name,
            phone: &input.phone,
            address: &input.address,
            remark: &input.remark,
        })?;
        let id = store::save_company(&self.shared.pool, access.project_id, id, &draft, access.user_name()).await?;
        tracing::info!(company = id, user = access.user_name(), "maintenance company saved");
        Ok(pb::SavedRecord { id })
    }

    async fn contracts(
        &self,
        access: &InProject,
        req: &pb::ListContractsRequest,
    ) -> Result<pb::ListContractsResponse, Error> {
        let keyword = keyword(&req.keyword)?;
        if req.parent_id < 0 {
            return Err(Error::bad_request(Msg::MaintenanceIdInvalid));
        }
        let today = today();
        let state = match req.status.trim() {
            "" => None,
            code => Some(ContractState::parse(code).ok_or(Msg::MaintenanceContractStateInvalid)?.filter(today)),
        };
        let filter = ContractFilter { keyword, company_id: req.parent_id, state, today };
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list_contracts(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListContractsResponse { rows: rows.into_iter().map(|r| contract_pb(r, today)).collect(), total })
    }

    async fn contract(&self, access: &InProject, id: i64) -> Result<pb::Contract, Error> {
        let row = store::find_contract(&self.shared.pool, access.project_id, valid_id(id)?)
            .await?
            .ok_or_else(|| Error::not_found(Msg::MaintenanceContractNotFound))?;
        Ok(contract_pb(row, today()))
    }

    async fn save_contract_inner(
        &self,
        access: &InProject,
        input: &pb::ContractInput,
    ) -> Result<pb::SavedRecord, Error> {
        let id = edited(input.contract_id)?;
        let kept = match id {
            Some(id) => Some(
                store::find_contract(&self.shared.pool, access.project_id, id)
                    .await?
                    .ok_or_else(|| Error::not_found(Msg::MaintenanceContractNotFound))?
                    .start_date,
            ),
            None => None,
        };
        let raw = RawContract {
            contract_number: &input.contract_number,
            contract_name: &input.contract_name,
            company_id: input.company_id,
            start_date: &input.start_date,
            end_date: &input.end_date,
            amount: &input.amount,
            remark: &input.remark,
        };
        let draft = ContractDraft::parse(&raw, today(), kept)?;
        let id = store::save_contract(&self.shared.pool, access.project_id, id, &draft, access.user_name()).await?;
        tracing::info!(contract = id, user = access.user_name(), "maintenance contract saved");
        Ok(pb::SavedRecord { id })
    }

    async fn plans(
        &self,
        access: &InProject,
        req: &pb::ListContractsRequest,
    ) -> Result<pb::ListMaintenancePlansResponse, Error> {
        let keyword = keyword(&req.keyword)?;
        let status = req.status.trim();
        if !status.is_empty() && !PLAN_STATUSES.contains(&status) {
            return Err(Error::bad_request(Msg::MaintenanceStatusInvalid));
        }
        if req.parent_id < 0 {
            return Err(Error::bad_request(Msg::MaintenanceIdInvalid));
        }
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list_plans(&self.shared.pool, access.project_id, &keyword, req.parent_id, status, page).await?;
        let today = today();
        Ok(pb::ListMaintenancePlansResponse { rows: rows.into_iter().map(|r| plan_pb(r, today)).collect(), total })
    }

    async fn counts(&self, access: &InProject) -> Result<pb::MaintenancePlanCounts, Error> {
        let (unfinished, finished, overdue) = store::count_plans(&self.shared.pool, access.project_id, today()).await?;
        Ok(pb::MaintenancePlanCounts { unfinished, finished, overdue })
    }

    async fn plan(&self, access: &InProject, id: i64) -> Result<pb::MaintenancePlan, Error> {
        let row = store::find_plan(&self.shared.pool, access.project_id, valid_id(id)?)
            .await?
            .ok_or_else(|| Error::not_found(Msg::MaintenancePlanNotFound))?;
        Ok(plan_pb(row, today()))
    }

    async fn save_plan_inner(
        &self,
        access: &InProject,
        input: &pb::MaintenancePlanInput,
    ) -> Result<pb::SavedRecord, Error> {
        let id = edited(input.plan_id)?;
        let kept = match id {
            Some(id) => Some(
                store::find_plan(&self.shared.pool, access.project_id, id)
                    .await?
                    .ok_or_else(|| Error::not_found(Msg::MaintenancePlanNotFound))?
                    .plan_date,
            ),
            None => None,
        };
        let raw = RawPlan {
            plan_name: &input.plan_name,
            contract_id: input.contract_id,
            plan_date: &input.plan_date,
            content: &input.content,
        };
        let draft = PlanDraft::parse(&raw, today(), kept)?;
        let id = store::save_plan(&self.shared.pool, access.project_id, id, &draft, access.user_name()).await?;
        tracing::info!(plan = id, user = access.user_name(), "maintenance plan saved");
        Ok(pb::SavedRecord { id })
    }

    async fn finish(
        &self,
        access: &InProject,
        req: &pb::FinishMaintenancePlanRequest,
    ) -> Result<pb::FinishMaintenancePlanResponse, Error> {
        let id = valid_id(req.plan_id)?;
        let result = model::result(&req.result)?;
        store::finish_plan(&self.shared.pool, access.project_id, id, &result, access.user_name()).await?;
        tracing::info!(plan = id, user = access.user_name(), "maintenance plan finished");
        Ok(pb::FinishMaintenancePlanResponse { status: model::FINISHED.to_owned() })
    }

    async fn delete(&self, access: &InProject, ids: &[i64], kind: Kind) -> Result<pb::DeletedRecords, Error> {
        if ids.is_empty() || ids.len() > 500 {
            return Err(Error::bad_request(Msg::MaintenanceIdInvalid));
        }
        for id in ids {
            valid_id(*id)?;
        }
        let (pool, project) = (&self.shared.pool, access.project_id);
        let deleted = match kind {
            Kind::Company => store::delete_companies(pool, project, ids).await?,
            Kind::Contract => store::delete_contracts(pool, project, ids).await?,
            Kind::Plan => store::delete_plans(pool, project, ids).await?,
        };
        tracing::info!(?kind, deleted, user = access.user_name(), "maintenance records deleted");
        Ok(pb::DeletedRecords { deleted: i64::try_from(deleted).unwrap_or(i64::MAX) })
    }
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn company_pb(r: CompanyRow) -> pb::Company {
    pb::Company {
        company_id: r.company_id,
        company_name: r.company_name,
        contact_name: r.contact_name,
        phone: r.phone,
        address: r.address,
        remark: r.remark,
        contract_count: r.contract_count,
        create_time_ms: ms(r.created_at),
    }
}

fn contract_pb(r: ContractRow, today: NaiveDate) -> pb::Contract {
    let (state, days_left) = ContractState::on(r.start_date, r.end_date, today);
    pb::Contract {
        contract_id: r.contract_id,
        contract_number: r.contract_number,
        contract_name: r.contract_name,
        company_id: r.company_id,
        company_name: r.company_name,
        start_date: r.start_date.format("%Y-%m-%d").to_string(),
        end_date: r.end_date.format("%Y-%m-%d").to_string(),
        amount: r.amount_cents.map(model::amount).unwrap_or_default(),
        remark: r.remark,
        state: state.code().to_owned(),
        near_end: state == ContractState::NearEnd,
        days_left,
        create_time_ms: ms(r.created_at),
    }
}

fn plan_pb(r: PlanRow, today: NaiveDate) -> pb::MaintenancePlan {
    pb::MaintenancePlan {
        overdue: r.status == model::UNFINISHED && r.plan_date < today,
        plan_id: r.plan_id,
        plan_name: r.plan_name,
        contract_id: r.contract_id,
        contract_number: r.contract_number,
        company_name: r.company_name,
        plan_date: r.plan_date.format("%Y-%m-%d").to_string(),
        content: r.content,
        status: r.status,
        result: r.result,
        finished_by: r.finished_by,
        finish_time_ms: r.finished_at.map_or(0, ms),
        create_time_ms: ms(r.created_at),
    }
}
