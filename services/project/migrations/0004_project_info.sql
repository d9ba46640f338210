-- Every field of a project (spec section 3), its home-page modules, and the service tables
-- (docs/new-module.md) for the project's facts (`project.project.created|deleted`), which
-- identity turns into project grants.
ALTER TABLE project.projects
    ADD COLUMN city_code           VARCHAR(12)  NOT NULL DEFAULT '',
    ADD COLUMN organization        VARCHAR(100) NOT NULL DEFAULT '',
    -- '0' accepted, '1' to be accepted, '2' not passed (dictionary project_acceptance)
    ADD COLUMN acceptance          CHAR(1)      NOT NULL DEFAULT '1' CHECK (acceptance IN ('0', '1', '2')),
    ADD COLUMN start_date          DATE,
    ADD COLUMN contract_number     VARCHAR(50)  NOT NULL DEFAULT '',
    -- '0' the map, '1' the plan picture (dictionary project_map_mode)
    ADD COLUMN map_mode            CHAR(1)      NOT NULL DEFAULT '0' CHECK (map_mode IN ('0', '1')),
    ADD COLUMN map_level           SMALLINT     NOT NULL DEFAULT 12 CHECK (map_level BETWEEN 3 AND 18),
    ADD COLUMN longitude           DOUBLE PRECISION CHECK (longitude BETWEEN -180 AND 180),
    ADD COLUMN latitude            DOUBLE PRECISION CHECK (latitude BETWEEN -90 AND 90),
    ADD COLUMN carousel_pictures   TEXT[]       NOT NULL DEFAULT '{}',
    ADD COLUMN plan_picture        VARCHAR(255) NOT NULL DEFAULT '',
    -- How often gateways push their state and their energy counters, in seconds.
    ADD COLUMN iot_state_interval  INTEGER      NOT NULL DEFAULT 60 CHECK (iot_state_interval BETWEEN 10 AND 3600),
    ADD COLUMN iot_energy_interval INTEGER      NOT NULL DEFAULT 900 CHECK (iot_energy_interval BETWEEN 60 AND 86400),
    ADD COLUMN enabled             BOOLEAN      NOT NULL DEFAULT TRUE,
    ADD COLUMN remark              VARCHAR(500) NOT NULL DEFAULT '',
    ADD COLUMN created_by          VARCHAR(64)  NOT NULL DEFAULT '',
    ADD COLUMN updated_by          VARCHAR(64)  NOT NULL DEFAULT '';

-- The home page's modules of a project: at most 6 (spec section 5), each at its own position.
CREATE TABLE project.project_modules (
    project_id  BIGINT      NOT NULL REFERENCES project.projects (project_id),
    position    SMALLINT    NOT NULL CHECK (position BETWEEN 1 AND 6),
    module_code VARCHAR(30) NOT NULL,
    PRIMARY KEY (project_id, position),
    CONSTRAINT project_modules_code_key UNIQUE (project_id, module_code)
);

CREATE TABLE project.outbox (
    outbox_id   BIGSERIAL    PRIMARY KEY,
    message_id  VARCHAR(100) NOT NULL,
    subject     VARCHAR(200) NOT NULL,
    event_type  VARCHAR(100) NOT NULL,
    payload     BYTEA        NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE TABLE project.projection_queue (
    bucket     VARCHAR(64)  NOT NULL,
    key        VARCHAR(255) NOT NULL,
    queued_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (bucket, key)
);
