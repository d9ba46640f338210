import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import type { Gateway } from '../types';
import { gateway, lightingBackend, ok, southGateway } from '../fixtures';

describe('the gateways page', () => {
  it('lists gateways, checks the form as the server does, adds one, and deletes after confirmation', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend({
      'POST /lighting/gateway': ok({ data: { gatewayId: 8 } }),
      'DELETE /lighting/gateway/7': ok(),
    });
    const { user } = renderApp({ route: '/lighting/gateway' });
    const row = (await screen.findByText('北区网关')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('GW-0007')).toBeInTheDocument();
    expect(await within(row).findByText('在线')).toBeInTheDocument();
    expect(await within(row).findByText('4G')).toBeInTheDocument();
    expect(await within(row).findByText('LS-GW100')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '信号 -75 dBm，3/4 格' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增网关' });
    await user.type(within(dialog).getByLabelText('网关编号'), 'GW 01');
    await user.clear(within(dialog).getByLabelText('回路数'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('网关名称为 1 到 50 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('网关编号为 1 到 32 位字母、数字、下划线或中划线')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择通信方式')).toBeInTheDocument();
    expect(await within(dialog).findByText('回路数为 1 到 64 的整数')).toBeInTheDocument();
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
      gatewayType: '',
      brand: '',
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
    signInWithProject();
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
    expect(screen.queryByRole('button', { name: '签发凭证 北区网关' })).not.toBeInTheDocument();
    // no batch delete, so nothing to choose rows for
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

/** A credential as the server hands it out (shown once). */
const credential = {
  publicKey: 'UABC123',
  jwt: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.claims.signature',
  creds: '-----BEGIN NATS USER JWT-----\neyJ0eXAi\n------END NATS USER JWT------\n',
};

/** A blob's text (jsdom's blobs have no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

/** Saved files (name and text), as the download helper hands them to a link. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    blobs.push(blob as Blob);
    return `blob:creds-${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, texts: () => Promise.all(blobs.map(readText)) };
}

describe("a gateway's credential", () => {
  it('is shown once after an add: user name, password, the .creds file, closed only by its button', async () => {
    signInWithProject();
    const downloads = captureDownloads();
    lightingBackend({ 'POST /lighting/gateway': ok({ data: { gatewayId: 8, credential } }) });
    const { user } = renderApp({ route: '/lighting/gateway' });
    await screen.findByText('北区网关');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const form = await screen.findByRole('dialog', { name: '新增网关' });
    await user.type(within(form).getByLabelText('网关名称'), '南区网关');
    await user.type(within(form).getByLabelText('网关编号'), 'GW-0008');
    // no warning about the credential when adding
    expect(within(form).queryByText('修改网关编号后，该网关的凭证将立即失效，需重新签发凭证。')).not.toBeInTheDocument();
    await user.click(within(form).getByLabelText('通信方式'));
    await user.click(await screen.findByTitle('以太网'));
    await user.click(within(form).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: '网关凭证' });
    expect(dialog).toHaveTextContent('凭证只显示这一次');
    expect(within(dialog).getByLabelText('MQTT 用户名')).toHaveValue('GW-0008');
    expect(within(dialog).getByLabelText('MQTT 用户名')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('MQTT 密码')).toHaveValue(credential.jwt);
    expect(within(dialog).getByLabelText('MQTT 密码')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: '复制用户名' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '复制密码' })).toBeInTheDocument();
    // no close icon (its button is the only way out), and Escape leaves it open
    expect(dialog.querySelector('.ant-modal-close')).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: '关闭' })).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '网关凭证' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '下载 .creds 文件' }));
    expect(downloads.names).toEqual(['GW-0008.creds']);
    expect(await downloads.texts()).toEqual([credential.creds]);

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '网关凭证' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增网关' })).not.toBeInTheDocument());
  });

  it('is issued anew from a row after a confirmation, and shown the same way', async () => {
    signInWithProject();
    const downloads = captureDownloads();
    const { callsTo } = lightingBackend({ 'POST /lighting/gateway/7/credential': ok({ data: credential }) });
    const { user } = renderApp({ route: '/lighting/gateway' });
    await screen.findByText('北区网关');

    await user.click(screen.getByRole('button', { name: '签发凭证 北区网关' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定为网关“北区网关”签发新凭证吗？当前凭证将立即失效。');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /lighting/gateway/7/credential')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '签发凭证 北区网关' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    const dialog = await screen.findByRole('dialog', { name: '网关凭证' });
    const [call] = callsTo('POST /lighting/gateway/7/credential');
    expect(call?.headers.get('ProjectId')).toBe('1');
    expect(within(dialog).getByLabelText('MQTT 用户名')).toHaveValue('GW-0007');
    expect(within(dialog).getByLabelText('MQTT 密码')).toHaveValue(credential.jwt);
    await user.click(within(dialog).getByRole('button', { name: '下载 .creds 文件' }));
    expect(downloads.names).toEqual(['GW-0007.creds']);
    expect(await downloads.texts()).toEqual([credential.creds]);
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '网关凭证' })).not.toBeInTheDocument());
  });

  it('cannot be issued without lighting:gateway:edit', async () => {
    signInWithProject();
    lightingBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'operator', nickName: '操作员', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:gateway:list', 'pc:lighting:gateway:query', 'pc:lighting:gateway:add', 'pc:lighting:gateway:remove'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/lighting/gateway' });
    expect(await screen.findByRole('button', { name: '删除 北区网关' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '签发凭证 北区网关' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '签发凭证' })).not.toBeInTheDocument();
  });

  it('is warned of in the edit dialog only while the gateway number differs from the saved one', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend({ 'PUT /lighting/gateway': ok() });
    const { user } = renderApp({ route: '/lighting/gateway' });
    await screen.findByText('北区网关');
    await user.click(screen.getByRole('button', { name: '修改 北区网关' }));
    const dialog = await screen.findByRole('dialog', { name: '修改网关' });
    const warning = '修改网关编号后，该网关的凭证将立即失效，需重新签发凭证。';
    const number = within(dialog).getByLabelText('网关编号');
    await waitFor(() => expect(number).toHaveValue('GW-0007'));
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();

    await user.type(number, 'X');
    expect(await within(dialog).findByText(warning)).toBeInTheDocument();
    await user.type(number, '{Backspace}');
    await waitFor(() => expect(within(dialog).queryByText(warning)).not.toBeInTheDocument());

    await user.clear(number);
    await user.type(number, 'GW-0070');
    expect(await within(dialog).findByText(warning)).toBeInTheDocument();
    // the gateway type and brand: optional, at most 50 characters, trimmed
    expect(within(dialog).getByLabelText('网关类型')).toHaveValue('LS-GW100');
    expect(within(dialog).getByLabelText('品牌')).toHaveValue('朗明');
    await fill(user, within(dialog).getByLabelText('网关类型'), ' LS-GW200 ');
    await user.clear(within(dialog).getByLabelText('品牌'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/gateway')[0]?.body).toMatchObject({ gatewayId: 7, gatewayNumber: 'GW-0070', gatewayType: 'LS-GW200', brand: '' });
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    lightingBackend({ 'POST /lighting/gateway/7/credential': ok({ data: credential }) });
    const { user } = renderApp({ route: '/lighting/gateway' });
    await user.click(await screen.findByRole('button', { name: 'Issue credential 北区网关' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Issue a new credential for the gateway "北区网关"? Its current credential stops working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gateway credential' });
    expect(dialog).toHaveTextContent('The credential is shown only this once');
    expect(within(dialog).getByLabelText('MQTT user name')).toHaveValue('GW-0007');
    expect(within(dialog).getByLabelText('MQTT password')).toHaveValue(credential.jwt);
    expect(within(dialog).getByRole('button', { name: 'Copy the user name' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download .creds' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gateway credential' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit 北区网关' }));
    const form = await screen.findByRole('dialog', { name: 'Edit gateway' });
    expect(within(form).getByLabelText('Gateway type')).toHaveValue('LS-GW100');
    expect(within(form).getByLabelText('Brand')).toHaveValue('朗明');
    await user.type(within(form).getByLabelText('Gateway number'), '1');
    expect(
      await within(form).findByText("Changing the gateway number makes the gateway's credential stop working at once; a new one must be issued."),
    ).toBeInTheDocument();
  });
});

/** A gateway of another brand than 北区网关's and 南区网关's (朗明). */
const otherBrand: Gateway = { ...gateway, gatewayId: 9, gatewayName: '东区网关', gatewayNumber: 'GW-0009', brand: '星辉' };

const PARAMS = 'POST /lighting/gateway/params';

/** The gateway list with these rows. */
const listOf = (...rows: Gateway[]) => ({ 'GET /lighting/gateway/list': ok({ rows, total: rows.length }) });

/** Ticks the rows of these gateways. */
async function choose(user: UserEvent, ...names: string[]) {
  for (const name of names) await user.click(within((await screen.findByText(name)).closest('tr') as HTMLElement).getByRole('checkbox'));
}

describe('batch parameter setting', () => {
  it('is offered only with lighting:gateway:params, and needs chosen gateways', async () => {
    signInWithProject();
    const permissions = ['pc:lighting:gateway:list', 'pc:lighting:gateway:query', 'pc:lighting:gateway:edit'];
    const userWith = (granted: string[]) =>
      ok({ user: { userId: 2, userName: 'operator', nickName: '操作员', avatar: '' }, roles: ['ROLE_DEFAULT'], permissions: granted, defultMenu: '' });
    lightingBackend({ 'GET /getInfo': userWith(permissions) });
    const first = renderApp({ route: '/lighting/gateway' });
    await screen.findByText('北区网关');
    expect(screen.queryByRole('button', { name: '批量设置参数' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    first.unmount();

    lightingBackend({ 'GET /getInfo': userWith([...permissions, 'pc:lighting:gateway:params']) });
    const { user } = renderApp({ route: '/lighting/gateway' });
    const button = await screen.findByRole('button', { name: '批量设置参数' });
    expect(button).toBeDisabled();
    await choose(user, '北区网关');
    expect(button).toBeEnabled();
  });

  it('refuses gateways of different brands with the spec message, sending nothing and keeping the choice', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend(listOf(gateway, otherBrand));
    const { user } = renderApp({ route: '/lighting/gateway' });
    await choose(user, '北区网关', '东区网关');
    await user.click(screen.getByRole('button', { name: '批量设置参数' }));
    expect(await screen.findByText('只支持同一种网关品牌批量设置参数')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(PARAMS)).toHaveLength(0);
    const east = screen.getByText('东区网关').closest('tr') as HTMLElement;
    expect(within(east).getByRole('checkbox')).toBeChecked();
  });

  it('checks the intervals before sending: at least one, whole seconds in range', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend(listOf(gateway, southGateway));
    const { user } = renderApp({ route: '/lighting/gateway' });
    await choose(user, '北区网关', '南区网关');
    await user.click(screen.getByRole('button', { name: '批量设置参数' }));
    const dialog = await screen.findByRole('dialog', { name: '批量设置参数' });
    // how many gateways of which brand
    expect(within(dialog).getByText('已选网关数').closest('tr')).toHaveTextContent('2');
    expect(within(dialog).getByText('朗明')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('10 到 30 的整数，留空则不修改');
    expect(dialog).toHaveTextContent('10 到 3600 的整数，留空则不修改');

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getAllByText('请至少填写一个参数')).toHaveLength(2));

    const heartbeat = within(dialog).getByLabelText('心跳间隔（秒）');
    const telemetry = within(dialog).getByLabelText('上报间隔（秒）');
    await fill(user, heartbeat, '5');
    await fill(user, telemetry, '3601');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('心跳间隔为 10 到 30 秒的整数')).toBeInTheDocument();
    expect(await within(dialog).findByText('上报间隔为 10 到 3600 秒的整数')).toBeInTheDocument();
    expect(within(dialog).queryByText('请至少填写一个参数')).not.toBeInTheDocument();
    // the value as typed, not brought into range
    expect(heartbeat).toHaveValue('5');

    await fill(user, heartbeat, '12.5');
    await user.clear(telemetry);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('心跳间隔为 10 到 30 秒的整数')).toBeInTheDocument();
    expect(callsTo(PARAMS)).toHaveLength(0);
  });

  it('sends the intervals given (an empty one left out) and shows how each gateway took them, with the counts', async () => {
    signInWithProject();
    let refuse = true;
    const { callsTo } = lightingBackend({
      ...listOf(gateway, southGateway),
      [PARAMS]: () => {
        if (refuse) {
          refuse = false;
          return { body: { code: 500, msg: '网关“南区网关”没有品牌，无法批量设置参数' } };
        }
        return ok({
          data: {
            total: 2,
            succeeded: 1,
            failed: 1,
            results: [
              { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', result: 'ok', message: '' },
              { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008', result: 'offline', message: '设备离线，无法操作。' },
            ],
          },
        });
      },
    });
    const { user } = renderApp({ route: '/lighting/gateway' });
    await choose(user, '北区网关', '南区网关');
    await user.click(screen.getByRole('button', { name: '批量设置参数' }));
    const dialog = await screen.findByRole('dialog', { name: '批量设置参数' });
    await fill(user, within(dialog).getByLabelText('心跳间隔（秒）'), '20');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // a refusal shows the server's message and keeps the form
    expect(await screen.findByText('网关“南区网关”没有品牌，无法批量设置参数')).toBeInTheDocument();
    expect(callsTo(PARAMS)[0]?.body).toEqual({ gatewayIds: [7, 8], heartbeatInterval: 20 });
    const listReads = callsTo('GET /lighting/gateway/list').length;

    await fill(user, within(dialog).getByLabelText('心跳间隔（秒）'), '30');
    await fill(user, within(dialog).getByLabelText('上报间隔（秒）'), '60');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('共 2 个网关，成功 1 个，失败 1 个')).toBeInTheDocument();
    expect(callsTo(PARAMS)[1]?.body).toEqual({ gatewayIds: [7, 8], heartbeatInterval: 30, telemetryInterval: 60 });
    const north = within(dialog).getByText('北区网关').closest('tr') as HTMLElement;
    expect(within(north).getByText('GW-0007')).toBeInTheDocument();
    expect(within(north).getByText('成功')).toBeInTheDocument();
    const south = within(dialog).getByText('南区网关').closest('tr') as HTMLElement;
    expect(within(south).getByText('离线')).toBeInTheDocument();
    expect(within(south).getByText('设备离线，无法操作。')).toBeInTheDocument();
    // the list is read again with the gateways' new parameters
    await waitFor(() => expect(callsTo('GET /lighting/gateway/list').length).toBeGreaterThan(listReads));

    expect(within(dialog).queryByRole('button', { name: '确定' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '批量设置参数' })).not.toBeInTheDocument());
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = lightingBackend({
      ...listOf(gateway, southGateway, otherBrand),
      [PARAMS]: ok({
        data: { total: 1, succeeded: 1, failed: 0, results: [{ gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007', result: 'ok', message: '' }] },
      }),
    });
    const { user } = renderApp({ route: '/lighting/gateway' });
    await choose(user, '北区网关', '东区网关');
    await user.click(screen.getByRole('button', { name: 'Batch parameters' }));
    expect(await screen.findByText('Only one gateway brand supports batch parameter setting')).toBeInTheDocument();
    await choose(user, '东区网关');

    await user.click(screen.getByRole('button', { name: 'Batch parameters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch parameter setting' });
    expect(within(dialog).getByText('Gateways chosen')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getAllByText('Enter at least one parameter')).toHaveLength(2));
    await fill(user, within(dialog).getByLabelText('Heartbeat interval (s)'), '31');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The heartbeat interval is a whole number of seconds from 10 to 30')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Heartbeat interval (s)'));
    await fill(user, within(dialog).getByLabelText('Telemetry interval (s)'), '3600');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('1 gateways: 1 succeeded, 0 failed')).toBeInTheDocument();
    expect(callsTo(PARAMS)[0]?.body).toEqual({ gatewayIds: [7], telemetryInterval: 3600 });
    expect(within(dialog).getByText('GW-0007').closest('tr')).toHaveTextContent('OK');
  });
});
