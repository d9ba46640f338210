import { useId, type ReactNode } from 'react';
import { Space, Switch, Tabs } from 'antd';
import { optionLabel, type DictOption } from '../../system/useDictOptions';

/** The tab of every record. */
export const ALL_TAB = 'all';

export interface CountedStatusTabsProps {
  /** ALL_TAB or a status. */
  tab: string;
  onTabChange: (tab: string) => void;
  /** The status dictionary, for the tabs' names. */
  statuses: readonly DictOption[];
  /** Each status's code and count, in tab order; the "all" tab counts their sum. */
  counts: ReadonlyArray<readonly [status: string, count: number]>;
  /** The "all" tab's name. */
  allLabel: string;
  /** A tab's text from its name and count. */
  tabLabel: (label: string, count: number) => string;
  /** Beside the tabs: an overdue badge, an "only mine" switch. */
  extra?: ReactNode;
}

/**
 * A list's status tabs (all, then each status with its count): the work orders', the
 * inspection tasks', the maintenance plans'. Filters from outside the list kit.
 */
export function CountedStatusTabs({ tab, onTabChange, statuses, counts, allLabel, tabLabel, extra }: CountedStatusTabsProps) {
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  const items = [
    { key: ALL_TAB, label: tabLabel(allLabel, total) },
    ...counts.map(([status, count]) => ({ key: status, label: tabLabel(optionLabel(statuses, status), count) })),
  ];
  return <Tabs activeKey={tab} onChange={onTabChange} items={items} tabBarStyle={{ marginBottom: 0 }} tabBarExtraContent={extra} />;
}

export interface MineSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What "mine" means here: my orders, my teams' tasks. */
  label: string;
}

/** The "only mine" switch beside status tabs, labelled for assistive technology. */
export function MineSwitch({ checked, onChange, label }: MineSwitchProps) {
  const id = `onlyMine${useId().replace(/:/g, '')}`;
  return (
    <Space size="small">
      <Switch id={id} size="small" checked={checked} onChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </Space>
  );
}
