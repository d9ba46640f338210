//! The alarm type gRPC service: wire types in and out; the rules live in `model`.

use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::alarm::v1 as pb;
use lumiscape_proto::alarm::v1::alarm_type_service_server::AlarmTypeService;
use tonic::{Request, Response, Status};

use super::model::{self, DeviceType, Level, RawAlarmType};
use super::store::{self, AlarmTypeRow, TypeFilter};
use crate::Shared;
use crate::access::in_project;
use crate::paging::Page;

/// Most types one delete may name.
const MAX_DELETE_IDS: usize = 100;

pub struct AlarmTypeApi {
    shared: Shared,
}

impl AlarmTypeApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl AlarmTypeService for AlarmTypeApi {
    async fn list_alarm_types(
        &self,
        request: Request<pb::ListAlarmTypesRequest>,
    ) -> Result<Response<pb::ListAlarmTypesResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, &["pc:alarm:type:list"]).await?;
        let req = request.into_inner();
        let filter = type_filter(&req).map_err(|msg| Error::bad_request(msg).into_status(access.lang))?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list(&self.shared.pool, access.project_id, &filter, page).await.or_status(access.lang)?;
        Ok(Response::new(pb::ListAlarmTypesResponse { rows: rows.into_iter().map(to_wire).collect(), total }))
    }

    async fn get_alarm_type(
        &self,
        request: Request<pb::GetAlarmTypeRequest>,
    ) -> Result<Response<pb::AlarmType>, Status> {
        let access = in_project(&self.shared.auth, &request, &["pc:alarm:type:query"]).await?;
        let id = valid_id(request.get_ref().alarm_type_id).or_status(access.lang)?;
        let row = store::find(&self.shared.pool, access.project_id, id)
            .await
            .or_status(access.lang)?
            .ok_or_else(|| Error::not_found(Msg::AlarmTypeNotFound).into_status(access.lang))?;
        Ok(Response::new(to_wire(row)))
    }

    async fn create_alarm_type(
        &self,
        request: Request<pb::AlarmTypeInput>,
    ) -> Result<Response<pb::CreateAlarmTypeResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, &["pc:alarm:type:add"]).await?;
        let spec =
            model::validate(&raw(request.get_ref())).map_err(|msg| Error::bad_request(msg).into_status(access.lang))?;
        let mut conn = self.shared.pool.acquire().await.or_status(access.lang)?;
        let id = store::insert(&mut conn, access.project_id, &spec).await.or_status(access.lang)?;
        drop(conn);
        tracing::info!(
            alarm_type = id,
            project = access.project_id,
            user = access.caller.user_name(),
            "alarm type created"
        );
        self.shared.rules.sync_after_change(&[id]).await;
        Ok(Response::new(pb::CreateAlarmTypeResponse { alarm_type_id: id }))
    }

    async fn update_alarm_type(
        &self,
        request: Request<pb::AlarmTypeInput>,
    ) -> Result<Response<pb::UpdateAlarmTypeResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, &["pc:alarm:type:edit"]).await?;
        let id = valid_id(request.get_ref().alarm_type_id).or_status(access.lang)?;
        let spec =
            model::validate(&raw(request.get_ref())).map_err(|msg| Error::bad_request(msg).into_status(access.lang))?;
        let mut conn = self.shared.pool.acquire().await.or_status(access.lang)?;
        let found = store::update(&mut conn, access.project_id, id, &spec).await.or_status(access.lang)?;
        drop(conn);
        if !found {
            return Err(Error::not_found(Msg::AlarmTypeNotFound).into_status(access.lang));
        }
        tracing::info!(alarm_type = id, user = access.caller.user_name(), "alarm type edited");
        self.shared.rules.sync_after_change(&[id]).await;
        Ok(Response::new(pb::UpdateAlarmTypeResponse {}))
    }

    /// Deletes all the named types or, if any is not the project's, none of them.
    async fn delete_alarm_types(
        &self,
        request: Request<pb::DeleteAlarmTypesRequest>,
    ) -> Result<Response<pb::DeleteAlarmTypesResponse>, Status> {
        let access = in_project(&self.shared.auth, &request, &["pc:alarm:type:remove"]).await?;
        let ids = valid_ids(&request.get_ref().alarm_type_ids).or_status(access.lang)?;
        let mut tx = self.shared.pool.begin().await.or_status(access.lang)?;
        let deleted = store::delete(&mut tx, access.project_id, &ids).await.or_status(access.lang)?;
        if deleted != ids.len() as u64 {
            return Err(Error::not_found(Msg::AlarmTypeNotFound).into_status(access.lang));
        }
        tx.commit().await.or_status(access.lang)?;
        tracing::info!(alarm_types = ?ids, user = access.caller.user_name(), "alarm types deleted");
        self.shared.rules.sync_after_change(&ids).await;
        Ok(Response::new(pb::DeleteAlarmTypesResponse { deleted: u32::try_from(deleted).unwrap_or(u32::MAX) }))
    }
}

fn valid_id(id: i64) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::bad_request(Msg::AlarmTypeIdInvalid)) }
}

/// One to [`MAX_DELETE_IDS`] positive ids, without repeats.
fn valid_ids(ids: &[i64]) -> Result<Vec<i64>, Error> {
    if ids.is_empty() || ids.len() > MAX_DELETE_IDS || ids.iter().any(|id| *id <= 0) {
        return Err(Error::bad_request(Msg::AlarmTypeIdInvalid));
    }
    let mut unique = ids.to_vec();
    unique.sort_unstable();
    unique.dedup();
    Ok(unique)
}

fn type_filter(req: &pb::ListAlarmTypesRequest) -> Result<TypeFilter, Msg> {
    let name = req.alarm_name.trim();
    if name.chars().count() > model::MAX_NAME_CHARS {
        return Err(Msg::AlarmNameInvalid);
    }
    let device_type = req.device_type.trim();
    if !device_type.is_empty() && DeviceType::parse(device_type).is_none() {
        return Err(Msg::AlarmDeviceTypeInvalid);
    }
    let level = req.alarm_level.trim();
    if !level.is_empty() && Level::parse(level).is_none() {
        return Err(Msg::AlarmLevelInvalid);
    }
    Ok(TypeFilter { name: name.to_owned(), device_type: device_type.to_owned(), level: level.to_owned() })
}

fn raw(input: &pb::AlarmTypeInput) -> RawAlarmType<'_> {
    RawAlarmType {
        name: &input.alarm_name,
        device_type: &input.device_type,
        level: &input.alarm_level,
        content_zh: &input.content_zh,
        content_en: &input.content_en,
        trigger_attribute: &input.trigger_attribute,
        trigger_comparison: &input.trigger_comparison,
        trigger_value: &input.trigger_value,
        trigger_duration: input.trigger_duration,
        recovery_attribute: &input.recovery_attribute,
        recovery_comparison: &input.recovery_comparison,
        recovery_value: &input.recovery_value,
        recovery_duration: input.recovery_duration,
        auto_processing: &input.auto_processing,
        auto_work_order: &input.auto_work_order,
        status: &input.status,
    }
}

fn to_wire(row: AlarmTypeRow) -> pb::AlarmType {
    let seconds = |s: i32| u32::try_from(s).unwrap_or(0);
    pb::AlarmType {
        alarm_type_id: row.alarm_type_id,
        alarm_name: row.alarm_name,
        device_type: row.device_type,
        alarm_level: row.alarm_level,
        content_zh: row.content_zh,
        content_en: row.content_en,
        trigger_attribute: row.trigger_attribute,
        trigger_comparison: row.trigger_comparison,
        trigger_value: row.trigger_value_text,
        trigger_duration: seconds(row.trigger_seconds),
        recovery_attribute: row.recovery_attribute,
        recovery_comparison: row.recovery_comparison,
        recovery_value: row.recovery_value_text,
        recovery_duration: seconds(row.recovery_seconds),
        auto_processing: row.auto_processing,
        auto_work_order: row.auto_work_order,
        enabled: row.enabled,
        create_time_ms: row.created_at.timestamp_millis(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delete_ids_are_checked_and_deduplicated() {
        assert_eq!(valid_ids(&[3, 1, 3]).unwrap(), vec![1, 3]);
        assert!(valid_ids(&[]).is_err());
        assert!(valid_ids(&[1, 0]).is_err());
        assert!(valid_ids(&vec![1; MAX_DELETE_IDS + 1]).is_err());
    }

    #[test]
    fn list_filters_are_checked() {
        let ok =
            pb::ListAlarmTypesRequest { device_type: "loop".into(), alarm_level: "2".into(), ..Default::default() };
        assert_eq!(type_filter(&ok).unwrap().device_type, "loop");
        let bad = pb::ListAlarmTypesRequest { device_type: "pole".into(), ..Default::default() };
        assert_eq!(type_filter(&bad).unwrap_err(), Msg::AlarmDeviceTypeInvalid);
        let bad = pb::ListAlarmTypesRequest { alarm_level: "9".into(), ..Default::default() };
        assert_eq!(type_filter(&bad).unwrap_err(), Msg::AlarmLevelInvalid);
    }
}
