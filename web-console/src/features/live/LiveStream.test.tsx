import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { updateSettings } from '../../lib/settings';
import { consoleBackend } from '../../test/backend';
import type { MockRequest } from '../../test/fetchMock';
import { renderApp } from '../../test/renderWithProviders';
import { signInWithProject } from '../../test/session';
import { alarmLevels, alarmStatuses, openAlarm } from '../alarm/fixtures';
import { localLogout, selectProject } from '../auth/session';
import { moduleRoutes, ok } from '../lighting/fixtures';
import { operationApi } from '../operation/api';
import { liveFetch } from './sseMock';

const raised = {
  kind: 'raised',
  alarmId: 43,
  alarmName: '回路欠压',
  alarmLevel: '2',
  status: '0',
  deviceName: '南区网关',
  contentZh: '回路电压过低',
  contentEn: 'Loop voltage too low',
  alarmTime: '2026-05-01 10:10:00',
  endTime: null,
};

describe('live push', () => {
  it('updates the bell and the real-time list on an alarm event, with a notification in the current language', async () => {
    signInWithProject();
    const beeps: number[] = [];
    // the Web Audio API, as far as the beep uses it
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator() {
        beeps.push(1);
        return { type: 'sine', frequency: { value: 0 }, connect: (node: unknown) => node, start: vi.fn(), stop: vi.fn() };
      }
      createGain() {
        return {
          gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
          connect: (node: unknown) => node,
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    updateSettings({ alarmSound: true });
    let count = 2;
    let alarms = [openAlarm];
    const { fetchMock, callsTo } = consoleBackend({
      'GET /system/menu/getRouters': ok({ data: moduleRoutes }),
      'GET /system/dict/data/type/alarm_level': ok({ data: alarmLevels }),
      'GET /system/dict/data/type/alarm_status': ok({ data: alarmStatuses }),
      'GET /alarm/type/list': ok({ rows: [], total: 0 }),
      'GET /alarm/alarm/openCount': (request: MockRequest) =>
        ok({ data: { count: request.headers.get('ProjectId') === '2' ? 7 : count } }),
      'GET /alarm/realtime/list': () => ok({ rows: alarms, total: alarms.length }),
    });
    const live = liveFetch(fetchMock);
    vi.stubGlobal('fetch', live.fetch);
    const { user, router, store } = renderApp({ route: '/index' });

    const bell = await screen.findByRole('button', { name: '未处理告警 2 条' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    await waitFor(() => expect(live.requests[0]?.stream).toBeDefined());
    expect(live.requests[0]!.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(live.requests[0]!.headers.get('ProjectId')).toBe('1');
    expect(live.requests[0]!.headers.get('Content-Language')).toBe('zh_CN');

    // the bell opens the real-time alarms
    await user.click(bell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/alarm/realtime'));
    await screen.findByText('北区网关 · 回路2');
    const listCalls = callsTo('GET /alarm/realtime/list').length;

    count = 3;
    alarms = [{ ...openAlarm, alarmId: 43, alarmName: '回路欠压', deviceName: '南区网关', loopIndex: 1 }, openAlarm];
    act(() => live.requests[0]!.stream!.send('alarm', raised));
    expect(await screen.findByRole('button', { name: '未处理告警 3 条' })).toBeInTheDocument();
    expect(await screen.findByText('南区网关 · 回路1')).toBeInTheDocument();
    expect(callsTo('GET /alarm/realtime/list').length).toBeGreaterThan(listCalls);
    const notice = (await screen.findByText('新告警：回路欠压（主要）')).closest('.ant-notification-notice') as HTMLElement;
    expect(notice).toHaveTextContent('南区网关：回路电压过低（2026-05-01 10:10:00）');
    expect(beeps.length).toBeGreaterThan(0);
    // a switch of language while it shows redraws it in the new language
    await act(() => changeLanguage('en'));
    expect(notice).toHaveTextContent('New alarm: 回路欠压 (Main)');
    expect(notice).not.toHaveTextContent('新告警');
    await act(() => changeLanguage('zh-CN'));
    expect(notice).toHaveTextContent('新告警：回路欠压（主要）');
    // the next alarm takes the notice's place: one notice at a time, the newest alarm
    act(() => live.requests[0]!.stream!.send('alarm', { ...raised, alarmId: 44, alarmName: '回路过流' }));
    expect(await screen.findByText('新告警：回路过流（主要）')).toBeInTheDocument();
    expect(screen.queryByText('新告警：回路欠压（主要）')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1);

    // a recovered alarm refreshes the count too, without a notification
    count = 2;
    act(() => live.requests[0]!.stream!.send('alarm', { ...raised, kind: 'recovered', status: '4' }));
    expect(await screen.findByRole('button', { name: '未处理告警 2 条' })).toBeInTheDocument();

    // another project: the old stream is closed, a new one opened with its id; its count shows
    await act(() => store.dispatch(selectProject({ id: 2, projectName: '城市天际线亮化工程' })));
    await waitFor(() => expect(live.requests[1]?.stream).toBeDefined());
    expect(live.requests[0]!.signal?.aborted).toBe(true);
    expect(live.requests[1]!.headers.get('ProjectId')).toBe('2');
    expect(await screen.findByRole('button', { name: '未处理告警 7 条' })).toBeInTheDocument();

    // signing out closes it
    await act(() => store.dispatch(localLogout()));
    await waitFor(() => expect(live.requests[1]!.signal?.aborted).toBe(true));
    expect(live.requests).toHaveLength(2);
  });

  it('stays quiet without the permission to see alarms', async () => {
    signInWithProject();
    const { fetchMock, callsTo } = consoleBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:gateway:list'],
        defultMenu: '',
      }),
    });
    const live = liveFetch(fetchMock);
    vi.stubGlobal('fetch', live.fetch);
    renderApp({ route: '/index' });
    await screen.findByRole('navigation', { name: '侧边菜单' });
    expect(screen.queryByRole('button', { name: /未处理告警/ })).not.toBeInTheDocument();
    expect(callsTo('GET /alarm/alarm/openCount')).toHaveLength(0);
  });
});

const overdue = {
  kind: 'overdue',
  workOrderId: 123,
  orderNumber: 'WO20261127000123',
  status: '1',
  handlerId: 1,
  dueTime: '2026-11-27 15:00:00',
};

/**
 * The console signed in as `user` (admin, id 1, unless told), its live stream open, and the
 * work-order screen's list and tab counts in the cache as its page keeps them.
 */
async function withWorkOrders(user?: { userId: number; userName: string }) {
  signInWithProject();
  const { fetchMock, callsTo } = consoleBackend({
    ...(user && {
      'GET /getInfo': ok({
        user: { ...user, nickName: user.userName, avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['operation:workOrder:list'],
        defultMenu: '',
      }),
    }),
    'GET /operation/workOrder/list': ok({ rows: [], total: 0 }),
    'GET /operation/workOrder/counts': ok({
      data: { unassigned: 0, inProgress: 1, pendingConfirmation: 0, completed: 0, closed: 0, overdue: 1 },
    }),
  });
  const live = liveFetch(fetchMock);
  vi.stubGlobal('fetch', live.fetch);
  const { store } = renderApp({ route: '/index' });
  await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
  await waitFor(() => expect(live.requests[0]?.stream).toBeDefined());
  const list = store.dispatch(operationApi.endpoints.getWorkOrders.initiate({ pageNum: 1, pageSize: 20, projectId: '1' }));
  const counts = store.dispatch(operationApi.endpoints.getWorkOrderCounts.initiate('1'));
  await waitFor(() => expect(callsTo('GET /operation/workOrder/counts')).toHaveLength(1));
  await waitFor(() => expect(callsTo('GET /operation/workOrder/list')).toHaveLength(1));
  await act(() => Promise.all([list, counts]));
  /** Sends `event`, then waits for the list and the counts to be read again. */
  const sendOverdue = async (event: typeof overdue | (Omit<typeof overdue, 'handlerId'> & { handlerId: null })) => {
    const lists = callsTo('GET /operation/workOrder/list').length;
    const tabs = callsTo('GET /operation/workOrder/counts').length;
    act(() => live.requests[0]!.stream!.send('workOrder', event));
    await waitFor(() => expect(callsTo('GET /operation/workOrder/list').length).toBeGreaterThan(lists));
    await waitFor(() => expect(callsTo('GET /operation/workOrder/counts').length).toBeGreaterThan(tabs));
  };
  return { sendOverdue, done: () => [list, counts].forEach((query) => query.unsubscribe()) };
}

const notices = () => Array.from(document.querySelectorAll('.ant-notification-notice'));

describe('live push of overdue work orders', () => {
  it("tells the order's handler in Chinese and refreshes the work-order list and tab counts", async () => {
    const { sendOverdue, done } = await withWorkOrders();
    await sendOverdue(overdue);
    const notice = (await screen.findByText('工单 WO20261127000123 已超期，请尽快处理')).closest('.ant-notification-notice');
    expect(notice).toHaveClass('ant-notification-notice-warning');
    done();
  });

  it('speaks English to an English-speaking handler', async () => {
    await changeLanguage('en');
    const { sendOverdue, done } = await withWorkOrders();
    await sendOverdue(overdue);
    expect(await screen.findByText('Work order WO20261127000123 is overdue; please handle it soon')).toBeInTheDocument();
    done();
  });

  it('refreshes the list for other users without a notification', async () => {
    const { sendOverdue, done } = await withWorkOrders({ userId: 2, userName: 'viewer' });
    await sendOverdue(overdue);
    await sendOverdue({ ...overdue, workOrderId: 124, orderNumber: 'WO20261127000124', handlerId: null });
    // a notification would be on screen by now: the refetch came after the event was handled
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/已超期/)).not.toBeInTheDocument();
    expect(notices()).toHaveLength(0);
    done();
  });
});
