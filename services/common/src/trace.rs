//! Traces (docs/observability.md). `tracing` spans become OpenTelemetry spans, and the W3C
//! trace context crosses every hop: the edge continues a `traceparent` it is sent, gRPC calls
//! carry it in their metadata ([`Propagate`]), events carry it in NATS headers (the outbox
//! keeps it with the row until the relay publishes), and consumers continue it. Database
//! statements become spans of their own ([`StatementSpans`]) while traces are exported.
//!
//! Export is off unless the standard variables ask for it (`OTEL_TRACES_EXPORTER=otlp`, or an
//! `OTEL_EXPORTER_OTLP_ENDPOINT`). Off, no span is made at all ([`active`]): they cost a third
//! of a small request's time. On, a log line inside a span names its trace (`trace_id`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::task::{Context as TaskContext, Poll};
use std::time::{Duration, SystemTime};

use opentelemetry::propagation::{Extractor, Injector, TextMapPropagator};
use opentelemetry::trace::{Span as _, SpanKind, TraceContextExt, Tracer as _, TracerProvider as _};
use opentelemetry::{Context, KeyValue};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};
use tracing::Instrument;
use tracing::field::{Field, Visit};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::Layer;
use tracing_subscriber::layer::Context as LayerContext;

/// Whether this process makes spans: only while it exports them. A span nobody receives
/// would cost every request and every gRPC call a third of its time (`scripts/bench api`,
/// docs/observability.md), for a trace id in the logs; off, the spans are not even made.
static ACTIVE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether spans are made ([`ACTIVE`]).
pub fn active() -> bool {
    ACTIVE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Turns the making of spans on (`observability::install` while exporting).
pub fn set_active(on: bool) {
    ACTIVE.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// The span `make` makes while spans are made, else none (which costs nothing).
pub fn span(make: impl FnOnce() -> tracing::Span) -> tracing::Span {
    if active() { make() } else { tracing::Span::none() }
}

/// The header (HTTP, gRPC metadata, NATS) that carries the trace context.
pub const TRACEPARENT: &str = "traceparent";
/// The instrumentation scope of every span the process makes.
pub const SCOPE: &str = "lumiscape";

/// What the standard `OTEL_*` variables ask of this process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Export {
    /// Nothing leaves the process (the default).
    Off,
    /// OTLP over gRPC to the endpoint the variables name (the exporter reads them).
    Otlp,
}

impl Export {
    /// Reads `OTEL_SDK_DISABLED`, `OTEL_TRACES_EXPORTER`, `OTEL_EXPORTER_OTLP_ENDPOINT` and
    /// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` through `var`. An exporter or protocol this build
    /// does not have is an error, not a silent "off".
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let set = |name: &str| var(name).map(|v| v.trim().to_ascii_lowercase()).filter(|v| !v.is_empty());
        if set("OTEL_SDK_DISABLED").as_deref() == Some("true") {
            return Ok(Self::Off);
        }
        let endpoint = set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").or_else(|| set("OTEL_EXPORTER_OTLP_ENDPOINT"));
        let export = match set("OTEL_TRACES_EXPORTER").as_deref() {
            Some("none") => return Ok(Self::Off),
            Some("otlp") => Self::Otlp,
            Some(other) => anyhow::bail!("OTEL_TRACES_EXPORTER={other} is not supported; use otlp or none"),
            None if endpoint.is_some() => Self::Otlp,
            None => Self::Off,
        };
        let protocol = set("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL").or_else(|| set("OTEL_EXPORTER_OTLP_PROTOCOL"));
        if let Some(protocol) = protocol.filter(|p| p != "grpc") {
            anyhow::bail!("OTEL_EXPORTER_OTLP_PROTOCOL={protocol} is not supported; Lumiscape exports OTLP over grpc");
        }
        Ok(export)
    }

    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_vars(|name| std::env::var(name).ok())
    }
}

/// The tracer provider of a process that exports: spans go out over OTLP in batches (the
/// SDK's batch processor, tuned by the standard `OTEL_BSP_*` variables). `OTEL_SERVICE_NAME`
/// and `OTEL_RESOURCE_ATTRIBUTES` name the process; without them it is `lumiscape-<targets>`.
pub fn provider(default_service_name: &str) -> anyhow::Result<SdkTracerProvider> {
    let mut resource = opentelemetry_sdk::Resource::builder();
    if std::env::var_os("OTEL_SERVICE_NAME").is_none() {
        resource = resource.with_service_name(default_service_name.to_owned());
    }
    let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().build()?;
    Ok(SdkTracerProvider::builder().with_resource(resource.build()).with_batch_exporter(exporter).build())
}

/// The tracer spans are made with.
pub fn tracer(provider: &SdkTracerProvider) -> SdkTracer {
    provider.tracer(SCOPE)
}

/// The `tracing` layer that turns spans into OpenTelemetry spans.
pub fn span_layer<S>(tracer: SdkTracer) -> impl Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    // No OpenTelemetry context is made current on entering a span: nothing here reads
    // `Context::current()` (the code asks the span), and it would cost every poll.
    tracing_opentelemetry::layer()
        .with_tracer(tracer)
        .with_location(false)
        .with_threads(false)
        .with_tracked_inactivity(false)
        .with_context_activation(false)
}

/// The spans made into OpenTelemetry spans: Lumiscape's own, whatever the log level. Its
/// dependencies' spans (HTTP/2 frames, connection pools) would be noise at a cost.
pub fn span_filter() -> tracing_subscriber::filter::Targets {
    tracing_subscriber::filter::Targets::new().with_target("lumiscape", tracing::Level::INFO)
}

// --- Carrying the context ---------------------------------------------------------------

struct HttpHeaders<'a>(&'a mut http::HeaderMap);

impl Injector for HttpHeaders<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(name), Ok(value)) =
            (http::HeaderName::from_bytes(key.as_bytes()), http::HeaderValue::from_str(&value))
        {
            self.0.insert(name, value);
        }
    }
}

struct HttpHeadersRead<'a>(&'a http::HeaderMap);

impl Extractor for HttpHeadersRead<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(http::HeaderName::as_str).collect()
    }
}

struct One<'a>(Option<&'a str>);

impl Extractor for One<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        if key == TRACEPARENT { self.0 } else { None }
    }

    fn keys(&self) -> Vec<&str> {
        vec![TRACEPARENT]
    }
}

/// The context an HTTP request or gRPC call was sent in (none: a new trace begins).
pub fn context_from_http(headers: &http::HeaderMap) -> Context {
    TraceContextPropagator::new().extract(&HttpHeadersRead(headers))
}

/// Writes `cx` into outgoing HTTP or gRPC headers.
pub fn inject_http(cx: &Context, headers: &mut http::HeaderMap) {
    TraceContextPropagator::new().inject_context(cx, &mut HttpHeaders(headers));
}

/// The context a `traceparent` value names; an absent or malformed one names none.
pub fn context_from_traceparent(traceparent: Option<&str>) -> Context {
    TraceContextPropagator::new().extract(&One(traceparent))
}

/// The `traceparent` of a context, when it has a valid span.
pub fn traceparent_of(cx: &Context) -> Option<String> {
    let mut carrier = HashMap::new();
    TraceContextPropagator::new().inject_context(cx, &mut carrier);
    carrier.remove(TRACEPARENT)
}

/// The `traceparent` of `span`: what a message sent in it carries.
pub fn traceparent_of_span(span: &tracing::Span) -> Option<String> {
    traceparent_of(&span.context())
}

/// The `traceparent` of the span the caller is in: what an event written now carries.
pub fn current_traceparent() -> Option<String> {
    if !active() {
        return None;
    }
    traceparent_of_span(&tracing::Span::current())
}

/// The context a NATS message was published in.
pub fn context_from_nats(headers: Option<&async_nats::HeaderMap>) -> Context {
    let traceparent = headers.and_then(|h| h.get(TRACEPARENT)).map(async_nats::HeaderValue::as_str);
    context_from_traceparent(traceparent)
}

/// Adds a `traceparent` to the headers of a NATS message.
pub fn insert_traceparent(headers: &mut async_nats::HeaderMap, traceparent: &str) {
    headers.insert(TRACEPARENT, traceparent);
}

/// Makes `span` a child of `parent` (a remote context: a request, a message) and writes its
/// trace id into the span's `trace_id` field, so every log line inside names the trace. The
/// span must declare `trace_id = tracing::field::Empty` and not have been entered yet.
pub fn continue_trace(span: &tracing::Span, parent: Context) {
    if parent.span().span_context().is_valid() {
        // Refused only for a span already entered or disabled: then it keeps its own trace.
        drop(span.set_parent(parent));
    }
    record_trace_id(span);
}

/// Makes `span` the root of a new trace (something that happened outside any request: a
/// device's reading), with its trace id in its `trace_id` field.
pub fn begin_trace(span: &tracing::Span) {
    drop(span.set_parent(Context::new()));
    record_trace_id(span);
}

/// Writes the span's trace id into its `trace_id` field, for the log lines inside it.
fn record_trace_id(span: &tracing::Span) {
    let trace_id = span.context().span().span_context().trace_id();
    span.record("trace_id", tracing::field::display(trace_id));
}

// --- gRPC ---------------------------------------------------------------------------------

/// A tower layer for gRPC clients: every call carries the trace context of the span it is
/// made in. The generated clients send through [`crate::local::Transport`]s, which this wraps.
#[derive(Clone)]
pub struct Propagate<S>(pub S);

impl<S, B> tower::Service<http::Request<B>> for Propagate<S>
where
    S: tower::Service<http::Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut TaskContext<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        if active() {
            inject_http(&tracing::Span::current().context(), request.headers_mut());
        }
        self.0.call(request)
    }
}

/// A tower layer for gRPC servers: each call is a span (`grpc <service>/<method>`) that
/// continues the caller's trace, and is counted and timed by service, method and status
/// (`lumiscape_grpc_requests_total`, `lumiscape_grpc_request_seconds`).
#[derive(Clone)]
pub struct Served<S>(pub S);

impl<S, B, R> tower::Service<http::Request<B>> for Served<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<R>> + Send,
    S::Future: Send + 'static,
    S::Error: 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = futures::future::BoxFuture<'static, Result<S::Response, S::Error>>;

    fn poll_ready(&mut self, cx: &mut TaskContext<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let (service, method) = grpc_method(request.uri().path());
        let span = span(|| {
            let name = format!("{service}/{method}");
            let span = tracing::info_span!(
                "grpc",
                otel.name = name.as_str(),
                otel.kind = "server",
                rpc.system = "grpc",
                rpc.service = %service,
                rpc.method = %method,
                rpc.grpc.status_code = tracing::field::Empty,
                otel.status_code = tracing::field::Empty,
                trace_id = tracing::field::Empty,
            );
            continue_trace(&span, context_from_http(request.headers()));
            span
        });
        let started = std::time::Instant::now();
        let call = self.0.call(request);
        let recorded = span.clone();
        Box::pin(
            async move {
                let response = call.await?;
                // A unary refusal is answered in the headers ("trailers only"); a success
                // sends its status in trailers, after the body.
                let code = response
                    .headers()
                    .get("grpc-status")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<i32>().ok())
                    .unwrap_or(0);
                recorded.record("rpc.grpc.status_code", code);
                if code != 0 {
                    recorded.record("otel.status_code", "ERROR");
                }
                metrics::counter!("lumiscape_grpc_requests_total", "service" => service.clone(),
                    "method" => method.clone(), "code" => code_name(code))
                .increment(1);
                metrics::histogram!("lumiscape_grpc_request_seconds", "service" => service, "method" => method)
                    .record(started.elapsed().as_secs_f64());
                Ok(response)
            }
            .instrument(span),
        )
    }
}

/// The service and method of a gRPC path (`/lumiscape.alarm.v1.AlarmService/Close`), the
/// package left out of the service's name.
fn grpc_method(path: &str) -> (String, String) {
    let mut parts = path.trim_start_matches('/').splitn(2, '/');
    let service = parts.next().unwrap_or_default();
    let method = parts.next().unwrap_or_default();
    let service = service.rsplit('.').next().unwrap_or(service);
    (service.to_owned(), method.to_owned())
}

/// gRPC's name of a status code, for the metric's label.
fn code_name(code: i32) -> &'static str {
    match code {
        0 => "OK",
        1 => "CANCELLED",
        2 => "UNKNOWN",
        3 => "INVALID_ARGUMENT",
        4 => "DEADLINE_EXCEEDED",
        5 => "NOT_FOUND",
        6 => "ALREADY_EXISTS",
        7 => "PERMISSION_DENIED",
        8 => "RESOURCE_EXHAUSTED",
        9 => "FAILED_PRECONDITION",
        10 => "ABORTED",
        11 => "OUT_OF_RANGE",
        12 => "UNIMPLEMENTED",
        13 => "INTERNAL",
        14 => "UNAVAILABLE",
        15 => "DATA_LOSS",
        16 => "UNAUTHENTICATED",
        _ => "OTHER",
    }
}

// --- Database statements ------------------------------------------------------------------

/// A `tracing` layer that makes every database statement a span, child of the span it ran
/// in. sqlx reports each statement when it ends (the `sqlx::query` event, with its text,
/// rows and elapsed time), so the span is made then, back-dated to when it began. Installed
/// only while traces are exported: the event is not even made otherwise.
pub struct StatementSpans {
    tracer: SdkTracer,
}

impl StatementSpans {
    pub fn new(tracer: SdkTracer) -> Self {
        Self { tracer }
    }

    /// The events this layer wants: sqlx's statements, which the pool reports at trace level
    /// (`db::connect`), or at warn when slow.
    pub fn filter() -> tracing_subscriber::filter::Targets {
        tracing_subscriber::filter::Targets::new().with_target("sqlx::query", tracing::Level::TRACE)
    }
}

#[derive(Default)]
struct Statement {
    summary: String,
    text: String,
    elapsed: f64,
    rows_returned: u64,
    rows_affected: u64,
}

impl Visit for Statement {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "summary" => value.clone_into(&mut self.summary),
            "db.statement" => value.trim().clone_into(&mut self.text),
            _ => {}
        }
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        if field.name() == "elapsed_secs" {
            self.elapsed = value;
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        match field.name() {
            "rows_returned" => self.rows_returned = value,
            "rows_affected" => self.rows_affected = value,
            _ => {}
        }
    }

    fn record_debug(&mut self, _: &Field, _: &dyn std::fmt::Debug) {}
}

impl<S> Layer<S> for StatementSpans
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    fn on_event(&self, event: &tracing::Event<'_>, _: LayerContext<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        let mut statement = Statement::default();
        event.record(&mut statement);
        // The statement ran in the span current here (its event is reported on its way out).
        let parent = tracing::Span::current().context();
        let ended = SystemTime::now();
        let began = ended.checked_sub(Duration::from_secs_f64(statement.elapsed.max(0.0))).unwrap_or(ended);
        let text = if statement.text.is_empty() { statement.summary.clone() } else { statement.text };
        let name: Cow<'static, str> = Cow::Owned(statement.summary.trim_end_matches(" …").to_owned());
        let mut span = self
            .tracer
            .span_builder(name)
            .with_kind(SpanKind::Client)
            .with_start_time(began)
            .with_attributes([
                KeyValue::new("db.system.name", "postgresql"),
                KeyValue::new("db.query.text", text),
                KeyValue::new("db.response.returned_rows", statement.rows_returned as i64),
                KeyValue::new("db.response.affected_rows", statement.rows_affected as i64),
            ])
            .start_with_context(&self.tracer, &parent);
        span.end_with_timestamp(ended);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_variables_choose_the_export() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
        };
        assert_eq!(Export::from_vars(vars(&[])).unwrap(), Export::Off);
        assert_eq!(Export::from_vars(vars(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317")])).unwrap(), Export::Otlp);
        assert_eq!(Export::from_vars(vars(&[("OTEL_TRACES_EXPORTER", "otlp")])).unwrap(), Export::Otlp);
        assert_eq!(
            Export::from_vars(vars(&[("OTEL_TRACES_EXPORTER", "none"), ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c")]))
                .unwrap(),
            Export::Off
        );
        assert_eq!(
            Export::from_vars(vars(&[("OTEL_SDK_DISABLED", "true"), ("OTEL_TRACES_EXPORTER", "otlp")])).unwrap(),
            Export::Off
        );
        assert!(Export::from_vars(vars(&[("OTEL_TRACES_EXPORTER", "zipkin")])).is_err());
        assert!(
            Export::from_vars(vars(&[
                ("OTEL_TRACES_EXPORTER", "otlp"),
                ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
            ]))
            .is_err()
        );
        assert_eq!(
            Export::from_vars(vars(&[("OTEL_TRACES_EXPORTER", "otlp"), ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")]))
                .unwrap(),
            Export::Otlp
        );
    }

    #[test]
    fn a_traceparent_round_trips_and_a_bad_one_names_no_trace() {
        let good = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        let cx = context_from_traceparent(Some(good));
        assert!(cx.span().span_context().is_remote());
        assert_eq!(traceparent_of(&cx).as_deref(), Some(good));
        for bad in ["", "garbage", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"] {
            assert!(!context_from_traceparent(Some(bad)).span().span_context().is_valid(), "{bad}");
        }
        assert!(traceparent_of(&context_from_traceparent(None)).is_none());
    }

    #[test]
    fn grpc_paths_name_service_and_method() {
        assert_eq!(
            grpc_method("/lumiscape.alarm.v1.AlarmService/Close"),
            ("AlarmService".to_owned(), "Close".to_owned())
        );
        assert_eq!(grpc_method("/x"), ("x".to_owned(), String::new()));
        assert_eq!(code_name(7), "PERMISSION_DENIED");
    }
}
