//! A test cluster: the real `lumiscape` binary, run monolithic (`--target all`) or split
//! (edge, identity and project each in its own process), on a database of its own cloned
//! from a migrated and seeded template, and a NATS subject prefix of its own.
#![allow(dead_code)]

pub mod report;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use sqlx::{Connection, PgConnection, PgPool};

/// The signing key every test cluster uses, so tests can forge and sign tokens.
pub const SIGNING_KEY: &str = "test-signing-key-0123456789-abcdefghijklmnop";
/// A trusted other system, for `/loginByOtherSystem`.
pub const PARTNER_NAME: &str = "partner-portal";
pub const PARTNER_KEY: &str = "partner-portal-shared-secret-0123456789abcdef";

pub fn admin_database_url() -> String {
    std::env::var("LUMISCAPE_TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

pub fn nats_url() -> String {
    std::env::var("LUMISCAPE_TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// The NATS operator, accounts and keys of the test servers (`lumiscape nats-auth`, made by
/// scripts/test): `LUMISCAPE_TEST_NATS_AUTH_DIR`.
pub fn nats_auth_dir() -> PathBuf {
    PathBuf::from(
        std::env::var("LUMISCAPE_TEST_NATS_AUTH_DIR")
            .expect("LUMISCAPE_TEST_NATS_AUTH_DIR names the test NATS keys (run the tests through scripts/test)"),
    )
}

/// A client of the SERVICES account (what the services connect as) on `url`.
pub async fn nats_client(url: &str) -> async_nats::Client {
    try_nats_client(url, Duration::from_secs(10)).await.unwrap_or_else(|err| panic!("NATS at {url}: {err:#}"))
}

/// As [`nats_client`], giving up after `wait`.
async fn try_nats_client(url: &str, wait: Duration) -> anyhow::Result<async_nats::Client> {
    let creds = nats_auth_dir().join("services.creds");
    lumiscape_common::nats::connect(url, "lumiscape-test", Some(&creds), wait)
        .await
        .map_err(|err| err.context(format!("with {}", creds.display())))
}

/// The authority that issues gateway credentials on the test servers.
pub fn nats_authority() -> lumiscape_common::nats_auth::Authority {
    lumiscape_common::nats_auth::Authority::load(&nats_auth_dir().join("authority.json")).unwrap()
}

fn database_url(name: &str) -> String {
    let admin = admin_database_url();
    let (base, _) = admin.rsplit_once('/').expect("database url has a path");
    format!("{base}/{name}")
}

pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lumiscape"))
}

/// A port that is free now and that no other test process holds. Picked at random below the
/// kernel's ephemeral range: the kernel hands out ephemeral ports in sequence, so tests running
/// side by side would often be given the same one between choosing it and their process
/// binding it. Random picks still meet now and then (nextest runs each test in its own
/// process), so a pick is also reserved by an advisory lock on a file named after the port,
/// held until this test process exits.
pub fn free_port() -> u16 {
    static HELD: std::sync::Mutex<Vec<std::fs::File>> = std::sync::Mutex::new(Vec::new());
    let dir = std::env::temp_dir().join("lumiscape-test-ports");
    std::fs::create_dir_all(&dir).expect("port lock directory");
    loop {
        let random = u16::from_le_bytes(uuid::Uuid::new_v4().as_bytes()[..2].try_into().unwrap());
        let port = 15_000 + random % 15_000;
        let Ok(lock) =
            std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join(port.to_string()))
        else {
            continue;
        };
        // Held by another test process, or already handed out in this one.
        if lock.try_lock().is_err() {
            continue;
        }
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            HELD.lock().unwrap().push(lock);
            return port;
        }
    }
}

/// Creates (once per build of the binary) a migrated, demo-seeded template database and
/// returns its name. Test processes coordinate through an advisory lock.
async fn template() -> String {
    let meta = std::fs::metadata(binary()).expect("binary built");
    let stamp = meta.modified().unwrap().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let name = format!("ls_tpl_{:x}_{:x}", stamp, meta.len());
    let mut admin = PgConnection::connect(&admin_database_url()).await.expect("test database reachable");
    sqlx::query("SELECT pg_advisory_lock(727274)").execute(&mut admin).await.unwrap();
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
        .bind(&name)
        .fetch_one(&mut admin)
        .await
        .unwrap();
    if !exists {
        let stale: Vec<String> =
            sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'ls\\_tpl\\_%' AND datname <> $1")
                .bind(&name)
                .fetch_all(&mut admin)
                .await
                .unwrap();
        for db in stale {
            let drop = format!("DROP DATABASE IF EXISTS \"{db}\"");
            let _ = sqlx::raw_sql(&drop).execute(&mut admin).await;
        }
        let building = format!("{name}_building");
        sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {building}")).execute(&mut admin).await.unwrap();
        sqlx::raw_sql(&format!("CREATE DATABASE {building}")).execute(&mut admin).await.unwrap();
        for args in [vec!["migrate"], vec!["seed", "--demo"]] {
            let status = Command::new(binary())
                .args(&args)
                .env("LUMISCAPE_DATABASE_URL", database_url(&building))
                .env("LUMISCAPE_DEMO", "true")
                .env("RUST_LOG", "warn")
                .status()
                .unwrap();
            assert!(status.success(), "lumiscape {args:?} failed");
        }
        sqlx::raw_sql(&format!("ALTER DATABASE {building} RENAME TO {name}")).execute(&mut admin).await.unwrap();
    }
    sqlx::query("SELECT pg_advisory_unlock(727274)").execute(&mut admin).await.unwrap();
    name
}

/// A fresh database for one test.
pub async fn fresh_database() -> (String, String) {
    let template = template().await;
    let name = format!("ls_t_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&admin_database_url()).await.unwrap();
    // Cloning needs the template idle; another test may be cloning it this instant.
    let mut attempts = 0;
    loop {
        let sql = format!("CREATE DATABASE {name} TEMPLATE {template}");
        match sqlx::raw_sql(&sql).execute(&mut admin).await {
            Ok(_) => break,
            Err(err) if attempts < 50 => {
                attempts += 1;
                let _ = err;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(err) => panic!("could not clone the template: {err}"),
        }
    }
    (name.clone(), database_url(&name))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deployment {
    /// `--target all` in one process.
    Monolith,
    /// The given target lists (`"identity,project"`), one process each; the one with
    /// `edge` serves HTTP.
    Processes(&'static [&'static str]),
    /// Every service in its own process.
    Split,
    /// As `Split`, with two edges behind one HTTP address and two identity services behind
    /// one gRPC address (a round-robin TCP balancer of this test, [`Balancer`]): what a
    /// Kubernetes Service does, and what shows any state a replica keeps to itself.
    Replicated,
}

/// Settings of a test cluster.
#[derive(Debug, Clone)]
pub struct Options {
    pub captcha: Option<bool>,
    pub max_failed_attempts: u32,
    pub extra_env: Vec<(String, String)>,
    /// A NATS server of the test's own instead of the shared one.
    pub nats_url: Option<String>,
    /// The trusted partner's `audience` (the default, "lumiscape", when none).
    pub audience: Option<String>,
    /// The sign-in rate limits (`http.rate_limit`).
    pub rate_limit: RateLimit,
    /// Serve a stand-in for the built console (an `index.html` and one script).
    pub console: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            captcha: Some(false),
            max_failed_attempts: 5,
            extra_env: Vec::new(),
            nats_url: None,
            audience: None,
            rate_limit: RateLimit::default(),
            console: false,
        }
    }
}

/// Requests a minute per bucket (`http.rate_limit`).
#[derive(Debug, Clone, Copy)]
pub struct RateLimit {
    pub login_per_ip: u32,
    pub login_per_account: u32,
    pub captcha_per_ip: u32,
}

impl Default for RateLimit {
    /// Out of reach: every test signs in from one address, many times, often in parallel.
    /// The rate-limit scenarios set their own.
    fn default() -> Self {
        Self { login_per_ip: 100_000, login_per_account: 100_000, captcha_per_ip: 100_000 }
    }
}

/// A process to start: its targets, HTTP port and settings of its own.
type Planned = (String, u16, Vec<(String, String)>);

/// One process of a cluster.
struct Process {
    targets: String,
    /// Settings of this process alone (a replica's own listen address).
    env: Vec<(String, String)>,
    http_port: u16,
    /// `http.ops_listen`'s port, given to the process that runs the edge.
    ops_port: Option<u16>,
    child: Child,
}

pub struct Cluster {
    pub api: Api,
    /// The edge process's operators' address (health and metrics), `http://127.0.0.1:<port>`.
    pub ops_base: String,
    pub pool: PgPool,
    pub database_url: String,
    pub prefix: String,
    pub deployment: Deployment,
    pub nats_url: String,
    processes: Vec<Process>,
    base_env: Vec<(String, String)>,
    _balancers: Vec<Balancer>,
    _dir: TempDir,
}

impl Cluster {
    pub async fn start(deployment: Deployment) -> Self {
        Self::start_with(deployment, Options::default()).await
    }

    /// Starts a cluster; `prepare` may change the fresh database before the services start.
    pub async fn start_with(deployment: Deployment, options: Options) -> Self {
        let (_, url) = fresh_database().await;
        Self::launch(deployment, options, url).await
    }

    /// Launches the cluster's processes. Ports are chosen free but can be taken by another
    /// test between choosing and binding; a cluster whose process exits at start is
    /// launched again on new ports (three tries).
    pub async fn launch(deployment: Deployment, options: Options, database_url: String) -> Self {
        for attempt in 1..=3 {
            match Self::try_launch(deployment, options.clone(), database_url.clone()).await {
                Ok(cluster) => return cluster,
                Err(why) if attempt < 3 => eprintln!("cluster start failed ({why}); trying new ports"),
                Err(why) => panic!("{why}"),
            }
        }
        unreachable!("the last attempt panics")
    }

    async fn try_launch(deployment: Deployment, options: Options, database_url: String) -> Result<Self, String> {
        let dir = TempDir::new();
        let config = dir.0.join("lumiscape.toml");
        std::fs::write(
            &config,
            format!(
                "demo = true\n[auth]\nsigning_key = \"{SIGNING_KEY}\"\nmax_failed_attempts = {}\n\
                 [[auth.trusted_systems]]\nname = \"{PARTNER_NAME}\"\nkey = \"{PARTNER_KEY}\"\n{}\
                 [http.rate_limit]\nlogin_per_ip_per_minute = {}\nlogin_per_account_per_minute = {}\n\
                 captcha_per_ip_per_minute = {}\n",
                options.max_failed_attempts,
                options.audience.as_ref().map(|aud| format!("audience = \"{aud}\"\n")).unwrap_or_default(),
                options.rate_limit.login_per_ip,
                options.rate_limit.login_per_account,
                options.rate_limit.captcha_per_ip,
            ),
        )
        .unwrap();
        let prefix = format!("t{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
        let (edge_port, identity_port, project_port) = (free_port(), free_port(), free_port());
        let (lighting_port, alarm_port, bridge_port) = (free_port(), free_port(), free_port());
        let maintenance_port = free_port();
        let mut base_env: Vec<(String, String)> = vec![
            ("LUMISCAPE_CONFIG".into(), config.display().to_string()),
            ("LUMISCAPE_DATABASE_URL".into(), database_url.clone()),
            ("LUMISCAPE_NATS_URL".into(), options.nats_url.clone().unwrap_or_else(nats_url)),
            ("LUMISCAPE_NATS_PREFIX".into(), prefix.clone()),
            ("LUMISCAPE_NATS_CREDENTIALS".into(), nats_auth_dir().join("services.creds").display().to_string()),
            ("LUMISCAPE_NATS_AUTHORITY".into(), nats_auth_dir().join("authority.json").display().to_string()),
            ("LUMISCAPE_DATABASE__MAX_CONNECTIONS".into(), "4".into()),
            ("LUMISCAPE_GRPC__IDENTITY_LISTEN".into(), format!("127.0.0.1:{identity_port}")),
            ("LUMISCAPE_GRPC__PROJECT_LISTEN".into(), format!("127.0.0.1:{project_port}")),
            ("LUMISCAPE_GRPC__IDENTITY_URL".into(), format!("http://127.0.0.1:{identity_port}")),
            ("LUMISCAPE_GRPC__PROJECT_URL".into(), format!("http://127.0.0.1:{project_port}")),
            ("LUMISCAPE_GRPC__LIGHTING_LISTEN".into(), format!("127.0.0.1:{lighting_port}")),
            ("LUMISCAPE_GRPC__LIGHTING_URL".into(), format!("http://127.0.0.1:{lighting_port}")),
            ("LUMISCAPE_GRPC__ALARM_LISTEN".into(), format!("127.0.0.1:{alarm_port}")),
            ("LUMISCAPE_GRPC__ALARM_URL".into(), format!("http://127.0.0.1:{alarm_port}")),
            ("LUMISCAPE_GRPC__BRIDGE_LISTEN".into(), format!("127.0.0.1:{bridge_port}")),
            ("LUMISCAPE_GRPC__BRIDGE_URL".into(), format!("http://127.0.0.1:{bridge_port}")),
            ("LUMISCAPE_GRPC__MAINTENANCE_LISTEN".into(), format!("127.0.0.1:{maintenance_port}")),
            ("LUMISCAPE_GRPC__MAINTENANCE_URL".into(), format!("http://127.0.0.1:{maintenance_port}")),
            ("LUMISCAPE_FILES_DIR".into(), dir.0.join("files").display().to_string()),
            ("RUST_LOG".into(), "warn".into()),
        ];
        if let Some(captcha) = options.captcha {
            base_env.push(("LUMISCAPE_CAPTCHA_ENABLED".into(), captcha.to_string()));
        }
        if options.console {
            let console = dir.0.join("console");
            std::fs::create_dir_all(console.join("assets")).unwrap();
            std::fs::write(console.join("index.html"), CONSOLE_INDEX).unwrap();
            std::fs::write(console.join("assets/app.js"), "console.log('console');\n").unwrap();
            base_env.push(("LUMISCAPE_CONSOLE_DIR".into(), console.display().to_string()));
        }
        base_env.extend(options.extra_env.iter().cloned());
        let ops_port = free_port();
        let alone = |targets: &str, port: u16| (targets.to_owned(), port, Vec::new());
        let mut balancers = Vec::new();
        let plan: Vec<Planned> = match deployment {
            Deployment::Monolith => vec![alone("all", edge_port)],
            Deployment::Split => ["identity", "project", "lighting", "alarm", "maintenance", "bridge", "edge"]
                .iter()
                .map(|t| alone(t, if *t == "edge" { edge_port } else { free_port() }))
                .collect(),
            Deployment::Replicated => {
                let identities = [free_port(), free_port()];
                let edges = [free_port(), free_port()];
                balancers.push(Balancer::start(identity_port, &identities).await?);
                balancers.push(Balancer::start(edge_port, &edges).await?);
                let mut plan: Vec<_> = identities
                    .iter()
                    .map(|port| {
                        let listen = format!("127.0.0.1:{port}");
                        (
                            "identity".to_owned(),
                            free_port(),
                            vec![("LUMISCAPE_GRPC__IDENTITY_LISTEN".to_owned(), listen)],
                        )
                    })
                    .collect();
                plan.extend(
                    ["project", "lighting", "alarm", "maintenance", "bridge"].iter().map(|t| alone(t, free_port())),
                );
                plan.extend(edges.iter().map(|port| alone("edge", *port)));
                plan
            }
            Deployment::Processes(groups) => groups
                .iter()
                .map(|g| {
                    alone(g, if g.split(',').any(|t| t == "edge" || t == "all") { edge_port } else { free_port() })
                })
                .collect(),
        };
        // A new connection per request when replicated, so the balancer deals requests to
        // both edges in turn (a kept connection would stay with one).
        let client = http_client(deployment != Deployment::Replicated);
        let mut processes = Vec::new();
        let mut ops_given = false;
        for (targets, http_port, env) in plan {
            let serves_edge = targets.split(',').any(|t| t == "edge" || t == "all");
            // The first edge serves the operators' address the tests read; another its own.
            let ops = serves_edge.then(|| if std::mem::replace(&mut ops_given, true) { free_port() } else { ops_port });
            processes.push(spawn(&base_env, &targets, &env, http_port, ops));
        }
        for index in 0..processes.len() {
            if let Err(why) = try_wait_ready(&client, &mut processes, index).await {
                for process in &mut processes {
                    let _ = process.child.kill();
                    let _ = process.child.wait();
                }
                return Err(why);
            }
        }
        let pool = PgPool::connect(&database_url).await.unwrap();
        Ok(Cluster {
            api: Api { base: format!("http://127.0.0.1:{edge_port}"), client },
            ops_base: format!("http://127.0.0.1:{ops_port}"),
            pool,
            database_url,
            prefix,
            deployment,
            nats_url: options.nats_url.unwrap_or_else(nats_url),
            processes,
            base_env,
            _balancers: balancers,
            _dir: dir,
        })
    }

    /// Writes the credentials of the cluster's registered gateways whose serial starts with
    /// `serial_prefix` with `lumiscape gateway-credentials`, as scripts/run does for the demo
    /// fleet, and returns the directory (for `SimulatorConfig::credentials_dir`).
    pub fn gateway_credentials(&self, serial_prefix: &str) -> PathBuf {
        let out = self._dir.0.join(format!("fleet-{}", uuid::Uuid::new_v4().simple()));
        let output = Command::new(binary())
            .args(["gateway-credentials", "--serial-prefix", serial_prefix, "--out"])
            .arg(&out)
            .envs(self.base_env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .output()
            .expect("lumiscape gateway-credentials runs");
        assert!(output.status.success(), "gateway-credentials: {}", String::from_utf8_lossy(&output.stderr));
        out
    }

    /// A JetStream handle on the cluster's NATS server.
    pub async fn jetstream(&self) -> async_nats::jetstream::Context {
        async_nats::jetstream::new(nats_client(&self.nats_url).await)
    }

    /// The gRPC address of a service (`lighting`, `alarm`, ...), for tests that call the
    /// services directly, past the edge.
    /// Starts one more replica of `service` beside the cluster's, on a gRPC port of its own
    /// (and the same database and NATS); it stops with the cluster. The URL of its server.
    pub async fn add_replica(&mut self, service: &str) -> String {
        let grpc_port = free_port();
        let mut env = self.base_env.clone();
        env.push((
            format!("LUMISCAPE_GRPC__{}_LISTEN", service.to_ascii_uppercase()),
            format!("127.0.0.1:{grpc_port}"),
        ));
        self.processes.push(spawn(&env, service, &[], free_port(), None));
        let index = self.processes.len() - 1;
        wait_ready(&self.api.client, &mut self.processes, index).await;
        format!("http://127.0.0.1:{grpc_port}")
    }

    /// The `/metrics` text of every process running exactly `targets` (not the edge's:
    /// a process without the edge serves its metrics on its HTTP address).
    pub async fn metrics_of(&self, targets: &str) -> Vec<String> {
        let mut texts = Vec::new();
        for process in self.processes.iter().filter(|p| p.targets == targets) {
            let url = format!("http://127.0.0.1:{}/metrics", process.http_port);
            texts.push(self.api.client.get(url).send().await.unwrap().text().await.unwrap());
        }
        texts
    }

    /// The `/metrics` text of every process that runs `target`, alone or among others (`all`
    /// included): from its operators' address when it serves the edge, else its HTTP address.
    pub async fn metrics_running(&self, target: &str) -> Vec<String> {
        let mut texts = Vec::new();
        for process in &self.processes {
            if process.targets != "all" && !process.targets.split(',').any(|t| t == target) {
                continue;
            }
            let url = format!("http://127.0.0.1:{}/metrics", process.ops_port.unwrap_or(process.http_port));
            texts.push(self.api.client.get(url).send().await.unwrap().text().await.unwrap());
        }
        texts
    }

    pub fn grpc_url(&self, service: &str) -> String {
        let key = format!("LUMISCAPE_GRPC__{}_URL", service.to_ascii_uppercase());
        self.base_env.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()).expect("a known service")
    }

    /// Kills the process running `targets` at once (SIGKILL: no shutdown of any kind).
    pub fn kill(&mut self, targets: &str) {
        let process = self.processes.iter_mut().find(|p| p.targets == targets).expect("such a process");
        process.child.kill().unwrap();
        process.child.wait().unwrap();
    }

    /// The process id of the process running `targets` (to pause it with SIGSTOP, say).
    pub fn pid(&self, targets: &str) -> u32 {
        self.processes.iter().find(|p| p.targets == targets).expect("such a process").child.id()
    }

    /// Starts the process running `targets` again and waits until it is ready.
    pub async fn restart(&mut self, targets: &str) {
        let index = self.processes.iter().position(|p| p.targets == targets).expect("such a process");
        let _ = self.processes[index].child.kill();
        let _ = self.processes[index].child.wait();
        let (http_port, ops_port) = (self.processes[index].http_port, self.processes[index].ops_port);
        let env = std::mem::take(&mut self.processes[index].env);
        self.processes[index] = spawn(&self.base_env, targets, &env, http_port, ops_port);
        wait_ready(&self.api.client, &mut self.processes, index).await;
    }
}

/// The stand-in for the built console: what the CSP allows (a script of its own) and no
/// more.
pub const CONSOLE_INDEX: &str = "<!doctype html><html><head><script type=\"module\" src=\"/assets/app.js\">\
    </script></head><body><div id=\"root\"></div></body></html>\n";

fn spawn(
    base_env: &[(String, String)],
    targets: &str,
    env: &[(String, String)],
    http_port: u16,
    ops_port: Option<u16>,
) -> Process {
    let mut command = Command::new(binary());
    command
        .args(["run", "--target", targets])
        .envs(base_env.iter().chain(env).map(|(k, v)| (k.as_str(), v.as_str())))
        .env("LUMISCAPE_HTTP_LISTEN", format!("127.0.0.1:{http_port}"))
        .stdin(Stdio::null());
    if let Some(port) = ops_port {
        command.env("LUMISCAPE_HTTP__OPS_LISTEN", format!("127.0.0.1:{port}"));
    }
    let child = command.spawn().expect("lumiscape starts");
    Process { targets: targets.to_owned(), env: env.to_vec(), http_port, ops_port, child }
}

/// A round-robin TCP balancer: each connection it accepts goes to the next backend, as a
/// Kubernetes Service (kube-proxy) deals them. It stops with the cluster.
pub struct Balancer(tokio::task::JoinHandle<()>);

impl Balancer {
    async fn start(port: u16, backends: &[u16]) -> Result<Self, String> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .map_err(|e| format!("balancer port {port}: {e}"))?;
        let backends = backends.to_vec();
        Ok(Self(tokio::spawn(async move {
            let mut next = 0;
            while let Ok((mut inbound, _)) = listener.accept().await {
                let backend = backends[next % backends.len()];
                next += 1;
                tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(("127.0.0.1", backend)).await {
                        let _ = outbound.set_nodelay(true);
                        let _ = inbound.set_nodelay(true);
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        })))
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        self.0.abort();
    }
}

async fn wait_ready(client: &reqwest::Client, processes: &mut [Process], index: usize) {
    if let Err(why) = try_wait_ready(client, processes, index).await {
        panic!("{why}");
    }
}

async fn try_wait_ready(client: &reqwest::Client, processes: &mut [Process], index: usize) -> Result<(), String> {
    let ready = format!("http://127.0.0.1:{}/readyz", processes[index].http_port);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(resp) = client.get(&ready).send().await
            && resp.status().is_success()
        {
            return Ok(());
        }
        for process in processes.iter_mut() {
            if let Ok(Some(status)) = process.child.try_wait() {
                return Err(format!("lumiscape {} exited early: {status}", process.targets));
            }
        }
        if Instant::now() >= deadline {
            return Err(format!("lumiscape {} not ready in time", processes[index].targets));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for process in &mut self.processes {
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
        remove_streams(&self.nats_url, &self.prefix);
    }
}

/// Deletes the streams of a cluster's NATS prefix (its key-value buckets are streams too) once
/// the cluster is gone. NATS keeps timers for every stream and consumer: the suite's clusters
/// left some 8,000 behind, and the server then spent a whole core of the two on them for the
/// rest of the run (measured 2026-11-28: 160 CPU-seconds in a 160 s test binary, 16 on a
/// fresh server), slowing every test after them. Best effort, bounded: a test whose NATS is
/// already gone (it stopped its own server) leaves nothing to delete.
fn remove_streams(url: &str, prefix: &str) {
    let (url, owned) = (url.to_owned(), [format!("{prefix}_"), format!("KV_{prefix}_")]);
    // Drop runs inside the test's runtime, which cannot block on another: a thread of its own.
    let cleaner = std::thread::spawn(move || {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
        runtime.block_on(async {
            let cleanup = async {
                let Ok(client) = try_nats_client(&url, Duration::from_secs(2)).await else { return };
                let js = async_nats::jetstream::new(client);
                let mut names = js.stream_names();
                let mut ours = Vec::new();
                while let Some(Ok(name)) = futures::StreamExt::next(&mut names).await {
                    if owned.iter().any(|start| name.starts_with(start.as_str())) {
                        ours.push(name);
                    }
                }
                for name in ours {
                    let _ = js.delete_stream(&name).await;
                }
            };
            let _ = tokio::time::timeout(Duration::from_secs(20), cleanup).await;
        });
    });
    let _ = cleaner.join();
}

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> Self {
        let path = std::env::temp_dir().join(format!("lumiscape-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The edge API as the console calls it.
pub struct Api {
    pub base: String,
    pub client: reqwest::Client,
}

/// A client of the test edges (never through a proxy of the environment); `keep_connections`
/// false opens a new connection for each request.
pub fn http_client(keep_connections: bool) -> reqwest::Client {
    let client = reqwest::Client::builder().no_proxy();
    let client = if keep_connections { client } else { client.pool_max_idle_per_host(0) };
    client.build().unwrap()
}

/// One request to the edge.
pub struct Call<'a> {
    pub method: reqwest::Method,
    pub path: &'a str,
    pub token: Option<&'a str>,
    pub headers: Vec<(&'a str, String)>,
    pub body: Option<Value>,
    pub raw_body: Option<Vec<u8>>,
}

impl<'a> Call<'a> {
    pub fn get(path: &'a str) -> Self {
        Self { method: reqwest::Method::GET, path, token: None, headers: Vec::new(), body: None, raw_body: None }
    }

    pub fn put(path: &'a str) -> Self {
        Self { method: reqwest::Method::PUT, ..Self::get(path) }
    }

    pub fn post(path: &'a str) -> Self {
        Self { method: reqwest::Method::POST, ..Self::get(path) }
    }

    pub fn delete(path: &'a str) -> Self {
        Self { method: reqwest::Method::DELETE, ..Self::get(path) }
    }

    pub fn token(mut self, token: &'a str) -> Self {
        self.token = Some(token);
        self
    }

    pub fn header(mut self, name: &'a str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    pub fn json(mut self, body: Value) -> Self {
        self.body = Some(body);
        self
    }

    pub fn raw(mut self, body: Vec<u8>) -> Self {
        self.raw_body = Some(body);
        self
    }
}

impl Api {
    pub fn url(&self, path: &str) -> String {
        format!("{}/prod-api{path}", self.base)
    }

    /// Sends the head of `call` declaring a body of `length` bytes, then only the start of the
    /// body (the call's raw body, or the start of a JSON object), and reads the answer: the
    /// status and the JSON body. By hand: an HTTP client still writing the body when the edge
    /// answers and closes may see a broken pipe instead of the answer, depending on timing.
    pub async fn declared_too_large(&self, call: Call<'_>, length: usize) -> (u16, Value) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let address = self.base.trim_start_matches("http://").to_owned();
        let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
        let mut head = format!("{} /prod-api{} HTTP/1.1\r\nHost: {address}\r\n", call.method, call.path);
        if let Some(token) = call.token {
            head.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        if !call.headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("content-type")) {
            head.push_str("Content-Type: application/json\r\n");
        }
        for (name, value) in &call.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!("Content-Length: {length}\r\nConnection: close\r\n\r\n"));
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(call.raw_body.as_deref().unwrap_or(b"{\"username\": ")).await.unwrap();
        let mut answer = Vec::new();
        // An edge that waits for the rest of the body instead of answering fails here.
        tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer))
            .await
            .expect("an answer before the body is sent")
            .unwrap();
        let text = String::from_utf8_lossy(&answer);
        let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
        // The body may be chunked: take the JSON object inside.
        let json = body.find('{').zip(body.rfind('}')).map(|(a, b)| &body[a..=b]).unwrap_or("null");
        (status, serde_json::from_str(json).unwrap_or(Value::Null))
    }

    /// Sends a call; returns the HTTP status and the JSON body.
    pub async fn send(&self, call: Call<'_>) -> (u16, Value) {
        let mut request = self.client.request(call.method, self.url(call.path));
        if let Some(token) = call.token {
            request = request.bearer_auth(token);
        }
        for (name, value) in call.headers {
            request = request.header(name, value);
        }
        if let Some(body) = call.body {
            request = request.json(&body);
        }
        if let Some(raw) = call.raw_body {
            request = request.header("content-type", "application/json").body(raw);
        }
        let response = request.send().await.expect("edge answers");
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
        (status, body)
    }

    pub async fn login_attempt(&self, user: &str, password: &str) -> (u16, Value) {
        self.send(Call::post("/login").json(serde_json::json!({ "username": user, "password": password }))).await
    }

    /// Signs in (captcha off) and returns the token.
    pub async fn login(&self, user: &str, password: &str) -> String {
        let (status, body) = self.login_attempt(user, password).await;
        assert_eq!(status, 200, "login failed: {body}");
        body["token"].as_str().expect("token").to_owned()
    }
}

/// Polls `check` until it holds or `seconds` pass.
/// The demo's riverside fleet (SIM-00001..5, project 1), simulated: 4 loops each, a sample
/// every half second.
pub fn riverside_fleet(cluster: &Cluster) -> lumiscape_gateway_bridge::SimulatorConfig {
    lumiscape_gateway_bridge::SimulatorConfig {
        gateways: 5,
        loops: 4,
        interval: Duration::from_millis(500),
        serial_prefix: "SIM-".into(),
        subject_prefix: cluster.prefix.clone(),
        credentials_dir: Some(cluster.gateway_credentials("SIM-")),
        seed: Some(11),
        ..Default::default()
    }
}

pub async fn eventually<F, Fut>(seconds: u64, mut check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while Instant::now() < deadline {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// A NATS server of one test's own (JetStream on a store directory that outlives a restart),
/// for tests that stop and restart it. The binary is `LUMISCAPE_TEST_NATS_SERVER` or
/// `nats-server` on the PATH.
pub struct NatsServer {
    pub port: u16,
    store: TempDir,
    child: Option<Child>,
}

impl NatsServer {
    pub fn start() -> Self {
        let mut server = Self { port: free_port(), store: TempDir::new(), child: None };
        server.launch();
        server
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    fn launch(&mut self) {
        let binary = std::env::var("LUMISCAPE_TEST_NATS_SERVER").unwrap_or_else(|_| "nats-server".into());
        // Streams reserve their max_bytes against the store's limit (docs/event-spine.md,
        // "Limits"); sized like scripts/lib.sh's servers, so free disk never decides.
        // The accounts are the test servers' (scripts/test), so services and gateways connect
        // to this one as to the shared one.
        let config = self.store.0.join("nats.conf");
        let store = self.store.0.join("jetstream");
        std::fs::copy(nats_auth_dir().join("server.conf"), self.store.0.join("auth.conf")).unwrap();
        std::fs::write(
            &config,
            format!(
                "listen: 127.0.0.1:{}\ninclude auth.conf\nresolver: {{ type: full, dir: \"{}\" }}\n\
                 jetstream {{\n  store_dir: \"{}\"\n  max_file_store: 20TB\n}}\n",
                self.port,
                self.store.0.join("jwt").display(),
                store.display()
            ),
        )
        .unwrap();
        let child = Command::new(binary)
            .arg("-c")
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts (set LUMISCAPE_TEST_NATS_SERVER)");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "nats-server did not listen");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the server (SIGKILL) and starts it again on the same port and store.
    pub fn restart(&mut self, down_for: Duration) {
        self.stop();
        std::thread::sleep(down_for);
        self.launch();
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether the bridges have handled everything gateways sent so far: every consumer of the
/// device stream (one per partition) is idle.
pub async fn device_idle(js: &async_nats::jetstream::Context, prefix: &str) -> bool {
    use futures::StreamExt;
    let stream = format!("{prefix}_DEVICE");
    let Ok(handle) = js.get_stream(&stream).await else { return false };
    let names: Vec<Result<String, _>> = handle.consumer_names().collect().await;
    let Ok(names) = names.into_iter().collect::<Result<Vec<String>, _>>() else { return false };
    for name in &names {
        if !consumer_idle(js, &stream, name).await {
            return false;
        }
    }
    !names.is_empty()
}

/// Whether the durable `consumer` of `stream` has handled everything published so far.
pub async fn consumer_idle(js: &async_nats::jetstream::Context, stream: &str, consumer: &str) -> bool {
    let Ok(stream) = js.get_stream(stream).await else { return false };
    let Ok(mut consumer) = stream.get_consumer::<async_nats::jetstream::consumer::pull::Config>(consumer).await else {
        return false;
    };
    consumer.info().await.is_ok_and(|info| info.num_pending == 0 && info.num_ack_pending == 0)
}

/// Defines a scenario and runs it in both deployments: `--target all` in one process, and
/// every service in a process of its own (`scenario!(name)`, or `scenario!(name, options)`);
/// with `replicated` last, also with two edges and two identity services behind one address
/// each (`Deployment::Replicated`).
#[allow(unused_macros)]
macro_rules! scenario {
    (@one $test:ident, $name:ident, $deployment:ident, $options:expr) => {
        #[tokio::test]
        async fn $test() {
            let cluster = crate::common::Cluster::start_with(crate::common::Deployment::$deployment, $options).await;
            super::$name(&cluster).await;
        }
    };
    ($name:ident, $options:expr, replicated) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            scenario!(@one monolith, $name, Monolith, $options);
            scenario!(@one split, $name, Split, $options);
            scenario!(@one replicated, $name, Replicated, $options);
        }
    };
    ($name:ident, replicated) => {
        scenario!($name, crate::common::Options::default(), replicated);
    };
    ($name:ident, $options:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            scenario!(@one monolith, $name, Monolith, $options);
            scenario!(@one split, $name, Split, $options);
        }
    };
    ($name:ident) => {
        scenario!($name, crate::common::Options::default());
    };
}

/// The console of one signed-in user: each call carries its token, a project ("" for
/// none) and a language. A test file adds the calls of its own screens.
pub struct Console<'a> {
    pub cluster: &'a Cluster,
    pub token: String,
}

impl<'a> Console<'a> {
    pub async fn sign_in(cluster: &'a Cluster, user: &str, password: &str) -> Self {
        Self { cluster, token: cluster.api.login(user, password).await }
    }

    pub async fn admin(cluster: &'a Cluster) -> Self {
        Self::sign_in(cluster, "admin", "admin123").await
    }

    /// Sends a call in `project` ("" for none) and `lang`.
    pub async fn send(&self, project: &str, lang: &str, call: Call<'_>) -> (u16, Value) {
        let mut call = call.token(&self.token).header("Content-Language", lang);
        if !project.is_empty() {
            call = call.header("ProjectId", project);
        }
        self.cluster.api.send(call).await
    }
}

/// Takes permissions away from the demo operator's role (before it signs in).
pub async fn revoke_from_operator(c: &Cluster, permissions: &[&str]) {
    let perms: Vec<String> = permissions.iter().map(|p| p.to_string()).collect();
    sqlx::query(
        "DELETE FROM identity.role_menus rm USING identity.menus m, identity.roles r \
         WHERE rm.menu_id = m.menu_id AND rm.role_id = r.role_id AND r.role_key = 'operator' AND m.perms = ANY($1)",
    )
    .bind(&perms)
    .execute(&c.pool)
    .await
    .unwrap();
}

// ---- files ----
/// Asserts an error answer: HTTP status, envelope code and message.
pub fn refused(answer: (u16, Value), status: u16, msg: &str) {
    let (code, body) = answer;
    assert_eq!((code, body["code"].as_u64(), body["msg"].as_str()), (status, Some(status as u64), Some(msg)), "{body}");
}

/// The value of a series in a `/metrics` text (`name{labels}` as rendered), or 0.
pub fn metric(text: &str, series: &str) -> f64 {
    text.lines().find_map(|line| line.strip_prefix(series).and_then(|rest| rest.trim().parse().ok())).unwrap_or(0.0)
}

/// Asserts a business rule's refusal: envelope code 500 with the message, as RuoYi
/// consoles read it, in a normal HTTP 200 answer (not a fault of the server).
pub fn refused_by_rule(answer: (u16, Value), msg: &str) {
    let (code, body) = answer;
    assert_eq!((code, body["code"].as_u64(), body["msg"].as_str()), (200, Some(500), Some(msg)), "{body}");
}

/// POSTs `body` to `path` (below `/prod-api`) over a raw connection, with `headers` and a
/// declared length or chunked; answers the status and the envelope (`Value::Null` when
/// there is none). Raw, because the server may answer a body too large and close before it
/// has all of it, which an HTTP client reports as a failed send.
pub async fn raw_post(c: &Cluster, path: &str, headers: &[(&str, String)], body: &[u8], chunked: bool) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = c.api.base.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let framing =
        if chunked { "Transfer-Encoding: chunked".to_owned() } else { format!("Content-Length: {}", body.len()) };
    let mut head = format!("POST /prod-api{path} HTTP/1.1\r\nHost: {address}\r\n{framing}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    for piece in body.chunks(64 * 1024) {
        let framed = if chunked {
            [format!("{:x}\r\n", piece.len()).as_bytes(), piece, b"\r\n"].concat()
        } else {
            piece.to_vec()
        };
        if stream.write_all(&framed).await.is_err() {
            break;
        }
    }
    if chunked {
        let _ = stream.write_all(b"0\r\n\r\n").await;
    }
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer);
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or_default();
    let json = body.find('{').zip(body.rfind('}')).map(|(a, b)| &body[a..=b]).unwrap_or("null");
    (status, serde_json::from_str(json).unwrap_or(Value::Null))
}

impl Cluster {
    /// `http.files_dir` of every process of the cluster: where the local object store keeps
    /// uploads.
    pub fn files_dir(&self) -> PathBuf {
        self._dir.0.join("files")
    }
}
// ---- end files ----

/// The server's local date `offset` days from today, as forms write dates (`YYYY-MM-DD`).
#[allow(dead_code)]
pub fn local_day(offset: i64) -> String {
    let today = chrono::Local::now().date_naive();
    (today + chrono::TimeDelta::days(offset)).format("%Y-%m-%d").to_string()
}
