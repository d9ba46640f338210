//! The gRPC clients of the services the edge calls. Connections are made lazily and
//! re-made by tonic when a service restarts. Each service gets a few connections, used in
//! turn: one HTTP/2 connection is driven by a single task, which caps a busy edge at one
//! core's worth of calls.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use lumiscape_common::config::Config;
use lumiscape_proto::identity::v1::{
    auth_service_client::AuthServiceClient, config_service_client::ConfigServiceClient,
    dict_service_client::DictServiceClient, menu_service_client::MenuServiceClient,
    profile_service_client::ProfileServiceClient,
};
use lumiscape_proto::project::v1::project_service_client::ProjectServiceClient;
use tonic::transport::{Channel, Endpoint};

/// Connections per service.
const CONNECTIONS: usize = 4;

/// A few channels to one service, handed out in turn.
#[derive(Clone)]
pub struct Pool {
    channels: Arc<[Channel]>,
    next: Arc<AtomicUsize>,
}

impl Pool {
    fn new(url: &str) -> anyhow::Result<Self> {
        let channels = (0..CONNECTIONS).map(|_| channel(url)).collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Self { channels: channels.into(), next: Arc::default() })
    }

    fn pick(&self) -> Channel {
        let index = self.next.fetch_add(1, Ordering::Relaxed) % self.channels.len();
        self.channels[index].clone()
    }
}

#[derive(Clone)]
pub struct Clients {
    identity: Pool,
    project: Pool,
}

impl Clients {
    pub fn new(cfg: &Config) -> anyhow::Result<Self> {
        Ok(Self { identity: Pool::new(&cfg.grpc.identity_url)?, project: Pool::new(&cfg.grpc.project_url)? })
    }

    pub fn auth(&self) -> AuthServiceClient<Channel> {
        AuthServiceClient::new(self.identity.pick())
    }

    pub fn menu(&self) -> MenuServiceClient<Channel> {
        MenuServiceClient::new(self.identity.pick())
    }

    pub fn config(&self) -> ConfigServiceClient<Channel> {
        ConfigServiceClient::new(self.identity.pick())
    }

    pub fn dict(&self) -> DictServiceClient<Channel> {
        DictServiceClient::new(self.identity.pick())
    }

    pub fn profile(&self) -> ProfileServiceClient<Channel> {
        ProfileServiceClient::new(self.identity.pick())
    }

    pub fn project(&self) -> ProjectServiceClient<Channel> {
        ProjectServiceClient::new(self.project.pick())
    }
}

fn channel(url: &str) -> anyhow::Result<Channel> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(Duration::from_secs(3))
        .timeout(Duration::from_secs(30))
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .connect_lazy())
}
