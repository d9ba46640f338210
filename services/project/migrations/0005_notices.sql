-- A project's announcements (spec section 3: title, image, content, creator), in RuoYi's
-- notice shape: type '1' notice, '2' announcement; status '0' normal, '1' closed. Published
-- ones (publish_time set) are what the home page shows.
CREATE TABLE project.notices (
    notice_id      BIGSERIAL    PRIMARY KEY,
    project_id     BIGINT       NOT NULL REFERENCES project.projects (project_id),
    notice_title   VARCHAR(50)  NOT NULL CHECK (notice_title <> ''),
    notice_type    CHAR(1)      NOT NULL DEFAULT '2' CHECK (notice_type IN ('1', '2')),
    notice_content TEXT         NOT NULL DEFAULT '' CHECK (char_length(notice_content) <= 10000),
    notice_image   VARCHAR(255) NOT NULL DEFAULT '',
    status         CHAR(1)      NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
    publish_time   TIMESTAMPTZ,
    published_by   VARCHAR(64)  NOT NULL DEFAULT '',
    remark         VARCHAR(255) NOT NULL DEFAULT '',
    created_by     VARCHAR(64)  NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_by     VARCHAR(64)  NOT NULL DEFAULT '',
    updated_at     TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX notices_project_idx ON project.notices (project_id, notice_id DESC);
