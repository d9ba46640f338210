//! Dictionary queries. Every write records the clearing of the read caches in its own
//! transaction (`crate::cache`); what the product seeded (`builtin`) cannot be deleted and
//! keeps its type and values, which code depends on.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::nats::Streams;
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{DictDataDraft, DictTypeDraft};
use crate::cache::{self, Cache};

#[derive(Debug, Clone)]
pub struct DictDataRow {
    pub dict_code: i64,
    pub dict_sort: i32,
    pub dict_label: String,
    pub dict_label_en: String,
    pub dict_value: String,
    pub dict_type: String,
    pub css_class: String,
    pub list_class: String,
    pub is_default: bool,
    pub status: String,
    pub builtin: bool,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

/// A query answering whole items: `data_query!("WHERE ..."; args)` (`d` is the item).
macro_rules! data_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            DictDataRow,
            "SELECT d.dict_code, d.dict_sort, d.dict_label, d.dict_label_en, d.dict_value, d.dict_type, d.css_class, \
             d.list_class, d.is_default, d.status::text AS \"status!\", d.builtin, d.remark, d.created_at \
             FROM identity.dict_data d " + $after,
            $($arg),*
        )
    };
}

/// The enabled items of an enabled dictionary type, in display order.
pub async fn data_by_type(pool: &PgPool, dict_type: &str) -> sqlx::Result<Vec<DictDataRow>> {
    data_query!(
        "JOIN identity.dict_types t ON t.dict_type = d.dict_type AND t.status = '0' \
         WHERE d.dict_type = $1 AND d.status = '0' ORDER BY d.dict_sort, d.dict_code";
        dict_type,
    )
    .fetch_all(pool)
    .await
}

#[derive(Debug, Clone)]
pub struct DictTypeRow {
    pub dict_id: i64,
    pub dict_name: String,
    pub dict_name_en: String,
    pub dict_type: String,
    pub status: String,
    pub builtin: bool,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

macro_rules! type_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            DictTypeRow,
            "SELECT dict_id, dict_name, dict_name_en, dict_type, status::text AS \"status!\", builtin, remark, created_at \
             FROM identity.dict_types " + $after,
            $($arg),*
        )
    };
}

#[derive(Debug, Clone, Default)]
pub struct TypeFilter {
    pub name: String,
    pub dict_type: String,
    pub status: String,
    pub created_from: Option<DateTime<Utc>>,
    pub created_before: Option<DateTime<Utc>>,
}

/// The types matching `filter` (every one when `page` is `None`), by id, and the count.
pub async fn list_types(
    pool: &PgPool,
    filter: &TypeFilter,
    page: Option<Page>,
) -> sqlx::Result<(Vec<DictTypeRow>, i64)> {
    let (limit, offset) = page.map_or((i64::MAX, 0), |p| (p.limit, p.offset));
    let rows = type_query!(
        "WHERE (strpos(dict_name, $1) > 0 OR strpos(dict_name_en, $1) > 0) AND strpos(dict_type, $2) > 0 \
         AND ($3 = '' OR status = $3) AND ($4::timestamptz IS NULL OR created_at >= $4) \
         AND ($5::timestamptz IS NULL OR created_at < $5) ORDER BY dict_id LIMIT $6 OFFSET $7";
        filter.name,
        filter.dict_type,
        filter.status,
        filter.created_from,
        filter.created_before,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.dict_types \
         WHERE (strpos(dict_name, $1) > 0 OR strpos(dict_name_en, $1) > 0) AND strpos(dict_type, $2) > 0 \
         AND ($3 = '' OR status = $3) AND ($4::timestamptz IS NULL OR created_at >= $4) \
         AND ($5::timestamptz IS NULL OR created_at < $5)",
        filter.name,
        filter.dict_type,
        filter.status,
        filter.created_from,
        filter.created_before,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_type(pool: &PgPool, dict_id: i64) -> sqlx::Result<Option<DictTypeRow>> {
    type_query!("WHERE dict_id = $1"; dict_id).fetch_optional(pool).await
}

pub async fn insert_type(pool: &PgPool, streams: &Streams, draft: &DictTypeDraft) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let dict_id = sqlx::query_scalar!(
        "INSERT INTO identity.dict_types (dict_name, dict_name_en, dict_type, status, remark) \
         VALUES ($1, $2, $3, $4, $5) RETURNING dict_id",
        draft.dict_name,
        draft.dict_name_en,
        draft.dict_type,
        draft.status,
        draft.remark,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate_type(err, draft))?;
    cache::record(&mut tx, streams, Cache::Dict, &draft.dict_type).await?;
    tx.commit().await?;
    Ok(dict_id)
}

/// Saves an edit (a new type key is carried to the items); `Ok(false)` when the type does
/// not exist.
pub async fn update_type(pool: &PgPool, streams: &Streams, dict_id: i64, draft: &DictTypeDraft) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let Some(current) =
        sqlx::query!("SELECT dict_type, builtin FROM identity.dict_types WHERE dict_id = $1 FOR UPDATE", dict_id)
            .fetch_optional(&mut *tx)
            .await?
    else {
        return Ok(false);
    };
    if current.builtin && current.dict_type != draft.dict_type {
        return Err(Error::refused(Msg::BuiltinKeyFixed));
    }
    sqlx::query!(
        "UPDATE identity.dict_types SET dict_name = $2, dict_name_en = $3, dict_type = $4, status = $5, remark = $6 \
         WHERE dict_id = $1",
        dict_id,
        draft.dict_name,
        draft.dict_name_en,
        draft.dict_type,
        draft.status,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate_type(err, draft))?;
    cache::record(&mut tx, streams, Cache::Dict, "").await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes types that are not built in and hold no items; `Ok(false)` when one does not
/// exist.
pub async fn delete_types(pool: &PgPool, streams: &Streams, dict_ids: &[i64]) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let rows = sqlx::query!(
        "SELECT t.dict_name, t.builtin, EXISTS (SELECT 1 FROM identity.dict_data d WHERE d.dict_type = t.dict_type) \
         AS \"has_data!\" FROM identity.dict_types t WHERE t.dict_id = ANY ($1) ORDER BY t.dict_id FOR UPDATE",
        dict_ids
    )
    .fetch_all(&mut *tx)
    .await?;
    if rows.len() != dict_ids.len() {
        return Ok(false);
    }
    if let Some(row) = rows.iter().find(|r| r.builtin) {
        return Err(Error::refused(Msg::BuiltinNotDeletable { name: row.dict_name.clone() }));
    }
    if let Some(row) = rows.iter().find(|r| r.has_data) {
        return Err(Error::refused(Msg::DictTypeHasData { name: row.dict_name.clone() }));
    }
    sqlx::query!("DELETE FROM identity.dict_types WHERE dict_id = ANY ($1)", dict_ids).execute(&mut *tx).await?;
    cache::record(&mut tx, streams, Cache::Dict, "").await?;
    tx.commit().await?;
    Ok(true)
}

#[derive(Debug, Clone, Default)]
pub struct DataFilter {
    pub dict_type: String,
    pub label: String,
    pub status: String,
}

/// The items matching `filter` (every one when `page` is `None`), by type, sort and code.
pub async fn list_data(
    pool: &PgPool,
    filter: &DataFilter,
    page: Option<Page>,
) -> sqlx::Result<(Vec<DictDataRow>, i64)> {
    let (limit, offset) = page.map_or((i64::MAX, 0), |p| (p.limit, p.offset));
    let rows = data_query!(
        "WHERE ($1 = '' OR d.dict_type = $1) AND (strpos(d.dict_label, $2) > 0 OR strpos(d.dict_label_en, $2) > 0) \
         AND ($3 = '' OR d.status = $3) ORDER BY d.dict_type, d.dict_sort, d.dict_code LIMIT $4 OFFSET $5";
        filter.dict_type,
        filter.label,
        filter.status,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM identity.dict_data d \
         WHERE ($1 = '' OR d.dict_type = $1) AND (strpos(d.dict_label, $2) > 0 OR strpos(d.dict_label_en, $2) > 0) \
         AND ($3 = '' OR d.status = $3)",
        filter.dict_type,
        filter.label,
        filter.status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_data(pool: &PgPool, dict_code: i64) -> sqlx::Result<Option<DictDataRow>> {
    data_query!("WHERE d.dict_code = $1"; dict_code).fetch_optional(pool).await
}

pub async fn insert_data(pool: &PgPool, streams: &Streams, draft: &DictDataDraft) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let dict_code = sqlx::query_scalar!(
        "INSERT INTO identity.dict_data (dict_sort, dict_label, dict_label_en, dict_value, dict_type, css_class, \
         list_class, is_default, status, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING dict_code",
        draft.dict_sort,
        draft.dict_label,
        draft.dict_label_en,
        draft.dict_value,
        draft.dict_type,
        draft.css_class,
        draft.list_class,
        draft.is_default,
        draft.status,
        draft.remark,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| translate_data(err, draft))?;
    cache::record(&mut tx, streams, Cache::Dict, &draft.dict_type).await?;
    tx.commit().await?;
    Ok(dict_code)
}

/// Saves an edit of an item (it stays in its type); `Ok(false)` when it does not exist. A
/// built-in item keeps its value.
pub async fn update_data(
    pool: &PgPool,
    streams: &Streams,
    dict_code: i64,
    draft: &DictDataDraft,
) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let Some(current) = sqlx::query!(
        "SELECT dict_type, dict_value, builtin FROM identity.dict_data WHERE dict_code = $1 FOR UPDATE",
        dict_code
    )
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(false);
    };
    if current.dict_type != draft.dict_type || (current.builtin && current.dict_value != draft.dict_value) {
        return Err(Error::refused(Msg::BuiltinKeyFixed));
    }
    sqlx::query!(
        "UPDATE identity.dict_data SET dict_sort = $2, dict_label = $3, dict_label_en = $4, dict_value = $5, \
         css_class = $6, list_class = $7, is_default = $8, status = $9, remark = $10 WHERE dict_code = $1",
        dict_code,
        draft.dict_sort,
        draft.dict_label,
        draft.dict_label_en,
        draft.dict_value,
        draft.css_class,
        draft.list_class,
        draft.is_default,
        draft.status,
        draft.remark,
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| translate_data(err, draft))?;
    cache::record(&mut tx, streams, Cache::Dict, &draft.dict_type).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes items none of which is built in; `Ok(false)` when one does not exist.
pub async fn delete_data(pool: &PgPool, streams: &Streams, dict_codes: &[i64]) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let rows = sqlx::query!(
        "SELECT dict_label, builtin FROM identity.dict_data WHERE dict_code = ANY ($1) ORDER BY dict_code FOR UPDATE",
        dict_codes
    )
    .fetch_all(&mut *tx)
    .await?;
    if rows.len() != dict_codes.len() {
        return Ok(false);
    }
    if let Some(row) = rows.iter().find(|r| r.builtin) {
        return Err(Error::refused(Msg::BuiltinNotDeletable { name: row.dict_label.clone() }));
    }
    sqlx::query!("DELETE FROM identity.dict_data WHERE dict_code = ANY ($1)", dict_codes).execute(&mut *tx).await?;
    cache::record(&mut tx, streams, Cache::Dict, "").await?;
    tx.commit().await?;
    Ok(true)
}

fn translate_type(err: sqlx::Error, draft: &DictTypeDraft) -> Error {
    Error::from_db(err, |constraint| {
        (constraint == "dict_types_dict_type_key").then(|| Msg::DictTypeTaken { dict_type: draft.dict_type.clone() })
    })
}

fn translate_data(err: sqlx::Error, draft: &DictDataDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "dict_data_dict_type_dict_value_key" => Some(Msg::DictValueTaken { value: draft.dict_value.clone() }),
        "dict_data_dict_type_fkey" => Some(Msg::DictTypeNotFound),
        _ => None,
    })
}
