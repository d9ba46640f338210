import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleBackend } from '../../../test/backend';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { moduleRoutes, ok } from '../fixtures';

describe('one-key control', () => {
  it('asks first, then shows the result per gateway and a summary; the record list follows', async () => {
    signInWithProject();
    let records: unknown[] = [];
    const { callsTo } = consoleBackend({
      'GET /system/menu/getRouters': ok({ data: moduleRoutes }),
      'GET /lighting/oneKey/record/list': () => ok({ rows: records, total: records.length }),
      'POST /lighting/oneKey/control': () => {
        records = [{ recordId: 1, action: 'off', userName: 'admin', total: 3, succeeded: 1, failed: 2, createTime: '2026-05-01 20:00:00' }];
        return ok({
          data: {
            recordId: 1,
            total: 3,
            succeeded: 1,
            failed: 2,
            results: [
              { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', result: 'ok', message: '' },
              { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', result: 'offline', message: '设备离线，无法操作。' },
              { gatewayId: 9, gatewayName: '东区网关', gatewayNumber: 'GW-0009', result: 'timeout', message: '设备未在 5 秒内应答' },
            ],
          },
        });
      },
    });
    const { user } = renderApp({ route: '/lighting/oneKey' });
    await user.click(await screen.findByRole('button', { name: '全部关闭' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定全部关闭吗？');
    expect(confirm).toHaveTextContent('将关闭本项目所有网关的全部回路，离线网关不会执行。');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /lighting/oneKey/control')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '全部关闭' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('共 3 个网关，成功 1 个，失败 2 个')).toBeInTheDocument();
    expect(callsTo('POST /lighting/oneKey/control')[0]?.body).toEqual({ on: false });
    const south = screen.getByText('南区网关').closest('tr') as HTMLElement;
    expect(within(south).getByText('离线')).toBeInTheDocument();
    expect(within(south).getByText('设备离线，无法操作。')).toBeInTheDocument();
    const east = screen.getByText('东区网关').closest('tr') as HTMLElement;
    expect(within(east).getByText('超时')).toBeInTheDocument();
    // the audit record appears
    expect(await screen.findByText('2026-05-01 20:00:00')).toBeInTheDocument();
  });
});
