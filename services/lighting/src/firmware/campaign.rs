//! The campaign executor: sends each running campaign's image to its gateways, at most its
//! concurrency at a time, over the device protocol (`docs/device-protocol.md`, 6.2), and
//! judges each gateway by the version it reports after the reboot.
//!
//! One replica drives every campaign (a session advisory lock); another takes over when it
//! goes, and the gateways it left upgrading resume from the chunk they hold. Each gateway is
//! one sequential worker: `fw_begin` (the answer says where to go on from), the chunks one by
//! one, `fw_commit`, then the wait for the new version. A timeout, a refused chunk or a drop
//! out sends `fw_begin` again; too many in a row fail the gateway.
//!
//! A worker waiting for its gateway (back online, or its version after the reboot) does not
//! read the database itself: while any waits, the driver reads what all the campaign's busy
//! gateways reported in one query every [`POLL`] and hands it to them ([`Reports`]), so a
//! campaign costs the same few reads a second at concurrency 200 as at 1.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use chrono::Utc;
use lumiscape_proto::bridge::v1 as pb;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use super::model::{self, CampaignState, Failure};
use super::store::{self, Running, Work};
use crate::Shared;
use crate::control::bridge::{Ack, CommandFailure};

/// How often the executor looks at the campaigns.
const TICK: Duration = Duration::from_secs(1);
/// Timeouts (or bridge failures) in a row after which a gateway fails.
const MAX_MISSES: u32 = 12;
/// Refusals by the gateway (a chunk it could not take) before it fails.
const MAX_REFUSALS: u32 = 5;
/// Whole transfers sent again after the gateway found the image corrupt.
const MAX_RETRANSFERS: u32 = 1;
/// How long an offline gateway is waited for.
const OFFLINE_GRACE: Duration = Duration::from_secs(600);
/// How long after the commit the gateway has to report its version.
const CONFIRM_WITHIN: Duration = Duration::from_secs(300);
/// How often the driver reads what the gateways reported, while a worker waits for it.
const POLL: Duration = Duration::from_millis(500);

/// What the campaign's busy gateways reported at the driver's latest look, by gateway id.
type Reports = Arc<HashMap<i64, store::Reported>>;

/// Runs the executor until `shutdown`.
pub async fn run(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let pool = shared.pool.clone();
    // The lock lives as long as this connection.
    let mut lock = loop {
        let mut conn = pool.acquire().await?.detach();
        if store::try_lock_executor(&mut conn).await? {
            break conn;
        }
        drop(conn);
        tokio::select! {
            () = shutdown.cancelled() => return Ok(()),
            () = tokio::time::sleep(Duration::from_secs(5)) => {}
        }
    };
    let mut drivers: HashMap<i64, Driver> = HashMap::new();
    loop {
        tokio::select! {
            () = shutdown.cancelled() => break,
            () = tokio::time::sleep(TICK) => {}
        }
        let running = match store::running(&pool).await {
            Ok(running) => running,
            Err(err) => {
                tracing::warn!(error = %err, "upgrade campaigns could not be read");
                continue;
            }
        };
        drivers.retain(|id, driver| !driver.done() && running.iter().any(|r| r.campaign_id == *id));
        for campaign in running {
            if !drivers.contains_key(&campaign.campaign_id) {
                let id = campaign.campaign_id;
                drivers.insert(id, Driver::start(shared.clone(), campaign, shutdown.child_token()));
            }
        }
        // Keep the lock's connection alive (and notice when it is gone).
        if sqlx::query("SELECT 1").execute(&mut lock).await.is_err() {
            anyhow::bail!("the upgrade executor's lock connection was lost");
        }
    }
    Ok(())
}

/// One campaign's driver task.
struct Driver {
    stop: CancellationToken,
    handle: tokio::task::JoinHandle<()>,
}

impl Driver {
    fn start(shared: Shared, campaign: Running, stop: CancellationToken) -> Self {
        let token = stop.clone();
        let id = campaign.campaign_id;
        let handle = tokio::spawn(async move {
            if let Err(err) = drive(shared, campaign, token).await {
                tracing::warn!(campaign = id, error = %err, "upgrade campaign driver stopped; it starts again");
            }
        });
        Self { stop, handle }
    }

    fn done(&self) -> bool {
        self.handle.is_finished()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// What a worker shares with the campaign's driver.
struct Job {
    shared: Shared,
    campaign: Running,
    image: Arc<Vec<u8>>,
    sha256: [u8; 32],
    /// Set when the campaign is paused, stopped or cancelled: no new step begins.
    halt: Arc<AtomicBool>,
    /// The driver's latest look at what the gateways reported.
    reports: watch::Receiver<Reports>,
    /// How many workers wait for a look: none, and the driver reads nothing.
    waiting: AtomicUsize,
}

/// A worker counted among those waiting for a look, while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, Ordering::Relaxed);
        Self(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Reads what the `busy` gateways reported and hands it to the workers, when one waits.
async fn look(job: &Job, busy: &[i64], reports: &watch::Sender<Reports>) {
    if job.waiting.load(Ordering::Relaxed) == 0 || busy.is_empty() {
        return;
    }
    match store::reported(&job.shared.pool, busy).await {
        Ok(rows) => {
            reports.send_replace(Arc::new(rows.into_iter().map(|r| (r.gateway_id, r)).collect()));
        }
        Err(err) => tracing::warn!(error = %err, "what the upgrading gateways reported could not be read"),
    }
}

/// Drives one running campaign until it ends or is no longer running.
async fn drive(shared: Shared, campaign: Running, stop: CancellationToken) -> anyhow::Result<()> {
    let pool = shared.pool.clone();
    let Some((image, sha256)) = (match campaign.firmware_id {
        Some(id) => store::image(&pool, id).await?,
        None => None,
    }) else {
        anyhow::bail!("the firmware of campaign {} is gone", campaign.campaign_id);
    };
    let mut digest = [0u8; 32];
    hex::decode_to_slice(&sha256, &mut digest)?;
    let halt = Arc::new(AtomicBool::new(false));
    let (reports, seen) = watch::channel(Reports::default());
    let job = Arc::new(Job {
        shared,
        campaign: campaign.clone(),
        image: Arc::new(image),
        sha256: digest,
        halt,
        reports: seen,
        waiting: AtomicUsize::new(0),
    });
    let mut workers: JoinSet<i64> = JoinSet::new();
    let mut busy: Vec<i64> = Vec::new();
    let mut looks = tokio::time::interval(POLL);
    looks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let state = store::campaign_state(&pool, campaign.campaign_id).await?;
        let running = state.as_deref() == Some(CampaignState::Running.code());
        if !running || stop.is_cancelled() {
            job.halt.store(true, Ordering::Relaxed);
            // A worker past its commit still waits for the version: keep looking for it.
            while !workers.is_empty() {
                tokio::select! {
                    done = workers.join_next() => {
                        if let Some(Ok(id)) = done {
                            busy.retain(|b| *b != id);
                        }
                    }
                    _ = looks.tick() => look(&job, &busy, &reports).await,
                }
            }
            return Ok(());
        }
        let (total, failed, left) = store::counts(&pool, campaign.campaign_id).await?;
        if model::over_threshold(total, failed, campaign.failure_threshold) {
            let reason = model::stored_stop_reason(model::failure_rate(total, failed), campaign.failure_threshold);
            store::end(&pool, campaign.campaign_id, CampaignState::Stopped, Some(&reason)).await?;
            continue;
        }
        if left == 0 && workers.is_empty() {
            store::end(&pool, campaign.campaign_id, CampaignState::Finished, None).await?;
            return Ok(());
        }
        let free = i64::from(campaign.concurrency) - workers.len() as i64;
        if free > 0 {
            for work in store::claim(&pool, campaign.campaign_id, &busy, free).await? {
                busy.push(work.gateway_id);
                let job = job.clone();
                workers.spawn(async move {
                    let gateway_id = work.gateway_id;
                    upgrade(&job, work).await;
                    gateway_id
                });
            }
        }
        // Until a worker ends or the tick: the campaign's state and counts are read again.
        let tick = tokio::time::sleep(TICK);
        tokio::pin!(tick);
        loop {
            tokio::select! {
                Some(done) = workers.join_next(), if !workers.is_empty() => {
                    match done {
                        Ok(id) => busy.retain(|b| *b != id),
                        Err(err) => tracing::error!(error = %err, "an upgrade worker failed"),
                    }
                    break;
                }
                _ = looks.tick() => look(&job, &busy, &reports).await,
                () = &mut tick => break,
                () = stop.cancelled() => break,
            }
        }
    }
}

/// Upgrades one gateway and records how it ended; returns early, leaving it upgrading, when
/// the campaign halts before the commit.
async fn upgrade(job: &Job, work: Work) {
    let (campaign_id, gateway_id) = (job.campaign.campaign_id, work.gateway_id);
    let pool = &job.shared.pool;
    let outcome = if work.firmware == job.campaign.version {
        Some(Ok(()))
    } else {
        Worker { job, work: &work, misses: 0, refusals: 0 }.run().await
    };
    let (stored, result) = match outcome {
        None => return,
        Some(Ok(())) => (None, "success"),
        Some(Err(failure)) => (Some(failure.stored()), failure.kind()),
    };
    metrics::counter!("lumiscape_upgrade_gateways_total", "result" => result).increment(1);
    if let Err(err) = store::finish(pool, campaign_id, gateway_id, stored.as_deref()).await {
        tracing::warn!(campaign = campaign_id, gateway = gateway_id, error = %err, "an upgrade's end was not recorded");
    }
}

struct Worker<'a> {
    job: &'a Job,
    work: &'a Work,
    misses: u32,
    refusals: u32,
}

/// What one command came to, for the worker.
enum Step {
    Done(Option<u32>),
    /// Send `fw_begin` again (a timeout, a refusal, a drop-out).
    Again,
}

impl Worker<'_> {
    fn halted(&self) -> bool {
        self.job.halt.load(Ordering::Relaxed)
    }

    /// `None`: halted before the commit (the gateway stays upgrading and resumes later).
    async fn run(mut self) -> Option<Result<(), Failure>> {
        let chunks = model::chunk_count(self.job.image.len());
        let mut committed = self.work.committed_at.filter(|_| self.work.phase == "confirm");
        // A commit whose answer never came may not have been carried out.
        let mut uncertain = false;
        let mut retransfers = 0;
        'transfer: while committed.is_none() {
            if self.halted() {
                return None;
            }
            let begin = pb::send_command_request::Command::FirmwareBegin(pb::FirmwareBegin {
                version: self.job.campaign.version.clone(),
                size: self.job.image.len() as u32,
                sha256: self.job.sha256.to_vec(),
                chunk_size: model::CHUNK_BYTES,
            });
            let mut next = match self.send(begin).await {
                Err(failure) => return Some(Err(failure)),
                Ok(Step::Again) => continue,
                Ok(Step::Done(next)) => next.unwrap_or(0).min(chunks),
            };
            self.record("transfer", next).await;
            while next < chunks {
                if self.halted() {
                    return None;
                }
                let data = model::chunk(&self.job.image, next).to_vec();
                let chunk = pb::send_command_request::Command::FirmwareChunk(pb::FirmwareChunk {
                    index: next,
                    crc32: crc32(&data),
                    data,
                });
                match self.send(chunk).await {
                    Err(failure) => return Some(Err(failure)),
                    Ok(Step::Again) => continue 'transfer,
                    Ok(Step::Done(_)) => next += 1,
                }
                self.record("transfer", next).await;
            }
            self.record("commit", chunks).await;
            let commit = pb::send_command_request::Command::FirmwareCommit(pb::FirmwareCommit {});
            match self.relay_ack(commit).await {
                // Reports after the acknowledgement (the gateway's clock, as its telemetry's)
                // come from the rebooted gateway.
                Ok(ack) => committed = Some(ack.device_time.unwrap_or_else(Utc::now)),
                // The commit may have been carried out and its answer lost: the version
                // the gateway reports tells.
                Err(CommandFailure::Timeout) => {
                    uncertain = true;
                    committed = Some(Utc::now());
                }
                Err(CommandFailure::Rejected(reason)) => {
                    // A corrupt image is discarded by the gateway: send it whole again, once.
                    retransfers += 1;
                    if retransfers > MAX_RETRANSFERS {
                        return Some(Err(Failure::Rejected(reason)));
                    }
                    self.record("transfer", 0).await;
                    continue 'transfer;
                }
                Err(other) => {
                    if let Err(failure) = self.missed(other).await {
                        return Some(Err(failure));
                    }
                    continue 'transfer;
                }
            }
            let at = committed.unwrap_or_else(Utc::now);
            if let Err(err) =
                store::committed(&self.job.shared.pool, self.job.campaign.campaign_id, self.work.gateway_id, at).await
            {
                tracing::warn!(error = %err, "an upgrade's commit was not recorded");
            }
        }
        Some(self.confirm(committed.unwrap_or_else(Utc::now), uncertain).await)
    }

    /// Sends a command; a timeout, an offline gateway or a refusal is counted and answered
    /// with [`Step::Again`] until there were too many.
    async fn send(&mut self, command: pb::send_command_request::Command) -> Result<Step, Failure> {
        match self.relay(command).await {
            Ok(next) => {
                self.misses = 0;
                Ok(Step::Done(next))
            }
            Err(CommandFailure::Rejected(reason)) => {
                self.refusals += 1;
                self.attempt().await;
                if self.refusals > MAX_REFUSALS {
                    return Err(Failure::Rejected(reason));
                }
                Ok(Step::Again)
            }
            Err(other) => self.missed(other).await.map(|()| Step::Again),
        }
    }

    async fn relay(&self, command: pb::send_command_request::Command) -> Result<Option<u32>, CommandFailure> {
        self.relay_ack(command).await.map(|ack| ack.next_chunk)
    }

    async fn relay_ack(&self, command: pb::send_command_request::Command) -> Result<Ack, CommandFailure> {
        let request =
            pb::SendCommandRequest { serial: self.work.serial.clone(), command: Some(command), timeout_ms: 0 };
        self.job.shared.relay.send(self.job.campaign.project_id, request).await
    }

    /// A command that got no answer: waits for an offline gateway to come back, and fails it
    /// after too many misses in a row.
    async fn missed(&mut self, failure: CommandFailure) -> Result<(), Failure> {
        self.misses += 1;
        self.attempt().await;
        if self.misses > MAX_MISSES {
            return Err(Failure::NoAnswer);
        }
        match failure {
            CommandFailure::Offline => self.wait_online().await,
            CommandFailure::Timeout => Ok(()),
            // The bridge could not be asked: give it a moment.
            _ => {
                tokio::time::sleep(Duration::from_secs(1)).await;
                Ok(())
            }
        }
    }

    async fn wait_online(&self) -> Result<(), Failure> {
        let (_waiting, mut reports) = self.await_looks();
        let deadline = tokio::time::Instant::now() + OFFLINE_GRACE;
        loop {
            if self.halted() {
                return Ok(());
            }
            match tokio::time::timeout_at(deadline, self.next_report(&mut reports)).await {
                Err(_) => return Err(Failure::Offline),
                Ok(Some(report)) if report.online => return Ok(()),
                Ok(_) => {}
            }
        }
    }

    /// Counts this worker among those waiting for the driver's looks; its receiver of them,
    /// which takes only the looks to come (an earlier one may be minutes old).
    fn await_looks(&self) -> (Waiting<'_>, watch::Receiver<Reports>) {
        let waiting = Waiting::new(&self.job.waiting);
        let mut reports = self.job.reports.clone();
        reports.borrow_and_update();
        (waiting, reports)
    }

    /// What the gateway reported at the driver's next look (`None`: not read).
    async fn next_report(&self, reports: &mut watch::Receiver<Reports>) -> Option<store::Reported> {
        if reports.changed().await.is_err() {
            // The driver is gone (its workers go with it): nothing more will come.
            std::future::pending::<()>().await;
        }
        reports.borrow_and_update().get(&self.work.gateway_id).cloned()
    }

    /// Waits for the gateway to report its version after `committed`: the campaign's is a
    /// success, another one (the image did not boot) a failure.
    ///
    /// After a commit that got no answer (`uncertain`), the old version may only mean the
    /// commit never arrived: it is sent again, once; the gateway still holding the whole
    /// image carries it out, one that rebooted into its old version refuses it.
    async fn confirm(&self, mut committed: chrono::DateTime<Utc>, mut uncertain: bool) -> Result<(), Failure> {
        let (_waiting, mut reports) = self.await_looks();
        let deadline = tokio::time::Instant::now() + CONFIRM_WITHIN;
        loop {
            let Ok(report) = tokio::time::timeout_at(deadline, self.next_report(&mut reports)).await else {
                return Err(Failure::NotConfirmed);
            };
            if let Some(store::Reported { firmware, telemetry_at: reported_at, .. }) = report {
                if firmware == self.job.campaign.version {
                    return Ok(());
                }
                if reported_at.is_some_and(|at| at > committed) {
                    if !uncertain {
                        return Err(Failure::OldVersion(firmware));
                    }
                    uncertain = false;
                    let commit = pb::send_command_request::Command::FirmwareCommit(pb::FirmwareCommit {});
                    match self.relay_ack(commit).await {
                        Ok(ack) => committed = ack.device_time.unwrap_or_else(Utc::now),
                        Err(CommandFailure::Rejected(_)) => return Err(Failure::OldVersion(firmware)),
                        Err(_) => {
                            uncertain = true;
                            committed = Utc::now();
                        }
                    }
                    self.attempt().await;
                }
            }
        }
    }

    async fn record(&self, phase: &str, chunks_sent: u32) {
        let (campaign, gateway) = (self.job.campaign.campaign_id, self.work.gateway_id);
        if let Err(err) = store::progress(&self.job.shared.pool, campaign, gateway, phase, chunks_sent as i32).await {
            tracing::warn!(error = %err, "an upgrade's progress was not recorded");
        }
    }

    async fn attempt(&self) {
        let (campaign, gateway) = (self.job.campaign.campaign_id, self.work.gateway_id);
        if let Err(err) = store::add_attempt(&self.job.shared.pool, campaign, gateway).await {
            tracing::warn!(error = %err, "an upgrade's attempt was not recorded");
        }
    }
}

/// CRC-32 (ISO-HDLC) of a chunk, as the protocol checks it.
fn crc32(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}
