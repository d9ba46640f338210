//! The durable consumer runner against a real NATS server (`LUMISCAPE_TEST_NATS_URL`): a
//! message that keeps failing is delivered exactly `max_deliver` times and then terminated,
//! an undecodable one is terminated at once, and the messages behind them still flow.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, consumer};
use lumiscape_common::nats::{ConsumerSpec, Outcome, Streams, run_consumer};
use tokio_util::sync::CancellationToken;

fn nats_url() -> String {
    std::env::var("LUMISCAPE_TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// The services' credentials on the test server (scripts/test's `lumiscape nats-auth`).
fn nats_creds() -> Option<std::path::PathBuf> {
    std::env::var("LUMISCAPE_TEST_NATS_AUTH_DIR").ok().map(|dir| std::path::Path::new(&dir).join("services.creds"))
}

#[tokio::test]
async fn poison_is_terminated_after_bounded_deliveries_while_the_rest_flows() {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    let prefix = format!("cons{}x{nanos}", std::process::id());
    let streams = Streams::new(&prefix);
    let (url, creds) = (nats_url(), nats_creds());
    let client = lumiscape_common::nats::connect(&url, "test", creds.as_deref(), Duration::from_secs(10)).await;
    let js = jetstream::new(client.unwrap());
    let spec = ConsumerSpec {
        stream: streams.alarm(),
        durable: "test-consumer".into(),
        filter_subjects: vec![streams.subject("alarm.>")],
        max_deliver: 3,
        ack_wait: Duration::from_secs(5),
    };
    Streams::ensure(&js, &spec.stream).await.unwrap();
    for body in ["good-1", "always-fails", "garbage", "good-2"] {
        js.publish(streams.subject("alarm.raised"), body.into()).await.unwrap().await.unwrap();
    }

    let deliveries: Arc<Mutex<HashMap<String, u32>>> = Arc::default();
    let seen = deliveries.clone();
    let shutdown = CancellationToken::new();
    let runner = tokio::spawn(run_consumer(js.clone(), spec.clone(), shutdown.clone(), move |message| {
        let seen = seen.clone();
        async move {
            let body = String::from_utf8_lossy(&message.payload).into_owned();
            *seen.lock().unwrap().entry(body.clone()).or_default() += 1;
            let outcome = match body.as_str() {
                "always-fails" => Outcome::Retry(anyhow::anyhow!("the database is away")),
                "garbage" => Outcome::Poison("undecodable".into()),
                _ => Outcome::Done,
            };
            (message, outcome)
        }
    }));

    let deadline = Instant::now() + Duration::from_secs(20);
    let idle = loop {
        let stream = js.get_stream(&spec.stream.name).await.unwrap();
        if let Ok(mut durable) = stream.get_consumer::<consumer::pull::Config>("test-consumer").await {
            let info = durable.info().await.unwrap();
            let all_seen = deliveries.lock().unwrap().get("always-fails") == Some(&3);
            if info.num_pending == 0 && info.num_ack_pending == 0 && all_seen {
                break true;
            }
        }
        if Instant::now() > deadline {
            break false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    shutdown.cancel();
    runner.await.unwrap().unwrap();
    let deliveries = deliveries.lock().unwrap().clone();
    assert!(idle, "the consumer must end with nothing pending: {deliveries:?}");
    assert_eq!(deliveries["always-fails"], 3, "delivered max_deliver times, then terminated");
    assert_eq!(deliveries["garbage"], 1, "terminated at once");
    assert_eq!((deliveries["good-1"], deliveries["good-2"]), (1, 1), "the rest flows");
}
