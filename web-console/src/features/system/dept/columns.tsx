import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../useDictOptions';
import type { DeptRow } from '../shared/deptTree';
import { useDeptTypes, useNormalDisable } from '../shared/dicts';
import StatusTag from '../shared/StatusTag';
import type { DeptQuery } from '../types';
import '../i18n';

/** The organization tree table's columns. */
export function useDeptColumns(): ListColumn<DeptRow>[] {
  const { t } = useTranslation();
  const types = useDeptTypes();
  return [
    { key: 'deptName', title: t('system.dept.name') },
    { key: 'deptCode', title: t('system.dept.code') },
    { key: 'deptType', title: t('system.dept.type'), render: (type: string) => optionLabel(types, type) },
    { key: 'orderNum', title: t('system.dept.orderNum') },
    { key: 'leader', title: t('system.dept.leader') },
    { key: 'phone', title: t('system.dept.phone') },
    { key: 'email', title: t('system.dept.email'), hidden: true },
    { key: 'status', title: t('system.dept.status'), render: (status: string) => <StatusTag status={status} /> },
    { key: 'createTime', title: t('system.dept.createTime') },
  ];
}

/** The organization list's search fields: name and status. */
export function useDeptSearchFields(): SearchField<DeptQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'deptName', label: t('system.dept.name'), placeholder: t('system.dept.namePlaceholder') },
    { kind: 'select', name: 'status', label: t('system.dept.status'), options: useNormalDisable() },
  ];
}
