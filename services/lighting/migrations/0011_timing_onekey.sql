-- Timing one-key control (issue 12; spec: "timing one-key control"): every loop of the
-- project on or off between two instants, above every task (docs/scheduler.md, rule 0).

CREATE TABLE lighting.timing_onekeys (
    timing_id  BIGSERIAL    PRIMARY KEY,
    project_id BIGINT       NOT NULL,
    is_on      BOOLEAN      NOT NULL,
    starts_at  TIMESTAMPTZ  NOT NULL,
    ends_at    TIMESTAMPTZ  NOT NULL,
    remark     VARCHAR(200) NOT NULL DEFAULT '',
    created_by VARCHAR(64)  NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ  NOT NULL DEFAULT now(),
    CONSTRAINT timing_onekeys_span CHECK (ends_at > starts_at)
);
-- The plan asks for the windows of a project that overlap its window.
CREATE INDEX timing_onekeys_project_idx ON lighting.timing_onekeys (project_id, ends_at);
