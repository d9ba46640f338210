//! Logs, metrics and the health endpoints every process serves.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::{EnvFilter, Layer as _};

use crate::config::LogConfig;
use crate::trace::{self, Export};

/// The process's logs and traces; [`Telemetry::shutdown`] sends what spans are still queued.
pub struct Telemetry {
    /// The exporting provider; none while traces are not exported.
    provider: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Sends the spans still queued for export and stops the exporter (which blocks, so
    /// not on a worker of the runtime).
    pub async fn shutdown(self) {
        let Some(provider) = self.provider else { return };
        let stopped = tokio::task::spawn_blocking(move || provider.shutdown()).await;
        if let Ok(Err(err)) = stopped {
            tracing::debug!(error = %err, "trace export did not shut down cleanly");
        }
    }
}

/// Installs logs and traces for the process, as the standard `OTEL_*` variables ask
/// (`crate::trace`); `service_name` names it when `OTEL_SERVICE_NAME` does not.
pub fn init(cfg: &LogConfig, service_name: &str) -> anyhow::Result<Telemetry> {
    let provider = match Export::from_env()? {
        Export::Otlp => Some(trace::provider(service_name)?),
        Export::Off => None,
    };
    install(cfg, provider.as_ref());
    Ok(Telemetry { provider })
}

/// Installs the log subscriber once; later calls do nothing (tests start many services).
/// With a `provider` (while exporting), spans are made and sent to it, and every database
/// statement is a span too.
pub fn install(cfg: &LogConfig, provider: Option<&SdkTracerProvider>) {
    // RUST_LOG, when set, wins over the configuration. Spans do not follow it: a process that
    // logs warnings only still continues and passes on the traces it takes part in.
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(&cfg.level));
    let logs = tracing_subscriber::fmt::layer();
    let logs = if cfg.format == "json" { logs.json().boxed() } else { logs.boxed() };
    let traces = provider.map(|provider| {
        let tracer = trace::tracer(provider);
        let statements = trace::StatementSpans::new(tracer.clone()).with_filter(trace::StatementSpans::filter());
        trace::span_layer(tracer).with_filter(trace::span_filter()).and_then(statements)
    });
    let installed = tracing_subscriber::registry().with(logs.with_filter(filter)).with(traces).try_init();
    if installed.is_ok() {
        trace::set_active(provider.is_some());
    }
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
