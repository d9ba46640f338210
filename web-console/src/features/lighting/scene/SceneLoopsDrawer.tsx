import { Drawer, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { useGetSceneQuery } from '../api';
import { gatewayLabel } from '../shared/choices';
import type { Scene, SceneLoop } from '../types';
import '../i18n';

/** What a scene sets, loop by loop (GET /lighting/scene/{sceneId}). */
export default function SceneLoopsDrawer({ scene, onClose }: { scene: Scene; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetSceneQuery(scene.sceneId, { refetchOnMountOrArgChange: true });
  return (
    <Drawer open title={t('lighting.scene.loopsOf', { name: scene.sceneName })} width={640} onClose={onClose}>
      <Spin spinning={isFetching}>
        <Table<SceneLoop>
          size="small"
          rowKey={(loop) => `${loop.gatewayId}:${loop.loopIndex}`}
          pagination={false}
          dataSource={data?.loops ?? []}
          columns={[
            {
              key: 'gateway',
              title: t('lighting.scene.gateway'),
              render: (_gateway: unknown, loop) => <AsEntered text={gatewayLabel(loop.gatewayName, loop.gatewayNumber)} />,
            },
            {
              key: 'loop',
              title: t('lighting.scene.loopIndex'),
              render: (_loop: unknown, loop) => (loop.loopName ? <AsEntered text={loop.loopName} /> : t('lighting.loopN', { index: loop.loopIndex })),
            },
            {
              key: 'switchState',
              title: t('lighting.scene.switch'),
              render: (_state: unknown, loop) =>
                loop.switchState === '1' ? <Tag color="gold">{t('lighting.control.on')}</Tag> : <Tag>{t('lighting.control.off')}</Tag>,
            },
            { key: 'brightness', title: t('lighting.scene.brightness'), render: (_brightness: unknown, loop) => (loop.switchState === '1' ? (loop.brightness ?? 100) : '-') },
          ]}
        />
      </Spin>
    </Drawer>
  );
}
