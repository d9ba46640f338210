import { useState } from 'react';
import { EnvironmentOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type ToolbarAction } from '../../../components/listPage';
import { useDeleteTasksMutation, useGetTasksQuery } from '../api';
import type { Task, TaskQuery } from '../types';
import { useTaskColumns, useTaskSearchFields } from './columns';
import PlanDrawer from './PlanDrawer';
import SiteDialog from './SiteDialog';
import TaskFormDialog from './TaskFormDialog';
import '../i18n';

/**
 * Tasks (`lighting/task/index`): search by name and whether enabled, page, add and edit, enable
 * and disable from the switch, delete after confirmation. An enabled task is refused edits and
 * deletion by the server (spec section 4), whose message shows. The toolbar opens the project's
 * site (where sunrise and sunset are computed, its time zone) and tonight's plan.
 */
export default function TaskPage() {
  const { t } = useTranslation();
  const [deleteTasks] = useDeleteTasksMutation();
  const [siteOpen, setSiteOpen] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  const toolbar: ToolbarAction<Task>[] = [
    { key: 'site', label: t('lighting.task.site'), permission: 'lighting:task:edit', icon: <EnvironmentOutlined aria-hidden />, run: () => setSiteOpen(true) },
    { key: 'plan', label: t('lighting.task.plan'), permission: 'lighting:task:query', icon: <FieldTimeOutlined aria-hidden />, run: () => setPlanOpen(true) },
  ];

  return (
    <ListPage<Task, TaskQuery>
      rowKey="taskId" rowName={(task) => task.taskName} useList={useGetTasksQuery}
      columns={useTaskColumns()} searchFields={useTaskSearchFields()} toolbarExtra={toolbar}
      editor={{ dialog: TaskFormDialog, add: 'lighting:task:add', edit: 'lighting:task:edit' }}
      remove={{
        permission: 'lighting:task:remove',
        question: (task) => t('lighting.task.deleteConfirm', { name: task.taskName }),
        run: (tasks) => deleteTasks(tasks.map((task) => task.taskId)).unwrap(),
      }}
    >
      {planOpen ? <PlanDrawer onClose={() => setPlanOpen(false)} onOpenSite={() => setSiteOpen(true)} /> : null}
      {siteOpen ? <SiteDialog onClose={() => setSiteOpen(false)} /> : null}
    </ListPage>
  );
}
