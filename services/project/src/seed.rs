//! The demo projects: a riverside park with a logo and a skyline project without one, each
//! with a three-level address tree (park, zone, walkway).

use sqlx::{PgConnection, PgPool};

/// Path of the demo logo under the file server (config `ftp.resources.path`).
pub const DEMO_LOGO_PATH: &str = "/demo/logo.svg";

pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<()> {
    let projects = [
        (
            1_i64,
            "滨江景观照明示范项目",
            "LS-DEMO-001",
            "杭州",
            "张工",
            "0571-88886666",
            "钱塘江滨江段",
            "1",
            DEMO_LOGO_PATH,
            "1",
        ),
        (2, "城市天际线亮化工程", "LS-DEMO-002", "上海", "李工", "021-66668888", "陆家嘴", "2", "", ""),
    ];
    let mut tx = pool.begin().await?;
    for (id, name, number, city, principal, phone, address, status, logo, logo_status) in projects {
        sqlx::query!(
            "INSERT INTO project.projects (project_id, project_name, project_number, city_name, project_user_name, \
             phone, address, status, menu_logo, menu_logo_status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
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
    sqlx::query_scalar!(
        "SELECT setval('project.projects_project_id_seq', GREATEST((SELECT max(project_id) FROM project.projects), 1))"
    )
    .fetch_one(&mut *tx)
    .await?;
    for (project_id, tree) in [(1_i64, RIVERSIDE_ADDRESSES), (2, SKYLINE_ADDRESSES)] {
        seed_addresses(&mut tx, project_id, tree).await?;
    }
    tx.commit().await?;
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

/// The demo logo, written into the file directory by `seed --demo`.
pub const DEMO_LOGO_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b2545"/><circle cx="32" cy="26" r="12" fill="#ffd166"/><rect x="28" y="38" width="8" height="14" rx="2" fill="#8da9c4"/><path d="M8 56h48" stroke="#13c2c2" stroke-width="4" stroke-linecap="round"/></svg>"##;
