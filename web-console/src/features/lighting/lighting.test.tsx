import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { consoleBackend } from '../../test/backend';
import type { MockRequest } from '../../test/fetchMock';
import { renderApp } from '../../test/renderWithProviders';
import { changeLanguage } from '../../i18n';
import { liveFetch } from '../live/sseMock';
import { gateway, gatewayDetail, moduleRoutes, ok } from './fixtures';

// jsdom has no canvas: the chart is checked by the e2e tests
vi.mock('./detail/PowerChart', () => ({
  default: ({ label, points }: { label: string; points: unknown[] }) => (
    <div role="img" aria-label={label}>
      {points.length} points
    </div>
  ),
}));

function signedIn() {
  Cookies.set('Admin-Token', 'jwt-1');
  Cookies.set('projectId', '1');
  Cookies.set('projectName', '滨江景观照明示范项目');
}

function lightingBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: moduleRoutes }),
    'GET /lighting/gateway/list': ok({ rows: [gateway], total: 1 }),
    'GET /lighting/gateway/7': ok({ data: gatewayDetail }),
    'GET /lighting/gateway/7/power': ok({
      data: { loopIndex: 1, points: [{ time: '2026-05-01 09:00:00', activePower: 270, voltage: 220, current: 1.2 }] },
    }),
    'GET /lighting/gateway/7/onlineHistory': ok({
      rows: [{ onlineStatus: '1', reason: 'heartbeat', time: '2026-05-01 08:00:00' }],
      total: 1,
    }),
    ...overrides,
  });
}

describe('the gateways page', () => {
  it('lists gateways, checks the form as the server does, adds one, and deletes after confirmation', async () => {
    signedIn();
    const { callsTo } = lightingBackend({
      'POST /lighting/gateway': ok({ data: { gatewayId: 8 } }),
      'DELETE /lighting/gateway/7': ok(),
    });
    const { user } = renderApp({ route: '/lighting/gateway' });
    const row = (await screen.findByText('北区网关')).closest('tr') as HTMLElement;
    expect(within(row).getByText('GW-0007')).toBeInTheDocument();
    expect(within(row).getByText('在线')).toBeInTheDocument();
    expect(within(row).getByText('4G')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '信号 -75 dBm，3/4 格' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增网关' });
    await user.type(within(dialog).getByLabelText('网关编号'), 'GW 01');
    await user.clear(within(dialog).getByLabelText('回路数'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('网关名称为 1 到 50 个字符')).toBeInTheDocument();
    expect(within(dialog).getByText('网关编号为 1 到 32 位字母、数字、下划线或中划线')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择通信方式')).toBeInTheDocument();
    expect(within(dialog).getByText('回路数为 1 到 64 的整数')).toBeInTheDocument();
    expect(callsTo('POST /lighting/gateway')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('网关名称'), ' 南区网关 ');
    await user.clear(within(dialog).getByLabelText('网关编号'));
    await user.type(within(dialog).getByLabelText('网关编号'), 'GW-0008');
    await user.click(within(dialog).getByLabelText('通信方式'));
    await user.click(await screen.findByTitle('以太网'));
    await user.type(within(dialog).getByLabelText('回路数'), '2');
    await user.type(await within(dialog).findByLabelText('回路1'), '景观带');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/gateway')[0]?.body).toEqual({
      gatewayName: '南区网关',
      gatewayNumber: 'GW-0008',
      communicationType: '2',
      loopCount: 2,
      loops: [
        { loopIndex: 1, loopName: '景观带' },
        { loopIndex: 2, loopName: '' },
      ],
      remark: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增网关' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 北区网关' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除网关“北区网关”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /lighting/gateway/7')).toHaveLength(1);
  });

  it('hides the buttons the user may not use', async () => {
    signedIn();
    lightingBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:gateway:list', 'pc:lighting:gateway:query'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/lighting/gateway' });
    await screen.findByText('北区网关');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 北区网关' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 北区网关' })).not.toBeInTheDocument();
  });
});

describe('the gateway detail', () => {
  it('opens from a row; switches a loop (acknowledged) and shows the server message when the gateway is offline', async () => {
    signedIn();
    let offline = false;
    const { callsTo } = lightingBackend({
      'POST /lighting/control/loop': (request: MockRequest) =>
        offline
          ? { body: { code: 500, msg: '设备离线，无法操作。' } }
          : ok({
              data: {
                correlationId: 'c-1',
                elapsedMs: 128,
                loops: [{ ...gatewayDetail.loops[1], on: (request.body as { on: boolean }).on, voltage: 221 }],
              },
            }),
      'POST /lighting/control/read': { body: { code: 504, msg: '设备未在 5 秒内应答' } },
    });
    const { user, router } = renderApp({ route: '/lighting/gateway' });
    await user.click(await screen.findByText('北区网关'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lighting/gateway/detail/7'));
    expect(await screen.findByRole('heading', { name: '网关详情：北区网关' })).toBeInTheDocument();
    // the breadcrumb puts the detail under the gateways page
    const breadcrumb = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(breadcrumb).getByRole('link', { name: '网关管理' })).toHaveAttribute('href', '/lighting/gateway');
    expect(breadcrumb).toHaveTextContent('网关详情');
    expect(await screen.findByRole('img', { name: '主路灯 的有功功率' })).toHaveTextContent('1 points');
    expect(screen.getByText('心跳')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '打开 回路2' }));
    expect(await screen.findByRole('status')).toHaveTextContent('网关已确认，用时 128 ms');
    expect(callsTo('POST /lighting/control/loop')[0]?.body).toEqual({ gatewayId: 7, loopIndex: 2, on: true });
    // the acknowledged reading replaces the loop's
    const loopRow = screen.getByRole('button', { name: '打开 回路2' }).closest('tr') as HTMLElement;
    expect(within(loopRow).getByText('221 V')).toBeInTheDocument();
    expect(within(loopRow).getByText('已开')).toBeInTheDocument();

    offline = true;
    await user.click(screen.getByRole('button', { name: '关闭 主路灯' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^设备离线，无法操作。$/);

    await user.click(screen.getByRole('button', { name: '读取状态' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('设备未在 5 秒内应答'));
  });

  it("shows the English server message exactly: 'Device offline, cannot operate.'", async () => {
    signedIn();
    await changeLanguage('en');
    lightingBackend({
      'POST /lighting/control/loop': (request: MockRequest) =>
        request.headers.get('Content-Language') === 'en_US'
          ? { body: { code: 500, msg: 'Device offline, cannot operate.' } }
          : { body: { code: 500, msg: '设备离线，无法操作。' } },
    });
    const { user } = renderApp({ route: '/lighting/gateway/detail/7' });
    await user.click(await screen.findByRole('button', { name: 'Switch Loop 2 on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Device offline, cannot operate\.$/);
  });

  it('follows live gateway status events without a reload', async () => {
    signedIn();
    const { fetchMock } = lightingBackend();
    const live = liveFetch(fetchMock);
    vi.stubGlobal('fetch', live.fetch);
    renderApp({ route: '/lighting/gateway/detail/7' });
    const heading = await screen.findByRole('heading', { name: '网关详情：北区网关' });
    const header = heading.parentElement?.parentElement?.parentElement as HTMLElement;
    expect(await screen.findByText('在线', { selector: '.ant-descriptions-title .ant-tag' })).toBeInTheDocument();
    await waitFor(() => expect(live.requests[0]?.stream).toBeDefined());
    act(() => {
      live.requests[0]!.stream!.send('gateway', { gatewayId: 7, gatewayNumber: 'GW-0007', onlineStatus: '0', time: '2026-05-01 10:05:00' });
    });
    expect(await screen.findByText('离线', { selector: '.ant-descriptions-title .ant-tag' })).toBeInTheDocument();
    expect(header).toBeInTheDocument();
    expect(screen.getByText('2026-05-01 10:05:00')).toBeInTheDocument();
  });
});

describe('one-key control', () => {
  it('asks first, then shows the result per gateway and a summary; the record list follows', async () => {
    signedIn();
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
