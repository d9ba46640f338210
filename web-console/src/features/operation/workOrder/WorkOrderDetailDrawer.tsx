import { Descriptions, Drawer, Flex, Rate, Space, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { fileUrl, useFilesBase } from '../../../lib/files';
import { optionLabel } from '../../system/useDictOptions';
import { useGetWorkOrderQuery } from '../api';
import { SCORE_MAX } from '../rules';
import type { ProcessStep } from '../types';
import { STATUS_COLOURS, useWorkOrderQuestions, useWorkOrderStatuses, useWorkOrderTypes } from './dicts';
import { OverdueTag, StatusTag, UrgencyTag } from './WorkOrderTags';
import '../i18n';

const STEP_ACTIONS = ['created', 'flap', 'dispatch', 'assign', 'return', 'complete', 'confirm', 'close'] as const;

const THUMBNAIL = 72;

const orNone = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);
const entered = (value: string | null | undefined) => (value ? <AsEntered text={value} /> : '-');
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A timeline dot's colour: the status the step led to (antd's preset colours). */
const DOT_COLOURS: Readonly<Record<string, string>> = { warning: 'orange', processing: 'blue', purple: 'purple', success: 'green', default: 'gray' };

/**
 * A work order's detail: every field with its dictionary label, the pictures, the evaluation and
 * score, the close reason, the alarms it stands for, and its process information as a timeline.
 */
export default function WorkOrderDetailDrawer({ workOrderId, onClose }: { workOrderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetWorkOrderQuery(workOrderId);
  const types = useWorkOrderTypes();
  const questions = useWorkOrderQuestions();
  const statuses = useWorkOrderStatuses();
  const base = useFilesBase();

  const actionLabel = (action: string) =>
    (STEP_ACTIONS as readonly string[]).includes(action) ? t(`operation.workOrder.action.${action as 'created'}`) : action;
  const transition = (step: ProcessStep) =>
    step.fromStatus && step.fromStatus !== step.toStatus
      ? t('operation.workOrder.transition', { from: optionLabel(statuses, step.fromStatus), to: optionLabel(statuses, step.toStatus) })
      : optionLabel(statuses, step.toStatus);

  const attachments = data?.attachments ?? [];
  const alarmIds = data?.alarmIds ?? [];
  return (
    <Drawer open title={t('operation.workOrder.detailTitle')} width={640} onClose={onClose}>
      <Spin spinning={isFetching}>
        {data ? (
          <>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'orderNumber', label: t('operation.workOrder.orderNumber'), children: data.orderNumber },
                { key: 'orderType', label: t('operation.workOrder.type.title'), children: optionLabel(types, data.orderType) },
                { key: 'questionType', label: t('operation.workOrder.question.title'), children: optionLabel(questions, data.questionType) },
                { key: 'urgency', label: t('operation.workOrder.urgency.title'), children: <UrgencyTag urgency={data.urgency} /> },
                {
                  key: 'status',
                  label: t('operation.workOrder.status.title'),
                  children: (
                    <Space size={0}>
                      <StatusTag status={data.status} />
                      {data.overdue ? <OverdueTag /> : null}
                    </Space>
                  ),
                },
                { key: 'initiator', label: t('operation.workOrder.initiator'), children: entered(data.initiatorName) },
                { key: 'handler', label: t('operation.workOrder.handler'), children: entered(data.handlerName) },
                { key: 'address', label: t('operation.workOrder.address'), children: entered(data.address) },
                { key: 'description', label: t('operation.workOrder.description'), children: entered(data.description) },
                { key: 'expectedTime', label: t('operation.workOrder.expectedTime'), children: orNone(data.expectedTime) },
                { key: 'dueTime', label: t('operation.workOrder.dueTime'), children: orNone(data.dueTime) },
                { key: 'createTime', label: t('operation.workOrder.createTime'), children: orNone(data.createTime) },
                { key: 'updateTime', label: t('operation.workOrder.updateTime'), children: orNone(data.updateTime) },
                { key: 'alarmIds', label: t('operation.workOrder.alarmIds'), children: alarmIds.length > 0 ? alarmIds.join(', ') : '-' },
                {
                  key: 'attachments',
                  label: t('operation.workOrder.attachments'),
                  children:
                    attachments.length > 0 ? (
                      <Flex wrap gap={8}>
                        {attachments.map((path) => {
                          const url = fileUrl(base, path);
                          return (
                            <a key={path} href={url} target="_blank" rel="noreferrer">
                              <img src={url} alt={nameOf(path)} width={THUMBNAIL} height={THUMBNAIL} style={{ objectFit: 'cover' }} />
                            </a>
                          );
                        })}
                      </Flex>
                    ) : (
                      '-'
                    ),
                },
                {
                  key: 'score',
                  label: t('operation.workOrder.score'),
                  children: data.score ? <Rate disabled count={SCORE_MAX} value={data.score} aria-label={`${t('operation.workOrder.score')} ${data.score}`} /> : '-',
                },
                { key: 'evaluation', label: t('operation.workOrder.evaluation'), children: entered(data.evaluation) },
                { key: 'closeReason', label: t('operation.workOrder.closeReason'), children: entered(data.closeReason) },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('operation.workOrder.processInfo')}
            </Typography.Title>
            <Timeline
              items={(data.processInfo ?? []).map((step, index) => ({
                key: `${index}-${step.action}`,
                color: DOT_COLOURS[STATUS_COLOURS[step.toStatus] ?? 'default'] ?? 'gray',
                children: (
                  <div>
                    <Typography.Text strong>{actionLabel(step.action)}</Typography.Text> <span>{transition(step)}</span>
                    <div>
                      <Typography.Text type="secondary">
                        <AsEntered text={step.actorName} /> · {orNone(step.time)}
                      </Typography.Text>
                    </div>
                    {step.note ? (
                      <div>
                        <AsEntered text={step.note} />
                      </div>
                    ) : null}
                  </div>
                ),
              }))}
            />
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}
