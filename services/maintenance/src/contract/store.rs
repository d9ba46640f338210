//! Maintenance companies, contracts and plans in PostgreSQL. Deletes are all or none, and
//! what another record names cannot go.

use chrono::{DateTime, NaiveDate, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{CompanyDraft, ContractDraft, PlanDraft};

#[derive(Debug, Clone)]
pub struct CompanyRow {
    pub company_id: i64,
    pub company_name: String,
    pub contact_name: String,
    pub phone: String,
    pub address: String,
    pub remark: String,
    pub contract_count: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct ContractRow {
    pub contract_id: i64,
    pub contract_number: String,
    pub contract_name: String,
    pub company_id: i64,
    pub company_name: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub amount_cents: Option<i64>,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct PlanRow {
    pub plan_id: i64,
    pub plan_name: String,
    pub contract_id: i64,
    pub contract_number: String,
    pub company_name: String,
    pub plan_date: NaiveDate,
    pub content: String,
    pub status: String,
    pub result: String,
    pub finished_by: String,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// How a contract list is filtered: by `ContractState::filter`'s end dates and start.
#[derive(Debug, Clone, Default)]
pub struct ContractFilter {
    pub keyword: String,
    pub company_id: i64,
    /// None: any state.
    pub state: Option<(Option<NaiveDate>, Option<NaiveDate>, bool)>,
    pub today: NaiveDate,
}

fn db_error(err: sqlx::Error, name: &str) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "maintenance_companies_name_key" => Some(Msg::MaintenanceNameTaken { name: name.to_owned() }),
        "maintenance_contracts_number_key" => Some(Msg::MaintenanceContractNumberTaken { number: name.to_owned() }),
        _ => None,
    })
}

// ---- companies ----

macro_rules! company_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            CompanyRow,
            "SELECT c.company_id, c.company_name, c.contact_name, c.phone, c.address, c.remark, \
             (SELECT count(*) FROM maintenance.maintenance_contracts k WHERE k.company_id = c.company_id) AS \"contract_count!\", \
             c.created_at FROM maintenance.maintenance_companies c " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_companies(
    pool: &PgPool,
    project_id: i64,
    keyword: &str,
    page: Page,
) -> sqlx::Result<(Vec<CompanyRow>, i64)> {
    let rows = company_query!(
        "WHERE c.project_id = $1 AND ($2 = '' OR strpos(c.company_name, $2) > 0) ORDER BY c.company_id DESC LIMIT $3 OFFSET $4";
        project_id, keyword, page.limit, page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.maintenance_companies \
         WHERE project_id = $1 AND ($2 = '' OR strpos(company_name, $2) > 0)",
        project_id,
        keyword,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_company(pool: &PgPool, project_id: i64, id: i64) -> sqlx::Result<Option<CompanyRow>> {
    company_query!("WHERE c.project_id = $1 AND c.company_id = $2"; project_id, id).fetch_optional(pool).await
}

pub async fn save_company(
    pool: &PgPool,
    project_id: i64,
    id: Option<i64>,
    d: &CompanyDraft,
    by: &str,
) -> Result<i64, Error> {
    match id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.maintenance_companies (project_id, company_name, contact_name, phone, address, \
             remark, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING company_id",
            project_id,
            d.name,
            d.contact_name,
            d.phone,
            d.address,
            d.remark,
            by,
        )
        .fetch_one(pool)
        .await
        .map_err(|err| db_error(err, &d.name)),
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.maintenance_companies SET company_name = $3, contact_name = $4, phone = $5, \
             address = $6, remark = $7, updated_at = now() WHERE project_id = $1 AND company_id = $2 RETURNING company_id",
            project_id,
            id,
            d.name,
            d.contact_name,
            d.phone,
            d.address,
            d.remark,
        )
        .fetch_optional(pool)
        .await
        .map_err(|err| db_error(err, &d.name))?
        .ok_or_else(|| Error::not_found(Msg::MaintenanceCompanyNotFound)),
    }
}

pub async fn delete_companies(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let found = sqlx::query_scalar!(
        "SELECT count(*) AS \"found!\" FROM maintenance.maintenance_companies WHERE project_id = $1 AND company_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(found as u64, ids, Msg::MaintenanceCompanyNotFound)?;
    let used = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.maintenance_contracts WHERE company_id = ANY($1)) AS \"used!\"",
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if used {
        return Err(Error::refused(Msg::MaintenanceCompanyInUse));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.maintenance_companies WHERE project_id = $1 AND company_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| match err.as_database_error().and_then(|db| db.constraint()) {
        Some("maintenance_contracts_company_id_fkey") => Error::refused(Msg::MaintenanceCompanyInUse),
        _ => Error::from(err),
    })?
    .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

// ---- contracts ----

macro_rules! contract_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            ContractRow,
            "SELECT k.contract_id, k.contract_number, k.contract_name, k.company_id, c.company_name, k.start_date, \
             k.end_date, k.amount_cents, k.remark, k.created_at FROM maintenance.maintenance_contracts k \
             JOIN maintenance.maintenance_companies c ON c.company_id = k.company_id " + $tail,
            $($arg),*
        )
    };
}

/// The project's contracts, ending soonest first.
pub async fn list_contracts(
    pool: &PgPool,
    project_id: i64,
    f: &ContractFilter,
    page: Page,
) -> sqlx::Result<(Vec<ContractRow>, i64)> {
    let (from, to, unstarted) = f.state.unwrap_or((None, None, false));
    let any_state = f.state.is_none();
    let rows = contract_query!(
        "WHERE k.project_id = $1 AND ($2 = '' OR strpos(k.contract_number, $2) > 0 OR strpos(k.contract_name, $2) > 0) \
         AND ($3::bigint = 0 OR k.company_id = $3) \
         AND ($4 OR (($5::date IS NULL OR k.end_date >= $5) AND ($6::date IS NULL OR k.end_date <= $6) \
         AND $7 = (k.start_date > $8))) \
         ORDER BY k.end_date, k.contract_id LIMIT $9 OFFSET $10";
        project_id, f.keyword, f.company_id, any_state, from, to, unstarted, f.today, page.limit, page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.maintenance_contracts k \
         WHERE k.project_id = $1 AND ($2 = '' OR strpos(k.contract_number, $2) > 0 OR strpos(k.contract_name, $2) > 0) \
         AND ($3::bigint = 0 OR k.company_id = $3) \
         AND ($4 OR (($5::date IS NULL OR k.end_date >= $5) AND ($6::date IS NULL OR k.end_date <= $6) \
         AND $7 = (k.start_date > $8)))",
        project_id,
        f.keyword,
        f.company_id,
        any_state,
        from,
        to,
        unstarted,
        f.today,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_contract(pool: &PgPool, project_id: i64, id: i64) -> sqlx::Result<Option<ContractRow>> {
    contract_query!("WHERE k.project_id = $1 AND k.contract_id = $2"; project_id, id).fetch_optional(pool).await
}

pub async fn save_contract(
    pool: &PgPool,
    project_id: i64,
    id: Option<i64>,
    d: &ContractDraft,
    by: &str,
) -> Result<i64, Error> {
    let company = sqlx::query_scalar!(
        "SELECT company_id FROM maintenance.maintenance_companies WHERE project_id = $1 AND company_id = $2",
        project_id,
        d.company_id,
    )
    .fetch_optional(pool)
    .await?;
    if company.is_none() {
        return Err(Error::not_found(Msg::MaintenanceCompanyNotFound));
    }
    match id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.maintenance_contracts (project_id, contract_number, contract_name, company_id, \
             start_date, end_date, amount_cents, remark, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             RETURNING contract_id",
            project_id,
            d.number,
            d.name,
            d.company_id,
            d.start_date,
            d.end_date,
            d.amount_cents,
            d.remark,
            by,
        )
        .fetch_one(pool)
        .await
        .map_err(|err| db_error(err, &d.number)),
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.maintenance_contracts SET contract_number = $3, contract_name = $4, company_id = $5, \
             start_date = $6, end_date = $7, amount_cents = $8, remark = $9, updated_at = now() \
             WHERE project_id = $1 AND contract_id = $2 RETURNING contract_id",
            project_id,
            id,
            d.number,
            d.name,
            d.company_id,
            d.start_date,
            d.end_date,
            d.amount_cents,
            d.remark,
        )
        .fetch_optional(pool)
        .await
        .map_err(|err| db_error(err, &d.number))?
        .ok_or_else(|| Error::not_found(Msg::MaintenanceContractNotFound)),
    }
}

pub async fn delete_contracts(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let found = sqlx::query_scalar!(
        "SELECT count(*) AS \"found!\" FROM maintenance.maintenance_contracts WHERE project_id = $1 AND contract_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(found as u64, ids, Msg::MaintenanceContractNotFound)?;
    let used = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.maintenance_plans WHERE contract_id = ANY($1)) AS \"used!\"",
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if used {
        return Err(Error::refused(Msg::MaintenanceContractInUse));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.maintenance_contracts WHERE project_id = $1 AND contract_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| match err.as_database_error().and_then(|db| db.constraint()) {
        Some("maintenance_plans_contract_id_fkey") => Error::refused(Msg::MaintenanceContractInUse),
        _ => Error::from(err),
    })?
    .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

// ---- plans ----

macro_rules! plan_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            PlanRow,
            "SELECT p.plan_id, p.plan_name, p.contract_id, k.contract_number, c.company_name, p.plan_date, p.content, \
             p.status, p.result, p.finished_by, p.finished_at, p.created_at FROM maintenance.maintenance_plans p \
             JOIN maintenance.maintenance_contracts k ON k.contract_id = p.contract_id \
             JOIN maintenance.maintenance_companies c ON c.company_id = k.company_id " + $tail,
            $($arg),*
        )
    };
}

/// The project's plans: unfinished first by date, then finished, latest first.
pub async fn list_plans(
    pool: &PgPool,
    project_id: i64,
    keyword: &str,
    contract_id: i64,
    status: &str,
    page: Page,
) -> sqlx::Result<(Vec<PlanRow>, i64)> {
    let rows = plan_query!(
        "WHERE p.project_id = $1 AND ($2 = '' OR strpos(p.plan_name, $2) > 0) AND ($3::bigint = 0 OR p.contract_id = $3) \
         AND ($4 = '' OR p.status = $4) \
         ORDER BY p.status, CASE WHEN p.status = '0' THEN p.plan_date END, p.plan_date DESC, p.plan_id DESC LIMIT $5 OFFSET $6";
        project_id, keyword, contract_id, status, page.limit, page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.maintenance_plans p \
         WHERE p.project_id = $1 AND ($2 = '' OR strpos(p.plan_name, $2) > 0) AND ($3::bigint = 0 OR p.contract_id = $3) \
         AND ($4 = '' OR p.status = $4)",
        project_id,
        keyword,
        contract_id,
        status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// Unfinished, finished, and unfinished past their date.
pub async fn count_plans(pool: &PgPool, project_id: i64, today: NaiveDate) -> sqlx::Result<(i64, i64, i64)> {
    let row = sqlx::query!(
        "SELECT count(*) FILTER (WHERE status = '0') AS \"unfinished!\", count(*) FILTER (WHERE status = '1') AS \"finished!\", \
         count(*) FILTER (WHERE status = '0' AND plan_date < $2) AS \"overdue!\" \
         FROM maintenance.maintenance_plans WHERE project_id = $1",
        project_id,
        today,
    )
    .fetch_one(pool)
    .await?;
    Ok((row.unfinished, row.finished, row.overdue))
}

pub async fn find_plan(pool: &PgPool, project_id: i64, id: i64) -> sqlx::Result<Option<PlanRow>> {
    plan_query!("WHERE p.project_id = $1 AND p.plan_id = $2"; project_id, id).fetch_optional(pool).await
}

/// Adds a plan or edits an unfinished one; its date must lie within its contract's.
pub async fn save_plan(pool: &PgPool, project_id: i64, id: Option<i64>, d: &PlanDraft, by: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let contract = sqlx::query!(
        "SELECT start_date, end_date FROM maintenance.maintenance_contracts WHERE project_id = $1 AND contract_id = $2",
        project_id,
        d.contract_id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::MaintenanceContractNotFound))?;
    d.within(contract.start_date, contract.end_date)?;
    let id = match id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.maintenance_plans (project_id, plan_name, contract_id, plan_date, content, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING plan_id",
            project_id,
            d.name,
            d.contract_id,
            d.plan_date,
            d.content,
            by,
        )
        .fetch_one(&mut *tx)
        .await?,
        Some(id) => {
            let status = sqlx::query_scalar!(
                "SELECT status FROM maintenance.maintenance_plans WHERE project_id = $1 AND plan_id = $2 FOR UPDATE",
                project_id,
                id,
            )
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| Error::not_found(Msg::MaintenancePlanNotFound))?;
            if status != super::model::UNFINISHED {
                return Err(Error::refused(Msg::MaintenancePlanFinished));
            }
            sqlx::query_scalar!(
                "UPDATE maintenance.maintenance_plans SET plan_name = $3, contract_id = $4, plan_date = $5, content = $6, \
                 updated_at = now() WHERE project_id = $1 AND plan_id = $2 RETURNING plan_id",
                project_id,
                id,
                d.name,
                d.contract_id,
                d.plan_date,
                d.content,
            )
            .fetch_one(&mut *tx)
            .await?
        }
    };
    tx.commit().await?;
    Ok(id)
}

/// Deletes unfinished plans, all or none; a finished plan is the record of work done.
pub async fn delete_plans(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let row = sqlx::query!(
        "SELECT count(*) AS \"found!\", count(*) FILTER (WHERE status = '1') AS \"finished!\" \
         FROM maintenance.maintenance_plans WHERE project_id = $1 AND plan_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(row.found as u64, ids, Msg::MaintenancePlanNotFound)?;
    if row.finished > 0 {
        return Err(Error::refused(Msg::MaintenancePlanFinished));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.maintenance_plans WHERE project_id = $1 AND plan_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

/// Records an unfinished plan of the project as finished, with its result, by `by`.
pub async fn finish_plan(pool: &PgPool, project_id: i64, id: i64, result: &str, by: &str) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    let status = sqlx::query_scalar!(
        "SELECT status FROM maintenance.maintenance_plans WHERE project_id = $1 AND plan_id = $2 FOR UPDATE",
        project_id,
        id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::MaintenancePlanNotFound))?;
    if status != super::model::UNFINISHED {
        return Err(Error::refused(Msg::MaintenancePlanFinished));
    }
    sqlx::query!(
        "UPDATE maintenance.maintenance_plans SET status = '1', result = $2, finished_by = $3, finished_at = now(), \
         updated_at = now() WHERE plan_id = $1",
        id,
        result,
        by,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
