-- The service tables every service keeps in one shape (docs/new-module.md): alarm's outbox
-- already has it but for the width of the event type; the queue of key-value projection
-- keys replaces the rule book's compare-and-set writes (every key is queued at start).
ALTER TABLE alarm.outbox ALTER COLUMN event_type TYPE VARCHAR(100);

CREATE TABLE alarm.projection_queue (
    bucket     VARCHAR(64)  NOT NULL,
    key        VARCHAR(255) NOT NULL,
    queued_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (bucket, key)
);
