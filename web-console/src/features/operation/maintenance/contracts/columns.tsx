import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../../components/listPage';
import type { MaintenanceContract, MaintenanceContractQuery } from '../../types';
import { useContractStates } from '../dicts';
import { entered, orNone } from '../shared';
import { ContractStateTag } from '../Tags';
import { useCompanyOptions } from '../useMaintenance';
import { amountText } from './formValues';
import '../../i18n';

/** The contract list's columns: number, name, company, dates, amount, state (with the days left near its end), remark, creation. */
export function useContractColumns(): ListColumn<MaintenanceContract>[] {
  const { t } = useTranslation();
  return [
    { key: 'contractNumber', title: t('operation.maintenance.contract.number'), render: (number: string) => entered(number) },
    { key: 'contractName', title: t('operation.maintenance.contract.name'), render: (name: string) => entered(name) },
    { key: 'companyName', title: t('operation.maintenance.contract.company'), render: (name: string) => entered(name) },
    { key: 'startDate', title: t('operation.maintenance.contract.startDate'), render: orNone },
    { key: 'endDate', title: t('operation.maintenance.contract.endDate'), render: orNone },
    { key: 'amount', title: t('operation.maintenance.contract.amount'), align: 'right', render: (amount: string | null) => amountText(amount) },
    { key: 'state', title: t('operation.maintenance.contractState.title'), render: (_state: string, contract) => <ContractStateTag contract={contract} /> },
    { key: 'remark', title: t('operation.maintenance.remark'), render: (remark: string) => entered(remark, true), hidden: true },
    { key: 'createTime', title: t('operation.maintenance.createTime'), render: orNone, hidden: true },
  ];
}

/** The search form: a keyword of the number or the name, the company, the state. */
export function useContractSearchFields(): SearchField<MaintenanceContractQuery>[] {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const states = useContractStates();
  return [
    { kind: 'text', name: 'keyword', label: t('operation.maintenance.keyword'), placeholder: t('operation.maintenance.contract.keywordPlaceholder') },
    { kind: 'select', name: 'companyId', label: t('operation.maintenance.contract.company'), options: companies.options, width: 200, searchable: true },
    { kind: 'select', name: 'state', label: t('operation.maintenance.contractState.title'), options: states, width: 130 },
  ];
}
