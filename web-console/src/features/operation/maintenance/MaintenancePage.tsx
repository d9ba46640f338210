import { useState, type ComponentType } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import CompaniesTab from './companies/CompaniesTab';
import ContractsTab from './contracts/ContractsTab';
import PlansTab from './plans/PlansTab';
import '../i18n';

const TABS = ['plans', 'contracts', 'companies'] as const;
type Tab = (typeof TABS)[number];

const CONTENT: Record<Tab, ComponentType> = { plans: PlansTab, contracts: ContractsTab, companies: CompaniesTab };

/**
 * Maintenance (`operation/maintenance/index`): three tabs, each a list of the selected
 * project's records: plans (the default: status tabs with counts, add, finish, edit and
 * delete while unfinished), contracts (flagged near their end) and companies (add, edit,
 * delete). A tab once opened stays as it was.
 */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('plans');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      items={TABS.map((key) => {
        const Content = CONTENT[key];
        return { key, label: t(`operation.maintenance.tabs.${key}`), children: <Content /> };
      })}
    />
  );
}
