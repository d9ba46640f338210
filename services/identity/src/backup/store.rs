//! Backup queries: reading the system tables into a file, restoring a checked file in one
//! transaction, and the stored backups (made by hand or by the backup job).
//!
//! The COPY statements are the fixed ones of [`model::TABLES`]; the file's rows are data
//! for them, never statements.

use chrono::{DateTime, Utc};
use futures::TryStreamExt;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::model::{self, Checked, Section};
use crate::cache::{self, Cache};
use lumiscape_common::nats::Streams;

/// A stored backup, without its content.
#[derive(Debug, Clone)]
pub struct BackupRow {
    pub backup_id: i64,
    pub file_name: String,
    pub kind: String,
    pub file_size: i64,
    pub total_rows: i64,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// Scheduled backups kept: the job deletes older ones after each run.
pub const KEEP_SCHEDULED: i64 = 10;

/// The newest migration compiled into this binary: a file of another version is refused.
pub fn data_version() -> i64 {
    crate::MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Reads every table of the backup in one consistent snapshot and writes the signed file.
/// Returns the file and the number of rows it holds.
pub async fn export(pool: &PgPool, key: &[u8; 32], created_by: &str) -> sqlx::Result<(String, Vec<u8>, i64)> {
    let now = Utc::now();
    let mut tx = pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").await?;
    let mut sections = Vec::with_capacity(model::TABLES.len());
    for table in model::TABLES {
        let mut data = Vec::new();
        let mut stream = tx.copy_out_raw(table.copy_out).await?;
        while let Some(chunk) = stream.try_next().await? {
            data.extend_from_slice(&chunk);
        }
        drop(stream);
        sections.push(Section { table, data });
    }
    tx.commit().await?;
    let created_at = now.format("%Y-%m-%d %H:%M:%S").to_string();
    let file = model::encode(key, data_version(), &created_at, created_by, &sections);
    let rows = sections.iter().map(|s| model::row_count(&s.data)).sum::<u64>();
    let rows = i64::try_from(rows).unwrap_or(i64::MAX);
    let name = format!("lumiscape-backup-{}.sql", now.format("%Y%m%d-%H%M%S"));
    Ok((name, file, rows))
}

/// Stores a backup: `kind` '0' made by hand, '1' by the backup job. For the job's, keeps
/// only the newest [`KEEP_SCHEDULED`].
pub async fn save(
    pool: &PgPool,
    file_name: &str,
    kind: &str,
    content: &[u8],
    total_rows: i64,
    created_by: &str,
) -> sqlx::Result<i64> {
    let mut tx = pool.begin().await?;
    let id = sqlx::query_scalar!(
        "INSERT INTO identity.backups (file_name, kind, file_size, total_rows, content, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING backup_id",
        file_name,
        kind,
        i64::try_from(content.len()).unwrap_or(i64::MAX),
        total_rows,
        content,
        created_by
    )
    .fetch_one(&mut *tx)
    .await?;
    if kind == "1" {
        sqlx::query!(
            "DELETE FROM identity.backups WHERE kind = '1' AND backup_id NOT IN \
             (SELECT backup_id FROM identity.backups WHERE kind = '1' ORDER BY created_at DESC, backup_id DESC LIMIT $1)",
            KEEP_SCHEDULED
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// A page of the stored backups, newest first, and the count of all.
pub async fn list(pool: &PgPool, kind: &str, limit: i64, offset: i64) -> sqlx::Result<(Vec<BackupRow>, i64)> {
    let rows = sqlx::query_as!(
        BackupRow,
        "SELECT backup_id, file_name, kind::text AS \"kind!\", file_size, total_rows, created_by, created_at \
         FROM identity.backups WHERE ($1 = '' OR kind = $1) ORDER BY created_at DESC, backup_id DESC LIMIT $2 OFFSET $3",
        kind,
        limit,
        offset
    )
    .fetch_all(pool)
    .await?;
    let total =
        sqlx::query_scalar!("SELECT count(*) AS \"total!\" FROM identity.backups WHERE ($1 = '' OR kind = $1)", kind)
            .fetch_one(pool)
            .await?;
    Ok((rows, total))
}

/// A stored backup's name and content.
pub async fn content(pool: &PgPool, backup_id: i64) -> sqlx::Result<Option<(String, Vec<u8>)>> {
    let row = sqlx::query!("SELECT file_name, content FROM identity.backups WHERE backup_id = $1", backup_id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| (r.file_name, r.content)))
}

/// Deletes stored backups, all or none: false when an id does not exist.
pub async fn delete(pool: &PgPool, backup_ids: &[i64]) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query!("DELETE FROM identity.backups WHERE backup_id = ANY ($1)", backup_ids)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != backup_ids.len() as u64 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// A live session kept across a restore when its user is still there afterwards.
#[derive(Debug, Clone)]
pub struct LiveSession {
    pub session_id: Uuid,
    pub user_id: i64,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    ip: String,
    user_agent: String,
}

/// What a restore changed for the sessions: the users whose sessions were kept (their
/// permissions are to be refreshed) and the sessions that ended with their user.
#[derive(Debug, Default)]
pub struct Restored {
    pub kept_users: Vec<i64>,
    pub ended: Vec<Uuid>,
}

/// Replaces every table of the backup with the file's rows, in one transaction: the tables
/// are locked, emptied and filled, the sequences follow, live sessions of users still there
/// are kept, and the caches of every replica are cleared with the commit. Any failure rolls
/// everything back.
pub async fn restore(pool: &PgPool, streams: &Streams, checked: &Checked<'_>) -> sqlx::Result<Restored> {
    let mut tx = pool.begin().await?;
    // Nobody writes these tables (or signs in) while they are replaced.
    sqlx::query!(
        "LOCK TABLE identity.depts, identity.menus, identity.roles, identity.users, identity.user_roles, \
         identity.role_menus, identity.role_depts, identity.user_projects, identity.user_qualifications, \
         identity.configs, identity.dict_types, identity.dict_data, identity.jobs, identity.advices, \
         identity.sessions IN ACCESS EXCLUSIVE MODE"
    )
    .execute(&mut *tx)
    .await?;
    let live = sqlx::query_as!(
        LiveSession,
        "SELECT session_id, user_id, created_at, expires_at, ip, user_agent FROM identity.sessions \
         WHERE revoked_at IS NULL AND expires_at > now()"
    )
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query!(
        "TRUNCATE identity.advices, identity.jobs, identity.dict_data, identity.dict_types, identity.configs, \
         identity.user_qualifications, identity.user_projects, identity.role_depts, identity.role_menus, \
         identity.user_roles, identity.sessions, identity.users, identity.roles, identity.menus, identity.depts"
    )
    .execute(&mut *tx)
    .await?;
    for (table, rows) in &checked.rows {
        copy_in(&mut tx, table.copy_in, rows).await?;
    }
    let kept = keep_sessions(&mut tx, &live).await?;
    follow_sequences(&mut tx).await?;
    for which in [Cache::Config, Cache::Dict, Cache::Menu] {
        cache::record(&mut tx, streams, which, "").await?;
    }
    tx.commit().await?;
    let mut restored = Restored::default();
    for session in live {
        if kept.contains(&session.session_id) {
            if !restored.kept_users.contains(&session.user_id) {
                restored.kept_users.push(session.user_id);
            }
        } else {
            restored.ended.push(session.session_id);
        }
    }
    Ok(restored)
}

async fn copy_in(conn: &mut PgConnection, statement: &'static str, rows: &[u8]) -> sqlx::Result<()> {
    let mut copy = conn.copy_in_raw(statement).await?;
    for chunk in rows.chunks(1 << 20) {
        if let Err(err) = copy.send(chunk).await {
            copy.abort("the backup could not be restored").await.ok();
            return Err(err);
        }
    }
    copy.finish().await?;
    Ok(())
}

/// Puts back the live sessions whose user the backup holds; the ids of those kept.
async fn keep_sessions(conn: &mut PgConnection, live: &[LiveSession]) -> sqlx::Result<Vec<Uuid>> {
    let ids: Vec<Uuid> = live.iter().map(|s| s.session_id).collect();
    let users: Vec<i64> = live.iter().map(|s| s.user_id).collect();
    let created: Vec<DateTime<Utc>> = live.iter().map(|s| s.created_at).collect();
    let expires: Vec<DateTime<Utc>> = live.iter().map(|s| s.expires_at).collect();
    let ips: Vec<String> = live.iter().map(|s| s.ip.clone()).collect();
    let agents: Vec<String> = live.iter().map(|s| s.user_agent.clone()).collect();
    sqlx::query_scalar!(
        "INSERT INTO identity.sessions (session_id, user_id, created_at, expires_at, ip, user_agent) \
         SELECT s.* FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[]) \
           AS s (session_id, user_id, created_at, expires_at, ip, user_agent) \
         JOIN identity.users u ON u.user_id = s.user_id AND u.status = '0' AND NOT u.deleted \
         RETURNING session_id",
        &ids,
        &users,
        &created,
        &expires,
        &ips,
        &agents
    )
    .fetch_all(conn)
    .await
}

/// Moves every id sequence past the restored rows, so that the next insert does not collide.
async fn follow_sequences(conn: &mut PgConnection) -> sqlx::Result<()> {
    sqlx::query!(
        "SELECT \
           setval(pg_get_serial_sequence('identity.depts', 'dept_id'), (SELECT coalesce(max(dept_id), 0) + 1 FROM identity.depts), false) AS depts, \
           setval(pg_get_serial_sequence('identity.menus', 'menu_id'), (SELECT coalesce(max(menu_id), 0) + 1 FROM identity.menus), false) AS menus, \
           setval(pg_get_serial_sequence('identity.roles', 'role_id'), (SELECT coalesce(max(role_id), 0) + 1 FROM identity.roles), false) AS roles, \
           setval(pg_get_serial_sequence('identity.users', 'user_id'), (SELECT coalesce(max(user_id), 0) + 1 FROM identity.users), false) AS users, \
           setval(pg_get_serial_sequence('identity.configs', 'config_id'), (SELECT coalesce(max(config_id), 0) + 1 FROM identity.configs), false) AS configs, \
           setval(pg_get_serial_sequence('identity.dict_types', 'dict_id'), (SELECT coalesce(max(dict_id), 0) + 1 FROM identity.dict_types), false) AS dict_types, \
           setval(pg_get_serial_sequence('identity.dict_data', 'dict_code'), (SELECT coalesce(max(dict_code), 0) + 1 FROM identity.dict_data), false) AS dict_data, \
           setval(pg_get_serial_sequence('identity.jobs', 'job_id'), (SELECT coalesce(max(job_id), 0) + 1 FROM identity.jobs), false) AS jobs, \
           setval(pg_get_serial_sequence('identity.advices', 'advice_id'), (SELECT coalesce(max(advice_id), 0) + 1 FROM identity.advices), false) AS advices"
    )
    .fetch_one(conn)
    .await?;
    Ok(())
}
