//! Config entry queries. Every write records the clearing of the read caches in its own
//! transaction (`crate::cache`).

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::ConfigDraft;
use crate::cache::{self, Cache};

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
    pub is_public: bool,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct ConfigFilter {
    pub name: String,
    pub key: String,
    pub config_type: String,
    pub created_from: Option<DateTime<Utc>>,
    pub created_before: Option<DateTime<Utc>>,
}

/// A query answering whole entries: `config_query!("WHERE ..."; args)`.
macro_rules! config_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            ConfigRow,
            "SELECT config_id, config_name, config_key, config_value, config_type::text AS \"config_type!\", is_public, \
             remark, created_at FROM identity.configs " + $after,
            $($arg),*
        )
    };
}

/// A page of the entries matching `filter` (every one when `page` is `None`), by id, and
/// the count of all.
pub async fn list(pool: &PgPool, filter: &ConfigFilter, page: Option<Page>) -> sqlx::Result<(Vec<ConfigRow>, i64)> {
    let (limit, offset) = page.map_or((i64::MAX, 0), |p| (p.limit, p.offset));
    let rows = config_query!(
        "WHERE strpos(config_name, $1) > 0 AND strpos(config_key, $2) > 0 AND ($3 = '' OR config_type = $3) \
         AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5) \
         ORDER BY config_id LIMIT $6 OFFSET $7";
        filter.name,
        filter.key,
        filter.config_type,
        filter.created_from,
        filter.created_before,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.configs \
         WHERE strpos(config_name, $1) > 0 AND strpos(config_key, $2) > 0 AND ($3 = '' OR config_type = $3) \
         AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)",
        filter.name,
        filter.key,
        filter.config_type,
        filter.created_from,
        filter.created_before,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find(pool: &PgPool, config_id: i64) -> sqlx::Result<Option<ConfigRow>> {
    config_query!("WHERE config_id = $1"; config_id).fetch_optional(pool).await
}

pub async fn insert(pool: &PgPool, streams: &Streams, draft: &ConfigDraft) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let config_id = sqlx::query_scalar!(
        "INSERT INTO identity.configs (config_name, config_key, config_value, config_type, is_public, remark) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING config_id",
        draft.config_name,
        draft.config_key,
        draft.config_value,
        draft.config_type,
        draft.is_public,
        draft.remark,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    cache::record(&mut tx, streams, Cache::Config, &draft.config_key).await?;
    tx.commit().await?;
    Ok(config_id)
}

/// Saves an edit; `Ok(false)` when the entry does not exist. A built-in entry keeps its key.
pub async fn update(pool: &PgPool, streams: &Streams, config_id: i64, draft: &ConfigDraft) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let Some(current) = sqlx::query!(
        "SELECT config_key, config_type::text AS \"config_type!\" FROM identity.configs WHERE config_id = $1 FOR UPDATE",
        config_id
    )
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(false);
    };
    if current.config_type == "Y" && current.config_key != draft.config_key {
        return Err(Error::refused(Msg::BuiltinKeyFixed));
    }
    sqlx::query!(
        "UPDATE identity.configs SET config_name = $2, config_key = $3, config_value = $4, config_type = $5, \
         is_public = $6, remark = $7, updated_at = now() WHERE config_id = $1",
        config_id,
        draft.config_name,
        draft.config_key,
        draft.config_value,
        draft.config_type,
        draft.is_public,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate(err, draft))?;
    let key = if current.config_key == draft.config_key { draft.config_key.as_str() } else { "" };
    cache::record(&mut tx, streams, Cache::Config, key).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes entries none of which is built in; `Ok(false)` when one does not exist.
pub async fn delete(pool: &PgPool, streams: &Streams, config_ids: &[i64]) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let rows = sqlx::query!(
        "SELECT config_id, config_name, config_type::text AS \"config_type!\" FROM identity.configs \
         WHERE config_id = ANY ($1) ORDER BY config_id FOR UPDATE",
        config_ids
    )
    .fetch_all(&mut *tx)
    .await?;
    if rows.len() != config_ids.len() {
        return Ok(false);
    }
    if let Some(builtin) = rows.iter().find(|r| r.config_type == "Y") {
        return Err(Error::refused(Msg::BuiltinNotDeletable { name: builtin.config_name.clone() }));
    }
    sqlx::query!("DELETE FROM identity.configs WHERE config_id = ANY ($1)", config_ids).execute(&mut *tx).await?;
    cache::record(&mut tx, streams, Cache::Config, "").await?;
    tx.commit().await?;
    Ok(true)
}

/// Clears the whole cache on every replica.
pub async fn clear(pool: &PgPool, streams: &Streams, which: Cache) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    cache::record(&mut tx, streams, which, "").await?;
    tx.commit().await
}

fn translate(err: sqlx::Error, draft: &ConfigDraft) -> Error {
    Error::from_db(err, |constraint| {
        (constraint == "configs_config_key_key").then(|| Msg::ConfigKeyTaken { key: draft.config_key.clone() })
    })
}
