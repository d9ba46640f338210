//! Gateway versions and upgrades over gRPC: authorize, call the inner function, map the
//! error once.

use chrono::{DateTime, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::lighting::{upgrade, version};
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::firmware_service_server::FirmwareService;
use tonic::{Request, Response, Status};

use super::model::{self, Action, CampaignSpec, CampaignState, Failure, FirmwareDraft, RawCampaign, RawFirmware};
use super::store::{self, CampaignRow, FirmwareRow, TargetRow, UpgradeGatewayRow};
use crate::Shared;
use crate::ids::{check_delete_ids, existing_id};

type Reply<T> = Result<Response<T>, Status>;

/// Longest text filter of the lists.
const MAX_FILTER_CHARS: usize = 50;

pub struct FirmwareApi {
    shared: Shared,
}

impl FirmwareApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl FirmwareService for FirmwareApi {
    async fn list_firmware(&self, request: Request<pb::ListFirmwareRequest>) -> Reply<pb::ListFirmwareResponse> {
        let access = authorize(&self.shared.auth, &request, &[version::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_firmware(&self, request: Request<pb::FirmwareIdRequest>) -> Reply<pb::Firmware> {
        let access = authorize(&self.shared.auth, &request, &[version::QUERY]).await?;
        self.firmware(&access, request.get_ref().firmware_id).await.map(|f| firmware_pb(&f)).reply(access.lang())
    }

    async fn upload_firmware(&self, request: Request<pb::UploadFirmwareRequest>) -> Reply<pb::UploadFirmwareResponse> {
        let access = authorize(&self.shared.auth, &request, &[version::ADD]).await?;
        self.upload(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn edit_firmware(&self, request: Request<pb::EditFirmwareRequest>) -> Reply<pb::Firmware> {
        let access = authorize(&self.shared.auth, &request, &[version::EDIT]).await?;
        self.edit(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_firmware(&self, request: Request<pb::RemoveFirmwareRequest>) -> Reply<pb::RemoveFirmwareResponse> {
        let access = authorize(&self.shared.auth, &request, &[version::REMOVE]).await?;
        self.remove(&access, &request.get_ref().firmware_ids).await.reply(access.lang())
    }

    async fn list_upgrade_gateways(
        &self,
        request: Request<pb::ListUpgradeGatewaysRequest>,
    ) -> Reply<pb::ListUpgradeGatewaysResponse> {
        let access = authorize(&self.shared.auth, &request, &[upgrade::LIST]).await?;
        self.gateways(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn list_campaigns(&self, request: Request<pb::ListCampaignsRequest>) -> Reply<pb::ListCampaignsResponse> {
        let access = authorize(&self.shared.auth, &request, &[upgrade::LIST]).await?;
        self.campaigns(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn list_campaign_targets(
        &self,
        request: Request<pb::ListCampaignTargetsRequest>,
    ) -> Reply<pb::ListCampaignTargetsResponse> {
        let access = authorize(&self.shared.auth, &request, &[upgrade::QUERY]).await?;
        self.targets(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn start_campaign(&self, request: Request<pb::StartCampaignRequest>) -> Reply<pb::StartCampaignResponse> {
        let access = authorize(&self.shared.auth, &request, &[upgrade::ADD]).await?;
        self.start(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn control_campaign(&self, request: Request<pb::ControlCampaignRequest>) -> Reply<pb::Campaign> {
        let access = authorize(&self.shared.auth, &request, &[upgrade::EDIT]).await?;
        self.control(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl FirmwareApi {
    async fn firmware(&self, access: &InProject, firmware_id: i64) -> Result<FirmwareRow, Error> {
        let firmware_id = existing_id(firmware_id, Msg::FirmwareNotFound)?;
        store::find_firmware(&self.shared.pool, access.project_id, firmware_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::FirmwareNotFound))
    }

    async fn list(&self, access: &InProject, req: &pb::ListFirmwareRequest) -> Result<pb::ListFirmwareResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let version = lumiscape_common::text::filter(&req.version, MAX_FILTER_CHARS)?;
        let gateway_type = lumiscape_common::text::filter(&req.gateway_type, MAX_FILTER_CHARS)?;
        let (rows, total) =
            store::list_firmware(&self.shared.pool, access.project_id, version, gateway_type, page).await?;
        Ok(pb::ListFirmwareResponse { rows: rows.iter().map(firmware_pb).collect(), total })
    }

    async fn upload(
        &self,
        access: &InProject,
        req: &pb::UploadFirmwareRequest,
    ) -> Result<pb::UploadFirmwareResponse, Error> {
        let raw = RawFirmware {
            file_name: req.file_name.clone(),
            image: req.image.clone(),
            version: req.version.clone(),
            gateway_type: req.gateway_type.clone(),
            notes: req.notes.clone(),
        };
        let draft = FirmwareDraft::parse(&raw)?;
        let firmware_id =
            store::insert_firmware(&self.shared.pool, access.project_id, &draft, &req.image, access.user_name())
                .await?;
        tracing::info!(firmware_id, version = %draft.version, project = access.project_id, "firmware uploaded");
        Ok(pb::UploadFirmwareResponse { firmware_id, sha256: draft.sha256 })
    }

    async fn edit(&self, access: &InProject, req: &pb::EditFirmwareRequest) -> Result<pb::Firmware, Error> {
        let firmware_id = existing_id(req.firmware_id, Msg::FirmwareNotFound)?;
        let notes = model::parse_notes(&req.notes)?;
        if !store::edit_notes(&self.shared.pool, access.project_id, firmware_id, &notes).await? {
            return Err(Error::not_found(Msg::FirmwareNotFound));
        }
        self.firmware(access, firmware_id).await.map(|f| firmware_pb(&f))
    }

    async fn remove(&self, access: &InProject, ids: &[i64]) -> Result<pb::RemoveFirmwareResponse, Error> {
        let ids = check_delete_ids(ids, Msg::FirmwareNotFound)?;
        let removed = store::remove_firmware(&self.shared.pool, access.project_id, &ids)
            .await?
            .ok_or_else(|| Error::not_found(Msg::FirmwareNotFound))?;
        Ok(pb::RemoveFirmwareResponse { removed: u32::try_from(removed).unwrap_or(u32::MAX) })
    }

    async fn gateways(
        &self,
        access: &InProject,
        req: &pb::ListUpgradeGatewaysRequest,
    ) -> Result<pb::ListUpgradeGatewaysResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let name = lumiscape_common::text::filter(&req.gateway_name, MAX_FILTER_CHARS)?;
        let gateway_type = lumiscape_common::text::filter(&req.gateway_type, MAX_FILTER_CHARS)?;
        let state = model::state_filter(&req.upgrade_state)?;
        let (rows, total) = store::list_upgrade_gateways(
            &self.shared.pool,
            access.project_id,
            name,
            gateway_type,
            state.as_deref(),
            page,
        )
        .await?;
        Ok(pb::ListUpgradeGatewaysResponse { rows: rows.iter().map(upgrade_gateway_pb).collect(), total })
    }

    async fn campaigns(
        &self,
        access: &InProject,
        req: &pb::ListCampaignsRequest,
    ) -> Result<pb::ListCampaignsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let state = CampaignState::filter(&req.state)?;
        let (rows, total) = store::list_campaigns(&self.shared.pool, access.project_id, state, page).await?;
        let lang = access.lang();
        Ok(pb::ListCampaignsResponse { rows: rows.iter().map(|c| campaign_pb(c, lang)).collect(), total })
    }

    async fn campaign(&self, access: &InProject, campaign_id: i64) -> Result<CampaignRow, Error> {
        let campaign_id = existing_id(campaign_id, Msg::CampaignNotFound)?;
        store::find_campaign(&self.shared.pool, access.project_id, campaign_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::CampaignNotFound))
    }

    async fn targets(
        &self,
        access: &InProject,
        req: &pb::ListCampaignTargetsRequest,
    ) -> Result<pb::ListCampaignTargetsResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let state = model::state_filter(&req.upgrade_state)?;
        let campaign = self.campaign(access, req.campaign_id).await?;
        let (rows, total) =
            store::list_targets(&self.shared.pool, access.project_id, campaign.campaign_id, state.as_deref(), page)
                .await?;
        let lang = access.lang();
        Ok(pb::ListCampaignTargetsResponse { rows: rows.iter().map(|t| target_pb(t, lang)).collect(), total })
    }

    async fn start(
        &self,
        access: &InProject,
        req: &pb::StartCampaignRequest,
    ) -> Result<pb::StartCampaignResponse, Error> {
        let raw = RawCampaign {
            firmware_id: req.firmware_id,
            scope: req.scope.clone(),
            group_id: req.group_id,
            gateway_ids: req.gateway_ids.clone(),
            concurrency: req.concurrency,
            failure_threshold: req.failure_threshold,
        };
        let spec = CampaignSpec::parse(&raw).map_err(|msg| match msg {
            Msg::FirmwareNotFound | Msg::GroupNotFound | Msg::GatewayNotFound => Error::not_found(msg),
            other => Error::bad_request(other),
        })?;
        let firmware = self.firmware(access, spec.firmware_id).await?;
        let gateways = store::candidates(&self.shared.pool, access.project_id, &spec.scope)
            .await?
            .ok_or_else(|| Error::not_found(Msg::GatewayNotFound))?;
        model::check_types(&firmware.gateway_type, gateways.iter().map(|g| g.gateway_type.as_str()))
            .map_err(Error::refused)?;
        let campaign_id = store::insert_campaign(
            &self.shared.pool,
            access.project_id,
            &spec,
            &firmware,
            &gateways,
            access.user_name(),
        )
        .await?;
        tracing::info!(
            campaign_id,
            version = %firmware.version,
            gateways = gateways.len(),
            project = access.project_id,
            "upgrade campaign started"
        );
        Ok(pb::StartCampaignResponse { campaign_id, total: u32::try_from(gateways.len()).unwrap_or(u32::MAX) })
    }

    async fn control(&self, access: &InProject, req: &pb::ControlCampaignRequest) -> Result<pb::Campaign, Error> {
        let action = Action::parse(&req.action).map_err(Error::bad_request)?;
        let campaign_id = existing_id(req.campaign_id, Msg::CampaignNotFound)?;
        store::control(&self.shared.pool, access.project_id, campaign_id, action)
            .await?
            .ok_or_else(|| Error::not_found(Msg::CampaignNotFound))?;
        tracing::info!(campaign_id, ?action, project = access.project_id, "upgrade campaign controlled");
        self.campaign(access, campaign_id).await.map(|c| campaign_pb(&c, access.lang()))
    }
}

fn millis(time: Option<DateTime<Utc>>) -> i64 {
    time.map_or(0, |t| t.timestamp_millis())
}

fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

fn firmware_pb(f: &FirmwareRow) -> pb::Firmware {
    pb::Firmware {
        firmware_id: f.firmware_id,
        version: f.version.clone(),
        gateway_type: f.gateway_type.clone(),
        notes: f.notes.clone(),
        file_name: f.file_name.clone(),
        size: count(i64::from(f.size)),
        sha256: f.sha256.clone(),
        create_by: f.created_by.clone(),
        create_time_ms: f.created_at.timestamp_millis(),
    }
}

fn campaign_pb(c: &CampaignRow, lang: Lang) -> pb::Campaign {
    pb::Campaign {
        campaign_id: c.campaign_id,
        firmware_id: c.firmware_id.unwrap_or(0),
        version: c.version.clone(),
        gateway_type: c.gateway_type.clone(),
        state: c.state.clone(),
        concurrency: count(i64::from(c.concurrency)),
        failure_threshold: count(i64::from(c.failure_threshold)),
        total: count(c.total),
        not_upgraded: count(c.not_upgraded),
        upgrading: count(c.upgrading),
        success: count(c.success),
        failed: count(c.failed),
        progress: model::percent(c.success + c.failed, c.total),
        stop_reason: c.stop_reason.as_deref().and_then(model::stop_reason).map(|m| m.text(lang)).unwrap_or_default(),
        create_by: c.created_by.clone(),
        create_time_ms: c.created_at.timestamp_millis(),
        finish_time_ms: millis(c.finished_at),
    }
}

fn target_pb(t: &TargetRow, lang: Lang) -> pb::CampaignTarget {
    pb::CampaignTarget {
        gateway_id: t.gateway_id,
        gateway_name: t.gateway_name.clone(),
        gateway_number: t.serial.clone(),
        from_version: t.from_version.clone(),
        upgrade_state: t.state.clone(),
        progress: model::percent(i64::from(t.chunks_sent), i64::from(t.chunk_count)),
        chunks_sent: count(i64::from(t.chunks_sent)),
        chunk_count: count(i64::from(t.chunk_count)),
        phase: t.phase.clone(),
        attempts: count(i64::from(t.attempts)),
        error: t.error.as_deref().map(|e| Failure::from_stored(e).msg().text(lang)).unwrap_or_default(),
        start_time_ms: millis(t.started_at),
        finish_time_ms: millis(t.finished_at),
    }
}

fn upgrade_gateway_pb(g: &UpgradeGatewayRow) -> pb::UpgradeGateway {
    let state = g.state.clone().unwrap_or_else(|| model::NOT_UPGRADED.to_owned());
    let progress = match (g.chunks_sent, g.chunk_count, state.as_str()) {
        (_, _, model::SUCCESS) => 100,
        (Some(sent), Some(of), _) => model::percent(i64::from(sent), i64::from(of)),
        _ => 0,
    };
    pb::UpgradeGateway {
        gateway_id: g.gateway_id,
        gateway_name: g.gateway_name.clone(),
        gateway_number: g.serial.clone(),
        gateway_type: g.gateway_type.clone(),
        brand: g.brand.clone(),
        version: g.firmware.clone(),
        online: g.online,
        upgrade_state: state,
        target_version: g.target_version.clone().unwrap_or_default(),
        progress,
        upgrade_time_ms: millis(g.upgraded_at),
    }
}
