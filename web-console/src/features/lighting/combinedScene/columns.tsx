import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { EXECUTION_MODES, REPEAT_MODES, SEQUENTIAL } from '../rules';
import type { CombinedScene, CombinedSceneQuery } from '../types';
import MemberNames from './MemberNames';
import '../i18n';

/** Synchronous ('0') and sequential ('1'). */
export function useExecutionModes() {
  const { t } = useTranslation();
  return EXECUTION_MODES.map((value) => ({ value, label: t(`lighting.combinedScene.executionModes.${value}`) }));
}

/** Single ('0') and cycle ('1'). */
export function useRepeatModes() {
  const { t } = useTranslation();
  return REPEAT_MODES.map((value) => ({ value, label: t(`lighting.combinedScene.repeatModes.${value}`) }));
}

/** The combined scene list's columns. */
export function useCombinedSceneColumns(): ListColumn<CombinedScene>[] {
  const { t } = useTranslation();
  const executionModes = useExecutionModes();
  const repeatModes = useRepeatModes();
  return [
    { key: 'sceneName', title: t('lighting.combinedScene.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'executionMode', title: t('lighting.combinedScene.executionMode'), render: (mode: string) => optionLabel(executionModes, mode) },
    { key: 'repeatMode', title: t('lighting.combinedScene.repeatMode'), render: (mode: string) => optionLabel(repeatModes, mode) },
    {
      key: 'memberNames',
      title: t('lighting.combinedScene.members'),
      render: (names: string[], scene) => <MemberNames names={names} sequential={scene.executionMode === SEQUENTIAL} />,
    },
    {
      key: 'totalMinutes',
      title: t('lighting.combinedScene.totalMinutes'),
      render: (minutes: number, scene) => (scene.executionMode === SEQUENTIAL ? minutes : '-'),
    },
    { key: 'remark', title: t('lighting.combinedScene.remark'), render: (remark: string) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createBy', title: t('lighting.combinedScene.createBy'), render: (user: string) => (user ? <AsEntered text={user} /> : '-') },
    { key: 'createTime', title: t('lighting.combinedScene.createTime') },
    { key: 'updateTime', title: t('lighting.combinedScene.updateTime'), hidden: true, render: (time: string | null) => time ?? '-' },
  ];
}

/** The combined scene list's search fields: name. */
export function useCombinedSceneSearchFields(): SearchField<CombinedSceneQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'sceneName', label: t('lighting.combinedScene.name'), placeholder: t('lighting.combinedScene.namePlaceholder') }];
}
