//! Plan areas over gRPC: each method authorizes (inside the selected project), calls its
//! inner function and maps the error once. A placed device is looked up in the service that
//! owns it (lighting's gateways), on the caller's behalf.

use std::collections::HashMap;

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::{Peer, Transport};
use lumiscape_common::paging::Page;
use lumiscape_common::permission::project::area;
use lumiscape_common::service::Context;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1::GetGatewayRequest;
use lumiscape_proto::lighting::v1::gateway_service_client::GatewayServiceClient;
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::area_service_server::AreaService;
use tonic::{Request, Response, Status};

use super::model::{self, AreaDraft, Placement, RawArea, RawPlacement};
use super::store::{self, AreaRow, PlacementRow};

type Reply<T> = Result<Response<T>, Status>;

pub struct AreaApi {
    shared: Context,
    /// Lighting, asked whether a gateway to place is the project's.
    lighting: Peer,
}

impl AreaApi {
    pub fn new(shared: Context, lighting: Peer) -> Self {
        Self { shared, lighting }
    }
}

#[tonic::async_trait]
impl AreaService for AreaApi {
    async fn list_areas(&self, request: Request<pb::ListAreasRequest>) -> Reply<pb::ListAreasResponse> {
        let access = authorize(&self.shared.auth, &request, &[area::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_area(&self, request: Request<pb::AreaIdRequest>) -> Reply<pb::PlanArea> {
        let access = authorize(&self.shared.auth, &request, &[area::QUERY]).await?;
        self.get(&access, request.get_ref().area_id).await.reply(access.lang())
    }

    async fn create_area(&self, request: Request<pb::AreaInput>) -> Reply<pb::SaveAreaResponse> {
        let access = authorize(&self.shared.auth, &request, &[area::ADD]).await?;
        self.create(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_area(&self, request: Request<pb::AreaInput>) -> Reply<pb::SaveAreaResponse> {
        let access = authorize(&self.shared.auth, &request, &[area::EDIT]).await?;
        self.update(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn delete_areas(&self, request: Request<pb::DeleteAreasRequest>) -> Reply<pb::DeleteAreasResponse> {
        let access = authorize(&self.shared.auth, &request, &[area::REMOVE]).await?;
        self.delete(&access, &request.get_ref().area_ids).await.reply(access.lang())
    }

    async fn place_device(&self, request: Request<pb::PlaceDeviceRequest>) -> Reply<pb::DevicePlacement> {
        let access = authorize(&self.shared.auth, &request, &[area::EDIT]).await?;
        self.place(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_placement(
        &self,
        request: Request<pb::RemovePlacementRequest>,
    ) -> Reply<pb::RemovePlacementResponse> {
        let access = authorize(&self.shared.auth, &request, &[area::EDIT]).await?;
        self.unplace(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl AreaApi {
    async fn area(&self, access: &InProject, area_id: i64) -> Result<AreaRow, Error> {
        if area_id <= 0 {
            return Err(Error::bad_request(Msg::AreaIdInvalid));
        }
        store::find(&self.shared.pool, access.project_id, area_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AreaNotFound))
    }

    /// The areas with the devices placed in each.
    async fn with_devices(&self, access: &InProject, rows: Vec<AreaRow>) -> Result<Vec<pb::PlanArea>, Error> {
        let ids: Vec<i64> = rows.iter().map(|r| r.area_id).collect();
        let mut placed: HashMap<i64, Vec<pb::DevicePlacement>> = HashMap::new();
        for p in store::placements(&self.shared.pool, access.project_id, &ids).await? {
            placed.entry(p.area_id).or_default().push(placement_pb(p));
        }
        Ok(rows
            .into_iter()
            .map(|row| {
                let devices = placed.remove(&row.area_id).unwrap_or_default();
                area_pb(row, devices)
            })
            .collect())
    }

    async fn list(&self, access: &InProject, req: &pb::ListAreasRequest) -> Result<pb::ListAreasResponse, Error> {
        let name = model::check_filter(&req.area_name)?;
        let kind = model::check_type_filter(&req.area_type)?;
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::page(&self.shared.pool, access.project_id, name, kind, page).await?;
        Ok(pb::ListAreasResponse { areas: self.with_devices(access, rows).await?, total })
    }

    async fn get(&self, access: &InProject, area_id: i64) -> Result<pb::PlanArea, Error> {
        let row = self.area(access, area_id).await?;
        Ok(self.with_devices(access, vec![row]).await?.remove(0))
    }

    async fn create(&self, access: &InProject, input: &pb::AreaInput) -> Result<pb::SaveAreaResponse, Error> {
        let points = points(input);
        let draft = AreaDraft::parse(&raw(input, &points))?;
        if !store::has_plan_picture(&self.shared.pool, access.project_id).await? {
            return Err(Error::refused(Msg::AreaPlanPictureMissing));
        }
        let area_id = store::insert(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        Ok(pb::SaveAreaResponse { area_id })
    }

    async fn update(&self, access: &InProject, input: &pb::AreaInput) -> Result<pb::SaveAreaResponse, Error> {
        let area_id = self.area(access, input.area_id).await?.area_id;
        let points = points(input);
        let draft = AreaDraft::parse(&raw(input, &points))?;
        if !store::update(&self.shared.pool, access.project_id, area_id, &draft, access.user_name()).await? {
            return Err(Error::not_found(Msg::AreaNotFound));
        }
        Ok(pb::SaveAreaResponse { area_id })
    }

    async fn delete(&self, access: &InProject, ids: &[i64]) -> Result<pb::DeleteAreasResponse, Error> {
        let ids = model::check_ids(ids)?;
        let deleted = store::delete_all(&self.shared.pool, access.project_id, &ids)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AreaNotFound))?;
        Ok(pb::DeleteAreasResponse { deleted: deleted as i64 })
    }

    /// Places a device of the project inside one of its areas. The device's own service
    /// answers whether it exists in the project (and the caller may see it).
    async fn place(&self, access: &InProject, req: &pb::PlaceDeviceRequest) -> Result<pb::DevicePlacement, Error> {
        let placement = Placement::parse(&RawPlacement {
            device_type: &req.device_type,
            device_id: req.device_id,
            area_id: req.area_id,
            x: req.x,
            y: req.y,
        })?;
        let row = self.area(access, placement.area_id).await?;
        placement.check_inside(&row.points)?;
        GatewayServiceClient::<Transport>::new(self.lighting.transport())
            .get_gateway(access.ctx.request(GetGatewayRequest { gateway_id: placement.device_id }))
            .await
            .map_err(Error::from_status)?;
        let placed = store::place(&self.shared.pool, access.project_id, &placement, access.user_name()).await?;
        Ok(placement_pb(placed))
    }

    async fn unplace(
        &self,
        access: &InProject,
        req: &pb::RemovePlacementRequest,
    ) -> Result<pb::RemovePlacementResponse, Error> {
        let device_type = model::check_device_type(&req.device_type)?;
        if req.device_id <= 0 {
            return Err(Error::bad_request(Msg::PlanDeviceIdInvalid));
        }
        if !store::unplace(&self.shared.pool, access.project_id, device_type, req.device_id).await? {
            return Err(Error::not_found(Msg::PlanDeviceNotPlaced));
        }
        Ok(pb::RemovePlacementResponse { removed: true })
    }
}

fn points(input: &pb::AreaInput) -> Vec<(f64, f64)> {
    input.points.iter().map(|p| (p.x, p.y)).collect()
}

fn raw<'a>(input: &'a pb::AreaInput, points: &'a [(f64, f64)]) -> RawArea<'a> {
    RawArea {
        area_name: &input.area_name,
        area_type: &input.area_type,
        points,
        colour: &input.colour,
        order_num: input.order_num,
        remark: &input.remark,
    }
}

fn area_pb(row: AreaRow, devices: Vec<pb::DevicePlacement>) -> pb::PlanArea {
    pb::PlanArea {
        area_id: row.area_id,
        project_id: row.project_id,
        points: model::pairs(&row.points).into_iter().map(|(x, y)| pb::PlanPoint { x, y }).collect(),
        create_time_ms: row.created_at.timestamp_millis(),
        update_time_ms: row.updated_at.timestamp_millis(),
        area_name: row.area_name,
        area_type: row.area_type,
        colour: row.colour,
        order_num: row.order_num,
        remark: row.remark,
        devices,
        create_by: row.created_by,
        update_by: row.updated_by,
    }
}

fn placement_pb(row: PlacementRow) -> pb::DevicePlacement {
    pb::DevicePlacement {
        area_id: row.area_id,
        placed_time_ms: row.placed_at.timestamp_millis(),
        device_type: row.device_type,
        device_id: row.device_id,
        x: row.x,
        y: row.y,
        placed_by: row.placed_by,
    }
}
