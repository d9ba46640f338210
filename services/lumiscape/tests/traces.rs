//! One click is one trace, and so is a device's reading that raises an alarm: the real
//! processes of a split deployment export their spans over OTLP (the standard `OTEL_*`
//! variables) to a collector in this test, and every hop must be in the trace it began in.
//! docs/observability.md says what each span is.

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::Utc;
use common::{Call, Cluster, Deployment, Options, eventually};
use lumiscape_gateway_bridge::protocol::{
    Channel, FirmwareVersion, GatewayReading, GatewaySerial, LoopIndex, LoopReading, MessageId, Telemetry, Topics,
    Uplink, encode_uplink,
};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{TraceService, TraceServiceServer};
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use serde_json::{Value, json};

const PROJECT: &str = "2";

/// A span as the collector received it.
#[derive(Debug, Clone)]
struct Received {
    service: String,
    name: String,
    trace_id: String,
    span_id: String,
    parent_span_id: String,
    attributes: HashMap<String, String>,
}

/// An OTLP/gRPC trace collector: keeps every span it is sent.
#[derive(Clone, Default)]
struct Collector(Arc<Mutex<Vec<Received>>>);

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let text = |value: &Option<opentelemetry_proto::tonic::common::v1::AnyValue>| match value
            .as_ref()
            .and_then(|v| v.value.as_ref())
        {
            Some(AnyValue::StringValue(s)) => s.clone(),
            Some(AnyValue::IntValue(i)) => i.to_string(),
            Some(other) => format!("{other:?}"),
            None => String::new(),
        };
        let mut spans = self.0.lock().unwrap();
        for resource in request.into_inner().resource_spans {
            let service = resource
                .resource
                .iter()
                .flat_map(|r| &r.attributes)
                .find(|a| a.key == "service.name")
                .map(|a| text(&a.value))
                .unwrap_or_default();
            for scope in resource.scope_spans {
                for span in scope.spans {
                    spans.push(Received {
                        service: service.clone(),
                        name: span.name,
                        trace_id: hex(&span.trace_id),
                        span_id: hex(&span.span_id),
                        parent_span_id: hex(&span.parent_span_id),
                        attributes: span.attributes.iter().map(|a| (a.key.clone(), text(&a.value))).collect(),
                    });
                }
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse { partial_success: None }))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Collector {
    /// Listens on a free port; answers the endpoint for `OTEL_EXPORTER_OTLP_ENDPOINT`.
    async fn start() -> (Self, String) {
        let collector = Self::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let service = TraceServiceServer::new(collector.clone());
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(service)
                .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener)),
        );
        (collector, endpoint)
    }

    fn trace(&self, trace_id: &str) -> Vec<Received> {
        self.0.lock().unwrap().iter().filter(|s| s.trace_id == trace_id).cloned().collect()
    }

    fn find(&self, service: &str, name: &str) -> Vec<Received> {
        self.0.lock().unwrap().iter().filter(|s| s.service == service && s.name == name).cloned().collect()
    }
}

/// Whether `spans` hold a span of `service` whose name holds `name`.
fn has(spans: &[Received], service: &str, name: &str) -> bool {
    spans.iter().any(|s| s.service == service && s.name.contains(name))
}

/// Every span's parent is in the trace, but for the root's (`root_parent`: the caller's own
/// span, or none): the spans make one tree, not pieces that share an id by chance.
fn assert_one_tree(spans: &[Received], root_parent: &str) {
    let ids: Vec<&str> = spans.iter().map(|s| s.span_id.as_str()).collect();
    for span in spans {
        assert!(
            span.parent_span_id == root_parent || ids.contains(&span.parent_span_id.as_str()),
            "span {} of {} hangs off {} outside the trace: {spans:#?}",
            span.name,
            span.service,
            span.parent_span_id
        );
    }
}

fn reading(serial: &GatewaySerial, seq: u64, current: f64) -> Vec<u8> {
    encode_uplink(&Uplink::Telemetry(Telemetry {
        id: MessageId::new(serial.clone(), seq),
        device_time: Utc::now() - chrono::Duration::seconds(60 - seq as i64),
        gateway: GatewayReading {
            signal_dbm: -70,
            temperature_c: 30.0,
            firmware: FirmwareVersion::new("2.4.1").unwrap(),
        },
        loops: vec![LoopReading {
            index: LoopIndex::new(1).unwrap(),
            on: true,
            voltage_v: 220.0,
            current_a: current,
            active_power_w: 220.0 * current,
            energy_kwh: 100.0,
        }],
    }))
    .unwrap()
}

#[tokio::test]
async fn a_click_and_a_reading_that_raises_an_alarm_are_each_one_trace() {
    let (collector, endpoint) = Collector::start().await;
    let env = [
        ("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint.as_str()),
        // Spans leave each process within a fifth of a second rather than five.
        ("OTEL_BSP_SCHEDULE_DELAY", "200"),
    ];
    let options =
        Options { extra_env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), ..Options::default() };
    let cluster = Cluster::start_with(Deployment::Split, options).await;
    let token = cluster.api.login("admin", "admin123").await;
    fn call<'a>(call: Call<'a>, token: &'a str) -> Call<'a> {
        call.token(token).header("ProjectId", PROJECT).header("Content-Language", "en_US")
    }
    let ok = |(status, reply): (u16, Value)| {
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply
    };
    let serial = GatewaySerial::new("TRC-001").unwrap();
    ok(cluster
        .api
        .send(call(Call::post("/lighting/gateway").json(json!({
            "gatewayName": "Traced cabinet", "gatewayNumber": serial.as_str(), "communicationType": "1", "loopCount": 1,
        })), &token))
        .await);
    ok(cluster
        .api
        .send(call(Call::post("/alarm/type").json(json!({
            "alarmName": "Over-current", "deviceType": "loop", "alarmLevel": "1",
            "contentZh": "回路过流", "contentEn": "Loop over-current",
            "triggerAttribute": "current", "triggerComparison": ">", "triggerValue": "15.0", "triggerDuration": 0,
            "recoveryAttribute": "current", "recoveryComparison": "<=", "recoveryValue": "12.5", "recoveryDuration": 0,
            "autoProcessing": "1", "autoWorkOrder": "0", "status": "0",
        })), &token))
        .await);
    // The bridge acts on a reading once the registry and the rule reach it.
    let js = cluster.jetstream().await;
    let topics = Topics::new(&cluster.prefix).unwrap();
    let subject = topics.subject(&serial, Channel::Telemetry);
    let raised = eventually(30, || {
        let (js, subject, serial, collector) = (js.clone(), subject.clone(), serial.clone(), collector.clone());
        let seq = Utc::now().timestamp_millis() as u64 % 50;
        async move {
            js.publish(subject, reading(&serial, seq + 1, 25.0).into()).await.unwrap().await.unwrap();
            tokio::time::sleep(Duration::from_millis(300)).await;
            !collector.find("lumiscape-bridge", "bridge alarm raised").is_empty()
        }
    })
    .await;
    assert!(raised, "no reading raised an alarm");

    // The reading's trace: the bridge's decision, the alarm row, its event, the live push.
    let root = collector.find("lumiscape-bridge", "bridge alarm raised").remove(0);
    let whole = eventually(20, || async {
        let spans = collector.trace(&root.trace_id);
        has(&spans, "lumiscape-alarm", "alarm raise")
            && has(&spans, "lumiscape-alarm", "INSERT INTO alarm.alarms")
            && has(&spans, "lumiscape-alarm", "publish alarm.raised")
            && has(&spans, "lumiscape-edge", "live push")
    })
    .await;
    let spans = collector.trace(&root.trace_id);
    assert!(whole, "the reading's trace is not whole: {spans:#?}");
    assert_one_tree(&spans, "");

    // A console click, sent in a trace of the caller's own: the edge, the alarm service, its
    // statements and the event it publishes are all in it.
    let alarm =
        ok(cluster.api.send(call(Call::get("/alarm/realtime/list?pageSize=10"), &token)).await)["rows"][0]["alarmId"]
            .clone();
    let trace_id = format!("{:032x}", uuid::Uuid::new_v4().as_u128());
    let caller_span = "00f067aa0ba902b7";
    let click = Call::put("/alarm/alarm/close")
        .json(json!({ "alarmId": alarm, "closeReason": "Checked on site" }))
        .header("traceparent", format!("00-{trace_id}-{caller_span}-01"));
    ok(cluster.api.send(call(click, &token)).await);
    let whole = eventually(20, || async {
        let spans = collector.trace(&trace_id);
        has(&spans, "lumiscape-edge", "/alarm/alarm/close")
            && has(&spans, "lumiscape-alarm", "AlarmService/")
            && has(&spans, "lumiscape-alarm", "UPDATE alarm.alarms")
            && has(&spans, "lumiscape-alarm", "publish alarm.closed")
            && has(&spans, "lumiscape-edge", "live push")
    })
    .await;
    let spans = collector.trace(&trace_id);
    assert!(whole, "the click's trace is not whole: {spans:#?}");
    assert_one_tree(&spans, caller_span);
    // The edge's span answered 200 and is the parent of the alarm service's, across processes.
    let edge = spans.iter().find(|s| s.service == "lumiscape-edge" && s.name.contains("/alarm/alarm/close")).unwrap();
    assert_eq!(edge.parent_span_id, caller_span);
    assert_eq!(edge.attributes.get("http.response.status_code").map(String::as_str), Some("200"));
    let served = spans.iter().find(|s| s.service == "lumiscape-alarm" && s.name.contains("AlarmService/")).unwrap();
    assert_eq!(served.parent_span_id, edge.span_id, "the gRPC call continues the edge's span");
}
