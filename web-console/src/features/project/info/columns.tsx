import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import type { Project, ProjectQuery } from '../types';
import { useProjectChoices } from './choices';
import EnabledSwitch from './EnabledSwitch';
import '../i18n';

/** The project list's columns. */
export function useProjectColumns(): ListColumn<Project>[] {
  const { t } = useTranslation();
  const choices = useProjectChoices();
  return [
    { key: 'projectName', title: t('project.name') },
    { key: 'projectNumber', title: t('project.number') },
    { key: 'cityName', title: t('project.city'), render: (city: string) => city || '-' },
    { key: 'projectUserName', title: t('project.principal'), render: (name: string) => name || '-' },
    { key: 'status', title: t('project.info.status'), render: (value: string) => optionLabel(choices.status, value) },
    { key: 'acceptance', title: t('project.info.acceptance'), render: (value: string) => optionLabel(choices.acceptance, value) },
    { key: 'modules', title: t('project.info.moduleCount'), render: (modules: Project['modules']) => modules?.length ?? 0 },
    { key: 'enabled', title: t('project.info.enabled'), render: (_value: string, project) => <EnabledSwitch project={project} /> },
    { key: 'createTime', title: t('project.info.createTime'), render: (time: string | null) => time ?? '-' },
  ];
}

/** The project list's search fields: name, code, city, status, switch. */
export function useProjectSearchFields(): SearchField<ProjectQuery>[] {
  const { t } = useTranslation();
  const choices = useProjectChoices();
  return [
    { kind: 'text', name: 'projectName', label: t('project.name'), placeholder: t('project.namePlaceholder') },
    { kind: 'text', name: 'projectNumber', label: t('project.number') },
    { kind: 'text', name: 'cityName', label: t('project.city') },
    { kind: 'select', name: 'status', label: t('project.info.status'), options: choices.status },
    { kind: 'select', name: 'enabled', label: t('project.info.enabled'), options: choices.enabled },
  ];
}
