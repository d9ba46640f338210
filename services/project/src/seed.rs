//! The demo projects: a riverside park with a logo and a skyline project without one, each
//! with a three-level address tree (park, zone, walkway).

use sqlx::{PgConnection, PgPool};

/// Path of the demo logo under the file server (config `ftp.resources.path`).
pub const DEMO_LOGO_PATH: &str = "/demo/logo.svg";

/// A demo project's fields beyond the picker's: city code, organization, start date,
/// contract, map location and level, plan picture, carousel, modules by position.
struct DemoInfo {
    id: i64,
    city_code: &'static str,
    organization: &'static str,
    acceptance: &'static str,
    start_date: &'static str,
    contract_number: &'static str,
    location: (f64, f64),
    map_level: i16,
    plan_picture: &'static str,
    carousel: &'static [&'static str],
    modules: &'static [&'static str],
}

const DEMO_INFO: [DemoInfo; 2] = [
    DemoInfo {
        id: 1,
        city_code: "3301",
        organization: "杭州滨江城市建设有限公司",
        acceptance: "0",
        start_date: "2025-03-18",
        contract_number: "HT-2025-0318",
        location: (120.2108, 30.2084),
        map_level: 15,
        plan_picture: "/demo/plan-riverside.svg",
        carousel: &["/demo/carousel-riverside.svg", "/demo/carousel-night.svg"],
        modules: &["gateway", "alarm", "energy", "announcement", "scene", "workorder"],
    },
    DemoInfo {
        id: 2,
        city_code: "3101",
        organization: "上海陆家嘴亮化管理中心",
        acceptance: "1",
        start_date: "2026-01-06",
        contract_number: "HT-2026-0106",
        location: (121.5055, 31.2397),
        map_level: 14,
        plan_picture: "/demo/plan-skyline.svg",
        carousel: &["/demo/carousel-night.svg"],
        modules: &["gateway", "alarm", "energy", "announcement"],
    },
];

pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<()> {
    let projects = [
        (
            1_i64,
            "滨江景观照明示范项目",
            "LS-DEMO-001",
            "杭州市",
            "张工",
            "13957188866",
            "钱塘江滨江段",
            "1",
            DEMO_LOGO_PATH,
            "1",
        ),
        (2, "城市天际线亮化工程", "LS-DEMO-002", "上海市", "李工", "13816668888", "陆家嘴", "2", "", ""),
    ];
    let mut tx = pool.begin().await?;
    for (id, name, number, city, principal, phone, address, status, logo, logo_status) in projects {
        sqlx::query!(
            "INSERT INTO project.projects (project_id, project_name, project_number, city_name, project_user_name, \
             phone, address, status, menu_logo, menu_logo_status, created_by, updated_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'admin', 'admin') \
             ON CONFLICT (project_id) DO NOTHING",
            id,
            name,
            number,
            city,
            principal,
            phone,
            address,
            status,
            logo,
            logo_status
        )
        .execute(&mut *tx)
        .await?;
    }
    for info in &DEMO_INFO {
        seed_info(&mut tx, info).await?;
    }
    sqlx::query_scalar!(
        "SELECT setval('project.projects_project_id_seq', GREATEST((SELECT max(project_id) FROM project.projects), 1))"
    )
    .fetch_one(&mut *tx)
    .await?;
    for (project_id, tree) in [(1_i64, RIVERSIDE_ADDRESSES), (2, SKYLINE_ADDRESSES)] {
        seed_addresses(&mut tx, project_id, tree).await?;
    }
    for (project_id, notices) in [(1_i64, RIVERSIDE_NOTICES), (2, SKYLINE_NOTICES)] {
        seed_notices(&mut tx, project_id, notices).await?;
    }
    for (project_id, areas) in [(1_i64, RIVERSIDE_AREAS), (2, SKYLINE_AREAS)] {
        seed_areas(&mut tx, project_id, areas).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Demo areas on the demo plans (800 by 500 pixels): name, type ('1' area, '2' building),
/// the block of the plan picture it outlines (x, y, width, height in pixels).
type DemoAreas = &'static [(&'static str, &'static str, (f64, f64, f64, f64))];

const RIVERSIDE_AREAS: DemoAreas = &[
    ("东区观景带", "1", (60.0, 80.0, 300.0, 140.0)),
    ("西区樱花园", "1", (420.0, 90.0, 260.0, 180.0)),
    ("游客服务中心", "2", (120.0, 300.0, 520.0, 120.0)),
];

const SKYLINE_AREAS: DemoAreas = &[
    ("中心绿地", "1", (80.0, 60.0, 240.0, 220.0)),
    ("金融中心塔楼", "2", (380.0, 60.0, 300.0, 120.0)),
    ("滨江商业楼", "2", (380.0, 220.0, 300.0, 200.0)),
];

/// Adds a project's demo areas once: a project that has any keeps what it has.
async fn seed_areas(conn: &mut PgConnection, project_id: i64, areas: DemoAreas) -> anyhow::Result<()> {
    let seeded = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM project.plan_areas WHERE project_id = $1) AS \"e!\"",
        project_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if seeded {
        return Ok(());
    }
    for (order, (name, kind, (x, y, w, h))) in areas.iter().enumerate() {
        let (left, top, right, bottom) = (x / 800.0, y / 500.0, (x + w) / 800.0, (y + h) / 500.0);
        let points = [left, top, right, top, right, bottom, left, bottom];
        let colour = if *kind == "1" { "#409EFF" } else { "#E6A23C" };
        sqlx::query!(
            "INSERT INTO project.plan_areas (project_id, area_name, area_type, points, colour, order_num, \
             created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, 'admin', 'admin')",
            project_id,
            name,
            kind,
            &points,
            colour,
            order as i32,
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Places the demo gateways (project, gateway id) on their project's plan, spread over its
/// areas in turn, once: a gateway already placed stays where it is.
pub async fn place_demo_gateways(pool: &PgPool, gateways: &[(i64, i64)]) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    for project_id in [1_i64, 2] {
        let areas = sqlx::query!(
            "SELECT area_id, points FROM project.plan_areas WHERE project_id = $1 ORDER BY order_num, area_id",
            project_id
        )
        .fetch_all(&mut *tx)
        .await?;
        if areas.is_empty() {
            continue;
        }
        let mine = gateways.iter().filter(|(p, _)| *p == project_id).map(|(_, id)| *id);
        for (n, gateway_id) in mine.enumerate() {
            let area = &areas[n % areas.len()];
            // The middle of the area's bounding box, nudged by the turn (the demo areas are
            // rectangles, so it stays inside).
            let (xs, ys): (Vec<f64>, Vec<f64>) = crate::area::model::pairs(&area.points).into_iter().unzip();
            let mid = |v: &[f64]| {
                (v.iter().copied().fold(f64::MAX, f64::min) + v.iter().copied().fold(f64::MIN, f64::max)) / 2.0
            };
            let shift = 0.03 * (n / areas.len()) as f64;
            sqlx::query!(
                "INSERT INTO project.plan_devices (project_id, device_type, device_id, area_id, x, y, placed_by) \
                 VALUES ($1, 'gateway', $2, $3, $4, $5, 'admin') ON CONFLICT DO NOTHING",
                project_id,
                gateway_id,
                area.area_id,
                mid(&xs) + shift,
                mid(&ys),
            )
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Fills a demo project's other fields and modules once (while it has no city code).
async fn seed_info(conn: &mut PgConnection, info: &DemoInfo) -> anyhow::Result<()> {
    let start = chrono::NaiveDate::parse_from_str(info.start_date, "%Y-%m-%d")?;
    let carousel: Vec<String> = info.carousel.iter().map(|p| (*p).to_owned()).collect();
    let filled = sqlx::query!(
        "UPDATE project.projects SET city_code = $2, organization = $3, acceptance = $4, start_date = $5, \
         contract_number = $6, longitude = $7, latitude = $8, map_level = $9, plan_picture = $10, \
         carousel_pictures = $11 WHERE project_id = $1 AND city_code = ''",
        info.id,
        info.city_code,
        info.organization,
        info.acceptance,
        start,
        info.contract_number,
        info.location.0,
        info.location.1,
        info.map_level,
        info.plan_picture,
        &carousel,
    )
    .execute(&mut *conn)
    .await?;
    if filled.rows_affected() == 0 {
        return Ok(());
    }
    let positions: Vec<i16> = (1..=info.modules.len() as i16).collect();
    let codes: Vec<String> = info.modules.iter().map(|c| (*c).to_owned()).collect();
    sqlx::query!(
        "INSERT INTO project.project_modules (project_id, position, module_code) \
         SELECT $1, * FROM unnest($2::smallint[], $3::text[]) ON CONFLICT DO NOTHING",
        info.id,
        &positions,
        &codes,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A demo project's announcements: title, content, image, published.
type DemoNotices = &'static [(&'static str, &'static str, &'static str, bool)];

const RIVERSIDE_NOTICES: DemoNotices = &[
    (
        "春节亮灯安排",
        "除夕至元宵节期间，滨江段景观照明延长至次日凌晨1点，节日场景每晚19:00启动。",
        "/demo/carousel-night.svg",
        true,
    ),
    ("东区配电柜检修", "本周四09:00-12:00东区配电柜检修，期间东区步道照明暂停。", "", false),
];

const SKYLINE_NOTICES: DemoNotices =
    &[("灯光秀彩排通知", "周六20:00-21:00进行天际线灯光秀彩排，请运维人员到岗。", "/demo/carousel-night.svg", true)];

/// Adds a project's demo announcements once: a project that has any keeps what it has.
async fn seed_notices(conn: &mut PgConnection, project_id: i64, notices: DemoNotices) -> anyhow::Result<()> {
    let seeded = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM project.notices WHERE project_id = $1) AS \"e!\"",
        project_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if seeded {
        return Ok(());
    }
    for (title, content, image, published) in notices {
        sqlx::query!(
            "INSERT INTO project.notices (project_id, notice_title, notice_type, notice_content, notice_image, \
             publish_time, published_by, created_by, updated_by) \
             VALUES ($1, $2, '2', $3, $4, CASE WHEN $5 THEN now() END, CASE WHEN $5 THEN 'admin' ELSE '' END, \
             'admin', 'admin')",
            project_id,
            title,
            content,
            image,
            published
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A demo address tree: (park, [(zone, [walkway, ...]), ...]).
type DemoTree = &'static [(&'static str, &'static [(&'static str, &'static [&'static str])])];

const RIVERSIDE_ADDRESSES: DemoTree = &[
    ("滨江公园", &[("东区", &["观景步道", "亲水平台"]), ("西区", &["樱花大道", "滨水栈道"])]),
    ("江滨广场", &[("中心区", &["音乐喷泉", "林荫步道"])]),
];

const SKYLINE_ADDRESSES: DemoTree = &[
    ("陆家嘴中心绿地", &[("北区", &["环形步道", "草坪广场"]), ("南区", &["湖畔步道"])]),
    ("滨江大道", &[("东段", &["观景平台", "滨江栈道"])]),
];

/// Adds a project's demo tree once: a project that has any address keeps what it has.
async fn seed_addresses(conn: &mut PgConnection, project_id: i64, tree: DemoTree) -> anyhow::Result<()> {
    let seeded = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM project.addresses WHERE project_id = $1) AS \"e!\"",
        project_id
    )
    .fetch_one(&mut *conn)
    .await?;
    if seeded {
        return Ok(());
    }
    for (park_order, (park, zones)) in (0_i32..).zip(tree.iter()) {
        let park_id = add_address(conn, project_id, 0, "0", park, park_order).await?;
        let park_path = format!("0,{park_id}");
        for (zone_order, (zone, walkways)) in (0_i32..).zip(zones.iter()) {
            let zone_id = add_address(conn, project_id, park_id, &park_path, zone, zone_order).await?;
            let zone_path = format!("{park_path},{zone_id}");
            for (walkway_order, walkway) in (0_i32..).zip(walkways.iter()) {
                add_address(conn, project_id, zone_id, &zone_path, walkway, walkway_order).await?;
            }
        }
    }
    Ok(())
}

async fn add_address(
    conn: &mut PgConnection,
    project_id: i64,
    parent_id: i64,
    ancestors: &str,
    name: &str,
    order_num: i32,
) -> anyhow::Result<i64> {
    let id = sqlx::query_scalar!(
        "INSERT INTO project.addresses (project_id, parent_id, ancestors, address_name, order_num, created_by, \
         updated_by) VALUES ($1, $2, $3, $4, $5, 'admin', 'admin') RETURNING address_id",
        project_id,
        parent_id,
        ancestors,
        name,
        order_num
    )
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// The demo pictures, written into the file directory by `seed --demo`: path, content.
pub fn demo_files() -> Vec<(&'static str, String)> {
    vec![
        (DEMO_LOGO_PATH, DEMO_LOGO_SVG.to_owned()),
        (
            "/demo/plan-riverside.svg",
            plan_svg("#0f3d3e", &[(60, 80, 300, 140), (420, 90, 260, 180), (120, 300, 520, 120)]),
        ),
        (
            "/demo/plan-skyline.svg",
            plan_svg("#1b1f3b", &[(80, 60, 240, 220), (380, 60, 300, 120), (380, 220, 300, 200)]),
        ),
        ("/demo/carousel-riverside.svg", scene_svg("#0b2545", "#13c2c2")),
        ("/demo/carousel-night.svg", scene_svg("#141414", "#ffd166")),
    ]
}

/// A site plan: water along the bottom and the given blocks (x, y, width, height) on land.
fn plan_svg(land: &str, blocks: &[(u32, u32, u32, u32)]) -> String {
    let blocks: String = blocks
        .iter()
        .map(|(x, y, w, h)| {
            format!(r##"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#2d6a4f" stroke="#95d5b2" stroke-width="2"/>"##)
        })
        .collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500"><rect width="800" height="500" fill="{land}"/>{blocks}<path d="M0 450 C200 420 400 480 800 440 V500 H0 Z" fill="#1d3557"/></svg>"##
    )
}

/// A night skyline with lit windows.
fn scene_svg(sky: &str, light: &str) -> String {
    let towers: String = (0..8)
        .map(|i| {
            let (x, h) = (20 + i * 95, 120 + (i * 53) % 160);
            format!(r##"<rect x="{x}" y="{}" width="70" height="{h}" fill="#22313f"/><rect x="{}" y="{}" width="10" height="10" fill="{light}"/>"##, 400 - h, x + 30, 420 - h)
        })
        .collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400"><rect width="800" height="400" fill="{sky}"/>{towers}<rect y="380" width="800" height="20" fill="{light}" opacity="0.6"/></svg>"##
    )
}

/// The demo logo, written into the file directory by `seed --demo`.
pub const DEMO_LOGO_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b2545"/><circle cx="32" cy="26" r="12" fill="#ffd166"/><rect x="28" y="38" width="8" height="14" rx="2" fill="#8da9c4"/><path d="M8 56h48" stroke="#13c2c2" stroke-width="4" stroke-linecap="round"/></svg>"##;
