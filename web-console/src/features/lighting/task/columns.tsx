import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import type { Task, TaskQuery } from '../types';
import { dateRangeText, dayTimeText, weekdaysText } from './taskText';
import IssueStateTag from './IssueStateTag';
import IssueTaskButton from './IssueTaskButton';
import TaskStatusSwitch from './TaskStatusSwitch';
import '../i18n';

/** The task list's columns; `onIssue` asks, then issues a task (its button is beside its issue state). */
export function useTaskColumns(onIssue: (task: Task) => void): ListColumn<Task>[] {
  const { t } = useTranslation();
  return [
    { key: 'taskName', title: t('lighting.task.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'priority', title: t('lighting.task.priority') },
    {
      key: 'days',
      title: t('lighting.task.days'),
      render: (_days: unknown, task) => {
        const range = dateRangeText(t, task.dateFrom, task.dateTo);
        return (
          <Flex vertical>
            {range ? <span>{range}</span> : null}
            <span>{weekdaysText(t, task.weekdays)}</span>
          </Flex>
        );
      },
    },
    { key: 'start', title: t('lighting.task.start'), render: (_start: unknown, task) => dayTimeText(t, task.startType, task.startTime, task.startOffset) },
    { key: 'end', title: t('lighting.task.end'), render: (_end: unknown, task) => dayTimeText(t, task.endType, task.endTime, task.endOffset) },
    {
      key: 'sceneNames',
      title: t('lighting.task.scenes'),
      render: (names: string[]) =>
        names.length > 0 ? (
          <Flex gap={4} wrap>
            {names.map((name, index) => (
              <Tag key={`${index}-${name}`} bordered={false}>
                <AsEntered text={name} />
              </Tag>
            ))}
          </Flex>
        ) : (
          '-'
        ),
    },
    { key: 'gatewayIds', title: t('lighting.task.gatewayCount'), render: (ids: number[]) => ids.length },
    { key: 'enabled', title: t('lighting.task.enabled'), render: (_enabled: string, task) => <TaskStatusSwitch task={task} /> },
    {
      key: 'issueState',
      title: t('lighting.task.issueState'),
      render: (state: string, task) => (
        <Flex gap={4} align="center" wrap>
          <IssueStateTag state={state} />
          <IssueTaskButton task={task} onIssue={onIssue} />
        </Flex>
      ),
    },
    {
      key: 'remark',
      title: t('lighting.task.remark'),
      hidden: true,
      render: (remark: string) => (remark ? <AsEntered text={remark} clip /> : <Typography.Text type="secondary">-</Typography.Text>),
    },
    { key: 'createTime', title: t('lighting.task.createTime'), hidden: true },
  ];
}

/** The task list's search fields: name, enabled or not. */
export function useTaskSearchFields(): SearchField<TaskQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'taskName', label: t('lighting.task.name'), placeholder: t('lighting.task.namePlaceholder') },
    {
      kind: 'select',
      name: 'enabled',
      label: t('lighting.task.enabled'),
      options: [
        { value: '1', label: t('lighting.task.enabledOptions.1') },
        { value: '0', label: t('lighting.task.enabledOptions.0') },
      ],
    },
  ];
}
