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
);
CREATE INDEX energy_hours_project_idx ON lighting.energy_hours (project_id, hour_at);

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
