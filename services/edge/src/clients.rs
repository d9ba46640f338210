//! The gRPC clients of the services the edge calls. Connections are made lazily and
//! re-made by tonic when a service restarts.

use lumiscape_common::config::Config;
use lumiscape_proto::identity::v1::{
    auth_service_client::AuthServiceClient, config_service_client::ConfigServiceClient,
    dict_service_client::DictServiceClient, menu_service_client::MenuServiceClient,
    profile_service_client::ProfileServiceClient,
};
use lumiscape_proto::project::v1::project_service_client::ProjectServiceClient;
use std::time::Duration;
use tonic::transport::{Channel, Endpoint};

#[derive(Clone)]
pub struct Clients {
    pub auth: AuthServiceClient<Channel>,
    pub menu: MenuServiceClient<Channel>,
    pub config: ConfigServiceClient<Channel>,
    pub dict: DictServiceClient<Channel>,
    pub profile: ProfileServiceClient<Channel>,
    pub project: ProjectServiceClient<Channel>,
}

impl Clients {
    pub fn new(cfg: &Config) -> anyhow::Result<Self> {
        let identity = channel(&cfg.grpc.identity_url)?;
        let project = channel(&cfg.grpc.project_url)?;
        Ok(Self {
            auth: AuthServiceClient::new(identity.clone()),
            menu: MenuServiceClient::new(identity.clone()),
            config: ConfigServiceClient::new(identity.clone()),
            dict: DictServiceClient::new(identity.clone()),
            profile: ProfileServiceClient::new(identity),
            project: ProjectServiceClient::new(project),
        })
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
