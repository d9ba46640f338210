//! The edge: the console's HTTP API (spec section 7) in front of the services, plus the
//! built console and the stored files. It owns no data; every answer comes from a service.

//!
//! Modules, each depending only on those listed before it (a test checks there is no
//! cycle): `request` (what a handler knows of its request), `live` (the live push feed),
//! `limit` (the sign-in rate limits), `clients`, `state` (what handlers share), `envelope`
//! (answers, errors, [`envelope::call`]), `convert` (JSON to and from the services'
//! messages), `api` (the handlers), `routes` (the one table), `guard` (checks before any
//! handler).

pub mod api;
pub mod clients;
pub mod convert;
pub mod envelope;
pub mod guard;
pub mod limit;
pub mod live;
pub mod operlog;
pub mod request;
pub mod routes;
pub mod state;
pub mod versioned;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use lumiscape_common::ErrorCode;
use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_common::i18n::Msg;
use lumiscape_common::service::spawn_logged;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tower::{Layer, ServiceExt};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tracing::Instrument;

use crate::clients::Clients;
use crate::envelope::{ApiError, Outcome};
use crate::limit::RateLimits;
use crate::live::Hub;
use crate::request::lang_of;
use crate::state::{EdgeInner, EdgeState};

/// What the edge needs from the process that runs it.
pub struct Deps {
    pub auth: Authenticator,
    /// Feeds the live push (alarms, gateway status) to the console.
    pub nats: async_nats::Client,
    /// Health routes to serve beside the API (load balancers probe them there); metrics
    /// are served on the operators' address only, by the process.
    pub health: Router,
    /// The services of this process, called in-process instead of over TCP.
    pub local: lumiscape_common::local::LocalServices,
}

/// The console's Content-Security-Policy. Scripts only from the console's own files (the
/// build has no inline script); inline styles because antd writes its CSS at run time;
/// images also from `data:` and `blob:` URLs (icons, avatar previews) and from any HTTPS
/// host: the map's tiles come from the tile source the config entry `map.style` names,
/// which an administrator changes at run time (a header fixed at start cannot name it);
/// requests and the live feed only to this origin; never framed.
pub const CONSOLE_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// How much address-tree JSON the edge keeps (a 5,000-node tree is about 300 KB).
const ADDRESS_TREES_BYTES: u64 = 64 * 1024 * 1024;

/// Sent with every answer when the edge is reached through TLS (`http.behind_tls`).
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The whole HTTP application: API under the base path, files, console, health.
pub fn app(
    cfg: &Config,
    auth: Authenticator,
    live: Hub,
    limits: Arc<RateLimits>,
    recorder: operlog::Recorder,
    health: Router,
    local: &lumiscape_common::local::LocalServices,
) -> anyhow::Result<Router> {
    let state = EdgeState::new(EdgeInner {
        auth,
        clients: Clients::new(cfg, local)?,
        live,
        base_path: cfg.http.base_path.clone().into_boxed_str(),
        body_limit: cfg.http.body_limit_bytes,
        limits,
        trusted_proxies: cfg.http.trusted_proxies.clone().into_boxed_slice(),
        request_timeout: Duration::from_secs(cfg.http.request_timeout_seconds),
        recorder,
        address_trees: versioned::VersionedJson::new(ADDRESS_TREES_BYTES, Duration::from_secs(600)),
    });
    let mut api = routes::router()
        .route_layer(middleware::from_fn_with_state(state.clone(), guard::guard))
        .layer(DefaultBodyLimit::max(cfg.http.body_limit_bytes))
        .fallback(route_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state);
    if let Some(files) = &cfg.http.files_dir {
        let files = Router::new()
            .fallback_service(ServeDir::new(files))
            .layer(SetResponseHeaderLayer::overriding(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
            ))
            .layer(SetResponseHeaderLayer::overriding(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ));
        api = api.nest("/files", files);
    }
    let base = cfg.http.base_path.clone();
    let openapi = serde_json::to_string(&routes::openapi(&base))?;
    let mut app = Router::new()
        .route(
            &format!("{base}/openapi.json"),
            axum::routing::get(move || async move { ([(header::CONTENT_TYPE, "application/json")], openapi) }),
        )
        .nest(&base, api)
        .merge(health)
        // Not public: served on `http.ops_listen`; the console must not answer it either.
        .route("/metrics", axum::routing::any(route_not_found));
    if let Some(dir) = cfg.http.console_dir.as_ref().filter(|d| d.join("index.html").exists()) {
        // History-mode routing: any path that is not a file is the console's own route.
        let console = ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html")));
        let console =
            SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONSOLE_CSP))
                .layer(console);
        app = app.fallback_service(console);
    } else {
        tracing::info!("no built console found; serving the API only");
    }
    let app =
        app.layer(middleware::from_fn(record_metrics)).layer(CompressionLayer::new()).layer(CatchPanicLayer::custom(
            |_| ApiError::new(ErrorCode::Internal, &Msg::Internal, Default::default()).into_response(),
        ));
    Ok(with_security_headers(app, cfg.http.behind_tls))
}

/// Headers every answer carries, API, console and health alike: no content sniffing, no
/// referrer sent on, never framed, and HSTS when reached through TLS. An answer that set
/// its own keeps it.
fn with_security_headers(app: Router, behind_tls: bool) -> Router {
    let app = app
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")));
    if behind_tls {
        app.layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        ))
    } else {
        app
    }
}

/// Drops the rate limits' full buckets every minute until `shutdown`.
async fn forget_idle_buckets(limits: Arc<RateLimits>, shutdown: CancellationToken) -> anyhow::Result<()> {
    let mut every_minute = tokio::time::interval(Duration::from_secs(60));
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            _ = every_minute.tick() => limits.forget_idle(),
        }
    }
}

async fn route_not_found(headers: axum::http::HeaderMap) -> ApiError {
    ApiError::new(ErrorCode::NotFound, &Msg::RouteNotFound, lang_of(&headers))
}

async fn method_not_allowed(headers: axum::http::HeaderMap) -> ApiError {
    ApiError {
        code: 405,
        status: 405,
        msg: Msg::MethodNotAllowed.text(lang_of(&headers)),
        outcome: Outcome::ClientError,
        retry_after: None,
    }
}

/// Makes every request a span that continues the caller's `traceparent` (or begins a
/// trace), and counts every answer by route, status and outcome, so a business refusal
/// (answered 200 with code 500) is told apart from a success and never counted as a fault.
async fn record_metrics(req: Request, next: Next) -> Response {
    let route =
        req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned()).unwrap_or_else(|| "unmatched".into());
    let span = lumiscape_common::trace::span(|| {
        let name = format!("{} {route}", req.method());
        let span = tracing::info_span!(
            "http",
            otel.name = name.as_str(),
            otel.kind = "server",
            http.request.method = %req.method(),
            http.route = route.as_str(),
            http.response.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            trace_id = tracing::field::Empty,
        );
        lumiscape_common::trace::continue_trace(&span, lumiscape_common::trace::context_from_http(req.headers()));
        span
    });
    let started = Instant::now();
    let response = next.run(req).instrument(span.clone()).await;
    span.record("http.response.status_code", response.status().as_u16());
    if response.status().is_server_error() {
        span.record("otel.status_code", "ERROR");
    }
    let status = response.status().as_u16().to_string();
    let outcome = response.extensions().get::<Outcome>().copied().unwrap_or(if response.status().is_server_error() {
        Outcome::Fault
    } else {
        Outcome::Ok
    });
    metrics::counter!("lumiscape_http_requests_total", "route" => route.clone(), "status" => status,
        "outcome" => outcome.as_str())
    .increment(1);
    metrics::histogram!("lumiscape_http_request_seconds", "route" => route).record(started.elapsed().as_secs_f64());
    response
}

/// Starts the edge; returns once it listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let recorder = operlog::Recorder::new(deps.nats.clone(), &lumiscape_common::nats::Streams::new(&cfg.nats.prefix));
    let live = Hub::start(deps.nats, &cfg.nats.prefix, cfg.http.live_streams_per_session, shutdown.clone());
    let limits = Arc::new(RateLimits::new(&cfg.http.rate_limit));
    spawn_logged("rate-limit-sweeper", forget_idle_buckets(limits.clone(), shutdown.clone()));
    let app = app(cfg, deps.auth, live, limits, recorder, deps.health, &deps.local)?;
    let listener = tokio::net::TcpListener::bind(cfg.http.listen).await?;
    tracing::info!(addr = %listener.local_addr()?, base = %cfg.http.base_path, "edge listening");
    let header_timeout = Duration::from_secs(cfg.http.header_read_timeout_seconds);
    Ok(tokio::spawn(serve(listener, app, header_timeout, shutdown)))
}

/// How long open connections may take to finish once the edge is told to stop.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until `shutdown`, as `axum::serve` does (HTTP/1 and 2,
/// upgrades, the peer's address as `ConnectInfo`), but closing any connection whose request
/// head takes longer than `header_timeout` to arrive, which `axum::serve` cannot.
async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    header_timeout: Duration,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use hyper_util::server::conn::auto::Builder;
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let mut builder = Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(header_timeout);
    let graceful = GracefulShutdown::new();
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(error = %e, "edge could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = shutdown.cancelled() => break,
        };
        // A response written in more than one piece (a streamed body, the live stream's
        // events) must not wait for the client's delayed acknowledgement (Nagle's
        // algorithm); `axum::serve` leaves this to its caller too.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, %peer, "edge could not set TCP_NODELAY");
        }
        let app = app.clone().map_request(move |mut req: Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
            req
        });
        let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(app));
        let connection = graceful.watch(connection.into_owned());
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "edge connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown()).await.is_err() {
        tracing::warn!("edge connections still open after {DRAIN:?}; closing them");
    }
    Ok(())
}

/// Runs the edge until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    /// Every source file of the crate, by top-level module.
    const SOURCES: &[(&str, &str)] = &[
        ("api", include_str!("api/mod.rs")),
        ("api", include_str!("api/alarm.rs")),
        ("api", include_str!("api/auth.rs")),
        ("api", include_str!("api/lighting.rs")),
        ("api", include_str!("api/live.rs")),
        ("api", include_str!("api/profile.rs")),
        ("api", include_str!("api/project.rs")),
        ("api", include_str!("api/system.rs")),
        ("clients", include_str!("clients.rs")),
        ("convert", include_str!("convert.rs")),
        ("envelope", include_str!("envelope.rs")),
        ("guard", include_str!("guard.rs")),
        ("limit", include_str!("limit.rs")),
        ("live", include_str!("live.rs")),
        ("request", include_str!("request.rs")),
        ("routes", include_str!("routes.rs")),
        ("state", include_str!("state.rs")),
    ];

    /// The edge's modules form no import cycle: what each names through `crate::` only
    /// ever leads forward.
    #[test]
    fn the_modules_form_no_cycle() {
        let modules: BTreeSet<&str> = SOURCES.iter().map(|(module, _)| *module).collect();
        let mut uses: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for (module, source) in SOURCES {
            for (index, _) in source.match_indices("crate::") {
                let rest = &source[index + "crate::".len()..];
                let name = rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or_default();
                if modules.contains(name) && name != *module {
                    uses.entry(module).or_default().insert(modules.get(name).copied().unwrap());
                }
            }
        }
        // Depth-first search for a path back to where it started.
        fn reaches<'a>(
            from: &'a str,
            target: &str,
            uses: &BTreeMap<&'a str, BTreeSet<&'a str>>,
            seen: &mut BTreeSet<&'a str>,
        ) -> bool {
            for next in uses.get(from).into_iter().flatten() {
                if *next == target || (seen.insert(next) && reaches(next, target, uses, seen)) {
                    return true;
                }
            }
            false
        }
        for module in &modules {
            assert!(
                !reaches(module, module, &uses, &mut BTreeSet::new()),
                "{module} is part of an import cycle: {uses:?}"
            );
        }
    }
}
