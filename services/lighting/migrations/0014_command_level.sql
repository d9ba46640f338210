-- The brightness a loop was switched on at (1-100); NULL for switching off, a schedule, or a
-- switch from before dimming (on at full).
ALTER TABLE lighting.commands ADD COLUMN level SMALLINT CHECK (level BETWEEN 1 AND 100);
ALTER TABLE lighting.commands ADD CONSTRAINT commands_level_only_on CHECK (level IS NULL OR action = 'on');
