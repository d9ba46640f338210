//! The durable consumer runner against a real NATS server (`LUMISCAPE_TEST_NATS_URL`): a
//! message that keeps failing is delivered exactly `max_deliver` times and then terminated,
//! an undecodable one is terminated at once, and the messages behind them still flow; the
//! batch runner hands over what is waiting, in order, and settles each message on its own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, consumer};
use lumiscape_common::nats::{ConsumerSpec, Outcome, Streams, run_batch_consumer, run_consumer};
use tokio_util::sync::CancellationToken;

fn nats_url() -> String {
    std::env::var("LUMISCAPE_TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// The services' credentials on the test server (scripts/test's `lumiscape nats-auth`).
fn nats_creds() -> Option<std::path::PathBuf> {
    std::env::var("LUMISCAPE_TEST_NATS_AUTH_DIR").ok().map(|dir| std::path::Path::new(&dir).join("services.creds"))
}

/// A consumer of a fresh stream holding `bodies`, in that order.
async fn stream_of(tag: &str, bodies: &[&str]) -> (jetstream::Context, ConsumerSpec) {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    let prefix = format!("{tag}{}x{nanos}", std::process::id());
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
    for body in bodies {
        js.publish(streams.subject("alarm.raised"), body.to_string().into()).await.unwrap().await.unwrap();
    }
    (js, spec)
}

/// Whether the consumer has nothing pending or unacknowledged, and `also` holds.
async fn idle(js: &jetstream::Context, spec: &ConsumerSpec, also: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let stream = js.get_stream(&spec.stream.name).await.unwrap();
        if let Ok(mut durable) = stream.get_consumer::<consumer::pull::Config>(&spec.durable).await {
            let info = durable.info().await.unwrap();
            if info.num_pending == 0 && info.num_ack_pending == 0 && also() {
                return true;
            }
        }
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn outcome_of(body: &str) -> Outcome {
    match body {
        "always-fails" => Outcome::Retry(anyhow::anyhow!("the database is away")),
        "garbage" => Outcome::Poison("undecodable".into()),
        _ => Outcome::Done,
    }
}

#[tokio::test]
async fn poison_is_terminated_after_bounded_deliveries_while_the_rest_flows() {
    let (js, spec) = stream_of("cons", &["good-1", "always-fails", "garbage", "good-2"]).await;
    let deliveries: Arc<Mutex<HashMap<String, u32>>> = Arc::default();
    let seen = deliveries.clone();
    let shutdown = CancellationToken::new();
    let runner = tokio::spawn(run_consumer(js.clone(), spec.clone(), shutdown.clone(), move |message| {
        let seen = seen.clone();
        async move {
            let body = String::from_utf8_lossy(&message.payload).into_owned();
            *seen.lock().unwrap().entry(body.clone()).or_default() += 1;
            (message, outcome_of(&body))
        }
    }));

    let idle = idle(&js, &spec, || deliveries.lock().unwrap().get("always-fails") == Some(&3)).await;
    shutdown.cancel();
    runner.await.unwrap().unwrap();
    let deliveries = deliveries.lock().unwrap().clone();
    assert!(idle, "the consumer must end with nothing pending: {deliveries:?}");
    assert_eq!(deliveries["always-fails"], 3, "delivered max_deliver times, then terminated");
    assert_eq!(deliveries["garbage"], 1, "terminated at once");
    assert_eq!((deliveries["good-1"], deliveries["good-2"]), (1, 1), "the rest flows");
}

#[tokio::test]
async fn a_batch_is_what_waits_in_order_and_each_message_is_settled_alone() {
    let bodies = ["m1", "m2", "always-fails", "m4", "garbage", "m6", "m7", "m8", "m9", "m10"];
    let (js, spec) = stream_of("batch", &bodies).await;
    let chunks: Arc<Mutex<Vec<Vec<String>>>> = Arc::default();
    let seen = chunks.clone();
    let shutdown = CancellationToken::new();
    let runner = tokio::spawn(run_batch_consumer(js.clone(), spec.clone(), 4, shutdown.clone(), move |messages| {
        let seen = seen.clone();
        async move {
            let names: Vec<String> =
                messages.iter().map(|m| String::from_utf8_lossy(&m.payload).into_owned()).collect();
            seen.lock().unwrap().push(names.clone());
            messages.into_iter().zip(names).map(|(m, name)| (m, outcome_of(&name))).collect()
        }
    }));
    let fails = |chunks: &[Vec<String>]| chunks.iter().flatten().filter(|b| *b == "always-fails").count();
    let idle = idle(&js, &spec, || fails(&chunks.lock().unwrap()) == 3).await;
    shutdown.cancel();
    runner.await.unwrap().unwrap();
    let chunks = chunks.lock().unwrap().clone();
    assert!(idle, "nothing left pending: {chunks:?}");
    assert!(chunks.iter().all(|c| (1..=4).contains(&c.len())), "at most max_batch at once: {chunks:?}");
    assert!(chunks.iter().any(|c| c.len() > 1), "what waits is handed over together: {chunks:?}");
    let first: Vec<&str> = chunks.iter().flatten().map(String::as_str).filter(|b| *b != "always-fails").collect();
    let expected: Vec<&str> = bodies.iter().copied().filter(|b| *b != "always-fails").collect();
    assert_eq!(first, expected, "each other message once, in stream order");
    assert_eq!(fails(&chunks), 3, "a failing message is redelivered alone, max_deliver times");
}
