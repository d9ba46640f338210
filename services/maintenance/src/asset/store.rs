//! Asset types, assets and their records in PostgreSQL. A record and the statuses it moves
//! are one transaction, the assets locked in id order; deletes are all or none.

use chrono::{DateTime, NaiveDate, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::{self, AssetDraft, Attribute, RecordType, TypeDraft};

#[derive(Debug, Clone)]
pub struct TypeRow {
    pub type_id: i64,
    pub type_code: String,
    pub type_name_zh: String,
    pub type_name_en: String,
    pub remark: String,
    pub asset_count: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct AttributeRow {
    pub type_id: i64,
    pub attr_code: String,
    pub name_zh: String,
    pub name_en: String,
    pub value_type: String,
    pub default_value: String,
    pub multiple: bool,
    pub required: bool,
    pub verify: bool,
    pub min_value: Option<f64>,
    pub max_value: Option<f64>,
    pub option_values: Vec<String>,
    pub option_zh: Vec<String>,
    pub option_en: Vec<String>,
}

impl AttributeRow {
    /// The attribute as the model checks values against it.
    pub fn attribute(&self) -> Attribute {
        Attribute {
            code: self.attr_code.clone(),
            name_zh: self.name_zh.clone(),
            name_en: self.name_en.clone(),
            value_type: match self.value_type.as_str() {
                model::NUMBER => model::NUMBER,
                model::OPTIONS => model::OPTIONS,
                _ => model::TEXT,
            },
            default_value: self.default_value.clone(),
            multiple: self.multiple,
            required: self.required,
            verify: self.verify,
            min: self.min_value,
            max: self.max_value,
            option_values: self.option_values.clone(),
            option_zh: self.option_zh.clone(),
            option_en: self.option_en.clone(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct AssetRow {
    pub asset_id: i64,
    pub asset_code: String,
    pub asset_name: String,
    pub type_id: i64,
    pub type_name_zh: String,
    pub type_name_en: String,
    pub status: String,
    pub expire_date: Option<NaiveDate>,
    pub model: String,
    pub brand: String,
    pub address: String,
    pub supplier: String,
    pub initial_value_cents: i64,
    pub residual_rate_bp: i32,
    pub start_date: NaiveDate,
    pub limit_months: i32,
    pub image: String,
    pub attachment: String,
    pub attr_codes: Vec<String>,
    pub attr_values: Vec<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct RecordRow {
    pub record_id: i64,
    pub record_type: String,
    pub person: String,
    pub record_date: NaiveDate,
    pub remark: String,
    pub status: String,
    pub source_id: Option<i64>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct ItemRow {
    pub record_id: i64,
    pub asset_id: i64,
    pub asset_code: String,
    pub asset_name: String,
    pub prev_status: String,
}

fn db_error(err: sqlx::Error, code: &str) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "asset_types_code_key" | "assets_code_key" => Some(Msg::AssetCodeTaken { code: code.to_owned() }),
        _ => None,
    })
}

// ---- types ----

macro_rules! type_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            TypeRow,
            "SELECT t.type_id, t.type_code, t.type_name_zh, t.type_name_en, t.remark, \
             (SELECT count(*) FROM maintenance.assets a WHERE a.type_id = t.type_id) AS \"asset_count!\", t.created_at \
             FROM maintenance.asset_types t " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_types(
    pool: &PgPool,
    project_id: i64,
    keyword: &str,
    page: Page,
) -> sqlx::Result<(Vec<TypeRow>, i64)> {
    let rows = type_query!(
        "WHERE t.project_id = $1 AND ($2 = '' OR strpos(t.type_code, $2) > 0 OR strpos(t.type_name_zh, $2) > 0 \
         OR strpos(lower(t.type_name_en), lower($2)) > 0) ORDER BY t.type_id LIMIT $3 OFFSET $4";
        project_id, keyword, page.limit, page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.asset_types t WHERE t.project_id = $1 AND ($2 = '' \
         OR strpos(t.type_code, $2) > 0 OR strpos(t.type_name_zh, $2) > 0 OR strpos(lower(t.type_name_en), lower($2)) > 0)",
        project_id,
        keyword,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_type(pool: &PgPool, project_id: i64, type_id: i64) -> sqlx::Result<Option<TypeRow>> {
    type_query!("WHERE t.project_id = $1 AND t.type_id = $2"; project_id, type_id).fetch_optional(pool).await
}

/// The attributes of `type_ids`, each type's in order.
pub async fn attributes(pool: &PgPool, type_ids: &[i64]) -> sqlx::Result<Vec<AttributeRow>> {
    sqlx::query_as!(
        AttributeRow,
        "SELECT type_id, attr_code, name_zh, name_en, value_type, default_value, multiple, required, verify, min_value, \
         max_value, option_values, option_zh, option_en FROM maintenance.asset_type_attributes \
         WHERE type_id = ANY($1) ORDER BY type_id, seq",
        type_ids,
    )
    .fetch_all(pool)
    .await
}

pub async fn save_type(pool: &PgPool, project_id: i64, id: Option<i64>, d: &TypeDraft, by: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let id = match id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.asset_types (project_id, type_code, type_name_zh, type_name_en, remark, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING type_id",
            project_id,
            d.code,
            d.name_zh,
            d.name_en,
            d.remark,
            by,
        )
        .fetch_one(&mut *tx)
        .await
        .map_err(|err| db_error(err, &d.code))?,
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.asset_types SET type_code = $3, type_name_zh = $4, type_name_en = $5, remark = $6, \
             updated_at = now() WHERE project_id = $1 AND type_id = $2 RETURNING type_id",
            project_id,
            id,
            d.code,
            d.name_zh,
            d.name_en,
            d.remark,
        )
        .fetch_optional(&mut *tx)
        .await
        .map_err(|err| db_error(err, &d.code))?
        .ok_or_else(|| Error::not_found(Msg::AssetTypeNotFound))?,
    };
    sqlx::query!("DELETE FROM maintenance.asset_type_attributes WHERE type_id = $1", id).execute(&mut *tx).await?;
    for (seq, a) in d.attributes.iter().enumerate() {
        sqlx::query!(
            "INSERT INTO maintenance.asset_type_attributes (type_id, seq, attr_code, name_zh, name_en, value_type, \
             default_value, multiple, required, verify, min_value, max_value, option_values, option_zh, option_en) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
            id,
            seq as i32,
            a.code,
            a.name_zh,
            a.name_en,
            a.value_type,
            a.default_value,
            a.multiple,
            a.required,
            a.verify,
            a.min,
            a.max,
            &a.option_values,
            &a.option_zh,
            &a.option_en,
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(id)
}

pub async fn delete_types(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let row = sqlx::query!(
        "SELECT count(*) AS \"found!\", \
         EXISTS (SELECT 1 FROM maintenance.assets WHERE type_id = ANY($2)) AS \"used!\" \
         FROM maintenance.asset_types WHERE project_id = $1 AND type_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(row.found as u64, ids, Msg::AssetTypeNotFound)?;
    if row.used {
        return Err(Error::refused(Msg::AssetTypeInUse));
    }
    let deleted = sqlx::query!(
        "DELETE FROM maintenance.asset_types WHERE project_id = $1 AND type_id = ANY($2)",
        project_id,
        ids
    )
    .execute(&mut *tx)
    .await
    .map_err(|err| match err.as_database_error().and_then(|db| db.constraint()) {
        Some("assets_type_id_fkey") => Error::refused(Msg::AssetTypeInUse),
        _ => Error::from(err),
    })?
    .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

// ---- assets ----

macro_rules! asset_query {
    ($tail:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            AssetRow,
            "SELECT a.asset_id, a.asset_code, a.asset_name, a.type_id, t.type_name_zh, t.type_name_en, a.status, \
             a.expire_date, a.model, a.brand, a.address, a.supplier, a.initial_value_cents, a.residual_rate_bp, \
             a.start_date, a.limit_months, a.image, a.attachment, a.attr_codes, a.attr_values, a.created_at \
             FROM maintenance.assets a JOIN maintenance.asset_types t ON t.type_id = a.type_id " + $tail,
            $($arg),*
        )
    };
}

pub async fn list_assets(
    pool: &PgPool,
    project_id: i64,
    keyword: &str,
    type_id: i64,
    status: &str,
    page: Page,
) -> sqlx::Result<(Vec<AssetRow>, i64)> {
    let rows = asset_query!(
        "WHERE a.project_id = $1 AND ($2 = '' OR strpos(a.asset_code, $2) > 0 OR strpos(a.asset_name, $2) > 0) \
         AND ($3::bigint = 0 OR a.type_id = $3) AND ($4 = '' OR a.status = $4) \
         ORDER BY a.asset_id DESC LIMIT $5 OFFSET $6";
        project_id, keyword, type_id, status, page.limit, page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.assets a WHERE a.project_id = $1 \
         AND ($2 = '' OR strpos(a.asset_code, $2) > 0 OR strpos(a.asset_name, $2) > 0) \
         AND ($3::bigint = 0 OR a.type_id = $3) AND ($4 = '' OR a.status = $4)",
        project_id,
        keyword,
        type_id,
        status,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_asset(pool: &PgPool, project_id: i64, asset_id: i64) -> sqlx::Result<Option<AssetRow>> {
    asset_query!("WHERE a.project_id = $1 AND a.asset_id = $2"; project_id, asset_id).fetch_optional(pool).await
}

/// Adds an asset (idle) or edits one of the project's (its status is the records').
pub async fn save_asset(
    pool: &PgPool,
    project_id: i64,
    id: Option<i64>,
    d: &AssetDraft,
    by: &str,
) -> Result<i64, Error> {
    match id {
        None => sqlx::query_scalar!(
            "INSERT INTO maintenance.assets (project_id, asset_code, asset_name, type_id, expire_date, model, brand, address, \
             supplier, initial_value_cents, residual_rate_bp, start_date, limit_months, image, attachment, attr_codes, \
             attr_values, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING asset_id",
            project_id,
            d.code,
            d.name,
            d.type_id,
            d.expire_date,
            d.model,
            d.brand,
            d.address,
            d.supplier,
            d.initial_value_cents,
            d.residual_rate_bp,
            d.start_date,
            d.limit_months,
            d.image,
            d.attachment,
            &d.attr_codes,
            &d.attr_values,
            by,
        )
        .fetch_one(pool)
        .await
        .map_err(|err| db_error(err, &d.code)),
        Some(id) => sqlx::query_scalar!(
            "UPDATE maintenance.assets SET asset_code = $3, asset_name = $4, type_id = $5, expire_date = $6, model = $7, \
             brand = $8, address = $9, supplier = $10, initial_value_cents = $11, residual_rate_bp = $12, start_date = $13, \
             limit_months = $14, image = $15, attachment = $16, attr_codes = $17, attr_values = $18, updated_at = now() \
             WHERE project_id = $1 AND asset_id = $2 RETURNING asset_id",
            project_id,
            id,
            d.code,
            d.name,
            d.type_id,
            d.expire_date,
            d.model,
            d.brand,
            d.address,
            d.supplier,
            d.initial_value_cents,
            d.residual_rate_bp,
            d.start_date,
            d.limit_months,
            d.image,
            d.attachment,
            &d.attr_codes,
            &d.attr_values,
        )
        .fetch_optional(pool)
        .await
        .map_err(|err| db_error(err, &d.code))?
        .ok_or_else(|| Error::not_found(Msg::AssetNotFound)),
    }
}

/// The project's asset types by code (an import names types by code), with their ids.
pub async fn types_by_code(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<(String, i64, String, String)>> {
    let rows = sqlx::query!(
        "SELECT type_code, type_id, type_name_zh, type_name_en FROM maintenance.asset_types WHERE project_id = $1",
        project_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.type_code, r.type_id, r.type_name_zh, r.type_name_en)).collect())
}

/// The codes of `codes` the project's assets already have.
pub async fn codes_taken(pool: &PgPool, project_id: i64, codes: &[String]) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar!(
        "SELECT asset_code FROM maintenance.assets WHERE project_id = $1 AND asset_code = ANY($2)",
        project_id,
        codes,
    )
    .fetch_all(pool)
    .await
}

/// Adds every asset of an import in one transaction: all or none.
pub async fn insert_assets(pool: &PgPool, project_id: i64, drafts: &[AssetDraft], by: &str) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    for d in drafts {
        sqlx::query!(
            "INSERT INTO maintenance.assets (project_id, asset_code, asset_name, type_id, expire_date, model, brand, address, \
             supplier, initial_value_cents, residual_rate_bp, start_date, limit_months, image, attachment, attr_codes, \
             attr_values, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
            project_id,
            d.code,
            d.name,
            d.type_id,
            d.expire_date,
            d.model,
            d.brand,
            d.address,
            d.supplier,
            d.initial_value_cents,
            d.residual_rate_bp,
            d.start_date,
            d.limit_months,
            d.image,
            d.attachment,
            &d.attr_codes,
            &d.attr_values,
            by,
        )
        .execute(&mut *tx)
        .await
        .map_err(|err| db_error(err, &d.code))?;
    }
    tx.commit().await?;
    Ok(drafts.len() as u64)
}

/// Deletes idle or scrapped assets without records, all or none.
pub async fn delete_assets(pool: &PgPool, project_id: i64, ids: &[i64]) -> Result<u64, Error> {
    let mut tx = pool.begin().await?;
    let row = sqlx::query!(
        "SELECT count(*) AS \"found!\", count(*) FILTER (WHERE status IN ('1', '2')) AS \"busy!\" \
         FROM maintenance.assets WHERE project_id = $1 AND asset_id = ANY($2)",
        project_id,
        ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    crate::all_or_none(row.found as u64, ids, Msg::AssetNotFound)?;
    if row.busy > 0 {
        return Err(Error::refused(Msg::AssetInUse));
    }
    let deleted =
        sqlx::query!("DELETE FROM maintenance.assets WHERE project_id = $1 AND asset_id = ANY($2)", project_id, ids)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

// ---- records ----

pub async fn list_records(
    pool: &PgPool,
    project_id: i64,
    keyword: &str,
    record_type: &str,
    page: Page,
) -> sqlx::Result<(Vec<RecordRow>, i64)> {
    let rows = sqlx::query_as!(
        RecordRow,
        "SELECT record_id, record_type, person, record_date, remark, status, source_id, created_by, created_at \
         FROM maintenance.asset_records WHERE project_id = $1 AND ($2 = '' OR strpos(person, $2) > 0 OR strpos(remark, $2) > 0) \
         AND ($3 = '' OR record_type = $3) ORDER BY record_id DESC LIMIT $4 OFFSET $5",
        project_id,
        keyword,
        record_type,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM maintenance.asset_records WHERE project_id = $1 \
         AND ($2 = '' OR strpos(person, $2) > 0 OR strpos(remark, $2) > 0) AND ($3 = '' OR record_type = $3)",
        project_id,
        keyword,
        record_type,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_record(pool: &PgPool, project_id: i64, record_id: i64) -> sqlx::Result<Option<RecordRow>> {
    sqlx::query_as!(
        RecordRow,
        "SELECT record_id, record_type, person, record_date, remark, status, source_id, created_by, created_at \
         FROM maintenance.asset_records WHERE project_id = $1 AND record_id = $2",
        project_id,
        record_id,
    )
    .fetch_optional(pool)
    .await
}

/// The assets of `record_ids`.
pub async fn items(pool: &PgPool, record_ids: &[i64]) -> sqlx::Result<Vec<ItemRow>> {
    sqlx::query_as!(
        ItemRow,
        "SELECT i.record_id, i.asset_id, a.asset_code, a.asset_name, i.prev_status FROM maintenance.asset_record_items i \
         JOIN maintenance.assets a ON a.asset_id = i.asset_id WHERE i.record_id = ANY($1) ORDER BY i.record_id, a.asset_code",
        record_ids,
    )
    .fetch_all(pool)
    .await
}

/// What a record is made of, checked.
#[derive(Debug, Clone)]
pub struct NewRecord<'a> {
    pub kind: RecordType,
    pub asset_ids: &'a [i64],
    pub source_id: Option<i64>,
    pub person: &'a str,
    pub date: NaiveDate,
    pub remark: &'a str,
}

/// Locks the project's assets of `ids` in id order: (id, code, status) of each; a 404 unless
/// every one is the project's.
async fn lock_assets(
    conn: &mut PgConnection,
    project_id: i64,
    ids: &[i64],
) -> Result<Vec<(i64, String, String)>, Error> {
    let rows = sqlx::query!(
        "SELECT asset_id, asset_code, status FROM maintenance.assets WHERE project_id = $1 AND asset_id = ANY($2) \
         ORDER BY asset_id FOR UPDATE",
        project_id,
        ids,
    )
    .fetch_all(&mut *conn)
    .await?;
    crate::all_or_none(rows.len() as u64, ids, Msg::AssetNotFound)?;
    Ok(rows.into_iter().map(|r| (r.asset_id, r.asset_code, r.status)).collect())
}

/// Writes a record and moves its assets' statuses, in one transaction. A return takes the
/// assets of its source record that are still as that record left them.
pub async fn add_record(pool: &PgPool, project_id: i64, r: &NewRecord<'_>, by: &str) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let assets = match r.kind {
        RecordType::Return => {
            let source_id = r.source_id.ok_or(Msg::AssetReturnRecordRequired)?;
            let source = sqlx::query!(
                "SELECT record_type, status FROM maintenance.asset_records WHERE project_id = $1 AND record_id = $2 FOR UPDATE",
                project_id,
                source_id,
            )
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AssetRecordNotFound))?;
            let held = match RecordType::parse(&source.record_type) {
                Some(RecordType::Receive) => model::IN_USE,
                Some(RecordType::Repair) => model::UNDER_REPAIR,
                _ => return Err(Error::refused(Msg::AssetNotReturnable)),
            };
            if source.status != "0" {
                return Err(Error::refused(Msg::AssetNotReturnable));
            }
            sqlx::query!("UPDATE maintenance.asset_records SET status = '1' WHERE record_id = $1", source_id)
                .execute(&mut *tx)
                .await?;
            let ids: Vec<i64> = sqlx::query_scalar!(
                "SELECT asset_id FROM maintenance.asset_record_items WHERE record_id = $1 ORDER BY asset_id",
                source_id
            )
            .fetch_all(&mut *tx)
            .await?;
            let locked = lock_assets(&mut tx, project_id, &ids).await?;
            locked.into_iter().filter(|(_, _, status)| status == held).collect::<Vec<_>>()
        }
        _ => {
            if r.asset_ids.is_empty() {
                return Err(Error::bad_request(Msg::AssetRecordAssetsRequired));
            }
            lock_assets(&mut tx, project_id, r.asset_ids).await?
        }
    };
    let mut moves = Vec::with_capacity(assets.len());
    for (id, code, status) in &assets {
        let next = r.kind.next(status, code).map_err(Error::refused)?;
        moves.push((*id, status.clone(), next.to_owned()));
    }
    let record_id = sqlx::query_scalar!(
        "INSERT INTO maintenance.asset_records (project_id, record_type, person, record_date, remark, source_id, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING record_id",
        project_id,
        r.kind.code(),
        r.person,
        r.date,
        r.remark,
        r.source_id,
        by,
    )
    .fetch_one(&mut *tx)
    .await?;
    let ids: Vec<i64> = moves.iter().map(|m| m.0).collect();
    let before: Vec<String> = moves.iter().map(|m| m.1.clone()).collect();
    let after: Vec<String> = moves.iter().map(|m| m.2.clone()).collect();
    sqlx::query!(
        "INSERT INTO maintenance.asset_record_items (record_id, asset_id, prev_status) \
         SELECT $1, m.asset_id, m.prev FROM UNNEST($2::bigint[], $3::text[]) AS m(asset_id, prev)",
        record_id,
        &ids,
        &before,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "UPDATE maintenance.assets a SET status = m.next, updated_at = now() \
         FROM UNNEST($1::bigint[], $2::text[]) AS m(asset_id, next) WHERE a.asset_id = m.asset_id",
        &ids,
        &after,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(record_id)
}

/// Cancels an effective scrap of the project: each of its assets still scrapped takes back
/// the status it had.
pub async fn cancel_scrap(pool: &PgPool, project_id: i64, record_id: i64) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    let record = sqlx::query!(
        "SELECT record_type, status FROM maintenance.asset_records WHERE project_id = $1 AND record_id = $2 FOR UPDATE",
        project_id,
        record_id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found(Msg::AssetRecordNotFound))?;
    if record.record_type != RecordType::Scrap.code() || record.status != "0" {
        return Err(Error::refused(Msg::AssetScrapNotCancellable));
    }
    let ids: Vec<i64> =
        sqlx::query_scalar!("SELECT asset_id FROM maintenance.asset_record_items WHERE record_id = $1", record_id)
            .fetch_all(&mut *tx)
            .await?;
    lock_assets(&mut tx, project_id, &ids).await?;
    sqlx::query!(
        "UPDATE maintenance.assets a SET status = i.prev_status, updated_at = now() FROM maintenance.asset_record_items i \
         WHERE i.record_id = $1 AND a.asset_id = i.asset_id AND a.status = '3'",
        record_id,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!("UPDATE maintenance.asset_records SET status = '1' WHERE record_id = $1", record_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
