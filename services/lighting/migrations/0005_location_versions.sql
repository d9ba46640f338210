-- The version of each project's located gateways (where they stand and what they are
-- called), so that the lighting service can keep them in memory and cluster any viewport
-- there, asking PostgreSQL only "is version V still current?" (one primary-key read).
-- Versions come from one sequence and are never reused. Triggers keep it, so every write
-- changes it, whichever code or hand made the write; telemetry's updates of a gateway's
-- status and signal leave it alone (the triggers' conditions are false for them and their
-- function is not called).
CREATE SEQUENCE lighting.location_version_seq;

CREATE TABLE lighting.location_versions (
    project_id BIGINT PRIMARY KEY,
    version    BIGINT NOT NULL
);

INSERT INTO lighting.location_versions (project_id, version)
    SELECT project_id, nextval('lighting.location_version_seq') FROM lighting.gateways GROUP BY project_id;

-- A new version for each project with a located gateway among the rows the statement
-- inserted or deleted (one per project and statement: a bulk import writes one version).
CREATE FUNCTION lighting.bump_location_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO lighting.location_versions (project_id, version)
        SELECT project_id, nextval('lighting.location_version_seq')
        FROM (SELECT DISTINCT project_id FROM changed WHERE longitude IS NOT NULL) c
        ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    RETURN NULL;
END $$;

-- A new version for the project (both, when it moved) of an updated gateway.
CREATE FUNCTION lighting.bump_location_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO lighting.location_versions (project_id, version)
        SELECT id, nextval('lighting.location_version_seq') FROM (SELECT DISTINCT unnest(ARRAY[OLD.project_id, NEW.project_id]) AS id) c
        ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    RETURN NULL;
END $$;

CREATE TRIGGER gateways_location_version_insert AFTER INSERT ON lighting.gateways
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lighting.bump_location_versions();
CREATE TRIGGER gateways_location_version_delete AFTER DELETE ON lighting.gateways
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION lighting.bump_location_versions();
-- Telemetry's updates (status, signal, temperature) make this condition false, and the
-- function is not called for them.
CREATE TRIGGER gateways_location_version_update AFTER UPDATE ON lighting.gateways
    FOR EACH ROW WHEN (OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.latitude IS DISTINCT FROM NEW.latitude
        OR OLD.gateway_name IS DISTINCT FROM NEW.gateway_name
        OR OLD.deleted IS DISTINCT FROM NEW.deleted
        OR OLD.project_id IS DISTINCT FROM NEW.project_id)
    EXECUTE FUNCTION lighting.bump_location_version();
