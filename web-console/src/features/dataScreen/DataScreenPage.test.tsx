import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { consoleBackend } from '../../test/backend';
import { renderApp } from '../../test/renderWithProviders';
import { signInWithProject } from '../../test/session';
import { energySummary } from '../lighting/fixtures';
import { liveFetch } from '../live/sseMock';
import type { ScreenData } from './types';

// jsdom has no canvas: the charts are drawn by the e2e tests; here each is its label and the
// option it was given. The world map is shipped data, registered with ECharts in the browser.
vi.mock('./Chart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock('./worldMap', () => ({ WORLD: 'world', loadWorldMap: () => Promise.resolve() }));

const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const SCREEN: ScreenData = {
  project: {
    id: 1,
    projectName: '滨江景观照明示范项目',
    cityName: '杭州市',
    address: '滨江区闻涛路',
    location: '杭州市 滨江区闻涛路',
    status: '1',
    longitude: 120.2108,
    latitude: 30.2084,
    mapLevel: 15,
    planPicture: '/demo/plan-riverside.svg',
  },
  devices: { gatewayTotal: 5, gatewayOnline: 4, gatewayOffline: 1, loopTotal: 20, loopOn: 12, loopOff: 6 },
  alarms: { open: 3, serious: 1, main: 1, secondary: 1 },
  alarmTrend: ['11-19', '11-20', '11-21', '11-22', '11-23', '11-24', '11-25'].map((day, index) => ({
    date: `2026-${day}`,
    serious: index,
    main: 1,
    secondary: 0,
    total: index + 1,
  })),
  latestAlarms: [{ alarmId: 9, alarmName: '回路欠压', alarmLevel: '1', status: '0', deviceName: '北区网关', content: '电压低', alarmTime: '2026-11-25 10:10:00' }],
  power: { activePower: 12345, activePowerKw: 12.35, loopsReporting: 18, sampleTime: '2026-11-25 10:10:05' },
  gateways: {
    total: 2,
    rows: [
      { gatewayId: 1, gatewayName: '北区网关', gatewayNumber: 'SIM-00001', onlineStatus: '1', lastSeenTime: '2026-11-25 10:10:05' },
      { gatewayId: 2, gatewayName: '南区网关', gatewayNumber: 'SIM-00002', onlineStatus: '0', lastSeenTime: null },
    ],
  },
  refreshTime: '2026-11-25 10:10:06',
};

const alarmEvent = (alarmId: number) => ({
  kind: 'raised',
  alarmId,
  alarmName: '回路欠压',
  alarmLevel: '1',
  status: '0',
  deviceName: 'G',
  contentZh: '低',
  contentEn: 'low',
  alarmTime: '2026-11-25 10:10:00',
  endTime: null,
});

describe('the data big screen', () => {
  it('refuses without a project id and the user stays on the page they were on', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    Cookies.set('projectId', '-1');
    // a user without projects
    consoleBackend({ 'GET /project/project/dropList': { body: { code: 200, msg: 'ok', data: [] } } });
    const { router } = renderApp({ route: '/system/role' });
    await screen.findByRole('navigation', { name: '侧边菜单' });
    await act(() => router.navigate('/dataScreen'));
    expect(await screen.findByText('项目不存在，请设置项目相关信息！')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/role');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("shows the project's six panels full page, from one call in the selected project", async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({ 'GET /project/project/getScreenAllProjectInfo': ok({ data: SCREEN }) });
    const { router, user } = renderApp({ route: '/dataScreen' });
    expect(await screen.findByRole('heading', { level: 1, name: '滨江景观照明示范项目' })).toBeInTheDocument();
    expect(callsTo('GET /project/project/getScreenAllProjectInfo')[0]?.headers.get('ProjectId')).toBe('1');
    expect(screen.queryByRole('navigation', { name: '侧边菜单' })).not.toBeInTheDocument();

    const devices = await screen.findByRole('region', { name: '设备概况' });
    expect(within(devices).getByText('在线网关').previousSibling).toHaveTextContent('4');
    expect(within(devices).getByRole('img', { name: '设备概况' })).toBeInTheDocument();
    const power = screen.getByRole('region', { name: '实时功率' });
    expect(within(power).getByText('有功功率').previousSibling).toHaveTextContent('12.35kW');
    expect(within(power).getByText(/2026-11-25 10:10:05/)).toBeInTheDocument();
    const map = screen.getByRole('region', { name: '项目地图' });
    expect(within(map).getByText('经度 120.2108，纬度 30.2084')).toBeInTheDocument();
    expect(within(map).getByText('杭州市 滨江区闻涛路')).toBeInTheDocument();
    expect(await within(map).findByRole('img', { name: '项目地图' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '近7日告警趋势' })).getByText('共 28 条')).toBeInTheDocument();
    const alarms = screen.getByRole('region', { name: '最新告警' });
    expect(within(alarms).getByRole('listitem')).toHaveTextContent('严重北区网关 · 回路欠压11-25 10:10:00');
    const gateways = screen.getByRole('region', { name: '网关状态' });
    expect(within(gateways).getByText('在线 1 / 2')).toBeInTheDocument();
    expect(within(gateways).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      '北区网关在线11-25 10:10:05',
      '南区网关离线-',
    ]);
    expect(screen.getByText('更新于 2026-11-25 10:10:06')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('speaks English, and says so where the caller may not read a panel', async () => {
    signInWithProject();
    await changeLanguage('en');
    const partial: ScreenData = { ...SCREEN, alarms: null, alarmTrend: null, latestAlarms: null, project: { ...SCREEN.project, longitude: null, latitude: null } };
    consoleBackend({ 'GET /project/project/getScreenAllProjectInfo': ok({ data: partial }) });
    renderApp({ route: '/dataScreen' });
    const trend = await screen.findByRole('region', { name: 'Alarms, last 7 days' });
    expect(within(trend).getByText('Not permitted')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Latest alarms' })).getByText('Not permitted')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Project map' })).getByText('No location set')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Gateway status' })).getByText('Online 1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Devices' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Live power' })).toBeInTheDocument();
  });

  it("shows today's and this month's energy beside the power, from the energy summary; '-' while it cannot be read", async () => {
    signInWithProject();
    let available = true;
    const { callsTo } = consoleBackend({
      'GET /project/project/getScreenAllProjectInfo': ok({ data: SCREEN }),
      'GET /lighting/energy/summary': () => (available ? ok({ data: energySummary }) : { status: 200, body: { code: 500, msg: '能耗汇总暂不可用' } }),
    });
    const { unmount } = renderApp({ route: '/dataScreen' });
    const power = await screen.findByRole('region', { name: '实时功率' });
    const energy = await within(power).findByRole('group', { name: '能耗' });
    await waitFor(() => expect(within(energy).getByText('今日用电').previousSibling).toHaveTextContent('40kWh'));
    expect(within(energy).getByText('本月用电').previousSibling).toHaveTextContent('1,234.5kWh');
    expect(within(energy).getByText('本月电费').previousSibling).toHaveTextContent('¥801.2');
    expect(callsTo('GET /lighting/energy/summary')[0]?.headers.get('ProjectId')).toBe('1');
    unmount();

    // refused: '-', and no message over the screen
    available = false;
    renderApp({ route: '/dataScreen' });
    const refused = await within(await screen.findByRole('region', { name: '实时功率' })).findByRole('group', { name: '能耗' });
    await waitFor(() => expect(callsTo('GET /lighting/energy/summary').length).toBeGreaterThan(1));
    await waitFor(() => expect(within(refused).getByText('今日用电').previousSibling).toHaveTextContent('-'));
    expect(within(refused).getByText('本月电费').previousSibling).toHaveTextContent('-');
    expect(screen.queryByText('能耗汇总暂不可用')).not.toBeInTheDocument();
  });

  it('shows no energy figures, and asks for none, to a user without the energy permission', async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({
      'GET /getInfo': ok({ user: { userId: 2, userName: 'viewer', nickName: '查看员', avatar: '' }, roles: ['viewer'], permissions: ['pc:project:project:screen'] }),
      'GET /project/project/getScreenAllProjectInfo': ok({ data: SCREEN }),
      'GET /lighting/energy/summary': ok({ data: energySummary }),
    });
    renderApp({ route: '/dataScreen' });
    const power = await screen.findByRole('region', { name: '实时功率' });
    expect(within(power).getByText('有功功率')).toBeInTheDocument();
    expect(within(power).queryByRole('group', { name: '能耗' })).not.toBeInTheDocument();
    expect(callsTo('GET /lighting/energy/summary')).toHaveLength(0);
  });

  it('reads the screen again on live events, once for a burst, and closes the stream when it leaves', async () => {
    signInWithProject();
    const { fetchMock, callsTo } = consoleBackend({ 'GET /project/project/getScreenAllProjectInfo': ok({ data: SCREEN }) });
    const live = liveFetch(fetchMock);
    vi.stubGlobal('fetch', live.fetch);
    const { unmount } = renderApp({ route: '/dataScreen' });
    await screen.findByRole('region', { name: '网关状态' });
    await waitFor(() => expect(live.requests[0]?.stream).toBeDefined());
    expect(live.requests[0]?.headers.get('ProjectId')).toBe('1');
    const calls = () => callsTo('GET /project/project/getScreenAllProjectInfo').length;
    expect(calls()).toBe(1);
    act(() => {
      for (let id = 0; id < 50; id += 1) live.requests[0]!.stream!.send('alarm', alarmEvent(id));
      live.requests[0]!.stream!.send('gateway', { gatewayId: 1, gatewayNumber: 'SIM-00001', onlineStatus: '0', time: '2026-11-25 10:11:00' });
    });
    await waitFor(() => expect(calls()).toBe(2));
    // the rest of the burst waits for the interval: not 51 requests
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls()).toBe(2);
    unmount();
    expect(live.requests[0]?.signal?.aborted).toBe(true);
    vi.unstubAllGlobals();
  });
});

describe('the main page route', () => {
  it('shows /mainPage inside the layout', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    consoleBackend();
    renderApp({ route: '/mainPage' });
    expect(await screen.findByRole('heading', { name: '项目主页' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '面包屑' })).toHaveTextContent('项目主页');
  });
});
