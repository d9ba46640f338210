-- Projects (sites). Who may access which project is identity's (user_projects).
CREATE TABLE project.projects (
    project_id        BIGSERIAL    PRIMARY KEY,
    project_name      VARCHAR(100) NOT NULL,
    project_number    VARCHAR(50)  NOT NULL,
    city_name         VARCHAR(50)  NOT NULL DEFAULT '',
    project_user_name VARCHAR(50)  NOT NULL DEFAULT '',
    phone             VARCHAR(20)  NOT NULL DEFAULT '',
    address           VARCHAR(255) NOT NULL DEFAULT '',
    -- '0' proposed, '1' under construction, '2' completed, '3' stopped
    status            CHAR(1)      NOT NULL DEFAULT '1' CHECK (status IN ('0', '1', '2', '3')),
    menu_logo         VARCHAR(255) NOT NULL DEFAULT '',
    -- '1' show the logo image, '0' do not; '' falls back to '1'
    menu_logo_status  VARCHAR(1)   NOT NULL DEFAULT '1' CHECK (menu_logo_status IN ('', '0', '1')),
    deleted           BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at        TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_number_key ON project.projects (project_number) WHERE NOT deleted;
