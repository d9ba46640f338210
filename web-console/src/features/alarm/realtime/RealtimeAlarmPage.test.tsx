import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { ok } from '../../lighting/fixtures';
import { alarmBackend, openAlarm } from '../fixtures';

describe('the real-time alarms', () => {
  it('real-time: coloured level and status, detail, process, and close with a reason', async () => {
    signInWithProject();
    let alarms = [openAlarm, { ...openAlarm, alarmId: 42, alarmName: '网关高温', alarmLevel: '3', status: '1', loopIndex: 0 }];
    const { callsTo } = alarmBackend({
      'GET /alarm/realtime/list': () => ok({ rows: alarms, total: alarms.length }),
      'GET /alarm/alarm/41': ok({
        data: { ...openAlarm, detail: '电压 262.4 V > 阈值 250 V', contentZh: '回路电压过高', contentEn: 'Loop voltage too high' },
      }),
      'PUT /alarm/alarm/process': (request: MockRequest) => {
        alarms = alarms.map((alarm) => (alarm.alarmId === (request.body as { alarmId: number }).alarmId ? { ...alarm, status: '1' } : alarm));
        return ok();
      },
      'PUT /alarm/alarm/close': (request: MockRequest) => {
        alarms = alarms.filter((alarm) => alarm.alarmId !== (request.body as { alarmId: number }).alarmId);
        return ok();
      },
    });
    const { user } = renderApp({ route: '/alarm/realtime' });
    const row = (await screen.findByText('北区网关 · 回路2')).closest('tr') as HTMLElement;
    expect(within(row).getByText('严重').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(row).getByText('未处理').closest('.ant-tag')).toHaveClass('ant-tag-error');
    const hot = screen.getByText('网关高温').closest('tr') as HTMLElement;
    expect(within(hot).getByText('次要')).toBeInTheDocument();
    expect(within(hot).getByText('处理中')).toBeInTheDocument();
    // a processing alarm can be closed, not processed again
    expect(within(hot).queryByRole('button', { name: '处理 网关高温' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '回路过压 详情' }));
    const drawer = await screen.findByRole('dialog', { name: '告警详情' });
    expect(await within(drawer).findByText('电压 262.4 V > 阈值 250 V')).toBeInTheDocument();
    expect(within(drawer).getByText('Loop voltage too high')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));

    await user.click(within(row).getByRole('button', { name: '处理 回路过压' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已转为处理中')).toBeInTheDocument();
    expect(callsTo('PUT /alarm/alarm/process')[0]?.body).toEqual({ alarmId: 41 });

    await user.click(within(hot).getByRole('button', { name: '关闭 网关高温' }));
    const closeDialog = await screen.findByRole('dialog', { name: '关闭告警：网关高温' });
    await user.click(within(closeDialog).getByRole('button', { name: '确定' }));
    expect(await within(closeDialog).findByText('请输入关闭原因')).toBeInTheDocument();
    await user.type(within(closeDialog).getByLabelText('关闭原因'), '  现场已复位  ');
    await user.click(within(closeDialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('告警已关闭')).toBeInTheDocument();
    expect(callsTo('PUT /alarm/alarm/close')[0]?.body).toEqual({ alarmId: 42, closeReason: '现场已复位' });
    await waitFor(() => expect(screen.queryByText('网关高温')).not.toBeInTheDocument());
  });
});
