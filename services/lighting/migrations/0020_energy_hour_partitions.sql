-- The energy hours in monthly partitions (UTC months of hour_at), dropped whole once past
-- telemetry.energy_hour_retention_months (docs/energy.md). A year of 10,000 loops is 88
-- million hour rows; days and months, a small fraction of that, stay for ever. The hours
-- outlive the raw samples (a config rule), so a day or month summed again from its hours
-- always finds them all.

ALTER TABLE lighting.energy_hours RENAME TO energy_hours_flat;
ALTER INDEX lighting.energy_hours_pkey RENAME TO energy_hours_flat_pkey;
ALTER INDEX lighting.energy_hours_project_idx RENAME TO energy_hours_flat_project_idx;

-- As in 0016_energy.sql, partitioned.
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
-- common case (it exists) takes no lock, so the energy roller may call it inside its
-- transaction.
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

-- The hours rolled so far, into the months they fall in.
SELECT lighting.ensure_month_partition('energy_hours', m)
FROM (SELECT DISTINCT date_trunc('month', hour_at AT TIME ZONE 'UTC')::date AS m FROM lighting.energy_hours_flat) AS months;
INSERT INTO lighting.energy_hours (gateway_id, loop_index, hour_at, project_id, band, kwh, max_power_w, flags)
SELECT gateway_id, loop_index, hour_at, project_id, band, kwh, max_power_w, flags FROM lighting.energy_hours_flat;
DROP TABLE lighting.energy_hours_flat;
-- The band check got a new name beside the old table's; give it back its own.
ALTER TABLE lighting.energy_hours RENAME CONSTRAINT energy_hours_band_check1 TO energy_hours_band_check;
