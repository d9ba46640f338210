-- The device registry (issue 12): lamps and fittings, each hung on one loop of a gateway, and
-- the groups operators switch them by.

CREATE TABLE lighting.devices (
    device_id   BIGSERIAL        PRIMARY KEY,
    project_id  BIGINT           NOT NULL,
    device_name VARCHAR(30)      NOT NULL,
    device_code VARCHAR(32)      NOT NULL,
    -- A type with devices cannot be deleted.
    type_id     BIGINT           NOT NULL REFERENCES lighting.device_types (type_id),
    gateway_id  BIGINT           NOT NULL REFERENCES lighting.gateways (gateway_id),
    loop_index  INTEGER          NOT NULL CHECK (loop_index BETWEEN 1 AND 64),
    address     VARCHAR(100)     NOT NULL,
    longitude   DOUBLE PRECISION,
    latitude    DOUBLE PRECISION,
    -- '0' in service, '1' out of service (group control leaves it alone).
    status      CHAR(1)          NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    remark      VARCHAR(200)     NOT NULL DEFAULT '',
    created_by  VARCHAR(64)      NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ      NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ      NOT NULL DEFAULT now(),
    CONSTRAINT devices_longitude_range CHECK (longitude BETWEEN -180 AND 180),
    CONSTRAINT devices_latitude_range CHECK (latitude BETWEEN -90 AND 90),
    CONSTRAINT devices_location_pair CHECK ((longitude IS NULL) = (latitude IS NULL))
);
CREATE UNIQUE INDEX devices_code_key ON lighting.devices (project_id, device_code);
CREATE INDEX devices_gateway_idx ON lighting.devices (gateway_id, loop_index);
CREATE INDEX devices_type_idx ON lighting.devices (type_id);

CREATE TABLE lighting.device_groups (
    group_id    BIGSERIAL    PRIMARY KEY,
    project_id  BIGINT       NOT NULL,
    group_name  VARCHAR(30)  NOT NULL,
    remark      VARCHAR(200) NOT NULL DEFAULT '',
    created_by  VARCHAR(64)  NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_groups_name_key ON lighting.device_groups (project_id, group_name);

CREATE TABLE lighting.device_group_members (
    group_id  BIGINT NOT NULL REFERENCES lighting.device_groups (group_id) ON DELETE CASCADE,
    device_id BIGINT NOT NULL REFERENCES lighting.devices (device_id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, device_id)
);
CREATE INDEX device_group_members_device_idx ON lighting.device_group_members (device_id);
