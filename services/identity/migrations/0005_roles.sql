-- Roles as administrators edit them: RuoYi's tree-linkage switches (whether a parent is
-- checked with its children in the menu and organization trees) and unique names.
ALTER TABLE identity.roles
    ADD COLUMN menu_check_strictly BOOLEAN NOT NULL DEFAULT TRUE,
    ADD COLUMN dept_check_strictly BOOLEAN NOT NULL DEFAULT TRUE;
CREATE UNIQUE INDEX roles_name_key ON identity.roles (role_name);
