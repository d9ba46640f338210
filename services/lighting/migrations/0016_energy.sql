-- Energy statistics (issue 13, docs/energy.md): the loops' energy meters rolled up by the
-- project's local hours, days and months. The rollups are kept apart from the raw samples,
-- so they outlive the samples' retention; a period still held can be rolled again.

-- A project's time-of-use tariff and the baseline its savings are measured against.
CREATE TABLE lighting.energy_settings (
    project_id    BIGINT           PRIMARY KEY,
    peak_price    DOUBLE PRECISION NOT NULL CHECK (peak_price BETWEEN 0 AND 100),
    flat_price    DOUBLE PRECISION NOT NULL CHECK (flat_price BETWEEN 0 AND 100),
    valley_price  DOUBLE PRECISION NOT NULL CHECK (valley_price BETWEEN 0 AND 100),
    -- One letter per local hour from 00:00: P peak, F flat, V valley.
    hour_bands    CHAR(24)         NOT NULL CHECK (hour_bands ~ '^[PFV]{24}$'),
    baseline      VARCHAR(16)      NOT NULL CHECK (baseline IN ('fullNight', 'lastYear')),
    baseline_note VARCHAR(500)     NOT NULL DEFAULT '',
    updated_by    VARCHAR(64)      NOT NULL DEFAULT '',
    updated_at    TIMESTAMPTZ      NOT NULL DEFAULT now()
);

-- How far each loop's samples have been rolled: the last reading counted.
CREATE TABLE lighting.energy_cursors (
    gateway_id  BIGINT           NOT NULL,
    loop_index  SMALLINT         NOT NULL,
    sample_time TIMESTAMPTZ      NOT NULL,
    energy_kwh  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (gateway_id, loop_index)
);

-- Energy per loop and local hour (the instant the local hour starts, so an hour repeated by
-- the autumn change is two rows), with the tariff band the hour fell in when rolled.
-- flags: 1 a counter reset, 2 a gap in the readings, 4 an implausible jump (not counted).
-- In monthly partitions (UTC months of hour_at), dropped whole once past
-- telemetry.energy_hour_retention_months: a year of 10,000 loops is 88 million hour rows,
-- while days and months, a small fraction of that, stay for ever. The hours outlive the raw
-- samples (a config rule), so a day or month summed again from its hours finds them all.
CREATE TABLE lighting.energy_hours (
    gateway_id  BIGINT           NOT NULL,
    loop_index  SMALLINT         NOT NULL,
    hour_at     TIMESTAMPTZ      NOT NULL,
    project_id  BIGINT           NOT NULL,
    band        CHAR(1)          NOT NULL CHECK (band IN ('P', 'F', 'V')),
    kwh         DOUBLE PRECISION NOT NULL,
    max_power_w DOUBLE PRECISION NOT NULL,
    flags       SMALLINT         NOT NULL DEFAULT 0,
    PRIMARY KEY (gateway_id, loop_index, hour_at)
) PARTITION BY RANGE (hour_at);
CREATE INDEX energy_hours_project_idx ON lighting.energy_hours (project_id, hour_at);

-- The monthly partitions of a table of this schema partitioned by a timestamptz range (UTC
-- months), named `{parent}_YYYYMM`: the communication records and the energy hours
-- (services/lighting/src/partitions.rs, `Monthly`). `parent` comes from the code, never from
-- user input, and is quoted as an identifier all the same.

-- Creates the partition of `parent` for the UTC month starting `month` unless it exists. The
-- check takes no lock; a creation locks the whole table until its transaction ends, so it is
-- called in a short transaction of its own.
CREATE FUNCTION lighting.ensure_month_partition(parent TEXT, month DATE) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    first DATE := date_trunc('month', month)::date;
    part TEXT := parent || '_' || to_char(date_trunc('month', month), 'YYYYMM');
BEGIN
    IF to_regclass(format('lighting.%I', part)) IS NOT NULL THEN
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('lighting.' || parent));
    IF to_regclass(format('lighting.%I', part)) IS NULL THEN
        EXECUTE format(
            'CREATE TABLE lighting.%I PARTITION OF lighting.%I FOR VALUES FROM (%L) TO (%L)',
            part, parent, first::timestamp AT TIME ZONE 'UTC', (first + interval '1 month')::timestamp AT TIME ZONE 'UTC');
    END IF;
END $$;

-- Drops the partitions of `parent` of the months before the one starting `first_kept`;
-- returns how many.
CREATE FUNCTION lighting.drop_month_partitions_before(parent TEXT, first_kept DATE) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    part RECORD;
    dropped INTEGER := 0;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('lighting.' || parent));
    FOR part IN
        SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = format('lighting.%I', parent)::regclass
          AND c.relname = parent || '_' || right(c.relname, 6)
          AND right(c.relname, 6) ~ '^[0-9]{6}$'
          AND to_date(right(c.relname, 6), 'YYYYMM') < date_trunc('month', first_kept)::date
    LOOP
        EXECUTE format('DROP TABLE lighting.%I', part.relname);
        dropped := dropped + 1;
    END LOOP;
    RETURN dropped;
END $$;

-- The communication records' own functions (0015) stay for a process of the version before
-- during a rolling upgrade, now through the shared ones.
CREATE OR REPLACE FUNCTION lighting.ensure_communication_partition(month DATE) RETURNS VOID LANGUAGE sql AS $$
    SELECT lighting.ensure_month_partition('communication_records', month);
$$;
CREATE OR REPLACE FUNCTION lighting.drop_communication_partitions_before(first_kept DATE) RETURNS INTEGER LANGUAGE sql AS $$
    SELECT lighting.drop_month_partitions_before('communication_records', first_kept);
$$;

-- Energy per loop and local day, summed from its hours.
CREATE TABLE lighting.energy_days (
    gateway_id  BIGINT           NOT NULL,
    loop_index  SMALLINT         NOT NULL,
    day         DATE             NOT NULL,
    project_id  BIGINT           NOT NULL,
    kwh         DOUBLE PRECISION NOT NULL,
    peak_kwh    DOUBLE PRECISION NOT NULL,
    flat_kwh    DOUBLE PRECISION NOT NULL,
    valley_kwh  DOUBLE PRECISION NOT NULL,
    max_power_w DOUBLE PRECISION NOT NULL,
    flags       SMALLINT         NOT NULL DEFAULT 0,
    PRIMARY KEY (gateway_id, loop_index, day)
);
CREATE INDEX energy_days_project_idx ON lighting.energy_days (project_id, day);

-- Energy per loop and local month (its first day), summed from its days.
CREATE TABLE lighting.energy_months (
    gateway_id  BIGINT           NOT NULL,
    loop_index  SMALLINT         NOT NULL,
    month       DATE             NOT NULL,
    project_id  BIGINT           NOT NULL,
    kwh         DOUBLE PRECISION NOT NULL,
    peak_kwh    DOUBLE PRECISION NOT NULL,
    flat_kwh    DOUBLE PRECISION NOT NULL,
    valley_kwh  DOUBLE PRECISION NOT NULL,
    max_power_w DOUBLE PRECISION NOT NULL,
    flags       SMALLINT         NOT NULL DEFAULT 0,
    PRIMARY KEY (gateway_id, loop_index, month)
);
CREATE INDEX energy_months_project_idx ON lighting.energy_months (project_id, month);
