import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consoleBackend } from '../../test/backend';
import { renderApp } from '../../test/renderWithProviders';
import { signInWithProject } from '../../test/session';
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
    expect(panelOrder([{ position: 3, moduleCode: 'gateway' }, { position: 1, moduleCode: 'alarm' }, { position: 2, moduleCode: 'energy' }])).toEqual(['alarm', 'gateway']);
    expect(panelOrder([])).toEqual(['gateway', 'alarm', 'announcement']);
  });
});
