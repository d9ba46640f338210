//! The ingest benchmark's driver (`scripts/bench ingest` starts the stack and runs this).
//!
//! Registers a fleet, then runs the simulator against the full pipeline at rising rates.
//! For each rate it measures what went into the device stream, what the bridge handled and
//! whether the consumer's lag stayed flat; at 10,000 msg/s it measures telemetry-to-alarm
//! latency (device time of the sample that crossed the threshold to the `alarm.raised`
//! event of the alarm service); throughout, the resident memory of every process.
//!
//! A step counts as sustained only when every consumer on the path keeps up: the bridge's
//! ingest, lighting's telemetry storage and the alarm service. Each step also prints the CPU
//! seconds every process used, the simulator's (this process) included, so the figure can be
//! read per core.
//!
//! With BENCH_PROFILE_DIR set, every process is sampled with `perf record` (cpu-clock, with
//! call graphs) during the 10,000 msg/s step, and the top entries of each profile are written
//! beside the samples and printed (`ingest profile <process>: ...`).
//!
//! Settings (environment): BENCH_BASE (edge URL), BENCH_NATS, BENCH_PREFIX, BENCH_PIDS
//! (`name=pid,...`), BENCH_RATES (default `5000,10000,20000,30000,40000`), BENCH_STEP_SECONDS
//! (default 30), BENCH_GATEWAYS (default 1000), BENCH_LOOPS (default 3), BENCH_FLEET_DIR (the
//! fleet's credentials: a directory that already holds them is used as it is, the fleet not
//! registered again), BENCH_LABEL (the summary line's name, default `ingest`).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream;
use futures::StreamExt;
use lumiscape_gateway_bridge::simulator::{self, Faults, SimulatorConfig};
use lumiscape_proto::events::v1::AlarmChanged;
use prost::Message;
use tokio_util::sync::CancellationToken;

mod support;
use support::{Fleet, env, env_num, login, register_fleet};

const LATENCY_RATE: u64 = 10_000;
const SERIAL_PREFIX: &str = "BEN-";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base = env("BENCH_BASE", "http://127.0.0.1:8080");
    let nats_url = env("BENCH_NATS", "nats://127.0.0.1:4222");
    let prefix = env("BENCH_PREFIX", "");
    let rates: Vec<u64> =
        env("BENCH_RATES", "5000,10000,20000,30000,40000").split(',').filter_map(|r| r.trim().parse().ok()).collect();
    let step = Duration::from_secs(env_num("BENCH_STEP_SECONDS", 30));
    let gateways = env_num("BENCH_GATEWAYS", 1000) as usize;
    let loops = env_num("BENCH_LOOPS", 3) as usize;
    let pids: Vec<(String, u32)> = env("BENCH_PIDS", "")
        .split(',')
        .filter_map(|p| p.split_once('=').and_then(|(n, pid)| Some((n.to_owned(), pid.parse().ok()?))))
        .collect();

    let label = env("BENCH_LABEL", "ingest");
    let http = reqwest::Client::builder().no_proxy().build()?;
    let token = login(&http, &base).await?;
    let creds = match std::env::var("BENCH_FLEET_DIR") {
        Ok(dir) => std::path::PathBuf::from(dir),
        Err(_) => std::env::temp_dir().join(format!("lumiscape-bench-fleet-{}", std::process::id())),
    };
    let registered = std::fs::read_dir(&creds).map(|d| d.count()).unwrap_or(0);
    if registered < gateways {
        let fleet =
            Fleet { project: "1", prefix: SERIAL_PREFIX, name: "Bench cabinet ", gateways, loops: 3, gateway_type: "" };
        register_fleet(&http, &base, &token, &fleet, &creds).await?;
    }
    let services_creds = std::env::var("LUMISCAPE_NATS_CREDENTIALS").ok().map(std::path::PathBuf::from);
    let client =
        lumiscape_common::nats::connect(&nats_url, "ingest-bench", services_creds.as_deref(), Duration::from_secs(10))
            .await?;
    let js = jetstream::new(client.clone());
    let name = |n: &str| if prefix.is_empty() { n.to_owned() } else { format!("{prefix}_{n}") };
    wait_for_registry(&js, &name(lumiscape_common::nats::gateway_registry::BUCKET), gateways).await?;

    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let recording = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let subject = if prefix.is_empty() { "alarm.raised".to_owned() } else { format!("{prefix}.alarm.raised") };
    let mut raised = client.subscribe(subject).await?;
    {
        let (latencies, recording) = (latencies.clone(), recording.clone());
        tokio::spawn(async move {
            while let Some(message) = raised.next().await {
                let now = chrono::Utc::now().timestamp_millis();
                if let Ok(alarm) = AlarmChanged::decode(message.payload)
                    && recording.load(std::sync::atomic::Ordering::Relaxed)
                    && alarm.sample_time_ms > 0
                {
                    latencies.lock().unwrap().push((now - alarm.sample_time_ms) as f64);
                }
            }
        });
    }

    // Peak resident memory per process over the steps up to the highest sustained rate, and
    // over the whole run (which ends by overloading the pipeline on purpose).
    let mut peak_rss: BTreeMap<String, u64> = BTreeMap::new();
    let mut peak_all: BTreeMap<String, u64> = BTreeMap::new();
    let mut best = 0u64;
    // Every consumer on the path: a rate is sustained only when each keeps up.
    let consumers = [
        // One consumer per partition of the gateways: their backlogs summed.
        Consumer { label: "bridge", stream: name("DEVICE"), durable: "bridge-ingest" },
        Consumer { label: "lighting", stream: name("BRIDGE"), durable: "lighting-telemetry" },
        Consumer { label: "alarm", stream: name("BRIDGE"), durable: "alarm-transitions" },
    ];
    let ticks = clock_ticks();
    let profile_dir = std::env::var("BENCH_PROFILE_DIR").ok().map(std::path::PathBuf::from);
    for rate in rates {
        recording.store(rate == LATENCY_RATE, std::sync::atomic::Ordering::Relaxed);
        let profiling = match (&profile_dir, rate == LATENCY_RATE) {
            (Some(dir), true) => start_profiles(dir, &pids, step + Duration::from_secs(3))?,
            _ => Vec::new(),
        };
        let outcome =
            run_step(&js, &consumers, &nats_url, &prefix, &creds, rate, gateways, loops, step, &pids, ticks).await?;
        recording.store(false, std::sync::atomic::Ordering::Relaxed);
        let step_total: u64 = outcome.rss.iter().map(|(_, kb)| kb).sum();
        let lags: Vec<String> =
            outcome.lags.iter().map(|(label, start, end)| format!("{label} {start} -> {end}")).collect();
        println!(
            "ingest step {rate} msg/s: sent {:.0} msg/s, handled {:.0} msg/s, lag {} ({}), rss {} MB",
            outcome.sent_rate,
            outcome.handled_rate,
            lags.join(", "),
            if outcome.sustained { "sustained" } else { "falling behind" },
            step_total / 1024
        );
        let cpu: Vec<String> = outcome.cpu.iter().map(|(process, seconds)| format!("{process} {seconds:.1}")).collect();
        let total: f64 = outcome.cpu.iter().map(|(_, seconds)| seconds).sum();
        println!(
            "ingest cpu {rate} msg/s: {} s over {:.0} s ({total:.1} s of {} core-seconds)",
            cpu.join(", "),
            outcome.seconds,
            (outcome.seconds * available_cores() as f64).round()
        );
        for (process, rss) in &outcome.rss {
            let peak = peak_all.entry(process.clone()).or_default();
            *peak = (*peak).max(*rss);
            if outcome.sustained {
                let peak = peak_rss.entry(process.clone()).or_default();
                *peak = (*peak).max(*rss);
            }
        }
        if outcome.sustained {
            best = best.max(outcome.handled_rate.round() as u64);
        }
        if let Some(dir) = &profile_dir {
            finish_profiles(dir, profiling)?;
        }
        drain(&js, &consumers).await;
    }
    let mut samples = latencies.lock().unwrap().clone();
    samples.sort_by(f64::total_cmp);
    let pct = |p: f64| samples.get(((samples.len() as f64 * p) as usize).min(samples.len().saturating_sub(1))).copied();
    let (p50, p99, p999) =
        (pct(0.50).unwrap_or(f64::NAN), pct(0.99).unwrap_or(f64::NAN), pct(0.999).unwrap_or(f64::NAN));
    println!(
        "ingest latency at {LATENCY_RATE} msg/s: {} alarms, p50 {p50:.1} ms, p99 {p99:.1} ms, p99.9 {p999:.1} ms",
        samples.len()
    );
    let mut total_mb = 0.0;
    for (process, kb) in &peak_rss {
        let mb = *kb as f64 / 1024.0;
        total_mb += mb;
        let overall = peak_all.get(process).copied().unwrap_or(*kb) as f64 / 1024.0;
        println!(
            "ingest rss {process}: {mb:.0} MB up to the highest sustained rate, {overall:.0} MB over the whole run"
        );
    }
    println!(
        "{label}: {best} msg/s sustained, p50 {p50:.0} ms p99 {p99:.0} ms p99.9 {p999:.0} ms at {LATENCY_RATE} msg/s, rss {total_mb:.0} MB"
    );
    Ok(())
}

async fn wait_for_registry(js: &jetstream::Context, bucket: &str, gateways: usize) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(kv) = js.get_key_value(bucket).await
            && kv.status().await?.values() as usize >= gateways
        {
            tokio::time::sleep(Duration::from_secs(1)).await;
            return Ok(());
        }
        anyhow::ensure!(Instant::now() < deadline, "the registry did not reach {gateways} gateways");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A durable consumer on the path and the stream it reads; `durable` also names the
/// consumers of its partitions (`{durable}-{n}-{k}`), whose backlogs are summed.
struct Consumer {
    label: &'static str,
    stream: String,
    durable: &'static str,
}

struct StepOutcome {
    sent_rate: f64,
    handled_rate: f64,
    /// Each consumer's backlog at the start and at the end of the step.
    lags: Vec<(&'static str, u64, u64)>,
    sustained: bool,
    rss: Vec<(String, u64)>,
    /// CPU seconds each process used during the step (the simulator's included).
    cpu: Vec<(String, f64)>,
    seconds: f64,
}

/// Messages stored in the consumer's stream so far, and those it has not handled yet.
async fn progress(js: &jetstream::Context, consumer: &Consumer) -> anyhow::Result<(u64, u64)> {
    use futures::TryStreamExt;
    let mut stream = js.get_stream(&consumer.stream).await?;
    let last = stream.info().await?.state.last_sequence;
    let names: Vec<String> = stream.consumer_names().try_collect().await?;
    let partitions = format!("{}-", consumer.durable);
    let mut backlog = 0;
    let mut found = false;
    for name in names.iter().filter(|n| *n == consumer.durable || n.starts_with(&partitions)) {
        let mut durable: jetstream::consumer::Consumer<jetstream::consumer::pull::Config> =
            stream.get_consumer(name).await.map_err(|err| anyhow::anyhow!("{name}: {err}"))?;
        let info = durable.info().await?;
        backlog += info.num_pending + info.num_ack_pending as u64;
        found = true;
    }
    anyhow::ensure!(found, "no consumer {} on {}", consumer.durable, consumer.stream);
    Ok((last, backlog))
}

/// Clock ticks a second, for /proc's CPU times.
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| String::from_utf8_lossy(&out.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

fn available_cores() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// CPU time (user and system) a process has used, in clock ticks.
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which may hold spaces, are after the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The CPU ticks of every benchmarked process and of this one (the simulator).
fn cpu_snapshot(pids: &[(String, u32)]) -> Vec<(String, u64)> {
    let mut all: Vec<(String, u64)> =
        pids.iter().filter_map(|(name, pid)| Some((name.clone(), cpu_ticks(&pid.to_string())?))).collect();
    if let Some(own) = cpu_ticks("self") {
        all.push(("simulator".into(), own));
    }
    all
}

#[allow(clippy::too_many_arguments)]
async fn run_step(
    js: &jetstream::Context,
    consumers: &[Consumer],
    nats_url: &str,
    prefix: &str,
    creds: &std::path::Path,
    rate: u64,
    gateways: usize,
    loops: usize,
    step: Duration,
    pids: &[(String, u32)],
    ticks: f64,
) -> anyhow::Result<StepOutcome> {
    let sim = SimulatorConfig {
        gateways,
        loops,
        interval: Duration::from_secs_f64(gateways as f64 / rate as f64),
        serial_prefix: SERIAL_PREFIX.into(),
        faults: Faults { over_current: 0.002, ..Faults::default() },
        subject_prefix: prefix.to_owned(),
        credentials_dir: Some(creds.to_owned()),
        seed: Some(rate),
        ..Default::default()
    };
    let stop = CancellationToken::new();
    let (server, sim_stop) = (nats_url.to_owned(), stop.clone());
    let fleet = tokio::spawn(async move { simulator::run(sim, &server, sim_stop).await });
    tokio::time::sleep(Duration::from_secs(3)).await;
    let started = Instant::now();
    let cpu_start = cpu_snapshot(pids);
    let mut starts = Vec::new();
    for consumer in consumers {
        starts.push(progress(js, consumer).await?);
    }
    let (first_last, lag_start) = starts[0];
    let mut rss: Vec<(String, u64)> = Vec::new();
    while started.elapsed() < step {
        tokio::time::sleep(Duration::from_secs(1)).await;
        for (name, pid) in pids {
            if let Some(kb) = rss_kb(*pid) {
                match rss.iter_mut().find(|(n, _)| n == name) {
                    Some((_, peak)) => *peak = (*peak).max(kb),
                    None => rss.push((name.clone(), kb)),
                }
            }
        }
    }
    let mut ends = Vec::new();
    for consumer in consumers {
        ends.push(progress(js, consumer).await?);
    }
    let cpu_end = cpu_snapshot(pids);
    let (end_last, lag_end) = ends[0];
    let elapsed = started.elapsed().as_secs_f64();
    stop.cancel();
    fleet.await??;
    let cpu = cpu_end
        .iter()
        .filter_map(|(name, end)| {
            let start = cpu_start.iter().find(|(n, _)| n == name)?.1;
            Some((name.clone(), end.saturating_sub(start) as f64 / ticks))
        })
        .collect();
    let lags: Vec<(&'static str, u64, u64)> =
        consumers.iter().zip(starts.iter().zip(&ends)).map(|(c, ((_, a), (_, b)))| (c.label, *a, *b)).collect();
    let sent = (end_last - first_last) as f64;
    let sent_rate = sent / elapsed;
    let handled_rate = (sent - (lag_end as f64 - lag_start as f64)) / elapsed;
    // Flat lags: no consumer's backlog grew by more than a quarter second of traffic, and the
    // fleet really sent (nearly) the asked rate.
    let flat = lags.iter().all(|(_, start, end)| (*end as f64) <= (*start as f64) + rate as f64 / 4.0);
    let sustained = flat && sent_rate >= rate as f64 * 0.9;
    Ok(StepOutcome { sent_rate, handled_rate, lags, sustained, rss, cpu, seconds: elapsed })
}

/// Starts `perf record` on every benchmarked process and on this one (the simulator) for
/// `span`.
fn start_profiles(
    dir: &std::path::Path,
    pids: &[(String, u32)],
    span: Duration,
) -> anyhow::Result<Vec<(String, std::process::Child)>> {
    std::fs::create_dir_all(dir)?;
    let mut all: Vec<(String, u32)> = pids.to_vec();
    all.push(("simulator".into(), std::process::id()));
    let mut running = Vec::new();
    for (name, pid) in all {
        let file = dir.join(format!("{}.data", safe_name(&name)));
        let child = std::process::Command::new("perf")
            .args(["record", "-e", "cpu-clock", "-F", "299", "-g", "-q", "-o"])
            .arg(&file)
            .args(["-p", &pid.to_string(), "--", "sleep", &span.as_secs().to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|err| anyhow::anyhow!("perf record (apt-get install linux-perf): {err}"))?;
        running.push((name, child));
    }
    Ok(running)
}

/// Waits for the recordings and writes and prints each profile's top entries (self time).
fn finish_profiles(dir: &std::path::Path, running: Vec<(String, std::process::Child)>) -> anyhow::Result<()> {
    for (name, mut child) in running {
        child.wait()?;
        let file = dir.join(format!("{}.data", safe_name(&name)));
        let report = std::process::Command::new("perf")
            .args([
                "report",
                "--stdio",
                "--no-children",
                "--percent-limit",
                "1.5",
                "--sort",
                "dso,symbol",
                "-g",
                "none",
                "-i",
            ])
            .arg(&file)
            .output()?;
        let text = String::from_utf8_lossy(&report.stdout).into_owned();
        std::fs::write(dir.join(format!("{}.txt", safe_name(&name))), &text)?;
        let top: Vec<String> = text
            .lines()
            .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .take(8)
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        println!("ingest profile {name}: {}", top.join(" | "));
    }
    Ok(())
}

fn safe_name(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect()
}

/// Waits until every consumer has handled its backlog (at most two minutes).
async fn drain(js: &jetstream::Context, consumers: &[Consumer]) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        let mut idle = true;
        for consumer in consumers {
            idle &= matches!(progress(js, consumer).await, Ok((_, 0)));
        }
        if idle {
            return;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    eprintln!("the backlogs did not drain in 120 s");
}

fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
