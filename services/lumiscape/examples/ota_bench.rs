//! The upgrade benchmark's driver (`scripts/bench ota` starts the stack and runs this).
//!
//! Makes a project of its own with a fleet of BENCH_GATEWAYS (default 1,000) gateways of one
//! type, each registered with its own credential, and runs the simulator for them in this
//! process (a reboot of BENCH_REBOOT_MS, default 3,000 ms). Once every gateway is online it
//! uploads a BENCH_IMAGE_KB (default 500) KB image through the edge API and starts one
//! campaign to the whole fleet at BENCH_CONCURRENCY (default 50), then waits for the campaign
//! to finish, every gateway confirmed by the version it reports after its reboot:
//!
//! `ota: <T> s for <G> gateways x <K> KB, concurrency <C>`
//!
//! and what went over NATS to and from the gateways meanwhile (the device side of the relay:
//! each command on a gateway's `cmd` subject and its acknowledgement):
//!
//! `ota nats: <N> device messages/s, <M> MB/s of commands to the gateways`
//!
//! Settings (environment): BENCH_BASE (edge URL), BENCH_NATS, BENCH_PREFIX, BENCH_GATEWAYS,
//! BENCH_IMAGE_KB, BENCH_CONCURRENCY, BENCH_REBOOT_MS, BENCH_FLEET_DIR.

use std::time::{Duration, Instant};

use lumiscape_gateway_bridge::simulator::{self, SimulatorConfig};
use serde_json::json;
use tokio_util::sync::CancellationToken;

mod support;
use support::{Api, Fleet, env, env_num, register_fleet, wait_online};

const SERIAL_PREFIX: &str = "OTA-";
const GATEWAY_TYPE: &str = "BENCH-OTA";
/// Bytes of one chunk (the protocol's MAX_FIRMWARE_CHUNK_BYTES, lighting's CHUNK_BYTES).
const CHUNK_BYTES: usize = 32 * 1024;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base = env("BENCH_BASE", "http://127.0.0.1:8080");
    let nats_url = env("BENCH_NATS", "nats://127.0.0.1:4222");
    let prefix = env("BENCH_PREFIX", "");
    let gateways = env_num("BENCH_GATEWAYS", 1000) as usize;
    let image_kb = env_num("BENCH_IMAGE_KB", 500) as usize;
    let concurrency = env_num("BENCH_CONCURRENCY", 50);
    let reboot = Duration::from_millis(env_num("BENCH_REBOOT_MS", 3000));
    let creds = std::path::PathBuf::from(env("BENCH_FLEET_DIR", "/tmp/lumiscape-ota-fleet"));
    let api = Api::in_new_project(base, "压测升级", "BENCH-OTA").await?;
    let fleet = Fleet {
        project: &api.project,
        prefix: SERIAL_PREFIX,
        name: "压测升级柜",
        gateways,
        loops: 1,
        gateway_type: GATEWAY_TYPE,
    };
    register_fleet(&api.http, &api.base, &api.token, &fleet, &creds).await?;
    let stop = CancellationToken::new();
    let fleet = SimulatorConfig {
        gateways,
        loops: 1,
        interval: Duration::from_secs(5),
        serial_prefix: SERIAL_PREFIX.into(),
        subject_prefix: prefix,
        credentials_dir: Some(creds),
        seed: Some(13),
        firmware: "1.0.0".into(),
        reboot,
        ..Default::default()
    };
    let (server, sim_stop) = (nats_url.clone(), stop.clone());
    let simulator = tokio::spawn(async move { simulator::run(fleet, &server, sim_stop).await });
    wait_online(&api.http, &api.base, &api.token, &api.project, gateways).await?;

    // The image: bytes no format detector takes for anything else.
    let len = image_kb * 1024;
    let mut image = vec![0x7f, 0x00, 0x4f, 0x54];
    image.extend((4..len).map(|i| ((i * 131 + 7) % 251) as u8));
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(image).file_name("bench-2.0.0.bin"))
        .text("version", "2.0.0")
        .text("gatewayType", GATEWAY_TYPE);
    let uploaded = api.send(api.http.post(api.url("/lighting/version")).multipart(form), "/lighting/version").await?;
    let firmware = uploaded["data"]["firmwareId"].as_i64().unwrap_or(0);

    let started = Instant::now();
    let reply = api
        .post(
            "/lighting/upgrade",
            json!({ "firmwareId": firmware, "scope": "project", "concurrency": concurrency, "failureThreshold": 100 }),
        )
        .await?;
    let campaign = reply["data"]["campaignId"].as_i64().unwrap_or(0);
    let row = loop {
        let list = api.get("/lighting/upgrade/list?pageSize=10").await?;
        let row = list["rows"].as_array().and_then(|rows| rows.iter().find(|r| r["campaignId"] == campaign)).cloned();
        let row = row.ok_or_else(|| anyhow::anyhow!("campaign {campaign} is not listed"))?;
        if row["state"] != "running" {
            break row;
        }
        anyhow::ensure!(started.elapsed() < Duration::from_secs(3600), "the campaign ran over an hour: {row}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let elapsed = started.elapsed().as_secs_f64();
    anyhow::ensure!(
        row["state"] == "finished" && row["success"].as_u64() == Some(gateways as u64),
        "the campaign did not upgrade every gateway: {row}"
    );
    println!("ota: {elapsed:.1} s for {gateways} gateways x {image_kb} KB, concurrency {concurrency}");

    stop.cancel();
    let stats = simulator.await??;
    // A chunk command: its base64 data and some 150 bytes of JSON around it.
    let chunk_wire = CHUNK_BYTES.div_ceil(3) * 4 + 150;
    let messages = stats.commands_received + stats.acks;
    println!(
        "ota nats: {:.0} device messages/s, {:.1} MB/s of commands to the gateways ({} chunks, {} commands, {} acknowledgements)",
        messages as f64 / elapsed,
        (stats.firmware_chunks as usize * chunk_wire) as f64 / elapsed / 1e6,
        stats.firmware_chunks,
        stats.commands_received,
        stats.acks,
    );
    eprintln!(
        "simulator: {} upgrades, {} reboots into the old version",
        stats.firmware_upgrades, stats.firmware_failed_boots
    );
    Ok(())
}
