import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { consoleBackend } from '../../test/backend';
import { renderApp } from '../../test/renderWithProviders';
import { signInWithProject } from '../../test/session';
import { energySummary } from '../lighting/fixtures';
import { liveFetch } from '../live/sseMock';
import { panelOrder } from './panels';

const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const page = (serious: number) => ({
  project: { projectName: '滨江景观照明示范项目', modules: [{ position: 1, moduleCode: 'announcement' }, { position: 2, moduleCode: 'alarm' }] },
  devices: { gatewayTotal: 5, gatewayOnline: 4, gatewayOffline: 1, loopTotal: 20, loopOn: 12, loopOff: 8 },
  alarms: { open: serious + 1, serious, main: 1, secondary: 0 },
  notices: [{ noticeId: 1, noticeTitle: '春节亮灯安排', noticeContent: '…', publishTime: '2026-11-20 09:00:00' }],
});

describe('the home page', () => {
  it("shows the project's panels in its module order and refreshes the alarms from the live stream", async () => {
    signInWithProject();
    let serious = 2;
    const { fetchMock, callsTo } = consoleBackend({
      'GET /project/project/getProjectMainPageInfo': () => ok({ data: page(serious) }),
    });
    const live = liveFetch(fetchMock);
    vi.stubGlobal('fetch', live.fetch);
    renderApp({ route: '/index' });
    const alarms = await screen.findByRole('region', { name: '未关闭告警' });
    expect(within(alarms).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '最新公告' })).getByText('春节亮灯安排')).toBeInTheDocument();
    // the devices panel is not among the project's modules
    expect(screen.queryByRole('region', { name: '设备状态' })).not.toBeInTheDocument();
    expect(callsTo('GET /project/project/getProjectMainPageInfo')[0]?.headers.get('ProjectId')).toBe('1');

    await waitFor(() => expect(live.requests[0]?.stream).toBeDefined());
    serious = 3;
    act(() => live.requests[0]!.stream!.send('alarm', { kind: 'raised', alarmId: 9, alarmName: '回路欠压', alarmLevel: '1', status: '0', deviceName: 'G', contentZh: '低', contentEn: 'low', alarmTime: '2026-05-01 10:10:00', endTime: null }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '未关闭告警' })).getByText('4')).toBeInTheDocument());
    vi.unstubAllGlobals();
  });

  it('orders the panels by position and shows them all when the project chose none', () => {
    expect(panelOrder([{ position: 3, moduleCode: 'gateway' }, { position: 1, moduleCode: 'alarm' }, { position: 2, moduleCode: 'energy' }])).toEqual(['alarm', 'energy', 'gateway']);
    expect(panelOrder([{ position: 2, moduleCode: 'workorder' }, { position: 1, moduleCode: 'gateway' }])).toEqual(['gateway']);
    expect(panelOrder([])).toEqual(['gateway', 'alarm', 'energy', 'announcement']);
  });

  const withEnergy = {
    ...page(0),
    project: { projectName: '滨江景观照明示范项目', modules: [{ position: 1, moduleCode: 'energy' }, { position: 2, moduleCode: 'announcement' }] },
  };

  it("shows today's, this month's and the last 7 days' energy from the summary", async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({
      'GET /project/project/getProjectMainPageInfo': ok({ data: withEnergy }),
      'GET /lighting/energy/summary': ok({ data: energySummary }),
    });
    renderApp({ route: '/index' });
    const energy = await screen.findByRole('region', { name: '能耗' });
    expect(await within(energy).findByText('40')).toBeInTheDocument();
    expect((await within(energy).findByText('今日用电')).nextSibling).toHaveTextContent('40 kWh');
    expect((await within(energy).findByText('本月用电')).nextSibling).toHaveTextContent('1,234.5 kWh');
    expect((await within(energy).findByText('本月电费')).nextSibling).toHaveTextContent('¥801.2');
    expect((await within(energy).findByText('本月节约')).nextSibling).toHaveTextContent('2,100.8 kWh');
    expect(await within(energy).findByText('上月 3,500 kWh')).toBeInTheDocument();
    const days = within(energy).getByRole('list', { name: '近 7 日用电' });
    expect(within(days).getAllByRole('listitem').map((day) => day.textContent)).toEqual(['10005-04', '11005-05', '12005-06', '13005-07', '14005-08', '15005-09', '16005-10']);
    expect(within(days).getAllByRole('listitem')[6]).toHaveAttribute('title', '2026-05-10 160 kWh');
    // the energy panel first, as the project orders its modules
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['能耗', '最新公告']);
    expect(callsTo('GET /lighting/energy/summary')[0]?.headers.get('ProjectId')).toBe('1');
  });

  it("shows '-' when the summary cannot be read, quietly", async () => {
    signInWithProject();
    consoleBackend({
      'GET /project/project/getProjectMainPageInfo': ok({ data: withEnergy }),
      'GET /lighting/energy/summary': { status: 200, body: { code: 500, msg: '能耗汇总暂不可用' } },
    });
    renderApp({ route: '/index' });
    const energy = await screen.findByRole('region', { name: '能耗' });
    await waitFor(() => expect(within(energy).getByText('今日用电').nextSibling).toHaveTextContent('-'));
    expect(within(energy).getByText('本月电费').nextSibling).toHaveTextContent('-');
    expect(within(energy).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('能耗汇总暂不可用')).not.toBeInTheDocument();
  });

  it('shows no energy panel, and asks for no summary, to a user without the energy permission', async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({
      'GET /getInfo': ok({ user: { userId: 2, userName: 'viewer', nickName: '查看员', avatar: '' }, roles: ['viewer'], permissions: ['pc:alarm:realtime:list'] }),
      'GET /project/project/getProjectMainPageInfo': ok({ data: withEnergy }),
      'GET /lighting/energy/summary': ok({ data: energySummary }),
    });
    renderApp({ route: '/index' });
    expect(await screen.findByRole('region', { name: '最新公告' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '能耗' })).not.toBeInTheDocument();
    expect(callsTo('GET /lighting/energy/summary')).toHaveLength(0);
  });

  it('speaks English in the energy panel', async () => {
    signInWithProject();
    await changeLanguage('en');
    consoleBackend({
      'GET /project/project/getProjectMainPageInfo': ok({ data: withEnergy }),
      'GET /lighting/energy/summary': ok({ data: energySummary }),
    });
    renderApp({ route: '/index' });
    const energy = await screen.findByRole('region', { name: 'Energy' });
    expect(await within(energy).findByText('Today')).toBeInTheDocument();
    for (const label of ['This month', 'Cost this month', 'Saved this month', 'Last month 3,500 kWh']) expect(within(energy).getByText(label)).toBeInTheDocument();
    expect(within(energy).getByRole('list', { name: 'Last 7 days' })).toBeInTheDocument();
  });
});
