//! Gateways' NATS credentials (`lumiscape_common::nats_auth`): one live credential per
//! gateway, issued when it is registered or on request, revoked when it is deleted, its serial
//! changes, or a new one is issued.
//!
//! The table keeps public keys only. Revocation reaches NATS through [`Sync`]: after each
//! change here, and every few minutes, it looks the DEVICES account up and, when the server
//! lacks a revoked key, pushes the account with it, so a push lost to a NATS restart or a
//! crash is made good; an account the server already holds whole is never pushed again. Revocations only grow: the keys
//! already revoked on the server are kept too, so deployments sharing an operator (or a
//! replica with an older view) never lift one.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use lumiscape_common::Error;
use lumiscape_common::nats_auth::{
    Authority, CLAIMS_UPDATE, GatewayCredential, claims_lookup, jwt_claims, write_private,
};
use sqlx::{PgConnection, PgPool};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// The longest a push waits for the server's answer.
const PUSH_TIMEOUT: Duration = Duration::from_secs(5);
/// How often the revocations are pushed even when nothing changed here.
const REPUSH_EVERY: Duration = Duration::from_secs(300);
/// How often the table is checked for changes made elsewhere (another replica, the CLI).
const CHECK_EVERY: Duration = Duration::from_secs(15);
/// The account's `iat` counts seconds, and the server keeps the newer of two claims: pushes
/// are spaced by more than a second so the later one always wins.
const PUSH_SPACING: Duration = Duration::from_millis(1100);

/// Records a credential issued to a gateway.
pub async fn record(
    conn: &mut PgConnection,
    gateway_id: i64,
    serial: &str,
    public_key: &str,
    issued_by: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO lighting.gateway_credentials (public_key, gateway_id, serial, issued_by) VALUES ($1, $2, $3, $4)",
        public_key,
        gateway_id,
        serial,
        issued_by,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Revokes the live credentials of these gateways.
pub async fn revoke(conn: &mut PgConnection, gateway_ids: &[i64]) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "UPDATE lighting.gateway_credentials SET revoked_at = now() WHERE gateway_id = ANY($1) AND revoked_at IS NULL",
        gateway_ids,
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Replaces the live credential of a gateway of the project with `credential` (issued for
/// `serial`, which must still be the gateway's). `Ok(false)` when there is no such gateway.
pub async fn replace(
    pool: &PgPool,
    project_id: i64,
    gateway_id: i64,
    serial: &str,
    credential: &GatewayCredential,
    issued_by: &str,
) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    if super::store::lock_serial(&mut tx, project_id, gateway_id).await?.as_deref() != Some(serial) {
        return Ok(false);
    }
    revoke(&mut tx, &[gateway_id]).await?;
    record(&mut tx, gateway_id, serial, &credential.public_key, issued_by).await?;
    tx.commit().await?;
    Ok(true)
}

/// The live gateways whose serial starts with `prefix`, with the public key of their live
/// credential (if any): what `lumiscape gateway-credentials` works through.
pub async fn live_gateways(pool: &PgPool, prefix: &str) -> sqlx::Result<Vec<(i64, i64, String, Option<String>)>> {
    let rows = sqlx::query!(
        "SELECT g.gateway_id, g.project_id, g.serial, c.public_key AS \"public_key?\" FROM lighting.gateways g \
         LEFT JOIN lighting.gateway_credentials c ON c.gateway_id = g.gateway_id AND c.revoked_at IS NULL \
         WHERE NOT g.deleted AND starts_with(g.serial, $1) ORDER BY g.serial",
        prefix,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.gateway_id, r.project_id, r.serial, r.public_key)).collect())
}

/// Every revoked key, with when (Unix seconds).
async fn revoked(pool: &PgPool) -> sqlx::Result<BTreeMap<String, u64>> {
    let rows = sqlx::query!(
        "SELECT public_key, extract(epoch FROM revoked_at)::BIGINT AS \"at!\" FROM lighting.gateway_credentials \
         WHERE revoked_at IS NOT NULL",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.public_key, u64::try_from(r.at).unwrap_or(0))).collect())
}

/// Pushes the DEVICES account's revocations to NATS; see the module's doc.
#[derive(Clone)]
pub struct Sync {
    pool: PgPool,
    nats: async_nats::Client,
    authority: Arc<Authority>,
    wake: Arc<Notify>,
}

impl Sync {
    pub fn new(pool: PgPool, nats: async_nats::Client, authority: Arc<Authority>) -> Self {
        Self { pool, nats, authority, wake: Arc::new(Notify::new()) }
    }

    /// Asks for a push soon (after a revocation committed).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Pushes the revocations held here, merged with those the server holds, when the server
    /// lacks one of ours, and checks that it then holds every one (another pusher may have
    /// raced this one). Returns how many keys the account revokes.
    pub async fn push(&self) -> anyhow::Result<usize> {
        let ours = revoked(&self.pool).await?;
        let held = self.server_revocations().await?;
        if ours.keys().all(|key| held.contains_key(key)) {
            // Nothing to add: an update would make the server re-process the account (and its
            // imports) for nothing.
            return Ok(held.len());
        }
        let mut merged = ours.clone();
        for (key, at) in held {
            let entry = merged.entry(key).or_insert(at);
            *entry = (*entry).max(at);
        }
        let jwt = self.authority.devices_account(&merged)?;
        let answer = tokio::time::timeout(PUSH_TIMEOUT, self.nats.request(CLAIMS_UPDATE, jwt.into()))
            .await
            .map_err(|_| anyhow::anyhow!("NATS did not answer the account update within {PUSH_TIMEOUT:?}"))??;
        let body: serde_json::Value = serde_json::from_slice(&answer.payload).unwrap_or_default();
        if body["data"]["code"] != 200 {
            anyhow::bail!("NATS refused the account update: {}", String::from_utf8_lossy(&answer.payload));
        }
        let held = self.server_revocations().await?;
        let missing = ours.keys().filter(|key| !held.contains_key(*key)).count();
        anyhow::ensure!(missing == 0, "{missing} revoked keys are not on the server yet (a concurrent update)");
        Ok(held.len())
    }

    /// [`Sync::push`] until the server holds every revocation, at most `tries` times: pushes
    /// that race (another replica's, or another fleet's `gateway-credentials`) replace each
    /// other's account update, and the one that lost pushes the merge again a moment later.
    pub async fn push_until_held(&self, tries: u32) -> anyhow::Result<usize> {
        let mut tried = 1;
        loop {
            match self.push().await {
                Err(err) if tried < tries => {
                    tracing::debug!(error = %err, tried, "gateway credential revocations not pushed; again");
                    tried += 1;
                    tokio::time::sleep(PUSH_SPACING).await;
                }
                done => return done,
            }
        }
    }

    /// The revocations of the DEVICES account the server holds now.
    async fn server_revocations(&self) -> anyhow::Result<BTreeMap<String, u64>> {
        let subject = claims_lookup(self.authority.devices_account_key());
        let answer = tokio::time::timeout(PUSH_TIMEOUT, self.nats.request(subject, "".into()))
            .await
            .map_err(|_| anyhow::anyhow!("NATS did not answer the account lookup within {PUSH_TIMEOUT:?}"))??;
        // Only the revocations are read, so the claims are read as JSON (the crate's account
        // type wants fields the server leaves out).
        let jwt = String::from_utf8_lossy(&answer.payload);
        let claims =
            jwt_claims(&jwt).ok_or_else(|| anyhow::anyhow!("the DEVICES account NATS holds is not a JWT: {jwt}"))?;
        let revocations = claims["nats"]["revocations"].as_object().cloned().unwrap_or_default();
        Ok(revocations.into_iter().filter_map(|(key, at)| Some((key, at.as_u64()?))).collect())
    }

    /// Pushes at start, after each [`Sync::wake`], when the table changed, and every
    /// [`REPUSH_EVERY`]; a failed push is tried again, backing off to [`CHECK_EVERY`].
    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let mut pushed: Option<(i64, tokio::time::Instant)> = None;
        let mut wanted = true;
        let mut backoff = PUSH_SPACING;
        loop {
            let stamp = self.stamp().await.unwrap_or(-1);
            let stale = pushed.is_none_or(|(seen, at)| seen != stamp || at.elapsed() >= REPUSH_EVERY);
            if wanted || stale {
                let pause = match self.push().await {
                    Ok(keys) => {
                        tracing::debug!(revoked = keys, "gateway credential revocations pushed to NATS");
                        pushed = Some((stamp, tokio::time::Instant::now()));
                        wanted = false;
                        backoff = PUSH_SPACING;
                        PUSH_SPACING
                    }
                    Err(err) => {
                        tracing::warn!(error = %err, "gateway credential revocations not pushed; retrying");
                        wanted = true;
                        backoff = (backoff * 2).min(CHECK_EVERY);
                        backoff
                    }
                };
                tokio::select! {
                    _ = shutdown.cancelled() => return Ok(()),
                    _ = tokio::time::sleep(pause) => {}
                }
                if wanted {
                    continue;
                }
            }
            tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                _ = self.wake.notified() => wanted = true,
                _ = tokio::time::sleep(CHECK_EVERY) => {}
            }
        }
    }

    /// Changes whenever a credential is revoked: the number of revoked keys.
    async fn stamp(&self) -> sqlx::Result<i64> {
        sqlx::query_scalar!("SELECT count(*) AS \"n!\" FROM lighting.gateway_credentials WHERE revoked_at IS NOT NULL")
            .fetch_one(&self.pool)
            .await
    }
}

/// What [`write_fleet`] did.
#[derive(Debug, Default)]
pub struct FleetCredentials {
    pub issued: usize,
    pub kept: usize,
}

/// Writes `<out>/<serial>.creds` for every live gateway whose serial starts with `prefix`:
/// kept when the file there is the gateway's live credential, issued anew otherwise (the
/// previous one revoked). For provisioning a fleet in bulk, and the demo's simulated one.
pub async fn write_fleet(
    pool: &PgPool,
    authority: &Authority,
    nats_prefix: &str,
    prefix: &str,
    out: &std::path::Path,
) -> anyhow::Result<FleetCredentials> {
    std::fs::create_dir_all(out)?;
    let mut done = FleetCredentials::default();
    for (gateway_id, project_id, serial, live_key) in live_gateways(pool, prefix).await? {
        let path = out.join(format!("{serial}.creds"));
        let on_disk = std::fs::read_to_string(&path).ok().and_then(|text| GatewayCredential::parse(&text).ok());
        if on_disk.is_some_and(|c| Some(&c.public_key) == live_key.as_ref()) {
            done.kept += 1;
            continue;
        }
        let credential = authority.issue_gateway(nats_prefix, &serial)?;
        if !replace(pool, project_id, gateway_id, &serial, &credential, "lumiscape gateway-credentials").await? {
            continue;
        }
        let _ = std::fs::remove_file(&path);
        write_private(&path, &credential.creds())?;
        done.issued += 1;
    }
    Ok(done)
}
