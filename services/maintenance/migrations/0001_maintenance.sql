-- The maintenance service's schema: work orders with their process information and the
-- alarms they stand for. Inspection, maintenance contracts and plans, and assets follow in
-- later migrations.
CREATE SCHEMA IF NOT EXISTS maintenance;

CREATE TABLE maintenance.work_orders (
    work_order_id   BIGINT        PRIMARY KEY,
    project_id      BIGINT        NOT NULL,
    -- WO + the UTC day of creation + the id, six digits at least: unique without a counter.
    order_number    VARCHAR(32)   NOT NULL,
    -- Dictionary work_order_type: 1 alarm, 2 reported, 3 inspection.
    order_type      VARCHAR(2)    NOT NULL,
    -- Dictionary work_order_question.
    question_type   VARCHAR(2)    NOT NULL,
    -- Dictionary work_order_status: 0 unassigned, 1 in progress, 2 pending confirmation,
    -- 3 completed, 4 closed.
    status          CHAR(1)       NOT NULL DEFAULT '0',
    -- Dictionary work_order_urgency: 1 urgent, 2 high, 3 normal, 4 low. Sets due_at.
    urgency         CHAR(1)       NOT NULL,
    expected_at     TIMESTAMPTZ,
    due_at          TIMESTAMPTZ   NOT NULL,
    initiator_id    BIGINT        NOT NULL,
    initiator_name  VARCHAR(64)   NOT NULL,
    handler_id      BIGINT,
    handler_name    VARCHAR(64)   NOT NULL DEFAULT '',
    address         VARCHAR(200)  NOT NULL DEFAULT '',
    description     VARCHAR(1000) NOT NULL,
    attachments     TEXT[]        NOT NULL DEFAULT '{}',
    evaluation      VARCHAR(500)  NOT NULL DEFAULT '',
    score           SMALLINT,
    close_reason    VARCHAR(200)  NOT NULL DEFAULT '',
    -- The alarm it was opened for, if any.
    alarm_id        BIGINT,
    -- An alarm order's alarm type, gateway serial and loop: a flap of the same alarm joins
    -- the open order of its key instead of opening another.
    flap_key        VARCHAR(200),
    -- When the SLA sweep found it open past its due time and said so on the live stream
    -- (once: the sweep takes only orders without it).
    overdue_notified_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT work_orders_number_key UNIQUE (project_id, order_number),
    CONSTRAINT work_orders_status_check CHECK (status IN ('0', '1', '2', '3', '4')),
    CONSTRAINT work_orders_urgency_check CHECK (urgency IN ('1', '2', '3', '4')),
    CONSTRAINT work_orders_score_check CHECK (score BETWEEN 1 AND 5)
);
CREATE SEQUENCE maintenance.work_order_ids OWNED BY maintenance.work_orders.work_order_id;
CREATE INDEX work_orders_by_project ON maintenance.work_orders (project_id, work_order_id DESC);
CREATE INDEX work_orders_by_status ON maintenance.work_orders (project_id, status, work_order_id DESC);
-- Open orders by due time: the overdue count reads the overdue ones only.
CREATE INDEX work_orders_open_due ON maintenance.work_orders (project_id, due_at)
    WHERE status IN ('0', '1', '2');
-- The SLA sweep's candidates: open, not yet notified, by due time.
CREATE INDEX work_orders_overdue_candidates ON maintenance.work_orders (due_at)
    WHERE status IN ('0', '1', '2') AND overdue_notified_at IS NULL;
-- A handler's own orders (the list's "only mine").
CREATE INDEX work_orders_by_handler ON maintenance.work_orders (project_id, handler_id, work_order_id DESC)
    WHERE handler_id IS NOT NULL;
CREATE INDEX work_orders_open_flaps ON maintenance.work_orders (project_id, flap_key)
    WHERE status IN ('0', '1', '2') AND flap_key IS NOT NULL;

-- How many orders each project has in each status, kept by the statement triggers below, so
-- the list's total and the tabs' counts are read, not counted, however many orders there are.
CREATE TABLE maintenance.work_order_counts (
    project_id  BIGINT   NOT NULL,
    status      CHAR(1)  NOT NULL,
    orders      BIGINT   NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, status)
);

-- One statement adds every (project, status) change of the triggering statement, in key
-- order: two transactions moving orders in opposite directions (dispatch and return) lock
-- the same rows in the same order, and never deadlock.
CREATE FUNCTION maintenance.count_work_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO maintenance.work_order_counts AS c (project_id, status, orders)
        SELECT project_id, status, count(*) FROM new_rows GROUP BY project_id, status ORDER BY project_id, status
        ON CONFLICT (project_id, status) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO maintenance.work_order_counts AS c (project_id, status, orders)
        SELECT project_id, status, -count(*) FROM old_rows GROUP BY project_id, status ORDER BY project_id, status
        ON CONFLICT (project_id, status) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
    ELSE
        INSERT INTO maintenance.work_order_counts AS c (project_id, status, orders)
        SELECT project_id, status, sum(delta) FROM (
            SELECT project_id, status, 1 AS delta FROM new_rows
            UNION ALL
            SELECT project_id, status, -1 FROM old_rows
        ) changes GROUP BY project_id, status HAVING sum(delta) <> 0 ORDER BY project_id, status
        ON CONFLICT (project_id, status) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER work_orders_counted_insert AFTER INSERT ON maintenance.work_orders
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance.count_work_orders();
CREATE TRIGGER work_orders_counted_update AFTER UPDATE ON maintenance.work_orders
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance.count_work_orders();
CREATE TRIGGER work_orders_counted_delete AFTER DELETE ON maintenance.work_orders
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance.count_work_orders();

-- Every alarm an order stands for. An alarm stands in one order at most: the auto work
-- order's idempotence under redelivery rests on this key.
CREATE TABLE maintenance.work_order_alarms (
    alarm_id       BIGINT      PRIMARY KEY,
    work_order_id  BIGINT      NOT NULL REFERENCES maintenance.work_orders ON DELETE CASCADE,
    project_id     BIGINT      NOT NULL,
    raised_at      TIMESTAMPTZ NOT NULL,
    joined_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX work_order_alarms_by_order ON maintenance.work_order_alarms (work_order_id, raised_at DESC);

-- The process information: every transition, who made it and why.
CREATE TABLE maintenance.work_order_steps (
    step_id        BIGSERIAL    PRIMARY KEY,
    work_order_id  BIGINT       NOT NULL REFERENCES maintenance.work_orders ON DELETE CASCADE,
    -- "created", or the action's name.
    action         VARCHAR(16)  NOT NULL,
    from_status    CHAR(1),
    to_status      CHAR(1)      NOT NULL,
    actor_id       BIGINT       NOT NULL,
    actor_name     VARCHAR(64)  NOT NULL,
    note           VARCHAR(500) NOT NULL DEFAULT '',
    at             TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX work_order_steps_by_order ON maintenance.work_order_steps (work_order_id, step_id);

CREATE TABLE maintenance.outbox (
    outbox_id   BIGSERIAL    PRIMARY KEY,
    message_id  VARCHAR(100) NOT NULL,
    subject     VARCHAR(200) NOT NULL,
    event_type  VARCHAR(100) NOT NULL,
    payload     BYTEA        NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    traceparent VARCHAR(55)
);
CREATE TABLE maintenance.projection_queue (
    bucket     VARCHAR(64)  NOT NULL,
    key        VARCHAR(255) NOT NULL,
    queued_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (bucket, key)
);
