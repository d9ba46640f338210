//! The gRPC clients of the services the edge calls. A service running in the edge's own
//! process is called in-process (`lumiscape_common::local`); another process through
//! `grpc.client_connections` lazily made HTTP/2 connections per service, used in turn and
//! re-made by tonic when a service restarts. Fewer connections cost less CPU (HTTP/2 packs
//! many calls into each write: 121 us per getInfo with one, 140 us with four); more of
//! them shorten the tail, since a connection's task that is waiting for a core holds up
//! every call on it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use std::time::Duration;

use lumiscape_common::config::Config;
use lumiscape_common::local::{LocalServices, Transport, Transports};
use lumiscape_proto::identity::v1::organization_service_client::OrganizationServiceClient;
use lumiscape_proto::identity::v1::role_service_client::RoleServiceClient;
use lumiscape_proto::identity::v1::user_admin_service_client::UserAdminServiceClient;
use lumiscape_proto::identity::v1::{
    auth_service_client::AuthServiceClient, config_service_client::ConfigServiceClient,
    dict_service_client::DictServiceClient, menu_service_client::MenuServiceClient,
    profile_service_client::ProfileServiceClient,
};
use lumiscape_proto::project::v1::address_service_client::AddressServiceClient;
use lumiscape_proto::project::v1::area_service_client::AreaServiceClient;
use lumiscape_proto::project::v1::city_service_client::CityServiceClient;
use lumiscape_proto::project::v1::file_service_client::FileServiceClient;
use lumiscape_proto::project::v1::notice_service_client::NoticeServiceClient;
use lumiscape_proto::project::v1::project_service_client::ProjectServiceClient;
use tonic::transport::{Channel, Endpoint};

/// The ways to one service, handed out in turn: the service itself when it runs in this
/// process, otherwise a few channels.
#[derive(Clone)]
struct Pool {
    channels: Arc<[Transport]>,
    next: Arc<AtomicUsize>,
}

impl Pool {
    fn new(local: &LocalServices, service: &str, url: &str, connections: usize) -> anyhow::Result<Self> {
        Self::lasting(local, service, url, connections, CALL_TIMEOUT)
    }

    fn lasting(
        local: &LocalServices,
        service: &str,
        url: &str,
        connections: usize,
        timeout: Duration,
    ) -> anyhow::Result<Self> {
        let channels = match local.transport(service) {
            Some(here) => vec![here],
            None => (0..connections.max(1))
                .map(|_| channel(url, timeout).map(Transports::channel))
                .collect::<anyhow::Result<Vec<_>>>()?,
        };
        Ok(Self { channels: channels.into(), next: Arc::default() })
    }

    fn pick(&self) -> Transport {
        let index = self.next.fetch_add(1, Ordering::Relaxed) % self.channels.len();
        self.channels[index].clone()
    }
}

#[derive(Clone)]
pub struct Clients {
    identity: Pool,
    identity_slow: Pool,
    project: Pool,
    lighting: Pool,
    alarm: Pool,
    maintenance: Pool,
    project_slow: Pool,
}

impl Clients {
    pub fn new(cfg: &Config, local: &LocalServices) -> anyhow::Result<Self> {
        let connections = cfg.grpc.client_connections;
        let slow = Duration::from_secs(SLOW_CALL_SECONDS);
        Ok(Self {
            identity: Pool::new(local, "identity", &cfg.grpc.identity_url, connections)?,
            identity_slow: Pool::lasting(local, "identity", &cfg.grpc.identity_url, 1, slow)?,
            project: Pool::new(local, "project", &cfg.grpc.project_url, connections)?,
            lighting: Pool::new(local, "lighting", &cfg.grpc.lighting_url, connections)?,
            alarm: Pool::new(local, "alarm", &cfg.grpc.alarm_url, connections)?,
            maintenance: Pool::new(local, "maintenance", &cfg.grpc.maintenance_url, connections)?,
            project_slow: Pool::lasting(local, "project", &cfg.grpc.project_url, 1, slow)?,
        })
    }

    pub fn auth(&self) -> AuthServiceClient<Transport> {
        AuthServiceClient::new(self.identity.pick())
    }

    pub fn menu(&self) -> MenuServiceClient<Transport> {
        MenuServiceClient::new(self.identity.pick())
    }

    pub fn config(&self) -> ConfigServiceClient<Transport> {
        ConfigServiceClient::new(self.identity.pick())
    }

    pub fn dict(&self) -> DictServiceClient<Transport> {
        DictServiceClient::new(self.identity.pick())
    }

    pub fn organization(&self) -> OrganizationServiceClient<Transport> {
        OrganizationServiceClient::new(self.identity.pick())
    }

    pub fn roles(&self) -> RoleServiceClient<Transport> {
        RoleServiceClient::new(self.identity.pick())
    }

    pub fn users(&self) -> UserAdminServiceClient<Transport> {
        UserAdminServiceClient::new(self.identity.pick())
    }

    pub fn profile(&self) -> ProfileServiceClient<Transport> {
        ProfileServiceClient::new(self.identity.pick())
    }

    pub fn project(&self) -> ProjectServiceClient<Transport> {
        ProjectServiceClient::new(self.project.pick())
    }

    pub fn cities(&self) -> CityServiceClient<Transport> {
        CityServiceClient::new(self.project.pick())
    }

    pub fn address(&self) -> AddressServiceClient<Transport> {
        AddressServiceClient::new(self.project.pick())
    }

    pub fn notices(&self) -> NoticeServiceClient<Transport> {
        NoticeServiceClient::new(self.project.pick())
    }

    pub fn areas(&self) -> AreaServiceClient<Transport> {
        AreaServiceClient::new(self.project.pick())
    }

    /// A channel to identity, for the clients of its smaller services.
    pub fn identity_channel(&self) -> Transport {
        self.identity.pick()
    }

    /// A channel to identity for the calls that may last as long as a route's `lasting`
    /// (the user import), beyond the ordinary channel's 30 s.
    pub fn identity_slow_channel(&self) -> Transport {
        self.identity_slow.pick()
    }

    /// A channel to the lighting service, for any of its gRPC clients.
    pub fn lighting_channel(&self) -> Transport {
        self.lighting.pick()
    }

    /// A channel to the alarm service, for any of its gRPC clients.
    pub fn alarm_channel(&self) -> Transport {
        self.alarm.pick()
    }

    /// A channel to the maintenance service, for any of its gRPC clients.
    pub fn maintenance_channel(&self) -> Transport {
        self.maintenance.pick()
    }

    pub fn files(&self) -> FileServiceClient<Transport> {
        FileServiceClient::new(self.project.pick())
    }

    /// A channel to the project service for an upload, which lasts as long as the body
    /// takes to arrive (a route's `lasting`), beyond the ordinary channel's 30 s.
    pub fn project_slow_channel(&self) -> Transport {
        self.project_slow.pick()
    }
}

/// How long a slow call (and its route, `RouteSpec::lasting`) may take: a user import of
/// 10,000 rows hashes 10,000 passwords.
pub const SLOW_CALL_SECONDS: u64 = 600;

/// How long an ordinary call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(30);

fn channel(url: &str, timeout: Duration) -> anyhow::Result<Channel> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(Duration::from_secs(3))
        .timeout(timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .connect_lazy())
}
