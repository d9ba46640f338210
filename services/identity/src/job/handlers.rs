//! The registry of what a job may run: handlers written in code, chosen by key. Nothing
//! from the job's row is looked up, loaded or evaluated.

use chrono::{Duration, Utc};
use lumiscape_common::Lang;

use crate::Shared;

/// Days of logs the cleaning handlers keep.
pub const KEEP_DAYS: i64 = 90;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handler {
    /// Does nothing but succeed: a heartbeat to check the scheduler.
    Heartbeat,
    CleanLoginLog,
    CleanOperLog,
    CleanJobLog,
    /// Deletes sessions ended or expired more than a day ago.
    CleanSessions,
    /// Makes and stores a backup of the system data (the newest ten are kept).
    Backup,
}

pub const ALL: [Handler; 6] = [
    Handler::Heartbeat,
    Handler::CleanLoginLog,
    Handler::CleanOperLog,
    Handler::CleanJobLog,
    Handler::CleanSessions,
    Handler::Backup,
];

impl Handler {
    pub fn key(self) -> &'static str {
        match self {
            Handler::Heartbeat => "heartbeat",
            Handler::CleanLoginLog => "cleanLoginLog",
            Handler::CleanOperLog => "cleanOperLog",
            Handler::CleanJobLog => "cleanJobLog",
            Handler::CleanSessions => "cleanSessions",
            Handler::Backup => "backup",
        }
    }

    pub fn from_key(key: &str) -> Option<Self> {
        ALL.into_iter().find(|h| h.key() == key)
    }

    pub fn label(self, lang: Lang) -> &'static str {
        let en = lang == Lang::En;
        match self {
            Handler::Heartbeat => {
                if en {
                    "Heartbeat (does nothing)"
                } else {
                    "心跳（不做任何事）"
                }
            }
            Handler::CleanLoginLog => {
                if en {
                    "Delete login log entries older than 90 days"
                } else {
                    "清理90天前的登录日志"
                }
            }
            Handler::CleanOperLog => {
                if en {
                    "Delete operation log records older than 90 days"
                } else {
                    "清理90天前的操作日志"
                }
            }
            Handler::CleanJobLog => {
                if en {
                    "Delete job log entries older than 90 days"
                } else {
                    "清理90天前的调度日志"
                }
            }
            Handler::CleanSessions => {
                if en {
                    "Delete sessions ended more than a day ago"
                } else {
                    "清理一天前结束的会话"
                }
            }
            Handler::Backup => {
                if en {
                    "Back up the system data (the newest 10 are kept)"
                } else {
                    "备份系统数据（保留最近10份）"
                }
            }
        }
    }

    /// Runs the handler; what it did, for the job log.
    pub async fn run(self, shared: &Shared) -> anyhow::Result<String> {
        let pool = &shared.pool;
        let before = Utc::now() - Duration::days(KEEP_DAYS);
        let deleted =
            match self {
                Handler::Heartbeat => return Ok("ok".to_owned()),
                Handler::Backup => {
                    let made = crate::backup::grpc::make(shared, "1", "scheduler")
                        .await
                        .map_err(|err| anyhow::anyhow!("{err:?}"))?;
                    return Ok(format!("{} ({} rows)", made.file_name, made.total_rows));
                }
                Handler::CleanLoginLog => {
                    sqlx::query!("DELETE FROM identity.login_log WHERE login_time < $1", before).execute(pool).await?
                }
                Handler::CleanOperLog => {
                    sqlx::query!("DELETE FROM identity.oper_log WHERE oper_time < $1", before).execute(pool).await?
                }
                Handler::CleanJobLog => {
                    sqlx::query!("DELETE FROM identity.job_logs WHERE start_time < $1", before).execute(pool).await?
                }
                Handler::CleanSessions => sqlx::query!(
                    "DELETE FROM identity.sessions WHERE coalesce(revoked_at, expires_at) < now() - interval '1 day'"
                )
                .execute(pool)
                .await?,
            };
        Ok(format!("deleted {}", deleted.rows_affected()))
    }
}
