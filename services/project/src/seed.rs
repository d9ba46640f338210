//! The demo projects: a riverside park with a logo and a skyline project without one.

use sqlx::PgPool;

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
    tx.commit().await?;
    Ok(())
}

/// The demo logo, written into the file directory by `seed --demo`.
pub const DEMO_LOGO_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b2545"/><circle cx="32" cy="26" r="12" fill="#ffd166"/><rect x="28" y="38" width="8" height="14" rx="2" fill="#8da9c4"/><path d="M8 56h48" stroke="#13c2c2" stroke-width="4" stroke-linecap="round"/></svg>"##;
