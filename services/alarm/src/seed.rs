//! The demo alarm types of the first demo project (the second keeps none: the tests make
//! their own there). Each goes through the same validation as an edit from the console. The
//! project is Chinese, and so are the names; the contents have both languages.

use sqlx::PgPool;

use crate::alarm_type::model::{self, RawAlarmType};
use crate::alarm_type::store;

/// The demo project the types belong to.
const DEMO_PROJECT: i64 = 1;

fn demo_types() -> [RawAlarmType<'static>; 5] {
    [
        RawAlarmType {
            name: "回路过流",
            device_type: "loop",
            level: "1",
            content_zh: "回路电流超过 15 A，可能存在短路或过载，请尽快派人检修。",
            content_en: "Loop current above 15 A: possible short circuit or overload, send someone to inspect it soon.",
            trigger_attribute: "current",
            trigger_comparison: ">",
            trigger_value: "15.000",
            trigger_duration: 0,
            recovery_attribute: "current",
            recovery_comparison: "<=",
            recovery_value: "12.5",
            recovery_duration: 0,
            auto_processing: "1",
            auto_work_order: "1",
            status: "0",
        },
        RawAlarmType {
            name: "供电欠压",
            device_type: "loop",
            level: "2",
            content_zh: "回路供电电压低于 198 V，灯具可能闪烁或无法点亮，请检查供电线路。",
            content_en: "Supply voltage below 198 V: luminaires may flicker or fail to light, check the supply line.",
            trigger_attribute: "voltage",
            trigger_comparison: "<",
            trigger_value: "198.0",
            trigger_duration: 0,
            recovery_attribute: "voltage",
            recovery_comparison: ">=",
            recovery_value: "205.0",
            recovery_duration: 0,
            auto_processing: "1",
            auto_work_order: "0",
            status: "0",
        },
        RawAlarmType {
            name: "配电柜过温",
            device_type: "gateway",
            level: "3",
            content_zh: "配电箱温度持续 1 分钟高于 55 °C，请检查散热风扇与通风口。",
            content_en: "Cabinet temperature above 55 °C for a minute: check the cooling fan and the vents.",
            trigger_attribute: "temperature",
            trigger_comparison: ">",
            trigger_value: "55.0",
            trigger_duration: 60,
            recovery_attribute: "",
            recovery_comparison: "",
            recovery_value: "",
            recovery_duration: 0,
            auto_processing: "0",
            auto_work_order: "0",
            status: "0",
        },
        RawAlarmType {
            name: "回路状态与计划不符",
            device_type: "loop",
            level: "2",
            content_zh: "回路开关状态与下发的计划不符，自动重发指令后仍未恢复，请检查接触器与控制线路。",
            content_en: "The loop does not follow its issued schedule, even after it was commanded back: check its \
                         contactor and control wiring.",
            trigger_attribute: "loop_mismatch",
            trigger_comparison: ">=",
            trigger_value: "5",
            trigger_duration: 0,
            recovery_attribute: "",
            recovery_comparison: "",
            recovery_value: "",
            recovery_duration: 0,
            auto_processing: "0",
            auto_work_order: "0",
            status: "0",
        },
        RawAlarmType {
            name: "柜门打开",
            device_type: "gateway",
            level: "2",
            content_zh: "配电柜柜门被打开，请确认是否为授权检修。",
            content_en: "The cabinet door was opened: make sure it is authorised maintenance.",
            trigger_attribute: "door_open",
            trigger_comparison: ">=",
            trigger_value: "1",
            trigger_duration: 0,
            recovery_attribute: "door_open",
            recovery_comparison: "<",
            recovery_value: "1.0",
            recovery_duration: 0,
            auto_processing: "1",
            auto_work_order: "0",
            status: "0",
        },
    ]
}

/// Adds the demo types that are missing (by name); running it again changes nothing.
pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<()> {
    for raw in demo_types() {
        let spec = model::validate(&raw).map_err(|msg| anyhow::anyhow!("demo alarm type {}: {msg}", raw.name))?;
        let exists = sqlx::query_scalar!(
            "SELECT EXISTS (SELECT 1 FROM alarm.alarm_types WHERE project_id = $1 AND alarm_name = $2) AS \"exists!\"",
            DEMO_PROJECT,
            spec.name
        )
        .fetch_one(pool)
        .await?;
        if !exists {
            store::insert(pool, DEMO_PROJECT, &spec).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_type_passes_validation() {
        for raw in demo_types() {
            let spec = model::validate(&raw).unwrap_or_else(|msg| panic!("{}: {msg}", raw.name));
            assert_eq!(spec.recovery.is_some(), spec.auto_processing, "{}", raw.name);
        }
    }
}
