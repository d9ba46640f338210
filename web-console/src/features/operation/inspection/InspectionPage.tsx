import { useState, type ComponentType } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import PlansTab from './plans/PlansTab';
import RoutesTab from './routes/RoutesTab';
import TasksTab from './tasks/TasksTab';
import TeamsTab from './teams/TeamsTab';
import '../i18n';

const TABS = ['tasks', 'plans', 'routes', 'teams'] as const;
type Tab = (typeof TABS)[number];

const CONTENT: Record<Tab, ComponentType> = { tasks: TasksTab, plans: PlansTab, routes: RoutesTab, teams: TeamsTab };

/**
 * Inspection (`operation/inspection/index`): four tabs, each a list of the selected project's
 * records: tasks (the default: status tabs with counts, add, detail, deal, delete), plans,
 * routes and teams (add, edit, delete). A tab once opened stays as it was.
 */
export default function InspectionPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('tasks');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      items={TABS.map((key) => {
        const Content = CONTENT[key];
        return { key, label: t(`operation.inspection.tabs.${key}`), children: <Content /> };
      })}
    />
  );
}
