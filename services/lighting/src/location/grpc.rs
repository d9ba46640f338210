//! The map over gRPC: each method authorizes, calls its inner function and maps the error
//! once. Locations are gateways' own data, so the gateway permissions guard them: reading
//! where a gateway stands is reading the gateway (`lighting:gateway:query`), moving it is
//! editing it (`lighting:gateway:edit`); a screen of its own would grant nothing these do not.

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::lighting::gateway;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::device_location_service_server::DeviceLocationService;
use tonic::{Request, Response, Status};

use super::located::LocatedCache;
use super::model::{
    self, DeviceKind, MARKER_THRESHOLD, MAX_CLUSTERS, MAX_MARKERS_WITHOUT_VIEWPORT, MapQuery, Viewport,
};
use super::store::{self, MarkerRow};
use crate::Shared;
use crate::gateway::model::check_gateway_id;

pub struct LocationApi {
    shared: Shared,
    located: LocatedCache,
}

impl LocationApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared, located: LocatedCache::new() }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl DeviceLocationService for LocationApi {
    async fn set_device_location(
        &self,
        request: Request<pb::SetDeviceLocationRequest>,
    ) -> Reply<pb::SetDeviceLocationResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::EDIT]).await?;
        self.set(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn list_device_locations(
        &self,
        request: Request<pb::ListDeviceLocationsRequest>,
    ) -> Reply<pb::ListDeviceLocationsResponse> {
        let access = authorize(&self.shared.auth, &request, &[gateway::QUERY]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl LocationApi {
    async fn set(
        &self,
        access: &InProject,
        req: &pb::SetDeviceLocationRequest,
    ) -> Result<pb::SetDeviceLocationResponse, Error> {
        let DeviceKind::Gateway = DeviceKind::parse(&req.device_type)?;
        let gateway_id = check_gateway_id(req.device_id)?;
        let location = model::check_location(req.longitude, req.latitude)?;
        if !store::set_location(&self.shared.pool, access.project_id, gateway_id, location).await? {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        tracing::info!(gateway_id, project = access.project_id, located = location.is_some(), "gateway location set");
        Ok(pb::SetDeviceLocationResponse {})
    }

    async fn list(
        &self,
        access: &InProject,
        req: &pb::ListDeviceLocationsRequest,
    ) -> Result<pb::ListDeviceLocationsResponse, Error> {
        let viewport = match &req.viewport {
            Some(v) => Some(Viewport::parse(v.min_lng, v.min_lat, v.max_lng, v.max_lat, v.zoom)?),
            None => None,
        };
        let query = MapQuery::parse(&req.device_type, &req.device_name, viewport)?;
        if !query.wants_gateways() {
            return Ok(pb::ListDeviceLocationsResponse::default());
        }
        let pool = &self.shared.pool;
        let project_id = access.project_id;
        let Some(viewport) = query.viewport else {
            let rows = store::markers(pool, project_id, &query.name, None, MAX_MARKERS_WITHOUT_VIEWPORT).await?;
            let total = store::count(pool, project_id, &query.name, None).await?;
            let truncated = total > rows.len() as i64;
            return Ok(pb::ListDeviceLocationsResponse {
                markers: markers_pb(rows),
                total,
                truncated,
                ..Default::default()
            });
        };
        let located = self.located.current(pool, project_id).await?;
        if !located.more_than(&query.name, &viewport, MARKER_THRESHOLD) {
            // Few enough to draw: read them with their live status.
            let rows = store::markers(pool, project_id, &query.name, Some(&viewport), MARKER_THRESHOLD).await?;
            let total = rows.len() as i64;
            return Ok(pb::ListDeviceLocationsResponse { markers: markers_pb(rows), total, ..Default::default() });
        }
        let clusters = located.clusters(&query.name, &viewport, MAX_CLUSTERS);
        Ok(pb::ListDeviceLocationsResponse {
            truncated: clusters.cell_count > clusters.cells.len() as i64,
            total: clusters.total,
            clusters: clusters
                .cells
                .into_iter()
                .map(|c| pb::DeviceCluster { count: c.count, longitude: c.longitude, latitude: c.latitude })
                .collect(),
            cell_degrees: viewport.cell_degrees(),
            ..Default::default()
        })
    }
}

fn markers_pb(rows: Vec<MarkerRow>) -> Vec<pb::DeviceMarker> {
    rows.into_iter()
        .map(|r| pb::DeviceMarker {
            device_type: DeviceKind::Gateway.as_str().to_owned(),
            device_id: r.gateway_id,
            device_name: r.gateway_name,
            device_number: r.serial,
            online: r.online,
            longitude: r.longitude,
            latitude: r.latitude,
        })
        .collect()
}
