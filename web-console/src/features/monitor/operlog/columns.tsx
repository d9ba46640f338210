import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { moduleKey, MODULES, useOperTypes, useResults } from '../shared/dicts';
import ModuleName from '../shared/ModuleName';
import ResultTag from '../shared/ResultTag';
import type { OperLog, OperLogQuery } from '../types';
import '../i18n';

/** The operation log's columns: module, action, operator, address, path, result, time and duration. */
export function useOperLogColumns(): ListColumn<OperLog>[] {
  const { t } = useTranslation();
  const types = useOperTypes();
  return [
    { key: 'operId', title: t('monitor.operLog.operId') },
    { key: 'title', title: t('monitor.operLog.title'), render: (module: string) => <ModuleName module={module} /> },
    { key: 'businessType', title: t('monitor.operLog.businessType'), render: (type: number) => optionLabel(types, String(type)) },
    { key: 'operName', title: t('monitor.operLog.operName'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'operIp', title: t('monitor.operLog.operIp') },
    { key: 'requestMethod', title: t('monitor.operLog.requestMethod'), hidden: true, render: (method: string) => <AsEntered text={method} /> },
    { key: 'operUrl', title: t('monitor.operLog.operUrl'), render: (url: string) => <AsEntered text={url} clip /> },
    { key: 'status', title: t('monitor.operLog.status'), render: (status: number) => <ResultTag status={status} /> },
    { key: 'operTime', title: t('monitor.operLog.operTime') },
    { key: 'costTime', title: t('monitor.operLog.costTime'), render: (ms: number) => t('monitor.operLog.milliseconds', { value: ms }) },
  ];
}

/** The operation log's search fields: module, operator, action, result, address, and the days of the operations. */
export function useOperLogSearchFields(): SearchField<OperLogQuery>[] {
  const { t } = useTranslation();
  const modules = useMemo(() => MODULES.map((module) => ({ value: module, label: t(moduleKey(module)) })), [t]);
  return [
    { kind: 'select', name: 'title', label: t('monitor.operLog.title'), options: modules },
    { kind: 'text', name: 'operName', label: t('monitor.operLog.operName') },
    { kind: 'select', name: 'businessType', label: t('monitor.operLog.businessType'), options: useOperTypes() },
    { kind: 'select', name: 'status', label: t('monitor.operLog.status'), options: useResults() },
    { kind: 'text', name: 'operIp', label: t('monitor.operLog.operIp') },
    { kind: 'dateRange', name: 'operTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('monitor.operLog.operTime'), width: 260 },
  ];
}
