-- Lighting: gateways and loops, their latest readings and presence (projections of the
-- gateway-bridge's events), stored telemetry, one-key audit records, the outboxes.

CREATE TABLE lighting.gateways (
    gateway_id         BIGSERIAL        PRIMARY KEY,
    project_id         BIGINT           NOT NULL,
    gateway_name       VARCHAR(50)      NOT NULL,
    -- The serial the gateway reports itself with (the console's gatewayNumber).
    serial             VARCHAR(32)      NOT NULL,
    -- '1' 4G, '2' Ethernet, '3' NB-IoT, '4' LoRa
    communication_type CHAR(1)          NOT NULL CHECK (communication_type IN ('1', '2', '3', '4')),
    loop_count         INTEGER          NOT NULL CHECK (loop_count BETWEEN 1 AND 64),
    remark             VARCHAR(200)     NOT NULL DEFAULT '',
    -- Presence, from the bridge's status events; status_at orders them.
    online             BOOLEAN          NOT NULL DEFAULT FALSE,
    status_at          TIMESTAMPTZ,
    -- The latest telemetry: device time of the reading, and when the bridge received it.
    signal_dbm         INTEGER,
    temperature_c      DOUBLE PRECISION,
    firmware           VARCHAR(64)      NOT NULL DEFAULT '',
    telemetry_at       TIMESTAMPTZ,
    last_seen_at       TIMESTAMPTZ,
    deleted            BOOLEAN          NOT NULL DEFAULT FALSE,
    created_by         VARCHAR(64)      NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ      NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ      NOT NULL DEFAULT now()
);
-- A serial belongs to one live gateway across the platform.
CREATE UNIQUE INDEX gateways_serial_key ON lighting.gateways (serial) WHERE NOT deleted;
CREATE INDEX gateways_project_idx ON lighting.gateways (project_id, gateway_id) WHERE NOT deleted;

CREATE TABLE lighting.loops (
    gateway_id BIGINT      NOT NULL REFERENCES lighting.gateways (gateway_id) ON DELETE CASCADE,
    loop_index INTEGER     NOT NULL CHECK (loop_index BETWEEN 1 AND 64),
    loop_name  VARCHAR(30) NOT NULL DEFAULT '',
    PRIMARY KEY (gateway_id, loop_index)
);

-- The latest reading of each loop (telemetry or a command's acknowledgement).
CREATE TABLE lighting.loop_state (
    gateway_id     BIGINT           NOT NULL,
    loop_index     INTEGER          NOT NULL,
    is_on          BOOLEAN          NOT NULL,
    voltage_v      DOUBLE PRECISION NOT NULL,
    current_a      DOUBLE PRECISION NOT NULL,
    active_power_w DOUBLE PRECISION NOT NULL,
    energy_kwh     DOUBLE PRECISION NOT NULL,
    sample_time    TIMESTAMPTZ      NOT NULL,
    PRIMARY KEY (gateway_id, loop_index)
);

-- Stored telemetry, one row per loop of a sample, in daily partitions (UTC days) made ahead
-- by the service and dropped whole after the retention period. The key makes a
-- redelivered sample change nothing; its column order serves the charts' range scans.
CREATE TABLE lighting.loop_samples (
    gateway_id     BIGINT           NOT NULL,
    loop_index     SMALLINT         NOT NULL,
    sample_time    TIMESTAMPTZ      NOT NULL,
    seq            BIGINT           NOT NULL,
    is_on          BOOLEAN          NOT NULL,
    voltage_v      DOUBLE PRECISION NOT NULL,
    current_a      DOUBLE PRECISION NOT NULL,
    active_power_w DOUBLE PRECISION NOT NULL,
    energy_kwh     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (gateway_id, loop_index, sample_time, seq)
) PARTITION BY RANGE (sample_time);

-- Creates the partition of one UTC day unless it exists. Partition names are made here
-- from a date, never from user input.
CREATE FUNCTION lighting.ensure_sample_partition(day DATE) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    part TEXT := 'loop_samples_' || to_char(day, 'YYYYMMDD');
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('lighting.loop_samples'));
    IF to_regclass('lighting.' || part) IS NULL THEN
        EXECUTE format(
            'CREATE TABLE lighting.%I PARTITION OF lighting.loop_samples FOR VALUES FROM (%L) TO (%L)',
            part, day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
    END IF;
END $$;

-- Drops the partitions of the days before `first_kept`; returns how many.
CREATE FUNCTION lighting.drop_sample_partitions_before(first_kept DATE) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    part RECORD;
    dropped INTEGER := 0;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('lighting.loop_samples'));
    FOR part IN
        SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'lighting.loop_samples'::regclass
          AND c.relname ~ '^loop_samples_[0-9]{8}$'
          AND to_date(substr(c.relname, 14), 'YYYYMMDD') < first_kept
    LOOP
        EXECUTE format('DROP TABLE lighting.%I', part.relname);
        dropped := dropped + 1;
    END LOOP;
    RETURN dropped;
END $$;

-- Presence changes, as the bridge decided them.
CREATE TABLE lighting.gateway_status_log (
    id         BIGSERIAL   PRIMARY KEY,
    gateway_id BIGINT      NOT NULL,
    project_id BIGINT      NOT NULL,
    serial     VARCHAR(32) NOT NULL,
    online     BOOLEAN     NOT NULL,
    -- 'heartbeat', 'telemetry', 'event' or 'silence'
    reason     VARCHAR(16) NOT NULL,
    at         TIMESTAMPTZ NOT NULL,
    UNIQUE (serial, at, online)
);
CREATE INDEX gateway_status_log_gateway_idx ON lighting.gateway_status_log (gateway_id, at DESC);

-- The audit of one-key control.
CREATE TABLE lighting.onekey_records (
    record_id  BIGSERIAL   PRIMARY KEY,
    project_id BIGINT      NOT NULL,
    user_id    BIGINT      NOT NULL,
    user_name  VARCHAR(64) NOT NULL,
    action     VARCHAR(3)  NOT NULL CHECK (action IN ('on', 'off')),
    total      INTEGER     NOT NULL,
    succeeded  INTEGER     NOT NULL,
    failed     INTEGER     NOT NULL,
    -- [{gatewayId, gatewayName, gatewayNumber, result, message}]
    results    JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX onekey_records_project_idx ON lighting.onekey_records (project_id, record_id DESC);

-- Events written with the change they describe, relayed to JetStream afterwards.
CREATE TABLE lighting.outbox (
    event_id   UUID         PRIMARY KEY,
    subject    VARCHAR(200) NOT NULL,
    event_type VARCHAR(100) NOT NULL,
    payload    BYTEA        NOT NULL,
    created_at TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_idx ON lighting.outbox (created_at);

-- Serials whose entry in the GATEWAYS bucket must be brought in line with this schema
-- (written with the change; the relay puts or deletes `gw.{serial}` from the current row).
CREATE TABLE lighting.registry_sync (
    serial    VARCHAR(32) PRIMARY KEY,
    queued_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
