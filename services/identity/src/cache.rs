//! The read caches of parameters, dictionaries and route trees, cleared on every replica at once: an
//! edit writes a `CacheCleared` event into the outbox in its own transaction; the relay
//! publishes it on `identity.cache.cleared`, and every identity process listens on that
//! subject and drops what it holds. The caches also expire on their own, a minute after
//! filling, in case a process missed an event while it was disconnected.

use futures::StreamExt;
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::{self, OutboxEvent};
use lumiscape_proto::events::v1::CacheCleared;
use prost::Message;
use sqlx::PgConnection;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::{Shared, Tables};

pub const SUBJECT: &str = "identity.cache.cleared";
pub const EVENT_TYPE: &str = "identity.cache.cleared";

/// Which cache an event clears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cache {
    Config,
    Dict,
    /// The route trees built from the menus.
    Menu,
    /// The organization index of the user list.
    Dept,
    /// A user's row (`Shared::forget_user`): its key is the user id.
    User,
}

impl Cache {
    fn code(self) -> &'static str {
        match self {
            Cache::Config => "config",
            Cache::Dict => "dict",
            Cache::Menu => "menu",
            Cache::Dept => "dept",
            Cache::User => "user",
        }
    }
}

/// Writes the clearing of `key` (empty: the whole cache) in the caller's transaction. Wake
/// the relay after the commit.
pub async fn record(conn: &mut PgConnection, streams: &Streams, cache: Cache, key: &str) -> sqlx::Result<()> {
    let event_id = Uuid::new_v4().to_string();
    let payload = CacheCleared { event_id: event_id.clone(), cache: cache.code().to_owned(), key: key.to_owned() };
    let event = OutboxEvent {
        message_id: event_id,
        subject: streams.subject(SUBJECT),
        event_type: EVENT_TYPE.to_owned(),
        payload: payload.encode_to_vec(),
    };
    outbox::insert::<Tables>(conn, &event).await
}

/// Tells every replica to clear `key` of `cache` now, outside any transaction: for caches
/// whose entries expire within seconds anyway (a user's row), so a clearing lost with the
/// connection costs no more than that. Caches kept longer go through the outbox ([`record`]).
pub async fn announce(shared: &Shared, cache: Cache, key: &str) {
    let event_id = Uuid::new_v4().to_string();
    let payload = CacheCleared { event_id, cache: cache.code().to_owned(), key: key.to_owned() };
    let client = shared.js.client();
    if let Err(err) = client.publish(shared.streams.subject(SUBJECT), payload.encode_to_vec().into()).await {
        tracing::warn!(error = %err, cache = cache.code(), "cache clearing not announced; other replicas expire it");
    }
}

/// Drops this process's cached entries the event names.
pub async fn clear_local(shared: &Shared, event: &CacheCleared) {
    match (event.cache.as_str(), event.key.as_str()) {
        ("config", "") => shared.configs.invalidate_all(),
        ("config", key) => shared.configs.invalidate(key).await,
        ("dict", "") => shared.dicts.invalidate_all(),
        ("dict", key) => shared.dicts.invalidate(key).await,
        ("menu", _) => shared.routes.invalidate_all(),
        ("dept", _) => shared.forget_depts(),
        ("user", key) => match key.parse::<i64>() {
            Ok(user_id) => shared.users.invalidate(&user_id).await,
            Err(_) => shared.users.invalidate_all(),
        },
        (other, _) => tracing::warn!(cache = other, "cache clearing of an unknown cache ignored"),
    }
}

/// Listens for clearings until `shutdown`. A plain subscription: every replica hears every
/// event (a durable consumer would hand each to one of them).
pub async fn follow(shared: Shared, shutdown: CancellationToken) -> anyhow::Result<()> {
    let client = shared.js.client();
    let mut events = client.subscribe(shared.streams.subject(SUBJECT)).await?;
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return Ok(()),
            message = events.next() => {
                let Some(message) = message else { return Ok(()) };
                match CacheCleared::decode(message.payload) {
                    Ok(event) => clear_local(&shared, &event).await,
                    Err(err) => tracing::warn!(error = %err, "undecodable cache clearing ignored"),
                }
            }
        }
    }
}
