//! A work order's life, pure: its statuses, the actions of the spec, and the one table that
//! says which action moves which status where. Every refusal is a `Msg` in both languages.
//!
//! ```text
//!   unassigned --dispatch--> in progress --process complete--> pending confirmation --confirm--> completed
//!        ^                    |   ^  (assign: another handler)        |
//!        +-------return-------+   +---------------return--------------+
//!   close: from unassigned, in progress or pending confirmation, with a reason
//! ```

use chrono::{DateTime, TimeDelta, Utc};
use lumiscape_common::i18n::Msg;

pub use crate::rules::MAX_KEYWORD_CHARS;
use crate::rules::{bounded, keyword, local_time};

/// Longest description, address, note, evaluation and close reason, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 1000;
pub const MAX_ADDRESS_CHARS: usize = 200;
pub const MAX_NOTE_CHARS: usize = 500;
pub const MAX_EVALUATION_CHARS: usize = 500;
pub const MAX_CLOSE_REASON_CHARS: usize = 200;
/// Attachments of one order or one step (stored paths of the file upload).
pub const MAX_ATTACHMENTS: usize = 9;
const MAX_ATTACHMENT_CHARS: usize = 500;
/// A flap: an alarm raised again within this time of the last alarm of its open order joins
/// that order instead of opening another.
pub const FLAP_WINDOW: TimeDelta = TimeDelta::minutes(30);

/// Dictionary `work_order_status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Unassigned,
    InProgress,
    PendingConfirmation,
    Completed,
    Closed,
}

pub const STATUSES: [Status; 5] =
    [Status::Unassigned, Status::InProgress, Status::PendingConfirmation, Status::Completed, Status::Closed];

impl Status {
    pub fn parse(code: &str) -> Option<Self> {
        STATUSES.into_iter().find(|status| status.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            Status::Unassigned => "0",
            Status::InProgress => "1",
            Status::PendingConfirmation => "2",
            Status::Completed => "3",
            Status::Closed => "4",
        }
    }

    /// Completed and closed orders take no action.
    pub fn is_final(self) -> bool {
        matches!(self, Status::Completed | Status::Closed)
    }
}

/// The spec's actions on a work order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Give an unassigned order to a handler.
    Dispatch,
    /// Give an order in progress to another handler.
    Assign,
    /// Hand an order back: the handler gives it up (in progress to unassigned), or the
    /// confirmer sends the work back (pending confirmation to in progress).
    Return,
    /// The handler says the work is done.
    ProcessComplete,
    /// The initiator accepts the work, with an evaluation and a score.
    Confirm,
    /// End the order without the work, with a reason.
    Close,
}

pub const ACTIONS: [Action; 6] =
    [Action::Dispatch, Action::Assign, Action::Return, Action::ProcessComplete, Action::Confirm, Action::Close];

impl Action {
    pub fn parse(code: &str) -> Option<Self> {
        ACTIONS.into_iter().find(|action| action.code() == code)
    }

    /// The action's name on the wire and in the process information.
    pub fn code(self) -> &'static str {
        match self {
            Action::Dispatch => "dispatch",
            Action::Assign => "assign",
            Action::Return => "return",
            Action::ProcessComplete => "complete",
            Action::Confirm => "confirm",
            Action::Close => "close",
        }
    }
}

/// Where `action` takes an order in `status`, or why it may not.
pub fn next(status: Status, action: Action) -> Result<Status, Msg> {
    use Action::*;
    use Status::*;
    match (status, action) {
        (Completed | Closed, _) => Err(Msg::WorkOrderFinished),
        (Unassigned, Dispatch) => Ok(InProgress),
        (_, Dispatch) => Err(Msg::WorkOrderNotUnassigned),
        (InProgress, Assign) => Ok(InProgress),
        (InProgress, Return) => Ok(Unassigned),
        (InProgress, ProcessComplete) => Ok(PendingConfirmation),
        (_, Assign | ProcessComplete) => Err(Msg::WorkOrderNotInProgress),
        (PendingConfirmation, Return) => Ok(InProgress),
        (Unassigned, Return) => Err(Msg::WorkOrderNotReturnable),
        (PendingConfirmation, Confirm) => Ok(Completed),
        (_, Confirm) => Err(Msg::WorkOrderNotPendingConfirmation),
        (Unassigned | InProgress | PendingConfirmation, Close) => Ok(Closed),
    }
}

/// Dictionary `work_order_type`.
pub const TYPE_ALARM: &str = "1";
pub const TYPE_REPORTED: &str = "2";
pub const TYPE_INSPECTION: &str = "3";
const TYPES: [&str; 3] = [TYPE_ALARM, TYPE_REPORTED, TYPE_INSPECTION];

/// Dictionary `work_order_question`: lamp out, electrical, communication, damage, other.
pub const QUESTION_OTHER: &str = "5";
pub(crate) const QUESTIONS: [&str; 5] = ["1", "2", "3", "4", QUESTION_OTHER];

/// Dictionary `work_order_urgency`, and the time each gives to finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    Urgent,
    High,
    Normal,
    Low,
}

impl Urgency {
    pub fn parse(code: &str) -> Option<Self> {
        [Urgency::Urgent, Urgency::High, Urgency::Normal, Urgency::Low].into_iter().find(|u| u.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            Urgency::Urgent => "1",
            Urgency::High => "2",
            Urgency::Normal => "3",
            Urgency::Low => "4",
        }
    }

    /// How long after its creation an order of this urgency is due.
    pub fn allowed(self) -> TimeDelta {
        match self {
            Urgency::Urgent => TimeDelta::hours(4),
            Urgency::High => TimeDelta::hours(24),
            Urgency::Normal => TimeDelta::hours(72),
            Urgency::Low => TimeDelta::days(7),
        }
    }

    /// An alarm's order: serious is urgent, main high, secondary (and anything else) normal.
    pub fn of_alarm_level(level: &str) -> Self {
        match level {
            "1" => Urgency::Urgent,
            "2" => Urgency::High,
            _ => Urgency::Normal,
        }
    }
}

/// A work order as the console sent it, unchecked.
#[derive(Debug, Default)]
pub struct RawWorkOrder<'a> {
    pub order_type: &'a str,
    pub question_type: &'a str,
    pub urgency: &'a str,
    pub expected_time: &'a str,
    pub address: &'a str,
    pub description: &'a str,
    pub attachments: &'a [String],
    pub alarm_id: i64,
}

/// A work order to open, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkOrderDraft {
    pub order_type: String,
    pub question_type: String,
    pub urgency: Urgency,
    pub expected_at: Option<DateTime<Utc>>,
    pub address: String,
    pub description: String,
    pub attachments: Vec<String>,
    pub alarm_id: Option<i64>,
}

impl WorkOrderDraft {
    /// The first rule `raw` breaks, else the draft. `now` is when it is opened: an expected
    /// completion time cannot be before it.
    pub fn parse(raw: &RawWorkOrder<'_>, now: DateTime<Utc>) -> Result<Self, Msg> {
        let order_type = raw.order_type.trim();
        if !TYPES.contains(&order_type) {
            return Err(Msg::WorkOrderTypeInvalid);
        }
        let question_type = raw.question_type.trim();
        if !QUESTIONS.contains(&question_type) {
            return Err(Msg::WorkOrderQuestionInvalid);
        }
        let urgency = Urgency::parse(raw.urgency.trim()).ok_or(Msg::WorkOrderUrgencyInvalid)?;
        let expected_at = match raw.expected_time.trim() {
            "" => None,
            text => Some(local_time(text).filter(|at| *at >= now).ok_or(Msg::WorkOrderExpectedTimeInvalid)?),
        };
        let description = bounded(raw.description, MAX_DESCRIPTION_CHARS).ok_or(Msg::WorkOrderDescriptionInvalid)?;
        let address = raw.address.trim();
        if address.chars().count() > MAX_ADDRESS_CHARS {
            return Err(Msg::WorkOrderAddressTooLong);
        }
        if raw.alarm_id < 0 {
            return Err(Msg::AlarmIdInvalid);
        }
        if order_type == TYPE_ALARM && raw.alarm_id == 0 {
            return Err(Msg::WorkOrderAlarmRequired);
        }
        Ok(Self {
            order_type: order_type.to_owned(),
            question_type: question_type.to_owned(),
            urgency,
            expected_at,
            address: address.to_owned(),
            description,
            attachments: attachments(raw.attachments)?,
            alarm_id: (raw.alarm_id > 0).then_some(raw.alarm_id),
        })
    }
}

/// An action as the console sent it, unchecked.
#[derive(Debug, Default)]
pub struct RawAction<'a> {
    pub action: &'a str,
    pub handler_id: i64,
    pub note: &'a str,
    pub evaluation: &'a str,
    pub score: &'a str,
    pub close_reason: &'a str,
    pub attachments: &'a [String],
}

/// An action to take, checked: what each needs is there.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionSpec {
    pub action: Action,
    /// Dispatch and assign: the new handler's user id (identity says who it is).
    pub handler_id: Option<i64>,
    pub note: String,
    pub evaluation: String,
    pub score: Option<i16>,
    pub close_reason: String,
    pub attachments: Vec<String>,
}

impl ActionSpec {
    pub fn parse(raw: &RawAction<'_>) -> Result<Self, Msg> {
        let action = Action::parse(raw.action.trim()).ok_or(Msg::WorkOrderActionInvalid)?;
        let note = raw.note.trim();
        if note.chars().count() > MAX_NOTE_CHARS {
            return Err(Msg::WorkOrderNoteInvalid);
        }
        let mut spec = Self {
            action,
            handler_id: None,
            note: note.to_owned(),
            evaluation: String::new(),
            score: None,
            close_reason: String::new(),
            attachments: attachments(raw.attachments)?,
        };
        match action {
            Action::Dispatch | Action::Assign => {
                if raw.handler_id <= 0 {
                    return Err(Msg::WorkOrderHandlerRequired);
                }
                spec.handler_id = Some(raw.handler_id);
            }
            Action::Return | Action::ProcessComplete => {
                if note.is_empty() {
                    return Err(Msg::WorkOrderNoteInvalid);
                }
            }
            Action::Confirm => {
                let score = raw.score.trim().parse::<i16>().ok().filter(|s| (1..=5).contains(s));
                spec.score = Some(score.ok_or(Msg::WorkOrderScoreInvalid)?);
                spec.evaluation = raw.evaluation.trim().to_owned();
                if spec.evaluation.chars().count() > MAX_EVALUATION_CHARS {
                    return Err(Msg::WorkOrderEvaluationTooLong);
                }
            }
            Action::Close => {
                spec.close_reason =
                    bounded(raw.close_reason, MAX_CLOSE_REASON_CHARS).ok_or(Msg::WorkOrderCloseReasonInvalid)?;
            }
        }
        Ok(spec)
    }
}

fn attachments(paths: &[String]) -> Result<Vec<String>, Msg> {
    let paths: Vec<String> = paths.iter().map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()).collect();
    if paths.len() > MAX_ATTACHMENTS || paths.iter().any(|p| p.chars().count() > MAX_ATTACHMENT_CHARS) {
        return Err(Msg::WorkOrderAttachmentsInvalid);
    }
    Ok(paths)
}

/// The list's filters as sent, unchecked.
#[derive(Debug, Default)]
pub struct RawListFilter<'a> {
    pub status: &'a str,
    pub order_type: &'a str,
    pub urgency: &'a str,
    pub keyword: &'a str,
}

/// The list's filters, checked: each empty (no filter) or a known code; the keyword trimmed.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash)]
pub struct ListFilter {
    pub status: String,
    pub order_type: String,
    pub urgency: String,
    pub keyword: String,
}

impl ListFilter {
    pub fn parse(raw: &RawListFilter<'_>) -> Result<Self, Msg> {
        let status = raw.status.trim();
        if !status.is_empty() && Status::parse(status).is_none() {
            return Err(Msg::WorkOrderStatusInvalid);
        }
        let order_type = raw.order_type.trim();
        if !order_type.is_empty() && !TYPES.contains(&order_type) {
            return Err(Msg::WorkOrderTypeInvalid);
        }
        let urgency = raw.urgency.trim();
        if !urgency.is_empty() && Urgency::parse(urgency).is_none() {
            return Err(Msg::WorkOrderUrgencyInvalid);
        }
        let keyword = keyword(raw.keyword)?;
        Ok(Self { status: status.to_owned(), order_type: order_type.to_owned(), urgency: urgency.to_owned(), keyword })
    }
}

/// The flap key of an alarm: its type, gateway and loop.
pub fn flap_key(alarm_type_id: i64, serial: &str, loop_index: u32) -> String {
    format!("{alarm_type_id}:{serial}:{loop_index}")
}

/// The order's number: WO, its creation day (UTC) and its id, six digits at least.
pub fn order_number(created: DateTime<Utc>, id: i64) -> String {
    format!("WO{}{id:06}", created.format("%Y%m%d"))
}

/// Whether an open order is past its due time.
pub fn is_overdue(status: Status, due: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    !status.is_final() && now > due
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Local;

    /// Every (status, action) pair, with what it gives.
    #[test]
    fn every_status_and_action() {
        use Status::*;
        let table: [(Status, [Result<Status, Msg>; 6]); 5] = [
            (
                Unassigned,
                [
                    Ok(InProgress),
                    Err(Msg::WorkOrderNotInProgress),
                    Err(Msg::WorkOrderNotReturnable),
                    Err(Msg::WorkOrderNotInProgress),
                    Err(Msg::WorkOrderNotPendingConfirmation),
                    Ok(Closed),
                ],
            ),
            (
                InProgress,
                [
                    Err(Msg::WorkOrderNotUnassigned),
                    Ok(InProgress),
                    Ok(Unassigned),
                    Ok(PendingConfirmation),
                    Err(Msg::WorkOrderNotPendingConfirmation),
                    Ok(Closed),
                ],
            ),
            (
                PendingConfirmation,
                [
                    Err(Msg::WorkOrderNotUnassigned),
                    Err(Msg::WorkOrderNotInProgress),
                    Ok(InProgress),
                    Err(Msg::WorkOrderNotInProgress),
                    Ok(Completed),
                    Ok(Closed),
                ],
            ),
            (Completed, [const { Err(Msg::WorkOrderFinished) }; 6]),
            (Closed, [const { Err(Msg::WorkOrderFinished) }; 6]),
        ];
        for (status, outcomes) in table {
            for (action, outcome) in ACTIONS.into_iter().zip(outcomes) {
                assert_eq!(next(status, action), outcome, "{status:?} {action:?}");
            }
        }
    }

    #[test]
    fn codes_read_back() {
        for status in STATUSES {
            assert_eq!(Status::parse(status.code()), Some(status));
        }
        for action in ACTIONS {
            assert_eq!(Action::parse(action.code()), Some(action));
        }
        assert_eq!(Status::parse("5"), None);
        assert_eq!(Action::parse("reopen"), None);
    }

    fn raw() -> RawWorkOrder<'static> {
        RawWorkOrder {
            order_type: "2",
            question_type: "1",
            urgency: "3",
            description: "Lamp 12 on the east bank is out",
            ..Default::default()
        }
    }

    #[test]
    fn a_work_order_is_checked_field_by_field() {
        let now = Utc::now();
        let draft = WorkOrderDraft::parse(&raw(), now).unwrap();
        assert_eq!((draft.urgency, draft.alarm_id, draft.expected_at), (Urgency::Normal, None, None));
        let cases: [(RawWorkOrder<'static>, Msg); 9] = [
            (RawWorkOrder { order_type: "9", ..raw() }, Msg::WorkOrderTypeInvalid),
            (RawWorkOrder { question_type: "", ..raw() }, Msg::WorkOrderQuestionInvalid),
            (RawWorkOrder { urgency: "0", ..raw() }, Msg::WorkOrderUrgencyInvalid),
            (RawWorkOrder { expected_time: "2020-01-01 00:00:00", ..raw() }, Msg::WorkOrderExpectedTimeInvalid),
            (RawWorkOrder { expected_time: "tomorrow", ..raw() }, Msg::WorkOrderExpectedTimeInvalid),
            (RawWorkOrder { description: "  ", ..raw() }, Msg::WorkOrderDescriptionInvalid),
            (RawWorkOrder { alarm_id: -1, ..raw() }, Msg::AlarmIdInvalid),
            (RawWorkOrder { order_type: "1", ..raw() }, Msg::WorkOrderAlarmRequired),
            (RawWorkOrder { description: "", order_type: "x", ..raw() }, Msg::WorkOrderTypeInvalid),
        ];
        for (raw, msg) in cases {
            assert_eq!(WorkOrderDraft::parse(&raw, now), Err(msg), "{raw:?}");
        }
        let long = "x".repeat(MAX_DESCRIPTION_CHARS + 1);
        assert_eq!(
            WorkOrderDraft::parse(&RawWorkOrder { description: &long, ..raw() }, now),
            Err(Msg::WorkOrderDescriptionInvalid)
        );
        let many = vec!["/profile/upload/a.png".to_owned(); MAX_ATTACHMENTS + 1];
        assert_eq!(
            WorkOrderDraft::parse(&RawWorkOrder { attachments: &many, ..raw() }, now),
            Err(Msg::WorkOrderAttachmentsInvalid)
        );
        let later = (Local::now() + TimeDelta::days(1)).format("%Y-%m-%d %H:%M:%S").to_string();
        let draft = WorkOrderDraft::parse(&RawWorkOrder { expected_time: &later, ..raw() }, now).unwrap();
        assert!(draft.expected_at.is_some_and(|at| at > now));
    }

    #[test]
    fn each_action_needs_what_it_records() {
        let ok = |raw: RawAction<'_>| ActionSpec::parse(&raw);
        assert_eq!(ok(RawAction { action: "reopen", ..Default::default() }), Err(Msg::WorkOrderActionInvalid));
        assert_eq!(ok(RawAction { action: "dispatch", ..Default::default() }), Err(Msg::WorkOrderHandlerRequired));
        assert_eq!(
            ok(RawAction { action: "assign", handler_id: -3, ..Default::default() }),
            Err(Msg::WorkOrderHandlerRequired)
        );
        let dispatch = ok(RawAction { action: "dispatch", handler_id: 7, ..Default::default() });
        assert_eq!(dispatch.unwrap().handler_id, Some(7));
        assert_eq!(ok(RawAction { action: "return", ..Default::default() }), Err(Msg::WorkOrderNoteInvalid));
        assert_eq!(
            ok(RawAction { action: "complete", note: " ", ..Default::default() }),
            Err(Msg::WorkOrderNoteInvalid)
        );
        assert_eq!(
            ok(RawAction { action: "confirm", score: "6", ..Default::default() }),
            Err(Msg::WorkOrderScoreInvalid)
        );
        assert_eq!(
            ok(RawAction { action: "confirm", score: "", ..Default::default() }),
            Err(Msg::WorkOrderScoreInvalid)
        );
        let confirm =
            ok(RawAction { action: "confirm", score: "5", evaluation: "Fast", ..Default::default() }).unwrap();
        assert_eq!((confirm.score, confirm.evaluation.as_str()), (Some(5), "Fast"));
        assert_eq!(ok(RawAction { action: "close", ..Default::default() }), Err(Msg::WorkOrderCloseReasonInvalid));
        let close = ok(RawAction { action: "close", close_reason: " duplicate ", ..Default::default() }).unwrap();
        assert_eq!(close.close_reason, "duplicate");
    }

    #[test]
    fn the_list_filters_are_empty_or_known_codes() {
        let parse = |raw: RawListFilter<'_>| ListFilter::parse(&raw);
        assert_eq!(parse(RawListFilter::default()), Ok(ListFilter::default()));
        let all = parse(RawListFilter { status: " 2 ", order_type: "3", urgency: "1", keyword: " WO2026 " }).unwrap();
        assert_eq!((all.status.as_str(), all.keyword.as_str()), ("2", "WO2026"));
        assert_eq!(parse(RawListFilter { status: "7", ..Default::default() }), Err(Msg::WorkOrderStatusInvalid));
        assert_eq!(parse(RawListFilter { order_type: "0", ..Default::default() }), Err(Msg::WorkOrderTypeInvalid));
        assert_eq!(parse(RawListFilter { urgency: "5", ..Default::default() }), Err(Msg::WorkOrderUrgencyInvalid));
        let long = "x".repeat(MAX_KEYWORD_CHARS + 1);
        assert_eq!(parse(RawListFilter { keyword: &long, ..Default::default() }), Err(Msg::BadRequest));
        let longest = "工".repeat(MAX_KEYWORD_CHARS);
        assert!(parse(RawListFilter { keyword: &longest, ..Default::default() }).is_ok());
    }

    #[test]
    fn urgency_sets_the_due_time_and_overdue_is_open_only() {
        let now = Utc::now();
        assert_eq!(Urgency::of_alarm_level("1"), Urgency::Urgent);
        assert_eq!(Urgency::of_alarm_level("3"), Urgency::Normal);
        assert!(Urgency::Urgent.allowed() < Urgency::Low.allowed());
        let due = now - TimeDelta::minutes(1);
        assert!(is_overdue(Status::InProgress, due, now));
        assert!(!is_overdue(Status::Completed, due, now));
        assert!(!is_overdue(Status::Unassigned, now + TimeDelta::minutes(1), now));
        assert_eq!(order_number(DateTime::from_timestamp(0, 0).unwrap(), 42), "WO19700101000042");
    }
}
