import { useState } from 'react';
import { EnvironmentOutlined, FieldTimeOutlined, ScheduleOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { confirmThen, ListPage, type ToolbarAction } from '../../../components/listPage';
import { useDeleteTasksMutation, useGetTasksQuery, useIssueTasksMutation } from '../api';
import type { Task, TaskIssueAnswer, TaskQuery } from '../types';
import { useTaskColumns, useTaskSearchFields } from './columns';
import GatewaySchedulesDrawer from './GatewaySchedulesDrawer';
import IssueResultDialog from './IssueResultDialog';
import PlanDrawer from './PlanDrawer';
import SiteDialog from './SiteDialog';
import TaskFormDialog from './TaskFormDialog';
import '../i18n';

/**
 * Tasks (`lighting/task/index`): search by name and whether enabled, page, add and edit, enable
 * and disable from the switch, delete after confirmation. An enabled task is refused edits and
 * deletion by the server (spec section 4), whose message shows. A task, or the selected ones, is
 * issued to its gateways after confirmation: every gateway taking it is a message, any other
 * outcome the dialog of each gateway's. The toolbar opens the project's site (where sunrise and
 * sunset are computed, its time zone), tonight's plan and the schedules the gateways hold.
 */
export default function TaskPage() {
  const { t } = useTranslation();
  const [deleteTasks] = useDeleteTasksMutation();
  const [issueTasks] = useIssueTasksMutation();
  const [issueAnswer, setIssueAnswer] = useState<TaskIssueAnswer | undefined>();
  const [siteOpen, setSiteOpen] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  const [schedulesOpen, setSchedulesOpen] = useState(false);

  const issueQuestion = (tasks: readonly Task[]) => {
    const [only] = tasks;
    return tasks.length === 1 && only
      ? t('lighting.task.issueConfirm', { name: only.taskName })
      : t('lighting.task.issueSelectedConfirm', { count: tasks.length });
  };
  // a refusal (a disabled task, no site) was shown by the client
  const issue = async (tasks: readonly Task[]) => {
    const answer = await issueTasks(tasks.map((task) => task.taskId)).unwrap();
    if (answer.failed === 0 && !answer.queued) showMessage('success', t('lighting.task.issued', { succeeded: answer.succeeded }));
    else setIssueAnswer(answer);
  };
  const issueOne = (task: Task) => confirmThen(issueQuestion([task]), () => issue([task]));

  const toolbar: ToolbarAction<Task>[] = [
    {
      key: 'issue',
      label: t('lighting.task.issue'),
      permission: 'lighting:task:issue',
      icon: <SendOutlined aria-hidden />,
      selection: true,
      confirm: issueQuestion,
      run: issue,
    },
    { key: 'site', label: t('lighting.task.site'), permission: 'lighting:task:edit', icon: <EnvironmentOutlined aria-hidden />, run: () => setSiteOpen(true) },
    { key: 'plan', label: t('lighting.task.plan'), permission: 'lighting:task:query', icon: <FieldTimeOutlined aria-hidden />, run: () => setPlanOpen(true) },
    {
      key: 'gatewaySchedules',
      label: t('lighting.task.gatewaySchedules'),
      permission: 'lighting:task:list',
      icon: <ScheduleOutlined aria-hidden />,
      run: () => setSchedulesOpen(true),
    },
  ];

  return (
    <ListPage<Task, TaskQuery>
      rowKey="taskId" rowName={(task) => task.taskName} useList={useGetTasksQuery}
      columns={useTaskColumns(issueOne)} searchFields={useTaskSearchFields()} toolbarExtra={toolbar}
      editor={{ dialog: TaskFormDialog, add: 'lighting:task:add', edit: 'lighting:task:edit' }}
      remove={{
        permission: 'lighting:task:remove',
        question: (task) => t('lighting.task.deleteConfirm', { name: task.taskName }),
        run: (tasks) => deleteTasks(tasks.map((task) => task.taskId)).unwrap(),
      }}
    >
      {planOpen ? <PlanDrawer onClose={() => setPlanOpen(false)} onOpenSite={() => setSiteOpen(true)} /> : null}
      {siteOpen ? <SiteDialog onClose={() => setSiteOpen(false)} /> : null}
      {schedulesOpen ? <GatewaySchedulesDrawer onClose={() => setSchedulesOpen(false)} /> : null}
      {issueAnswer ? <IssueResultDialog answer={issueAnswer} onClose={() => setIssueAnswer(undefined)} /> : null}
    </ListPage>
  );
}
