//! Maintenance contracts' rules, pure: what a company, a contract and a plan must be (spec
//! section 5: contract dates not past or empty), a contract's state by the calendar (near
//! its end within [`NEAR_END_DAYS`]), and a plan's status (finished, unfinished).

use chrono::NaiveDate;
use lumiscape_common::i18n::Msg;
use lumiscape_common::text::{bounded as limited, is_valid_phone};

use crate::rules::{self, RangeMessages, bounded, date, date_range};

pub const MAX_NAME_CHARS: usize = 50;
pub const MAX_NUMBER_CHARS: usize = 32;
pub const MAX_CONTACT_CHARS: usize = 30;
pub const MAX_ADDRESS_CHARS: usize = 200;
pub const MAX_TEXT_CHARS: usize = 500;
/// A contract ending within this many days is flagged near its end.
pub const NEAR_END_DAYS: i64 = 30;
pub use crate::rules::MAX_AMOUNT_CENTS;

/// Dictionary `maintenance_status`.
pub const UNFINISHED: &str = "0";
pub const FINISHED: &str = "1";
pub const PLAN_STATUSES: [&str; 2] = [UNFINISHED, FINISHED];

/// Dictionary `maintenance_contract_state`, computed from the dates at every read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContractState {
    InForce,
    NearEnd,
    Ended,
    NotStarted,
}

pub const CONTRACT_STATES: [ContractState; 4] =
    [ContractState::InForce, ContractState::NearEnd, ContractState::Ended, ContractState::NotStarted];

impl ContractState {
    pub fn parse(code: &str) -> Option<Self> {
        CONTRACT_STATES.into_iter().find(|s| s.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            ContractState::InForce => "0",
            ContractState::NearEnd => "1",
            ContractState::Ended => "2",
            ContractState::NotStarted => "3",
        }
    }

    /// A contract's state on `today`, and the days left to its end date (negative once
    /// ended).
    pub fn on(start: NaiveDate, end: NaiveDate, today: NaiveDate) -> (Self, i64) {
        let left = (end - today).num_days();
        let state = if today > end {
            ContractState::Ended
        } else if today < start {
            ContractState::NotStarted
        } else if left < NEAR_END_DAYS {
            ContractState::NearEnd
        } else {
            ContractState::InForce
        };
        (state, left)
    }

    /// The end dates (inclusive; None: unbounded) a contract in this state has on `today`,
    /// and whether it has not started yet: the list filters by these, in SQL, as `on` decides.
    pub fn filter(self, today: NaiveDate) -> (Option<NaiveDate>, Option<NaiveDate>, bool) {
        let near = today + chrono::Days::new(NEAR_END_DAYS as u64);
        match self {
            ContractState::Ended => (None, today.pred_opt(), false),
            ContractState::NearEnd => (Some(today), near.pred_opt(), false),
            ContractState::InForce => (Some(near), None, false),
            ContractState::NotStarted => (Some(today), None, true),
        }
    }
}

fn name(text: &str) -> Result<String, Msg> {
    bounded(text, MAX_NAME_CHARS).ok_or(Msg::MaintenanceNameInvalid { max: MAX_NAME_CHARS })
}

/// A company as sent, unchecked.
#[derive(Debug, Default)]
pub struct RawCompany<'a> {
    pub company_name: &'a str,
    pub contact_name: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompanyDraft {
    pub name: String,
    pub contact_name: String,
    pub phone: String,
    pub address: String,
    pub remark: String,
}

impl CompanyDraft {
    pub fn parse(raw: &RawCompany<'_>) -> Result<Self, Msg> {
        let name = name(raw.company_name)?;
        let contact_name = limited(raw.contact_name.trim(), MAX_CONTACT_CHARS, "联系人", "Contact")?;
        let phone = raw.phone.trim();
        if !phone.is_empty() && !is_valid_phone(phone) {
            return Err(Msg::PhoneInvalid);
        }
        Ok(Self {
            name,
            contact_name,
            phone: phone.to_owned(),
            address: limited(raw.address.trim(), MAX_ADDRESS_CHARS, "地址", "Address")?,
            remark: limited(raw.remark.trim(), MAX_TEXT_CHARS, "备注", "Remark")?,
        })
    }
}

/// A contract as sent, unchecked.
#[derive(Debug, Default)]
pub struct RawContract<'a> {
    pub contract_number: &'a str,
    pub contract_name: &'a str,
    pub company_id: i64,
    pub start_date: &'a str,
    pub end_date: &'a str,
    pub amount: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ContractDraft {
    pub number: String,
    pub name: String,
    pub company_id: i64,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub amount_cents: Option<i64>,
    pub remark: String,
}

impl ContractDraft {
    /// The first rule `raw` breaks, else the contract. `kept`: the start date an edited
    /// contract has now, which may stay although it has passed.
    pub fn parse(raw: &RawContract<'_>, today: NaiveDate, kept: Option<NaiveDate>) -> Result<Self, Msg> {
        let number = rules::code(raw.contract_number, MAX_NUMBER_CHARS).ok_or(Msg::MaintenanceContractNumberInvalid)?;
        let name = name(raw.contract_name)?;
        if raw.company_id <= 0 {
            return Err(Msg::MaintenanceCompanyRequired);
        }
        let msgs = RangeMessages {
            required: Msg::MaintenanceContractDatesRequired,
            past: Msg::MaintenanceContractDatePast,
            start_after_end: Msg::MaintenanceContractStartAfterEnd,
        };
        let (start_date, end_date) = date_range(raw.start_date, raw.end_date, today, kept, msgs)?;
        Ok(Self {
            number,
            name,
            company_id: raw.company_id,
            start_date,
            end_date,
            amount_cents: cents(raw.amount)?,
            remark: limited(raw.remark.trim(), MAX_TEXT_CHARS, "备注", "Remark")?,
        })
    }
}

/// An amount as written ("12", "12.5", "12.50"), in cents; empty is none.
pub fn cents(text: &str) -> Result<Option<i64>, Msg> {
    rules::cents(text).map_err(|_| Msg::MaintenanceAmountInvalid)
}

pub use crate::rules::amount;

/// A plan as sent, unchecked.
#[derive(Debug, Default)]
pub struct RawPlan<'a> {
    pub plan_name: &'a str,
    pub contract_id: i64,
    pub plan_date: &'a str,
    pub content: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlanDraft {
    pub name: String,
    pub contract_id: i64,
    pub plan_date: NaiveDate,
    pub content: String,
}

impl PlanDraft {
    /// `kept`: the date an edited plan has now, which may stay although it has passed.
    pub fn parse(raw: &RawPlan<'_>, today: NaiveDate, kept: Option<NaiveDate>) -> Result<Self, Msg> {
        let name = name(raw.plan_name)?;
        if raw.contract_id <= 0 {
            return Err(Msg::MaintenanceContractRequired);
        }
        let plan_date =
            date(raw.plan_date).filter(|d| *d >= today || kept == Some(*d)).ok_or(Msg::MaintenancePlanDateInvalid)?;
        let content = limited(raw.content.trim(), MAX_TEXT_CHARS, "维保内容", "Content")?;
        Ok(Self { name, contract_id: raw.contract_id, plan_date, content })
    }

    /// A plan's date lies within its contract's.
    pub fn within(&self, start: NaiveDate, end: NaiveDate) -> Result<(), Msg> {
        if (start..=end).contains(&self.plan_date) { Ok(()) } else { Err(Msg::MaintenancePlanOutsideContract) }
    }
}

/// A finished plan's result: 1 to 500 characters.
pub fn result(text: &str) -> Result<String, Msg> {
    bounded(text, MAX_TEXT_CHARS).ok_or(Msg::MaintenanceResultRequired)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn contract<'a>(start: &'a str, end: &'a str) -> RawContract<'a> {
        RawContract {
            contract_number: "HT-2026_01",
            contract_name: "滨江段照明维保",
            company_id: 3,
            start_date: start,
            end_date: end,
            ..Default::default()
        }
    }

    #[test]
    fn contract_dates_are_not_past_or_empty() {
        let today = day("2026-11-27");
        let parse = |raw: RawContract<'_>| ContractDraft::parse(&raw, today, None);
        assert!(parse(contract("2026-11-27", "2026-11-27")).is_ok());
        assert_eq!(parse(contract("", "2027-01-01")), Err(Msg::MaintenanceContractDatesRequired));
        assert_eq!(parse(contract("2026-12-01", "2027/01/01")), Err(Msg::MaintenanceContractDatesRequired));
        assert_eq!(parse(contract("2026-11-26", "2027-01-01")), Err(Msg::MaintenanceContractDatePast));
        assert_eq!(parse(contract("2026-11-27", "2026-11-26")), Err(Msg::MaintenanceContractDatePast));
        assert_eq!(parse(contract("2027-02-01", "2027-01-01")), Err(Msg::MaintenanceContractStartAfterEnd));
        let kept = Some(day("2026-01-01"));
        assert!(ContractDraft::parse(&contract("2026-01-01", "2027-01-01"), today, kept).is_ok());
        assert_eq!(
            ContractDraft::parse(&contract("2026-01-02", "2027-01-01"), today, kept),
            Err(Msg::MaintenanceContractDatePast)
        );
    }

    #[test]
    fn contract_fields() {
        let today = day("2026-11-27");
        let bad = |f: fn(&mut RawContract<'static>)| {
            let mut raw = contract("2026-12-01", "2027-12-01");
            f(&mut raw);
            ContractDraft::parse(&raw, today, None).unwrap_err()
        };
        assert_eq!(bad(|c| c.contract_number = "HT 01"), Msg::MaintenanceContractNumberInvalid);
        assert_eq!(bad(|c| c.contract_number = ""), Msg::MaintenanceContractNumberInvalid);
        assert_eq!(bad(|c| c.contract_name = " "), Msg::MaintenanceNameInvalid { max: 50 });
        assert_eq!(bad(|c| c.company_id = 0), Msg::MaintenanceCompanyRequired);
        assert_eq!(bad(|c| c.amount = "-1"), Msg::MaintenanceAmountInvalid);
        assert_eq!(bad(|c| c.amount = "1.234"), Msg::MaintenanceAmountInvalid);
        assert_eq!(bad(|c| c.amount = "1e5"), Msg::MaintenanceAmountInvalid);
    }

    #[test]
    fn amounts_in_cents() {
        assert_eq!(cents(""), Ok(None));
        assert_eq!(cents("12"), Ok(Some(1200)));
        assert_eq!(cents("12.5"), Ok(Some(1250)));
        assert_eq!(cents("0.07"), Ok(Some(7)));
        assert_eq!(cents("999999999.99"), Ok(Some(MAX_AMOUNT_CENTS)));
        assert_eq!(cents("1000000000"), Err(Msg::MaintenanceAmountInvalid));
        assert_eq!(cents(".5"), Err(Msg::MaintenanceAmountInvalid));
        assert_eq!(amount(1250), "12.50");
        assert_eq!(amount(7), "0.07");
    }

    #[test]
    fn a_contract_is_near_its_end_in_its_last_30_days() {
        let (start, end) = (day("2026-01-01"), day("2026-12-31"));
        assert_eq!(ContractState::on(start, end, day("2026-06-01")).0, ContractState::InForce);
        assert_eq!(ContractState::on(start, end, day("2026-12-01")), (ContractState::InForce, 30));
        assert_eq!(ContractState::on(start, end, day("2026-12-02")), (ContractState::NearEnd, 29));
        assert_eq!(ContractState::on(start, end, day("2026-12-31")), (ContractState::NearEnd, 0));
        assert_eq!(ContractState::on(start, end, day("2027-01-01")), (ContractState::Ended, -1));
        assert_eq!(ContractState::on(start, end, day("2025-12-31")).0, ContractState::NotStarted);
        // The list's filters agree with `on` for every state, day by day.
        let today = day("2026-11-27");
        for offset in -40..80_i64 {
            let end = today + chrono::TimeDelta::days(offset);
            for start in [end - chrono::TimeDelta::days(400), today, today + chrono::TimeDelta::days(1)] {
                if start > end {
                    continue;
                }
                let (state, _) = ContractState::on(start, end, today);
                for candidate in CONTRACT_STATES {
                    let (from, to, unstarted) = candidate.filter(today);
                    let listed = from.is_none_or(|from| end >= from)
                        && to.is_none_or(|to| end <= to)
                        && unstarted == (start > today);
                    assert_eq!(listed, candidate == state, "{start}..{end}: {candidate:?} vs {state:?}");
                }
            }
        }
    }

    #[test]
    fn plans_and_companies() {
        let today = day("2026-11-27");
        let raw = |date| RawPlan { plan_name: "季度检修", contract_id: 1, plan_date: date, content: "" };
        assert!(PlanDraft::parse(&raw("2026-11-27"), today, None).is_ok());
        assert_eq!(PlanDraft::parse(&raw("2026-11-26"), today, None), Err(Msg::MaintenancePlanDateInvalid));
        assert_eq!(PlanDraft::parse(&raw(""), today, None), Err(Msg::MaintenancePlanDateInvalid));
        assert!(PlanDraft::parse(&raw("2026-11-26"), today, Some(day("2026-11-26"))).is_ok());
        let plan = PlanDraft::parse(&raw("2026-12-05"), today, None).unwrap();
        assert_eq!(plan.within(day("2026-12-01"), day("2026-12-31")), Ok(()));
        assert_eq!(plan.within(day("2026-12-06"), day("2026-12-31")), Err(Msg::MaintenancePlanOutsideContract));
        assert_eq!(result(" "), Err(Msg::MaintenanceResultRequired));

        let company = |phone| {
            CompanyDraft::parse(&RawCompany { company_name: "明亮照明工程", phone, ..Default::default() })
        };
        assert!(company("").is_ok());
        assert!(company("13800138000").is_ok());
        assert_eq!(company("12800138000"), Err(Msg::PhoneInvalid));
        assert_eq!(company("1380013800"), Err(Msg::PhoneInvalid));
    }
}
