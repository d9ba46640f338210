# syntax=docker/dockerfile:1.7
# The `lumiscape` image: the one binary and the built console on a small Debian base.
# The target is chosen by arguments, as with the binary itself:
#   docker run IMAGE run --target edge       docker run IMAGE migrate
# deploy/compose.yaml and helm/lumiscape run it; deploy/README.md says how.
#
# Build from the repository root: `docker build -t lumiscape .` (BuildKit, for the cache
# mounts). The versions below are the ones the developers build with (rustc 1.95, Node 20).

ARG RUST_VERSION=1.95
ARG NODE_VERSION=20.20
ARG DEBIAN_RELEASE=bookworm

# --- the console ------------------------------------------------------------------------
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim AS console
WORKDIR /src/web-console
# The lock file alone first, so a change of the sources does not reinstall the dependencies.
COPY web-console/package.json web-console/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --loglevel=error
COPY web-console/ ./
RUN npm run build

# --- the binary -------------------------------------------------------------------------
FROM rust:${RUST_VERSION}-${DEBIAN_RELEASE} AS binary
# protoc: the proto crate's build script generates the gRPC code with it. Debian's packages are
# not pinned to versions (DL3008): a stable release replaces them with security updates, and a
# pinned version would stop building when it does.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends protobuf-compiler \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Cargo.toml Cargo.lock rustfmt.toml ./
COPY .sqlx/ .sqlx/
COPY proto/ proto/
COPY services/ services/
COPY gateway-bridge/ gateway-bridge/
# The queries are checked against the committed .sqlx/ data: no database at build time.
ENV SQLX_OFFLINE=true
# The target directory is a cache mount (kept between builds, absent from the layer), so the
# binary is copied out of it in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p lumiscape \
    && install -m 0755 target/release/lumiscape /usr/local/bin/lumiscape

# --- the runtime ------------------------------------------------------------------------
# bookworm-slim rather than distroless: the compose file's health checks need a shell (bash's
# /dev/tcp) to probe /readyz, as the image ships no HTTP client. The binary links only glibc
# and libgcc (TLS is rustls), so nothing else is installed but the CA certificates
# (S3 and OTLP endpoints over TLS).
FROM debian:${DEBIAN_RELEASE}-slim
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# A numeric user, so Kubernetes' runAsNonRoot can check it without a passwd lookup. The data
# directories belong to it: a new named volume mounted there takes their owner, so
# `lumiscape nats-auth` and the file store can write into volumes with no chown step.
ARG UID=10001
RUN groupadd --system --gid ${UID} lumiscape \
    && useradd --system --uid ${UID} --gid ${UID} --home-dir /var/lib/lumiscape --shell /usr/sbin/nologin lumiscape \
    && mkdir -p /var/lib/lumiscape/files /var/lib/lumiscape/nats-auth \
    && chown -R ${UID}:${UID} /var/lib/lumiscape
COPY --from=binary /usr/local/bin/lumiscape /usr/local/bin/lumiscape
COPY --from=console /src/web-console/dist /usr/share/lumiscape/console
# The root filesystem may be read-only: nothing is written outside /var/lib/lumiscape, where
# the deployment mounts its volumes (no VOLUME here: it would leave an anonymous volume behind
# every container that does not use the file store).
ENV LUMISCAPE_CONSOLE_DIR=/usr/share/lumiscape/console \
    LUMISCAPE_FILES_DIR=/var/lib/lumiscape/files \
    LUMISCAPE_LOG_FORMAT=json
USER ${UID}:${UID}
WORKDIR /var/lib/lumiscape
# 8080: the edge's API and console; 9090: /healthz, /readyz and /metrics (http.ops_listen, or
# --listen for a process without the edge); 50051-50055: the services' gRPC.
EXPOSE 8080 9090 50051 50052 50053 50054 50055
ENTRYPOINT ["/usr/local/bin/lumiscape"]
CMD ["run", "--target", "all"]
