//! Identity: sign-in, sessions, organization, users, roles, menus, parameters,
//! dictionaries and the login log. One door: [`run`] (or [`start`], which returns once the service listens).

pub mod advice;
pub mod auth;
pub mod backup;
pub mod cache;
pub mod dept;
pub mod dict;
pub mod job;
pub mod loginlog;
pub mod menu;
pub mod operlog;
pub mod profile;
pub mod role;
pub mod seed;
pub mod sysconfig;
pub mod user;

use std::sync::Arc;
use std::time::Duration;

use lumiscape_common::Error;
use lumiscape_common::config::{Config, TrustedSystem};
use lumiscape_common::nats::Streams;
use lumiscape_common::outbox::Relay;
use lumiscape_common::service::{Context, serve_grpc, spawn_logged};
use lumiscape_proto::identity::v1 as pb;
use moka::future::Cache;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::auth::model::{LockPolicy, PasswordPolicy};
use crate::auth::store::UserRow;
use crate::dept::model::DeptIndex;
use crate::dict::store::DictDataRow;
use crate::sysconfig::store::ConfigValue;
use crate::user::model::UserScope;
use crate::user::store::UserFilter;

/// The schema identity owns.
pub const SCHEMA: &str = "identity";
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
lumiscape_common::service_tables!(Tables, "identity");

pub use lumiscape_common::service::Deps;

/// State shared by identity's gRPC services: the common context, the sign-in settings and
/// short read caches.
#[derive(Clone)]
pub struct Shared {
    pub ctx: Context,
    pub policy: LockPolicy,
    /// What a new password must hold.
    pub password_policy: PasswordPolicy,
    pub session_ttl: chrono::Duration,
    pub session_max: chrono::Duration,
    pub captcha_ttl: chrono::Duration,
    /// Where stored files (avatars) are written; served by the edge.
    pub files_dir: Option<std::path::PathBuf>,
    /// Signs and checks backups; derived from the deployment's signing key.
    pub backup_key: [u8; 32],
    captcha_override: Option<bool>,
    trusted: Arc<Vec<TrustedSystem>>,
    /// Oldest other-system token accepted, in seconds from its `iat`.
    other_system_max_age_seconds: i64,
    users: Cache<i64, Arc<UserRow>>,
    /// The user list's totals by scope and filters, for two seconds: counting tens of
    /// thousands of users on every page turn is most of the list's cost. Dropped on this
    /// replica by every write that changes who is counted; another replica's may lag by the
    /// lifetime.
    user_counts: Cache<(UserScope, UserFilter), i64>,
    /// Every organization node (`dept::model::DeptIndex`), for the user list's names and
    /// subtrees. Cleared by events on every replica at once (`cache::Cache::Dept`).
    dept_index: Cache<(), Arc<DeptIndex>>,
    pub(crate) routes: Cache<(i64, bool, u64), Arc<Vec<pb::Route>>>,
    pub(crate) configs: Cache<String, Option<ConfigValue>>,
    /// The enabled items of each dictionary type.
    pub(crate) dicts: Cache<String, Arc<Vec<DictDataRow>>>,
}

impl std::ops::Deref for Shared {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.ctx
    }
}

impl Shared {
    fn new(cfg: &Config, deps: &Deps) -> Self {
        let minutes = |m: u64| chrono::Duration::minutes(i64::try_from(m).unwrap_or(i64::MAX / 60_000));
        Self {
            ctx: Context::new(cfg, deps),
            policy: LockPolicy { max_attempts: cfg.auth.max_failed_attempts, lock_for: minutes(cfg.auth.lock_minutes) },
            password_policy: PasswordPolicy::from_config(&cfg.auth.password_policy),
            session_ttl: minutes(cfg.auth.session_ttl_minutes),
            session_max: minutes(cfg.auth.session_max_hours.saturating_mul(60)),
            captcha_ttl: chrono::Duration::seconds(i64::try_from(cfg.captcha.ttl_seconds).unwrap_or(120)),
            files_dir: cfg.http.files_dir.clone(),
            backup_key: backup::model::backup_key(cfg.signing_key()),
            captcha_override: cfg.captcha.enabled,
            trusted: Arc::new(cfg.auth.trusted_systems.clone()),
            other_system_max_age_seconds: i64::try_from(cfg.auth.other_system_max_age_seconds).unwrap_or(300),
            // Short lifetimes: edits through other replicas show within seconds.
            users: Cache::builder().max_capacity(100_000).time_to_live(Duration::from_secs(10)).build(),
            routes: Cache::builder().max_capacity(100_000).time_to_live(Duration::from_secs(10)).build(),
            user_counts: Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(2)).build(),
            // Cleared by events on every replica at once (`cache`); the lifetime is a fallback.
            configs: Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(60)).build(),
            dicts: Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(60)).build(),
            dept_index: Cache::builder().max_capacity(1).time_to_live(Duration::from_secs(60)).build(),
        }
    }

    /// Drops a user from the cache after an edit: here at once, and on every other replica
    /// as soon as it hears the clearing (`cache::announce`), within milliseconds. A replica
    /// that misses it keeps the row until its lifetime (10 s) ends.
    pub async fn forget_user(&self, user_id: i64) {
        self.users.invalidate(&user_id).await;
        cache::announce(self, cache::Cache::User, &user_id.to_string()).await;
    }

    /// Drops every cached user of this replica (after a restore).
    pub fn forget_all_users(&self) {
        self.users.invalidate_all();
        self.forget_user_counts();
        self.forget_depts();
    }

    /// Drops this replica's organization index (after a node is added, changed or removed).
    pub fn forget_depts(&self) {
        self.dept_index.invalidate_all();
    }

    /// Every organization node, read once and kept until a change clears it.
    pub async fn dept_index(&self) -> Result<Arc<DeptIndex>, Error> {
        let pool = self.pool.clone();
        self.dept_index
            .try_get_with((), async move {
                let rows = dept::store::list(&pool, None, "", "").await?;
                Ok::<_, sqlx::Error>(Arc::new(DeptIndex::new(
                    rows.into_iter().map(|d| (d.dept_id, d.ancestors, d.dept_name, d.leader)),
                )))
            })
            .await
            .map_err(|err| Error::internal(anyhow::anyhow!("organization index failed: {err}")))
    }

    /// Drops the user list's totals after a write that changes who is counted.
    pub fn forget_user_counts(&self) {
        self.user_counts.invalidate_all();
    }

    /// The user list's total for a scope and filters (see `user_counts`).
    pub async fn user_count(&self, scope: UserScope, filter: UserFilter) -> Result<i64, Error> {
        let pool = self.pool.clone();
        self.user_counts
            .try_get_with(
                (scope.clone(), filter.clone()),
                async move { user::store::count(&pool, &scope, &filter).await },
            )
            .await
            .map_err(|err| Error::internal(anyhow::anyhow!("user count failed: {err}")))
    }

    /// A config entry, cached for a few seconds.
    pub async fn cached_config(&self, key: &str) -> Result<Option<ConfigValue>, Error> {
        let pool = self.pool.clone();
        let owned = key.to_owned();
        self.configs
            .try_get_with(owned.clone(), async move { sysconfig::store::find_by_key(&pool, &owned).await })
            .await
            .map_err(|err| Error::internal(anyhow::anyhow!("config read failed: {err}")))
    }

    /// The enabled items of a dictionary type, cached until an edit clears them.
    pub async fn cached_dict(&self, dict_type: &str) -> Result<Arc<Vec<DictDataRow>>, Error> {
        let pool = self.pool.clone();
        let owned = dict_type.to_owned();
        self.dicts
            .try_get_with(owned.clone(), async move { dict::store::data_by_type(&pool, &owned).await.map(Arc::new) })
            .await
            .map_err(|err| Error::internal(anyhow::anyhow!("dictionary read failed: {err}")))
    }

    /// The captcha switch: the deployment's setting, else the `sys.account.captchaEnabled`
    /// config entry, else on.
    pub async fn captcha_enabled(&self) -> Result<bool, Error> {
        if let Some(enabled) = self.captcha_override {
            return Ok(enabled);
        }
        let entry = self.cached_config(sysconfig::CAPTCHA_ENABLED_KEY).await?;
        Ok(entry.and_then(|e| sysconfig::parse_flag(&e.config_value)).unwrap_or(true))
    }
}

/// Starts identity: its stream, outbox relay, login-log consumer and gRPC server.
/// Returns once the server listens; the handle ends when `shutdown` is cancelled.
pub async fn start(
    cfg: &Config,
    deps: Deps,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<anyhow::Result<()>>> {
    if !cfg.demo {
        refuse_demo_passwords(&deps.pool).await?;
    }
    let shared = Shared::new(cfg, &deps);
    let js = shared.js.clone();
    Streams::ensure(&js, &shared.streams.identity()).await?;

    let relay = Relay::<Tables>::new("identity", deps.pool.clone(), js.clone(), shared.outbox.clone());
    spawn_logged("identity outbox relay", relay.run(shutdown.clone()));
    let login_log = loginlog::events::run(deps.pool.clone(), js, shared.streams.clone(), shutdown.clone());
    spawn_logged("login log consumer", login_log);
    let oper_log = operlog::events::run(deps.pool.clone(), shared.js.clone(), shared.streams.clone(), shutdown.clone());
    spawn_logged("operation log consumer", oper_log);
    spawn_logged("job scheduler", job::scheduler::run(shared.clone(), shutdown.clone()));
    spawn_logged("identity cache clearing", cache::follow(shared.clone(), shutdown.clone()));
    spawn_logged("project grants consumer", user::grants::run(shared.clone(), shutdown.clone()));

    let routes = Routes::new(pb::auth_service_server::AuthServiceServer::new(auth::grpc::AuthApi::new(shared.clone())))
        .add_service(pb::menu_service_server::MenuServiceServer::new(menu::grpc::MenuApi::new(shared.clone())))
        .add_service(pb::config_service_server::ConfigServiceServer::new(sysconfig::grpc::ConfigApi::new(
            shared.clone(),
        )))
        .add_service(pb::dict_service_server::DictServiceServer::new(dict::grpc::DictApi::new(shared.clone())))
        .add_service(pb::organization_service_server::OrganizationServiceServer::new(dept::grpc::OrganizationApi::new(
            shared.clone(),
        )))
        .add_service(pb::user_admin_service_server::UserAdminServiceServer::new(user::grpc::UserAdminApi::new(
            shared.clone(),
        )))
        .add_service(pb::role_service_server::RoleServiceServer::new(role::grpc::RoleApi::new(shared.clone())))
        .add_service(pb::project_member_service_server::ProjectMemberServiceServer::new(
            user::member::ProjectMemberApi::new(shared.clone()),
        ))
        .add_service(pb::login_log_service_server::LoginLogServiceServer::new(loginlog::grpc::LoginLogApi::new(
            shared.clone(),
        )))
        .add_service(pb::oper_log_service_server::OperLogServiceServer::new(operlog::grpc::OperLogApi::new(
            shared.clone(),
        )))
        .add_service(pb::advice_service_server::AdviceServiceServer::new(advice::grpc::AdviceApi::new(shared.clone())))
        .add_service(pb::job_service_server::JobServiceServer::new(job::grpc::JobApi::new(shared.clone())))
        .add_service(
            pb::backup_service_server::BackupServiceServer::new(backup::grpc::BackupApi::new(shared.clone()))
                .max_decoding_message_size(backup::grpc::MAX_MESSAGE_BYTES)
                .max_encoding_message_size(backup::grpc::MAX_MESSAGE_BYTES),
        )
        .add_service(pb::profile_service_server::ProfileServiceServer::new(profile::grpc::ProfileApi::new(shared)));
    serve_grpc("identity", cfg.grpc.identity_listen, routes, &deps.local, shutdown).await
}

/// Runs identity until `shutdown`.
pub async fn run(cfg: &Config, deps: Deps, shutdown: CancellationToken) -> anyhow::Result<()> {
    start(cfg, deps, shutdown).await?.await?
}

/// Outside demo mode no account of the demo seed may still open the system with its
/// well-known password.
async fn refuse_demo_passwords(pool: &PgPool) -> anyhow::Result<()> {
    for (user_name, demo_password) in seed::DEMO_ACCOUNTS {
        let Some(user) = auth::store::find_user_by_name(pool, user_name).await? else {
            continue;
        };
        let hash = user.password_hash.clone();
        let is_default =
            tokio::task::spawn_blocking(move || auth::model::verify_password(&hash, demo_password)).await?;
        anyhow::ensure!(
            !is_default,
            "the {user_name} account still has the demo password; change it or run in demo mode (LUMISCAPE_DEMO=true)"
        );
    }
    Ok(())
}
