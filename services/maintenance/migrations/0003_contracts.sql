-- Maintenance contracts (spec: "maintenance": company, contract, plan; finished,
-- unfinished): the companies maintaining the project, their contracts and the plans of work
-- under each.

CREATE TABLE maintenance.maintenance_companies (
    company_id    BIGSERIAL     PRIMARY KEY,
    project_id    BIGINT        NOT NULL,
    company_name  VARCHAR(50)   NOT NULL,
    contact_name  VARCHAR(30)   NOT NULL DEFAULT '',
    phone         VARCHAR(11)   NOT NULL DEFAULT '',
    address       VARCHAR(200)  NOT NULL DEFAULT '',
    remark        VARCHAR(500)  NOT NULL DEFAULT '',
    created_by    VARCHAR(64)   NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT maintenance_companies_name_key UNIQUE (project_id, company_name)
);

CREATE TABLE maintenance.maintenance_contracts (
    contract_id      BIGSERIAL      PRIMARY KEY,
    project_id       BIGINT         NOT NULL,
    contract_number  VARCHAR(32)    NOT NULL,
    contract_name    VARCHAR(50)    NOT NULL,
    -- A company cannot be deleted while a contract names it.
    company_id       BIGINT         NOT NULL REFERENCES maintenance.maintenance_companies,
    start_date       DATE           NOT NULL,
    end_date         DATE           NOT NULL,
    -- In cents (fen): the amount to two decimals, without a decimal type on the wire.
    amount_cents     BIGINT,
    remark           VARCHAR(500)   NOT NULL DEFAULT '',
    created_by       VARCHAR(64)    NOT NULL,
    created_at       TIMESTAMPTZ    NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ    NOT NULL DEFAULT now(),
    CONSTRAINT maintenance_contracts_number_key UNIQUE (project_id, contract_number),
    CONSTRAINT maintenance_contracts_dates_check CHECK (start_date <= end_date),
    CONSTRAINT maintenance_contracts_amount_check CHECK (amount_cents >= 0)
);
CREATE INDEX maintenance_contracts_by_project ON maintenance.maintenance_contracts (project_id, end_date);
CREATE INDEX maintenance_contracts_by_company ON maintenance.maintenance_contracts (company_id);

CREATE TABLE maintenance.maintenance_plans (
    plan_id       BIGSERIAL     PRIMARY KEY,
    project_id    BIGINT        NOT NULL,
    plan_name     VARCHAR(50)   NOT NULL,
    -- A contract cannot be deleted while a plan names it.
    contract_id   BIGINT        NOT NULL REFERENCES maintenance.maintenance_contracts,
    plan_date     DATE          NOT NULL,
    content       VARCHAR(500)  NOT NULL DEFAULT '',
    -- Dictionary maintenance_status: 0 unfinished, 1 finished.
    status        CHAR(1)       NOT NULL DEFAULT '0',
    result        VARCHAR(500)  NOT NULL DEFAULT '',
    finished_by   VARCHAR(64)   NOT NULL DEFAULT '',
    finished_at   TIMESTAMPTZ,
    created_by    VARCHAR(64)   NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT maintenance_plans_status_check CHECK (status IN ('0', '1'))
);
CREATE INDEX maintenance_plans_by_project ON maintenance.maintenance_plans (project_id, status, plan_date);
CREATE INDEX maintenance_plans_by_contract ON maintenance.maintenance_plans (contract_id);
