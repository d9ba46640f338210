//! The demo gateways, matching the simulator fleet `scripts/run` starts (serials `SIM-…`):
//! five 4-loop cabinets by the river in project 1, three on the skyline in project 2. The
//! demo projects are Chinese, and so are their names. Each stands a few hundred metres from
//! its project's map location (riverside 120.2108, 30.2084; skyline 121.5055, 31.2397), so
//! the map page shows them around the project.

use sqlx::{PgConnection, PgPool};

use crate::schedule::sun::Site;

/// Loops of each demo gateway.
pub const DEMO_LOOPS: i32 = 4;
/// The demo fleet's gateway type (its model) and brand: one type, so a campaign can take them all.
pub const DEMO_GATEWAY_TYPE: &str = "LSG-100";
pub const DEMO_BRAND: &str = "Lumiscape";

struct DemoGateway {
    project_id: i64,
    serial: String,
    name: String,
    /// Longitude and latitude.
    location: (f64, f64),
}

/// The demo projects' map locations (the project seed's).
const RIVERSIDE: (f64, f64) = (120.2108, 30.2084);
const SKYLINE: (f64, f64) = (121.5055, 31.2397);

/// The `n`th gateway's place around `centre`: a zigzag a few hundred metres apart, none on
/// the project's own marker.
fn around(centre: (f64, f64), n: u32) -> (f64, f64) {
    let step = f64::from(n) - 2.5;
    (centre.0 + 0.0025 * step, centre.1 + 0.0012 * step * if n.is_multiple_of(2) { -1.0 } else { 1.0 })
}

fn demo_gateways() -> Vec<DemoGateway> {
    let riverside = (1..=5).map(|n| DemoGateway {
        project_id: 1,
        serial: format!("SIM-{n:05}"),
        name: format!("滨江配电柜{n}"),
        location: around(RIVERSIDE, n),
    });
    let skyline = (1..=3).map(|n| DemoGateway {
        project_id: 2,
        serial: format!("SIM-{:05}", 5 + n),
        name: format!("天际线配电柜{n}"),
        location: around(SKYLINE, n + 1),
    });
    riverside.chain(skyline).collect()
}

/// Each demo gateway's label as lists show it, "name (serial)", in fleet order (the order of
/// [`seed_demo`]'s answer).
pub fn demo_gateway_labels() -> Vec<String> {
    demo_gateways().into_iter().map(|g| format!("{} ({})", g.name, g.serial)).collect()
}

/// Adds the demo data; running it again changes nothing. Answers each demo gateway's
/// project and id, in fleet order (the project seed places them on the plans).
pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<Vec<(i64, i64)>> {
    let mut tx = pool.begin().await?;
    let mut ids = Vec::new();
    for gateway in demo_gateways() {
        let gateway_id = ensure_gateway(&mut tx, &gateway).await?;
        ids.push((gateway.project_id, gateway_id));
        sqlx::query!(
            "INSERT INTO lighting.loops (gateway_id, loop_index, loop_name) \
             SELECT $1, i, '回路' || i FROM generate_series(1, $2) AS i ON CONFLICT DO NOTHING",
            gateway_id,
            DEMO_LOOPS
        )
        .execute(&mut *tx)
        .await?;
        // The demo fleet's type and brand, unless a visitor changed them.
        sqlx::query!(
            "UPDATE lighting.gateways SET gateway_type = $2, brand = $3 WHERE gateway_id = $1 AND gateway_type = ''",
            gateway_id,
            DEMO_GATEWAY_TYPE,
            DEMO_BRAND
        )
        .execute(&mut *tx)
        .await?;
        // A location moved on the map stays where it was put.
        sqlx::query!(
            "UPDATE lighting.gateways SET longitude = $2, latitude = $3 WHERE gateway_id = $1 AND longitude IS NULL",
            gateway_id,
            gateway.location.0,
            gateway.location.1
        )
        .execute(&mut *tx)
        .await?;
    }
    for (project_id, centre) in [(1, RIVERSIDE), (2, SKYLINE)] {
        seed_schedule(&mut tx, project_id, centre).await?;
        seed_registry(&mut tx, project_id).await?;
    }
    tx.commit().await?;
    for (project_id, centre) in [(1, RIVERSIDE), (2, SKYLINE)] {
        let gateways: Vec<i64> = ids.iter().filter(|(p, _)| *p == project_id).map(|(_, g)| *g).collect();
        let site = Site::new(centre.1, centre.0, chrono_tz::Asia::Shanghai).expect("the demo sites are places");
        crate::energy::seed::seed_history(pool, project_id, &site, &gateways).await?;
    }
    Ok(ids)
}

/// A demo project's site (its map location, China's time zone), two scenes over every loop
/// of its gateways and the everyday plan of two enabled tasks: full light from 15 minutes
/// after sunset to 23:00, then 30% until 10 minutes before sunrise (docs/scheduler.md). Only
/// for a project without scenes, so what a visitor changed stays.
async fn seed_schedule(conn: &mut PgConnection, project_id: i64, centre: (f64, f64)) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO lighting.sites (project_id, latitude, longitude, time_zone, updated_by) \
         VALUES ($1, $2, $3, 'Asia/Shanghai', 'seed') ON CONFLICT (project_id) DO NOTHING",
        project_id,
        centre.1,
        centre.0
    )
    .execute(&mut *conn)
    .await?;
    let has_scenes: bool = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.scenes WHERE project_id = $1) AS \"e!\"",
        project_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if has_scenes {
        return Ok(());
    }
    let mut scene_ids = Vec::new();
    for (name, brightness) in [("傍晚全亮", 100i16), ("深夜节能", 30i16)] {
        let scene_id = sqlx::query_scalar!(
            "INSERT INTO lighting.scenes (project_id, scene_name, scene_type, created_by) VALUES ($1, $2, '1', 'seed') \
             RETURNING scene_id",
            project_id,
            name
        )
        .fetch_one(&mut *conn)
        .await?;
        sqlx::query!(
            "INSERT INTO lighting.scene_loops (scene_id, gateway_id, loop_index, is_on, brightness) \
             SELECT $1, l.gateway_id, l.loop_index, TRUE, $3 FROM lighting.loops l \
             JOIN lighting.gateways g ON g.gateway_id = l.gateway_id WHERE g.project_id = $2 AND NOT g.deleted",
            scene_id,
            project_id,
            brightness
        )
        .execute(&mut *conn)
        .await?;
        scene_ids.push(scene_id);
    }
    // (name, scene, start kind, start clock, start offset, end kind, end clock, end offset)
    let evening = ("傍晚亮灯", scene_ids[0], "2", None, 15, "0", chrono::NaiveTime::from_hms_opt(23, 0, 0), 0);
    let night = ("深夜节能", scene_ids[1], "0", chrono::NaiveTime::from_hms_opt(23, 0, 0), 0, "1", None, -10);
    for (name, scene_id, start_kind, start_clock, start_offset, end_kind, end_clock, end_offset) in [evening, night] {
        let task_id = sqlx::query_scalar!(
            "INSERT INTO lighting.tasks (project_id, task_name, priority, weekdays, start_kind, start_clock, start_offset, \
             end_kind, end_clock, end_offset, enabled, created_by) \
             VALUES ($1, $2, 10, 127, $3, $4, $5, $6, $7, $8, TRUE, 'seed') RETURNING task_id",
            project_id,
            name,
            start_kind,
            start_clock,
            start_offset,
            end_kind,
            end_clock,
            end_offset
        )
        .fetch_one(&mut *conn)
        .await?;
        sqlx::query!(
            "INSERT INTO lighting.task_scenes (task_id, position, scene_id) VALUES ($1, 1, $2)",
            task_id,
            scene_id
        )
        .execute(&mut *conn)
        .await?;
        sqlx::query!(
            "INSERT INTO lighting.task_gateways (task_id, gateway_id) \
             SELECT $1, gateway_id FROM lighting.gateways WHERE project_id = $2 AND NOT deleted",
            task_id,
            project_id
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The live gateway with the demo serial, created if missing.
/// A demo project's device registry: two categories, three lamp types (each with its
/// minimum burn time), one device on every loop of its gateways, and two groups (the lower
/// and the upper loops). Only for a project without categories, so what a visitor changed
/// stays.
async fn seed_registry(conn: &mut PgConnection, project_id: i64) -> sqlx::Result<()> {
    let has_categories: bool = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.device_categories WHERE project_id = $1) AS \"e!\"",
        project_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if has_categories {
        return Ok(());
    }
    let mut category_ids = Vec::new();
    for (name, code) in [("景观照明", "LANDSCAPE"), ("功能照明", "FUNCTIONAL")] {
        let id = sqlx::query_scalar!(
            "INSERT INTO lighting.device_categories (project_id, category_name, category_code, created_by) \
             VALUES ($1, $2, $3, 'seed') RETURNING category_id",
            project_id,
            name,
            code
        )
        .fetch_one(&mut *conn)
        .await?;
        category_ids.push(id);
    }
    // (name, code, category, value, status check seconds, minimum burn minutes)
    let types = [
        ("投光灯", "FLOOD", category_ids[0], 1i16, 300, 15),
        ("洗墙灯", "WALLWASH", category_ids[0], 2, 300, 10),
        ("路灯", "STREET", category_ids[1], 3, 600, 5),
    ];
    let mut type_ids = Vec::new();
    for (name, code, category_id, value, check, burn) in types {
        let id = sqlx::query_scalar!(
            "INSERT INTO lighting.device_types (project_id, category_id, type_name, type_code, type_value, \
             status_check_seconds, minimum_burn_minutes, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'seed') RETURNING type_id",
            project_id,
            category_id,
            name,
            code,
            value,
            check,
            burn
        )
        .fetch_one(&mut *conn)
        .await?;
        type_ids.push(id);
    }
    // One device per loop: loops 1 and 2 floodlights and wall washers on the facades, 3 and
    // 4 street lamps, each a few metres from its cabinet.
    let gateways = sqlx::query!(
        "SELECT gateway_id, serial, gateway_name, loop_count, longitude, latitude FROM lighting.gateways \
         WHERE project_id = $1 AND NOT deleted ORDER BY gateway_id",
        project_id
    )
    .fetch_all(&mut *conn)
    .await?;
    for gateway in &gateways {
        for index in 1..=gateway.loop_count {
            let type_index = match index {
                1 => 0,
                2 => 1,
                _ => 2,
            };
            let offset = 0.0002 * f64::from(index);
            sqlx::query!(
                "INSERT INTO lighting.devices (project_id, device_name, device_code, type_id, gateway_id, loop_index, \
                 address, longitude, latitude, created_by) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'seed')",
                project_id,
                format!("{}-{}号灯", types[type_index].0, index),
                format!("{}-L{index}", gateway.serial),
                type_ids[type_index],
                gateway.gateway_id,
                index,
                format!("{}旁", gateway.gateway_name),
                gateway.longitude.map(|lng| lng + offset),
                gateway.latitude.map(|lat| lat + offset),
            )
            .execute(&mut *conn)
            .await?;
        }
    }
    for (name, loops) in [("立面景观灯", [1, 2]), ("道路照明", [3, 4])] {
        let group_id = sqlx::query_scalar!(
            "INSERT INTO lighting.device_groups (project_id, group_name, created_by) VALUES ($1, $2, 'seed') \
             RETURNING group_id",
            project_id,
            name
        )
        .fetch_one(&mut *conn)
        .await?;
        sqlx::query!(
            "INSERT INTO lighting.device_group_members (group_id, device_id) \
             SELECT $1, device_id FROM lighting.devices WHERE project_id = $2 AND loop_index = ANY($3)",
            group_id,
            project_id,
            &loops[..]
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn ensure_gateway(conn: &mut PgConnection, gateway: &DemoGateway) -> sqlx::Result<i64> {
    let created: Option<i64> = sqlx::query_scalar!(
        "INSERT INTO lighting.gateways (project_id, gateway_name, serial, communication_type, loop_count, created_by) \
         VALUES ($1, $2, $3, '1', $4, 'seed') ON CONFLICT (serial) WHERE NOT deleted DO NOTHING RETURNING gateway_id",
        gateway.project_id,
        &gateway.name,
        &gateway.serial,
        DEMO_LOOPS
    )
    .fetch_optional(&mut *conn)
    .await?;
    match created {
        Some(id) => Ok(id),
        None => {
            sqlx::query_scalar!(
                "SELECT gateway_id FROM lighting.gateways WHERE serial = $1 AND NOT deleted",
                &gateway.serial
            )
            .fetch_one(conn)
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_fleet_matches_the_simulator() {
        let gateways = demo_gateways();
        assert_eq!(gateways.len(), 8);
        assert_eq!(gateways[0].serial, "SIM-00001");
        assert_eq!(gateways[4].name, "滨江配电柜5");
        assert!(gateways[..5].iter().all(|g| g.project_id == 1));
        assert_eq!((gateways[5].serial.as_str(), gateways[5].project_id), ("SIM-00006", 2));
        assert_eq!((gateways[7].serial.as_str(), gateways[7].name.as_str()), ("SIM-00008", "天际线配电柜3"));
    }

    #[test]
    fn the_demo_gateways_stand_near_their_project() {
        for gateway in demo_gateways() {
            let centre = if gateway.project_id == 1 { RIVERSIDE } else { SKYLINE };
            let (dx, dy) = (gateway.location.0 - centre.0, gateway.location.1 - centre.1);
            assert!(dx.abs() < 0.01 && dy.abs() < 0.01, "{} at {:?}", gateway.serial, gateway.location);
        }
        let places: std::collections::BTreeSet<String> =
            demo_gateways().iter().map(|g| format!("{:.4},{:.4}", g.location.0, g.location.1)).collect();
        assert_eq!(places.len(), 8, "no two in one place");
    }
}
