//! Logs, metrics and the health endpoints every process serves.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tracing_subscriber::EnvFilter;

use crate::config::LogConfig;

/// Installs the log subscriber once; later calls do nothing (tests start many services).
pub fn init_logging(cfg: &LogConfig) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(&cfg.level));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let result = if cfg.format == "json" { builder.json().try_init() } else { builder.try_init() };
    drop(result);
}

/// How often recorded histogram samples are folded into their summaries.
const METRICS_UPKEEP: std::time::Duration = std::time::Duration::from_secs(5);

/// The process-wide Prometheus recorder. Its upkeep runs every few seconds on a thread of
/// its own: without it a histogram keeps every sample until `/metrics` is scraped, and a
/// process nobody scrapes grows without bound.
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new().build_recorder();
            let handle = recorder.handle();
            drop(metrics::set_global_recorder(recorder));
            let upkeep = handle.clone();
            let started = std::thread::Builder::new().name("metrics-upkeep".into()).spawn(move || {
                loop {
                    std::thread::sleep(METRICS_UPKEEP);
                    upkeep.run_upkeep();
                }
            });
            if let Err(err) = started {
                tracing::warn!(error = %err, "metrics upkeep not started; histograms grow until scraped");
            }
            handle
        })
        .clone()
}

/// Set once the process's services have started.
#[derive(Clone, Default)]
pub struct Readiness(Arc<AtomicBool>);

impl Readiness {
    pub fn set_ready(&self) {
        self.0.store(true, Ordering::Release);
    }

    pub fn is_ready(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// `/healthz` (the process lives) and `/readyz` (its services have started): what a load
/// balancer probes, served on the API address too.
pub fn health_router(readiness: Readiness) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/readyz",
            get(|State(r): State<Readiness>| async move {
                if r.is_ready() { (StatusCode::OK, "ready") } else { (StatusCode::SERVICE_UNAVAILABLE, "starting") }
            }),
        )
        .with_state(readiness)
}

/// The operators' endpoints: health and `/metrics`, for an address that is not public
/// (`http.ops_listen`).
pub fn ops_router(readiness: Readiness) -> Router {
    let handle = metrics_handle();
    health_router(readiness).route("/metrics", get(move || std::future::ready(handle.render())))
}
