//! Energy statistics over gRPC: authorize, call the inner function, map the error once.

use std::collections::{BTreeMap, HashMap};

use chrono::{Months, NaiveDate, Utc};
use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::lighting::energy;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::lighting::v1 as pb;
use lumiscape_proto::lighting::v1::energy_service_server::EnergyService;
use tonic::{Request, Response, Status};

use super::model::{self, Baseline, Bucket, Figures, Granularity, Period, Setting};
use super::roll::{self, ProjectPlan};
use super::store::{self, Scope};
use super::workbook;
use crate::Shared;
use crate::schedule::sun::Site;

type Reply<T> = Result<Response<T>, Status>;

/// Rankings over more days than this count whole months (the days would be many).
const RANK_DAYS: i64 = 92;

pub struct EnergyApi {
    shared: Shared,
}

impl EnergyApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl EnergyService for EnergyApi {
    async fn get_energy_stats(&self, request: Request<pb::EnergyStatsRequest>) -> Reply<pb::EnergyStats> {
        let access = authorize(&self.shared.auth, &request, &[energy::LIST]).await?;
        self.stats(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn rank_energy(&self, request: Request<pb::EnergyRankingRequest>) -> Reply<pb::EnergyRanking> {
        let access = authorize(&self.shared.auth, &request, &[energy::LIST]).await?;
        self.ranking(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn export_energy(&self, request: Request<pb::EnergyExportRequest>) -> Reply<pb::EnergyWorkbook> {
        let access = authorize(&self.shared.auth, &request, &[energy::EXPORT]).await?;
        self.export(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_energy_setting(&self, request: Request<pb::GetEnergySettingRequest>) -> Reply<pb::EnergySetting> {
        let access = authorize(&self.shared.auth, &request, &[energy::LIST]).await?;
        self.setting(&access).await.reply(access.lang())
    }

    async fn save_energy_setting(&self, request: Request<pb::EnergySettingInput>) -> Reply<pb::EnergySetting> {
        let access = authorize(&self.shared.auth, &request, &[energy::EDIT]).await?;
        self.save_setting(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn rebuild_energy(&self, request: Request<pb::RebuildEnergyRequest>) -> Reply<pb::RebuildEnergyResponse> {
        let access = authorize(&self.shared.auth, &request, &[energy::EDIT]).await?;
        self.rebuild(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_energy_summary(&self, request: Request<pb::GetEnergySummaryRequest>) -> Reply<pb::EnergySummary> {
        let access = authorize(&self.shared.auth, &request, &[energy::LIST]).await?;
        self.summary(&access).await.reply(access.lang())
    }
}

/// A project's zone, site and setting as the statistics use them.
struct Context {
    plan: ProjectPlan,
    site: Option<Site>,
    written: Option<(String, chrono::DateTime<Utc>)>,
}

impl EnergyApi {
    async fn context(&self, project_id: i64) -> Result<Context, Error> {
        let mut conn = self.shared.pool.acquire().await?;
        let row = store::plan(&mut conn, project_id).await?;
        let plan = ProjectPlan::of(&row);
        let site = row.latitude.zip(row.longitude).and_then(|(lat, lon)| Site::new(lat, lon, plan.zone));
        let written = row.setting.map(|(_, by, at)| (by, at));
        Ok(Context { plan, site, written })
    }

    async fn scope(&self, access: &InProject, gateway_id: i64, loop_index: i64, group_id: i64) -> Result<Scope, Error> {
        let pool = &self.shared.pool;
        if loop_index != 0 && gateway_id == 0 {
            return Err(Error::bad_request(Msg::EnergyLoopWithoutGateway));
        }
        if gateway_id != 0 && !store::gateway_of_project(pool, access.project_id, gateway_id).await? {
            return Err(Error::not_found(Msg::GatewayNotFound));
        }
        if group_id != 0 && !store::group_exists(pool, access.project_id, group_id).await? {
            return Err(Error::not_found(Msg::GroupNotFound));
        }
        let loop_index = match loop_index {
            0 => None,
            1..=64 => Some(loop_index as i16),
            _ => return Err(Error::bad_request(Msg::DeviceLoopInvalid)),
        };
        Ok(Scope {
            gateway_id: (gateway_id != 0).then_some(gateway_id),
            loop_index,
            group_id: (group_id != 0).then_some(group_id),
        })
    }

    /// What the scope used in each bucket of a period, by bucket label.
    async fn measured(
        &self,
        project_id: i64,
        period: &Period,
        buckets: &[Bucket],
        scope: Scope,
        context: &Context,
    ) -> Result<BTreeMap<String, Figures>, Error> {
        let pool = &self.shared.pool;
        let mut measured: BTreeMap<String, Figures> = BTreeMap::new();
        match period.granularity {
            Granularity::Hour => {
                let days = context.plan.days();
                let labels: HashMap<_, _> =
                    buckets.iter().filter_map(|b| b.hour.map(|h| (h, b.label.clone()))).collect();
                let rows =
                    store::by_hour(pool, project_id, scope, days.day_start(period.first), days.day_end(period.last))
                        .await?;
                for row in rows {
                    if let Some(label) = labels.get(&row.key) {
                        measured.entry(label.clone()).or_default().add(&row.figures);
                    }
                }
            }
            Granularity::Day => {
                for row in store::by_day(pool, project_id, scope, period.first, period.last).await? {
                    measured.entry(row.key.format("%Y-%m-%d").to_string()).or_default().add(&row.figures);
                }
            }
            Granularity::Month | Granularity::Year => {
                let format = if period.granularity == Granularity::Month { "%Y-%m" } else { "%Y" };
                for row in store::by_month(pool, project_id, scope, period.first, period.last).await? {
                    measured.entry(row.key.format(format).to_string()).or_default().add(&row.figures);
                }
            }
        }
        Ok(measured)
    }

    /// The figures of a period in the project's `context` (read once by the caller, however
    /// many periods it computes).
    async fn compute(
        &self,
        project_id: i64,
        context: &Context,
        period: &Period,
        scope: Scope,
    ) -> Result<pb::EnergyStats, Error> {
        let zone = context.plan.zone;
        let buckets = period.buckets(zone);
        let measured = self.measured(project_id, period, &buckets, scope, context).await?;
        let setting = &context.plan.setting;
        let baseline: BTreeMap<String, f64> = match setting.baseline {
            Baseline::LastYear => {
                let before = period.year_before();
                let earlier = self.measured(project_id, &before, &before.buckets(zone), scope, context).await?;
                earlier
                    .into_iter()
                    .filter_map(|(label, f)| model::year_later(&label).map(|label| (label, f.kwh)))
                    .collect()
            }
            Baseline::FullNight => {
                let by_month = matches!(period.granularity, Granularity::Month | Granularity::Year);
                let load_w =
                    store::peak_load(&self.shared.pool, project_id, scope, period.first, period.last, by_month).await?;
                buckets
                    .iter()
                    .map(|b| (b.label.clone(), model::night_hours(b, context.site.as_ref(), zone) * load_w / 1000.0))
                    .collect()
            }
        };
        let (rows, total) = model::stats(&buckets, &measured, &baseline, setting);
        Ok(pb::EnergyStats {
            time_zone: zone.to_string(),
            baseline: setting.baseline.as_str().into(),
            baseline_note: setting.note.clone(),
            rows,
            total: Some(total),
        })
    }

    async fn stats(&self, access: &InProject, req: &pb::EnergyStatsRequest) -> Result<pb::EnergyStats, Error> {
        let period = Period::parse(&req.granularity, &req.begin_date, &req.end_date)?;
        let scope = self.scope(access, req.gateway_id, req.loop_index, req.group_id).await?;
        let context = self.context(access.project_id).await?;
        if period.granularity == Granularity::Hour {
            // The first whole local day whose hours are all kept (partitions are UTC months).
            let first_kept = self.shared.energy_hours.first_kept_month(Utc::now().date_naive());
            let first_held = first_kept.succ_opt().unwrap_or(first_kept);
            let day = |date: NaiveDate| date.format("%Y-%m-%d").to_string();
            if period.first < first_held {
                return Err(Error::refused(Msg::EnergyHoursNotHeld { first: day(first_held) }));
            }
            // Last year's hours are the baseline: missing, the savings would be made up.
            if context.plan.setting.baseline == Baseline::LastYear && period.year_before().first < first_held {
                let first = first_held.checked_add_months(Months::new(12)).unwrap_or(first_held);
                return Err(Error::refused(Msg::EnergyBaselineNotHeld { first: day(first) }));
            }
        }
        self.compute(access.project_id, &context, &period, scope).await
    }

    async fn ranking(&self, access: &InProject, req: &pb::EnergyRankingRequest) -> Result<pb::EnergyRanking, Error> {
        // Any days up to the yearly bound, in order.
        Period::parse("year", &req.begin_date, &req.end_date)?;
        let (first, last) = (model::date_of(&req.begin_date)?, model::date_of(&req.end_date)?);
        let limit = model::rank_limit(req.limit)?;
        let scope = self.scope(access, 0, 0, req.group_id).await?;
        let context = self.context(access.project_id).await?;
        let by_months = (last - first).num_days() >= RANK_DAYS;
        let rows = store::ranking(
            &self.shared.pool,
            access.project_id,
            scope.group_id,
            first,
            last,
            by_months,
            i64::from(limit),
        )
        .await?;
        let setting = &context.plan.setting;
        Ok(pb::EnergyRanking {
            rows: rows
                .into_iter()
                .map(|r| pb::EnergyRank {
                    gateway_id: r.gateway_id,
                    gateway_name: r.gateway_name.unwrap_or_default(),
                    gateway_number: r.serial.unwrap_or_default(),
                    loop_index: i32::from(r.loop_index),
                    loop_name: r.loop_name.unwrap_or_default(),
                    kwh: model::round(r.kwh, 3),
                    cost: model::round(setting.cost(r.peak_kwh, r.flat_kwh, r.valley_kwh), 2),
                })
                .collect(),
        })
    }

    async fn export(&self, access: &InProject, req: &pb::EnergyExportRequest) -> Result<pb::EnergyWorkbook, Error> {
        let lang = access.lang();
        let content = match req.view.as_str() {
            "trend" => {
                let stats = self.stats(access, &req.stats.clone().unwrap_or_default()).await?;
                workbook::trend(lang, &stats)
            }
            "ranking" => {
                let ranking = self.ranking(access, &req.ranking.clone().unwrap_or_default()).await?;
                workbook::ranking(lang, &ranking)
            }
            _ => return Err(Error::bad_request(Msg::EnergyViewInvalid)),
        }
        .map_err(Error::internal)?;
        let stamp = Utc::now().format("%Y%m%d%H%M%S");
        Ok(pb::EnergyWorkbook { file_name: format!("energy_{}_{stamp}.xlsx", req.view), content })
    }

    async fn setting(&self, access: &InProject) -> Result<pb::EnergySetting, Error> {
        let context = self.context(access.project_id).await?;
        Ok(setting_of(&context))
    }

    async fn save_setting(&self, access: &InProject, req: &pb::EnergySettingInput) -> Result<pb::EnergySetting, Error> {
        let setting = Setting::parse(req)?;
        store::save_setting(&self.shared.pool, access.project_id, &setting, access.user_name()).await?;
        self.setting(access).await
    }

    async fn rebuild(
        &self,
        access: &InProject,
        req: &pb::RebuildEnergyRequest,
    ) -> Result<pb::RebuildEnergyResponse, Error> {
        let period = Period::parse("day", &req.begin_date, &req.end_date)?;
        let context = self.context(access.project_id).await?;
        let today = Utc::now().with_timezone(&context.plan.zone).date_naive();
        if period.last > today {
            return Err(Error::bad_request(Msg::EnergyRebuildFuture));
        }
        // The first whole local day whose samples are all still held (partitions are UTC days).
        let first_held = self.shared.retention.first_kept_day(Utc::now().date_naive()).succ_opt().unwrap_or(today);
        if period.first < first_held {
            return Err(Error::refused(Msg::EnergyNotHeld { first: first_held.format("%Y-%m-%d").to_string() }));
        }
        let days = roll::rebuild(&self.shared.pool, access.project_id, period.first, period.last).await?;
        tracing::info!(project = access.project_id, first = %period.first, last = %period.last, "energy rolled again");
        Ok(pb::RebuildEnergyResponse { days })
    }

    async fn summary(&self, access: &InProject) -> Result<pb::EnergySummary, Error> {
        let context = self.context(access.project_id).await?;
        let zone = context.plan.zone;
        let today = Utc::now().with_timezone(&zone).date_naive();
        let week_start = today.checked_sub_days(chrono::Days::new(6)).unwrap_or(today);
        let week = Period { granularity: Granularity::Day, first: week_start, last: today };
        let days = self.compute(access.project_id, &context, &week, Scope::default()).await?;
        let month = Period { granularity: Granularity::Month, first: model::month_of(today), last: today };
        let this_month = self.compute(access.project_id, &context, &month, Scope::default()).await?;
        let last_start = model::month_of(today).checked_sub_months(Months::new(1)).unwrap_or(today);
        let previous =
            store::by_month(&self.shared.pool, access.project_id, Scope::default(), last_start, last_start).await?;
        let month_total = this_month.total.unwrap_or_default();
        let day_rows: Vec<pb::EnergyDay> = days
            .rows
            .iter()
            .map(|row| pb::EnergyDay { date: row.time.clone(), kwh: row.figures.map_or(0.0, |f| f.kwh) })
            .collect();
        Ok(pb::EnergySummary {
            today_kwh: day_rows.last().map_or(0.0, |d| d.kwh),
            month_kwh: month_total.kwh,
            month_cost: month_total.cost,
            month_saving_kwh: month_total.saving_kwh,
            last_month_kwh: model::round(previous.iter().map(|m| m.figures.kwh).sum(), 3),
            days: day_rows,
        })
    }
}

fn setting_of(context: &Context) -> pb::EnergySetting {
    let setting = &context.plan.setting;
    pb::EnergySetting {
        peak_price: setting.peak_price,
        flat_price: setting.flat_price,
        valley_price: setting.valley_price,
        hour_bands: setting.hour_bands(),
        baseline: setting.baseline.as_str().into(),
        baseline_note: setting.note.clone(),
        time_zone: context.plan.zone.to_string(),
        updated_by: context.written.as_ref().map(|(by, _)| by.clone()).unwrap_or_default(),
        updated_ms: context.written.as_ref().map_or(0, |(_, at)| at.timestamp_millis()),
    }
}
