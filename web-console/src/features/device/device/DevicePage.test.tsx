import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { deviceBackend, floodLamp, ok, refused, wallStrip } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./DevicePage');
}, 120_000);

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;

const searchForm = () => screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;

/** The device list answering the devices of the gateway and code asked for (none on gateway 8). */
const listByGateway = (request: MockRequest) => {
  const gatewayId = request.query.get('gatewayId');
  const code = request.query.get('deviceCode') ?? '';
  const onGateway = gatewayId === null ? [floodLamp, wallStrip] : gatewayId === '7' ? [floodLamp] : [];
  const rows = onGateway.filter((device) => device.deviceCode.includes(code));
  return ok({ rows, total: rows.length });
};

describe('the devices page', () => {
  it("lists the project's devices: type, category, gateway, loop, address, status, presence, switch state and groups", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    renderApp({ route: '/device/device' });
    const flood = await rowOf('FL-001');
    for (const text of ['北岸投光灯1', '投光灯', '灯具', '北区网关', 'GW-0007', '回路1', '主路灯', '北岸观景台', '在用', '在线', '开', '北岸亮化', '2026-04-22 10:00:00']) {
      expect(within(flood).getByText(text)).toBeInTheDocument();
    }
    const strip = await rowOf('WS-002');
    for (const text of ['南岸洗墙灯带', '南区网关', 'GW-0008', '回路2', '停用', '离线', '未知', '-']) expect(within(strip).getByText(text)).toBeInTheDocument();
    // values as entered are left out of the language walk
    expect(within(flood).getByText('北岸投光灯1')).toHaveAttribute('translate', 'no');
    for (const title of ['设备编码', '设备名称', '设备类型', '设备分类', '网关', '回路', '设备地址', '状态', '在线状态', '开关状态', '所属分组', '创建时间']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const first = callsTo('GET /device/device/list')[0];
    expect(first?.query.get('pageNum')).toBe('1');
    expect(first?.query.get('pageSize')).toBe('20');
    expect(first?.headers.get('ProjectId')).toBe('1');
    // the search form's choices: the first 500 types, gateways (the gateway list) and groups
    await waitFor(() => expect(callsTo('GET /lighting/gateway/list')).toHaveLength(1));
    for (const route of ['GET /device/type/list', 'GET /lighting/gateway/list', 'GET /device/group/list']) {
      expect(callsTo(route)[0]?.query.get('pageSize'), route).toBe('500');
    }
  });

  it('searches by name, code, type, gateway, group and status', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    const form = searchForm();
    await user.type(within(form).getByLabelText('设备名称'), ' 投光灯 ');
    await user.type(within(form).getByLabelText('设备编码'), 'FL');
    await selectOption(user, form, '设备类型', '投光灯 (FLOOD)');
    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    await selectOption(user, form, '设备分组', '北岸亮化');
    await selectOption(user, form, '状态', '在用');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /device/device/list').at(-1)?.query.get('status')).toBe('0'));
    expect(Object.fromEntries(callsTo('GET /device/device/list').at(-1)?.query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      deviceName: '投光灯',
      deviceCode: 'FL',
      typeId: '21',
      gatewayId: '7',
      groupId: '31',
      status: '0',
    });
  });

  it("says 'No modules mounted under this gateway.' for a gateway without devices, and the usual text otherwise", async () => {
    signInWithProject();
    deviceBackend({ 'GET /device/device/list': listByGateway });
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    const form = searchForm();
    await selectOption(user, form, '网关', '南区网关 (GW-0008)');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('该网关下未挂载模块')).toBeInTheDocument();
    expect(screen.queryByText('FL-001')).not.toBeInTheDocument();

    // no gateway chosen: the kit's own empty text
    await user.click(within(form).getByRole('button', { name: '重置' }));
    await rowOf('FL-001');
    await user.type(within(form).getByLabelText('设备编码'), 'NONE');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(screen.queryByText('该网关下未挂载模块')).not.toBeInTheDocument();
  });

  it('checks the form as the server does and sends nothing on bad input', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/device': ok({ data: 103 }) });
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备' });
    // a new device is in service; the loop waits for a gateway
    expect(within(dialog).getByRole('radio', { name: '在用' })).toBeChecked();
    expect(within(dialog).getByText('请先选择网关')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('设备编码'), 'FL 01');
    await user.type(within(dialog).getByLabelText('经度'), '200');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('设备名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('设备编码为 1 到 32 位字母、数字、下划线或连字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择设备类型')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择网关')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择该网关的一个回路')).toBeInTheDocument();
    expect(await within(dialog).findByText('设备地址不能为空，最多 100 个字符')).toBeInTheDocument();
    // a longitude without a latitude: both or neither
    expect((await within(dialog).findAllByText('经度和纬度须同时填写或同时为空')).length).toBeGreaterThan(0);

    await user.type(within(dialog).getByLabelText('纬度'), '95');
    expect(await within(dialog).findByText('经度为 -180 到 180 之间的数')).toBeInTheDocument();
    expect(await within(dialog).findByText('纬度为 -90 到 90 之间的数')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('经度和纬度须同时填写或同时为空')).not.toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('设备地址'), 'x'.repeat(100));
    await waitFor(() => expect(within(dialog).queryByText('设备地址不能为空，最多 100 个字符')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('设备名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(callsTo('POST /device/device')).toHaveLength(0);
  });

  it("adds a device on a loop of the chosen gateway, named as on the gateway; texts trimmed, the location as numbers", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'POST /device/device': ok({ data: 103 }) });
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增设备' });
    await user.type(within(dialog).getByLabelText('设备名称'), ' 北岸投光灯2 ');
    await user.type(within(dialog).getByLabelText('设备编码'), 'FL-003');
    await selectOption(user, dialog, '设备类型', '投光灯 (FLOOD)');
    await selectOption(user, dialog, '网关', '北区网关 (GW-0007)');
    // the north gateway's four loops, the first two named
    await user.click(within(dialog).getByLabelText('回路'));
    const loops = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    for (const title of ['回路1：主路灯', '回路2：景观带', '回路3', '回路4']) expect(await within(loops).findByTitle(title)).toBeInTheDocument();
    await user.click(within(loops).getByTitle('回路2：景观带'));
    await user.type(within(dialog).getByLabelText('设备地址'), ' 北岸步道 ');
    await user.type(within(dialog).getByLabelText('经度'), '120.2111');
    await user.type(within(dialog).getByLabelText('纬度'), '30.209');
    await user.type(within(dialog).getByLabelText('备注'), ' 新装 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /device/device')[0]?.body).toEqual({
      deviceName: '北岸投光灯2',
      deviceCode: 'FL-003',
      typeId: 21,
      gatewayId: 7,
      loopIndex: 2,
      address: '北岸步道',
      longitude: 120.2111,
      latitude: 30.209,
      status: '0',
      remark: '新装',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增设备' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /device/device/list').length).toBeGreaterThan(1));
  });

  it("edits a device (another gateway clears the loop), shows the server's refusal, and deletes after confirmation", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({
      'PUT /device/device': refused(500, "设备编码'FL-001'已存在"),
      'DELETE /device/device/102': ok(),
    });
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    await user.click(screen.getByRole('button', { name: '修改 北岸投光灯1' }));
    const dialog = await screen.findByRole('dialog', { name: '修改设备' });
    expect(within(dialog).getByLabelText('设备名称')).toHaveValue('北岸投光灯1');
    expect(within(dialog).getByLabelText('经度')).toHaveValue('120.2108');
    expect(within(dialog).getByTitle('回路1：主路灯')).toBeInTheDocument();
    await selectOption(user, dialog, '网关', '南区网关 (GW-0008)');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择该网关的一个回路')).toBeInTheDocument();
    await selectOption(user, dialog, '回路', '回路2');
    await user.clear(within(dialog).getByLabelText('经度'));
    await user.clear(within(dialog).getByLabelText('纬度'));
    await user.click(within(dialog).getByRole('radio', { name: '停用' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText("设备编码'FL-001'已存在")).toBeInTheDocument();
    expect(callsTo('PUT /device/device')[0]?.body).toEqual({
      deviceId: 101,
      deviceName: '北岸投光灯1',
      deviceCode: 'FL-001',
      typeId: 21,
      gatewayId: 8,
      loopIndex: 2,
      address: '北岸观景台',
      longitude: null,
      latitude: null,
      status: '1',
      remark: '',
    });
    expect(screen.getByRole('dialog', { name: '修改设备' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: '删除 南岸洗墙灯带' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除设备“南岸洗墙灯带”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /device/device/102')).toHaveLength(1);
  });

  it('exports the filtered list as a form and saves an xlsx file', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    const form = searchForm();
    await user.type(within(form).getByLabelText('设备编码'), 'FL');
    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /device/device/list').at(-1)?.query.get('gatewayId')).toBe('7'));
    const saved = answerWithFile('/device/device/export');
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^device_\d+\.xlsx$/);
    const exported = callsTo('POST /device/device/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(exported)).toEqual({ deviceCode: 'FL', gatewayId: '7' });
    expect(callsTo('POST /device/device/export')[0]?.headers.get('ProjectId')).toBe('1');
  });

  it('imports a sheet: the template, xls or xlsx only, the refused rows listed, then imported', async () => {
    signInWithProject();
    let answer: { status?: number; body: unknown } = {
      status: 200,
      body: {
        code: 500,
        msg: '导入失败：共 2 行数据有误，未导入任何数据',
        data: {
          failures: [
            { row: 2, deviceCode: 'FL 9', msg: '设备编码为1到32个字母、数字、下划线或连字符' },
            { row: 4, deviceCode: 'FL-001', msg: "设备编码'FL-001'已存在" },
          ],
        },
      },
    };
    const { callsTo } = deviceBackend({ 'POST /device/device/importData': () => answer });
    const { user } = renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '设备导入' });
    const input = within(dialog).getByLabelText('设备数据文件');
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('请选择要导入的文件')).toBeInTheDocument();
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'devices.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('文件格式不正确，请选择 xls 或 xlsx 格式文件')).toBeInTheDocument();

    await user.upload(input, new File(['sheet'], 'devices.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(within(dialog).getByText('devices.xlsx')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('导入失败：共 2 行数据有误，未导入任何数据')).toBeInTheDocument();
    expect(await within(dialog).findByText('导入失败的行')).toBeInTheDocument();
    const lines = within(dialog)
      .getAllByRole('row')
      .map((line) => within(line).queryAllByRole('cell').map((cell) => cell.textContent))
      .filter((cells) => cells.length > 0);
    expect(lines).toEqual([
      ['2', 'FL 9', '设备编码为1到32个字母、数字、下划线或连字符'],
      ['4', 'FL-001', "设备编码'FL-001'已存在"],
    ]);
    const [call] = callsTo('POST /device/device/importData');
    expect(((call?.body as FormData).get('file') as File).name).toBe('devices.xlsx');
    expect(call?.headers.get('ProjectId')).toBe('1');

    answer = ok({ msg: '导入成功：新增 2 个设备', data: { created: 2 } });
    const listCalls = callsTo('GET /device/device/list').length;
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入成功：新增 2 个设备')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '设备导入' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /device/device/list').length).toBeGreaterThan(listCalls));

    // the template, in the session's language
    const saved = answerWithFile('/device/device/importTemplate');
    await user.click(screen.getByRole('button', { name: '导入' }));
    await user.click(within(await screen.findByRole('dialog', { name: '设备导入' })).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^device_template_\d+\.xlsx$/);
    expect(callsTo('POST /device/device/importTemplate')).toHaveLength(1);
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    deviceBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:device:device:list', 'pc:device:device:edit'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/device/device' });
    await rowOf('FL-001');
    expect(screen.getByRole('button', { name: '修改 北岸投光灯1' })).toBeInTheDocument();
    for (const name of ['新增', '导入', '导出', '删除 北岸投光灯1']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('speaks English: the columns, the tags, the rules and the empty gateway', async () => {
    signInWithProject();
    await changeLanguage('en');
    deviceBackend({ 'GET /device/device/list': listByGateway });
    const { user } = renderApp({ route: '/device/device' });
    const flood = await rowOf('FL-001');
    for (const text of ['In service', 'Online', 'On', 'Loop 1']) expect(within(flood).getByText(text)).toBeInTheDocument();
    for (const title of ['Device code', 'Device name', 'Equipment type', 'Equipment category', 'Gateway', 'Loop', 'Address', 'Status', 'Online', 'Switch', 'Groups']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add device' });
    await user.type(within(dialog).getByLabelText('Device code'), 'a b');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The device name is 1 to 30 characters')).toBeInTheDocument();
    expect(await within(dialog).findByText('The device code is 1 to 32 letters, digits, underscores or hyphens')).toBeInTheDocument();
    expect(await within(dialog).findByText('The device address must not be empty and is at most 100 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const form = screen.getByRole('button', { name: 'Search' }).closest('form') as HTMLElement;
    await selectOption(user, form, 'Gateway', '南区网关 (GW-0008)');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No modules mounted under this gateway.')).toBeInTheDocument();
  });
});
