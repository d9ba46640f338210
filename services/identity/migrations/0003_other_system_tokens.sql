-- Tokens of trusted systems already exchanged for a session (`/loginByOtherSystem`): each
-- `jti` is accepted once per issuing system, and remembered until the token itself has
-- expired; rows past that are purged by the next exchange.
CREATE TABLE identity.other_system_tokens (
    system_name VARCHAR(100) NOT NULL,
    jti         VARCHAR(255) NOT NULL,
    expires_at  TIMESTAMPTZ  NOT NULL,
    used_at     TIMESTAMPTZ  NOT NULL DEFAULT now(),
    CONSTRAINT other_system_tokens_pkey PRIMARY KEY (system_name, jti)
);
CREATE INDEX other_system_tokens_expires_at_idx ON identity.other_system_tokens (expires_at);
