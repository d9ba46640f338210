import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { liveFetch } from '../../live/sseMock';
import { gatewayDetail, lightingBackend, ok } from '../fixtures';

// jsdom has no canvas: the chart is checked by the e2e tests
vi.mock('./PowerChart', () => ({
  default: ({ label, points }: { label: string; points: unknown[] }) => (
    <div role="img" aria-label={label}>
      {points.length} points
    </div>
  ),
}));

describe('the gateway detail', () => {
  it('opens from a row; switches a loop (acknowledged) and shows the server message when the gateway is offline', async () => {
    signInWithProject();
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

  it('holds a switch for the chosen time under a schedule: holdMinutes sent, none until the next planned change', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend({
      'POST /lighting/control/loop': (request: MockRequest) =>
        ok({ data: { correlationId: 'c-2', elapsedMs: 90, loops: [{ ...gatewayDetail.loops[0], on: (request.body as { on: boolean }).on }] } }),
    });
    const { user } = renderApp({ route: '/lighting/gateway/detail/7' });
    expect(await screen.findByLabelText('保持时长')).toBeInTheDocument();
    // until the schedule's next step at first
    expect(screen.getByTitle('保持到计划下一次变化')).toBeInTheDocument();
    await selectOption(user, document.body, '保持时长', '30 分钟');
    await user.click(screen.getByRole('button', { name: '关闭 主路灯' }));
    expect(await screen.findByRole('status')).toHaveTextContent('网关已确认，用时 90 ms');
    expect(callsTo('POST /lighting/control/loop')[0]?.body).toEqual({ gatewayId: 7, loopIndex: 1, on: false, holdMinutes: 30 });

    await selectOption(user, document.body, '保持时长', '保持到计划下一次变化');
    await user.click(screen.getByRole('button', { name: '打开 主路灯' }));
    await waitFor(() => expect(callsTo('POST /lighting/control/loop')).toHaveLength(2));
    expect(callsTo('POST /lighting/control/loop')[1]?.body).toEqual({ gatewayId: 7, loopIndex: 1, on: true });
  });

  it('switches on at the chosen brightness: sent below full, none for Off or at full (an emptied field is full)', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend({
      'POST /lighting/control/loop': (request: MockRequest) =>
        ok({ data: { correlationId: 'c-3', elapsedMs: 80, loops: [{ ...gatewayDetail.loops[0], on: (request.body as { on: boolean }).on }] } }),
    });
    const { user } = renderApp({ route: '/lighting/gateway/detail/7' });
    const brightness = await screen.findByLabelText('亮度');
    expect(brightness).toHaveValue('100');
    await user.clear(brightness);
    await user.type(brightness, '40');
    await user.click(screen.getByRole('button', { name: '打开 主路灯' }));
    await waitFor(() => expect(callsTo('POST /lighting/control/loop')).toHaveLength(1));
    expect(callsTo('POST /lighting/control/loop')[0]?.body).toEqual({ gatewayId: 7, loopIndex: 1, on: true, brightness: 40 });

    await user.click(screen.getByRole('button', { name: '关闭 主路灯' }));
    await waitFor(() => expect(callsTo('POST /lighting/control/loop')).toHaveLength(2));
    expect(callsTo('POST /lighting/control/loop')[1]?.body).toEqual({ gatewayId: 7, loopIndex: 1, on: false });

    await user.clear(brightness);
    await user.click(screen.getByRole('button', { name: '打开 主路灯' }));
    await waitFor(() => expect(callsTo('POST /lighting/control/loop')).toHaveLength(3));
    expect(callsTo('POST /lighting/control/loop')[2]?.body).toEqual({ gatewayId: 7, loopIndex: 1, on: true });
  });

  it("shows the English server message exactly: 'Device offline, cannot operate.'", async () => {
    signInWithProject();
    await changeLanguage('en');
    lightingBackend({
      'POST /lighting/control/loop': (request: MockRequest) =>
        request.headers.get('Content-Language') === 'en_US'
          ? { body: { code: 500, msg: 'Device offline, cannot operate.' } }
          : { body: { code: 500, msg: '设备离线，无法操作。' } },
    });
    const { user } = renderApp({ route: '/lighting/gateway/detail/7' });
    await user.click(await screen.findByRole('button', { name: 'Switch Loop 2 on' }));
    // an alert reading exactly the server's message (waited for by its text: on a busy machine
    // the previous test's page may not be gone yet when this one's first query runs)
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Device offline, cannot operate.'));
  });

  it('follows live gateway status events without a reload', async () => {
    signInWithProject();
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

  it('shows the parameters the gateway acknowledged, and "-" before it has, in both languages', async () => {
    signInWithProject();
    lightingBackend();
    const first = renderApp({ route: '/lighting/gateway/detail/7' });
    await screen.findByRole('heading', { name: '网关详情：北区网关' });
    const item = (label: string) => screen.getByText(label).closest('.ant-descriptions-item') as HTMLElement;
    expect(item('心跳间隔')).toHaveTextContent('30 秒');
    expect(item('上报间隔')).toHaveTextContent('60 秒');
    expect(item('参数确认时间')).toHaveTextContent('2026-04-30 18:00:00');
    first.unmount();

    await changeLanguage('en');
    lightingBackend({ 'GET /lighting/gateway/7': ok({ data: { ...gatewayDetail, heartbeatInterval: 20, telemetryInterval: null, paramsTime: null } }) });
    renderApp({ route: '/lighting/gateway/detail/7' });
    await screen.findByRole('heading', { name: 'Gateway detail: 北区网关' });
    expect(item('Heartbeat interval')).toHaveTextContent(/^Heartbeat interval20 s$/);
    expect(item('Telemetry interval')).toHaveTextContent(/^Telemetry interval-$/);
    expect(item('Parameters acknowledged')).toHaveTextContent(/^Parameters acknowledged-$/);
  });
});
