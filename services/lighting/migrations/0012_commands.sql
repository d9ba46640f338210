-- Every command lighting sends a gateway, as its audit ("who switched loop 3 off, and when?")
-- and, for the plan's own commands, as their queue: a command for a gateway that is away
-- waits here until it is back or until it expires, and is then sent in order
-- (docs/scheduler.md, "The plan executor").
CREATE TABLE lighting.commands (
    command_id      BIGSERIAL    PRIMARY KEY,
    project_id      BIGINT       NOT NULL,
    gateway_id      BIGINT       NOT NULL REFERENCES lighting.gateways (gateway_id) ON DELETE CASCADE,
    -- 'on', 'off': loops switched; 'schedule': a schedule given to follow
    action          VARCHAR(10)  NOT NULL CHECK (action IN ('on', 'off', 'schedule')),
    -- the loops switched ('on', 'off'); empty for a schedule
    loops           INTEGER[]    NOT NULL DEFAULT '{}',
    hold_until      TIMESTAMPTZ,
    schedule_id     VARCHAR(64),
    -- 'control' real-time, 'one_key', 'group', 'issue' (an operator's); 'renew' (the daily
    -- renewal of an issued schedule), 'recommand' (a loop put back to its plan): the plan's
    source          VARCHAR(10)  NOT NULL
                    CHECK (source IN ('control', 'one_key', 'group', 'issue', 'renew', 'recommand')),
    requested_by    VARCHAR(64)  NOT NULL,
    requested_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    -- 'queued' waiting to be sent, 'sending' on its way, 'done' acknowledged, 'failed',
    -- 'expired' (queued past expires_at)
    state           VARCHAR(10)  NOT NULL CHECK (state IN ('queued', 'sending', 'done', 'failed', 'expired')),
    -- how it ended: 'ok', 'offline', 'timeout', 'error', 'expired'
    result          VARCHAR(10),
    message         VARCHAR(300) NOT NULL DEFAULT '',
    -- a queued command: what is sent (bridge.v1.SendCommandRequest), tries so far, when the
    -- next may go, until when it may, and until when a replica that took it holds it
    payload         BYTEA,
    attempts        INTEGER      NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ,
    expires_at      TIMESTAMPTZ,
    claimed_until   TIMESTAMPTZ,
    finished_at     TIMESTAMPTZ,
    CHECK (state NOT IN ('queued', 'sending') OR (payload IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX commands_project_idx ON lighting.commands (project_id, requested_at DESC);
CREATE INDEX commands_gateway_idx ON lighting.commands (gateway_id, requested_at DESC);
CREATE INDEX commands_pending_idx ON lighting.commands (gateway_id, command_id) WHERE state IN ('queued', 'sending');

-- What the gateway acknowledged it follows: each loop's steps, [[offset_s, level], ...], the
-- expectation its loops are held to.
ALTER TABLE lighting.gateway_schedules ADD COLUMN loops JSONB NOT NULL DEFAULT '[]';

-- Loops that differ from what they should be: since when, when they were put back once, and
-- the alarm raised when that did not help.
CREATE TABLE lighting.loop_mismatches (
    gateway_id         BIGINT      NOT NULL REFERENCES lighting.gateways (gateway_id) ON DELETE CASCADE,
    loop_index         INTEGER     NOT NULL,
    project_id         BIGINT      NOT NULL,
    expected_on        BOOLEAN     NOT NULL,
    since              TIMESTAMPTZ NOT NULL,
    recommanded_at     TIMESTAMPTZ,
    alarm_transition   VARCHAR(100),
    alarm_type_id      BIGINT,
    PRIMARY KEY (gateway_id, loop_index)
);
