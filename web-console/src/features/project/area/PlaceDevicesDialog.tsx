import { useState } from 'react';
import { Button, List, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import { useGetGatewaysQuery } from '../../lighting/api';
import { usePlaceDeviceMutation, useRemovePlacementMutation } from '../areaApi';
import type { PlanArea, PlanPoint } from '../types';
import PlanCanvas from './PlanCanvas';
import { usePlan } from './usePlan';
import '../i18n';

const GATEWAY = 'gateway';
/** Gateways offered to place: one page of the project's (a plan holds what an operator can see). */
const GATEWAY_PAGE = 500;

interface Props {
  area: PlanArea;
  onClose: () => void;
}

/**
 * Places the project's gateways in an area: choose one, click where it stands inside the
 * area (the server refuses a point outside it); placed ones are listed, each can be taken
 * off the plan. A gateway placed elsewhere moves here.
 */
export default function PlaceDevicesDialog({ area: given, onClose }: Props) {
  const { t } = useTranslation();
  const { picture, areas } = usePlan();
  const area = areas.find((a) => a.areaId === given.areaId) ?? given;
  const [deviceId, setDeviceId] = useState<number>();
  const gateways = useGetGatewaysQuery({ pageNum: 1, pageSize: GATEWAY_PAGE });
  const [placeDevice] = usePlaceDeviceMutation();
  const [removePlacement] = useRemovePlacementMutation();
  const byId = new Map((gateways.data?.rows ?? []).map((g) => [g.gatewayId, g]));
  const nameOf = (id: number) => byId.get(id)?.gatewayName ?? t('project.area.unknownDevice', { id });

  const place = async (at: PlanPoint) => {
    if (deviceId === undefined) {
      showMessage('warning', t('project.area.chooseDeviceFirst'));
      return;
    }
    await placeDevice({ areaId: area.areaId, deviceType: GATEWAY, deviceId, ...at }).unwrap();
    showMessage('success', t('project.area.placed', { name: nameOf(deviceId) }));
    setDeviceId(undefined);
  };

  return (
    <AppDialog open size="half" title={t('project.area.placeTitle', { name: area.areaName })} footer={null} onCancel={onClose}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select<number>
          aria-label={t('project.area.device')}
          placeholder={t('project.area.device')}
          style={{ width: 240 }}
          showSearch
          optionFilterProp="label"
          value={deviceId}
          onChange={setDeviceId}
          options={(gateways.data?.rows ?? []).map((g) => ({ value: g.gatewayId, label: `${g.gatewayName} (${g.gatewayNumber})` }))}
        />
        <Typography.Text type="secondary">{t('project.area.placeHint')}</Typography.Text>
      </Space>
      {picture ? (
        <PlanCanvas
          picture={picture}
          label={t('project.area.plan')}
          shapes={areas.map((a) => ({ key: a.areaId, name: a.areaName, points: a.points, colour: a.colour, highlighted: a.areaId === area.areaId }))}
          markers={areas.flatMap((a) => a.devices).map((d) => ({
            key: `${d.deviceType}-${d.deviceId}`,
            label: nameOf(d.deviceId),
            at: d,
            colour: byId.get(d.deviceId)?.onlineStatus === '1' ? '#67C23A' : '#909399',
          }))}
          onPick={(at) => void place(at).catch(() => undefined)}
        />
      ) : (
        <span>{t('project.area.noPlan')}</span>
      )}
      <List
        size="small"
        header={t('project.area.placedDevices', { count: area.devices.length })}
        dataSource={area.devices}
        locale={{ emptyText: t('project.area.noDevices') }}
        renderItem={(d) => (
          <List.Item
            actions={[
              <Button key="remove" type="link" size="small" aria-label={t('project.area.removeOf', { name: nameOf(d.deviceId) })}
                onClick={() => void removePlacement({ deviceType: d.deviceType, deviceId: d.deviceId }).unwrap().catch(() => undefined)}>
                {t('project.area.remove')}
              </Button>,
            ]}
          >
            {nameOf(d.deviceId)}
          </List.Item>
        )}
      />
    </AppDialog>
  );
}
