//! Inspection's rules, pure: what a team, a route, a plan, a task added by hand and a task's
//! results must be (spec section 5), the task statuses, and the periods a plan's tasks cover.
//!
//! ```text
//!   undoing --its start time comes--> doing --results recorded--> finished
//!      |                                |
//!      +------its end time passes-------+--> expired
//! ```

use std::collections::HashSet;

use chrono::{DateTime, Days, Local, Months, NaiveDate, TimeZone, Utc};
use lumiscape_common::i18n::Msg;

use crate::rules::{RangeMessages, bounded, date_range, keyword, local_time};
use crate::work_order::model::{QUESTION_OTHER, QUESTIONS};

/// Longest team, route and plan name; a task's name (a plan's name and a date).
pub const MAX_NAME_CHARS: usize = 50;
pub const MAX_TASK_NAME_CHARS: usize = 80;
pub const MAX_REMARK_CHARS: usize = 500;
pub const MAX_MEMBERS: usize = 50;
pub const MAX_POINTS: usize = 100;
pub const MAX_DESCRIPTION_CHARS: usize = 1000;
/// The job makes the tasks whose period starts within this many days from now.
pub const LOOKAHEAD_DAYS: u64 = 1;

/// Dictionary `inspection_task_status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskStatus {
    Undoing,
    Doing,
    Finished,
    Expired,
}

pub const TASK_STATUSES: [TaskStatus; 4] =
    [TaskStatus::Undoing, TaskStatus::Doing, TaskStatus::Finished, TaskStatus::Expired];

impl TaskStatus {
    pub fn parse(code: &str) -> Option<Self> {
        TASK_STATUSES.into_iter().find(|status| status.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            TaskStatus::Undoing => "0",
            TaskStatus::Doing => "1",
            TaskStatus::Finished => "2",
            TaskStatus::Expired => "3",
        }
    }
}

/// Whether a task may be dealt with now: it has started, and is neither finished nor past
/// its end (the job may not have marked it yet; the times decide).
pub fn may_deal(status: TaskStatus, start: DateTime<Utc>, end: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Msg> {
    match status {
        TaskStatus::Finished => Err(Msg::InspectionTaskFinished),
        TaskStatus::Expired => Err(Msg::InspectionTaskExpired),
        _ if now > end => Err(Msg::InspectionTaskExpired),
        _ if now < start => Err(Msg::InspectionTaskNotStarted),
        TaskStatus::Undoing | TaskStatus::Doing => Ok(()),
    }
}

/// Dictionary `inspection_period`: how often a plan's route is walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Daily,
    Weekly,
    Monthly,
}

impl Period {
    pub fn parse(code: &str) -> Option<Self> {
        [Period::Daily, Period::Weekly, Period::Monthly].into_iter().find(|p| p.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            Period::Daily => "1",
            Period::Weekly => "2",
            Period::Monthly => "3",
        }
    }

    /// The first day of the `n`th period counted from `start` (the 0th is `start`): a
    /// calendar month later is the same day of the month, or the month's last day.
    pub fn nth(self, start: NaiveDate, n: u32) -> Option<NaiveDate> {
        match self {
            Period::Daily => start.checked_add_days(Days::new(u64::from(n))),
            Period::Weekly => start.checked_add_days(Days::new(7 * u64::from(n))),
            Period::Monthly => start.checked_add_months(Months::new(n)),
        }
    }

    /// A period number at or before the one running on `day` (0 before `start`).
    fn at_or_before(self, start: NaiveDate, day: NaiveDate) -> u32 {
        let days = (day - start).num_days().max(0);
        let n = match self {
            Period::Daily => days,
            Period::Weekly => days / 7,
            // A month has at least 28 days: this never passes the running period.
            Period::Monthly => days / 31,
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}

/// Dictionary `inspection_point_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointType {
    /// A gateway of the project.
    Device,
    /// An address of the project.
    Address,
}

impl PointType {
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "1" => Some(PointType::Device),
            "2" => Some(PointType::Address),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            PointType::Device => "1",
            PointType::Address => "2",
        }
    }
}

/// Dictionary `inspection_result`.
pub const RESULT_NORMAL: &str = "1";
pub const RESULT_ABNORMAL: &str = "2";

/// Plan status: enabled plans make tasks.
pub const PLAN_ENABLED: &str = "0";
pub const PLAN_DISABLED: &str = "1";

fn name(text: &str, max: usize) -> Result<String, Msg> {
    bounded(text, max).ok_or(Msg::InspectionNameInvalid { max })
}

fn remark(text: &str) -> Result<String, Msg> {
    let remark = text.trim();
    if remark.chars().count() > MAX_REMARK_CHARS {
        return Err(Msg::InspectionRemarkTooLong);
    }
    Ok(remark.to_owned())
}

/// A team as sent, unchecked.
#[derive(Debug, Default)]
pub struct RawTeam<'a> {
    pub team_name: &'a str,
    pub member_ids: &'a [i64],
    pub remark: &'a str,
}

/// A team to save: its members' user ids in the order given, each once (identity then says
/// each is an enabled user of the project).
#[derive(Debug, Clone, PartialEq)]
pub struct TeamDraft {
    pub name: String,
    pub member_ids: Vec<i64>,
    pub remark: String,
}

impl TeamDraft {
    pub fn parse(raw: &RawTeam<'_>) -> Result<Self, Msg> {
        let name = name(raw.team_name, MAX_NAME_CHARS)?;
        let mut seen = HashSet::new();
        let member_ids: Vec<i64> = raw.member_ids.iter().copied().filter(|id| seen.insert(*id)).collect();
        if member_ids.is_empty() || member_ids.len() > MAX_MEMBERS || member_ids.iter().any(|id| *id <= 0) {
            return Err(Msg::InspectionMembersInvalid);
        }
        Ok(Self { name, member_ids, remark: remark(raw.remark)? })
    }
}

/// A route as sent: its points as (type code, id), in the order walked.
#[derive(Debug, Default)]
pub struct RawRoute<'a> {
    pub route_name: &'a str,
    pub points: &'a [(&'a str, i64)],
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RouteDraft {
    pub name: String,
    pub points: Vec<(PointType, i64)>,
    pub remark: String,
}

impl RouteDraft {
    pub fn parse(raw: &RawRoute<'_>) -> Result<Self, Msg> {
        let name = name(raw.route_name, MAX_NAME_CHARS)?;
        if raw.points.is_empty() || raw.points.len() > MAX_POINTS {
            return Err(Msg::InspectionPointsInvalid);
        }
        let mut points = Vec::with_capacity(raw.points.len());
        let mut seen = HashSet::new();
        for &(code, id) in raw.points {
            let kind = PointType::parse(code.trim()).ok_or(Msg::InspectionPointTypeInvalid)?;
            if id <= 0 {
                return Err(Msg::InspectionPointNotFound);
            }
            if !seen.insert((kind, id)) {
                return Err(Msg::InspectionPointDuplicate);
            }
            points.push((kind, id));
        }
        Ok(Self { name, points, remark: remark(raw.remark)? })
    }
}

/// A plan as sent, unchecked.
#[derive(Debug, Default)]
pub struct RawPlan<'a> {
    pub plan_name: &'a str,
    pub route_id: i64,
    pub team_id: i64,
    pub period: &'a str,
    pub start_date: &'a str,
    pub end_date: &'a str,
    pub status: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlanDraft {
    pub name: String,
    pub route_id: i64,
    pub team_id: i64,
    pub period: Period,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// "0" enabled, "1" disabled.
    pub status: &'static str,
    pub remark: String,
}

impl PlanDraft {
    /// The first rule `raw` breaks, else the plan. `today` is the server's local date; `kept`
    /// is the start date an edited plan has now, which may stay although it has passed.
    pub fn parse(raw: &RawPlan<'_>, today: NaiveDate, kept: Option<NaiveDate>) -> Result<Self, Msg> {
        let name = name(raw.plan_name, MAX_NAME_CHARS)?;
        if raw.route_id <= 0 {
            return Err(Msg::InspectionRouteRequired);
        }
        if raw.team_id <= 0 {
            return Err(Msg::InspectionTeamRequired);
        }
        let period = Period::parse(raw.period.trim()).ok_or(Msg::InspectionPeriodInvalid)?;
        let msgs = RangeMessages {
            required: Msg::InspectionPlanDatesRequired,
            past: Msg::InspectionPlanDatePast,
            start_after_end: Msg::InspectionPlanStartAfterEnd,
        };
        let (start_date, end_date) = date_range(raw.start_date, raw.end_date, today, kept, msgs)?;
        let status = match raw.status.trim() {
            "" | PLAN_ENABLED => PLAN_ENABLED,
            PLAN_DISABLED => PLAN_DISABLED,
            _ => return Err(Msg::InspectionPlanStatusInvalid),
        };
        Ok(Self {
            name,
            route_id: raw.route_id,
            team_id: raw.team_id,
            period,
            start_date,
            end_date,
            status,
            remark: remark(raw.remark)?,
        })
    }
}

/// A task added by hand, as sent.
#[derive(Debug, Default)]
pub struct RawTask<'a> {
    pub task_name: &'a str,
    pub route_id: i64,
    pub team_id: i64,
    pub start_time: &'a str,
    pub end_time: &'a str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TaskDraft {
    pub name: String,
    pub route_id: i64,
    pub team_id: i64,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl TaskDraft {
    pub fn parse(raw: &RawTask<'_>) -> Result<Self, Msg> {
        let name = name(raw.task_name, MAX_TASK_NAME_CHARS)?;
        if raw.route_id <= 0 {
            return Err(Msg::InspectionRouteRequired);
        }
        if raw.team_id <= 0 {
            return Err(Msg::InspectionTeamRequired);
        }
        let (Some(start), Some(end)) = (local_time(raw.start_time.trim()), local_time(raw.end_time.trim())) else {
            return Err(Msg::InspectionTaskTimesRequired);
        };
        if start > end {
            return Err(Msg::InspectionTaskStartAfterEnd);
        }
        Ok(Self { name, route_id: raw.route_id, team_id: raw.team_id, start, end })
    }
}

/// One point's result as sent.
#[derive(Debug, Default, Clone)]
pub struct RawResult<'a> {
    pub point_id: i64,
    pub result: &'a str,
    pub remark: &'a str,
    pub work_order: bool,
    pub question_type: &'a str,
}

/// One point's result, checked; `question_type` is set when it opens a work order.
#[derive(Debug, Clone, PartialEq)]
pub struct PointResult {
    pub point_id: i64,
    pub abnormal: bool,
    pub remark: String,
    pub question_type: Option<&'static str>,
}

/// What dealing with a task records, checked against the task's points.
#[derive(Debug, Clone, PartialEq)]
pub struct DealSpec {
    pub description: String,
    /// In the order of `point_ids`.
    pub results: Vec<PointResult>,
}

impl DealSpec {
    /// `point_ids`: the task's points; each needs exactly one result, and no other point may
    /// have one.
    pub fn parse(description: &str, results: &[RawResult<'_>], point_ids: &[i64]) -> Result<Self, Msg> {
        let description = bounded(description, MAX_DESCRIPTION_CHARS).ok_or(Msg::InspectionDescriptionRequired)?;
        if results.len() != point_ids.len() {
            return Err(Msg::InspectionResultsIncomplete);
        }
        let mut checked = Vec::with_capacity(point_ids.len());
        for point_id in point_ids {
            let mut given = results.iter().filter(|r| r.point_id == *point_id);
            let (Some(raw), None) = (given.next(), given.next()) else {
                return Err(Msg::InspectionResultsIncomplete);
            };
            let abnormal = match raw.result.trim() {
                RESULT_NORMAL => false,
                RESULT_ABNORMAL => true,
                _ => return Err(Msg::InspectionResultInvalid),
            };
            let question_type = match (raw.work_order, abnormal) {
                (false, _) => None,
                (true, false) => return Err(Msg::InspectionWorkOrderNotAbnormal),
                (true, true) => {
                    let code = match raw.question_type.trim() {
                        "" => QUESTION_OTHER,
                        code => code,
                    };
                    Some(*QUESTIONS.iter().find(|q| **q == code).ok_or(Msg::WorkOrderQuestionInvalid)?)
                }
            };
            checked.push(PointResult { point_id: *point_id, abnormal, remark: remark(raw.remark)?, question_type });
        }
        Ok(Self { description, results: checked })
    }
}

/// The lists' filters as sent.
#[derive(Debug, Default)]
pub struct RawListFilter<'a> {
    pub keyword: &'a str,
    pub status: &'a str,
}

/// The lists' filters, checked: the keyword trimmed, the status empty or a known code of the
/// list's statuses.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ListFilter {
    pub keyword: String,
    pub status: String,
}

impl ListFilter {
    /// `statuses`: the codes the list knows; `invalid`, the message for another.
    pub fn parse(raw: &RawListFilter<'_>, statuses: &[&str], invalid: Msg) -> Result<Self, Msg> {
        let keyword = keyword(raw.keyword)?;
        let status = raw.status.trim();
        if !status.is_empty() && !statuses.contains(&status) {
            return Err(invalid);
        }
        Ok(Self { keyword, status: status.to_owned() })
    }
}

pub const PLAN_STATUSES: [&str; 2] = [PLAN_ENABLED, PLAN_DISABLED];
pub const TASK_STATUS_CODES: [&str; 4] = ["0", "1", "2", "3"];

/// One task a plan should have: its period's first day (its name's date) and its times.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub day: NaiveDate,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// Local midnight at the start of `day`, in UTC (the earliest, where a clock change makes
/// two; the next instant, where it makes none).
fn midnight(day: NaiveDate) -> Option<DateTime<Utc>> {
    let naive = day.and_hms_opt(0, 0, 0)?;
    let local = Local.from_local_datetime(&naive);
    local
        .earliest()
        .or_else(|| Local.from_local_datetime(&(naive + chrono::TimeDelta::hours(1))).earliest())
        .map(|at| at.with_timezone(&Utc))
}

/// The tasks a plan should have at `now`: one per period counted from its start date, from
/// the period running now to the last one starting within [`LOOKAHEAD_DAYS`], none starting
/// after its end date. Each runs from its first day's local midnight to the next period's
/// (or the day after the end date, whichever is first); the last instant belongs to the
/// next period, so a task ends one second before it.
pub fn windows(period: Period, start: NaiveDate, end: NaiveDate, now: DateTime<Utc>) -> Vec<Window> {
    let today = now.with_timezone(&Local).date_naive();
    let horizon = now + chrono::TimeDelta::days(LOOKAHEAD_DAYS as i64);
    let Some(after_end) = end.succ_opt() else { return Vec::new() };
    let mut found = Vec::new();
    let mut n = period.at_or_before(start, today);
    // A handful of periods at most are looked at: the bound only guards a bad clock.
    for _ in 0..64 {
        let (Some(day), Some(next)) = (period.nth(start, n), period.nth(start, n.saturating_add(1))) else { break };
        if day > end {
            break;
        }
        let (Some(from), Some(to)) = (midnight(day), midnight(next.min(after_end))) else { break };
        if from > horizon {
            break;
        }
        let until = to - chrono::TimeDelta::seconds(1);
        if until >= now {
            found.push(Window { day, start: from, end: until });
        }
        n = n.saturating_add(1);
    }
    found
}

/// A generated task's name: its plan's and its first day's.
pub fn task_name(plan_name: &str, day: NaiveDate) -> String {
    format!("{plan_name} {}", day.format("%Y-%m-%d"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDateTime, TimeDelta};

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn at(text: &str) -> DateTime<Utc> {
        let naive = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap();
        Local.from_local_datetime(&naive).earliest().unwrap().with_timezone(&Utc)
    }

    fn plan<'a>(start: &'a str, end: &'a str) -> RawPlan<'a> {
        RawPlan {
            plan_name: "东区夜巡",
            route_id: 1,
            team_id: 2,
            period: "1",
            start_date: start,
            end_date: end,
            ..Default::default()
        }
    }

    #[test]
    fn plan_dates_follow_section_5() {
        let today = day("2026-11-27");
        let ok = |raw: RawPlan<'_>| PlanDraft::parse(&raw, today, None);
        assert!(ok(plan("2026-11-27", "2026-11-27")).is_ok());
        assert_eq!(ok(plan("2026-11-28", "2026-12-31")).unwrap().status, PLAN_ENABLED);
        assert_eq!(ok(plan("", "2026-12-31")), Err(Msg::InspectionPlanDatesRequired));
        assert_eq!(ok(plan("2026-11-27", "")), Err(Msg::InspectionPlanDatesRequired));
        assert_eq!(ok(plan("2026-13-01", "2026-12-31")), Err(Msg::InspectionPlanDatesRequired));
        assert_eq!(ok(plan("2026-11-26", "2026-12-31")), Err(Msg::InspectionPlanDatePast));
        assert_eq!(ok(plan("2026-11-27", "2026-11-26")), Err(Msg::InspectionPlanDatePast));
        assert_eq!(ok(plan("2026-12-02", "2026-12-01")), Err(Msg::InspectionPlanStartAfterEnd));
        // an edit keeps a start that has passed, not another past one
        assert!(PlanDraft::parse(&plan("2026-11-01", "2026-12-31"), today, Some(day("2026-11-01"))).is_ok());
        assert_eq!(
            PlanDraft::parse(&plan("2026-11-02", "2026-12-31"), today, Some(day("2026-11-01"))),
            Err(Msg::InspectionPlanDatePast)
        );
    }

    #[test]
    fn plan_fields_are_checked_in_order() {
        let today = day("2026-11-27");
        let bad = |f: fn(&mut RawPlan<'static>)| {
            let mut raw = plan("2026-11-27", "2026-12-27");
            f(&mut raw);
            PlanDraft::parse(&raw, today, None).unwrap_err()
        };
        assert_eq!(bad(|p| p.plan_name = " "), Msg::InspectionNameInvalid { max: 50 });
        assert_eq!(bad(|p| p.route_id = 0), Msg::InspectionRouteRequired);
        assert_eq!(bad(|p| p.team_id = -1), Msg::InspectionTeamRequired);
        assert_eq!(bad(|p| p.period = "4"), Msg::InspectionPeriodInvalid);
        assert_eq!(bad(|p| p.status = "2"), Msg::InspectionPlanStatusInvalid);
        assert_eq!(bad(|p| p.remark = "长".repeat(501).leak()), Msg::InspectionRemarkTooLong);
    }

    #[test]
    fn task_times_are_required_and_ordered() {
        let raw =
            |start, end| RawTask {
                task_name: "临时巡检", route_id: 1, team_id: 1, start_time: start, end_time: end
            };
        assert!(TaskDraft::parse(&raw("2026-11-27 08:00:00", "2026-11-27 08:00:00")).is_ok());
        assert_eq!(TaskDraft::parse(&raw("", "2026-11-27 09:00:00")), Err(Msg::InspectionTaskTimesRequired));
        assert_eq!(
            TaskDraft::parse(&raw("2026-11-27 08:00", "2026-11-27 09:00:00")),
            Err(Msg::InspectionTaskTimesRequired)
        );
        assert_eq!(
            TaskDraft::parse(&raw("2026-11-27 10:00:00", "2026-11-27 09:00:00")),
            Err(Msg::InspectionTaskStartAfterEnd)
        );
    }

    #[test]
    fn teams_need_members_routes_need_distinct_points() {
        let team =
            |ids: &'static [i64]| TeamDraft::parse(&RawTeam { team_name: "夜巡班", member_ids: ids, remark: "" });
        assert_eq!(team(&[3, 1, 3]).unwrap().member_ids, vec![3, 1]);
        assert_eq!(team(&[]), Err(Msg::InspectionMembersInvalid));
        assert_eq!(team(&[0]), Err(Msg::InspectionMembersInvalid));
        let many: Vec<i64> = (1..=51).collect();
        assert_eq!(
            TeamDraft::parse(&RawTeam { team_name: "夜巡班", member_ids: &many, remark: "" }),
            Err(Msg::InspectionMembersInvalid)
        );

        let route = |points: &'static [(&'static str, i64)]| {
            RouteDraft::parse(&RawRoute { route_name: "东区", points, remark: "" })
        };
        assert_eq!(route(&[("1", 7), ("2", 7)]).unwrap().points, vec![(PointType::Device, 7), (PointType::Address, 7)]);
        assert_eq!(route(&[]), Err(Msg::InspectionPointsInvalid));
        assert_eq!(route(&[("3", 7)]), Err(Msg::InspectionPointTypeInvalid));
        assert_eq!(route(&[("1", 0)]), Err(Msg::InspectionPointNotFound));
        assert_eq!(route(&[("1", 7), ("1", 7)]), Err(Msg::InspectionPointDuplicate));
    }

    #[test]
    fn dealing_needs_a_description_and_a_result_per_point() {
        let normal = |point_id| RawResult { point_id, result: "1", ..Default::default() };
        let spec = DealSpec::parse("一切正常", &[normal(2), normal(1)], &[1, 2]).unwrap();
        assert_eq!(spec.results.iter().map(|r| r.point_id).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(DealSpec::parse(" ", &[normal(1)], &[1]), Err(Msg::InspectionDescriptionRequired));
        assert_eq!(DealSpec::parse("好", &[normal(1)], &[1, 2]), Err(Msg::InspectionResultsIncomplete));
        assert_eq!(DealSpec::parse("好", &[normal(1), normal(1)], &[1, 2]), Err(Msg::InspectionResultsIncomplete));
        assert_eq!(DealSpec::parse("好", &[normal(3)], &[1]), Err(Msg::InspectionResultsIncomplete));
        let odd = RawResult { point_id: 1, result: "3", ..Default::default() };
        assert_eq!(DealSpec::parse("好", &[odd], &[1]), Err(Msg::InspectionResultInvalid));
        let order_for_normal = RawResult { point_id: 1, result: "1", work_order: true, ..Default::default() };
        assert_eq!(DealSpec::parse("好", &[order_for_normal], &[1]), Err(Msg::InspectionWorkOrderNotAbnormal));
        let broken =
            RawResult { point_id: 1, result: "2", work_order: true, remark: "灯杆倾斜", ..Default::default() };
        assert_eq!(
            DealSpec::parse("好", std::slice::from_ref(&broken), &[1]).unwrap().results[0].question_type,
            Some("5")
        );
        let typed = RawResult { question_type: "4", ..broken.clone() };
        assert_eq!(DealSpec::parse("好", &[typed], &[1]).unwrap().results[0].question_type, Some("4"));
        let unknown = RawResult { question_type: "9", ..broken };
        assert_eq!(DealSpec::parse("好", &[unknown], &[1]), Err(Msg::WorkOrderQuestionInvalid));
    }

    #[test]
    fn only_a_started_open_task_is_dealt_with() {
        let (start, end) = (at("2026-11-27 00:00:00"), at("2026-11-27 23:59:59"));
        let noon = at("2026-11-27 12:00:00");
        assert_eq!(may_deal(TaskStatus::Doing, start, end, noon), Ok(()));
        // the job has not moved it yet: the times decide
        assert_eq!(may_deal(TaskStatus::Undoing, start, end, noon), Ok(()));
        assert_eq!(
            may_deal(TaskStatus::Undoing, start, end, start - TimeDelta::seconds(1)),
            Err(Msg::InspectionTaskNotStarted)
        );
        assert_eq!(
            may_deal(TaskStatus::Doing, start, end, end + TimeDelta::seconds(1)),
            Err(Msg::InspectionTaskExpired)
        );
        assert_eq!(may_deal(TaskStatus::Expired, start, end, noon), Err(Msg::InspectionTaskExpired));
        assert_eq!(may_deal(TaskStatus::Finished, start, end, noon), Err(Msg::InspectionTaskFinished));
    }

    #[test]
    fn a_daily_plan_has_today_and_tomorrow() {
        let now = at("2026-11-27 10:00:00");
        let found = windows(Period::Daily, day("2026-11-20"), day("2026-12-31"), now);
        assert_eq!(found.iter().map(|w| w.day).collect::<Vec<_>>(), vec![day("2026-11-27"), day("2026-11-28")]);
        assert_eq!(found[0].start, at("2026-11-27 00:00:00"));
        assert_eq!(found[0].end, at("2026-11-27 23:59:59"));
        // the last day of the plan has no tomorrow
        let last = windows(Period::Daily, day("2026-11-20"), day("2026-11-27"), now);
        assert_eq!(last.iter().map(|w| w.day).collect::<Vec<_>>(), vec![day("2026-11-27")]);
        // a plan not started yet: its first day, once within the look-ahead
        assert_eq!(windows(Period::Daily, day("2026-11-28"), day("2026-12-31"), now).len(), 1);
        assert!(windows(Period::Daily, day("2026-11-30"), day("2026-12-31"), now).is_empty());
        // a plan that is over
        assert!(windows(Period::Daily, day("2026-11-01"), day("2026-11-26"), now).is_empty());
    }

    #[test]
    fn weekly_and_monthly_periods_count_from_the_start_date() {
        let now = at("2026-11-27 10:00:00");
        let weekly = windows(Period::Weekly, day("2026-11-04"), day("2027-03-01"), now);
        assert_eq!(weekly.len(), 1);
        assert_eq!((weekly[0].day, weekly[0].end), (day("2026-11-25"), at("2026-12-01 23:59:59")));
        // the end date cuts the last period short
        let cut = windows(Period::Weekly, day("2026-11-25"), day("2026-11-28"), now);
        assert_eq!(cut[0].end, at("2026-11-28 23:59:59"));
        let monthly = windows(Period::Monthly, day("2026-01-31"), day("2027-12-31"), now);
        assert_eq!(monthly.len(), 1);
        // January 31st plus ten months is November 30th
        assert_eq!((monthly[0].day, monthly[0].end), (day("2026-10-31"), at("2026-11-29 23:59:59")));
    }

    #[test]
    fn list_filters_know_their_statuses() {
        let raw = |status| RawListFilter { keyword: " 东区 ", status };
        assert_eq!(
            ListFilter::parse(&raw("3"), &TASK_STATUS_CODES, Msg::InspectionTaskStatusInvalid).unwrap().keyword,
            "东区"
        );
        assert_eq!(
            ListFilter::parse(&raw("4"), &TASK_STATUS_CODES, Msg::InspectionTaskStatusInvalid),
            Err(Msg::InspectionTaskStatusInvalid)
        );
        assert_eq!(
            ListFilter::parse(&raw("2"), &PLAN_STATUSES, Msg::InspectionPlanStatusInvalid),
            Err(Msg::InspectionPlanStatusInvalid)
        );
        let long = "长".repeat(65);
        assert_eq!(
            ListFilter::parse(
                &RawListFilter { keyword: &long, status: "" },
                &PLAN_STATUSES,
                Msg::InspectionPlanStatusInvalid
            ),
            Err(Msg::BadRequest)
        );
    }
}
