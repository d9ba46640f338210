//! The alarm gRPC service: the real-time and history lists, the detail, closing and
//! processing, the open count. Wire types in and out; the rules live in `model`.

use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::alarm::v1 as pb;
use lumiscape_proto::alarm::v1::alarm_service_server::AlarmService;
use tonic::{Request, Response, Status};

use super::events;
use super::model::{self, AlarmStatus, Bound, ChangeKind};
use super::store::{self, AlarmFilter, AlarmRow};
use crate::Shared;
use crate::access::{InProject, in_project};
use crate::alarm_type::model::Level;
use crate::paging::Page;

const REALTIME_LIST: &[&str] = &["pc:alarm:realtime:list"];
const HISTORY_LIST: &[&str] = &["pc:alarm:history:list"];
const DETAIL: &[&str] = &["pc:alarm:realtime:query", "pc:alarm:history:query"];
const EDIT: &[&str] = &["pc:alarm:realtime:edit"];
/// Longest device name filter accepted.
const MAX_DEVICE_FILTER: usize = 120;

pub struct AlarmApi {
    shared: Shared,
}

impl AlarmApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl AlarmService for AlarmApi {
    async fn list_alarms(
        &self,
        request: Request<pb::ListAlarmsRequest>,
    ) -> Result<Response<pb::ListAlarmsResponse>, Status> {
        let permissions = if request.get_ref().open_only { REALTIME_LIST } else { HISTORY_LIST };
        let access = in_project(&self.shared.auth, &request, permissions).await?;
        let req = request.into_inner();
        let filter = alarm_filter(&req).map_err(|msg| Error::bad_request(msg).into_status(access.lang))?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list(&self.shared.pool, access.project_id, &filter, page).await.or_status(access.lang)?;
        Ok(Response::new(pb::ListAlarmsResponse { rows: rows.into_iter().map(|r| to_wire(r, None)).collect(), total }))
    }

    async fn get_alarm(&self, request: Request<pb::GetAlarmRequest>) -> Result<Response<pb::Alarm>, Status> {
        let access = in_project(&self.shared.auth, &request, DETAIL).await?;
        let id = valid_id(request.get_ref().alarm_id).or_status(access.lang)?;
        let row = store::find(&self.shared.pool, access.project_id, id)
            .await
            .or_status(access.lang)?
            .ok_or_else(|| Error::not_found(Msg::AlarmNotFound).into_status(access.lang))?;
        Ok(Response::new(to_wire(row, Some(access.lang))))
    }

    async fn close_alarm(
        &self,
        request: Request<pb::CloseAlarmRequest>,
    ) -> Result<Response<pb::CloseAlarmResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, EDIT).await?;
        let id = valid_id(request.get_ref().alarm_id).or_status(access.lang)?;
        let reason = model::close_reason(&request.get_ref().close_reason)
            .map_err(|msg| Error::bad_request(msg).into_status(access.lang))?;
        self.change(&access, id, ChangeKind::Closed, &reason).await.or_status(access.lang)?;
        Ok(Response::new(pb::CloseAlarmResponse {}))
    }

    async fn process_alarm(
        &self,
        request: Request<pb::ProcessAlarmRequest>,
    ) -> Result<Response<pb::ProcessAlarmResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, EDIT).await?;
        let id = valid_id(request.get_ref().alarm_id).or_status(access.lang)?;
        self.change(&access, id, ChangeKind::Processing, "").await.or_status(access.lang)?;
        Ok(Response::new(pb::ProcessAlarmResponse {}))
    }

    async fn count_open_alarms(
        &self,
        request: Request<pb::CountOpenAlarmsRequest>,
    ) -> Result<Response<pb::CountOpenAlarmsResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, REALTIME_LIST).await?;
        let count = store::count_open(&self.shared.pool, access.project_id).await.or_status(access.lang)?;
        Ok(Response::new(pb::CountOpenAlarmsResponse { count }))
    }
}

impl AlarmApi {
    /// Closes (with `reason`) or takes into processing one alarm of the caller's project,
    /// with its event, in one transaction.
    async fn change(&self, access: &InProject, alarm_id: i64, kind: ChangeKind, reason: &str) -> Result<(), Error> {
        let mut tx = self.shared.pool.begin().await?;
        let alarm = store::lock(&mut tx, access.project_id, alarm_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AlarmNotFound))?;
        let user = access.caller.user_name();
        let changed = match kind {
            ChangeKind::Closed => {
                model::check_closable(alarm.status()).map_err(Error::bad_request)?;
                store::set_closed(&mut tx, alarm_id, reason, user).await?
            }
            _ => {
                model::check_processable(alarm.status()).map_err(Error::bad_request)?;
                store::set_processing(&mut tx, alarm_id, user).await?
            }
        };
        events::record(&mut tx, &self.shared.streams, &changed, kind).await?;
        tx.commit().await?;
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
    if !level.is_empty() && Level::parse(level).is_none() {
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
    pb::Alarm {
        alarm_id: row.alarm_id,
        alarm_type_id: row.alarm_type_id,
        alarm_name: row.alarm_name,
        alarm_level: row.alarm_level,
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
    }
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
