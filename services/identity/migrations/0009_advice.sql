-- Advice (意见反馈): feedback any signed-in user sends, and the administrators' reply.
CREATE TABLE identity.advices (
    advice_id   BIGSERIAL     PRIMARY KEY,
    user_id     BIGINT        NOT NULL REFERENCES identity.users (user_id) ON DELETE CASCADE,
    user_name   VARCHAR(30)   NOT NULL,
    title       VARCHAR(100)  NOT NULL,
    content     VARCHAR(2000) NOT NULL,
    -- sys_advice_status: '0' pending, '1' replied, '2' closed
    status      CHAR(1)       NOT NULL DEFAULT '0' CHECK (status IN ('0', '1', '2')),
    reply       VARCHAR(2000) NOT NULL DEFAULT '',
    replied_by  VARCHAR(30)   NOT NULL DEFAULT '',
    replied_at  TIMESTAMPTZ,
    created_at  TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX advices_created_idx ON identity.advices (created_at DESC);
CREATE INDEX advices_user_idx ON identity.advices (user_id, created_at DESC);
