//! The alarm gRPC service: the real-time and history lists, the detail, closing and
//! processing, the open count. Each method authorizes, calls its inner function and maps
//! the error once; the rules live in `model`, the transactions in `store`.

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::coalesce::Coalesced;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::alarm::{history, realtime};
use lumiscape_common::permission::project::project;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::alarm::v1 as pb;
use lumiscape_proto::alarm::v1::alarm_service_server::AlarmService;
use tonic::{Request, Response, Status};

use super::model::{self, AlarmStatus, Bound, ChangeKind, TrendSpan};
use super::store::{self, AlarmFilter, AlarmRow};
use crate::Shared;
use crate::alarm_type::model::Level;

/// Longest device name filter accepted.
const MAX_DEVICE_FILTER: usize = 120;

pub struct AlarmApi {
    shared: Shared,
    /// The home page's open alarms by project, read once for the callers who ask at once.
    open_counts: Coalesced<i64, (i64, [i64; 3]), Error>,
}

impl AlarmApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared, open_counts: Coalesced::new() }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl AlarmService for AlarmApi {
    async fn list_alarms(&self, request: Request<pb::ListAlarmsRequest>) -> Reply<pb::ListAlarmsResponse> {
        let permission = if request.get_ref().open_only { realtime::LIST } else { history::LIST };
        let access = authorize(&self.shared.auth, &request, &[permission]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_alarm(&self, request: Request<pb::GetAlarmRequest>) -> Reply<pb::Alarm> {
        let access = authorize(&self.shared.auth, &request, &[realtime::QUERY, history::QUERY]).await?;
        self.get(&access, request.get_ref().alarm_id).await.reply(access.lang())
    }

    async fn close_alarm(&self, request: Request<pb::CloseAlarmRequest>) -> Reply<pb::CloseAlarmResponse> {
        let access = authorize(&self.shared.auth, &request, &[realtime::EDIT]).await?;
        let req = request.get_ref();
        self.close(&access, req.alarm_id, &req.close_reason).await.reply(access.lang())
    }

    async fn process_alarm(&self, request: Request<pb::ProcessAlarmRequest>) -> Reply<pb::ProcessAlarmResponse> {
        let access = authorize(&self.shared.auth, &request, &[realtime::EDIT]).await?;
        self.process(&access, request.get_ref().alarm_id).await.reply(access.lang())
    }

    async fn count_open_alarms(
        &self,
        request: Request<pb::CountOpenAlarmsRequest>,
    ) -> Reply<pb::CountOpenAlarmsResponse> {
        let access = authorize(&self.shared.auth, &request, &[realtime::LIST, project::REMOVE]).await?;
        self.count_open(&access).await.reply(access.lang())
    }

    async fn alarm_trend(&self, request: Request<pb::AlarmTrendRequest>) -> Reply<pb::AlarmTrendResponse> {
        let access = authorize(&self.shared.auth, &request, &[realtime::LIST, history::LIST]).await?;
        self.trend(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl AlarmApi {
    /// The project's open alarms by level. The home page asks thousands of times a second for
    /// the same project, so the callers who ask while a count runs share the next one
    /// (`lumiscape_common::coalesce`): each still gets a count read after it asked.
    async fn count_open(&self, access: &InProject) -> Result<pb::CountOpenAlarmsResponse, Error> {
        let (pool, project_id) = (self.shared.pool.clone(), access.project_id);
        let read = move || async move { store::count_open(&pool, project_id).await.map_err(Error::from) };
        let (count, [serious, main, secondary]) = self.open_counts.get(project_id, read).await?;
        Ok(pb::CountOpenAlarmsResponse { count, serious, main, secondary })
    }

    /// Every day of the span, zeros included, with its alarms by level.
    async fn trend(&self, access: &InProject, req: &pb::AlarmTrendRequest) -> Result<pb::AlarmTrendResponse, Error> {
        let span = TrendSpan::parse(req.days, req.utc_offset_minutes, chrono::Utc::now())?;
        let counted =
            store::trend(&self.shared.pool, access.project_id, span.start, span.end, span.offset_minutes).await?;
        let days = span
            .dates()
            .map(|date| {
                let mut day = pb::AlarmTrendDay { date: date.to_string(), ..Default::default() };
                for (_, level, count) in counted.iter().filter(|(d, _, _)| *d == date) {
                    match Level::from_code(level) {
                        Some(Level::Serious) => day.serious += count,
                        Some(Level::Main) => day.main += count,
                        Some(Level::Secondary) => day.secondary += count,
                        Some(Level::Unspecified) | None => {}
                    }
                }
                day
            })
            .collect();
        Ok(pb::AlarmTrendResponse { days })
    }

    async fn list(&self, access: &InProject, req: &pb::ListAlarmsRequest) -> Result<pb::ListAlarmsResponse, Error> {
        let filter = alarm_filter(req)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListAlarmsResponse { rows: rows.into_iter().map(|r| to_wire(r, None)).collect(), total })
    }

    async fn get(&self, access: &InProject, alarm_id: i64) -> Result<pb::Alarm, Error> {
        let id = valid_id(alarm_id)?;
        let row = store::find(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AlarmNotFound))?;
        Ok(to_wire(row, Some(access.lang())))
    }

    async fn close(&self, access: &InProject, alarm_id: i64, reason: &str) -> Result<pb::CloseAlarmResponse, Error> {
        let id = valid_id(alarm_id)?;
        let reason = model::close_reason(reason)?;
        self.change(access, id, ChangeKind::Closed, &reason).await?;
        Ok(pb::CloseAlarmResponse {})
    }

    async fn process(&self, access: &InProject, alarm_id: i64) -> Result<pb::ProcessAlarmResponse, Error> {
        let id = valid_id(alarm_id)?;
        self.change(access, id, ChangeKind::Processing, "").await?;
        Ok(pb::ProcessAlarmResponse {})
    }

    /// Closes (with `reason`) or takes into processing one alarm of the caller's project.
    async fn change(&self, access: &InProject, alarm_id: i64, kind: ChangeKind, reason: &str) -> Result<(), Error> {
        let user = access.user_name();
        let change = store::Change { project_id: access.project_id, alarm_id, kind, reason, user };
        store::change(&self.shared.pool, &self.shared.streams, &change).await?;
        self.shared.outbox.wake();
        tracing::info!(alarm = alarm_id, kind = kind.as_str(), user, "alarm changed");
        Ok(())
    }
}

fn valid_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::AlarmIdInvalid)) }
}

fn alarm_filter(req: &pb::ListAlarmsRequest) -> Result<AlarmFilter, Msg> {
    let level = req.alarm_level.trim();
    if !level.is_empty() && Level::from_code(level).is_none() {
        return Err(Msg::AlarmLevelInvalid);
    }
    let status = req.status.trim();
    if !status.is_empty() && AlarmStatus::parse(status).is_none() {
        return Err(Msg::AlarmStatusInvalid);
    }
    let device_name = req.device_name.trim();
    if device_name.chars().count() > MAX_DEVICE_FILTER {
        return Err(Msg::BadRequest);
    }
    if req.alarm_type_id < 0 {
        return Err(Msg::AlarmTypeIdInvalid);
    }
    Ok(AlarmFilter {
        open_only: req.open_only,
        alarm_type_id: (req.alarm_type_id > 0).then_some(req.alarm_type_id),
        level: level.to_owned(),
        status: status.to_owned(),
        device_name: device_name.to_owned(),
        begin: model::parse_time_bound(&req.begin_time, Bound::Begin)?,
        end: model::parse_time_bound(&req.end_time, Bound::End)?,
    })
}

/// The wire form of an alarm; with a language, its detail sentence too.
fn to_wire(row: AlarmRow, detail_in: Option<Lang>) -> pb::Alarm {
    let detail = detail_in.map_or_else(String::new, |lang| {
        model::detail(&row.trigger_attribute, &row.trigger_comparison, &row.trigger_value_text, row.value).text(lang)
    });
    let mut wire = pb::Alarm {
        alarm_id: row.alarm_id,
        alarm_type_id: row.alarm_type_id,
        alarm_name: row.alarm_name,
        status: row.status,
        device_name: row.device_name,
        gateway_number: row.serial,
        loop_index: u32::try_from(row.loop_index).unwrap_or(0),
        content_zh: row.content_zh,
        content_en: row.content_en,
        value: row.value,
        alarm_time_ms: row.alarm_time.timestamp_millis(),
        end_time_ms: row.end_time.map_or(0, |t| t.timestamp_millis()),
        close_reason: row.close_reason,
        recovered: row.recovered,
        detail,
        ..Default::default()
    };
    wire.set_alarm_level(Level::from_code(&row.alarm_level).unwrap_or(Level::Unspecified));
    wire
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_filters_are_checked() {
        let ok = pb::ListAlarmsRequest {
            open_only: true,
            alarm_type_id: 3,
            status: "1".into(),
            begin_time: "2025-01-01".into(),
            ..Default::default()
        };
        let filter = alarm_filter(&ok).unwrap();
        assert_eq!((filter.alarm_type_id, filter.status.as_str()), (Some(3), "1"));
        assert!(filter.begin.is_some() && filter.end.is_none());
        let bad = |req: pb::ListAlarmsRequest| alarm_filter(&req).unwrap_err();
        assert_eq!(bad(pb::ListAlarmsRequest { status: "9".into(), ..Default::default() }), Msg::AlarmStatusInvalid);
        assert_eq!(
            bad(pb::ListAlarmsRequest { alarm_level: "x".into(), ..Default::default() }),
            Msg::AlarmLevelInvalid
        );
        assert_eq!(bad(pb::ListAlarmsRequest { end_time: "soon".into(), ..Default::default() }), Msg::AlarmTimeInvalid);
        assert_eq!(bad(pb::ListAlarmsRequest { alarm_type_id: -1, ..Default::default() }), Msg::AlarmTypeIdInvalid);
    }
}
