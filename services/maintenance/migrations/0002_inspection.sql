-- Inspection (spec: "inspection": team, route, plan, task, device, result). Teams of project
-- users walk routes of ordered points (a gateway or an address of the project) on the dates
-- of plans; the job makes each plan's tasks once per period, and an inspector records a
-- result per point.

CREATE TABLE maintenance.inspection_teams (
    team_id     BIGSERIAL     PRIMARY KEY,
    project_id  BIGINT        NOT NULL,
    team_name   VARCHAR(50)   NOT NULL,
    remark      VARCHAR(500)  NOT NULL DEFAULT '',
    created_by  VARCHAR(64)   NOT NULL,
    created_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT inspection_teams_name_key UNIQUE (project_id, team_name)
);

-- A team's members: users identity said were enabled users of the project, with the
-- account and nickname it gave.
CREATE TABLE maintenance.inspection_team_members (
    team_id    BIGINT       NOT NULL REFERENCES maintenance.inspection_teams ON DELETE CASCADE,
    user_id    BIGINT       NOT NULL,
    user_name  VARCHAR(64)  NOT NULL,
    nick_name  VARCHAR(64)  NOT NULL DEFAULT '',
    seq        INT          NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX inspection_team_members_by_user ON maintenance.inspection_team_members (user_id);

CREATE TABLE maintenance.inspection_routes (
    route_id    BIGSERIAL     PRIMARY KEY,
    project_id  BIGINT        NOT NULL,
    route_name  VARCHAR(50)   NOT NULL,
    remark      VARCHAR(500)  NOT NULL DEFAULT '',
    created_by  VARCHAR(64)   NOT NULL,
    created_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT inspection_routes_name_key UNIQUE (project_id, route_name)
);

-- A route's points in the order walked: '1' a gateway (ref_id its id), '2' an address.
CREATE TABLE maintenance.inspection_route_points (
    route_id    BIGINT        NOT NULL REFERENCES maintenance.inspection_routes ON DELETE CASCADE,
    seq         INT           NOT NULL,
    point_type  CHAR(1)       NOT NULL,
    ref_id      BIGINT        NOT NULL,
    point_name  VARCHAR(100)  NOT NULL,
    PRIMARY KEY (route_id, seq),
    CONSTRAINT inspection_route_points_type_check CHECK (point_type IN ('1', '2'))
);

CREATE TABLE maintenance.inspection_plans (
    plan_id     BIGSERIAL     PRIMARY KEY,
    project_id  BIGINT        NOT NULL,
    plan_name   VARCHAR(50)   NOT NULL,
    -- A plan's route and team cannot be deleted while it uses them.
    route_id    BIGINT        NOT NULL REFERENCES maintenance.inspection_routes,
    team_id     BIGINT        NOT NULL REFERENCES maintenance.inspection_teams,
    -- Dictionary inspection_period: 1 daily, 2 weekly (7 days), 3 monthly.
    period      CHAR(1)       NOT NULL,
    start_date  DATE          NOT NULL,
    end_date    DATE          NOT NULL,
    -- 0 enabled (the job makes its tasks), 1 disabled.
    status      CHAR(1)       NOT NULL DEFAULT '0',
    remark      VARCHAR(500)  NOT NULL DEFAULT '',
    created_by  VARCHAR(64)   NOT NULL,
    created_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT inspection_plans_name_key UNIQUE (project_id, plan_name),
    CONSTRAINT inspection_plans_period_check CHECK (period IN ('1', '2', '3')),
    CONSTRAINT inspection_plans_status_check CHECK (status IN ('0', '1')),
    CONSTRAINT inspection_plans_dates_check CHECK (start_date <= end_date)
);
CREATE INDEX inspection_plans_by_route ON maintenance.inspection_plans (route_id);
CREATE INDEX inspection_plans_by_team ON maintenance.inspection_plans (team_id);
-- The job's candidates: enabled plans by end date.
CREATE INDEX inspection_plans_running ON maintenance.inspection_plans (end_date) WHERE status = '0';

CREATE TABLE maintenance.inspection_tasks (
    task_id       BIGSERIAL     PRIMARY KEY,
    project_id    BIGINT        NOT NULL,
    task_name     VARCHAR(80)   NOT NULL,
    -- The plan that made it, with the start of its period: the job makes each once. Null for
    -- a task added by hand, or once its plan is deleted.
    plan_id       BIGINT        REFERENCES maintenance.inspection_plans ON DELETE SET NULL,
    period_start  TIMESTAMPTZ,
    plan_name     VARCHAR(50)   NOT NULL DEFAULT '',
    -- Names as they were when the task was made: the record stays readable after the route
    -- or the team changes.
    route_id      BIGINT        NOT NULL,
    route_name    VARCHAR(50)   NOT NULL,
    team_id       BIGINT        NOT NULL,
    team_name     VARCHAR(50)   NOT NULL,
    start_time    TIMESTAMPTZ   NOT NULL,
    end_time      TIMESTAMPTZ   NOT NULL,
    -- Dictionary inspection_task_status: 0 undoing, 1 doing, 2 finished, 3 expired.
    status        CHAR(1)       NOT NULL DEFAULT '0',
    description   VARCHAR(1000) NOT NULL DEFAULT '',
    handler_id    BIGINT,
    handler_name  VARCHAR(64)   NOT NULL DEFAULT '',
    finished_at   TIMESTAMPTZ,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT inspection_tasks_period_key UNIQUE (plan_id, period_start),
    CONSTRAINT inspection_tasks_status_check CHECK (status IN ('0', '1', '2', '3')),
    CONSTRAINT inspection_tasks_times_check CHECK (start_time <= end_time)
);
CREATE INDEX inspection_tasks_by_project ON maintenance.inspection_tasks (project_id, start_time DESC, task_id DESC);
CREATE INDEX inspection_tasks_by_status ON maintenance.inspection_tasks (project_id, status, start_time DESC, task_id DESC);
-- The job's moves: undoing tasks by start, open tasks by end.
CREATE INDEX inspection_tasks_undoing ON maintenance.inspection_tasks (start_time) WHERE status = '0';
CREATE INDEX inspection_tasks_open ON maintenance.inspection_tasks (end_time) WHERE status IN ('0', '1');

-- A task's points, copied from its route when it is made, with their results.
CREATE TABLE maintenance.inspection_task_points (
    point_id       BIGSERIAL     PRIMARY KEY,
    task_id        BIGINT        NOT NULL REFERENCES maintenance.inspection_tasks ON DELETE CASCADE,
    seq            INT           NOT NULL,
    point_type     CHAR(1)       NOT NULL,
    ref_id         BIGINT        NOT NULL,
    point_name     VARCHAR(100)  NOT NULL,
    -- '' until dealt with; 1 normal, 2 abnormal.
    result         VARCHAR(1)    NOT NULL DEFAULT '',
    remark         VARCHAR(500)  NOT NULL DEFAULT '',
    work_order_id  BIGINT,
    CONSTRAINT inspection_task_points_seq_key UNIQUE (task_id, seq)
);
