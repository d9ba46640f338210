//! The demo's work orders: a few in each status of the demo project, opened and moved through
//! the same rules and state machine as the console's, so each has its process information
//! (`store::seed_order`: no events). And its inspection: a team, two routes over the demo
//! gateways, a daily and a weekly plan (the job makes their tasks once the service runs), a
//! task dealt with and one expired.

use chrono::{Local, TimeDelta, Utc};
use lumiscape_common::nats::Streams;
use sqlx::PgPool;

use crate::asset::model::{AssetDraft, RawAsset, RawAttribute, RawOption, RawType, RecordType, TypeDraft};
use crate::asset::store as assets;
use crate::contract::model::RawPlan as RawMaintenancePlan;
use crate::contract::model::{CompanyDraft, ContractDraft, PlanDraft as MaintenancePlanDraft, RawCompany, RawContract};
use crate::contract::store as contracts;
use crate::inspection::model::{
    DealSpec, PlanDraft, PointType, RawPlan, RawResult, RawRoute, RawTask, RawTeam, RouteDraft, TaskDraft, TeamDraft,
};
use crate::inspection::store as inspection;
use crate::work_order::model::{ActionSpec, RawAction, RawWorkOrder, WorkOrderDraft};
use crate::work_order::store::{self, Actor};

const DEMO_PROJECT: i64 = 1;
/// The demo's `admin`, who opens, handles and confirms them.
const ADMIN: Actor<'static> = Actor { id: 1, name: "admin" };

/// One demo order: type, question, urgency, address, description, then the actions it went
/// through (action, note or reason or score).
type DemoOrder =
    (&'static str, &'static str, &'static str, &'static str, &'static str, &'static [(&'static str, &'static str)]);

const ORDERS: &[DemoOrder] = &[
    ("2", "1", "3", "滨江步道 A 段", "3 号灯杆灯具不亮", &[]),
    ("2", "4", "2", "观景平台", "护栏投光灯灯罩破损", &[]),
    ("2", "2", "1", "1 号配电柜", "配电柜回路 2 跳闸，整段熄灭", &[("dispatch", "")]),
    ("3", "3", "3", "桥体东侧", "巡检发现 4 号网关信号弱", &[("dispatch", ""), ("assign", "")]),
    ("2", "1", "3", "入口广场", "地埋灯 2 盏不亮", &[("dispatch", ""), ("complete", "已更换两只灯具")]),
    (
        "2",
        "2",
        "2",
        "滨江步道 B 段",
        "线槽进水导致漏电保护动作",
        &[("dispatch", ""), ("complete", "线槽已封堵，回路恢复"), ("confirm", "5")],
    ),
    ("2", "5", "4", "游客中心", "报修重复提交", &[("close", "与已有工单重复")]),
];

/// Two days from now, as the console writes an expected completion time.
fn expected_time() -> String {
    (chrono::Local::now() + TimeDelta::days(2)).format("%Y-%m-%d %H:%M:%S").to_string()
}

/// A demo order checked by the console's rules, with its actions (and each one's handler).
type Checked = (WorkOrderDraft, Vec<(ActionSpec, Option<Actor<'static>>)>);

/// Every demo order and action, through the rules the console's pass.
fn demo_orders() -> anyhow::Result<Vec<Checked>> {
    let expected = expected_time();
    let mut orders = Vec::new();
    for (order_type, question_type, urgency, address, description, actions) in ORDERS {
        let raw = RawWorkOrder {
            order_type,
            question_type,
            urgency,
            expected_time: &expected,
            address,
            description,
            ..Default::default()
        };
        let draft = WorkOrderDraft::parse(&raw, Utc::now())
            .map_err(|msg| anyhow::anyhow!("demo order {description}: {msg:?}"))?;
        let mut steps = Vec::new();
        for (action, text) in actions.iter() {
            let raw = RawAction {
                action,
                handler_id: ADMIN.id,
                note: text,
                score: text,
                evaluation: if *action == "confirm" { "处理及时" } else { "" },
                close_reason: text,
                ..Default::default()
            };
            let spec = ActionSpec::parse(&raw)
                .map_err(|msg| anyhow::anyhow!("demo order {description}, {action}: {msg:?}"))?;
            let handler = spec.handler_id.map(|_| ADMIN);
            steps.push((spec, handler));
        }
        orders.push((draft, steps));
    }
    Ok(orders)
}

/// A demo gateway as the lighting seed made it: its project, id and label ("name (serial)").
#[derive(Debug, Clone)]
pub struct DemoGateway {
    pub project_id: i64,
    pub gateway_id: i64,
    pub label: String,
}

/// Adds the demo orders and inspection when the demo project has none; running it again
/// changes nothing. `gateways` are the lighting seed's, the points of the demo routes.
pub async fn seed_demo(pool: &PgPool, streams: &Streams, gateways: &[DemoGateway]) -> anyhow::Result<()> {
    let any = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.work_orders WHERE project_id = $1) AS \"exists!\"",
        DEMO_PROJECT
    )
    .fetch_one(pool)
    .await?;
    if !any {
        for (draft, steps) in demo_orders()? {
            store::seed_order(pool, DEMO_PROJECT, &draft, &ADMIN, &steps).await?;
        }
    }
    seed_inspection(pool, streams, gateways).await?;
    seed_contracts(pool).await?;
    seed_assets(pool).await
}

/// The demo's asset types (a lamp with its light source and power, a cabinet), six assets,
/// and their records: two received, one under repair, one scrapped.
async fn seed_assets(pool: &PgPool) -> anyhow::Result<()> {
    let any = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.asset_types WHERE project_id = $1) AS \"exists!\"",
        DEMO_PROJECT
    )
    .fetch_one(pool)
    .await?;
    if any {
        return Ok(());
    }
    let checked = |what: &str, msg| anyhow::anyhow!("demo asset {what}: {msg:?}");
    let source = RawAttribute {
        attr_code: "light_source",
        name_zh: "光源",
        name_en: "Light source",
        value_type: "3",
        required: true,
        options: vec![
            RawOption { value: "LED", label_zh: "LED", label_en: "LED", default: true },
            RawOption { value: "HPS", label_zh: "高压钠灯", label_en: "High-pressure sodium", default: false },
        ],
        ..Default::default()
    };
    let power = RawAttribute {
        attr_code: "power_w",
        name_zh: "功率(W)",
        name_en: "Power (W)",
        value_type: "2",
        verify: true,
        min: Some(1.0),
        max: Some(2000.0),
        ..Default::default()
    };
    let lamp = TypeDraft::parse(&RawType {
        type_code: "LAMP",
        name_zh: "灯具",
        name_en: "Lamp",
        remark: "",
        attributes: vec![source, power],
    })
    .map_err(|msg| checked("type", msg))?;
    let cabinet = TypeDraft::parse(&RawType {
        type_code: "CABINET",
        name_zh: "配电柜",
        name_en: "Cabinet",
        ..Default::default()
    })
    .map_err(|msg| checked("type", msg))?;
    let lamp_attributes = lamp.attributes.clone();
    let lamp_id = assets::save_type(pool, DEMO_PROJECT, None, &lamp, ADMIN.name).await?;
    let cabinet_id = assets::save_type(pool, DEMO_PROJECT, None, &cabinet, ADMIN.name).await?;
    let mut ids = Vec::new();
    for (code, name, lamp_type, power, value, start) in [
        ("ZC-0001", "滨江步道投光灯", true, "150", "1200", "2024-03-15"),
        ("ZC-0002", "滨江步道投光灯", true, "150", "1200", "2024-03-15"),
        ("ZC-0003", "观景平台洗墙灯", true, "36", "860", "2025-06-01"),
        ("ZC-0004", "樱花大道庭院灯", true, "60", "2300", "2023-09-20"),
        ("ZC-0005", "1号配电柜", false, "", "18500", "2022-05-10"),
        ("ZC-0006", "2号配电柜", false, "", "18500", "2022-05-10"),
    ] {
        let attributes = if lamp_type { vec![("power_w", power)] } else { Vec::new() };
        let raw = RawAsset {
            asset_code: code,
            asset_name: name,
            type_id: if lamp_type { lamp_id } else { cabinet_id },
            brand: if lamp_type { "明亮" } else { "正泰" },
            supplier: "明亮照明工程有限公司",
            address: "滨江公园",
            initial_value: value,
            residual_rate: "5",
            start_date: start,
            limit_months: if lamp_type { 60 } else { 120 },
            attributes,
            ..Default::default()
        };
        let draft = AssetDraft::parse(&raw, if lamp_type { &lamp_attributes } else { &[] })
            .map_err(|msg| checked("asset", msg))?;
        ids.push(assets::save_asset(pool, DEMO_PROJECT, None, &draft, ADMIN.name).await?);
    }
    let today = Local::now().date_naive();
    for (kind, chosen, person, remark) in [
        (RecordType::Receive, &ids[0..2], "张工", "滨江步道夜间照明"),
        (RecordType::Repair, &ids[3..4], "李工", "灯罩进水"),
        (RecordType::Scrap, &ids[5..6], "王工", "柜体锈蚀，已更换"),
    ] {
        let record = assets::NewRecord { kind, asset_ids: chosen, source_id: None, person, date: today, remark };
        assets::add_record(pool, DEMO_PROJECT, &record, ADMIN.name)
            .await
            .map_err(|err| anyhow::anyhow!("demo asset record: {err:?}"))?;
    }
    Ok(())
}

/// The demo's maintenance company, a contract near its end and the next one, not started,
/// and plans under them, one finished.
async fn seed_contracts(pool: &PgPool) -> anyhow::Result<()> {
    let any = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.maintenance_companies WHERE project_id = $1) AS \"exists!\"",
        DEMO_PROJECT
    )
    .fetch_one(pool)
    .await?;
    if any {
        return Ok(());
    }
    let checked = |what: &str, msg| anyhow::anyhow!("demo maintenance {what}: {msg:?}");
    let company = CompanyDraft::parse(&RawCompany {
        company_name: "明亮照明工程有限公司",
        contact_name: "王工",
        phone: "13800138000",
        address: "杭州市滨江区江南大道88号",
        remark: "",
    })
    .map_err(|msg| checked("company", msg))?;
    let company_id = contracts::save_company(pool, DEMO_PROJECT, None, &company, ADMIN.name).await?;
    let today = Local::now().date_naive();
    let date =
        |days: u64| today.checked_add_days(chrono::Days::new(days)).unwrap_or(today).format("%Y-%m-%d").to_string();
    let mut contract_ids = Vec::new();
    for (number, name, from, to, amount) in [
        ("WB-2026-001", "滨江段景观照明年度维保", 0, 25, "186000"),
        ("WB-2027-001", "滨江段景观照明年度维保（续签）", 26, 391, "192000.50"),
    ] {
        let (start, end) = (date(from), date(to));
        let raw = RawContract {
            contract_number: number,
            contract_name: name,
            company_id,
            start_date: &start,
            end_date: &end,
            amount,
            remark: "",
        };
        let draft = ContractDraft::parse(&raw, today, None).map_err(|msg| checked("contract", msg))?;
        contract_ids.push(contracts::save_contract(pool, DEMO_PROJECT, None, &draft, ADMIN.name).await?);
    }
    for (name, contract, days, content, finished) in [
        ("配电柜季度检修", 0, 0, "5台配电柜绝缘测试、接线紧固", Some("已完成，1号柜更换浪涌保护器")),
        ("灯具清洁与更换", 0, 10, "步道灯具清洁，不亮灯具更换", None),
        ("年度全面检测", 1, 40, "全线回路绝缘与接地电阻检测", None),
    ] {
        let plan_date = date(days);
        let raw =
            RawMaintenancePlan { plan_name: name, contract_id: contract_ids[contract], plan_date: &plan_date, content };
        let draft = MaintenancePlanDraft::parse(&raw, today, None).map_err(|msg| checked("plan", msg))?;
        let id = contracts::save_plan(pool, DEMO_PROJECT, None, &draft, ADMIN.name)
            .await
            .map_err(|err| anyhow::anyhow!("demo maintenance plan: {err:?}"))?;
        if let Some(result) = finished {
            contracts::finish_plan(pool, DEMO_PROJECT, id, result, ADMIN.name)
                .await
                .map_err(|err| anyhow::anyhow!("demo maintenance plan: {err:?}"))?;
        }
    }
    Ok(())
}

/// The demo team (the admin, as identity's seed names them), routes, plans and two tasks.
async fn seed_inspection(pool: &PgPool, streams: &Streams, gateways: &[DemoGateway]) -> anyhow::Result<()> {
    let any = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.inspection_teams WHERE project_id = $1) AS \"exists!\"",
        DEMO_PROJECT
    )
    .fetch_one(pool)
    .await?;
    let riverside: Vec<&DemoGateway> = gateways.iter().filter(|g| g.project_id == DEMO_PROJECT).collect();
    if any || riverside.is_empty() {
        return Ok(());
    }
    let checked = |what: &str, msg| anyhow::anyhow!("demo inspection {what}: {msg:?}");
    let team =
        TeamDraft::parse(&RawTeam {
            team_name: "滨江夜巡班", member_ids: &[ADMIN.id], remark: "负责滨江段夜间巡检"
        })
        .map_err(|msg| checked("team", msg))?;
    let admin = inspection::MemberRow {
        team_id: 0,
        user_id: ADMIN.id,
        user_name: ADMIN.name.into(),
        nick_name: "超级管理员".into(),
    };
    let team_id = inspection::save_team(pool, DEMO_PROJECT, None, &team, &[admin], ADMIN.name).await?;

    let mut routes = Vec::new();
    for (name, count) in [("滨江步道夜巡路线", 3), ("滨江全线巡检路线", riverside.len())] {
        let along: Vec<&DemoGateway> = riverside.iter().take(count).copied().collect();
        let raw: Vec<(&str, i64)> = along.iter().map(|g| (PointType::Device.code(), g.gateway_id)).collect();
        let draft = RouteDraft::parse(&RawRoute { route_name: name, points: &raw, remark: "" })
            .map_err(|msg| checked("route", msg))?;
        let points: Vec<inspection::NamedPoint> = along
            .iter()
            .map(|g| inspection::NamedPoint { kind: PointType::Device, ref_id: g.gateway_id, name: g.label.clone() })
            .collect();
        routes.push(inspection::save_route(pool, DEMO_PROJECT, None, &draft, &points, ADMIN.name).await?);
    }

    let today = Local::now().date_naive();
    let date =
        |days: u64| today.checked_add_days(chrono::Days::new(days)).unwrap_or(today).format("%Y-%m-%d").to_string();
    for (name, route_id, period, days) in
        [("滨江每日夜巡", routes[0], "1", 90), ("滨江每周全线巡检", routes[1], "2", 180)]
    {
        let (start, end) = (date(0), date(days));
        let raw = RawPlan {
            plan_name: name,
            route_id,
            team_id,
            period,
            start_date: &start,
            end_date: &end,
            status: "0",
            remark: "",
        };
        let draft = PlanDraft::parse(&raw, today, None).map_err(|msg| checked("plan", msg))?;
        inspection::save_plan(pool, DEMO_PROJECT, None, &draft, ADMIN.name).await?;
    }

    // One task by hand, dealt with (a door seal worn, no work order), and one expired.
    let time = |hours: i64| (Local::now() + TimeDelta::hours(hours)).format("%Y-%m-%d %H:%M:%S").to_string();
    let (from, to) = (time(-2), time(22));
    let storm =
        RawTask { task_name: "暴雨后专项巡检", route_id: routes[0], team_id, start_time: &from, end_time: &to };
    let storm = TaskDraft::parse(&storm).map_err(|msg| checked("task", msg))?;
    let storm_id = inspection::add_task(pool, DEMO_PROJECT, &storm).await?;
    let (from, to) = (time(-72), time(-48));
    let holiday =
        RawTask { task_name: "节前设备检查", route_id: routes[1], team_id, start_time: &from, end_time: &to };
    let holiday = TaskDraft::parse(&holiday).map_err(|msg| checked("task", msg))?;
    inspection::add_task(pool, DEMO_PROJECT, &holiday).await?;

    let points = inspection::task_points(pool, storm_id).await?;
    let results: Vec<RawResult<'_>> = points
        .iter()
        .enumerate()
        .map(|(n, p)| RawResult {
            point_id: p.point_id,
            result: if n == 0 { "2" } else { "1" },
            remark: if n == 0 { "柜门密封条老化，暂不影响运行" } else { "" },
            ..Default::default()
        })
        .collect();
    let description = "暴雨后各配电柜无积水，1号柜门密封条老化";
    let ids: Vec<i64> = points.iter().map(|p| p.point_id).collect();
    DealSpec::parse(description, &results, &ids).map_err(|msg| checked("results", msg))?;
    inspection::deal(pool, streams, DEMO_PROJECT, storm_id, description, &results, &ADMIN)
        .await
        .map_err(|err| anyhow::anyhow!("demo inspection results: {err:?}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_order_passes_validation() {
        let orders = demo_orders().unwrap();
        assert_eq!(orders.len(), ORDERS.len());
    }
}
