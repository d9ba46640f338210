-- Menus as administrators edit them: new menus take ids after every seeded one, and a menu
-- may be fixed in the tags view (affix).
CREATE SEQUENCE identity.menus_menu_id_seq START WITH 100000 OWNED BY identity.menus.menu_id;
ALTER TABLE identity.menus ALTER COLUMN menu_id SET DEFAULT nextval('identity.menus_menu_id_seq');
ALTER TABLE identity.menus ADD COLUMN affix BOOLEAN NOT NULL DEFAULT FALSE;
