//! The demo's work orders: a few in each status of the demo project, opened and moved through
//! the same rules and state machine as the console's, so each has its process information
//! (`store::seed_order`: no events).

use chrono::{TimeDelta, Utc};
use sqlx::PgPool;

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

/// Adds the demo orders when the demo project has none; running it again changes nothing.
pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<()> {
    let any = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM maintenance.work_orders WHERE project_id = $1) AS \"exists!\"",
        DEMO_PROJECT
    )
    .fetch_one(pool)
    .await?;
    if any {
        return Ok(());
    }
    for (draft, steps) in demo_orders()? {
        store::seed_order(pool, DEMO_PROJECT, &draft, &ADMIN, &steps).await?;
    }
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
