-- Areas and buildings drawn over a project's plan picture (spec section 3, "areas and
-- buildings"), and the devices placed on that picture. Points are fractions of the
-- picture's width (x) and height (y), 0 to 1, so a drawing keeps its place at any size
-- the picture is shown.
CREATE TABLE project.plan_areas (
    area_id     BIGSERIAL          PRIMARY KEY,
    project_id  BIGINT             NOT NULL REFERENCES project.projects (project_id),
    area_name   VARCHAR(30)        NOT NULL CHECK (area_name <> ''),
    -- '1' area, '2' building (dictionary project_area_type)
    area_type   CHAR(1)            NOT NULL CHECK (area_type IN ('1', '2')),
    -- x1, y1, x2, y2, ...: 3 to 100 points, checked by the service
    points      DOUBLE PRECISION[] NOT NULL CHECK (cardinality(points) BETWEEN 6 AND 200),
    colour      VARCHAR(7)         NOT NULL,
    order_num   INTEGER            NOT NULL DEFAULT 0,
    remark      VARCHAR(255)       NOT NULL DEFAULT '',
    created_by  VARCHAR(64)        NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ        NOT NULL DEFAULT now(),
    updated_by  VARCHAR(64)        NOT NULL DEFAULT '',
    updated_at  TIMESTAMPTZ        NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plan_areas_name_key ON project.plan_areas (project_id, area_name);

-- Where a device sits on the plan: one place per device, inside one area. Deleting the area
-- takes its placements (the devices themselves stay where their service keeps them).
CREATE TABLE project.plan_devices (
    project_id  BIGINT           NOT NULL REFERENCES project.projects (project_id),
    -- 'gateway' (lighting's gateways; the device registry adds its kinds)
    device_type VARCHAR(16)      NOT NULL,
    device_id   BIGINT           NOT NULL,
    area_id     BIGINT           NOT NULL REFERENCES project.plan_areas (area_id) ON DELETE CASCADE,
    x           DOUBLE PRECISION NOT NULL CHECK (x BETWEEN 0 AND 1),
    y           DOUBLE PRECISION NOT NULL CHECK (y BETWEEN 0 AND 1),
    placed_by   VARCHAR(64)      NOT NULL DEFAULT '',
    placed_at   TIMESTAMPTZ      NOT NULL DEFAULT now(),
    PRIMARY KEY (project_id, device_type, device_id)
);
CREATE INDEX plan_devices_area_idx ON project.plan_devices (area_id);
