-- Equipment categories and types: the device registry's catalogue (issue 12).

CREATE TABLE lighting.device_categories (
    category_id   BIGSERIAL    PRIMARY KEY,
    project_id    BIGINT       NOT NULL,
    category_name VARCHAR(30)  NOT NULL,
    category_code VARCHAR(32)  NOT NULL,
    remark        VARCHAR(200) NOT NULL DEFAULT '',
    created_by    VARCHAR(64)  NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_categories_code_key ON lighting.device_categories (project_id, category_code);

CREATE TABLE lighting.device_types (
    type_id              BIGSERIAL    PRIMARY KEY,
    project_id           BIGINT       NOT NULL,
    -- A category with types cannot be deleted.
    category_id          BIGINT       NOT NULL REFERENCES lighting.device_categories (category_id),
    type_name            VARCHAR(30)  NOT NULL,
    type_code            VARCHAR(32)  NOT NULL,
    -- Lower is a higher priority (spec section 9).
    type_value           SMALLINT     NOT NULL CHECK (type_value BETWEEN 0 AND 255),
    status_check_seconds INTEGER      NOT NULL CHECK (status_check_seconds BETWEEN 10 AND 86400),
    minimum_burn_minutes INTEGER      NOT NULL DEFAULT 0 CHECK (minimum_burn_minutes BETWEEN 0 AND 240),
    remark               VARCHAR(200) NOT NULL DEFAULT '',
    created_by           VARCHAR(64)  NOT NULL DEFAULT '',
    created_at           TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_types_code_key ON lighting.device_types (project_id, type_code);
CREATE INDEX device_types_category_idx ON lighting.device_types (category_id);
