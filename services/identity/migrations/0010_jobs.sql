-- Scheduled jobs (RuoYi's sys_job) and their log (sys_job_log). invoke_target is a key of
-- the handler registry written in code, never something looked up or evaluated.
CREATE TABLE identity.jobs (
    job_id            BIGSERIAL    PRIMARY KEY,
    job_name          VARCHAR(64)  NOT NULL,
    job_group         VARCHAR(64)  NOT NULL DEFAULT 'DEFAULT',
    invoke_target     VARCHAR(100) NOT NULL,
    cron_expression   VARCHAR(255) NOT NULL,
    -- '0' default, '1' fire at once, '2' fire once, '3' do nothing
    misfire_policy    CHAR(1)      NOT NULL DEFAULT '3' CHECK (misfire_policy IN ('0', '1', '2', '3')),
    -- '0' runs may overlap, '1' they may not
    concurrent        CHAR(1)      NOT NULL DEFAULT '1' CHECK (concurrent IN ('0', '1')),
    -- '0' log a failure, '1' also pause the job
    failure_strategy  CHAR(1)      NOT NULL DEFAULT '0' CHECK (failure_strategy IN ('0', '1')),
    -- '0' normal, '1' paused
    status            CHAR(1)      NOT NULL DEFAULT '1' CHECK (status IN ('0', '1')),
    remark            VARCHAR(500) NOT NULL DEFAULT '',
    next_fire_at      TIMESTAMPTZ,
    running_since     TIMESTAMPTZ,
    created_at        TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX jobs_name_key ON identity.jobs (job_name, job_group);
CREATE INDEX jobs_due_idx ON identity.jobs (next_fire_at) WHERE status = '0';

CREATE TABLE identity.job_logs (
    job_log_id      BIGSERIAL     PRIMARY KEY,
    job_id          BIGINT        NOT NULL,
    job_name        VARCHAR(64)   NOT NULL,
    job_group       VARCHAR(64)   NOT NULL,
    invoke_target   VARCHAR(100)  NOT NULL,
    -- The firing's own time: a firing is logged once, whichever replica ran it.
    fire_time       TIMESTAMPTZ   NOT NULL,
    job_message     VARCHAR(500)  NOT NULL DEFAULT '',
    -- '0' succeeded, '1' failed; NULL while running
    status          CHAR(1)       CHECK (status IN ('0', '1')),
    exception_info  VARCHAR(2000) NOT NULL DEFAULT '',
    start_time      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    stop_time       TIMESTAMPTZ,
    UNIQUE (job_id, fire_time)
);
CREATE INDEX job_logs_start_idx ON identity.job_logs (start_time DESC);
