//! The communication records' queries: batches written once (a record written again is
//! kept once), one month's search, and the monthly partitions.

use chrono::{DateTime, Utc};
use lumiscape_common::paging::Page;
use sqlx::PgPool;

use super::model::{Filter, Row};

/// Writes the rows in one statement; a row written before (same time, gateway and key) is
/// left as it is. Returns how many were new.
pub async fn write(pool: &PgPool, rows: &[Row]) -> sqlx::Result<u64> {
    if rows.is_empty() {
        return Ok(0);
    }
    let column = |f: fn(&Row) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let projects: Vec<i64> = rows.iter().map(|r| r.project_id).collect();
    let gateways: Vec<i64> = rows.iter().map(|r| r.gateway_id).collect();
    let at: Vec<DateTime<Utc>> = rows.iter().map(|r| r.recorded_at).collect();
    let directions = column(|r| r.direction.clone());
    let channels = column(|r| r.channel.clone());
    let outcomes = column(|r| r.outcome.clone());
    let reasons = column(|r| r.reason.clone());
    let seqs: Vec<Option<i64>> = rows.iter().map(|r| r.message_seq).collect();
    let correlations: Vec<Option<String>> = rows.iter().map(|r| r.correlation_id.clone()).collect();
    let device_times: Vec<Option<DateTime<Utc>>> = rows.iter().map(|r| r.device_time).collect();
    let sizes: Vec<i32> = rows.iter().map(|r| r.size).collect();
    let payloads: Vec<Vec<u8>> = rows.iter().map(|r| r.payload.clone()).collect();
    let keys = column(|r| r.record_key.clone());
    let written = sqlx::query!(
        "INSERT INTO lighting.communication_records (project_id, gateway_id, recorded_at, direction, channel, \
         outcome, reason, message_seq, correlation_id, device_time, size, payload, record_key) \
         SELECT * FROM UNNEST($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], \
           $7::text[], $8::bigint[], $9::text[], $10::timestamptz[], $11::int[], $12::bytea[], $13::text[]) \
         ON CONFLICT DO NOTHING",
        &projects,
        &gateways,
        &at,
        &directions,
        &channels,
        &outcomes,
        &reasons,
        &seqs as &[Option<i64>],
        &correlations as &[Option<String>],
        &device_times as &[Option<DateTime<Utc>>],
        &sizes,
        &payloads,
        &keys,
    )
    .execute(pool)
    .await?;
    Ok(written.rows_affected())
}

/// A record as the search shows it.
#[derive(Debug, Clone)]
pub struct RecordRow {
    pub record_id: i64,
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub direction: String,
    pub channel: String,
    pub outcome: String,
    pub reason: String,
    pub message_seq: Option<i64>,
    pub correlation_id: Option<String>,
    pub device_time: Option<DateTime<Utc>>,
    pub recorded_at: DateTime<Utc>,
    pub size: i32,
    pub payload: Vec<u8>,
}

/// The project's records matching `filter`, newest first, and how many match. The range on
/// the partition key keeps the search to its month's partition.
pub async fn list(pool: &PgPool, project_id: i64, filter: &Filter, page: Page) -> sqlx::Result<(Vec<RecordRow>, i64)> {
    let rows = sqlx::query_as!(
        RecordRow,
        "SELECT r.record_id, r.gateway_id, g.gateway_name, g.serial, r.direction::text AS \"direction!\", \
           r.channel::text AS \"channel!\", r.outcome::text AS \"outcome!\", r.reason, r.message_seq, \
           r.correlation_id, r.device_time, r.recorded_at, r.size, r.payload \
         FROM lighting.communication_records r JOIN lighting.gateways g ON g.gateway_id = r.gateway_id \
         WHERE r.project_id = $1 AND r.recorded_at >= $2 AND r.recorded_at < $3 \
           AND ($4::bigint IS NULL OR r.gateway_id = $4) AND ($5::text IS NULL OR r.direction = $5) \
           AND ($6::text IS NULL OR r.channel = $6) AND ($7::text IS NULL OR r.outcome = $7) \
         ORDER BY r.recorded_at DESC, r.record_id DESC LIMIT $8 OFFSET $9",
        project_id,
        filter.from,
        filter.to,
        filter.gateway_id,
        filter.direction,
        filter.channel,
        filter.outcome,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"n!\" FROM lighting.communication_records r \
         WHERE r.project_id = $1 AND r.recorded_at >= $2 AND r.recorded_at < $3 \
           AND ($4::bigint IS NULL OR r.gateway_id = $4) AND ($5::text IS NULL OR r.direction = $5) \
           AND ($6::text IS NULL OR r.channel = $6) AND ($7::text IS NULL OR r.outcome = $7)",
        project_id,
        filter.from,
        filter.to,
        filter.gateway_id,
        filter.direction,
        filter.channel,
        filter.outcome,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
