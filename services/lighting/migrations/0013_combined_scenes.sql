-- Combined scenes (spec: "combined scenes"; docs/scheduler.md): a scene of type '2' made of
-- other scenes, applied at once ('0' synchronous) or one after another ('1' sequential), once
-- ('0' single) or over and over ('1' cycle) for as long as its task runs.
ALTER TABLE lighting.scenes
    ADD COLUMN execution_mode CHAR(1) CHECK (execution_mode IN ('0', '1')),
    ADD COLUMN repeat_mode    CHAR(1) CHECK (repeat_mode IN ('0', '1')),
    ADD CONSTRAINT scenes_combined_modes CHECK ((scene_type = '2') = (execution_mode IS NOT NULL AND repeat_mode IS NOT NULL));

-- A combined scene's members in order, each a scene that is not itself combined, and how many
-- minutes it lasts in a sequence (0 when applied at once).
CREATE TABLE lighting.scene_members (
    scene_id  BIGINT  NOT NULL REFERENCES lighting.scenes (scene_id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    member_id BIGINT  NOT NULL REFERENCES lighting.scenes (scene_id),
    minutes   INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 1440),
    PRIMARY KEY (scene_id, position)
);
CREATE INDEX scene_members_member_idx ON lighting.scene_members (member_id);
