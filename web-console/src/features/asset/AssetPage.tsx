import { useState, type ComponentType } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import AssetsTab from './assets/AssetsTab';
import RecordsTab from './records/RecordsTab';
import TypesTab from './types/TypesTab';
import './i18n';

const TABS = ['assets', 'records', 'types'] as const;
type Tab = (typeof TABS)[number];

const CONTENT: Record<Tab, ComponentType> = { assets: AssetsTab, records: RecordsTab, types: TypesTab };

/**
 * Assets (`operation/asset/index`): three tabs, each a list of the selected project's records:
 * assets (the default: add, edit, delete, export, import; receive, repair and scrap the
 * selected ones), their receive, return, repair and scrap records (return one, cancel a
 * scrap), and the asset types with their attributes. A tab once opened stays as it was.
 */
export default function AssetPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('assets');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      items={TABS.map((key) => {
        const Content = CONTENT[key];
        return { key, label: t(`asset.tabs.${key}`), children: <Content /> };
      })}
    />
  );
}
