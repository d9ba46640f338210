import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { alarmBackend, openAlarm } from '../fixtures';

describe('the history alarms', () => {
  it('history: every alarm with its end time; filters go to the server', async () => {
    signInWithProject();
    const closed = { ...openAlarm, alarmId: 40, status: '3', endTime: '2026-05-01 11:00:00', closeReason: '误报' };
    const { callsTo } = alarmBackend({ 'GET /alarm/history/list': ok({ rows: [closed], total: 1 }) });
    const { user } = renderApp({ route: '/alarm/history' });
    const row = (await screen.findByText('2026-05-01 11:00:00')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('已关闭')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '关闭 回路过压' })).not.toBeInTheDocument();

    const search = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(search).getByLabelText('设备名称'), '北区');
    await selectOption(user, search, '告警状态', '已恢复');
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /alarm/history/list').at(-1)?.query.get('deviceName')).toBe('北区'));
    expect(callsTo('GET /alarm/history/list').at(-1)?.query.get('status')).toBe('4');
    expect(callsTo('GET /alarm/history/list').at(-1)?.query.get('pageSize')).toBe('20');
  });

  it('offers no work order: the real-time list does, for open alarms', async () => {
    signInWithProject();
    alarmBackend({ 'GET /alarm/history/list': ok({ rows: [openAlarm], total: 1 }) });
    renderApp({ route: '/alarm/history' });
    const row = (await screen.findByText('北区网关 · 回路2')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: '关闭 回路过压' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '转工单 回路过压' })).not.toBeInTheDocument();
  });
});
