//! The firmware library's and the campaigns' queries. Every one names the project, except the
//! executor's, which work on campaigns already scoped when they were started.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};

use super::model::{self, CampaignSpec, CampaignState, FirmwareDraft};

/// A lock no other work of the service takes: one campaign executor across replicas.
const EXECUTOR_LOCK: i64 = 0x6c75_6d69_6f74_6121;
/// With the project's id: one campaign start at a time per project.
const START_LOCK: i64 = 0x6c75_0000_0000_0000;

#[derive(Debug, Clone)]
pub struct FirmwareRow {
    pub firmware_id: i64,
    pub version: String,
    pub gateway_type: String,
    pub notes: String,
    pub file_name: String,
    pub size: i32,
    pub sha256: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

macro_rules! firmware_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            FirmwareRow,
            "SELECT firmware_id, version, gateway_type, notes, file_name, size, sha256, created_by, created_at \
             FROM lighting.firmware " + $after,
            $($arg),*
        )
    };
}

pub async fn list_firmware(
    pool: &PgPool,
    project_id: i64,
    version: &str,
    gateway_type: &str,
    page: Page,
) -> sqlx::Result<(Vec<FirmwareRow>, i64)> {
    let rows = firmware_query!(
        "WHERE project_id = $1 AND strpos(version, $2) > 0 AND strpos(gateway_type, $3) > 0 \
         ORDER BY firmware_id DESC LIMIT $4 OFFSET $5";
        project_id,
        version,
        gateway_type,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.firmware \
         WHERE project_id = $1 AND strpos(version, $2) > 0 AND strpos(gateway_type, $3) > 0",
        project_id,
        version,
        gateway_type,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_firmware(pool: &PgPool, project_id: i64, firmware_id: i64) -> sqlx::Result<Option<FirmwareRow>> {
    firmware_query!("WHERE firmware_id = $1 AND project_id = $2"; firmware_id, project_id).fetch_optional(pool).await
}

pub async fn insert_firmware(
    pool: &PgPool,
    project_id: i64,
    draft: &FirmwareDraft,
    image: &[u8],
    created_by: &str,
) -> Result<i64, Error> {
    sqlx::query_scalar!(
        "INSERT INTO lighting.firmware (project_id, version, gateway_type, notes, file_name, size, sha256, image, \
         created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING firmware_id",
        project_id,
        draft.version,
        draft.gateway_type,
        draft.notes,
        draft.file_name,
        image.len() as i32,
        draft.sha256,
        image,
        created_by,
    )
    .fetch_one(pool)
    .await
    .map_err(|err| {
        Error::from_db(err, |constraint| (constraint == "firmware_version_key").then_some(Msg::FirmwareVersionTaken))
    })
}

/// `Ok(false)` when there is no such firmware in the project.
pub async fn edit_notes(pool: &PgPool, project_id: i64, firmware_id: i64, notes: &str) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE lighting.firmware SET notes = $3 WHERE firmware_id = $1 AND project_id = $2",
        firmware_id,
        project_id,
        notes,
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes the images, all or none: `Ok(None)` when one is not the project's; refused while
/// a campaign that has not ended uses one. Ended campaigns keep their version and type.
pub async fn remove_firmware(pool: &PgPool, project_id: i64, firmware_ids: &[i64]) -> Result<Option<usize>, Error> {
    let mut tx = pool.begin().await?;
    let found = sqlx::query_scalar!(
        "SELECT firmware_id FROM lighting.firmware WHERE project_id = $1 AND firmware_id = ANY($2) FOR UPDATE",
        project_id,
        firmware_ids,
    )
    .fetch_all(&mut *tx)
    .await?;
    if found.len() != firmware_ids.len() {
        return Ok(None);
    }
    let in_use = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM lighting.upgrade_campaigns WHERE firmware_id = ANY($1) \
         AND state IN ('running', 'paused', 'stopped')) AS \"in_use!\"",
        firmware_ids,
    )
    .fetch_one(&mut *tx)
    .await?;
    if in_use {
        return Err(Error::refused(Msg::FirmwareInUse));
    }
    let removed = sqlx::query!("DELETE FROM lighting.firmware WHERE firmware_id = ANY($1)", firmware_ids)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(removed.rows_affected() as usize))
}

/// A gateway a campaign would upgrade.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub gateway_type: String,
    pub firmware: String,
}

/// The live gateways of the project a scope names. For a list, `None` when one is not the
/// project's.
pub async fn candidates(pool: &PgPool, project_id: i64, scope: &model::Scope) -> Result<Option<Vec<Candidate>>, Error> {
    let rows = match scope {
        model::Scope::Project => {
            sqlx::query_as!(
                Candidate,
                "SELECT gateway_id, gateway_name, gateway_type, firmware FROM lighting.gateways \
                 WHERE project_id = $1 AND NOT deleted ORDER BY gateway_id",
                project_id,
            )
            .fetch_all(pool)
            .await?
        }
        model::Scope::Group(group_id) => {
            let exists = sqlx::query_scalar!(
                "SELECT EXISTS (SELECT 1 FROM lighting.device_groups WHERE group_id = $1 AND project_id = $2) \
                 AS \"exists!\"",
                group_id,
                project_id,
            )
            .fetch_one(pool)
            .await?;
            if !exists {
                return Err(Error::not_found(Msg::GroupNotFound));
            }
            sqlx::query_as!(
                Candidate,
                "SELECT g.gateway_id, g.gateway_name, g.gateway_type, g.firmware FROM lighting.gateways g \
                 WHERE g.project_id = $1 AND NOT g.deleted AND g.gateway_id IN (SELECT v.gateway_id \
                 FROM lighting.devices v JOIN lighting.device_group_members gm ON gm.device_id = v.device_id \
                 WHERE gm.group_id = $2 AND v.project_id = $1) ORDER BY g.gateway_id",
                project_id,
                group_id,
            )
            .fetch_all(pool)
            .await?
        }
        model::Scope::List(ids) => {
            let rows = sqlx::query_as!(
                Candidate,
                "SELECT gateway_id, gateway_name, gateway_type, firmware FROM lighting.gateways \
                 WHERE project_id = $1 AND NOT deleted AND gateway_id = ANY($2) ORDER BY gateway_id",
                project_id,
                ids,
            )
            .fetch_all(pool)
            .await?;
            if rows.len() != ids.len() {
                return Ok(None);
            }
            rows
        }
    };
    Ok(Some(rows))
}

/// Starts a campaign of `firmware` for `gateways` (checked by the caller), refused when one
/// of them is still waiting or upgrading in a campaign that has not ended.
pub async fn insert_campaign(
    pool: &PgPool,
    project_id: i64,
    spec: &CampaignSpec,
    firmware: &FirmwareRow,
    gateways: &[Candidate],
    created_by: &str,
) -> Result<i64, Error> {
    let ids: Vec<i64> = gateways.iter().map(|g| g.gateway_id).collect();
    let versions: Vec<String> = gateways.iter().map(|g| g.firmware.clone()).collect();
    let mut tx = pool.begin().await?;
    // One campaign start at a time per project, so two cannot both take a gateway.
    sqlx::query!("SELECT pg_advisory_xact_lock($1::bigint # $2::bigint)", START_LOCK, project_id)
        .execute(&mut *tx)
        .await?;
    let busy = sqlx::query_scalar!(
        "SELECT g.gateway_name FROM lighting.upgrade_targets t \
         JOIN lighting.upgrade_campaigns c ON c.campaign_id = t.campaign_id \
         JOIN lighting.gateways g ON g.gateway_id = t.gateway_id \
         WHERE t.gateway_id = ANY($1) AND t.state IN ('0', '1') AND c.state IN ('running', 'paused', 'stopped') \
         ORDER BY g.gateway_id LIMIT 1",
        &ids,
    )
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(gateway) = busy {
        return Err(Error::refused(Msg::UpgradeGatewayBusy { gateway }));
    }
    let campaign_id = sqlx::query_scalar!(
        "INSERT INTO lighting.upgrade_campaigns (project_id, firmware_id, version, gateway_type, concurrency, \
         failure_threshold, state, created_by) VALUES ($1, $2, $3, $4, $5, $6, 'running', $7) RETURNING campaign_id",
        project_id,
        firmware.firmware_id,
        firmware.version,
        firmware.gateway_type,
        spec.concurrency,
        spec.failure_threshold,
        created_by,
    )
    .fetch_one(&mut *tx)
    .await?;
    let chunks = model::chunk_count(firmware.size as usize) as i32;
    sqlx::query!(
        "INSERT INTO lighting.upgrade_targets (campaign_id, gateway_id, project_id, from_version, chunk_count) \
         SELECT $1, g, $2, v, $5 FROM unnest($3::bigint[], $4::text[]) AS u (g, v)",
        campaign_id,
        project_id,
        &ids,
        &versions,
        chunks,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(campaign_id)
}

#[derive(Debug, Clone)]
pub struct CampaignRow {
    pub campaign_id: i64,
    pub firmware_id: Option<i64>,
    pub version: String,
    pub gateway_type: String,
    pub state: String,
    pub concurrency: i32,
    pub failure_threshold: i32,
    pub stop_reason: Option<String>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub total: i64,
    pub not_upgraded: i64,
    pub upgrading: i64,
    pub success: i64,
    pub failed: i64,
}

macro_rules! campaign_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            CampaignRow,
            "SELECT c.campaign_id, c.firmware_id, c.version, c.gateway_type, c.state, c.concurrency, \
             c.failure_threshold, c.stop_reason, c.created_by, c.created_at, c.finished_at, \
             n.total AS \"total!\", n.not_upgraded AS \"not_upgraded!\", n.upgrading AS \"upgrading!\", \
             n.success AS \"success!\", n.failed AS \"failed!\" \
             FROM lighting.upgrade_campaigns c CROSS JOIN LATERAL (SELECT count(*) AS total, \
             count(*) FILTER (WHERE t.state = '0') AS not_upgraded, count(*) FILTER (WHERE t.state = '1') AS upgrading, \
             count(*) FILTER (WHERE t.state = '2') AS success, count(*) FILTER (WHERE t.state = '3') AS failed \
             FROM lighting.upgrade_targets t WHERE t.campaign_id = c.campaign_id) n " + $after,
            $($arg),*
        )
    };
}

pub async fn list_campaigns(
    pool: &PgPool,
    project_id: i64,
    state: Option<CampaignState>,
    page: Page,
) -> sqlx::Result<(Vec<CampaignRow>, i64)> {
    let state = state.map(CampaignState::code);
    let rows = campaign_query!(
        "WHERE c.project_id = $1 AND ($2::text IS NULL OR c.state = $2) \
         ORDER BY c.campaign_id DESC LIMIT $3 OFFSET $4";
        project_id,
        state,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.upgrade_campaigns \
         WHERE project_id = $1 AND ($2::text IS NULL OR state = $2)",
        project_id,
        state,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_campaign(pool: &PgPool, project_id: i64, campaign_id: i64) -> sqlx::Result<Option<CampaignRow>> {
    campaign_query!("WHERE c.campaign_id = $1 AND c.project_id = $2"; campaign_id, project_id)
        .fetch_optional(pool)
        .await
}

/// Moves a campaign of the project to the state `action` leads to. `Ok(None)` when there is
/// no such campaign; refused when the action does not apply to its state. A cancelled
/// campaign's gateways that were being sent the image (not yet told to reboot into it) are
/// not upgraded; one whose worker is still on its commit is judged by what it reports.
pub async fn control(
    pool: &PgPool,
    project_id: i64,
    campaign_id: i64,
    action: model::Action,
) -> Result<Option<()>, Error> {
    let mut tx = pool.begin().await?;
    let Some(state) = sqlx::query_scalar!(
        "SELECT state FROM lighting.upgrade_campaigns WHERE campaign_id = $1 AND project_id = $2 FOR UPDATE",
        campaign_id,
        project_id,
    )
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(None);
    };
    let to = CampaignState::parse(&state)
        .and_then(|from| action.apply(from))
        .ok_or_else(|| Error::refused(Msg::CampaignActionRefused))?;
    let ended = to == CampaignState::Cancelled;
    sqlx::query!(
        "UPDATE lighting.upgrade_campaigns SET state = $2::text, stop_reason = CASE WHEN $2::text = 'running' THEN NULL \
         ELSE stop_reason END, updated_at = now(), finished_at = CASE WHEN $3 THEN now() END WHERE campaign_id = $1",
        campaign_id,
        to.code(),
        ended,
    )
    .execute(&mut *tx)
    .await?;
    if ended {
        sqlx::query!(
            "UPDATE lighting.upgrade_targets SET state = '0', phase = 'waiting' \
             WHERE campaign_id = $1 AND state = '1' AND phase IN ('waiting', 'transfer', 'commit')",
            campaign_id,
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Some(()))
}

#[derive(Debug, Clone)]
pub struct TargetRow {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub from_version: String,
    pub state: String,
    pub phase: String,
    pub chunks_sent: i32,
    pub chunk_count: i32,
    pub attempts: i32,
    pub error: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

pub async fn list_targets(
    pool: &PgPool,
    project_id: i64,
    campaign_id: i64,
    state: Option<&str>,
    page: Page,
) -> sqlx::Result<(Vec<TargetRow>, i64)> {
    let rows = sqlx::query_as!(
        TargetRow,
        "SELECT t.gateway_id, g.gateway_name, g.serial, t.from_version, t.state, t.phase, t.chunks_sent, \
         t.chunk_count, t.attempts, t.error, t.started_at, t.finished_at FROM lighting.upgrade_targets t \
         JOIN lighting.gateways g ON g.gateway_id = t.gateway_id \
         WHERE t.campaign_id = $1 AND t.project_id = $2 AND ($3::text IS NULL OR t.state = $3) \
         ORDER BY t.gateway_id LIMIT $4 OFFSET $5",
        campaign_id,
        project_id,
        state,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.upgrade_targets \
         WHERE campaign_id = $1 AND project_id = $2 AND ($3::text IS NULL OR state = $3)",
        campaign_id,
        project_id,
        state,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

#[derive(Debug, Clone)]
pub struct UpgradeGatewayRow {
    pub gateway_id: i64,
    pub gateway_name: String,
    pub serial: String,
    pub gateway_type: String,
    pub brand: String,
    pub firmware: String,
    pub online: bool,
    pub state: Option<String>,
    pub target_version: Option<String>,
    pub chunks_sent: Option<i32>,
    pub chunk_count: Option<i32>,
    pub upgraded_at: Option<DateTime<Utc>>,
}

/// The project's gateways with the latest campaign each was in; `state` "0" also matches
/// those never in one.
pub async fn list_upgrade_gateways(
    pool: &PgPool,
    project_id: i64,
    name: &str,
    gateway_type: &str,
    state: Option<&str>,
    page: Page,
) -> sqlx::Result<(Vec<UpgradeGatewayRow>, i64)> {
    let rows = sqlx::query_as!(
        UpgradeGatewayRow,
        "SELECT g.gateway_id, g.gateway_name, g.serial, g.gateway_type, g.brand, g.firmware, g.online, \
         l.state AS \"state?\", l.version AS \"target_version?\", l.chunks_sent AS \"chunks_sent?\", \
         l.chunk_count AS \"chunk_count?\", l.at AS \"upgraded_at?\" FROM lighting.gateways g \
         LEFT JOIN LATERAL (SELECT t.state, c.version, t.chunks_sent, t.chunk_count, \
         COALESCE(t.finished_at, t.started_at, c.created_at) AS at FROM lighting.upgrade_targets t \
         JOIN lighting.upgrade_campaigns c ON c.campaign_id = t.campaign_id \
         WHERE t.gateway_id = g.gateway_id ORDER BY t.campaign_id DESC LIMIT 1) l ON TRUE \
         WHERE g.project_id = $1 AND NOT g.deleted AND strpos(g.gateway_name, $2) > 0 \
         AND strpos(g.gateway_type, $3) > 0 AND ($4::text IS NULL OR COALESCE(l.state, '0') = $4) \
         ORDER BY g.gateway_id LIMIT $5 OFFSET $6",
        project_id,
        name,
        gateway_type,
        state,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        "SELECT count(*) AS \"total!\" FROM lighting.gateways g \
         LEFT JOIN LATERAL (SELECT t.state FROM lighting.upgrade_targets t WHERE t.gateway_id = g.gateway_id \
         ORDER BY t.campaign_id DESC LIMIT 1) l ON TRUE \
         WHERE g.project_id = $1 AND NOT g.deleted AND strpos(g.gateway_name, $2) > 0 \
         AND strpos(g.gateway_type, $3) > 0 AND ($4::text IS NULL OR COALESCE(l.state, '0') = $4)",
        project_id,
        name,
        gateway_type,
        state,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

// --- the executor ------------------------------------------------------------------------

/// Takes the executor lock for the life of `conn` unless another replica holds it.
pub async fn try_lock_executor(conn: &mut PgConnection) -> sqlx::Result<bool> {
    sqlx::query_scalar!("SELECT pg_try_advisory_lock($1) AS \"locked!\"", EXECUTOR_LOCK).fetch_one(conn).await
}

/// A running campaign as the executor drives it.
#[derive(Debug, Clone)]
pub struct Running {
    pub campaign_id: i64,
    pub project_id: i64,
    pub firmware_id: Option<i64>,
    pub version: String,
    pub concurrency: i32,
    pub failure_threshold: i32,
}

pub async fn running(pool: &PgPool) -> sqlx::Result<Vec<Running>> {
    sqlx::query_as!(
        Running,
        "SELECT campaign_id, project_id, firmware_id, version, concurrency, failure_threshold \
         FROM lighting.upgrade_campaigns WHERE state = 'running' ORDER BY campaign_id",
    )
    .fetch_all(pool)
    .await
}

pub async fn campaign_state(pool: &PgPool, campaign_id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!("SELECT state FROM lighting.upgrade_campaigns WHERE campaign_id = $1", campaign_id)
        .fetch_optional(pool)
        .await
}

/// The image a campaign sends.
pub async fn image(pool: &PgPool, firmware_id: i64) -> sqlx::Result<Option<(Vec<u8>, String)>> {
    let row = sqlx::query!("SELECT image, sha256 FROM lighting.firmware WHERE firmware_id = $1", firmware_id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| (r.image, r.sha256)))
}

/// A gateway of a campaign the executor works on.
#[derive(Debug, Clone)]
pub struct Work {
    pub gateway_id: i64,
    pub serial: String,
    pub firmware: String,
    pub phase: String,
    pub committed_at: Option<DateTime<Utc>>,
}

/// Up to `limit` gateways of the campaign to work on now, not among `busy`: those left
/// upgrading (a pause, a restart of the executor) first, then those not yet upgraded, which
/// become upgrading.
pub async fn claim(pool: &PgPool, campaign_id: i64, busy: &[i64], limit: i64) -> sqlx::Result<Vec<Work>> {
    sqlx::query_as!(
        Work,
        "WITH picked AS (SELECT t.gateway_id FROM lighting.upgrade_targets t WHERE t.campaign_id = $1 \
         AND t.state IN ('0', '1') AND NOT (t.gateway_id = ANY($2)) ORDER BY t.state DESC, t.gateway_id LIMIT $3 \
         FOR UPDATE), moved AS (UPDATE lighting.upgrade_targets t SET state = '1', \
         started_at = COALESCE(t.started_at, now()) FROM picked p WHERE t.campaign_id = $1 \
         AND t.gateway_id = p.gateway_id RETURNING t.gateway_id, t.phase, t.committed_at) \
         SELECT m.gateway_id, g.serial, g.firmware, m.phase, m.committed_at FROM moved m \
         JOIN lighting.gateways g ON g.gateway_id = m.gateway_id ORDER BY m.gateway_id",
        campaign_id,
        busy,
        limit,
    )
    .fetch_all(pool)
    .await
}

pub async fn progress(
    pool: &PgPool,
    campaign_id: i64,
    gateway_id: i64,
    phase: &str,
    chunks_sent: i32,
) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.upgrade_targets SET phase = $3, chunks_sent = $4 WHERE campaign_id = $1 AND gateway_id = $2",
        campaign_id,
        gateway_id,
        phase,
        chunks_sent,
    )
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn add_attempt(pool: &PgPool, campaign_id: i64, gateway_id: i64) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.upgrade_targets SET attempts = attempts + 1 WHERE campaign_id = $1 AND gateway_id = $2",
        campaign_id,
        gateway_id,
    )
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn committed(pool: &PgPool, campaign_id: i64, gateway_id: i64, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.upgrade_targets SET phase = 'confirm', chunks_sent = chunk_count, committed_at = $3 \
         WHERE campaign_id = $1 AND gateway_id = $2",
        campaign_id,
        gateway_id,
        at,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// A gateway's upgrade ended: success, or failed with `error` (stored form).
pub async fn finish(pool: &PgPool, campaign_id: i64, gateway_id: i64, error: Option<&str>) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.upgrade_targets SET state = CASE WHEN $3::text IS NULL THEN '2' ELSE '3' END, \
         phase = 'done', error = $3, finished_at = now() WHERE campaign_id = $1 AND gateway_id = $2",
        campaign_id,
        gateway_id,
        error,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// What a gateway reported last: whether it is online, its version, and the device time of
/// its latest telemetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reported {
    pub gateway_id: i64,
    pub online: bool,
    pub firmware: String,
    pub telemetry_at: Option<DateTime<Utc>>,
}

/// What each of `gateways` reported last, in one read (the campaign executor's look at the
/// gateways it waits for).
pub async fn reported(pool: &PgPool, gateways: &[i64]) -> sqlx::Result<Vec<Reported>> {
    sqlx::query_as!(
        Reported,
        "SELECT gateway_id, online, firmware, telemetry_at FROM lighting.gateways WHERE gateway_id = ANY($1)",
        gateways,
    )
    .fetch_all(pool)
    .await
}

/// The campaign's counts: all its gateways, those finished, those failed, those left.
pub async fn counts(pool: &PgPool, campaign_id: i64) -> sqlx::Result<(i64, i64, i64)> {
    let row = sqlx::query!(
        "SELECT count(*) AS \"total!\", count(*) FILTER (WHERE state = '3') AS \"failed!\", \
         count(*) FILTER (WHERE state IN ('0', '1')) AS \"left!\" FROM lighting.upgrade_targets \
         WHERE campaign_id = $1",
        campaign_id,
    )
    .fetch_one(pool)
    .await?;
    Ok((row.total, row.failed, row.left))
}

/// Ends a running campaign: `stopped` with its reason, or `finished`. Changes nothing when
/// an operator moved it meanwhile.
pub async fn end(pool: &PgPool, campaign_id: i64, state: CampaignState, reason: Option<&str>) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE lighting.upgrade_campaigns SET state = $2::text, stop_reason = $3, updated_at = now(), \
         finished_at = CASE WHEN $2::text = 'finished' THEN now() END WHERE campaign_id = $1 AND state = 'running'",
        campaign_id,
        state.code(),
        reason,
    )
    .execute(pool)
    .await?;
    Ok(())
}
