-- The operating parameters a gateway last acknowledged from the platform (batch parameter
-- setting, docs/device-protocol.md 6.3): heartbeat and telemetry intervals in seconds, and
-- when. NULL until set from the platform: the gateway then runs its own defaults.
ALTER TABLE lighting.gateways
    ADD COLUMN heartbeat_s INTEGER CHECK (heartbeat_s BETWEEN 10 AND 30),
    ADD COLUMN telemetry_s INTEGER CHECK (telemetry_s BETWEEN 10 AND 3600),
    ADD COLUMN params_at   TIMESTAMPTZ;
