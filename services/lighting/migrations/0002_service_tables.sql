-- The service tables every service keeps in one shape (docs/new-module.md): the outbox,
-- now ordered by a sequence and keyed by a message id of any form, and the queue of
-- key-value projection keys. Rows waiting in the old outbox move over in their order.
CREATE TABLE lighting.outbox_next (
    outbox_id   BIGSERIAL    PRIMARY KEY,
    message_id  VARCHAR(100) NOT NULL,
    subject     VARCHAR(200) NOT NULL,
    event_type  VARCHAR(100) NOT NULL,
    payload     BYTEA        NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
INSERT INTO lighting.outbox_next (message_id, subject, event_type, payload, created_at)
SELECT event_id::text, subject, event_type, payload, created_at FROM lighting.outbox ORDER BY created_at;
DROP TABLE lighting.outbox;
ALTER TABLE lighting.outbox_next RENAME TO outbox;
ALTER INDEX lighting.outbox_next_pkey RENAME TO outbox_pkey;
ALTER SEQUENCE lighting.outbox_next_outbox_id_seq RENAME TO outbox_outbox_id_seq;

CREATE TABLE lighting.projection_queue (
    bucket     VARCHAR(64)  NOT NULL,
    key        VARCHAR(255) NOT NULL,
    queued_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (bucket, key)
);

-- The gateway registry's own queue becomes the GATEWAYS bucket's keys in the common queue.
INSERT INTO lighting.projection_queue (bucket, key) SELECT 'GATEWAYS', 'gw.' || serial FROM lighting.registry_sync
ON CONFLICT DO NOTHING;
DROP TABLE lighting.registry_sync;
