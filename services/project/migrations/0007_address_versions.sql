-- The version of each project's address tree, so that a reader holding a copy of the tree
-- (the edge keeps its JSON) can ask "has it changed since version V?" with one primary-key
-- read instead of reading and building 5,000 nodes again. Versions come from one sequence,
-- so a version is never reused, even by another project or after a project's row is gone.
-- Triggers keep it, so that every write changes it, whichever code or hand made the write.
CREATE SEQUENCE project.address_version_seq;

CREATE TABLE project.address_versions (
    project_id BIGINT PRIMARY KEY,
    version    BIGINT NOT NULL
);

INSERT INTO project.address_versions (project_id, version)
    SELECT project_id, nextval('project.address_version_seq') FROM project.addresses GROUP BY project_id;

-- A new version for each project whose rows the statement inserted or deleted (one per
-- project and statement, so a bulk insert of 5,000 nodes writes one version, not 5,000).
CREATE FUNCTION project.bump_address_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO project.address_versions (project_id, version)
        SELECT project_id, nextval('project.address_version_seq') FROM (SELECT DISTINCT project_id FROM changed) c
        ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    RETURN NULL;
END $$;

-- A new version for the project (both, when it moved) of an updated row.
CREATE FUNCTION project.bump_address_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO project.address_versions (project_id, version)
        SELECT id, nextval('project.address_version_seq') FROM (SELECT DISTINCT unnest(ARRAY[OLD.project_id, NEW.project_id]) AS id) c
        ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    RETURN NULL;
END $$;

CREATE TRIGGER addresses_version_insert AFTER INSERT ON project.addresses
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION project.bump_address_versions();
CREATE TRIGGER addresses_version_delete AFTER DELETE ON project.addresses
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION project.bump_address_versions();
-- Only what a tree shows (its shape, names and order) changes its version: moving a
-- subtree rewrites its nodes' ancestors, and that alone does not.
CREATE TRIGGER addresses_version_update AFTER UPDATE ON project.addresses
    FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id
        OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
        OR OLD.address_name IS DISTINCT FROM NEW.address_name
        OR OLD.order_num IS DISTINCT FROM NEW.order_num)
    EXECUTE FUNCTION project.bump_address_version();
