//! The edge: the console's HTTP API (spec section 7) in front of the services, plus the
//! built console and the stored files. It owns no data; every answer comes from a service.

pub mod api;
pub mod clients;
pub mod envelope;
pub mod guard;
pub mod routes;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use lumiscape_common::ErrorCode;
use lumiscape_common::auth::Authenticator;
use lumiscape_common::config::Config;
use lumiscape_common::i18n::Msg;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::clients::Clients;
use crate::envelope::ApiError;

/// State shared by the handlers; axum clones it for every request, so it is one `Arc`.
#[derive(Clone)]
pub struct EdgeState(Arc<EdgeInner>);

pub struct EdgeInner {
    pub auth: Authenticator,
    pub clients: Clients,
    pub live: api::live::Hub,
    pub base_path: Box<str>,
    pub body_limit: usize,
}

impl std::ops::Deref for EdgeState {
    type Target = EdgeInner;

    fn deref(&self) -> &EdgeInner {
        &self.0
    }
}

/// The request body limit in force, for the envelope's message.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// What the edge needs from the process that runs it.
pub struct Deps {
    pub auth: Authenticator,
    /// Feeds the live push (alarms, gateway status) to the console.
    pub nats: async_nats::Client,
    /// Health and metrics routes to serve beside the API.
    pub health: Router,
}

/// The whole HTTP application: API under the base path, files, console, health.
pub fn app(cfg: &Config, auth: Authenticator, live: api::live::Hub, health: Router) -> anyhow::Result<Router> {
    let state = EdgeState(Arc::new(EdgeInner {
        auth,
        clients: Clients::new(cfg)?,
        live,
        base_path: cfg.http.base_path.clone().into_boxed_str(),
        body_limit: cfg.http.body_limit_bytes,
    }));
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
        .merge(health);
    if let Some(dir) = cfg.http.console_dir.as_ref().filter(|d| d.join("index.html").exists()) {
        // History-mode routing: any path that is not a file is the console's own route.
        let console = ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html")));
        app = app.fallback_service(console);
    } else {
        tracing::info!("no built console found; serving the API only");
    }
    Ok(app.layer(middleware::from_fn(record_metrics)).layer(CompressionLayer::new()).layer(CatchPanicLayer::custom(
        |_| ApiError::new(ErrorCode::Internal, &Msg::Internal, Default::default()).into_response(),
    )))
}

async fn route_not_found(headers: axum::http::HeaderMap) -> ApiError {
    ApiError::new(ErrorCode::NotFound, &Msg::RouteNotFound, guard::lang_of(&headers))
}

async fn method_not_allowed(headers: axum::http::HeaderMap) -> ApiError {
    ApiError { code: 405, msg: Msg::MethodNotAllowed.text(guard::lang_of(&headers)) }
}

async fn record_metrics(req: Request, next: Next) -> Response {
    let route =
        req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned()).unwrap_or_else(|| "unmatched".into());
    let started = Instant::now();
    let response = next.run(req).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!("lumiscape_http_requests_total", "route" => route.clone(), "status" => status).increment(1);
    metrics::histogram!("lumiscape_http_request_seconds", "route" => route).record(started.elapsed().as_secs_f64());
    response
}

/// Starts the edge; returns once it listens.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    let live = api::live::Hub::start(deps.nats, &cfg.nats.prefix, shutdown.clone());
    let app = app(cfg, deps.auth, live, deps.health)?;
    let listener = tokio::net::TcpListener::bind(cfg.http.listen).await?;
    tracing::info!(addr = %listener.local_addr()?, base = %cfg.http.base_path, "edge listening");
    let server = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown.cancelled_owned());
    Ok(tokio::spawn(async move { server.await.map_err(anyhow::Error::from) }))
}

/// Runs the edge until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}
