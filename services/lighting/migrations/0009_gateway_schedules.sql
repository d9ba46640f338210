-- What each gateway was last given to follow on its own (docs/device-protocol.md, 6.1): the
-- schedule compiled from the project's enabled tasks, and where its issue stands.
CREATE TABLE lighting.gateway_schedules (
    gateway_id    BIGINT       PRIMARY KEY REFERENCES lighting.gateways (gateway_id) ON DELETE CASCADE,
    project_id    BIGINT       NOT NULL,
    schedule_id   VARCHAR(64)  NOT NULL,
    -- '0' not issued, '1' being issued, '2' unsuccessful, '3' succeeded
    issue_state   CHAR(1)      NOT NULL CHECK (issue_state IN ('0', '1', '2', '3')),
    valid_from    TIMESTAMPTZ  NOT NULL,
    valid_until   TIMESTAMPTZ  NOT NULL,
    loop_count    INTEGER      NOT NULL DEFAULT 0,
    step_count    INTEGER      NOT NULL DEFAULT 0,
    message       VARCHAR(300) NOT NULL DEFAULT '',
    issued_by     VARCHAR(64)  NOT NULL,
    requested_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    finished_at   TIMESTAMPTZ,
    CHECK (valid_from < valid_until)
);
CREATE INDEX gateway_schedules_project_idx ON lighting.gateway_schedules (project_id, gateway_id);
