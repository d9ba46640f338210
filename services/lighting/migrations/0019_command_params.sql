-- Batch parameter setting in the command log: every param_set sent to a gateway is audited
-- like a switch (docs/device-protocol.md 6.3), with the intervals it set (NULL: left as the
-- gateway had it). 'params' is both its action and its source (the gateways page's batch
-- action); it is never queued.
ALTER TABLE lighting.commands
    DROP CONSTRAINT commands_action_check,
    DROP CONSTRAINT commands_source_check,
    ADD CONSTRAINT commands_action_check CHECK (action IN ('on', 'off', 'schedule', 'params')),
    ADD CONSTRAINT commands_source_check
        CHECK (source IN ('control', 'one_key', 'group', 'issue', 'renew', 'recommand', 'params')),
    ADD COLUMN heartbeat_s INTEGER CHECK (heartbeat_s BETWEEN 10 AND 30),
    ADD COLUMN telemetry_s INTEGER CHECK (telemetry_s BETWEEN 10 AND 3600),
    ADD CONSTRAINT commands_params_only_params
        CHECK ((heartbeat_s IS NULL AND telemetry_s IS NULL) OR action = 'params');
