-- The service tables every service keeps in one shape (docs/new-module.md): the outbox,
-- now ordered by a sequence and keyed by a message id of any form, and the queue of
-- key-value projection keys. Rows waiting in the old outbox move over in their order.
CREATE TABLE identity.outbox_next (
    outbox_id   BIGSERIAL    PRIMARY KEY,
    message_id  VARCHAR(100) NOT NULL,
    subject     VARCHAR(200) NOT NULL,
    event_type  VARCHAR(100) NOT NULL,
    payload     BYTEA        NOT NULL,
    created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
);
INSERT INTO identity.outbox_next (message_id, subject, event_type, payload, created_at)
SELECT event_id::text, subject, event_type, payload, created_at FROM identity.outbox ORDER BY created_at;
DROP TABLE identity.outbox;
ALTER TABLE identity.outbox_next RENAME TO outbox;
ALTER INDEX identity.outbox_next_pkey RENAME TO outbox_pkey;
ALTER SEQUENCE identity.outbox_next_outbox_id_seq RENAME TO outbox_outbox_id_seq;

CREATE TABLE identity.projection_queue (
    bucket     VARCHAR(64)  NOT NULL,
    key        VARCHAR(255) NOT NULL,
    queued_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (bucket, key)
);
