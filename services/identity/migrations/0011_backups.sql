-- Stored backups (issue 10): signed .sql files made by hand on the Backup screen or by the
-- backup job, kept in the database so that every replica can serve and restore them.
CREATE TABLE identity.backups (
    backup_id   BIGSERIAL    PRIMARY KEY,
    file_name   VARCHAR(100) NOT NULL,
    -- '0' made by hand, '1' by the backup job (only its newest few are kept)
    kind        CHAR(1)      NOT NULL CHECK (kind IN ('0', '1')),
    file_size   BIGINT       NOT NULL,
    total_rows  BIGINT       NOT NULL,
    content     BYTEA        NOT NULL,
    created_by  VARCHAR(64)  NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE INDEX backups_created_idx ON identity.backups (created_at DESC, backup_id DESC);
