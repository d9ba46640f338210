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

CREATE FUNCTION project.bump_address_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO project.address_versions (project_id, version)
            VALUES (OLD.project_id, nextval('project.address_version_seq'))
            ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO project.address_versions (project_id, version)
            VALUES (NEW.project_id, nextval('project.address_version_seq'))
            ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    RETURN NULL;
END $$;

-- Only what a tree shows (its shape, names and order) changes its version.
CREATE TRIGGER addresses_version_rows AFTER INSERT OR DELETE ON project.addresses
    FOR EACH ROW EXECUTE FUNCTION project.bump_address_version();
CREATE TRIGGER addresses_version_update AFTER UPDATE ON project.addresses
    FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id
        OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
        OR OLD.address_name IS DISTINCT FROM NEW.address_name
        OR OLD.order_num IS DISTINCT FROM NEW.order_num)
    EXECUTE FUNCTION project.bump_address_version();
