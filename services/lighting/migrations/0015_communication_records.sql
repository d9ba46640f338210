-- The communication records: every message between a gateway and the platform, in and out,
-- refused ones with their reason (docs/device-protocol.md, "Communication records"). In
-- monthly partitions (UTC months) made ahead by the service and dropped whole after the
-- retention (lighting.communication_retention_months), so expiring a month costs no DELETE.
-- A query never spans two months (spec section 5), so it reads one partition.
CREATE TABLE lighting.communication_records (
    record_id      BIGINT GENERATED ALWAYS AS IDENTITY,
    project_id     BIGINT      NOT NULL,
    gateway_id     BIGINT      NOT NULL,
    -- when the platform heard it (a stream message's storage time) or sent it; an
    -- acknowledgement's is the gateway's clock
    recorded_at    TIMESTAMPTZ NOT NULL,
    direction      VARCHAR(4)  NOT NULL CHECK (direction IN ('up', 'down')),
    channel        VARCHAR(10) NOT NULL CHECK (channel IN ('telemetry', 'heartbeat', 'event', 'ack', 'command')),
    outcome        VARCHAR(10) NOT NULL CHECK (outcome IN ('accepted', 'duplicate', 'refused', 'sent')),
    reason         VARCHAR(300) NOT NULL DEFAULT '',
    message_seq    BIGINT,
    correlation_id VARCHAR(64),
    device_time    TIMESTAMPTZ,
    size           INTEGER     NOT NULL,
    -- at most 8 KiB of it (size says how much there was)
    payload        BYTEA       NOT NULL,
    -- what makes a record once however often it is written: 's{stream seq}', 'c{corr_id}', ...
    record_key     VARCHAR(80) NOT NULL,
    PRIMARY KEY (recorded_at, gateway_id, record_key)
) PARTITION BY RANGE (recorded_at);
CREATE INDEX communication_records_project_idx
    ON lighting.communication_records (project_id, recorded_at DESC, record_id DESC);
CREATE INDEX communication_records_gateway_idx
    ON lighting.communication_records (gateway_id, recorded_at DESC, record_id DESC);

-- Creates the partition of the UTC month starting `month` unless it exists. Names are made
-- here from a date, never from user input.
CREATE FUNCTION lighting.ensure_communication_partition(month DATE) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    first DATE := date_trunc('month', month)::date;
    part TEXT := 'communication_records_' || to_char(date_trunc('month', month), 'YYYYMM');
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('lighting.communication_records'));
    IF to_regclass('lighting.' || part) IS NULL THEN
        EXECUTE format(
            'CREATE TABLE lighting.%I PARTITION OF lighting.communication_records FOR VALUES FROM (%L) TO (%L)',
            part, first::timestamp AT TIME ZONE 'UTC', (first + interval '1 month')::timestamp AT TIME ZONE 'UTC');
    END IF;
END $$;

-- Drops the partitions of the months before the one starting `first_kept`; returns how many.
CREATE FUNCTION lighting.drop_communication_partitions_before(first_kept DATE) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    part RECORD;
    dropped INTEGER := 0;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('lighting.communication_records'));
    FOR part IN
        SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'lighting.communication_records'::regclass
          AND c.relname ~ '^communication_records_[0-9]{6}$'
          AND to_date(substr(c.relname, 23), 'YYYYMM') < date_trunc('month', first_kept)::date
    LOOP
        EXECUTE format('DROP TABLE lighting.%I', part.relname);
        dropped := dropped + 1;
    END LOOP;
    RETURN dropped;
END $$;
