import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteCombinedScenesMutation, useGetCombinedScenesQuery } from '../api';
import type { CombinedScene, CombinedSceneQuery } from '../types';
import { useCombinedSceneColumns, useCombinedSceneSearchFields } from './columns';
import CombinedSceneFormDialog from './CombinedSceneFormDialog';
import '../i18n';

/**
 * Combined scenes (`lighting/combinedScene/index`): power scenes applied at once or one after
 * another, once or over and over, while a task runs. Search by name, page, add and edit (the
 * members in order), delete after confirmation (the server refuses a scene a task uses).
 */
export default function CombinedScenePage() {
  const { t } = useTranslation();
  const [deleteScenes] = useDeleteCombinedScenesMutation();
  return (
    <ListPage<CombinedScene, CombinedSceneQuery>
      rowKey="sceneId" rowName={(scene) => scene.sceneName} useList={useGetCombinedScenesQuery}
      columns={useCombinedSceneColumns()} searchFields={useCombinedSceneSearchFields()}
      editor={{ dialog: CombinedSceneFormDialog, add: 'lighting:combinedScene:add', edit: 'lighting:combinedScene:edit' }}
      remove={{
        permission: 'lighting:combinedScene:remove',
        question: (scene) => t('lighting.combinedScene.deleteConfirm', { name: scene.sceneName }),
        run: (scenes) => deleteScenes(scenes.map((scene) => scene.sceneId)).unwrap(),
      }}
    />
  );
}
