import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { fileUrl, useFilesBase } from '../../../lib/files';
import type { FileQuery, ProjectFile } from '../types';
import '../i18n';

export const FILE_TYPES = ['1', '2', '3'] as const;
export const AUDIT_STATES = ['0', '1', '2'] as const;
const PROCESS_STATES = ['0', '1', '2', '3'] as const;
const AUDIT_COLORS: Record<string, string> = { '0': 'default', '1': 'success', '2': 'error' };

/** 1536 -> '1.5 KB'. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The file list's columns: the name opens the stored file. */
export function useFileColumns(): ListColumn<ProjectFile>[] {
  const { t } = useTranslation();
  const base = useFilesBase();
  const label = (group: 'types' | 'audits' | 'processes', code: string) =>
    t(`project.file.${group}.${code as '1'}`, { defaultValue: code });
  return [
    {
      key: 'fileName',
      title: t('project.file.name'),
      render: (name: string, file) => (
        <a href={fileUrl(base, file.path)} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
      ),
    },
    { key: 'fileType', title: t('project.file.type'), render: (code: string) => label('types', code) },
    { key: 'size', title: t('project.file.size'), render: (bytes: number) => sizeText(bytes) },
    {
      key: 'auditStatus',
      title: t('project.file.auditStatus'),
      render: (code: string, file) => (
        <Tag color={AUDIT_COLORS[code]} title={file.auditReason || undefined}>
          {label('audits', code)}
        </Tag>
      ),
    },
    { key: 'processStatus', title: t('project.file.processStatus'), render: (code: string) => label('processes', code) },
    { key: 'remark', title: t('project.file.remark'), hidden: true },
    { key: 'createBy', title: t('project.file.createBy') },
    { key: 'createTime', title: t('project.file.createTime') },
  ];
}

/** The file list's search fields: name, type, audit state. */
export function useFileSearchFields(): SearchField<FileQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'fileName', label: t('project.file.name') },
    { kind: 'select', name: 'fileType', label: t('project.file.type'), options: FILE_TYPES.map((value) => ({ value, label: t(`project.file.types.${value}`) })) },
    {
      kind: 'select',
      name: 'auditStatus',
      label: t('project.file.auditStatus'),
      options: AUDIT_STATES.map((value) => ({ value, label: t(`project.file.audits.${value}`) })),
    },
  ];
}

export { PROCESS_STATES };
