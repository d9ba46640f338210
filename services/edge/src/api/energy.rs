//! Energy statistics (`/lighting/energy/*`, docs/energy.md): trends by local hour, day, month
//! and year with cost and saving, the ranking of loops, their workbooks, the project's tariff
//! and baseline, a rebuild from the held samples, and the figures of the home page and the
//! big screen.

use axum::Extension;
use axum::extract::State;
use axum::response::Response;
use lumiscape_common::i18n::Msg;
use lumiscape_common::local::Transport;
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::energy_service_client::EnergyServiceClient;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::convert::{decimal, local_time, number, text};
use crate::envelope::{ApiError, ApiForm, ApiJson, ApiQuery, ApiResult, call, ok_data, xlsx_download};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn energy(state: &EdgeState) -> EnergyServiceClient<Transport> {
    EnergyServiceClient::new(state.clients.lighting_channel())
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatsQuery {
    #[serde(default)]
    granularity: String,
    #[serde(default)]
    begin_time: String,
    #[serde(default)]
    end_time: String,
    gateway_id: Option<String>,
    loop_index: Option<String>,
    group_id: Option<String>,
    limit: Option<String>,
    #[serde(default)]
    view: String,
}

impl StatsQuery {
    fn stats(&self, info: &RequestInfo) -> Result<pb::EnergyStatsRequest, ApiError> {
        let lang = info.lang();
        Ok(pb::EnergyStatsRequest {
            granularity: self.granularity.clone(),
            begin_date: self.begin_time.clone(),
            end_date: self.end_time.clone(),
            gateway_id: number(self.gateway_id.as_deref(), Msg::GatewayIdInvalid, lang)?.unwrap_or(0),
            loop_index: number(self.loop_index.as_deref(), Msg::DeviceLoopInvalid, lang)?.unwrap_or(0),
            group_id: number(self.group_id.as_deref(), Msg::GroupIdInvalid, lang)?.unwrap_or(0),
        })
    }

    fn ranking(&self, info: &RequestInfo) -> Result<pb::EnergyRankingRequest, ApiError> {
        let lang = info.lang();
        Ok(pb::EnergyRankingRequest {
            begin_date: self.begin_time.clone(),
            end_date: self.end_time.clone(),
            limit: number(self.limit.as_deref(), Msg::EnergyRankLimitInvalid { max: 50 }, lang)?.unwrap_or(0),
            group_id: number(self.group_id.as_deref(), Msg::GroupIdInvalid, lang)?.unwrap_or(0),
        })
    }
}

fn figures_json(f: &pb::EnergyFigures) -> Value {
    json!({
        "kwh": f.kwh,
        "peakKwh": f.peak_kwh,
        "flatKwh": f.flat_kwh,
        "valleyKwh": f.valley_kwh,
        "cost": f.cost,
        "baselineKwh": f.baseline_kwh,
        "savingKwh": f.saving_kwh,
        "savingCost": f.saving_cost,
        "flags": f.flags,
    })
}

/// `GET /lighting/energy/stats`: the buckets of a period with their cost and saving.
pub async fn stats(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<StatsQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = query.stats(&info)?;
    let answer = call(&info, energy(&state).get_energy_stats(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer
        .rows
        .iter()
        .map(|row| {
            let mut value = figures_json(&row.figures.unwrap_or_default());
            value["time"] = json!(row.time);
            value
        })
        .collect();
    ok_data(
        lang,
        json!({
            "timeZone": answer.time_zone,
            "baseline": answer.baseline,
            "baselineNote": answer.baseline_note,
            "rows": rows,
            "total": figures_json(&answer.total.unwrap_or_default()),
        }),
    )
}

/// `GET /lighting/energy/ranking`: the loops that used the most in a period.
pub async fn ranking(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<StatsQuery>,
) -> ApiResult {
    let lang = info.lang();
    let request = query.ranking(&info)?;
    let answer = call(&info, energy(&state).rank_energy(info.ctx.request(request))).await?;
    let rows: Vec<Value> = answer
        .rows
        .iter()
        .map(|r| {
            json!({
                "gatewayId": r.gateway_id,
                "gatewayName": r.gateway_name,
                "gatewayNumber": r.gateway_number,
                "loopIndex": r.loop_index,
                "loopName": r.loop_name,
                "kwh": r.kwh,
                "cost": r.cost,
            })
        })
        .collect();
    ok_data(lang, Value::Array(rows))
}

/// `POST /lighting/energy/export`: the trend (`view=trend`) or the ranking (`view=ranking`)
/// as xlsx (form body, as RuoYi's exports).
pub async fn export(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiForm(query): ApiForm<StatsQuery>,
) -> Result<Response, ApiError> {
    // Only the view's own parameters are read: a stray one of the other view is not its concern.
    let (stats, ranking) = match query.view.as_str() {
        "trend" => (Some(query.stats(&info)?), None),
        "ranking" => (None, Some(query.ranking(&info)?)),
        _ => (None, None),
    };
    let request = pb::EnergyExportRequest { view: query.view.clone(), stats, ranking };
    let file = call(&info, energy(&state).export_energy(info.ctx.request(request))).await?;
    Ok(xlsx_download(file.file_name, file.content))
}

fn setting_json(s: &pb::EnergySetting) -> Value {
    json!({
        "peakPrice": s.peak_price,
        "flatPrice": s.flat_price,
        "valleyPrice": s.valley_price,
        "hourBands": s.hour_bands,
        "baseline": s.baseline,
        "baselineNote": s.baseline_note,
        "timeZone": s.time_zone,
        "updateBy": s.updated_by,
        "updateTime": local_time(s.updated_ms),
    })
}

/// `GET /lighting/energy/setting`: the project's tariff and baseline (the defaults until written).
pub async fn setting_get(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let answer =
        call(&info, energy(&state).get_energy_setting(info.ctx.request(pb::GetEnergySettingRequest {}))).await?;
    ok_data(lang, setting_json(&answer))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingBody {
    #[serde(default)]
    peak_price: Value,
    #[serde(default)]
    flat_price: Value,
    #[serde(default)]
    valley_price: Value,
    #[serde(default)]
    hour_bands: Value,
    #[serde(default)]
    baseline: Value,
    #[serde(default)]
    baseline_note: Value,
}

/// `PUT /lighting/energy/setting`: writes the tariff and the baseline.
pub async fn setting_set(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<SettingBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::EnergySettingInput {
        peak_price: decimal(&body.peak_price),
        flat_price: decimal(&body.flat_price),
        valley_price: decimal(&body.valley_price),
        hour_bands: text(&body.hour_bands),
        baseline: text(&body.baseline),
        baseline_note: text(&body.baseline_note),
    };
    let answer = call(&info, energy(&state).save_energy_setting(info.ctx.request(request))).await?;
    ok_data(lang, setting_json(&answer))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RebuildBody {
    #[serde(default)]
    begin_time: Value,
    #[serde(default)]
    end_time: Value,
}

/// `POST /lighting/energy/rebuild`: rolls the days of a period again from the held samples.
pub async fn rebuild(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<RebuildBody>,
) -> ApiResult {
    let lang = info.lang();
    let request = pb::RebuildEnergyRequest { begin_date: text(&body.begin_time), end_date: text(&body.end_time) };
    let answer = call(&info, energy(&state).rebuild_energy(info.ctx.request(request))).await?;
    ok_data(lang, json!({ "days": answer.days }))
}

/// `GET /lighting/energy/summary`: today, this month and the last 7 days.
pub async fn summary(State(state): State<EdgeState>, Extension(info): Extension<RequestInfo>) -> ApiResult {
    let lang = info.lang();
    let answer =
        call(&info, energy(&state).get_energy_summary(info.ctx.request(pb::GetEnergySummaryRequest {}))).await?;
    let days: Vec<Value> = answer.days.iter().map(|d| json!({ "date": d.date, "kwh": d.kwh })).collect();
    ok_data(
        lang,
        json!({
            "todayKwh": answer.today_kwh,
            "monthKwh": answer.month_kwh,
            "monthCost": answer.month_cost,
            "monthSavingKwh": answer.month_saving_kwh,
            "lastMonthKwh": answer.last_month_kwh,
            "days": days,
        }),
    )
}
