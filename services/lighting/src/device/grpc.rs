//! Devices and groups over gRPC: authorize, call the inner function, map the error once.

use std::collections::HashSet;

use chrono::{Local, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::device::{device, group};
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::device_service_server::DeviceService;
use tonic::{Request, Response, Status};

use super::model::{self, DeviceDraft, GroupDraft, RawDevice, RawGroup};
use super::store::{self, DeviceFilter, DeviceRow, GroupRow};
use super::workbook;
use crate::Shared;
use crate::control::fanout::{self, Target};
use crate::gateway::store as gateways;
use crate::ids::{check_delete_ids, existing_id};
use crate::onekey::model::Tally;

type Reply<T> = Result<Response<T>, Status>;

/// The most rows an export holds.
const MAX_EXPORT_ROWS: i64 = 10_000;

pub struct DeviceApi {
    shared: Shared,
}

impl DeviceApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl DeviceService for DeviceApi {
    async fn list_devices(&self, request: Request<pb::ListDevicesRequest>) -> Reply<pb::ListDevicesResponse> {
        let access = authorize(&self.shared.auth, &request, &[device::LIST]).await?;
        self.devices(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_device(&self, request: Request<pb::GetDeviceRequest>) -> Reply<pb::Device> {
        let access = authorize(&self.shared.auth, &request, &[device::QUERY]).await?;
        self.device(&access, request.get_ref().device_id).await.reply(access.lang())
    }

    async fn create_device(&self, request: Request<pb::DeviceInput>) -> Reply<pb::CreateDeviceResponse> {
        let access = authorize(&self.shared.auth, &request, &[device::ADD]).await?;
        self.create_device_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_device(&self, request: Request<pb::UpdateDeviceRequest>) -> Reply<pb::UpdateDeviceResponse> {
        let access = authorize(&self.shared.auth, &request, &[device::EDIT]).await?;
        self.update_device_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_devices(&self, request: Request<pb::DeleteDevicesRequest>) -> Reply<pb::DeleteDevicesResponse> {
        let access = authorize(&self.shared.auth, &request, &[device::REMOVE]).await?;
        self.delete_devices_inner(&access, &request.get_ref().device_ids).await.reply(access.lang())
    }

    async fn export_devices(&self, request: Request<pb::ListDevicesRequest>) -> Reply<pb::DeviceWorkbook> {
        let access = authorize(&self.shared.auth, &request, &[device::EXPORT]).await?;
        self.export(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn device_import_template(
        &self,
        request: Request<pb::DeviceImportTemplateRequest>,
    ) -> Reply<pb::DeviceWorkbook> {
        let access = authorize(&self.shared.auth, &request, &[device::IMPORT]).await?;
        template(access.lang()).reply(access.lang())
    }

    async fn import_devices(&self, request: Request<pb::ImportDevicesRequest>) -> Reply<pb::ImportDevicesResponse> {
        let access = authorize(&self.shared.auth, &request, &[device::IMPORT]).await?;
        self.import(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn list_groups(&self, request: Request<pb::ListGroupsRequest>) -> Reply<pb::ListGroupsResponse> {
        let access = authorize(&self.shared.auth, &request, &[group::LIST]).await?;
        self.groups(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_group(&self, request: Request<pb::GetGroupRequest>) -> Reply<pb::GroupDetail> {
        let access = authorize(&self.shared.auth, &request, &[group::QUERY]).await?;
        self.group(&access, request.get_ref().group_id).await.reply(access.lang())
    }

    async fn create_group(&self, request: Request<pb::GroupInput>) -> Reply<pb::CreateGroupResponse> {
        let access = authorize(&self.shared.auth, &request, &[group::ADD]).await?;
        self.create_group_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_group(&self, request: Request<pb::UpdateGroupRequest>) -> Reply<pb::UpdateGroupResponse> {
        let access = authorize(&self.shared.auth, &request, &[group::EDIT]).await?;
        self.update_group_inner(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_groups(&self, request: Request<pb::DeleteGroupsRequest>) -> Reply<pb::DeleteGroupsResponse> {
        let access = authorize(&self.shared.auth, &request, &[group::REMOVE]).await?;
        self.delete_groups_inner(&access, &request.get_ref().group_ids).await.reply(access.lang())
    }

    async fn control_group(&self, request: Request<pb::ControlGroupRequest>) -> Reply<pb::ControlGroupResponse> {
        let access = authorize(&self.shared.auth, &request, &[group::CONTROL]).await?;
        self.control(&access, request.get_ref()).await.reply(access.lang())
    }
}

fn device_pb(row: DeviceRow) -> pb::Device {
    pb::Device {
        device_id: row.device_id,
        device_name: row.device_name,
        device_code: row.device_code,
        type_id: row.type_id,
        type_name: row.type_name,
        category_id: row.category_id,
        category_name: row.category_name,
        gateway_id: row.gateway_id,
        gateway_name: row.gateway_name,
        gateway_number: row.gateway_number,
        loop_index: u32::try_from(row.loop_index).unwrap_or(0),
        loop_name: row.loop_name,
        address: row.address,
        longitude: row.longitude,
        latitude: row.latitude,
        status: row.status,
        online: row.online,
        switch_on: row.switch_on,
        group_names: row.group_names,
        remark: row.remark,
        create_by: row.created_by,
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn group_pb(row: GroupRow) -> pb::DeviceGroup {
    pb::DeviceGroup {
        group_id: row.group_id,
        group_name: row.group_name,
        remark: row.remark,
        device_count: u32::try_from(row.device_count).unwrap_or(0),
        create_by: row.created_by,
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
    }
}

fn raw_device(input: Option<&pb::DeviceInput>) -> RawDevice {
    input.map_or_else(RawDevice::default, |d| RawDevice {
        name: d.device_name.clone(),
        code: d.device_code.clone(),
        type_id: d.type_id,
        gateway_id: d.gateway_id,
        loop_index: d.loop_index,
        address: d.address.clone(),
        longitude: d.longitude,
        latitude: d.latitude,
        status: d.status.clone(),
        remark: d.remark.clone(),
    })
}

fn raw_group(input: Option<&pb::GroupInput>) -> RawGroup {
    input.map_or_else(RawGroup::default, |g| RawGroup {
        name: g.group_name.clone(),
        remark: g.remark.clone(),
        device_ids: g.device_ids.clone(),
    })
}

/// The list's filters; a status other than '0' or '1' is refused.
fn filter_of(req: &pb::ListDevicesRequest) -> Result<DeviceFilter, Error> {
    let positive = |id: i64| (id > 0).then_some(id);
    let status = match req.status.trim() {
        "" => None,
        s @ (model::IN_SERVICE | model::OUT_OF_SERVICE) => Some(s.to_owned()),
        _ => return Err(Error::bad_request(Msg::DeviceStatusInvalid)),
    };
    Ok(DeviceFilter {
        name: req.device_name.trim().to_owned(),
        code: req.device_code.trim().to_owned(),
        type_id: positive(req.type_id),
        gateway_id: positive(req.gateway_id),
        group_id: positive(req.group_id),
        status,
    })
}

/// The import template in `lang`.
fn template(lang: Lang) -> Result<pb::DeviceWorkbook, Error> {
    let content = workbook::template(lang).map_err(Error::internal)?;
    Ok(pb::DeviceWorkbook { file_name: file_name(lang, "template"), content })
}

fn file_name(lang: Lang, what: &str) -> String {
    let stamp = Utc::now().with_timezone(&Local).format("%Y%m%d%H%M%S");
    match (lang, what) {
        (Lang::En, "template") => "device-import-template.xlsx".to_owned(),
        (_, "template") => "设备导入模板.xlsx".to_owned(),
        (Lang::En, _) => format!("devices-{stamp}.xlsx"),
        _ => format!("设备数据-{stamp}.xlsx"),
    }
}

/// A coordinate cell: empty is absent; anything else must be a number.
fn coordinate(cell: &str) -> Result<Option<f64>, Msg> {
    if cell.is_empty() {
        return Ok(None);
    }
    cell.parse::<f64>().map(Some).map_err(|_| Msg::DeviceLocationInvalid)
}

impl DeviceApi {
    async fn devices(
        &self,
        access: &InProject,
        req: &pb::ListDevicesRequest,
    ) -> Result<pb::ListDevicesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let filter = filter_of(req)?;
        let (rows, total) = store::list_devices(&self.shared.pool, access.project_id, &filter, page).await?;
        Ok(pb::ListDevicesResponse { rows: rows.into_iter().map(device_pb).collect(), total })
    }

    async fn device(&self, access: &InProject, id: i64) -> Result<pb::Device, Error> {
        let id = existing_id(id, Msg::DeviceNotFound)?;
        let row = store::find_device(&self.shared.pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::DeviceNotFound))?;
        Ok(device_pb(row))
    }

    async fn create_device_inner(
        &self,
        access: &InProject,
        input: &pb::DeviceInput,
    ) -> Result<pb::CreateDeviceResponse, Error> {
        let draft = DeviceDraft::parse(&raw_device(Some(input)))?;
        let device_id = store::insert_device(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        Ok(pb::CreateDeviceResponse { device_id })
    }

    async fn update_device_inner(
        &self,
        access: &InProject,
        req: &pb::UpdateDeviceRequest,
    ) -> Result<pb::UpdateDeviceResponse, Error> {
        let id = existing_id(req.device_id, Msg::DeviceNotFound)?;
        let draft = DeviceDraft::parse(&raw_device(req.device.as_ref()))?;
        store::update_device(&self.shared.pool, access.project_id, id, &draft).await?;
        Ok(pb::UpdateDeviceResponse {})
    }

    async fn delete_devices_inner(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteDevicesResponse, Error> {
        let ids = check_delete_ids(ids, Msg::DeviceNotFound)?;
        let deleted = store::delete_devices(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteDevicesResponse { deleted })
    }

    async fn export(&self, access: &InProject, req: &pb::ListDevicesRequest) -> Result<pb::DeviceWorkbook, Error> {
        let lang = access.lang();
        let filter = filter_of(req)?;
        let page = Page { limit: MAX_EXPORT_ROWS, offset: 0 };
        let (rows, _) = store::list_devices(&self.shared.pool, access.project_id, &filter, page).await?;
        let coordinate = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
        let lines: Vec<Vec<String>> = rows
            .into_iter()
            .map(|r| {
                vec![
                    r.device_code,
                    r.device_name,
                    r.type_code,
                    r.gateway_number,
                    r.loop_index.to_string(),
                    r.address,
                    coordinate(r.longitude),
                    coordinate(r.latitude),
                    r.status,
                    r.remark,
                    r.type_name,
                    r.gateway_name,
                    if r.online { "1" } else { "0" }.to_owned(),
                ]
            })
            .collect();
        let content = workbook::export(lang, &lines).map_err(Error::internal)?;
        Ok(pb::DeviceWorkbook { file_name: file_name(lang, "export"), content })
    }

    /// Every row checked as the form checks a device, its type by code and its gateway by
    /// number; none is added unless all pass.
    async fn import(
        &self,
        access: &InProject,
        req: &pb::ImportDevicesRequest,
    ) -> Result<pb::ImportDevicesResponse, Error> {
        let lang = access.lang();
        let rows = workbook::read_import(&req.file_name, &req.content)?;
        let pool = &self.shared.pool;
        let types = store::types_by_code(pool, access.project_id).await?;
        let gateways = store::gateways_by_number(pool, access.project_id).await?;
        let codes: Vec<String> = rows.iter().map(|r| r.cell(0).to_owned()).collect();
        let taken: HashSet<String> = store::codes_taken(pool, access.project_id, &codes).await?.into_iter().collect();
        let mut seen = HashSet::new();
        let (mut drafts, mut failures) = (Vec::new(), Vec::new());
        for row in &rows {
            let checked = (|| {
                let type_id = types.iter().find(|t| t.0 == row.cell(2)).map(|t| t.1).ok_or(Msg::TypeNotFound)?;
                let gateway = gateways.iter().find(|g| g.0 == row.cell(3)).ok_or(Msg::GatewayNotFound)?;
                let loop_index = row.cell(4).parse::<i64>().map_err(|_| Msg::DeviceLoopInvalid)?;
                if loop_index > i64::from(gateway.2) {
                    return Err(Msg::DeviceLoopInvalid);
                }
                let longitude = coordinate(row.cell(6))?;
                let latitude = coordinate(row.cell(7))?;
                let raw = RawDevice {
                    code: row.cell(0).to_owned(),
                    name: row.cell(1).to_owned(),
                    type_id,
                    gateway_id: gateway.1,
                    loop_index,
                    address: row.cell(5).to_owned(),
                    longitude,
                    latitude,
                    status: row.cell(8).to_owned(),
                    remark: row.cell(9).to_owned(),
                };
                let draft = DeviceDraft::parse(&raw).map_err(|err| err.msg)?;
                if taken.contains(&draft.code) || !seen.insert(draft.code.clone()) {
                    return Err(Msg::DeviceCodeTaken { code: draft.code.clone() });
                }
                Ok(draft)
            })();
            match checked {
                Ok(draft) => drafts.push(draft),
                Err(msg) => failures.push(pb::DeviceImportFailure {
                    row: row.row,
                    device_code: row.cell(0).to_owned(),
                    msg: msg.text(lang),
                }),
            }
        }
        if !failures.is_empty() {
            return Ok(pb::ImportDevicesResponse { created: 0, failures });
        }
        let created = store::insert_devices(pool, access.project_id, &drafts, access.user_name()).await?;
        tracing::info!(created, user = access.user_name(), "devices imported");
        Ok(pb::ImportDevicesResponse { created: i64::try_from(created).unwrap_or(i64::MAX), failures: Vec::new() })
    }

    async fn groups(&self, access: &InProject, req: &pb::ListGroupsRequest) -> Result<pb::ListGroupsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) =
            store::list_groups(&self.shared.pool, access.project_id, req.group_name.trim(), page).await?;
        Ok(pb::ListGroupsResponse { rows: rows.into_iter().map(group_pb).collect(), total })
    }

    async fn group(&self, access: &InProject, id: i64) -> Result<pb::GroupDetail, Error> {
        let id = existing_id(id, Msg::GroupNotFound)?;
        let pool = &self.shared.pool;
        let row = store::find_group(pool, access.project_id, id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::GroupNotFound))?;
        let devices = store::group_devices(pool, access.project_id, id).await?;
        Ok(pb::GroupDetail { group: Some(group_pb(row)), devices: devices.into_iter().map(device_pb).collect() })
    }

    async fn create_group_inner(
        &self,
        access: &InProject,
        input: &pb::GroupInput,
    ) -> Result<pb::CreateGroupResponse, Error> {
        let draft = GroupDraft::parse(&raw_group(Some(input)))?;
        let group_id = store::insert_group(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        Ok(pb::CreateGroupResponse { group_id })
    }

    async fn update_group_inner(
        &self,
        access: &InProject,
        req: &pb::UpdateGroupRequest,
    ) -> Result<pb::UpdateGroupResponse, Error> {
        let id = existing_id(req.group_id, Msg::GroupNotFound)?;
        let draft = GroupDraft::parse(&raw_group(req.group.as_ref()))?;
        store::update_group(&self.shared.pool, access.project_id, id, &draft).await?;
        Ok(pb::UpdateGroupResponse {})
    }

    async fn delete_groups_inner(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteGroupsResponse, Error> {
        let ids = check_delete_ids(ids, Msg::GroupNotFound)?;
        let deleted = store::delete_groups(&self.shared.pool, access.project_id, &ids).await?;
        Ok(pb::DeleteGroupsResponse { deleted })
    }

    /// Switches the loops of the group's devices in service, as one-key control switches a
    /// project's: refused when there is none.
    async fn control(
        &self,
        access: &InProject,
        req: &pb::ControlGroupRequest,
    ) -> Result<pb::ControlGroupResponse, Error> {
        let on = req.on.ok_or_else(|| Error::bad_request(Msg::SwitchStateRequired))?;
        let level = model::level(on, req.brightness)?;
        let id = existing_id(req.group_id, Msg::GroupNotFound)?;
        let hold = model::hold(req.hold_minutes)?;
        let pool = &self.shared.pool;
        store::find_group(pool, access.project_id, id).await?.ok_or_else(|| Error::not_found(Msg::GroupNotFound))?;
        let devices = store::group_devices(pool, access.project_id, id).await?;
        let members: Vec<(i64, i32, &str)> =
            devices.iter().map(|d| (d.gateway_id, d.loop_index, d.status.as_str())).collect();
        let wanted = model::loops_to_switch(&members);
        let mut live = gateways::list_all(pool, access.project_id).await?;
        let targets: Vec<Target> = wanted
            .into_iter()
            .filter_map(|(gateway_id, loops)| {
                let at = live.iter().position(|g| g.gateway_id == gateway_id)?;
                let gateway = live.swap_remove(at);
                let count = gateway.loop_count();
                let loops = loops.into_iter().filter(|i| *i <= count).collect::<Vec<_>>();
                (!loops.is_empty()).then_some(Target { gateway, loops })
            })
            .collect();
        if targets.is_empty() {
            return Err(Error::refused(Msg::GroupHasNoDevice));
        }
        let until = hold.map(|hold| Utc::now() + hold);
        // The switching runs to the end on its own task: a caller who goes away (a closed
        // tab) must not leave it half done.
        let (shared, task_access) = (self.shared.clone(), access.clone());
        let outcomes = tokio::spawn(async move {
            fanout::switch(&shared, &task_access, targets, level, until, crate::control::commands::GROUP).await
        })
        .await
        .map_err(Error::internal)?;
        let tally = Tally::of(&outcomes);
        tracing::info!(
            group = id,
            project = access.project_id,
            level,
            total = tally.total,
            succeeded = tally.succeeded,
            user = access.user_name(),
            "group control done"
        );
        let results = outcomes.into_iter().map(crate::onekey::grpc::outcome_pb).collect();
        Ok(pb::ControlGroupResponse { total: tally.total, succeeded: tally.succeeded, failed: tally.failed, results })
    }
}
