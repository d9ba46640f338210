-- Gateway versions and staged upgrades (issue 13, docs/firmware.md): a firmware library per
-- project, and campaigns that send an image to gateways in acknowledged, checksummed chunks
-- over the device protocol (docs/device-protocol.md, 6.2).

-- What kind of gateway it is: an upgrade's image is for one type, a batch parameter setting
-- for one brand.
ALTER TABLE lighting.gateways
    ADD COLUMN gateway_type VARCHAR(50) NOT NULL DEFAULT '',
    ADD COLUMN brand        VARCHAR(50) NOT NULL DEFAULT '';

-- A firmware image, at most 500 KB (spec section 5). The image is kept with its checksum in
-- one row: small, written once, read by whichever lighting replica drives a campaign.
CREATE TABLE lighting.firmware (
    firmware_id  BIGSERIAL    PRIMARY KEY,
    project_id   BIGINT       NOT NULL,
    version      VARCHAR(32)  NOT NULL,
    gateway_type VARCHAR(50)  NOT NULL,
    notes        VARCHAR(500) NOT NULL DEFAULT '',
    file_name    VARCHAR(100) NOT NULL,
    size         INTEGER      NOT NULL CHECK (size BETWEEN 1 AND 512000),
    sha256       CHAR(64)     NOT NULL,
    image        BYTEA        NOT NULL,
    created_by   VARCHAR(64)  NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    CONSTRAINT firmware_image_size CHECK (octet_length(image) = size)
);
CREATE UNIQUE INDEX firmware_version_key ON lighting.firmware (project_id, gateway_type, version);

-- A campaign: one image to a set of gateways, at most `concurrency` at a time.
-- state: running, paused, stopped (by itself, the failure rate passed the threshold),
-- cancelled, finished.
CREATE TABLE lighting.upgrade_campaigns (
    campaign_id       BIGSERIAL    PRIMARY KEY,
    project_id        BIGINT       NOT NULL,
    -- The image, while it is kept; the version and type stay with the campaign's history.
    firmware_id       BIGINT       REFERENCES lighting.firmware (firmware_id) ON DELETE SET NULL,
    version           VARCHAR(32)  NOT NULL,
    gateway_type      VARCHAR(50)  NOT NULL,
    concurrency       INTEGER      NOT NULL CHECK (concurrency BETWEEN 1 AND 200),
    failure_threshold INTEGER      NOT NULL CHECK (failure_threshold BETWEEN 1 AND 100),
    state             VARCHAR(16)  NOT NULL
        CHECK (state IN ('running', 'paused', 'stopped', 'cancelled', 'finished')),
    stop_reason       VARCHAR(300),
    created_by        VARCHAR(64)  NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ  NOT NULL DEFAULT now(),
    finished_at       TIMESTAMPTZ
);
CREATE INDEX upgrade_campaigns_project_idx ON lighting.upgrade_campaigns (project_id, campaign_id);
CREATE INDEX upgrade_campaigns_active_idx ON lighting.upgrade_campaigns (campaign_id) WHERE state = 'running';

-- One gateway of a campaign. state (dictionary lighting_upgrade_state): '0' not upgraded,
-- '1' upgrading, '2' success, '3' failed. phase: waiting, transfer, commit, confirm, done.
CREATE TABLE lighting.upgrade_targets (
    campaign_id   BIGINT       NOT NULL REFERENCES lighting.upgrade_campaigns (campaign_id) ON DELETE CASCADE,
    gateway_id    BIGINT       NOT NULL,
    project_id    BIGINT       NOT NULL,
    from_version  VARCHAR(64)  NOT NULL DEFAULT '',
    state         CHAR(1)      NOT NULL DEFAULT '0' CHECK (state IN ('0', '1', '2', '3')),
    phase         VARCHAR(16)  NOT NULL DEFAULT 'waiting'
        CHECK (phase IN ('waiting', 'transfer', 'commit', 'confirm', 'done')),
    chunks_sent   INTEGER      NOT NULL DEFAULT 0,
    chunk_count   INTEGER      NOT NULL,
    attempts      INTEGER      NOT NULL DEFAULT 0,
    error         VARCHAR(300),
    -- When the gateway acknowledged the commit: a report after it tells the version it booted.
    committed_at  TIMESTAMPTZ,
    started_at    TIMESTAMPTZ,
    finished_at   TIMESTAMPTZ,
    PRIMARY KEY (campaign_id, gateway_id)
);
CREATE INDEX upgrade_targets_gateway_idx ON lighting.upgrade_targets (gateway_id, campaign_id DESC);
