-- Parameters and dictionaries as administrators edit them: what the product seeded is
-- built in (cannot be deleted, its key or value cannot change), and items carry a remark
-- and a creation time like RuoYi's.
ALTER TABLE identity.dict_types
    ADD COLUMN builtin    BOOLEAN     NOT NULL DEFAULT FALSE,
    ADD COLUMN created_at TIMESTAMPTZ NOT NULL DEFAULT now();
ALTER TABLE identity.dict_data
    ADD COLUMN builtin    BOOLEAN      NOT NULL DEFAULT FALSE,
    ADD COLUMN remark     VARCHAR(500) NOT NULL DEFAULT '',
    ADD COLUMN created_at TIMESTAMPTZ  NOT NULL DEFAULT now();
-- Everything present before this migration came from the product's seed.
UPDATE identity.dict_types SET builtin = TRUE;
UPDATE identity.dict_data SET builtin = TRUE;
