import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { orNone } from '../shared/cells';
import type { WorkOrder, WorkOrderQuery } from '../types';
import { useWorkOrderQuestions, useWorkOrderTypes, useWorkOrderUrgencies } from './dicts';
import { OverdueTag, StatusTag, UrgencyTag } from './WorkOrderTags';
import '../i18n';


/** The work order list's columns: dictionary labels, coloured urgency and status, red when overdue. */
export function useWorkOrderColumns(): ListColumn<WorkOrder>[] {
  const { t } = useTranslation();
  const types = useWorkOrderTypes();
  const questions = useWorkOrderQuestions();
  return [
    { key: 'orderNumber', title: t('operation.workOrder.orderNumber') },
    { key: 'orderType', title: t('operation.workOrder.type.title'), render: (type: string) => optionLabel(types, type) },
    { key: 'questionType', title: t('operation.workOrder.question.title'), render: (question: string) => optionLabel(questions, question) },
    { key: 'urgency', title: t('operation.workOrder.urgency.title'), render: (urgency: string) => <UrgencyTag urgency={urgency} /> },
    {
      key: 'status',
      title: t('operation.workOrder.status.title'),
      render: (status: string, order) => (
        <Space size={0}>
          <StatusTag status={status} />
          {order.overdue ? <OverdueTag /> : null}
        </Space>
      ),
    },
    { key: 'handlerName', title: t('operation.workOrder.handler'), render: (name: string) => (name ? <AsEntered text={name} /> : '-') },
    { key: 'address', title: t('operation.workOrder.address'), render: (address: string) => (address ? <AsEntered text={address} clip /> : '-') },
    { key: 'dueTime', title: t('operation.workOrder.dueTime'), render: orNone },
    { key: 'createTime', title: t('operation.workOrder.createTime'), render: orNone },
  ];
}

/** The search form: order type, urgency, keyword (the status is the tab, "only mine" the switch beside it). */
export function useWorkOrderSearchFields(): SearchField<WorkOrderQuery>[] {
  const { t } = useTranslation();
  const types = useWorkOrderTypes();
  const urgencies = useWorkOrderUrgencies();
  return [
    { kind: 'select', name: 'orderType', label: t('operation.workOrder.type.title'), options: types, width: 120 },
    { kind: 'select', name: 'urgency', label: t('operation.workOrder.urgency.title'), options: urgencies, width: 120 },
    { kind: 'text', name: 'keyword', label: t('operation.workOrder.keyword'), placeholder: t('operation.workOrder.keywordPlaceholder') },
  ];
}
