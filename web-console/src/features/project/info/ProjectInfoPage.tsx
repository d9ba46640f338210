import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteProjectMutation, useGetProjectsQuery } from '../infoApi';
import type { Project, ProjectQuery } from '../types';
import { useProjectColumns, useProjectSearchFields } from './columns';
import ProjectFormDialog from './ProjectFormDialog';
import '../i18n';

/**
 * Project info (`project/info/index`): the caller's projects, searched and paged, outside any
 * selected project; add and edit every field, enable or disable, delete (refused by the
 * server while the project has gateways or open alarms, whose message is shown).
 */
export default function ProjectInfoPage() {
  const { t } = useTranslation();
  const [deleteProject] = useDeleteProjectMutation();
  return (
    <ListPage<Project, ProjectQuery>
      inProject={false} rowKey="id" rowName={(project) => project.projectName} useList={useGetProjectsQuery}
      columns={useProjectColumns()} searchFields={useProjectSearchFields()}
      editor={{ dialog: ProjectFormDialog, add: 'project:project:add', edit: 'project:project:edit' }}
      remove={{
        permission: 'project:project:remove',
        batch: false,
        question: (project) => t('project.info.deleteConfirm', { name: project.projectName }),
        run: async (projects) => {
          for (const project of projects) await deleteProject(project.id).unwrap();
        },
      }}
    />
  );
}
