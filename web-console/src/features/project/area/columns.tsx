import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import type { AreaQuery, PlanArea } from '../types';
import '../i18n';

/** The area types as options: '1' area, '2' building. */
export function useAreaTypes() {
  const { t } = useTranslation();
  return [
    { value: '1', label: t('project.area.types.1') },
    { value: '2', label: t('project.area.types.2') },
  ];
}

/** The area list's columns. */
export function useAreaColumns(): ListColumn<PlanArea>[] {
  const { t } = useTranslation();
  const types = useAreaTypes();
  return [
    { key: 'areaName', title: t('project.area.name') },
    {
      key: 'areaType',
      title: t('project.area.type'),
      render: (value: string, area) => <Tag color={area.colour}>{types.find((o) => o.value === value)?.label ?? value}</Tag>,
    },
    { key: 'points', title: t('project.area.corners'), render: (points: PlanArea['points']) => points.length },
    { key: 'devices', title: t('project.area.devices'), render: (devices: PlanArea['devices']) => devices.length },
    { key: 'orderNum', title: t('project.area.order') },
    { key: 'remark', title: t('project.area.remark'), ellipsis: true, render: (remark: string) => remark || '-' },
    { key: 'updateTime', title: t('project.area.updateTime'), render: (time: string | null) => time ?? '-' },
  ];
}

/** The area list's search fields: name, type. */
export function useAreaSearchFields(): SearchField<AreaQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'areaName', label: t('project.area.name') },
    { kind: 'select', name: 'areaType', label: t('project.area.type'), options: useAreaTypes() },
  ];
}
