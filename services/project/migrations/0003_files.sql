-- Uploaded files (issue 11, docs/files.md). A file uploaded inside a project belongs to it
-- and is listed in its file management; one uploaded outside any project (project_id NULL:
-- a new project's logo before the project exists) is listed nowhere and kept for the page
-- that refers to it. The stored path is made of a UUID, never of the uploader's file name.
CREATE TABLE project.files (
    file_id        BIGSERIAL    PRIMARY KEY,
    project_id     BIGINT       REFERENCES project.projects (project_id),
    -- The display name: the uploaded file's name at first, editable.
    file_name      VARCHAR(100) NOT NULL CHECK (file_name <> ''),
    -- The name the browser sent, as it was (display only).
    original_name  VARCHAR(255) NOT NULL DEFAULT '',
    -- The object's key, also its path below the file-server base path.
    path           VARCHAR(255) NOT NULL,
    -- '1' image, '2' document, '3' media
    file_type      CHAR(1)      NOT NULL CHECK (file_type IN ('1', '2', '3')),
    extension      VARCHAR(10)  NOT NULL,
    content_type   VARCHAR(100) NOT NULL,
    size_bytes     BIGINT       NOT NULL CHECK (size_bytes > 0),
    -- '0' not reviewed, '1' pass, '2' no pass (spec section 4)
    audit_status   CHAR(1)      NOT NULL DEFAULT '0' CHECK (audit_status IN ('0', '1', '2')),
    audit_reason   VARCHAR(200) NOT NULL DEFAULT '',
    audit_by       VARCHAR(64)  NOT NULL DEFAULT '',
    audit_at       TIMESTAMPTZ,
    -- Cutting or conversion (spec section 4, cutting): '0' uncut, '1' in progress,
    -- '2' completed, '3' failed. '1' is "being processed": no edit, audit or delete.
    process_status CHAR(1)      NOT NULL DEFAULT '0' CHECK (process_status IN ('0', '1', '2', '3')),
    remark         VARCHAR(200) NOT NULL DEFAULT '',
    created_by     VARCHAR(64)  NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_by     VARCHAR(64)  NOT NULL DEFAULT '',
    updated_at     TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX files_path_key ON project.files (path);
CREATE INDEX files_project_idx ON project.files (project_id, file_id DESC);
