//! The map: where the selected project's devices stand (markers, or clusters when a
//! viewport holds too many), and setting a device's location. The handlers only translate:
//! the rules, the threshold and the messages are the lighting service's. Devices are
//! gateways until the device registry adds its kinds; every shape names `deviceType`.

use axum::Extension;
use axum::extract::State;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::device_location_service_client::DeviceLocationServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{decimal, flag, id, number, text};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, call, ok_data, ok_with};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn locations(state: &EdgeState) -> DeviceLocationServiceClient<Transport> {
    DeviceLocationServiceClient::new(state.clients.lighting_channel())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationListQuery {
    #[serde(default)]
    device_name: String,
    #[serde(default)]
    device_type: String,
    min_lng: Option<String>,
    min_lat: Option<String>,
    max_lng: Option<String>,
    max_lat: Option<String>,
    zoom: Option<String>,
}

impl LocationListQuery {
    /// The viewport when all five parameters are given, none when none is; one that is not a
    /// number, or some without the others, is a bad request (the service checks the ranges).
    fn viewport(&self, lang: Lang) -> Result<Option<pb::Viewport>, ApiError> {
        let invalid = || ApiError::new(ErrorCode::BadRequest, &Msg::MapViewportInvalid, lang);
        let degrees = |text: &Option<String>| number::<f64>(text.as_deref(), Msg::MapViewportInvalid, lang);
        let corners =
            [degrees(&self.min_lng)?, degrees(&self.min_lat)?, degrees(&self.max_lng)?, degrees(&self.max_lat)?];
        let zoom = number::<i32>(self.zoom.as_deref(), Msg::MapViewportInvalid, lang)?;
        match (corners, zoom) {
            ([None, None, None, None], None) => Ok(None),
            ([Some(min_lng), Some(min_lat), Some(max_lng), Some(max_lat)], Some(zoom)) => {
                Ok(Some(pb::Viewport { min_lng, min_lat, max_lng, max_lat, zoom }))
            }
            _ => Err(invalid()),
        }
    }
}

/// `GET /device/device/locationDevice/list`: `{mode: "markers" | "clusters", total,
/// truncated, cellSize, markers, clusters}` (one of the lists is empty).
pub async fn location_list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<LocationListQuery>,
) -> ApiResult {
    let lang = info.lang();
    let viewport = query.viewport(lang)?;
    let request =
        pb::ListDeviceLocationsRequest { device_type: query.device_type, device_name: query.device_name, viewport };
    let answer = call(&info, locations(&state).list_device_locations(info.ctx.request(request))).await?;
    let mode = if answer.clusters.is_empty() { "markers" } else { "clusters" };
    let markers: Vec<Value> = answer.markers.iter().map(marker_json).collect();
    let clusters: Vec<Value> = answer
        .clusters
        .iter()
        .map(|c| json!({ "count": c.count, "longitude": c.longitude, "latitude": c.latitude }))
        .collect();
    ok_data(
        lang,
        json!({
            "mode": mode,
            "total": answer.total,
            "truncated": answer.truncated,
            "cellSize": answer.cell_degrees,
            "markers": markers,
            "clusters": clusters,
        }),
    )
}

fn marker_json(m: &pb::DeviceMarker) -> Value {
    json!({
        "deviceType": m.device_type,
        "deviceId": m.device_id,
        "deviceName": m.device_name,
        "deviceNumber": m.device_number,
        "onlineStatus": flag(m.online),
        "longitude": m.longitude,
        "latitude": m.latitude,
    })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationBody {
    #[serde(default)]
    device_type: Value,
    #[serde(default)]
    device_id: Value,
    #[serde(default)]
    longitude: Value,
    #[serde(default)]
    latitude: Value,
}

/// `POST /device/device/location`: sets a device's location, or clears it when both
/// coordinates are null or empty.
pub async fn location_set(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<LocationBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::SetDeviceLocationRequest {
        device_type: text(&body.device_type),
        device_id: id(&body.device_id),
        longitude: decimal(&body.longitude),
        latitude: decimal(&body.latitude),
    };
    call(&info, locations(&state).set_device_location(info.ctx.request(request))).await?;
    ok_with(lang, json!({}))
}
