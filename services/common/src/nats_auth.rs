//! Who may use NATS: decentralized JWT auth, one operator and three accounts.
//!
//! - `SYS`, the server's own. It exports the claims update and lookup services to
//!   `SERVICES`, so lighting can push a revocation without holding a system user.
//! - `SERVICES`, the services' account: every stream, bucket and event subject. It imports
//!   the gateways' uplink subjects from `DEVICES` and exports their command subjects to it.
//! - `DEVICES`, the gateways'. Each gateway is one user, issued by lighting when the gateway
//!   is registered ([`Authority::issue_gateway`]), that may publish only
//!   `dev.<serial>.{heartbeat,telemetry,event,ack}` and subscribe only to `dev.<serial>.cmd`
//!   (with the deployment's prefix in front). JetStream is on in this account for the MQTT
//!   listener's session state only; no gateway may reach its API. A gateway's credential is
//!   revoked by pushing the account again with its key in the revocations
//!   ([`Authority::devices_account`]).
//!
//! Gateway users are bearer tokens: MQTT has no way to sign the server's nonce, so over MQTT
//! the JWT is the password. Why this design and not per-device users in the server's config:
//! issuing and revoking needs no reload and no file shared between replicas
//! (`docs/security.md`, "Devices").
//!
//! [`init`] makes the keys once (`keys.json`, mode 0600) and writes from them what the others
//! need: `server.conf` for nats-server to include, `services.creds` for the services'
//! connections, and `authority.json` for lighting (the operator's and the DEVICES account's
//! signing keys and the accounts' public keys).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context as _;
use nats_jwt_rs::account::{Account, JetStreamLimits};
use nats_jwt_rs::operator::Operator;
use nats_jwt_rs::types::{Export, ExportType, Import, Permission, SigningKey};
use nats_jwt_rs::user::User;
use nkeys::KeyPair;
use serde::{Deserialize, Serialize};

/// What a gateway publishes, after `dev.<serial>.`; the bridge's `Channel` says the same
/// (a test there checks it).
pub const DEVICE_UPLINK: [&str; 4] = ["heartbeat", "telemetry", "event", "ack"];
/// What a gateway subscribes to, after `dev.<serial>.`.
pub const DEVICE_COMMAND: &str = "cmd";
/// The subject a claims update is requested on (served by the system account).
pub const CLAIMS_UPDATE: &str = "$SYS.REQ.CLAIMS.UPDATE";
/// The subjects an account's current claims are looked up on (`*` is the account's key).
pub const CLAIMS_LOOKUP: &str = "$SYS.REQ.ACCOUNT.*.CLAIMS.LOOKUP";
/// The MQTT listener keeps its sessions in the DEVICES account's JetStream: bounded here.
const DEVICES_JS_MEMORY: i64 = 64 * 1024 * 1024;
const DEVICES_JS_DISK: i64 = 1024 * 1024 * 1024;

/// Every seed; made once by [`init`] and kept in `keys.json`.
#[derive(Serialize, Deserialize)]
struct Keys {
    operator: String,
    operator_signing: String,
    sys: String,
    services: String,
    services_user: String,
    devices: String,
    devices_signing: String,
}

impl Keys {
    fn generate() -> anyhow::Result<Self> {
        let seed = |pair: KeyPair| pair.seed().map_err(anyhow::Error::from);
        Ok(Self {
            operator: seed(KeyPair::new_operator())?,
            operator_signing: seed(KeyPair::new_operator())?,
            sys: seed(KeyPair::new_account())?,
            services: seed(KeyPair::new_account())?,
            services_user: seed(KeyPair::new_user())?,
            devices: seed(KeyPair::new_account())?,
            devices_signing: seed(KeyPair::new_account())?,
        })
    }

    fn authority(&self) -> anyhow::Result<AuthorityFile> {
        Ok(AuthorityFile {
            operator_signing_seed: self.operator_signing.clone(),
            devices_signing_seed: self.devices_signing.clone(),
            sys: pair(&self.sys)?.public_key(),
            services: pair(&self.services)?.public_key(),
            devices: pair(&self.devices)?.public_key(),
        })
    }
}

fn pair(seed: &str) -> anyhow::Result<KeyPair> {
    KeyPair::from_seed(seed).context("a seed in the NATS keys is not a valid nkey seed")
}

/// `authority.json`: what lighting needs to issue and revoke gateway credentials.
#[derive(Serialize, Deserialize)]
struct AuthorityFile {
    operator_signing_seed: String,
    devices_signing_seed: String,
    sys: String,
    services: String,
    devices: String,
}

/// Issues gateway credentials and signs the DEVICES account.
pub struct Authority {
    operator_signing: KeyPair,
    devices_signing: KeyPair,
    sys: String,
    services: String,
    devices: String,
}

impl std::fmt::Debug for Authority {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Authority").field("devices", &self.devices).finish_non_exhaustive()
    }
}

/// A gateway's credential: a bearer user JWT and the user's seed. Handed out once; only the
/// public key is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayCredential {
    pub public_key: String,
    pub jwt: String,
    pub seed: String,
}

impl Authority {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the NATS authority {}", path.display()))?;
        let file: AuthorityFile =
            serde_json::from_str(&text).with_context(|| format!("{} is not a NATS authority file", path.display()))?;
        Self::from_file(file)
    }

    fn from_file(file: AuthorityFile) -> anyhow::Result<Self> {
        Ok(Self {
            operator_signing: pair(&file.operator_signing_seed)?,
            devices_signing: pair(&file.devices_signing_seed)?,
            sys: file.sys,
            services: file.services,
            devices: file.devices,
        })
    }

    /// The DEVICES account's public key.
    pub fn devices_account_key(&self) -> &str {
        &self.devices
    }

    /// A new credential for the gateway `serial`, under the subject prefix `prefix` (empty for
    /// none): publish on its own uplink subjects, subscribe to its own command subject, nothing
    /// else.
    pub fn issue_gateway(&self, prefix: &str, serial: &str) -> anyhow::Result<GatewayCredential> {
        let user = KeyPair::new_user();
        let mut claims = User::new_claims(serial.to_owned(), user.public_key());
        claims.nats.issuer_account = Some(self.devices.clone());
        claims.nats.permissions.bearer_token = Some(true);
        let subject = |channel: &str| device_subject(prefix, serial, channel);
        claims.nats.permissions.permissions.publish =
            Permission { allow: DEVICE_UPLINK.iter().map(|c| subject(c)).collect(), deny: Vec::new() };
        claims.nats.permissions.permissions.subscribe =
            Permission { allow: vec![subject(DEVICE_COMMAND)], deny: Vec::new() };
        let jwt = claims.encode(&self.devices_signing)?;
        Ok(GatewayCredential { public_key: user.public_key(), jwt, seed: user.seed()? })
    }

    /// The DEVICES account JWT with `revoked` (user public key, revoked at in Unix seconds):
    /// a credential of such a user issued at or before that second is refused, and its
    /// connections are closed when the server takes the update.
    pub fn devices_account(&self, revoked: &BTreeMap<String, u64>) -> anyhow::Result<String> {
        devices_account(&self.devices, &self.devices_signing.public_key(), &self.services, revoked)
            .encode(&self.operator_signing)
    }

    /// The system account's public key.
    pub fn system_account_key(&self) -> &str {
        &self.sys
    }
}

/// The subject `account`'s current claims are looked up on ([`CLAIMS_LOOKUP`]).
pub fn claims_lookup(account: &str) -> String {
    CLAIMS_LOOKUP.replace('*', account)
}

/// The claims of a JWT, read as JSON without checking the signature (for a JWT the server
/// itself handed over).
pub fn jwt_claims(jwt: &str) -> Option<serde_json::Value> {
    use base64::Engine as _;
    let body = jwt.trim().split('.').nth(1)?;
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(body).ok()?).ok()
}

/// `dev.<serial>.<channel>`, after `prefix.` when there is one (the bridge's `Topics`).
pub fn device_subject(prefix: &str, serial: &str, channel: &str) -> String {
    if prefix.is_empty() { format!("dev.{serial}.{channel}") } else { format!("{prefix}.dev.{serial}.{channel}") }
}

/// The subjects crossing between SERVICES and DEVICES for `channel`: every gateway's, with or
/// without a deployment prefix.
fn crossing(channel: &str) -> [String; 2] {
    [format!("dev.*.{channel}"), format!("*.dev.*.{channel}")]
}

fn stream_export(subject: String) -> Export {
    Export { name: subject.clone(), subject, export_type: Some(ExportType::Stream), ..Default::default() }
}

fn stream_import(subject: String, account: &str) -> Import {
    Import {
        name: subject.clone(),
        subject,
        account: account.to_owned(),
        export_type: Some(ExportType::Stream),
        ..Default::default()
    }
}

fn devices_account(
    devices: &str,
    devices_signing: &str,
    services: &str,
    revoked: &BTreeMap<String, u64>,
) -> nats_jwt_rs::Claims<Account> {
    let mut account = Account::new_claims("DEVICES".into(), devices.to_owned());
    account.nats.limits.get_or_insert_with(Default::default).jetstream = Some(JetStreamLimits {
        memory_storage: Some(DEVICES_JS_MEMORY),
        disk_storage: Some(DEVICES_JS_DISK),
        streams: Some(-1),
        consumer: Some(-1),
        ..Default::default()
    });
    account.nats.signing_keys =
        Some([SigningKey { key: devices_signing.to_owned(), scope: None }].into_iter().collect());
    account.nats.exports = Some(DEVICE_UPLINK.iter().flat_map(|c| crossing(c)).map(stream_export).collect());
    account.nats.imports = Some(crossing(DEVICE_COMMAND).into_iter().map(|s| stream_import(s, services)).collect());
    if !revoked.is_empty() {
        account.nats.revocations = Some(revoked.clone());
    }
    account
}

/// What [`init`] wrote, and whether it made new keys.
#[derive(Debug)]
pub struct Initialized {
    pub created: bool,
}

/// Makes the keys in `dir` when it holds none, and writes `server.conf`, `services.creds` and
/// `authority.json` from them when missing. Never replaces a file that exists: a `server.conf`
/// written again would preload a DEVICES account without its revocations.
pub fn init(dir: &Path) -> anyhow::Result<Initialized> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let keys_path = dir.join("keys.json");
    let created = !keys_path.exists();
    let keys: Keys = if created {
        let keys = Keys::generate()?;
        write_private(&keys_path, &serde_json::to_string_pretty(&keys)?)?;
        keys
    } else {
        serde_json::from_str(&std::fs::read_to_string(&keys_path)?)
            .with_context(|| format!("{} is not a NATS key file", keys_path.display()))?
    };
    let server_conf = dir.join("server.conf");
    if !server_conf.exists() {
        write_private(&server_conf, &server_config(&keys)?)?;
    }
    let services_creds = dir.join("services.creds");
    if !services_creds.exists() {
        let user = pair(&keys.services_user)?;
        let claims = User::new_claims("services".into(), user.public_key());
        let jwt = claims.encode(&pair(&keys.services)?)?;
        write_private(&services_creds, &creds(&jwt, &keys.services_user))?;
    }
    let authority = dir.join("authority.json");
    if !authority.exists() {
        write_private(&authority, &serde_json::to_string_pretty(&keys.authority()?)?)?;
    }
    Ok(Initialized { created })
}

/// The part of nats-server's configuration that trusts the operator and preloads the three
/// accounts. The including file sets `resolver` (a `full` resolver on the server's own
/// directory).
fn server_config(keys: &Keys) -> anyhow::Result<String> {
    let operator = pair(&keys.operator)?;
    let operator_signing = pair(&keys.operator_signing)?;
    let (sys, services, devices) = (pair(&keys.sys)?, pair(&keys.services)?, pair(&keys.devices)?);

    let mut operator_claims = Operator::new_claims("lumiscape".into(), operator.public_key());
    operator_claims.nats.signing_keys = Some(vec![operator_signing.public_key()]);
    operator_claims.nats.system_account = Some(sys.public_key());
    let operator_jwt = operator_claims.encode(&operator)?;

    let mut sys_claims = Account::new_claims("SYS".into(), sys.public_key());
    let claims_services = [("claims-update", CLAIMS_UPDATE), ("claims-lookup", CLAIMS_LOOKUP)];
    sys_claims.nats.exports = Some(
        claims_services
            .iter()
            .map(|(name, subject)| Export {
                name: (*name).into(),
                subject: (*subject).into(),
                export_type: Some(ExportType::Service),
                ..Default::default()
            })
            .collect(),
    );
    let sys_jwt = sys_claims.encode(&operator_signing)?;

    let mut services_claims = Account::new_claims("SERVICES".into(), services.public_key());
    services_claims.nats.limits.get_or_insert_with(Default::default).jetstream = Some(JetStreamLimits {
        memory_storage: Some(-1),
        disk_storage: Some(-1),
        streams: Some(-1),
        consumer: Some(-1),
        ..Default::default()
    });
    services_claims.nats.exports = Some(crossing(DEVICE_COMMAND).into_iter().map(stream_export).collect());
    let mut imports: Vec<Import> = claims_services
        .iter()
        .map(|(name, subject)| Import {
            name: (*name).into(),
            subject: (*subject).into(),
            account: sys.public_key(),
            export_type: Some(ExportType::Service),
            ..Default::default()
        })
        .collect();
    imports.extend(
        DEVICE_UPLINK.iter().flat_map(|c| crossing(c)).map(|subject| stream_import(subject, &devices.public_key())),
    );
    services_claims.nats.imports = Some(imports);
    let services_jwt = services_claims.encode(&operator_signing)?;

    let devices_jwt = devices_account(
        &devices.public_key(),
        &pair(&keys.devices_signing)?.public_key(),
        &services.public_key(),
        &BTreeMap::new(),
    )
    .encode(&operator_signing)?;

    Ok(format!(
        "# Written once by `lumiscape nats-auth`: the operator, the system account and the three accounts.\n\
         # Included by the server's configuration, which sets the resolver's directory.\n\
         operator: {operator_jwt}\n\
         system_account: {sys}\n\
         resolver_preload: {{\n  {sys}: {sys_jwt}\n  {services}: {services_jwt}\n  {devices}: {devices_jwt}\n}}\n",
        sys = sys.public_key(),
        services = services.public_key(),
        devices = devices.public_key(),
    ))
}

/// A NATS credentials file, the format every NATS client reads.
pub fn creds(jwt: &str, seed: &str) -> String {
    format!(
        "-----BEGIN NATS USER JWT-----\n{jwt}\n------END NATS USER JWT------\n\n\
         ************************* IMPORTANT *************************\n\
         NKEY Seed printed below can be used to sign and prove identity.\n\
         NKEYs are sensitive and should be treated as secrets.\n\n\
         -----BEGIN USER NKEY SEED-----\n{seed}\n------END USER NKEY SEED------\n\n\
         *************************************************************\n"
    )
}

impl GatewayCredential {
    /// The credential as a `.creds` file.
    pub fn creds(&self) -> String {
        creds(&self.jwt, &self.seed)
    }

    /// Reads a `.creds` file back (the simulator's way in).
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let block = |begin: &str| {
            let start = text.find(begin).map(|at| at + begin.len())?;
            let rest = &text[start..];
            let end = rest.find("------END")?;
            Some(rest[..end].trim().to_owned())
        };
        let jwt = block("-----BEGIN NATS USER JWT-----").context("no user JWT in the credentials")?;
        let seed = block("-----BEGIN USER NKEY SEED-----").context("no user seed in the credentials")?;
        let public_key = pair(&seed)?.public_key();
        Ok(Self { public_key, jwt, seed })
    }
}

/// Creates `path` (never replacing one) readable by its owner only, and writes `text`: how
/// keys and credentials are written.
pub fn write_private(path: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut file = options.open(path).with_context(|| format!("cannot create {}", path.display()))?;
    file.write_all(text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(jwt: &str) -> serde_json::Value {
        jwt_claims(jwt).expect("a JWT")
    }

    #[test]
    fn a_gateway_may_use_its_own_subjects_only() {
        let dir = tempdir();
        init(&dir).unwrap();
        let authority = Authority::load(&dir.join("authority.json")).unwrap();
        let credential = authority.issue_gateway("t1", "GW-1").unwrap();
        let claims = decode(&credential.jwt);
        assert_eq!(claims["sub"], credential.public_key.as_str());
        assert_eq!(claims["nats"]["issuer_account"], authority.devices_account_key());
        assert_eq!(claims["nats"]["bearer_token"], true);
        assert_eq!(
            claims["nats"]["pub"]["allow"],
            serde_json::json!([
                "t1.dev.GW-1.heartbeat",
                "t1.dev.GW-1.telemetry",
                "t1.dev.GW-1.event",
                "t1.dev.GW-1.ack"
            ])
        );
        assert_eq!(claims["nats"]["sub"]["allow"], serde_json::json!(["t1.dev.GW-1.cmd"]));
        assert_eq!(GatewayCredential::parse(&credential.creds()).unwrap(), credential);
        let account =
            decode(&authority.devices_account(&BTreeMap::from([(credential.public_key.clone(), 7)])).unwrap());
        assert_eq!(account["nats"]["revocations"][&credential.public_key], 7);
    }

    #[test]
    fn init_makes_keys_once_and_never_replaces_a_file() {
        let dir = tempdir();
        assert!(init(&dir).unwrap().created);
        let conf = std::fs::read_to_string(dir.join("server.conf")).unwrap();
        assert!(!init(&dir).unwrap().created);
        assert_eq!(std::fs::read_to_string(dir.join("server.conf")).unwrap(), conf);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(dir.join("keys.json")).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "keys are private to their owner");
        }
    }

    #[test]
    fn bad_credentials_are_refused() {
        assert!(GatewayCredential::parse("").is_err());
        assert!(GatewayCredential::parse(&creds("a.b.c", "SUNOTASEED")).is_err());
    }

    fn tempdir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("lumiscape-nats-auth-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
