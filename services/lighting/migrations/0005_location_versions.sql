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

CREATE FUNCTION lighting.bump_location_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO lighting.location_versions (project_id, version)
            VALUES (OLD.project_id, nextval('lighting.location_version_seq'))
            ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO lighting.location_versions (project_id, version)
            VALUES (NEW.project_id, nextval('lighting.location_version_seq'))
            ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER gateways_location_version_insert AFTER INSERT ON lighting.gateways
    FOR EACH ROW WHEN (NEW.longitude IS NOT NULL)
    EXECUTE FUNCTION lighting.bump_location_version();
CREATE TRIGGER gateways_location_version_delete AFTER DELETE ON lighting.gateways
    FOR EACH ROW WHEN (OLD.longitude IS NOT NULL)
    EXECUTE FUNCTION lighting.bump_location_version();
CREATE TRIGGER gateways_location_version_update AFTER UPDATE ON lighting.gateways
    FOR EACH ROW WHEN (OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.latitude IS DISTINCT FROM NEW.latitude
        OR OLD.gateway_name IS DISTINCT FROM NEW.gateway_name
        OR OLD.deleted IS DISTINCT FROM NEW.deleted
        OR OLD.project_id IS DISTINCT FROM NEW.project_id)
    EXECUTE FUNCTION lighting.bump_location_version();
