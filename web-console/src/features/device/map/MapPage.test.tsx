import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearConfigValues } from '../../../app/configValues';
import { changeLanguage } from '../../../i18n';
import type { ServerRoute } from '../../../routes/types';
import { consoleBackend, serverRoutes } from '../../../test/backend';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import type { MapViewProps } from './MapView';

/**
 * Leaflet draws nothing measurable in jsdom: the map is replaced by a stand-in that shows
 * what the page hands it (tiles, start, markers, clusters) and lets the test move the map
 * and click it. Leaflet itself is proved by the end-to-end test (e2e/map.spec.ts).
 */
vi.mock('./MapView', () => ({
  default: (props: MapViewProps) => (
    <div>
      <p>tiles {props.tiles}</p>
      <p>
        start {props.centre.join(',')} @{props.zoom}
      </p>
      {props.project ? <p>project {props.project.name}</p> : null}
      <ul aria-label="map">
        {props.markers.map((marker) => (
          <li key={marker.deviceId}>{props.deviceTitle(marker)}</li>
        ))}
        {props.clusters.map((cluster) => (
          <li key={`${cluster.longitude},${cluster.latitude}`}>{props.clusterTitle(cluster.count)}</li>
        ))}
      </ul>
      <button type="button" onClick={() => props.onViewport({ minLng: 120.1, minLat: 30.1, maxLng: 120.3, maxLat: 30.3, zoom: 13 })}>
        move close
      </button>
      <button type="button" onClick={() => props.onViewport({ minLng: 73, minLat: 18, maxLng: 135, maxLat: 54, zoom: 4 })}>
        move far
      </button>
      <button type="button" disabled={!props.onPick} onClick={() => props.onPick?.(120.25, 30.22)}>
        click map
      </button>
    </div>
  ),
}));

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });
const routes: ServerRoute[] = [
  ...serverRoutes,
  {
    path: '/device',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: meta('设备管理', 'Device Management'),
    children: [{ path: 'map', component: 'device/map/index', meta: meta('设备地图', 'Device Map') }],
  },
];

const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });
const marker = (id: number, name: string, online: string) => ({
  deviceType: 'gateway',
  deviceId: id,
  deviceName: name,
  deviceNumber: `SIM-0000${id}`,
  onlineStatus: online,
  longitude: 120.2 + id / 1000,
  latitude: 30.2,
});

function backend(style = '', key = '') {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: routes }),
    'GET /system/config/configKey/map.style': ok({ msg: style }),
    'GET /system/config/configKey/map.key': ok({ msg: key }),
    'GET /project/location/1': ok({
      data: { id: 1, projectName: '滨江景观照明示范项目', longitude: 120.2108, latitude: 30.2084, mapLevel: 15, mapMode: '0', planPicture: '' },
    }),
    'GET /lighting/gateway/list': ok({
      rows: [{ gatewayId: 1, gatewayName: '滨江配电柜1', gatewayNumber: 'SIM-00001', onlineStatus: '1' }],
      total: 1,
    }),
    'GET /device/device/locationDevice/list': (request) =>
      request.query.get('zoom') === '4'
        ? ok({
            data: {
              mode: 'clusters',
              total: 10005,
              truncated: false,
              cellSize: 5.625,
              markers: [],
              clusters: [
                { count: 10000, longitude: 100.2, latitude: 20.2 },
                { count: 5, longitude: 120.2, latitude: 30.2 },
              ],
            },
          })
        : ok({ data: { mode: 'markers', total: 2, truncated: false, cellSize: 0, markers: [marker(1, '滨江配电柜1', '1'), marker(2, '滨江配电柜2', '0')], clusters: [] } }),
    'POST /device/device/location': ok(),
  });
}

describe('the device map', () => {
  beforeEach(() => {
    clearConfigValues();
    signInWithProject();
  });

  it("opens at the project's location with the keyless tiles, and asks for the viewport once it rests", async () => {
    const { callsTo } = backend();
    const { user } = renderApp({ route: '/device/map' });
    expect(await screen.findByText('tiles https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBeInTheDocument();
    expect(await screen.findByText('start 30.2084,120.2108 @15')).toBeInTheDocument();
    expect(await screen.findByText('project 滨江景观照明示范项目')).toBeInTheDocument();

    // several moves in a row (one after the other at once, as a drag reports them, so that a
    // busy machine cannot space them wider than the wait): one request, for where the map
    // came to rest
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'move far' }));
      fireEvent.click(screen.getByRole('button', { name: 'move close' }));
    });
    expect(await screen.findByText('滨江配电柜1（SIM-00001，在线）')).toBeInTheDocument();
    expect(await screen.findByText('滨江配电柜2（SIM-00002，离线）')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('视野内 2 台设备');
    const asked = callsTo('GET /device/device/locationDevice/list');
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]?.query ?? [])).toEqual({
      minLng: '120.1',
      minLat: '30.1',
      maxLng: '120.3',
      maxLat: '30.3',
      zoom: '13',
      deviceType: 'gateway',
    });

    // zoomed out over 10,005 devices: clusters with their counts
    await user.click(screen.getByRole('button', { name: 'move far' }));
    expect(await screen.findByText('10000 台设备，点击放大')).toBeInTheDocument();
    expect(await screen.findByText('5 台设备，点击放大')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('视野内 10005 台设备，聚合为 2 组'));
  });

  it('uses map.style as the tile template with map.key in it', async () => {
    backend('https://tiles.example/{z}/{x}/{y}.png?key={key}', 'k-1');
    renderApp({ route: '/device/map' });
    expect(await screen.findByText('tiles https://tiles.example/{z}/{x}/{y}.png?key=k-1')).toBeInTheDocument();
  });

  it('places a chosen gateway where the map is clicked, and clears it', async () => {
    const { callsTo } = backend();
    const { user } = renderApp({ route: '/device/map' });
    await user.click(await screen.findByRole('button', { name: 'move close' }));
    expect(screen.getByRole('button', { name: 'click map' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: '选择要放置的网关' }));
    const dropdown = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    await user.click(within(dropdown).getByTitle('滨江配电柜1 (SIM-00001)'));
    expect(await screen.findByText('在地图上点击放置「滨江配电柜1」')).toBeInTheDocument();
    const listed = callsTo('GET /device/device/locationDevice/list').length;
    await user.click(screen.getByRole('button', { name: 'click map' }));
    await waitFor(() => expect(callsTo('POST /device/device/location')).toHaveLength(1));
    expect(callsTo('POST /device/device/location')[0]?.body).toEqual({ deviceType: 'gateway', deviceId: 1, longitude: 120.25, latitude: 30.22 });
    expect(await screen.findByText('「滨江配电柜1」已放置')).toBeInTheDocument();
    // the devices are asked for again
    await waitFor(() => expect(callsTo('GET /device/device/locationDevice/list').length).toBeGreaterThan(listed));

    await user.click(screen.getByRole('button', { name: /位置操作/ }));
    await user.click(await screen.findByRole('menuitem', { name: '清除位置' }));
    await waitFor(() => expect(callsTo('POST /device/device/location')).toHaveLength(2));
    expect(callsTo('POST /device/device/location')[1]?.body).toEqual({ deviceType: 'gateway', deviceId: 1, longitude: null, latitude: null });
    expect(await screen.findByText('位置已清除')).toBeInTheDocument();
    // stop placing: the map is only looked at again
    await user.click(screen.getByRole('button', { name: /位置操作/ }));
    await user.click(await screen.findByRole('menuitem', { name: '取消放置' }));
    await waitFor(() => expect(screen.queryByText('在地图上点击放置「滨江配电柜1」')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'click map' })).toBeDisabled();
  });

  it('speaks English, and offers no placing without the permission to edit gateways', async () => {
    await changeLanguage('en');
    const { callsTo } = consoleBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: 'Viewer', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:gateway:query', 'pc:lighting:gateway:list'],
        defultMenu: '',
      }),
      'GET /system/menu/getRouters': ok({ data: routes }),
      'GET /system/config/configKey/map.style': ok({ msg: '' }),
      'GET /system/config/configKey/map.key': ok({ msg: '' }),
      'GET /project/location/1': ok({ data: { id: 1, projectName: 'Riverside', longitude: null, latitude: null, mapLevel: 12 } }),
      'GET /device/device/locationDevice/list': ok({ data: { mode: 'markers', total: 1, truncated: false, markers: [marker(3, 'North', '1')], clusters: [] } }),
    });
    const { user } = renderApp({ route: '/device/map' });
    expect(
      await screen.findByText("The project has no map location yet; enter its longitude and latitude in the project info"),
    ).toBeInTheDocument();
    expect(screen.getByText('start 35,104 @4')).toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'move close' }));
    });
    expect(await screen.findByText('North (SIM-00003, Online)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 devices in view');
    expect(screen.queryByRole('combobox', { name: 'Choose a gateway to place' })).not.toBeInTheDocument();
    expect(callsTo('GET /lighting/gateway/list')).toHaveLength(0);
  });
});
