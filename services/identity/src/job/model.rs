//! Job rules: fields, the cron expression and its next fire times. Pure: no I/O.

use chrono::{DateTime, Local, Utc};
use croner::Cron;
use croner::parser::{CronParser, Seconds, Year};
use lumiscape_common::i18n::Msg;

use super::handlers::Handler;
use crate::dept::model::parse_status;

pub const MAX_NAME_CHARS: usize = 64;
pub const MAX_CRON_LEN: usize = 255;
/// A firing later than this after its time is a misfire, handled by the job's policy.
pub const MISFIRE_AFTER_SECONDS: i64 = 60;

/// Parses a cron expression as RuoYi's (Quartz) writes it: seconds first and optional, a
/// year last and optional, `?` and Quartz's weekdays (1 is Sunday), `0/10` steps.
pub fn parse_cron(expression: &str) -> Result<Cron, Msg> {
    let expression = expression.trim();
    if expression.is_empty() || expression.len() > MAX_CRON_LEN {
        return Err(Msg::CronInvalid);
    }
    CronParser::builder()
        .seconds(Seconds::Optional)
        .year(Year::Optional)
        .alternative_weekdays(true)
        .sloppy_ranges(true)
        .build()
        .parse(expression)
        .map_err(|_| Msg::CronInvalid)
}

/// The next `count` fire times after `after`, in the server's time zone.
pub fn next_times(cron: &Cron, after: DateTime<Utc>, count: usize) -> Vec<DateTime<Utc>> {
    let mut times = Vec::with_capacity(count);
    let mut at = after.with_timezone(&Local);
    while times.len() < count {
        match cron.find_next_occurrence(&at, false) {
            Ok(next) => {
                times.push(next.with_timezone(&Utc));
                at = next;
            }
            Err(_) => break,
        }
    }
    times
}

/// What the form sent.
#[derive(Debug, Clone, Default)]
pub struct RawJob<'a> {
    pub job_name: &'a str,
    pub job_group: &'a str,
    pub invoke_target: &'a str,
    pub cron_expression: &'a str,
    pub misfire_policy: &'a str,
    pub concurrent: &'a str,
    pub failure_strategy: &'a str,
    pub status: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobDraft {
    pub job_name: String,
    pub job_group: String,
    pub handler: Handler,
    pub cron_expression: String,
    /// RuoYi's: '0' default, '1' fire at once, '2' fire once, '3' do nothing.
    pub misfire_policy: String,
    /// '0' runs may overlap, '1' they may not.
    pub concurrent: String,
    /// '0' log the failure, '1' also pause the job.
    pub failure_strategy: String,
    pub status: String,
    pub remark: String,
}

impl JobDraft {
    pub fn parse(raw: &RawJob<'_>) -> Result<Self, Msg> {
        let job_name = raw.job_name.trim();
        if job_name.is_empty() || job_name.chars().count() > MAX_NAME_CHARS {
            return Err(Msg::JobNameInvalid);
        }
        let job_group = match raw.job_group.trim() {
            "" => "DEFAULT",
            g if g.len() <= MAX_NAME_CHARS && lumiscape_common::text::is_code(g) => g,
            _ => return Err(Msg::JobGroupInvalid),
        };
        let handler = Handler::from_key(raw.invoke_target.trim()).ok_or(Msg::JobTargetInvalid)?;
        parse_cron(raw.cron_expression)?;
        let code = |text: &str, default: &'static str, allowed: &[&'static str], invalid: Msg| -> Result<String, Msg> {
            match text.trim() {
                "" => Ok(default.to_owned()),
                t => allowed.iter().find(|a| **a == t).map(|a| (*a).to_owned()).ok_or(invalid),
            }
        };
        let remark = raw.remark.trim();
        if remark.chars().count() > 200 {
            return Err(Msg::RemarkInvalid);
        }
        Ok(Self {
            job_name: job_name.to_owned(),
            job_group: job_group.to_owned(),
            handler,
            cron_expression: raw.cron_expression.trim().to_owned(),
            misfire_policy: code(raw.misfire_policy, "3", &["0", "1", "2", "3"], Msg::JobPolicyInvalid)?,
            concurrent: code(raw.concurrent, "1", &["0", "1"], Msg::JobPolicyInvalid)?,
            failure_strategy: code(raw.failure_strategy, "0", &["0", "1"], Msg::JobPolicyInvalid)?,
            // A new job starts paused unless said otherwise, as RuoYi's.
            status: if raw.status.trim().is_empty() { "1".to_owned() } else { parse_status(raw.status)?.to_owned() },
            remark: remark.to_owned(),
        })
    }
}

/// What a due firing does, by the job's misfire policy: `true` to run it.
pub fn runs_when_late(misfire_policy: &str, late_by_seconds: i64) -> bool {
    late_by_seconds <= MISFIRE_AFTER_SECONDS || misfire_policy != "3"
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn quartz_expressions_parse_and_give_their_next_times() {
        for ok in ["0/10 * * * * ?", "0 0 2 * * ?", "*/5 * * * *", "0 30 18 ? * MON-FRI", "0 0 0 L * ?"] {
            assert!(parse_cron(ok).is_ok(), "{ok}");
        }
        for bad in ["", "every minute", "61 * * * * ?", "* * * * * * * *", "0 0 25 * * ?"] {
            assert_eq!(parse_cron(bad).err(), Some(Msg::CronInvalid), "{bad}");
        }
        let every_ten = parse_cron("0/10 * * * * ?").unwrap();
        let start = Utc.with_ymd_and_hms(2026, 11, 24, 8, 0, 3).unwrap();
        let times = next_times(&every_ten, start, 5);
        let seconds: Vec<u32> = times.iter().map(chrono::Timelike::second).collect();
        assert_eq!(seconds, [10, 20, 30, 40, 50]);
    }

    #[test]
    fn a_job_names_a_registered_handler_and_a_valid_cron() {
        let raw = RawJob {
            job_name: "清理登录日志",
            invoke_target: "cleanLoginLog",
            cron_expression: "0 0 3 * * ?",
            ..RawJob::default()
        };
        let draft = JobDraft::parse(&raw).unwrap();
        assert_eq!((draft.job_group.as_str(), draft.status.as_str(), draft.concurrent.as_str()), ("DEFAULT", "1", "1"));
        let cases: Vec<(RawJob<'_>, Msg)> = vec![
            (RawJob { job_name: "", ..raw.clone() }, Msg::JobNameInvalid),
            (RawJob { invoke_target: "ryTask.ryParams('x')", ..raw.clone() }, Msg::JobTargetInvalid),
            (
                RawJob { invoke_target: "java.lang.Runtime.getRuntime().exec('id')", ..raw.clone() },
                Msg::JobTargetInvalid,
            ),
            (RawJob { cron_expression: "0 0 99 * * ?", ..raw.clone() }, Msg::CronInvalid),
            (RawJob { misfire_policy: "7", ..raw.clone() }, Msg::JobPolicyInvalid),
            (RawJob { job_group: "a b", ..raw.clone() }, Msg::JobGroupInvalid),
        ];
        for (input, expected) in cases {
            assert_eq!(JobDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
    }

    #[test]
    fn a_late_firing_follows_the_misfire_policy() {
        assert!(runs_when_late("3", 5));
        assert!(!runs_when_late("3", 3600));
        assert!(runs_when_late("2", 3600));
    }
}
