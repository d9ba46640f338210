-- Scenes, tasks and the project's site for sun times (issue 12, docs/scheduler.md).

CREATE TABLE lighting.scenes (
    scene_id    BIGSERIAL    PRIMARY KEY,
    project_id  BIGINT       NOT NULL,
    scene_name  VARCHAR(30)  NOT NULL,
    -- '1' default, '2' combined, '3' custom (dictionary lighting_scene_type)
    scene_type  CHAR(1)      NOT NULL CHECK (scene_type IN ('1', '2', '3')),
    remark      VARCHAR(200) NOT NULL DEFAULT '',
    created_by  VARCHAR(64)  NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX scenes_name_key ON lighting.scenes (project_id, scene_name);

-- What a scene sets on each loop it names. A loop that goes (its gateway's loop count lowered)
-- leaves the scenes with it.
CREATE TABLE lighting.scene_loops (
    scene_id   BIGINT   NOT NULL REFERENCES lighting.scenes (scene_id) ON DELETE CASCADE,
    gateway_id BIGINT   NOT NULL,
    loop_index INTEGER  NOT NULL,
    is_on      BOOLEAN  NOT NULL,
    brightness SMALLINT CHECK (brightness BETWEEN 1 AND 100),
    PRIMARY KEY (scene_id, gateway_id, loop_index),
    FOREIGN KEY (gateway_id, loop_index) REFERENCES lighting.loops (gateway_id, loop_index) ON DELETE CASCADE,
    CHECK (is_on = (brightness IS NOT NULL))
);
CREATE INDEX scene_loops_gateway_idx ON lighting.scene_loops (gateway_id);

CREATE TABLE lighting.tasks (
    task_id       BIGSERIAL    PRIMARY KEY,
    project_id    BIGINT       NOT NULL,
    task_name     VARCHAR(30)  NOT NULL,
    priority      SMALLINT     NOT NULL CHECK (priority BETWEEN 0 AND 255),
    date_from     DATE,
    date_to       DATE,
    -- Bit 0 Monday to bit 6 Sunday; at least one.
    weekdays      SMALLINT     NOT NULL CHECK (weekdays BETWEEN 1 AND 127),
    -- '0' a clock time, '1' sunrise, '2' sunset; the clock time or the offset in minutes.
    start_kind    CHAR(1)      NOT NULL CHECK (start_kind IN ('0', '1', '2')),
    start_clock   TIME,
    start_offset  INTEGER      NOT NULL DEFAULT 0 CHECK (start_offset BETWEEN -180 AND 180),
    end_kind      CHAR(1)      NOT NULL CHECK (end_kind IN ('0', '1', '2')),
    end_clock     TIME,
    end_offset    INTEGER      NOT NULL DEFAULT 0 CHECK (end_offset BETWEEN -180 AND 180),
    enabled       BOOLEAN      NOT NULL DEFAULT FALSE,
    -- '0' not issued, '1' being issued, '2' unsuccessful, '3' succeeded
    issue_state   CHAR(1)      NOT NULL DEFAULT '0' CHECK (issue_state IN ('0', '1', '2', '3')),
    remark        VARCHAR(200) NOT NULL DEFAULT '',
    created_by    VARCHAR(64)  NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    CHECK (date_from IS NULL OR date_to IS NULL OR date_from <= date_to),
    CHECK ((start_kind = '0') = (start_clock IS NOT NULL)),
    CHECK ((end_kind = '0') = (end_clock IS NOT NULL))
);
CREATE INDEX tasks_project_idx ON lighting.tasks (project_id, priority DESC, task_id DESC);

-- The task's scenes in the order they are applied (a later one wins a loop both set). A scene
-- in use cannot be deleted.
CREATE TABLE lighting.task_scenes (
    task_id  BIGINT  NOT NULL REFERENCES lighting.tasks (task_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    scene_id BIGINT  NOT NULL REFERENCES lighting.scenes (scene_id),
    PRIMARY KEY (task_id, position),
    UNIQUE (task_id, scene_id)
);
CREATE INDEX task_scenes_scene_idx ON lighting.task_scenes (scene_id);

CREATE TABLE lighting.task_gateways (
    task_id    BIGINT NOT NULL REFERENCES lighting.tasks (task_id) ON DELETE CASCADE,
    gateway_id BIGINT NOT NULL REFERENCES lighting.gateways (gateway_id) ON DELETE CASCADE,
    PRIMARY KEY (task_id, gateway_id)
);
CREATE INDEX task_gateways_gateway_idx ON lighting.task_gateways (gateway_id);

-- Where the project's sunrise and sunset are computed, and its IANA time zone.
CREATE TABLE lighting.sites (
    project_id BIGINT           PRIMARY KEY,
    latitude   DOUBLE PRECISION NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude  DOUBLE PRECISION NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone  VARCHAR(64)      NOT NULL,
    updated_by VARCHAR(64)      NOT NULL DEFAULT '',
    updated_at TIMESTAMPTZ      NOT NULL DEFAULT now()
);

