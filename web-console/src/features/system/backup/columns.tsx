import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { formatNumber } from '../../../lib/format';
import { optionLabel, useDictOptions, type DictOption } from '../useDictOptions';
import type { Backup, BackupQuery } from '../types';
import { humanSize } from './size';
import '../i18n';

/** sys_backup_kind: "0" by hand, "1" by the backup job. */
export const BACKUP_KINDS = ['0', '1'] as const;

/** The backup kinds of the server's dictionary (sys_backup_kind), the interface's texts until it arrives. */
export function useBackupKinds(): DictOption[] {
  const { t } = useTranslation();
  const fallback = useMemo(() => BACKUP_KINDS.map((value) => ({ value, label: t(`system.backup.kinds.${value}`) })), [t]);
  return useDictOptions('sys_backup_kind', fallback);
}

/** The backup list's columns: file name, kind, size, rows, made by, time (as the server sends it). */
export function useBackupColumns(): ListColumn<Backup>[] {
  const { t, i18n } = useTranslation();
  const kinds = useBackupKinds();
  return [
    { key: 'fileName', title: t('system.backup.fileName'), render: (name: string) => <AsEntered text={name} /> },
    {
      key: 'kind',
      title: t('system.backup.kind'),
      render: (kind: string) => <Tag color={kind === '1' ? 'processing' : 'default'}>{optionLabel(kinds, kind)}</Tag>,
    },
    { key: 'fileSize', title: t('system.backup.fileSize'), align: 'right', render: (size: number) => humanSize(size, i18n.language) },
    { key: 'totalRows', title: t('system.backup.totalRows'), align: 'right', render: (rows: number) => formatNumber(rows, i18n.language, 0) },
    { key: 'createBy', title: t('system.backup.createBy'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'createTime', title: t('system.backup.createTime') },
  ];
}

/** The backup list's search field: the kind. */
export function useBackupSearchFields(): SearchField<BackupQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'select', name: 'kind', label: t('system.backup.kind'), options: useBackupKinds() }];
}
