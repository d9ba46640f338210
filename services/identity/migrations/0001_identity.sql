-- Identity: users, roles, menus, sessions, parameters, dictionaries, login log, outbox.
CREATE TABLE identity.users (
    user_id          BIGSERIAL PRIMARY KEY,
    user_name        VARCHAR(30)  NOT NULL,
    nick_name        VARCHAR(30)  NOT NULL,
    email            VARCHAR(50)  NOT NULL DEFAULT '',
    phonenumber      VARCHAR(11)  NOT NULL DEFAULT '',
    sex              CHAR(1)      NOT NULL DEFAULT '0' CHECK (sex IN ('0', '1', '2')),
    avatar           VARCHAR(255) NOT NULL DEFAULT '',
    password_hash    TEXT         NOT NULL,
    -- '0' normal, '1' disabled
    status           CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    deleted          BOOLEAN      NOT NULL DEFAULT FALSE,
    failed_attempts  INTEGER      NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
    locked_until     TIMESTAMPTZ,
    all_projects     BOOLEAN      NOT NULL DEFAULT FALSE,
    default_menu     VARCHAR(255) NOT NULL DEFAULT '',
    login_ip         VARCHAR(128) NOT NULL DEFAULT '',
    login_date       TIMESTAMPTZ,
    remark           VARCHAR(500) NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_user_name_key ON identity.users (user_name) WHERE NOT deleted;

CREATE TABLE identity.roles (
    role_id     BIGSERIAL PRIMARY KEY,
    role_name   VARCHAR(30)  NOT NULL,
    role_key    VARCHAR(100) NOT NULL UNIQUE,
    role_sort   INTEGER      NOT NULL DEFAULT 0,
    -- '1' all, '2' custom organisations, '3' project
    data_scope  CHAR(1)      NOT NULL DEFAULT '1' CHECK (data_scope IN ('1', '2', '3')),
    status      CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    remark      VARCHAR(500) NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);

CREATE TABLE identity.user_roles (
    user_id BIGINT NOT NULL REFERENCES identity.users (user_id) ON DELETE CASCADE,
    role_id BIGINT NOT NULL REFERENCES identity.roles (role_id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, role_id)
);

CREATE TABLE identity.menus (
    menu_id      BIGINT       PRIMARY KEY,
    parent_id    BIGINT       NOT NULL DEFAULT 0,
    menu_name    VARCHAR(50)  NOT NULL,
    menu_name_en VARCHAR(100) NOT NULL,
    order_num    INTEGER      NOT NULL DEFAULT 0,
    path         VARCHAR(200) NOT NULL DEFAULT '',
    component    VARCHAR(255) NOT NULL DEFAULT '',
    query        VARCHAR(255) NOT NULL DEFAULT '',
    route_name   VARCHAR(50)  NOT NULL DEFAULT '',
    is_frame     BOOLEAN      NOT NULL DEFAULT FALSE,
    is_cache     BOOLEAN      NOT NULL DEFAULT TRUE,
    -- 'M' directory, 'C' menu, 'F' button
    menu_type    CHAR(1)      NOT NULL CHECK (menu_type IN ('M', 'C', 'F')),
    visible      BOOLEAN      NOT NULL DEFAULT TRUE,
    status       CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    perms        VARCHAR(100) NOT NULL DEFAULT '',
    icon         VARCHAR(100) NOT NULL DEFAULT '',
    menu_module  VARCHAR(20)  NOT NULL DEFAULT '1',
    -- '0' PC only, '1' PC and app
    client       CHAR(1)      NOT NULL DEFAULT '0' CHECK (client IN ('0', '1')),
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX menus_parent_idx ON identity.menus (parent_id, order_num);

CREATE TABLE identity.role_menus (
    role_id BIGINT NOT NULL REFERENCES identity.roles (role_id) ON DELETE CASCADE,
    menu_id BIGINT NOT NULL REFERENCES identity.menus (menu_id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, menu_id)
);

-- Which projects a user may work in (projects belong to the project service).
CREATE TABLE identity.user_projects (
    user_id    BIGINT NOT NULL REFERENCES identity.users (user_id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, project_id)
);

CREATE TABLE identity.sessions (
    session_id  UUID         PRIMARY KEY,
    user_id     BIGINT       NOT NULL REFERENCES identity.users (user_id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    expires_at  TIMESTAMPTZ  NOT NULL,
    revoked_at  TIMESTAMPTZ,
    ip          VARCHAR(128) NOT NULL DEFAULT '',
    user_agent  VARCHAR(500) NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON identity.sessions (user_id);

CREATE TABLE identity.captchas (
    uuid        UUID        PRIMARY KEY,
    answer      VARCHAR(16) NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX captchas_expiry_idx ON identity.captchas (expires_at);

CREATE TABLE identity.configs (
    config_id    BIGSERIAL    PRIMARY KEY,
    config_name  VARCHAR(100) NOT NULL,
    config_key   VARCHAR(100) NOT NULL UNIQUE,
    config_value VARCHAR(500) NOT NULL DEFAULT '',
    -- 'Y' built in, 'N' not
    config_type  CHAR(1)      NOT NULL DEFAULT 'N' CHECK (config_type IN ('Y', 'N')),
    -- readable without signing in (browser names, captcha switch, menu mode)
    is_public    BOOLEAN      NOT NULL DEFAULT FALSE,
    remark       VARCHAR(500) NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ  NOT NULL DEFAULT now()
);

CREATE TABLE identity.dict_types (
    dict_id      BIGSERIAL    PRIMARY KEY,
    dict_name    VARCHAR(100) NOT NULL,
    dict_name_en VARCHAR(100) NOT NULL,
    dict_type    VARCHAR(100) NOT NULL UNIQUE,
    status       CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    remark       VARCHAR(500) NOT NULL DEFAULT ''
);

CREATE TABLE identity.dict_data (
    dict_code     BIGSERIAL    PRIMARY KEY,
    dict_sort     INTEGER      NOT NULL DEFAULT 0,
    dict_label    VARCHAR(100) NOT NULL,
    dict_label_en VARCHAR(100) NOT NULL,
    dict_value    VARCHAR(100) NOT NULL,
    dict_type     VARCHAR(100) NOT NULL REFERENCES identity.dict_types (dict_type) ON UPDATE CASCADE,
    css_class     VARCHAR(100) NOT NULL DEFAULT '',
    list_class    VARCHAR(100) NOT NULL DEFAULT '',
    is_default    BOOLEAN      NOT NULL DEFAULT FALSE,
    status        CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    UNIQUE (dict_type, dict_value)
);

-- Written only by the consumer of sign-in events; event_id makes redelivery harmless.
CREATE TABLE identity.login_log (
    info_id     BIGSERIAL    PRIMARY KEY,
    event_id    UUID         NOT NULL UNIQUE,
    user_name   VARCHAR(50)  NOT NULL,
    ipaddr      VARCHAR(128) NOT NULL DEFAULT '',
    user_agent  VARCHAR(500) NOT NULL DEFAULT '',
    -- '0' success, '1' failure
    status      CHAR(1)      NOT NULL,
    msg         VARCHAR(255) NOT NULL DEFAULT '',
    login_time  TIMESTAMPTZ  NOT NULL
);
CREATE INDEX login_log_time_idx ON identity.login_log (login_time DESC);

-- Events written in the same transaction as the change they describe, then relayed to
-- JetStream, so no event is lost when NATS is briefly away.
CREATE TABLE identity.outbox (
    event_id   UUID        PRIMARY KEY,
    subject    VARCHAR(200) NOT NULL,
    event_type VARCHAR(100) NOT NULL,
    payload    BYTEA       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_idx ON identity.outbox (created_at);
