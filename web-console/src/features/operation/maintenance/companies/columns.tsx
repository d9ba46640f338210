import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../../components/listPage';
import type { MaintenanceCompany, MaintenanceCompanyQuery } from '../../types';
import { entered, orNone } from '../shared';
import '../../i18n';

/** The company list's columns: name, contact, phone, address, contracts, remark, creation. */
export function useCompanyColumns(): ListColumn<MaintenanceCompany>[] {
  const { t } = useTranslation();
  return [
    { key: 'companyName', title: t('operation.maintenance.company.name'), render: (name: string) => entered(name) },
    { key: 'contactName', title: t('operation.maintenance.company.contact'), render: (name: string) => entered(name) },
    { key: 'phone', title: t('operation.maintenance.company.phone'), render: (phone: string) => entered(phone) },
    { key: 'address', title: t('operation.maintenance.company.address'), render: (address: string) => entered(address, true) },
    { key: 'contractCount', title: t('operation.maintenance.company.contractCount') },
    { key: 'remark', title: t('operation.maintenance.remark'), render: (remark: string) => entered(remark, true), hidden: true },
    { key: 'createTime', title: t('operation.maintenance.createTime'), render: orNone },
  ];
}

/** The search form: the name contains a keyword. */
export function useCompanySearchFields(): SearchField<MaintenanceCompanyQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'keyword', label: t('operation.maintenance.keyword'), placeholder: t('operation.maintenance.company.keywordPlaceholder') }];
}
