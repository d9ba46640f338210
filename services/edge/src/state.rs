//! What every handler shares: the token verifier, the service clients, the live feed and
//! the limits. axum clones it for every request, so it is one `Arc`.

use std::net::IpAddr;
use std::sync::Arc;

use lumiscape_common::auth::Authenticator;

use crate::clients::Clients;
use crate::limit::RateLimits;
use crate::live::Hub;

#[derive(Clone)]
pub struct EdgeState(Arc<EdgeInner>);

pub struct EdgeInner {
    pub auth: Authenticator,
    pub clients: Clients,
    pub live: Hub,
    pub base_path: Box<str>,
    pub body_limit: usize,
    pub limits: Arc<RateLimits>,
    /// Proxies whose `X-Forwarded-For` names the client (`http.trusted_proxies`).
    pub trusted_proxies: Box<[IpAddr]>,
    /// How long a request may take to begin its answer (`http.request_timeout_seconds`).
    pub request_timeout: std::time::Duration,
    /// Where the operation log's records go.
    pub recorder: crate::operlog::Recorder,
    /// Projects' address trees as JSON, by the version the project service gave.
    pub address_trees: crate::versioned::VersionedJson,
}

impl EdgeState {
    pub fn new(inner: EdgeInner) -> Self {
        Self(Arc::new(inner))
    }
}

impl std::ops::Deref for EdgeState {
    type Target = EdgeInner;

    fn deref(&self) -> &EdgeInner {
        &self.0
    }
}
