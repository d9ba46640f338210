//! What the device-path tests share: a nats-server of their own with an MQTT listener.
#![allow(dead_code)]

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
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
        let (port, mqtt_port) = (free_port(), free_port());
        let config = format!(
            "server_name: gbtest_{pid}\nlisten: 127.0.0.1:{port}\njetstream {{\n  store_dir: \"{store}\"\n  max_memory_store: 64MB\n  max_file_store: 20TB\n}}\nmqtt {{\n  listen: 127.0.0.1:{mqtt_port}\n}}\n",
            pid = std::process::id(),
            store = dir.join("jetstream").display(),
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
