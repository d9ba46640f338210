-- Alarm: alarm types (the conditions the gateway-bridge evaluates), the alarms raised from
-- them, recoveries that arrived before their raise, and the outbox of alarm events.

CREATE TABLE alarm.alarm_types (
    alarm_type_id        BIGSERIAL     PRIMARY KEY,
    project_id           BIGINT        NOT NULL,
    alarm_name           VARCHAR(50)   NOT NULL,
    device_type          VARCHAR(10)   NOT NULL CHECK (device_type IN ('gateway', 'loop')),
    -- '1' serious, '2' main, '3' secondary (dictionary alarm_level)
    alarm_level          CHAR(1)       NOT NULL CHECK (alarm_level IN ('1', '2', '3')),
    content_zh           VARCHAR(200)  NOT NULL,
    content_en           VARCHAR(200)  NOT NULL,
    trigger_attribute    VARCHAR(20)   NOT NULL,
    trigger_comparison   VARCHAR(2)    NOT NULL CHECK (trigger_comparison IN ('>', '>=', '<', '<=')),
    trigger_value        NUMERIC(12, 3) NOT NULL,
    -- The value as entered ("15.0" stays "15.0").
    trigger_value_text   VARCHAR(20)   NOT NULL,
    trigger_seconds      INTEGER       NOT NULL CHECK (trigger_seconds BETWEEN 0 AND 86400),
    -- Empty attribute and comparison, NULL value: no recovery condition.
    recovery_attribute   VARCHAR(20)   NOT NULL DEFAULT '',
    recovery_comparison  VARCHAR(2)    NOT NULL DEFAULT ''
        CHECK (recovery_comparison IN ('', '>', '>=', '<', '<=')),
    recovery_value       NUMERIC(12, 3),
    recovery_value_text  VARCHAR(20)   NOT NULL DEFAULT '',
    recovery_seconds     INTEGER       NOT NULL DEFAULT 0 CHECK (recovery_seconds BETWEEN 0 AND 86400),
    auto_processing      BOOLEAN       NOT NULL DEFAULT FALSE,
    auto_work_order      BOOLEAN       NOT NULL DEFAULT FALSE,
    enabled              BOOLEAN       NOT NULL DEFAULT TRUE,
    created_at           TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CHECK ((recovery_attribute = '') = (recovery_value IS NULL)),
    CHECK (recovery_value IS NOT NULL OR NOT auto_processing)
);
CREATE INDEX alarm_types_project_idx ON alarm.alarm_types (project_id, alarm_type_id);

-- Alarms. The type's name, level, contents and condition are copied at raise time, so the
-- history does not change when the type is edited or deleted later; no foreign key for
-- the same reason.
CREATE TABLE alarm.alarms (
    alarm_id               BIGSERIAL     PRIMARY KEY,
    project_id             BIGINT        NOT NULL,
    alarm_type_id          BIGINT        NOT NULL,
    -- The bridge's transition id: a redelivered or repeated raise makes nothing new.
    raise_transition_id    VARCHAR(200)  NOT NULL UNIQUE,
    alarm_name             VARCHAR(50)   NOT NULL,
    alarm_level            CHAR(1)       NOT NULL CHECK (alarm_level IN ('1', '2', '3')),
    content_zh             VARCHAR(200)  NOT NULL,
    content_en             VARCHAR(200)  NOT NULL,
    trigger_attribute      VARCHAR(20)   NOT NULL,
    trigger_comparison     VARCHAR(2)    NOT NULL,
    trigger_value_text     VARCHAR(20)   NOT NULL,
    auto_processing        BOOLEAN       NOT NULL,
    auto_work_order        BOOLEAN       NOT NULL,
    gateway_id             BIGINT        NOT NULL,
    serial                 VARCHAR(64)   NOT NULL,
    -- 0 for the gateway itself.
    loop_index             INTEGER       NOT NULL CHECK (loop_index >= 0),
    device_name            VARCHAR(120)  NOT NULL,
    value                  DOUBLE PRECISION NOT NULL,
    -- '0' not processed, '1' processing, '2' processed, '3' closed, '4' restored
    status                 CHAR(1)       NOT NULL DEFAULT '0' CHECK (status IN ('0', '1', '2', '3', '4')),
    alarm_time             TIMESTAMPTZ   NOT NULL,
    sample_time            TIMESTAMPTZ   NOT NULL,
    end_time               TIMESTAMPTZ,
    recovered              BOOLEAN       NOT NULL DEFAULT FALSE,
    recovery_transition_id VARCHAR(200),
    close_reason           VARCHAR(200)  NOT NULL DEFAULT '',
    closed_by              VARCHAR(30)   NOT NULL DEFAULT '',
    closed_at              TIMESTAMPTZ,
    processed_by           VARCHAR(30)   NOT NULL DEFAULT '',
    created_at             TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX alarms_project_time_idx ON alarm.alarms (project_id, alarm_time DESC, alarm_id DESC);
CREATE INDEX alarms_open_idx ON alarm.alarms (project_id, alarm_time DESC) WHERE status IN ('0', '1');

-- A recovery whose raise has not been recorded yet (the raise was redelivered after it, e.g.
-- after a crash of this service): applied as soon as the raise arrives.
CREATE TABLE alarm.early_recoveries (
    raise_transition_id VARCHAR(200) PRIMARY KEY,
    transition_id       VARCHAR(200) NOT NULL,
    project_id          BIGINT       NOT NULL,
    end_time            TIMESTAMPTZ  NOT NULL,
    created_at          TIMESTAMPTZ  NOT NULL DEFAULT now()
);

-- The transactional outbox of AlarmChanged events (see outbox.rs).
CREATE TABLE alarm.outbox (
    outbox_id   BIGSERIAL    PRIMARY KEY,
    message_id  VARCHAR(100) NOT NULL,
    subject     VARCHAR(200) NOT NULL,
    event_type  VARCHAR(50)  NOT NULL,
    payload     BYTEA        NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
