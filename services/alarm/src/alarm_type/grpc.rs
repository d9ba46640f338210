//! The alarm type gRPC service: each method authorizes, calls its inner function and maps
//! the error once; the rules live in `model`, the transactions in `store`.

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::alarm::alarm_type;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::alarm::v1 as pb;
use lumiscape_proto::alarm::v1::alarm_type_service_server::AlarmTypeService;
use lumiscape_proto::alarm_terms::{Attribute, Comparison};
use tonic::{Request, Response, Status};

use super::model::{self, DeviceType, Level, RawAlarmType};
use super::store::{self, AlarmTypeRow, TypeFilter};
use crate::Shared;

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

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl AlarmTypeService for AlarmTypeApi {
    async fn list_alarm_types(&self, request: Request<pb::ListAlarmTypesRequest>) -> Reply<pb::ListAlarmTypesResponse> {
        let access = authorize(&self.shared.auth, &request, &[alarm_type::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_alarm_type(&self, request: Request<pb::GetAlarmTypeRequest>) -> Reply<pb::AlarmType> {
        let access = authorize(&self.shared.auth, &request, &[alarm_type::QUERY]).await?;
        self.get(&access, request.get_ref().alarm_type_id).await.reply(access.lang())
    }

    async fn create_alarm_type(&self, request: Request<pb::AlarmTypeInput>) -> Reply<pb::CreateAlarmTypeResponse> {
        let access = authorize(&self.shared.auth, &request, &[alarm_type::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_alarm_type(&self, request: Request<pb::AlarmTypeInput>) -> Reply<pb::UpdateAlarmTypeResponse> {
        let access = authorize(&self.shared.auth, &request, &[alarm_type::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    /// Deletes all the named types or, if any is not the project's, none of them.
    async fn delete_alarm_types(
        &self,
        request: Request<pb::DeleteAlarmTypesRequest>,
    ) -> Reply<pb::DeleteAlarmTypesResponse> {
        let access = authorize(&self.shared.auth, &request, &[alarm_type::REMOVE]).await?;
        self.delete(&access, &request.get_ref().alarm_type_ids).await.reply(access.lang())
    }
}

impl AlarmTypeApi {
    async fn list(
        &self,
        access: &InProject,
        req: &pb::ListAlarmTypesRequest,
    ) -> Result<pb::ListAlarmTypesResponse, Error> {
        let filter = type_filter(req)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListAlarmTypesResponse { rows: rows.into_iter().map(to_wire).collect(), total })
    }

    async fn get(&self, access: &InProject, id: i64) -> Result<pb::AlarmType, Error> {
        let id = valid_id(id)?;
        let row = store::find(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AlarmTypeNotFound))?;
        Ok(to_wire(row))
    }

    async fn create(
        &self,
        access: &InProject,
        input: &pb::AlarmTypeInput,
    ) -> Result<pb::CreateAlarmTypeResponse, Error> {
        let spec = model::validate(&raw(input))?;
        let id = store::insert(&self.shared.pool, access.project_id, &spec).await?;
        self.shared.outbox.wake();
        tracing::info!(alarm_type = id, project = access.project_id, user = access.user_name(), "alarm type created");
        Ok(pb::CreateAlarmTypeResponse { alarm_type_id: id })
    }

    async fn update(
        &self,
        access: &InProject,
        input: &pb::AlarmTypeInput,
    ) -> Result<pb::UpdateAlarmTypeResponse, Error> {
        let id = valid_id(input.alarm_type_id)?;
        let spec = model::validate(&raw(input))?;
        if !store::update(&self.shared.pool, access.project_id, id, &spec).await? {
            return Err(Error::not_found(Msg::AlarmTypeNotFound));
        }
        self.shared.outbox.wake();
        tracing::info!(alarm_type = id, user = access.user_name(), "alarm type edited");
        Ok(pb::UpdateAlarmTypeResponse {})
    }

    async fn delete(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteAlarmTypesResponse, Error> {
        let ids = valid_ids(ids)?;
        let deleted = store::delete(&self.shared.pool, access.project_id, &ids)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AlarmTypeNotFound))?;
        self.shared.outbox.wake();
        tracing::info!(alarm_types = ?ids, user = access.user_name(), "alarm types deleted");
        Ok(pb::DeleteAlarmTypesResponse { deleted: u32::try_from(deleted).unwrap_or(u32::MAX) })
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
    if !level.is_empty() && Level::from_code(level).is_none() {
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
    let mut wire = pb::AlarmType {
        alarm_type_id: row.alarm_type_id,
        alarm_name: row.alarm_name,
        device_type: row.device_type,
        content_zh: row.content_zh,
        content_en: row.content_en,
        trigger_value: row.trigger_value_text,
        trigger_duration: seconds(row.trigger_seconds),
        recovery_value: row.recovery_value_text,
        recovery_duration: seconds(row.recovery_seconds),
        auto_processing: row.auto_processing,
        auto_work_order: row.auto_work_order,
        enabled: row.enabled,
        create_time_ms: row.created_at.timestamp_millis(),
        ..Default::default()
    };
    wire.set_alarm_level(Level::from_code(&row.alarm_level).unwrap_or(Level::Unspecified));
    wire.set_trigger_attribute(Attribute::from_word(&row.trigger_attribute).unwrap_or(Attribute::Unspecified));
    wire.set_trigger_comparison(Comparison::from_sign(&row.trigger_comparison).unwrap_or(Comparison::Unspecified));
    wire.set_recovery_attribute(Attribute::from_word(&row.recovery_attribute).unwrap_or(Attribute::Unspecified));
    wire.set_recovery_comparison(Comparison::from_sign(&row.recovery_comparison).unwrap_or(Comparison::Unspecified));
    wire
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
