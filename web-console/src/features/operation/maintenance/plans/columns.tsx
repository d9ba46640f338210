import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../../components/listPage';
import type { MaintenancePlan, MaintenancePlanQuery } from '../../types';
import { entered, orNone } from '../shared';
import { OverdueTag, PlanStatusTag } from '../Tags';
import { useContractOptions } from '../useMaintenance';
import '../../i18n';

/** The plan list's columns: name, contract, company, date (red when overdue), status, result, who finished it and when. */
export function usePlanColumns(): ListColumn<MaintenancePlan>[] {
  const { t } = useTranslation();
  return [
    { key: 'planName', title: t('operation.maintenance.plan.name'), render: (name: string) => entered(name) },
    { key: 'contractNumber', title: t('operation.maintenance.plan.contractNumber'), render: (number: string) => entered(number) },
    { key: 'companyName', title: t('operation.maintenance.plan.company'), render: (name: string) => entered(name) },
    {
      key: 'planDate',
      title: t('operation.maintenance.plan.planDate'),
      render: (date: string, plan) => (
        <Space size={4}>
          {orNone(date)}
          {plan.overdue ? <OverdueTag /> : null}
        </Space>
      ),
    },
    { key: 'status', title: t('operation.maintenance.status.title'), render: (status: string) => <PlanStatusTag status={status} /> },
    { key: 'content', title: t('operation.maintenance.plan.content'), render: (content: string) => entered(content, true), hidden: true },
    { key: 'result', title: t('operation.maintenance.plan.result'), render: (result: string) => entered(result, true) },
    { key: 'finishedBy', title: t('operation.maintenance.plan.finishedBy'), render: (name: string) => entered(name) },
    { key: 'finishTime', title: t('operation.maintenance.plan.finishTime'), render: orNone },
    { key: 'createTime', title: t('operation.maintenance.createTime'), render: orNone, hidden: true },
  ];
}

/** The search form: a keyword and the contract (the status is the tab). */
export function usePlanSearchFields(): SearchField<MaintenancePlanQuery>[] {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  return [
    { kind: 'text', name: 'keyword', label: t('operation.maintenance.keyword'), placeholder: t('operation.maintenance.plan.keywordPlaceholder') },
    { kind: 'select', name: 'contractId', label: t('operation.maintenance.plan.contract'), options: contracts.options, width: 240, searchable: true },
  ];
}
