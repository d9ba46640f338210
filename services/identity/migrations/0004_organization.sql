-- Organization (RuoYi's sys_dept): a tree of companies, departments and teams. ancestors is
-- RuoYi's comma list of the ids above a node ("0,100"), kept by the store when a node moves.
CREATE TABLE identity.depts (
    dept_id     BIGSERIAL    PRIMARY KEY,
    parent_id   BIGINT       NOT NULL DEFAULT 0,
    ancestors   VARCHAR(500) NOT NULL DEFAULT '0',
    dept_name   VARCHAR(50)  NOT NULL,
    dept_code   VARCHAR(50)  NOT NULL DEFAULT '',
    -- sys_dept_type: '1' company, '2' department, '3' team
    dept_type   VARCHAR(10)  NOT NULL DEFAULT '2',
    order_num   INTEGER      NOT NULL DEFAULT 0,
    leader      VARCHAR(30)  NOT NULL DEFAULT '',
    phone       VARCHAR(11)  NOT NULL DEFAULT '',
    email       VARCHAR(50)  NOT NULL DEFAULT '',
    status      CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX depts_name_key ON identity.depts (parent_id, dept_name);
CREATE UNIQUE INDEX depts_code_key ON identity.depts (dept_code) WHERE dept_code <> '';
CREATE INDEX depts_parent_idx ON identity.depts (parent_id, order_num);

-- A user belongs to at most one organization node; a node with users cannot be deleted.
ALTER TABLE identity.users ADD COLUMN dept_id BIGINT REFERENCES identity.depts (dept_id) ON DELETE RESTRICT;
CREATE INDEX users_dept_idx ON identity.users (dept_id, user_id) WHERE NOT deleted;
CREATE INDEX users_created_idx ON identity.users (created_at, user_id) WHERE NOT deleted;

-- The qualifications (certificates) a user holds, in the order entered.
CREATE TABLE identity.user_qualifications (
    user_id   BIGINT       NOT NULL REFERENCES identity.users (user_id) ON DELETE CASCADE,
    position  INTEGER      NOT NULL,
    code      VARCHAR(50)  NOT NULL,
    name      VARCHAR(100) NOT NULL,
    PRIMARY KEY (user_id, position)
);

-- A role of data scope '2' (custom organizations) sees these nodes and what is under them.
CREATE TABLE identity.role_depts (
    role_id BIGINT NOT NULL REFERENCES identity.roles (role_id) ON DELETE CASCADE,
    dept_id BIGINT NOT NULL REFERENCES identity.depts (dept_id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, dept_id)
);
