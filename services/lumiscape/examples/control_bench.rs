//! The control benchmark's driver (`scripts/bench control` starts the stack and runs this).
//!
//! Makes a project of its own with a fleet of BENCH_GATEWAYS (default 1,000) gateways of
//! BENCH_LOOPS (default 10) loops, each registered with its own credential, and runs the
//! simulator for them in this process. Once lighting sees every gateway online it measures,
//! through the edge API as the console calls it:
//!
//! - **one-key control**: every loop of every gateway switched off, then on
//!   (`POST /lighting/oneKey/control`); the time until the answer, which comes when every
//!   loop's command has been acknowledged (or has failed):
//!   `control: one-key <T> ms for <G> gateways / <L> loops acknowledged`;
//! - **issuing**: two enabled tasks over every loop of the fleet (20 scenes of 500 loops),
//!   issued at once (`POST /lighting/task/issue`): every gateway's schedule compiled from the
//!   tasks over the next 7 days and sent with `schedule_set`; the time until every gateway has
//!   answered: `control: issue <T> ms for <G> gateways`.
//!
//! Settings (environment): BENCH_BASE (edge URL), BENCH_NATS, BENCH_PREFIX, BENCH_GATEWAYS,
//! BENCH_LOOPS, BENCH_FLEET_DIR (where the credentials are written).

use std::time::{Duration, Instant};

use lumiscape_gateway_bridge::simulator::{self, SimulatorConfig};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

mod support;
use support::{Api, Fleet, env, env_num, register_fleet, wait_online};

const SERIAL_PREFIX: &str = "CTL-";
/// Loops per scene (a scene holds at most 512).
const SCENE_LOOPS: usize = 500;
/// Scenes per task (a task holds at most 16).
const TASK_SCENES: usize = 16;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base = env("BENCH_BASE", "http://127.0.0.1:8080");
    let nats_url = env("BENCH_NATS", "nats://127.0.0.1:4222");
    let prefix = env("BENCH_PREFIX", "");
    let gateways = env_num("BENCH_GATEWAYS", 1000) as usize;
    let loops = env_num("BENCH_LOOPS", 10) as usize;
    let creds = std::path::PathBuf::from(env("BENCH_FLEET_DIR", "/tmp/lumiscape-control-fleet"));
    let api = Api::in_new_project(base, "压测控制", "BENCH-CTL").await?;

    let fleet =
        Fleet {
            project: &api.project, prefix: SERIAL_PREFIX, name: "压测配电柜", gateways, loops, gateway_type: ""
        };
    let ids = register_fleet(&api.http, &api.base, &api.token, &fleet, &creds).await?;
    let stop = CancellationToken::new();
    let fleet = SimulatorConfig {
        gateways,
        loops,
        interval: Duration::from_secs(5),
        serial_prefix: SERIAL_PREFIX.into(),
        subject_prefix: prefix,
        credentials_dir: Some(creds),
        seed: Some(7),
        ..Default::default()
    };
    let (server, sim_stop) = (nats_url.clone(), stop.clone());
    let simulator = tokio::spawn(async move { simulator::run(fleet, &server, sim_stop).await });
    wait_online(&api.http, &api.base, &api.token, &api.project, gateways).await?;

    // One-key control: off, then on (the figure), each answered once every loop has answered.
    for on in [false, true] {
        let started = Instant::now();
        let reply = api.post("/lighting/oneKey/control", json!({ "on": on })).await?;
        let elapsed = started.elapsed().as_millis();
        let succeeded = reply["data"]["succeeded"].as_u64().unwrap_or(0) as usize;
        anyhow::ensure!(succeeded == gateways, "one-key {on}: {succeeded} of {gateways} gateways: {}", reply["data"]);
        if on {
            println!(
                "control: one-key {elapsed} ms for {gateways} gateways / {} loops acknowledged",
                succeeded * loops
            );
        } else {
            eprintln!("one-key off: {elapsed} ms");
        }
    }

    // Issuing: two tasks over every loop of the fleet, issued at once.
    api.call(
        reqwest::Method::PUT,
        "/lighting/site",
        Some(json!({ "latitude": 30.25, "longitude": 120.25, "timeZone": "Asia/Shanghai" })),
    )
    .await?;
    let mut scenes = Vec::new();
    let all_loops: Vec<(i64, usize)> = ids.iter().flat_map(|id| (1..=loops).map(move |l| (*id, l))).collect();
    for (n, chunk) in all_loops.chunks(SCENE_LOOPS).enumerate() {
        let scene_loops: Vec<Value> = chunk
            .iter()
            .map(|(gateway, index)| json!({ "gatewayId": gateway, "loopIndex": index, "switchState": "1", "brightness": 80 }))
            .collect();
        let gateway_ids: Vec<i64> = {
            let mut ids: Vec<i64> = chunk.iter().map(|(g, _)| *g).collect();
            ids.dedup();
            ids
        };
        let reply = api
            .post(
                "/lighting/scene",
                json!({ "sceneName": format!("压测场景{}", n + 1), "sceneType": "1", "loops": scene_loops }),
            )
            .await?;
        scenes.push((reply["data"].as_i64().unwrap_or(0), gateway_ids));
    }
    let mut tasks = Vec::new();
    for (n, group) in scenes.chunks(TASK_SCENES).enumerate() {
        let scene_ids: Vec<i64> = group.iter().map(|(id, _)| *id).collect();
        let gateway_ids: Vec<i64> = group.iter().flat_map(|(_, g)| g.iter().copied()).collect();
        let reply = api
            .post(
                "/lighting/task",
                json!({
                    "taskName": format!("压测任务{}", n + 1), "priority": 20, "weekdays": "1,2,3,4,5,6,7",
                    "startType": "2", "startOffset": 15, "endType": "1", "endOffset": -10,
                    "sceneIds": scene_ids, "gatewayIds": gateway_ids,
                }),
            )
            .await?;
        let task_id = reply["data"].as_i64().unwrap_or(0);
        api.call(
            reqwest::Method::PUT,
            "/lighting/task/changeStatus",
            Some(json!({ "taskId": task_id, "enabled": "1" })),
        )
        .await?;
        tasks.push(task_id);
    }
    let started = Instant::now();
    let reply = api.post("/lighting/task/issue", json!({ "taskIds": tasks })).await?;
    let elapsed = started.elapsed().as_millis();
    let succeeded = reply["data"]["succeeded"].as_u64().unwrap_or(0) as usize;
    anyhow::ensure!(succeeded == gateways, "issue: {succeeded} of {gateways} gateways: {}", reply["data"]["failed"]);
    println!("control: issue {elapsed} ms for {gateways} gateways");

    stop.cancel();
    let stats = simulator.await??;
    eprintln!("simulator: {} commands, {} acknowledgements", stats.commands_received, stats.acks);
    Ok(())
}
