import { useState } from 'react';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteScenesMutation, useGetScenesQuery } from '../api';
import type { Scene, SceneQuery } from '../types';
import { useSceneColumns, useSceneSearchFields } from './columns';
import SceneFormDialog from './SceneFormDialog';
import SceneLoopsDrawer from './SceneLoopsDrawer';
import '../i18n';

/**
 * Power scenes (`lighting/scene/index`): search by name and type, page, add and edit (the
 * loops each scene sets), see a scene's loops, delete after confirmation (the server refuses a scene a task uses).
 */
export default function ScenePage() {
  const { t } = useTranslation();
  const [deleteScenes] = useDeleteScenesMutation();
  const [shown, setShown] = useState<Scene | undefined>();
  const actions: RowAction<Scene>[] = [
    {
      key: 'loops',
      label: t('lighting.scene.viewLoops'),
      permission: 'lighting:scene:query',
      icon: <UnorderedListOutlined aria-hidden />,
      ariaLabel: (scene) => t('lighting.scene.loopsOf', { name: scene.sceneName }),
      run: (scene) => setShown(scene),
    },
  ];
  return (
    <ListPage<Scene, SceneQuery>
      rowKey="sceneId" rowName={(scene) => scene.sceneName} useList={useGetScenesQuery}
      columns={useSceneColumns()} searchFields={useSceneSearchFields()} rowActions={actions}
      editor={{ dialog: SceneFormDialog, add: 'lighting:scene:add', edit: 'lighting:scene:edit' }}
      remove={{
        permission: 'lighting:scene:remove',
        question: (scene) => t('lighting.scene.deleteConfirm', { name: scene.sceneName }),
        run: (scenes) => deleteScenes(scenes.map((scene) => scene.sceneId)).unwrap(),
      }}
    >
      {shown ? <SceneLoopsDrawer scene={shown} onClose={() => setShown(undefined)} /> : null}
    </ListPage>
  );
}
