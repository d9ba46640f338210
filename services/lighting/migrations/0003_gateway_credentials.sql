-- Each gateway's NATS credentials (docs/security.md, "Devices"): the public key of every
-- user JWT issued to it. The JWT and its seed are handed out once and never stored. A
-- revoked key stays listed: the DEVICES account carries it in its revocations for good.
CREATE TABLE lighting.gateway_credentials (
    public_key VARCHAR(56)  PRIMARY KEY,
    gateway_id BIGINT       NOT NULL REFERENCES lighting.gateways (gateway_id),
    serial     VARCHAR(32)  NOT NULL,
    issued_by  VARCHAR(64)  NOT NULL DEFAULT '',
    issued_at  TIMESTAMPTZ  NOT NULL DEFAULT now(),
    revoked_at TIMESTAMPTZ
);
-- A gateway holds at most one live credential.
CREATE UNIQUE INDEX gateway_credentials_live ON lighting.gateway_credentials (gateway_id) WHERE revoked_at IS NULL;
CREATE INDEX gateway_credentials_revoked ON lighting.gateway_credentials (revoked_at) WHERE revoked_at IS NOT NULL;
