-- The operation log (RuoYi's sys_oper_log): every write a signed-in caller makes through
-- the edge, stored by the consumer of identity.operation.recorded; event_id makes a
-- redelivery harmless.
CREATE TABLE identity.oper_log (
    oper_id         BIGSERIAL     PRIMARY KEY,
    event_id        UUID          NOT NULL UNIQUE,
    title           VARCHAR(50)   NOT NULL DEFAULT '',
    business_type   INTEGER       NOT NULL DEFAULT 0,
    method          VARCHAR(200)  NOT NULL DEFAULT '',
    request_method  VARCHAR(10)   NOT NULL DEFAULT '',
    oper_name       VARCHAR(50)   NOT NULL DEFAULT '',
    oper_url        VARCHAR(255)  NOT NULL DEFAULT '',
    oper_ip         VARCHAR(128)  NOT NULL DEFAULT '',
    oper_param      VARCHAR(2000) NOT NULL DEFAULT '',
    json_result     VARCHAR(2000) NOT NULL DEFAULT '',
    -- 0 succeeded, 1 failed
    status          INTEGER       NOT NULL DEFAULT 0,
    error_msg       VARCHAR(2000) NOT NULL DEFAULT '',
    oper_time       TIMESTAMPTZ   NOT NULL,
    cost_time       BIGINT        NOT NULL DEFAULT 0,
    project_id      BIGINT
);
CREATE INDEX oper_log_time_idx ON identity.oper_log (oper_time DESC);
