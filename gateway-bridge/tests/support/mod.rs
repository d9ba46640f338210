//! What the device-path tests share: a nats-server of their own with an MQTT listener.
#![allow(dead_code)]

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The NATS operator, accounts and keys of the test servers (`lumiscape nats-auth`, made by
/// scripts/test).
pub fn nats_auth_dir() -> PathBuf {
    PathBuf::from(
        std::env::var("LUMISCAPE_TEST_NATS_AUTH_DIR")
            .expect("LUMISCAPE_TEST_NATS_AUTH_DIR names the test NATS keys (run the tests through scripts/test)"),
    )
}

/// A client of the SERVICES account, as the platform connects.
pub async fn services_client(url: &str) -> async_nats::Client {
    let creds = nats_auth_dir().join("services.creds");
    lumiscape_common::nats::connect(url, "gateway-bridge-test", Some(&creds), Duration::from_secs(10))
        .await
        .unwrap_or_else(|err| panic!("NATS at {url}: {err}"))
}

/// A directory of `.creds` files for the gateways `<serial_prefix>00001` to `...count`, under
/// the subject prefix `prefix`, issued as lighting issues them.
pub fn fleet_credentials(prefix: &str, serial_prefix: &str, count: usize) -> PathBuf {
    let authority =
        lumiscape_common::nats_auth::Authority::load(&nats_auth_dir().join("authority.json")).expect("test authority");
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    let dir = std::env::temp_dir().join(format!("lumiscape-gb-creds-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for number in 1..=count {
        let serial = format!("{serial_prefix}{number:05}");
        let credential = authority.issue_gateway(prefix, &serial).unwrap();
        std::fs::write(dir.join(format!("{serial}.creds")), credential.creds()).unwrap();
    }
    dir
}

/// A nats-server of the test's own with JetStream and an MQTT listener; stopped on drop.
pub struct PrivateNats {
    child: Child,
    dir: PathBuf,
    pub port: u16,
    pub mqtt_port: u16,
}

impl PrivateNats {
    /// Starts the nats-server binary `LUMISCAPE_TEST_NATS_SERVER` names; `None`, after saying
    /// that `test` is skipped, when the variable is not set.
    pub fn from_env(test: &str) -> Option<Self> {
        let Ok(binary) = std::env::var("LUMISCAPE_TEST_NATS_SERVER") else {
            eprintln!("skipping {test}: LUMISCAPE_TEST_NATS_SERVER (path to a nats-server binary) is not set");
            return None;
        };
        Some(Self::start(&binary))
    }

    pub fn start(binary: &str) -> Self {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let dir = std::env::temp_dir().join(format!("lumiscape-gb-nats-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(dir.join("jetstream")).unwrap();
        std::fs::copy(nats_auth_dir().join("server.conf"), dir.join("auth.conf")).unwrap();
        let (port, mqtt_port) = (free_port(), free_port());
        let config = format!(
            "server_name: gbtest_{pid}\nlisten: 127.0.0.1:{port}\ninclude auth.conf\n\
             resolver: {{ type: full, dir: \"{jwt}\" }}\njetstream {{\n  store_dir: \"{store}\"\n  max_memory_store: 64MB\n  max_file_store: 20TB\n}}\nmqtt {{\n  listen: 127.0.0.1:{mqtt_port}\n}}\n",
            pid = std::process::id(),
            store = dir.join("jetstream").display(),
            jwt = dir.join("jwt").display(),
        );
        let config_path = dir.join("nats.conf");
        std::fs::write(&config_path, config).unwrap();
        let log = std::fs::File::create(dir.join("server.log")).unwrap();
        let child = Process::new(binary)
            .arg("-c")
            .arg(&config_path)
            .stdout(Stdio::from(log.try_clone().unwrap()))
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap_or_else(|err| panic!("cannot start {binary}: {err}"));
        let server = Self { child, dir, port, mqtt_port };
        let deadline = Instant::now() + Duration::from_secs(15);
        for listening in [port, mqtt_port] {
            while TcpStream::connect(("127.0.0.1", listening)).is_err() {
                assert!(
                    Instant::now() < deadline,
                    "private nats-server did not listen on {listening}: {}",
                    server.log()
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        server
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
    }
}

impl Drop for PrivateNats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
