//! The maintenance screen (spec: "maintenance": company, contract, plan; finished,
//! unfinished): companies, their contracts and the plans under each, each a list with its
//! form, and finishing a plan. The maintenance service checks every field; the edge only
//! reshapes (`crate::convert`). The contract is `docs/maintenance-api.md`.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::maintenance::v1 as pb;
use lumiscape_proto::maintenance::v1::contract_service_client::ContractServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::maintenance::{record_id, record_ids};
use crate::convert::{PageQuery, edited_id, id, local_time, path_id, text};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, Table, call, ok_data, ok_table, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn contracts(state: &EdgeState) -> ContractServiceClient<Transport> {
    ContractServiceClient::new(state.clients.maintenance_channel())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContractListQuery {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default)]
    keyword: String,
    /// Contracts: one company's.
    #[serde(default)]
    company_id: Option<String>,
    /// Plans: one contract's.
    #[serde(default)]
    contract_id: Option<String>,
    /// Contracts: the state; plans: the status.
    #[serde(default)]
    state: String,
    #[serde(default)]
    status: String,
}

impl ContractListQuery {
    /// `by_company`: the contract list (filtered by `companyId`); else the plans (by
    /// `contractId`) or the companies (neither).
    fn request(self, info: &RequestInfo, by_company: bool) -> Result<pb::ListContractsRequest, ApiError> {
        let lang = info.lang();
        let (page_num, page_size) = self.page.numbers(lang)?;
        let parent = if by_company { self.company_id } else { self.contract_id };
        let parent_id = match parent.as_deref().map(str::trim) {
            None | Some("") => 0,
            Some(text) => path_id(text, Msg::MaintenanceIdInvalid, lang)?,
        };
        let status = if self.state.trim().is_empty() { self.status } else { self.state };
        Ok(pb::ListContractsRequest { page_num, page_size, keyword: self.keyword, parent_id, status })
    }
}

// ---- companies ----

pub async fn company_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ContractListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info, false)?;
    let answer = call(&info, contracts(&state).list_companies(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(company_json).collect(), answer.total)
}

pub async fn company_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(company_id): Path<String>,
) -> ApiResult {
    let request = record_id(&company_id, Msg::MaintenanceIdInvalid, &info)?;
    let company = call(&info, contracts(&state).get_company(info.ctx.request(request))).await?;
    ok_data(info.lang(), company_json(&company))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CompanyBody {
    company_id: Value,
    company_name: Value,
    contact_name: Value,
    phone: Value,
    address: Value,
    remark: Value,
}

pub async fn company_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CompanyBody>,
) -> ApiResult {
    save_company(state, info, body, 0).await
}

pub async fn company_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<CompanyBody>,
) -> ApiResult {
    let company_id = edited_id(&body.company_id);
    save_company(state, info, body, company_id).await
}

async fn save_company(state: EdgeState, info: RequestInfo, body: CompanyBody, company_id: i64) -> ApiResult {
    let request = pb::CompanyInput {
        company_id,
        company_name: text(&body.company_name),
        contact_name: text(&body.contact_name),
        phone: text(&body.phone),
        address: text(&body.address),
        remark: text(&body.remark),
    };
    let saved = call(&info, contracts(&state).save_company(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "companyId": saved.id }))
}

pub async fn company_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(company_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&company_ids, Msg::MaintenanceIdInvalid, &info)?;
    let deleted = call(&info, contracts(&state).delete_companies(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- contracts ----

pub async fn contract_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ContractListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info, true)?;
    let answer = call(&info, contracts(&state).list_contracts(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(contract_json).collect(), answer.total)
}

pub async fn contract_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(contract_id): Path<String>,
) -> ApiResult {
    let request = record_id(&contract_id, Msg::MaintenanceIdInvalid, &info)?;
    let contract = call(&info, contracts(&state).get_contract(info.ctx.request(request))).await?;
    ok_data(info.lang(), contract_json(&contract))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContractBody {
    contract_id: Value,
    contract_number: Value,
    contract_name: Value,
    company_id: Value,
    start_date: Value,
    end_date: Value,
    amount: Value,
    remark: Value,
}

pub async fn contract_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ContractBody>,
) -> ApiResult {
    save_contract(state, info, body, 0).await
}

pub async fn contract_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<ContractBody>,
) -> ApiResult {
    let contract_id = edited_id(&body.contract_id);
    save_contract(state, info, body, contract_id).await
}

async fn save_contract(state: EdgeState, info: RequestInfo, body: ContractBody, contract_id: i64) -> ApiResult {
    let request = pb::ContractInput {
        contract_id,
        contract_number: text(&body.contract_number),
        contract_name: text(&body.contract_name),
        company_id: id(&body.company_id),
        start_date: text(&body.start_date),
        end_date: text(&body.end_date),
        amount: text(&body.amount),
        remark: text(&body.remark),
    };
    let saved = call(&info, contracts(&state).save_contract(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "contractId": saved.id }))
}

pub async fn contract_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(contract_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&contract_ids, Msg::MaintenanceIdInvalid, &info)?;
    let deleted = call(&info, contracts(&state).delete_contracts(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

// ---- plans ----

pub async fn plan_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ContractListQuery>,
) -> ApiResult<Table<Value>> {
    let request = query.request(&info, false)?;
    let answer = call(&info, contracts(&state).list_maintenance_plans(info.ctx.request(request))).await?;
    ok_table(info.lang(), answer.rows.iter().map(plan_json).collect(), answer.total)
}

pub async fn plan_counts(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let request = pb::CountMaintenancePlansRequest {};
    let c = call(&info, contracts(&state).count_maintenance_plans(info.ctx.request(request))).await?;
    ok_data(info.lang(), json!({ "unfinished": c.unfinished, "finished": c.finished, "overdue": c.overdue }))
}

pub async fn plan_get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(plan_id): Path<String>,
) -> ApiResult {
    let request = record_id(&plan_id, Msg::MaintenanceIdInvalid, &info)?;
    let plan = call(&info, contracts(&state).get_maintenance_plan(info.ctx.request(request))).await?;
    ok_data(info.lang(), plan_json(&plan))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PlanBody {
    plan_id: Value,
    plan_name: Value,
    contract_id: Value,
    plan_date: Value,
    content: Value,
    result: Value,
}

pub async fn plan_add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult {
    save_plan(state, info, body, 0).await
}

pub async fn plan_edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult {
    let plan_id = edited_id(&body.plan_id);
    save_plan(state, info, body, plan_id).await
}

async fn save_plan(state: EdgeState, info: RequestInfo, body: PlanBody, plan_id: i64) -> ApiResult {
    let request = pb::MaintenancePlanInput {
        plan_id,
        plan_name: text(&body.plan_name),
        contract_id: id(&body.contract_id),
        plan_date: text(&body.plan_date),
        content: text(&body.content),
    };
    let saved = call(&info, contracts(&state).save_maintenance_plan(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "planId": saved.id }))
}

pub async fn plan_remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(plan_ids): Path<String>,
) -> ApiResult {
    let request = record_ids(&plan_ids, Msg::MaintenanceIdInvalid, &info)?;
    let deleted = call(&info, contracts(&state).delete_maintenance_plans(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "deleted": deleted.deleted }))
}

/// `PUT /operation/maintenance/plan/finish`: an unfinished plan done, with its result.
pub async fn plan_finish(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<PlanBody>,
) -> ApiResult {
    let request = pb::FinishMaintenancePlanRequest { plan_id: id(&body.plan_id), result: text(&body.result) };
    let done = call(&info, contracts(&state).finish_maintenance_plan(info.ctx.request(request))).await?;
    ok_with(info.lang(), json!({ "status": done.status }))
}

// ---- shapes ----

fn company_json(c: &pb::Company) -> Value {
    json!({
        "companyId": c.company_id,
        "companyName": c.company_name,
        "contactName": c.contact_name,
        "phone": c.phone,
        "address": c.address,
        "remark": c.remark,
        "contractCount": c.contract_count,
        "createTime": local_time(c.create_time_ms),
    })
}

fn contract_json(k: &pb::Contract) -> Value {
    json!({
        "contractId": k.contract_id,
        "contractNumber": k.contract_number,
        "contractName": k.contract_name,
        "companyId": k.company_id,
        "companyName": k.company_name,
        "startDate": k.start_date,
        "endDate": k.end_date,
        "amount": if k.amount.is_empty() { Value::Null } else { json!(k.amount) },
        "remark": k.remark,
        "state": k.state,
        "nearEnd": k.near_end,
        "daysLeft": k.days_left,
        "createTime": local_time(k.create_time_ms),
    })
}

fn plan_json(p: &pb::MaintenancePlan) -> Value {
    json!({
        "planId": p.plan_id,
        "planName": p.plan_name,
        "contractId": p.contract_id,
        "contractNumber": p.contract_number,
        "companyName": p.company_name,
        "planDate": p.plan_date,
        "content": p.content,
        "status": p.status,
        "overdue": p.overdue,
        "result": p.result,
        "finishedBy": p.finished_by,
        "finishTime": local_time(p.finish_time_ms),
        "createTime": local_time(p.create_time_ms),
    })
}
