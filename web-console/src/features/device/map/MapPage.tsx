import { useEffect, useState } from 'react';
import { Alert, Button, Card, Dropdown, Flex, Input, Select, Spin, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { useConfigValue } from '../../../app/configValues';
import { useAppSelector } from '../../../app/hooks';
import { selectProjectId } from '../../auth/authSlice';
import { useAccess } from '../../auth/useAccess';
import { useGetGatewaysQuery } from '../../lighting/api';
import { useGetDeviceLocationsQuery, useGetProjectLocationQuery, useSetDeviceLocationMutation } from '../api';
import type { DeviceMarker, MapViewport } from '../types';
import { DEFAULT_ATTRIBUTION, VIEWPORT_DEBOUNCE_MS, isDefaultTiles, startView, tileUrl } from './geo';
import MapView from './MapView';
import '../i18n';

/** The value once it has rested for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setRested(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return rested;
}

/** Gateways offered for placing: the first page of 500 (the server's largest). */
const GATEWAY_CHOICES = { pageNum: 1, pageSize: 500 };

/**
 * The device map (device/map/index): the selected project's location and its devices,
 * drawn as markers or, when the viewport holds more than the server draws, as clusters
 * with their counts; asked again when the map has rested after a move or a zoom. A holder
 * of lighting:gateway:edit chooses a gateway and clicks the map to place it.
 */
export default function MapPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const projectId = useAppSelector(selectProjectId);
  const style = useConfigValue('map.style');
  const key = useConfigValue('map.key');
  const { data: project, isLoading: projectLoading } = useGetProjectLocationQuery(projectId ?? '', { skip: !projectId });
  const [viewport, setViewport] = useState<MapViewport>();
  const rested = useDebounced(viewport, VIEWPORT_DEBOUNCE_MS);
  const [deviceName, setDeviceName] = useState('');
  const { data: devices, isFetching } = useGetDeviceLocationsQuery(
    { ...rested, deviceType: 'gateway', ...(deviceName ? { deviceName } : {}) },
    { skip: !rested },
  );
  const canPlace = access.hasPermi(['lighting:gateway:edit']) && access.hasPermi(['lighting:gateway:list']);
  const { data: gateways } = useGetGatewaysQuery(GATEWAY_CHOICES, { skip: !canPlace });
  const [placing, setPlacing] = useState<number>();
  const [setLocation, { isLoading: saving }] = useSetDeviceLocationMutation();

  const chosen = gateways?.rows.find((gateway) => gateway.gatewayId === placing);
  const place = async (longitude: number | null, latitude: number | null) => {
    if (placing === undefined) return;
    try {
      await setLocation({ deviceType: 'gateway', deviceId: placing, longitude, latitude }).unwrap();
      showMessage('success', longitude === null ? t('device.map.cleared') : t('device.map.placed', { name: chosen?.gatewayName ?? '' }));
    } catch {
      // the client showed the server's message
    }
  };

  if (projectLoading || style === undefined || key === undefined) return <Spin spinning style={{ width: '100%', marginTop: 48 }} />;
  const start = startView(project);
  const tiles = tileUrl(style, key);
  const located = project && typeof project.longitude === 'number' && typeof project.latitude === 'number';
  const deviceTitle = (marker: DeviceMarker) =>
    t('device.map.deviceTitle', {
      name: marker.deviceName,
      number: marker.deviceNumber,
      state: marker.onlineStatus === '1' ? t('device.map.online') : t('device.map.offline'),
    });

  return (
    <Card>
      <Flex vertical gap={12} style={{ height: 'calc(100vh - 200px)', minHeight: 560 }}>
        <Flex wrap gap={12} align="center">
          <Input.Search
            allowClear
            aria-label={t('device.map.name')}
            placeholder={t('device.map.namePlaceholder')}
            style={{ width: 240 }}
            onSearch={(value) => setDeviceName(value.trim())}
          />
          {canPlace ? (
            <>
              <Select<number>
                allowClear
                showSearch
                aria-label={t('device.map.choose')}
                placeholder={t('device.map.choose')}
                style={{ width: 260 }}
                value={placing}
                onChange={setPlacing}
                optionFilterProp="label"
                options={(gateways?.rows ?? []).map((gateway) => ({
                  value: gateway.gatewayId,
                  label: `${gateway.gatewayName} (${gateway.gatewayNumber})`,
                }))}
              />
              <Dropdown
                disabled={placing === undefined}
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'clear', label: t('device.map.clear'), danger: true },
                    { key: 'cancel', label: t('device.map.cancel') },
                  ],
                  onClick: ({ key }) => (key === 'clear' ? void place(null, null) : setPlacing(undefined)),
                }}
              >
                <Button loading={saving}>
                  {t('device.map.actions')} <DownOutlined />
                </Button>
              </Dropdown>
            </>
          ) : null}
          <Typography.Text role="status" type="secondary">
            {devices
              ? devices.mode === 'clusters'
                ? t('device.map.clustersSummary', { total: devices.total, count: devices.clusters.length })
                : t('device.map.markersSummary', { total: devices.total })
              : t('device.map.loading')}
            {isFetching ? ' …' : ''}
          </Typography.Text>
        </Flex>
        {chosen ? <Alert type="info" showIcon message={t('device.map.pickHint', { name: chosen.gatewayName })} /> : null}
        {located ? null : <Alert type="warning" showIcon message={t('device.map.noProjectLocation')} />}
        {/* The map is the tile vendor's and Leaflet's (their attribution, in their words): not the console's texts. */}
        <div style={{ flex: 1, minHeight: 480 }} data-testid="device-map" translate="no">
          <MapView
            centre={start.centre}
            zoom={start.zoom}
            tiles={tiles}
            attribution={isDefaultTiles(tiles) ? DEFAULT_ATTRIBUTION : undefined}
            project={located ? { name: project.projectName, position: [project.latitude as number, project.longitude as number] } : undefined}
            markers={devices?.markers ?? []}
            clusters={devices?.clusters ?? []}
            onViewport={setViewport}
            onPick={chosen ? (longitude, latitude) => void place(longitude, latitude) : undefined}
            clusterTitle={(count) => t('device.map.clusterTitle', { count })}
            deviceTitle={deviceTitle}
          />
        </div>
      </Flex>
    </Card>
  );
}
