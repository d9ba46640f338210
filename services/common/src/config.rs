//! Configuration in layers: defaults, a TOML file, `LUMISCAPE_*` environment variables
//! (`__` for nesting, plus a few documented short names) and command-line flags, then
//! [`Config::validate`]. Unknown keys are refused so a typo never goes unnoticed.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

/// The signing key used when demo mode runs without one. Refused outside demo mode.
pub const DEMO_SIGNING_KEY: &str = "lumiscape-demo-signing-key-not-for-production-use";
/// The demo seed's admin password. Refused outside demo mode.
pub const DEMO_ADMIN_PASSWORD: &str = "admin123";
/// Shortest signing key accepted (bytes): HS256 wants at least 256 bits.
pub const MIN_SIGNING_KEY_LEN: usize = 32;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Demo mode allows the demo seed's well-known password and a built-in signing key.
    pub demo: bool,
    pub database: DatabaseConfig,
    pub nats: NatsConfig,
    pub http: HttpConfig,
    pub grpc: GrpcConfig,
    pub auth: AuthConfig,
    pub captcha: CaptchaConfig,
    pub log: LogConfig,
    pub bridge: BridgeConfig,
    pub telemetry: TelemetryConfig,
    pub files: FilesConfig,
    pub lighting: LightingConfig,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DatabaseConfig {
    pub url: String,
    pub max_connections: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NatsConfig {
    pub url: String,
    /// Prefix of every stream, subject and bucket name; lets several deployments (or
    /// tests) share one NATS server without seeing each other.
    pub prefix: String,
    /// The services' NATS credentials (`services.creds` of `lumiscape nats-auth`); none for
    /// a server without authentication.
    pub credentials_file: Option<PathBuf>,
    /// The authority that issues and revokes gateway credentials (`authority.json` of
    /// `lumiscape nats-auth`). Lighting needs it.
    pub authority_file: Option<PathBuf>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HttpConfig {
    /// Where the edge API (or, without the edge, the health and metrics endpoints) listens.
    pub listen: SocketAddr,
    pub base_path: String,
    pub body_limit_bytes: usize,
    /// The built console; served at `/` with history-mode fallback when present.
    pub console_dir: Option<PathBuf>,
    /// Stored files (logos, uploads), served read-only under `{base_path}/files/`.
    pub files_dir: Option<PathBuf>,
    /// Where health (`/healthz`, `/readyz`) and `/metrics` are served for operators. Unset,
    /// the edge serves no metrics at all; the API address keeps health for load balancers
    /// either way. A process without the edge serves them on `listen` when this is unset.
    pub ops_listen: Option<SocketAddr>,
    /// The edge is reached through TLS (directly or through a terminating proxy): answers
    /// carry `Strict-Transport-Security`.
    pub behind_tls: bool,
    /// Addresses of the proxies in front of the edge whose `X-Forwarded-For` is believed
    /// (exact addresses, no ranges). Empty, the header is never read: the client is the
    /// connection's peer, for the rate limits and the login log alike.
    pub trusted_proxies: Vec<IpAddr>,
    pub rate_limit: RateLimitConfig,
    /// Live push streams one session may hold open at once (`GET /live/stream`).
    pub live_streams_per_session: usize,
    /// A connection that has not sent a whole request head within this many seconds is
    /// closed (slowloris).
    pub header_read_timeout_seconds: u64,
    /// A request whose answer has not begun within this many seconds gets a 504 in the
    /// envelope and its work is dropped (a live stream's answer begins at once).
    pub request_timeout_seconds: u64,
}

/// Token buckets of the sign-in routes, each refilling evenly over a minute and holding a
/// minute's worth at most.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RateLimitConfig {
    /// Sign-in attempts (`/login`, `/loginByOtherSystem`) from one client address.
    pub login_per_ip_per_minute: u32,
    /// `/login` attempts naming one user name, from any address.
    pub login_per_account_per_minute: u32,
    /// `/captchaImage` requests from one client address.
    pub captcha_per_ip_per_minute: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GrpcConfig {
    pub identity_listen: SocketAddr,
    pub project_listen: SocketAddr,
    pub lighting_listen: SocketAddr,
    pub alarm_listen: SocketAddr,
    pub bridge_listen: SocketAddr,
    pub maintenance_listen: SocketAddr,
    pub identity_url: String,
    pub project_url: String,
    pub lighting_url: String,
    pub alarm_url: String,
    pub bridge_url: String,
    pub maintenance_url: String,
    /// HTTP/2 connections a client keeps to each service, used in turn.
    pub client_connections: usize,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AuthConfig {
    /// HMAC key signing access tokens; shared by every process of one deployment.
    pub signing_key: Option<String>,
    /// A session ends after this many minutes without a refresh.
    pub session_ttl_minutes: u64,
    /// A token is refused after this many hours whatever the refreshes.
    pub session_max_hours: u64,
    /// Wrong passwords in a row that lock an account.
    pub max_failed_attempts: u32,
    pub lock_minutes: u64,
    /// Password of the `admin` account created by `seed` outside demo mode.
    pub admin_password: Option<String>,
    /// Systems whose signed tokens may be exchanged for a session (`/loginByOtherSystem`).
    pub trusted_systems: Vec<TrustedSystem>,
    /// Oldest other-system token accepted, counted from its `iat` claim.
    pub other_system_max_age_seconds: u64,
    /// What a new password must hold (applied when a password is set, never at sign-in).
    pub password_policy: PasswordPolicyConfig,
}

/// The server's password rules; the default is the spec's strength rule.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PasswordPolicyConfig {
    /// Fewest characters.
    pub min_length: usize,
    pub require_upper: bool,
    pub require_lower: bool,
    pub require_digit: bool,
    /// Anything neither a letter, a digit nor a space.
    pub require_special: bool,
}

impl Default for PasswordPolicyConfig {
    fn default() -> Self {
        Self { min_length: 8, require_upper: true, require_lower: true, require_digit: true, require_special: true }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrustedSystem {
    /// Expected `iss` claim of the other system's token.
    pub name: String,
    /// HMAC key (HS256) the other system signs with.
    pub key: String,
    /// The `aud` claim its tokens must carry.
    #[serde(default = "default_audience")]
    pub audience: String,
}

/// The audience other systems address their tokens to unless configured otherwise.
pub const DEFAULT_AUDIENCE: &str = "lumiscape";

fn default_audience() -> String {
    DEFAULT_AUDIENCE.to_owned()
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CaptchaConfig {
    /// Overrides the `sys.account.captchaEnabled` config entry when set.
    pub enabled: Option<bool>,
    pub ttl_seconds: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BridgeConfig {
    /// A gateway silent for this long (no heartbeat, telemetry or event) is offline.
    pub offline_after_seconds: u64,
    /// How long a command waits for the gateway's acknowledgement by default.
    pub command_timeout_ms: u64,
    /// Most device messages taken from the stream in one pull.
    pub fetch_batch: usize,
    /// Deliveries of one message before a consumer gives it up (terminates it). Failures
    /// are retried with a pause growing to 30 s, so 20 ride out minutes of a database
    /// being away; a message that can never be handled is terminated at once.
    pub max_deliver: i64,
    /// Partitions of the gateways (by serial) that bridges share out: the most bridges that
    /// can take part. Every bridge of a deployment sets the same value; a change re-partitions
    /// the device stream once the backlog of the old partitions is handled (docs/scaling.md).
    pub partitions: u32,
    /// How long a bridge's claim on a partition lasts unless renewed (renewed every third of
    /// it): how soon another bridge takes over the partitions of one that died.
    pub lease_seconds: u64,
}

/// The plan executor (docs/scheduler.md, "The plan executor").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LightingConfig {
    /// How often the executor sends what is queued, renews schedules and compares loops with
    /// their plan.
    pub executor_interval_seconds: u64,
    /// A loop differing from what it should be for this long is put back once; differing as
    /// long again after that, it raises the "loop state mismatch" alarm.
    pub mismatch_after_seconds: u64,
    /// A command queued for a gateway that is away is given up after this many hours.
    pub queue_expiry_hours: u64,
    /// An issued schedule is renewed once it has been followed this many hours, so every
    /// gateway always holds days of plan ahead.
    pub renew_after_hours: u64,
}

impl Default for LightingConfig {
    fn default() -> Self {
        Self {
            executor_interval_seconds: 10,
            mismatch_after_seconds: 180,
            queue_expiry_hours: 24,
            renew_after_hours: 24,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TelemetryConfig {
    /// Stored telemetry older than this many days is dropped (whole daily partitions).
    pub retention_days: u32,
    /// Communication records are kept for the current month and this many before it (whole
    /// monthly partitions).
    pub communication_retention_months: u32,
    /// How often stored samples are folded into the energy rollups (docs/energy.md).
    pub energy_roll_seconds: u32,
    /// The energy rollups' hours are kept for the current month and this many before it
    /// (whole monthly partitions); days and months are kept for ever. Unset: 13, or more when
    /// `retention_days` needs it ([`TelemetryConfig::energy_hour_months`]). The hours must
    /// outlive the samples and the longest gap the roller spreads, so a day summed again from
    /// its hours finds them all.
    pub energy_hour_retention_months: Option<u32>,
}

/// The longest gap between two readings the energy roller spreads hour by hour (lighting's
/// `energy::model::LONGEST_SPREAD`, which its tests hold to this).
pub const ENERGY_LONGEST_SPREAD_DAYS: u32 = 31;

impl TelemetryConfig {
    /// The days the kept hours must span at the least: the samples' retention or the longest
    /// spread gap, and two days for local days across a UTC month's start.
    fn energy_hour_days_needed(&self) -> u64 {
        u64::from(self.retention_days.max(ENERGY_LONGEST_SPREAD_DAYS)) + 2
    }

    /// How many months of energy hours are kept before the current one.
    pub fn energy_hour_months(&self) -> u32 {
        self.energy_hour_retention_months.unwrap_or_else(|| {
            (13..=1200).find(|&months| fewest_days_in(months) >= self.energy_hour_days_needed()).unwrap_or(1200)
        })
    }
}

/// The fewest days that `months` whole calendar months in a row can have.
fn fewest_days_in(months: u32) -> u64 {
    (2021..=2024)
        .flat_map(|year| (1..=12).filter_map(move |month| chrono::NaiveDate::from_ymd_opt(year, month, 1)))
        .filter_map(|first| first.checked_add_months(chrono::Months::new(months)).map(|end| (end - first).num_days()))
        .map(|days| u64::try_from(days).unwrap_or(0))
        .min()
        .unwrap_or(0)
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// `text` or `json`.
    pub format: String,
    /// A tracing filter, e.g. `info,lumiscape_identity=debug`.
    pub level: String,
}

/// Uploaded files (docs/files.md): the size limit of each upload type and where files are
/// stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FilesConfig {
    /// Largest image (upload type 1), in bytes.
    pub image_max_bytes: u64,
    /// Largest document (upload type 2), in bytes.
    pub document_max_bytes: u64,
    /// Largest media file (upload type 3), in bytes.
    pub media_max_bytes: u64,
    /// `local` (the directory `http.files_dir`, which the edge serves) or `s3`.
    pub store: String,
    /// The S3-compatible bucket when `store` is `s3`.
    pub s3: S3Config,
}

/// An S3-compatible bucket (AWS, MinIO, Ceph...). Credentials may also come from the
/// standard `AWS_*` environment variables.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct S3Config {
    pub bucket: String,
    pub region: String,
    /// The service's URL for a store other than AWS (`http://127.0.0.1:9000`); empty for AWS.
    pub endpoint: String,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    /// Allow an `http://` endpoint (a store on a private network).
    pub allow_http: bool,
}

impl Default for FilesConfig {
    fn default() -> Self {
        Self {
            image_max_bytes: 5 * 1024 * 1024,
            document_max_bytes: 20 * 1024 * 1024,
            media_max_bytes: 200 * 1024 * 1024,
            store: "local".into(),
            s3: S3Config::default(),
        }
    }
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        Self { url: "postgres://postgres@127.0.0.1:5432/lumiscape".into(), max_connections: 16 }
    }
}

impl Default for NatsConfig {
    fn default() -> Self {
        Self {
            url: "nats://127.0.0.1:4222".into(),
            prefix: String::new(),
            credentials_file: None,
            authority_file: None,
        }
    }
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self {
            listen: ([127, 0, 0, 1], 8080).into(),
            base_path: "/prod-api".into(),
            body_limit_bytes: 2 * 1024 * 1024,
            console_dir: None,
            files_dir: None,
            ops_listen: None,
            behind_tls: false,
            trusted_proxies: Vec::new(),
            rate_limit: RateLimitConfig::default(),
            live_streams_per_session: 8,
            header_read_timeout_seconds: 10,
            request_timeout_seconds: 60,
        }
    }
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        Self { login_per_ip_per_minute: 30, login_per_account_per_minute: 10, captcha_per_ip_per_minute: 60 }
    }
}

impl Default for GrpcConfig {
    fn default() -> Self {
        Self {
            identity_listen: ([127, 0, 0, 1], 50051).into(),
            project_listen: ([127, 0, 0, 1], 50052).into(),
            lighting_listen: ([127, 0, 0, 1], 50053).into(),
            alarm_listen: ([127, 0, 0, 1], 50054).into(),
            bridge_listen: ([127, 0, 0, 1], 50055).into(),
            maintenance_listen: ([127, 0, 0, 1], 50056).into(),
            identity_url: "http://127.0.0.1:50051".into(),
            project_url: "http://127.0.0.1:50052".into(),
            lighting_url: "http://127.0.0.1:50053".into(),
            alarm_url: "http://127.0.0.1:50054".into(),
            bridge_url: "http://127.0.0.1:50055".into(),
            maintenance_url: "http://127.0.0.1:50056".into(),
            client_connections: 2,
        }
    }
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            signing_key: None,
            session_ttl_minutes: 720,
            session_max_hours: 24 * 7,
            max_failed_attempts: 5,
            lock_minutes: 10,
            admin_password: None,
            trusted_systems: Vec::new(),
            other_system_max_age_seconds: 300,
            password_policy: PasswordPolicyConfig::default(),
        }
    }
}

impl Default for CaptchaConfig {
    fn default() -> Self {
        Self { enabled: None, ttl_seconds: 120 }
    }
}

impl Default for BridgeConfig {
    fn default() -> Self {
        Self {
            offline_after_seconds: 90,
            command_timeout_ms: 5000,
            fetch_batch: 1000,
            max_deliver: 20,
            partitions: 1,
            lease_seconds: 6,
        }
    }
}

impl Default for TelemetryConfig {
    fn default() -> Self {
        Self {
            retention_days: 90,
            communication_retention_months: 3,
            energy_roll_seconds: 60,
            energy_hour_retention_months: None,
        }
    }
}

impl Default for LogConfig {
    fn default() -> Self {
        Self { format: "text".into(), level: "info".into() }
    }
}

/// Environment variables under the `LUMISCAPE_` prefix that are not configuration.
const NON_CONFIG_ENV: &[&str] = &["config", "targets"];

/// Short environment names documented in the README, and the key each one sets.
const ENV_ALIASES: &[(&str, &str)] = &[
    ("database_url", "database.url"),
    ("nats_url", "nats.url"),
    ("nats_prefix", "nats.prefix"),
    ("nats_credentials", "nats.credentials_file"),
    ("nats_authority", "nats.authority_file"),
    ("captcha_enabled", "captcha.enabled"),
    ("signing_key", "auth.signing_key"),
    ("admin_password", "auth.admin_password"),
    ("http_listen", "http.listen"),
    ("console_dir", "http.console_dir"),
    ("files_dir", "http.files_dir"),
    ("log_level", "log.level"),
    ("log_format", "log.format"),
];

/// A setting that must lie between `low` and `high`: "<name> must be <low> to <high>, not <value>".
fn within<T: PartialOrd + std::fmt::Display>(name: &str, value: T, low: T, high: T) -> Result<(), ConfigError> {
    if value < low || value > high {
        return Err(ConfigError::Invalid(format!("{name} must be {low} to {high}, not {value}")));
    }
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration could not be read: {0}")]
    Load(#[from] Box<figment::Error>),
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

impl Config {
    /// Loads defaults, then `file` (when given), then the environment, then `overrides`
    /// (the command-line flags, as a partial TOML-shaped value), and validates the result.
    pub fn load(file: Option<&Path>, overrides: serde_json::Value) -> Result<Self, ConfigError> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Some(path) = file {
            if !path.exists() {
                return Err(ConfigError::Invalid(format!("config file {} does not exist", path.display())));
            }
            figment = figment.merge(Toml::file(path));
        }
        let env = Env::prefixed("LUMISCAPE_")
            .filter(|key| {
                let key = key.as_str().to_ascii_lowercase();
                !key.starts_with("test_")
                    && !key.starts_with("e2e_")
                    && !key.starts_with("bench_")
                    && !NON_CONFIG_ENV.contains(&key.as_str())
            })
            .map(|key| {
                let lower = key.as_str().to_ascii_lowercase();
                match ENV_ALIASES.iter().find(|(alias, _)| *alias == lower) {
                    Some((_, target)) => (*target).into(),
                    None => lower.replace("__", ".").into(),
                }
            });
        figment = figment.merge(env);
        if !overrides.is_null() {
            figment = figment.merge(Serialized::defaults(overrides));
        }
        let config: Config = figment.extract().map_err(|e| ConfigError::Load(Box::new(e)))?;
        config.validate()?;
        Ok(config)
    }

    /// Checks the values that cannot be checked by their types.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |msg: String| Err(ConfigError::Invalid(msg));
        if !self.http.base_path.starts_with('/') || self.http.base_path.ends_with('/') {
            return invalid(format!(
                "http.base_path must start with '/' and not end with it: {:?}",
                self.http.base_path
            ));
        }
        within("grpc.client_connections", self.grpc.client_connections, 1, 64)?;
        within("lighting.executor_interval_seconds", self.lighting.executor_interval_seconds, 1, 3600)?;
        within("lighting.mismatch_after_seconds", self.lighting.mismatch_after_seconds, 1, 86_400)?;
        within("lighting.queue_expiry_hours", self.lighting.queue_expiry_hours, 1, 168)?;
        within("lighting.renew_after_hours", self.lighting.renew_after_hours, 1, 144)?;
        if self.http.body_limit_bytes == 0 {
            return invalid("http.body_limit_bytes must be positive".into());
        }
        let limits = &self.http.rate_limit;
        for (name, value) in [
            ("login_per_ip_per_minute", limits.login_per_ip_per_minute),
            ("login_per_account_per_minute", limits.login_per_account_per_minute),
            ("captcha_per_ip_per_minute", limits.captcha_per_ip_per_minute),
        ] {
            within(&format!("http.rate_limit.{name}"), value, 1, 1_000_000)?;
        }
        within("http.header_read_timeout_seconds", self.http.header_read_timeout_seconds, 1, 300)?;
        within("http.request_timeout_seconds", self.http.request_timeout_seconds, 1, 600)?;
        if self.http.ops_listen.is_some_and(|ops| ops == self.http.listen) {
            return invalid("http.ops_listen must differ from http.listen".into());
        }
        if self.auth.session_ttl_minutes == 0 || self.auth.session_max_hours == 0 {
            return invalid("auth.session_ttl_minutes and auth.session_max_hours must be positive".into());
        }
        if self.auth.max_failed_attempts == 0 || self.auth.lock_minutes == 0 {
            return invalid("auth.max_failed_attempts and auth.lock_minutes must be positive".into());
        }
        if !matches!(self.log.format.as_str(), "text" | "json") {
            return invalid(format!("log.format must be 'text' or 'json', not {:?}", self.log.format));
        }
        if !self.nats.prefix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return invalid("nats.prefix may hold only letters, digits, '_' and '-'".into());
        }
        if self.bridge.offline_after_seconds == 0 || self.bridge.command_timeout_ms == 0 {
            return invalid("bridge.offline_after_seconds and bridge.command_timeout_ms must be positive".into());
        }
        if self.bridge.command_timeout_ms > 30_000 {
            return invalid("bridge.command_timeout_ms may be at most 30000".into());
        }
        within("bridge.fetch_batch", self.bridge.fetch_batch, 1, 10_000)?;
        within("bridge.max_deliver", self.bridge.max_deliver, 1, 100)?;
        within("bridge.partitions", self.bridge.partitions, 1, 64)?;
        within("bridge.lease_seconds", self.bridge.lease_seconds, 3, 60)?;
        within("telemetry.retention_days", self.telemetry.retention_days, 1, 3650)?;
        within("telemetry.communication_retention_months", self.telemetry.communication_retention_months, 1, 120)?;
        within("telemetry.energy_roll_seconds", self.telemetry.energy_roll_seconds, 1, 3600)?;
        if let Some(months) = self.telemetry.energy_hour_retention_months {
            within("telemetry.energy_hour_retention_months", months, 1, 1200)?;
            if fewest_days_in(months) < self.telemetry.energy_hour_days_needed() {
                return invalid(format!(
                    "telemetry.energy_hour_retention_months must keep the energy hours longer than \
                     telemetry.retention_days keeps the samples and than {ENERGY_LONGEST_SPREAD_DAYS} days \
                     (at least {} days; {months} months may be {})",
                    self.telemetry.energy_hour_days_needed(),
                    fewest_days_in(months)
                ));
            }
        }
        for system in &self.auth.trusted_systems {
            if system.name.is_empty() || system.key.len() < MIN_SIGNING_KEY_LEN || system.audience.is_empty() {
                return invalid(format!(
                    "auth.trusted_systems: each needs a name, an audience and a key of at least \
                     {MIN_SIGNING_KEY_LEN} bytes"
                ));
            }
        }
        within("auth.other_system_max_age_seconds", self.auth.other_system_max_age_seconds, 1, 86_400)?;
        // The personal center takes new passwords of at most 20 characters (spec).
        within("auth.password_policy.min_length", self.auth.password_policy.min_length, 1, 20)?;
        for (name, value) in [
            ("image_max_bytes", self.files.image_max_bytes),
            ("document_max_bytes", self.files.document_max_bytes),
            ("media_max_bytes", self.files.media_max_bytes),
        ] {
            within(&format!("files.{name}"), value, 1, 4 << 30)?;
        }
        match self.files.store.as_str() {
            "local" => {}
            "s3" if !self.files.s3.bucket.is_empty() => {}
            "s3" => return invalid("files.s3.bucket is required when files.store is 's3'".into()),
            other => return invalid(format!("files.store must be 'local' or 's3', not {other:?}")),
        }
        Ok(())
    }

    /// Checks the secrets a running service needs: outside demo mode a signing key of our
    /// own and no demo admin password.
    pub fn require_secrets(&self) -> Result<(), ConfigError> {
        let invalid = |msg: String| Err(ConfigError::Invalid(msg));
        match self.auth.signing_key.as_deref() {
            Some(key) if key.len() < MIN_SIGNING_KEY_LEN => {
                return invalid(format!("auth.signing_key must be at least {MIN_SIGNING_KEY_LEN} bytes"));
            }
            Some(DEMO_SIGNING_KEY) if !self.demo => {
                return invalid(
                    "auth.signing_key is the demo key; set a secret of your own (LUMISCAPE_SIGNING_KEY)".into(),
                );
            }
            None if !self.demo => {
                return invalid(
                    "auth.signing_key is missing; set LUMISCAPE_SIGNING_KEY (refused outside demo mode)".into(),
                );
            }
            _ => {}
        }
        if !self.demo && self.auth.admin_password.as_deref() == Some(DEMO_ADMIN_PASSWORD) {
            return invalid("auth.admin_password is the demo password; choose another outside demo mode".into());
        }
        Ok(())
    }

    /// The signing key in force: the configured one, or the demo key in demo mode.
    pub fn signing_key(&self) -> &str {
        self.auth.signing_key.as_deref().unwrap_or(DEMO_SIGNING_KEY)
    }

    /// The prefixed form of a subject (`identity.login.failed`).
    pub fn nats_subject(&self, subject: &str) -> String {
        if self.nats.prefix.is_empty() { subject.to_owned() } else { format!("{}.{subject}", self.nats.prefix) }
    }

    /// The prefixed name of a stream or bucket.
    pub fn nats_name(&self, name: &str) -> String {
        if self.nats.prefix.is_empty() { name.to_owned() } else { format!("{}_{name}", self.nats.prefix) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> Config {
        Config { demo: true, ..Config::default() }
    }

    #[test]
    fn demo_mode_accepts_the_demo_key() {
        assert!(demo().validate().is_ok());
        assert!(demo().require_secrets().is_ok());
        assert_eq!(demo().signing_key(), DEMO_SIGNING_KEY);
    }

    #[test]
    fn production_refuses_missing_or_default_secrets() {
        let mut cfg = Config::default();
        assert!(cfg.validate().is_ok(), "structure alone needs no secret");
        assert!(cfg.require_secrets().is_err(), "missing key");
        cfg.auth.signing_key = Some(DEMO_SIGNING_KEY.into());
        assert!(cfg.require_secrets().is_err(), "demo key");
        cfg.auth.signing_key = Some("short".into());
        assert!(cfg.require_secrets().is_err(), "short key");
        cfg.auth.signing_key = Some("x".repeat(40));
        assert!(cfg.require_secrets().is_ok());
        cfg.auth.admin_password = Some(DEMO_ADMIN_PASSWORD.into());
        assert!(cfg.require_secrets().is_err(), "demo admin password");
    }

    #[test]
    fn password_policy_and_other_system_settings_are_read_and_checked() {
        let cfg = Config::load(None, serde_json::json!({"demo": true})).unwrap();
        assert_eq!(cfg.auth.password_policy.min_length, 8);
        assert!(cfg.auth.password_policy.require_special);
        assert_eq!(cfg.auth.other_system_max_age_seconds, 300);
        let overrides = serde_json::json!({"demo": true, "auth": {
            "password_policy": {"min_length": 12, "require_special": false},
            "trusted_systems": [{"name": "portal", "key": "k".repeat(32)}],
        }});
        let cfg = Config::load(None, overrides).unwrap();
        assert_eq!(cfg.auth.password_policy.min_length, 12);
        assert!(!cfg.auth.password_policy.require_special && cfg.auth.password_policy.require_upper);
        assert_eq!(cfg.auth.trusted_systems[0].audience, DEFAULT_AUDIENCE);
        let typo = serde_json::json!({"demo": true, "auth": {"password_policy": {"min_len": 12}}});
        assert!(Config::load(None, typo).is_err());
        let zero = serde_json::json!({"demo": true, "auth": {"password_policy": {"min_length": 0}}});
        assert!(Config::load(None, zero).is_err());
        let no_age = serde_json::json!({"demo": true, "auth": {"other_system_max_age_seconds": 0}});
        assert!(Config::load(None, no_age).is_err());
    }

    #[test]
    fn base_path_shape_is_checked() {
        let mut cfg = demo();
        cfg.http.base_path = "prod-api".into();
        assert!(cfg.validate().is_err());
        cfg.http.base_path = "/prod-api/".into();
        assert!(cfg.validate().is_err());
    }

    #[test]
    fn overrides_win_and_unknown_keys_are_refused() {
        let cfg = Config::load(None, serde_json::json!({"demo": true, "http": {"base_path": "/api"}})).unwrap();
        assert_eq!(cfg.http.base_path, "/api");
        let err = Config::load(None, serde_json::json!({"demo": true, "htp": {"x": 1}}));
        assert!(err.is_err());
    }

    #[test]
    fn rate_limits_and_the_ops_address_are_checked() {
        let mut cfg = demo();
        cfg.http.rate_limit.login_per_account_per_minute = 0;
        assert!(cfg.validate().is_err());
        let mut cfg = demo();
        cfg.http.ops_listen = Some(cfg.http.listen);
        assert!(cfg.validate().is_err());
        let cfg = Config::load(
            None,
            serde_json::json!({"demo": true, "http": {"rate_limit": {"captcha_per_ip_per_minute": 5}}}),
        )
        .unwrap();
        assert_eq!(cfg.http.rate_limit.captcha_per_ip_per_minute, 5);
        assert_eq!(cfg.http.rate_limit.login_per_ip_per_minute, 30, "the others keep their defaults");
        let typo = serde_json::json!({"demo": true, "http": {"rate_limit": {"login_per_minute": 5}}});
        assert!(Config::load(None, typo).is_err());
    }

    /// `set` at 0, 1, `max` and `max + 1`: only the middle two hold, and a refusal names the
    /// setting and its bounds.
    fn assert_bounded(set: fn(&mut Config, u64), name: &str, max: u64) {
        for (value, holds) in [(0, false), (1, true), (max, true), (max + 1, false)] {
            let mut cfg = demo();
            set(&mut cfg, value);
            let answer = cfg.validate();
            assert_eq!(answer.is_ok(), holds, "{name} = {value}");
            if let Err(e) = answer {
                assert!(e.to_string().contains(&format!("{name} must be 1 to {max}")), "{e}");
            }
        }
    }

    #[test]
    fn the_header_read_timeout_is_bounded() {
        assert_bounded(|cfg, v| cfg.http.header_read_timeout_seconds = v, "http.header_read_timeout_seconds", 300);
        let word = serde_json::json!({"demo": true, "http": {"header_read_timeout_seconds": "ten"}});
        assert!(Config::load(None, word).is_err());
    }

    #[test]
    fn the_request_timeout_is_bounded() {
        assert_eq!(demo().http.request_timeout_seconds, 60);
        assert_bounded(|cfg, v| cfg.http.request_timeout_seconds = v, "http.request_timeout_seconds", 600);
    }

    #[test]
    fn the_energy_hours_outlive_the_samples() {
        assert_eq!((fewest_days_in(1), fewest_days_in(3), fewest_days_in(12), fewest_days_in(13)), (28, 89, 365, 393));
        let cfg = demo();
        assert_eq!((cfg.telemetry.energy_hour_months(), cfg.telemetry.retention_days), (13, 90));
        let with = |months: Option<u32>, days: u32| {
            let mut cfg = demo();
            cfg.telemetry.energy_hour_retention_months = months;
            cfg.telemetry.retention_days = days;
            cfg.validate().map(|()| cfg.telemetry.energy_hour_months())
        };
        assert_eq!(with(Some(4), 90).unwrap(), 4, "at least 120 days of hours for 90 of samples");
        let too_short = with(Some(3), 90).unwrap_err().to_string();
        assert!(too_short.contains("telemetry.energy_hour_retention_months"), "{too_short}");
        assert!(too_short.contains("at least 92 days; 3 months may be 89"), "{too_short}");
        assert!(with(Some(1), 1).is_err(), "28 days: shorter than a spread gap");
        assert_eq!(with(Some(2), 1).unwrap(), 2);
        // Unset: 13 months, or as many as a long sample retention needs.
        assert_eq!(with(None, 365).unwrap(), 13);
        assert_eq!(with(None, 400).unwrap(), 14);
        assert_eq!(with(None, 3650).unwrap(), 120);
        assert!(with(Some(0), 90).is_err() && with(Some(1201), 90).is_err());
    }

    #[test]
    fn trusted_proxies_are_addresses() {
        let proxies = serde_json::json!({"demo": true, "http": {"trusted_proxies": ["10.0.0.1", "::1"]}});
        assert_eq!(Config::load(None, proxies).unwrap().http.trusted_proxies.len(), 2);
        let not_an_address = serde_json::json!({"demo": true, "http": {"trusted_proxies": ["10.0.0.0/8"]}});
        assert!(Config::load(None, not_an_address).is_err());
    }

    #[test]
    fn toml_file_layer_is_read() {
        let dir = std::env::temp_dir().join(format!("lumiscape-cfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.toml");
        std::fs::write(&path, "demo = true\n[auth]\nlock_minutes = 3\n").unwrap();
        let cfg = Config::load(Some(&path), serde_json::Value::Null).unwrap();
        assert_eq!(cfg.auth.lock_minutes, 3);
        std::fs::write(&path, "demo = true\n[auth]\nlock_minute = 3\n").unwrap();
        assert!(Config::load(Some(&path), serde_json::Value::Null).is_err());
    }
}
