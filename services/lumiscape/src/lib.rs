//! Wires the services together: which targets run in this process, the shared session
//! registry, health endpoints, and the migrate and seed commands. Integration tests start
//! the same [`start`] with different target sets.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use lumiscape_common::auth::{Authenticator, TokenSigner};
use lumiscape_common::config::Config;
use lumiscape_common::local::LocalServices;
use lumiscape_common::observability::{Readiness, health_router, ops_router};
use lumiscape_common::session::SessionRegistry;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// A service this binary can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    All,
    Edge,
    Identity,
    Project,
    Lighting,
    Alarm,
    Maintenance,
    Bridge,
}

impl Target {
    /// Every service `all` stands for.
    pub const SERVICES: &'static [Target] = &[
        Target::Identity,
        Target::Project,
        Target::Lighting,
        Target::Alarm,
        Target::Maintenance,
        Target::Bridge,
        Target::Edge,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Target::All => "all",
            Target::Edge => "edge",
            Target::Identity => "identity",
            Target::Project => "project",
            Target::Lighting => "lighting",
            Target::Alarm => "alarm",
            Target::Maintenance => "maintenance",
            Target::Bridge => "bridge",
        }
    }
}

impl FromStr for Target {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "all" => Ok(Target::All),
            "edge" => Ok(Target::Edge),
            "identity" => Ok(Target::Identity),
            "project" => Ok(Target::Project),
            "lighting" => Ok(Target::Lighting),
            "alarm" => Ok(Target::Alarm),
            "maintenance" => Ok(Target::Maintenance),
            "bridge" | "gateway-bridge" => Ok(Target::Bridge),
            other => Err(format!(
                "unknown target {other:?}; expected one of all, edge, identity, project, lighting, alarm, maintenance, bridge"
            )),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The services to run for the given targets, `all` expanded, each once, in the order they
/// start ([`Target::SERVICES`]): the edge last, so that its clients find the services of this
/// process registered and call them in-process.
pub fn expand(targets: &[Target]) -> Vec<Target> {
    let all = targets.contains(&Target::All);
    Target::SERVICES.iter().copied().filter(|service| all || targets.contains(service)).collect()
}

/// Services running in this process.
pub struct Running {
    pub readiness: Readiness,
    handles: Vec<(Target, JoinHandle<anyhow::Result<()>>)>,
    shutdown: CancellationToken,
}

impl Running {
    /// Stops every service and waits for them.
    pub async fn stop(self) -> anyhow::Result<()> {
        self.shutdown.cancel();
        self.wait().await
    }

    /// Waits until the services end (after the shutdown token is cancelled, or on failure).
    pub async fn wait(self) -> anyhow::Result<()> {
        let mut first_error = None;
        for (target, handle) in self.handles {
            match handle.await {
                Ok(Ok(())) => {}
                Ok(Err(err)) => {
                    tracing::error!(%target, error = %err, "service failed");
                    first_error.get_or_insert(err);
                }
                Err(err) => {
                    first_error.get_or_insert(err.into());
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }
}

/// Starts the services of `targets` and returns once each listens.
pub async fn start(cfg: &Config, targets: &[Target], shutdown: CancellationToken) -> anyhow::Result<Running> {
    cfg.require_secrets()?;
    let services = expand(targets);
    anyhow::ensure!(!services.is_empty(), "no target given");
    let needs_db = services.iter().any(|t| {
        matches!(t, Target::Identity | Target::Project | Target::Lighting | Target::Alarm | Target::Maintenance)
    });
    let pool = if needs_db {
        Some(
            lumiscape_common::db::connect(&cfg.database.url, cfg.database.max_connections, Duration::from_secs(30))
                .await?,
        )
    } else {
        None
    };
    let names: Vec<&str> = services.iter().map(|t| t.as_str()).collect();
    let nats =
        lumiscape_common::nats::connect_with(cfg, &format!("lumiscape-{}", names.join("+")), Duration::from_secs(30))
            .await?;
    let js = async_nats::jetstream::new(nats.clone());
    let max_age = Duration::from_secs(cfg.auth.session_max_hours.saturating_mul(3600));
    let sessions = SessionRegistry::open(&js, &cfg.nats_name("SESSIONS"), max_age, shutdown.clone()).await?;
    let auth = Authenticator::new(TokenSigner::new(cfg.signing_key()), sessions);
    let readiness = Readiness::default();
    // The services started below register here; the edge, started last, calls the ones of
    // this process in-process.
    let local = LocalServices::default();
    let mut handles = Vec::new();

    for target in &services {
        let handle = match target {
            Target::Identity => {
                let deps = lumiscape_identity::Deps {
                    pool: db(&pool)?,
                    nats: nats.clone(),
                    auth: auth.clone(),
                    local: local.clone(),
                };
                lumiscape_identity::start(cfg, deps, shutdown.clone()).await?
            }
            Target::Project => {
                let deps = lumiscape_project::Deps {
                    pool: db(&pool)?,
                    nats: nats.clone(),
                    auth: auth.clone(),
                    local: local.clone(),
                };
                lumiscape_project::start(cfg, deps, shutdown.clone()).await?
            }
            Target::Lighting => {
                let deps = lumiscape_lighting::Deps {
                    pool: db(&pool)?,
                    nats: nats.clone(),
                    auth: auth.clone(),
                    local: local.clone(),
                };
                lumiscape_lighting::start(cfg, deps, shutdown.clone()).await?
            }
            Target::Alarm => {
                let deps = lumiscape_alarm::Deps {
                    pool: db(&pool)?,
                    nats: nats.clone(),
                    auth: auth.clone(),
                    local: local.clone(),
                };
                lumiscape_alarm::start(cfg, deps, shutdown.clone()).await?
            }
            Target::Maintenance => {
                let deps = lumiscape_maintenance::Deps {
                    pool: db(&pool)?,
                    nats: nats.clone(),
                    auth: auth.clone(),
                    local: local.clone(),
                };
                lumiscape_maintenance::start(cfg, deps, shutdown.clone()).await?
            }
            Target::Bridge => {
                let deps = lumiscape_gateway_bridge::bridge::Deps {
                    nats: nats.clone(),
                    auth: auth.clone(),
                    local: local.clone(),
                };
                lumiscape_gateway_bridge::bridge::start(cfg, deps, shutdown.clone()).await?
            }
            Target::Edge => {
                let deps = lumiscape_edge::Deps {
                    auth: auth.clone(),
                    nats: nats.clone(),
                    health: health_router(readiness.clone()),
                    local: local.clone(),
                };
                lumiscape_edge::start(cfg, deps, shutdown.clone()).await?
            }
            Target::All => continue,
        };
        handles.push((*target, handle));
    }
    // The operators' endpoints (health and metrics) on `http.ops_listen`; a process without
    // the edge has no API, so when that is unset they take its HTTP address.
    let ops_listen = cfg.http.ops_listen.or((!services.contains(&Target::Edge)).then_some(cfg.http.listen));
    if let Some(addr) = ops_listen {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        tracing::info!(addr = %listener.local_addr()?, "health and metrics listening");
        let app = ops_router(readiness.clone());
        let signal = shutdown.clone().cancelled_owned();
        let server = axum::serve(listener, app).with_graceful_shutdown(signal);
        handles.push((Target::All, tokio::spawn(async move { server.await.map_err(anyhow::Error::from) })));
    }
    readiness.set_ready();
    tracing::info!(targets = ?names, "lumiscape started");
    Ok(Running { readiness, handles, shutdown })
}

fn db(pool: &Option<sqlx::PgPool>) -> anyhow::Result<sqlx::PgPool> {
    pool.clone().ok_or_else(|| anyhow::anyhow!("database pool missing"))
}

/// Runs every service's migrations.
pub async fn migrate(cfg: &Config) -> anyhow::Result<()> {
    let url = &cfg.database.url;
    lumiscape_common::db::migrate(url, lumiscape_identity::SCHEMA, &lumiscape_identity::MIGRATOR).await?;
    lumiscape_common::db::migrate(url, lumiscape_project::SCHEMA, &lumiscape_project::MIGRATOR).await?;
    lumiscape_common::db::migrate(url, lumiscape_lighting::SCHEMA, &lumiscape_lighting::MIGRATOR).await?;
    lumiscape_common::db::migrate(url, lumiscape_alarm::SCHEMA, &lumiscape_alarm::MIGRATOR).await?;
    lumiscape_common::db::migrate(url, lumiscape_maintenance::SCHEMA, &lumiscape_maintenance::MIGRATOR).await?;
    Ok(())
}

/// Makes the NATS keys and files in `dir` (`lumiscape_common::nats_auth::init`).
pub fn nats_auth(dir: &std::path::Path) -> anyhow::Result<()> {
    let done = lumiscape_common::nats_auth::init(dir)?;
    let what = if done.created { "made new NATS keys" } else { "kept the NATS keys" };
    println!(
        "{what} in {dir}: include server.conf in nats-server's configuration; the services connect with \
         services.creds (nats.credentials_file), lighting issues gateway credentials with authority.json \
         (nats.authority_file); keys.json holds every seed: keep it offline",
        dir = dir.display()
    );
    Ok(())
}

/// Writes the credentials of the live gateways whose serial starts with `prefix` into `out`
/// (`lumiscape_lighting::gateway::credentials::write_fleet`), and pushes the revocations of
/// the ones it replaced.
pub async fn gateway_credentials(cfg: &Config, prefix: &str, out: &std::path::Path) -> anyhow::Result<()> {
    let authority = std::sync::Arc::new(lumiscape_lighting::load_authority(cfg)?);
    let pool = lumiscape_common::db::connect(&cfg.database.url, 2, Duration::from_secs(30)).await?;
    let done =
        lumiscape_lighting::gateway::credentials::write_fleet(&pool, &authority, &cfg.nats.prefix, prefix, out).await?;
    if done.issued > 0 {
        let nats =
            lumiscape_common::nats::connect_with(cfg, "lumiscape-gateway-credentials", Duration::from_secs(30)).await?;
        lumiscape_lighting::gateway::credentials::Sync::new(pool, nats.clone(), authority).push_until_held(5).await?;
        nats.flush().await?;
    }
    println!("gateway credentials in {}: {} issued, {} kept", out.display(), done.issued, done.kept);
    Ok(())
}

/// Seeds the system data; with `demo`, the demo accounts, projects and logo too. The demo
/// seed (well-known passwords) is refused unless demo mode is on.
pub async fn seed(cfg: &Config, demo: bool) -> anyhow::Result<()> {
    anyhow::ensure!(
        !demo || cfg.demo,
        "seed --demo creates accounts with well-known passwords and is refused outside demo mode; \
         set LUMISCAPE_DEMO=true (demo = true) on a demo installation"
    );
    let admin_password = if demo {
        lumiscape_common::config::DEMO_ADMIN_PASSWORD.to_owned()
    } else {
        let password = cfg.auth.admin_password.clone().ok_or_else(|| {
            anyhow::anyhow!("set the admin password (LUMISCAPE_ADMIN_PASSWORD) or seed the demo with --demo")
        })?;
        anyhow::ensure!(
            password != lumiscape_common::config::DEMO_ADMIN_PASSWORD && password.len() >= 8,
            "the admin password must be at least 8 characters and not the demo password"
        );
        // An administrator setting a password meets the same policy as everyone else.
        let policy = lumiscape_identity::auth::model::PasswordPolicy::from_config(&cfg.auth.password_policy);
        if let Err(msg) = policy.check(&password) {
            anyhow::bail!(
                "the admin password (LUMISCAPE_ADMIN_PASSWORD): {}",
                msg.text(lumiscape_common::i18n::Lang::En)
            );
        }
        password
    };
    let pool = lumiscape_common::db::connect(&cfg.database.url, 2, Duration::from_secs(30)).await?;
    lumiscape_identity::seed::seed_system(&pool, &admin_password).await?;
    if demo {
        lumiscape_identity::seed::seed_demo(&pool).await?;
        lumiscape_project::seed::seed_demo(&pool).await?;
        let gateways = lumiscape_lighting::seed::seed_demo(&pool).await?;
        lumiscape_project::seed::place_demo_gateways(&pool, &gateways).await?;
        lumiscape_alarm::seed::seed_demo(&pool).await?;
        let labels = lumiscape_lighting::seed::demo_gateway_labels();
        let points: Vec<lumiscape_maintenance::seed::DemoGateway> = gateways
            .iter()
            .zip(labels)
            .map(|(&(project_id, gateway_id), label)| lumiscape_maintenance::seed::DemoGateway {
                project_id,
                gateway_id,
                label,
            })
            .collect();
        let streams = lumiscape_common::nats::Streams::new(&cfg.nats.prefix);
        lumiscape_maintenance::seed::seed_demo(&pool, &streams, &points).await?;
        if let Some(files) = &cfg.http.files_dir {
            for (path, content) in lumiscape_project::seed::demo_files() {
                let file = files.join(path.trim_start_matches('/'));
                if let Some(parent) = file.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&file, content)?;
            }
        }
    }
    pool.close().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_covers_every_service() {
        let all = expand(&[Target::All]);
        for service in Target::SERVICES {
            assert!(all.contains(service));
        }
        assert!(!all.contains(&Target::All));
        assert_eq!(all.len(), Target::SERVICES.len());
    }

    #[test]
    fn targets_parse_and_print() {
        for target in [
            Target::All,
            Target::Edge,
            Target::Identity,
            Target::Project,
            Target::Lighting,
            Target::Alarm,
            Target::Bridge,
        ] {
            assert_eq!(target.as_str().parse::<Target>().unwrap(), target);
        }
        assert!("lighting-x".parse::<Target>().is_err());
        assert_eq!(" Edge ".parse::<Target>().unwrap(), Target::Edge);
    }

    #[test]
    fn repeated_targets_collapse() {
        assert_eq!(expand(&[Target::Edge, Target::Edge, Target::Identity]).len(), 2);
    }

    /// The edge's clients look for the services of their process when the edge starts; a
    /// service started after it would be called over TCP (the edge started first once, when
    /// the targets were kept in their enum's order).
    #[test]
    fn the_edge_starts_after_the_services_it_calls() {
        for targets in
            [&[Target::All][..], &[Target::Edge, Target::Project, Target::Identity], &[Target::Bridge, Target::Edge]]
        {
            let services = expand(targets);
            assert_eq!(services.last(), Some(&Target::Edge), "{targets:?}");
        }
        assert_eq!(expand(&[Target::Lighting, Target::Identity]), [Target::Identity, Target::Lighting]);
    }
}
