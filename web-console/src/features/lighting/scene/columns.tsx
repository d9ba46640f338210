import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import { SCENE_TYPES } from '../rules';
import type { Scene, SceneQuery } from '../types';
import '../i18n';

/** The scene types this screen keeps: default ('1') and custom ('3'). */
export function useSceneTypes() {
  const { t } = useTranslation();
  return SCENE_TYPES.map((value) => ({ value, label: t(`lighting.scene.types.${value}`) }));
}

/** The scene list's columns. */
export function useSceneColumns(): ListColumn<Scene>[] {
  const { t } = useTranslation();
  const types = useSceneTypes();
  return [
    { key: 'sceneName', title: t('lighting.scene.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'sceneType', title: t('lighting.scene.type'), render: (type: string) => optionLabel(types, type) },
    { key: 'loopCount', title: t('lighting.scene.loopCount') },
    { key: 'remark', title: t('lighting.scene.remark'), render: (remark: string) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createTime', title: t('lighting.scene.createTime') },
    { key: 'updateTime', title: t('lighting.scene.updateTime'), hidden: true, render: (time: string | null) => time ?? '-' },
  ];
}

/** The scene list's search fields: name, type. */
export function useSceneSearchFields(): SearchField<SceneQuery>[] {
  const { t } = useTranslation();
  const types = useSceneTypes();
  return [
    { kind: 'text', name: 'sceneName', label: t('lighting.scene.name'), placeholder: t('lighting.scene.namePlaceholder') },
    { kind: 'select', name: 'sceneType', label: t('lighting.scene.type'), options: types },
  ];
}
