//! Dictionary queries.

use sqlx::PgPool;

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
}

/// The enabled items of a dictionary type, in display order.
pub async fn data_by_type(pool: &PgPool, dict_type: &str) -> sqlx::Result<Vec<DictDataRow>> {
    sqlx::query_as!(
        DictDataRow,
        "SELECT d.dict_code, d.dict_sort, d.dict_label, d.dict_label_en, d.dict_value, d.dict_type, d.css_class, \
         d.list_class, d.is_default, d.status FROM identity.dict_data d \
         JOIN identity.dict_types t ON t.dict_type = d.dict_type AND t.status = '0' \
         WHERE d.dict_type = $1 AND d.status = '0' ORDER BY d.dict_sort, d.dict_code",
        dict_type,
    )
    .fetch_all(pool)
    .await
}
