//! Config entry queries.

use lumiscape_common::paging::Page;
use sqlx::PgPool;

/// A config entry's value and whether anonymous callers may read it.
#[derive(Debug, Clone)]
pub struct ConfigValue {
    pub config_value: String,
    pub is_public: bool,
}

pub async fn find_by_key(pool: &PgPool, key: &str) -> sqlx::Result<Option<ConfigValue>> {
    sqlx::query_as!(ConfigValue, "SELECT config_value, is_public FROM identity.configs WHERE config_key = $1", key)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone)]
pub struct ConfigRow {
    pub config_id: i64,
    pub config_name: String,
    pub config_key: String,
    pub config_value: String,
    pub config_type: String,
    pub remark: String,
}

/// A page of entries whose name and key contain the given fragments, and the count of all.
pub async fn list(pool: &PgPool, name: &str, key: &str, page: Page) -> sqlx::Result<(Vec<ConfigRow>, i64)> {
    let rows = sqlx::query_as!(
        ConfigRow,
        "SELECT config_id, config_name, config_key, config_value, config_type, remark FROM identity.configs \
         WHERE strpos(config_name, $1) > 0 AND strpos(config_key, $2) > 0 ORDER BY config_id LIMIT $3 OFFSET $4",
        name,
        key,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.configs WHERE strpos(config_name, $1) > 0 AND strpos(config_key, $2) > 0",
        name,
        key,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
