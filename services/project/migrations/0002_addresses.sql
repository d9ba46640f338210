-- A project's addresses: a tree (parent_id 0 is a root) whose ancestors list the path
-- from the root ("0,12,15"), as RuoYi's organization does. Every row belongs to a project.
CREATE TABLE project.addresses (
    address_id   BIGSERIAL    PRIMARY KEY,
    project_id   BIGINT       NOT NULL REFERENCES project.projects (project_id),
    parent_id    BIGINT       NOT NULL DEFAULT 0 CHECK (parent_id >= 0),
    ancestors    TEXT         NOT NULL DEFAULT '0',
    address_name VARCHAR(50)  NOT NULL CHECK (address_name <> ''),
    order_num    INTEGER      NOT NULL DEFAULT 0,
    remark       VARCHAR(200) NOT NULL DEFAULT '',
    created_by   VARCHAR(64)  NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_by   VARCHAR(64)  NOT NULL DEFAULT '',
    updated_at   TIMESTAMPTZ  NOT NULL DEFAULT now()
);
-- A name is unique among its siblings.
CREATE UNIQUE INDEX addresses_name_key ON project.addresses (project_id, parent_id, address_name);
CREATE INDEX addresses_tree_idx ON project.addresses (project_id, parent_id, order_num, address_id);
