-- Assets (spec: "assets": asset types with their attributes; assets with straight-line
-- depreciation; receive, return, repair and scrap records, a scrap cancellable).

CREATE TABLE maintenance.asset_types (
    type_id       BIGSERIAL     PRIMARY KEY,
    project_id    BIGINT        NOT NULL,
    type_code     VARCHAR(32)   NOT NULL,
    type_name_zh  VARCHAR(50)   NOT NULL,
    type_name_en  VARCHAR(50)   NOT NULL,
    remark        VARCHAR(500)  NOT NULL DEFAULT '',
    created_by    VARCHAR(64)   NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT asset_types_code_key UNIQUE (project_id, type_code)
);

-- A type's attributes, in order: '1' text, '2' number, '3' options (sub-options: values and
-- labels side by side, at most one the default).
CREATE TABLE maintenance.asset_type_attributes (
    type_id        BIGINT            NOT NULL REFERENCES maintenance.asset_types ON DELETE CASCADE,
    seq            INT               NOT NULL,
    attr_code      VARCHAR(32)       NOT NULL,
    name_zh        VARCHAR(50)       NOT NULL,
    name_en        VARCHAR(50)       NOT NULL,
    value_type     CHAR(1)           NOT NULL,
    default_value  VARCHAR(200)      NOT NULL DEFAULT '',
    multiple       BOOLEAN           NOT NULL DEFAULT false,
    required       BOOLEAN           NOT NULL DEFAULT false,
    verify         BOOLEAN           NOT NULL DEFAULT false,
    min_value      DOUBLE PRECISION,
    max_value      DOUBLE PRECISION,
    option_values  TEXT[]            NOT NULL DEFAULT '{}',
    option_zh      TEXT[]            NOT NULL DEFAULT '{}',
    option_en      TEXT[]            NOT NULL DEFAULT '{}',
    PRIMARY KEY (type_id, seq),
    CONSTRAINT asset_type_attributes_code_key UNIQUE (type_id, attr_code),
    CONSTRAINT asset_type_attributes_type_check CHECK (value_type IN ('1', '2', '3'))
);

CREATE TABLE maintenance.assets (
    asset_id             BIGSERIAL     PRIMARY KEY,
    project_id           BIGINT        NOT NULL,
    asset_code           VARCHAR(32)   NOT NULL,
    asset_name           VARCHAR(50)   NOT NULL,
    -- A type cannot be deleted while an asset has it.
    type_id              BIGINT        NOT NULL REFERENCES maintenance.asset_types,
    -- Dictionary asset_status: 0 idle, 1 in use, 2 under repair, 3 scrapped. Records move it.
    status               CHAR(1)       NOT NULL DEFAULT '0',
    expire_date          DATE,
    model                VARCHAR(50)   NOT NULL DEFAULT '',
    brand                VARCHAR(50)   NOT NULL DEFAULT '',
    address              VARCHAR(200)  NOT NULL DEFAULT '',
    supplier             VARCHAR(100)  NOT NULL DEFAULT '',
    -- The initial value in cents; the residual rate in hundredths of a percent (0 to 10000).
    initial_value_cents  BIGINT        NOT NULL,
    residual_rate_bp     INT           NOT NULL,
    start_date           DATE          NOT NULL,
    limit_months         INT           NOT NULL,
    image                VARCHAR(500)  NOT NULL DEFAULT '',
    attachment           VARCHAR(500)  NOT NULL DEFAULT '',
    -- The type's attribute values: codes and values side by side.
    attr_codes           TEXT[]        NOT NULL DEFAULT '{}',
    attr_values          TEXT[]        NOT NULL DEFAULT '{}',
    created_by           VARCHAR(64)   NOT NULL,
    created_at           TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT assets_code_key UNIQUE (project_id, asset_code),
    CONSTRAINT assets_status_check CHECK (status IN ('0', '1', '2', '3')),
    CONSTRAINT assets_value_check CHECK (initial_value_cents >= 0),
    CONSTRAINT assets_rate_check CHECK (residual_rate_bp BETWEEN 0 AND 10000),
    CONSTRAINT assets_limit_check CHECK (limit_months BETWEEN 1 AND 1200)
);
CREATE INDEX assets_by_project ON maintenance.assets (project_id, asset_id DESC);
CREATE INDEX assets_by_type ON maintenance.assets (type_id);

-- Receive ('1'), return ('2', of one receive or repair record), repair ('3') and scrap ('4')
-- records; a scrap may be cancelled (status '1'), which gives its assets back the status
-- each had.
CREATE TABLE maintenance.asset_records (
    record_id     BIGSERIAL     PRIMARY KEY,
    project_id    BIGINT        NOT NULL,
    record_type   CHAR(1)       NOT NULL,
    person        VARCHAR(64)   NOT NULL DEFAULT '',
    record_date   DATE          NOT NULL,
    remark        VARCHAR(500)  NOT NULL DEFAULT '',
    -- 0 effective, 1 cancelled (a scrap) or returned (a receive or repair record).
    status        CHAR(1)       NOT NULL DEFAULT '0',
    -- A return's record.
    source_id     BIGINT        REFERENCES maintenance.asset_records,
    created_by    VARCHAR(64)   NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT asset_records_type_check CHECK (record_type IN ('1', '2', '3', '4')),
    CONSTRAINT asset_records_status_check CHECK (status IN ('0', '1'))
);
CREATE INDEX asset_records_by_project ON maintenance.asset_records (project_id, record_id DESC);

CREATE TABLE maintenance.asset_record_items (
    record_id    BIGINT   NOT NULL REFERENCES maintenance.asset_records ON DELETE CASCADE,
    asset_id     BIGINT   NOT NULL REFERENCES maintenance.assets,
    -- The asset's status before the record: a cancelled scrap gives it back.
    prev_status  CHAR(1)  NOT NULL,
    PRIMARY KEY (record_id, asset_id)
);
CREATE INDEX asset_record_items_by_asset ON maintenance.asset_record_items (asset_id);
