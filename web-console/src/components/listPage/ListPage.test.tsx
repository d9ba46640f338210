import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../api/client';
import type { ListPage as ListAnswer } from '../../api/lists';
import * as pagination from '../../lib/pagination';
import ProjectSwitch from '../../layout/ProjectSwitch';
import { consoleBackend } from '../../test/backend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormDialog } from '../formDialog';
import { ListPage, type EditorDialogProps, type ListColumn, type ListPageProps, type SearchField, type ToolbarAction } from '.';

interface Device {
  deviceId: number;
  deviceName: string;
  code: string;
}

interface DeviceQuery {
  pageNum: number;
  pageSize: number;
  deviceName?: string;
  status?: string;
  groupId?: number;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

const DEVICES: Device[] = Array.from({ length: 25 }, (_unused, index) => ({
  deviceId: index + 1,
  deviceName: `设备${index + 1}`,
  code: `D-${index + 1}`,
}));

const columns: ListColumn<Device>[] = [
  { key: 'deviceName', title: '名称' },
  { key: 'code', title: '编码' },
];

const searchFields: SearchField<DeviceQuery>[] = [
  { kind: 'text', name: 'deviceName', label: '设备名称' },
  { kind: 'select', name: 'status', label: '状态', options: [{ value: '0', label: '正常' }] },
];

function fetchDevices() {
  return vi.fn((query: DeviceQuery): Promise<ListAnswer<Device>> => {
    const found = DEVICES.filter((device) => !query.deviceName || device.deviceName.includes(query.deviceName));
    const start = (query.pageNum - 1) * query.pageSize;
    return Promise.resolve({ rows: found.slice(start, start + query.pageSize), total: found.length });
  });
}

/** A dialog of the form kit, saving through the one HTTP client. */
function DeviceDialog({ row, onClose }: EditorDialogProps<Device>) {
  const save = (values: { deviceName: string }) => http.request({ url: '/demo/device', method: row ? 'PUT' : 'POST', data: values });
  return (
    <FormDialog<{ deviceName: string }> title={row ? '修改设备' : '新增设备'} name="device" editing={row !== undefined}
      initialValues={row} onSave={save} onClose={onClose}>
      <Form.Item label="设备名称" name="deviceName" rules={[{ required: true, message: '请输入设备名称' }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

/** Signed in with the permissions, in the demo's first project unless `inProject` is false. */
const signedIn = (permissions: string[], inProject = true) => ({
  preloadedState: {
    auth: {
      token: 't', user: null, roles: ['ROLE_DEFAULT'], permissions, defaultMenu: '', menuModule: '1',
      ...(inProject ? { projectId: '1', projectName: '滨江景观照明示范项目' } : { projectId: undefined, projectName: '' }),
    },
  },
});

const lastQuery = (fetchList: ReturnType<typeof fetchDevices>) => fetchList.mock.calls.at(-1)?.[0];

describe('the list page kit', () => {
  it('searches, resets, pages, shows and hides columns and the search form, refreshes', async () => {
    vi.spyOn(pagination, 'scrollTo').mockImplementation(() => undefined);
    const fetchList = fetchDevices();
    const { user } = renderWithProviders(
      // a new fetch function on every render fetches no more often
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={(query) => fetchList(query)} columns={columns} searchFields={searchFields}
      />,
      signedIn(['*:*:*']),
    );
    expect(await screen.findByText('设备1')).toBeInTheDocument();
    expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20 });
    expect(fetchList).toHaveBeenCalledTimes(1);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav).toHaveTextContent('共 25 条');

    await user.click(within(nav).getByTitle('2'));
    expect(await screen.findByText('设备21')).toBeInTheDocument();
    expect(lastQuery(fetchList)).toEqual({ pageNum: 2, pageSize: 20 });

    // a search starts again at page 1, texts trimmed, empty filters left out
    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('设备名称'), '  设备2  ');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, deviceName: '设备2' }));
    expect(await screen.findByText('共 7 条')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20 }));
    expect(within(form).getByLabelText('设备名称')).toHaveValue('');

    // at least one column stays visible
    await user.click(screen.getByRole('button', { name: '显隐列' }));
    const list = await screen.findByRole('group', { name: '显隐列' });
    await user.click(within(list).getByRole('checkbox', { name: '编码' }));
    expect(screen.queryByRole('columnheader', { name: '编码' })).not.toBeInTheDocument();
    expect(within(list).getByRole('checkbox', { name: '名称' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '隐藏搜索' }));
    expect(screen.queryByRole('button', { name: '搜索' })).not.toBeInTheDocument();
    const calls = fetchList.mock.calls.length;
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(calls + 1));
  });

  it("searches with a range's initial value from the first query on and after a reset; a field's rules hold the search", async () => {
    const fetchList = fetchDevices();
    const fields: SearchField<DeviceQuery>[] = [
      { kind: 'text', name: 'deviceName', label: '设备名称', rules: [{ max: 4, message: '设备名称最多 4 个字符' }] },
      {
        kind: 'dateRange',
        name: 'createTime',
        from: 'params[beginTime]',
        to: 'params[endTime]',
        label: '创建时间',
        initial: [dayjs('2026-05-01'), dayjs('2026-05-10')],
      },
    ];
    const days = { 'params[beginTime]': '2026-05-01', 'params[endTime]': '2026-05-10' };
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} searchFields={fields}
      />,
      signedIn(['*:*:*']),
    );
    expect(await screen.findByText('设备1')).toBeInTheDocument();
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, ...days });
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-05-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-05-10');

    // a value breaking a rule says why, and the search sends nothing
    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('设备名称'), '设备12345');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await within(form).findByText('设备名称最多 4 个字符')).toBeInTheDocument();
    expect(fetchList).toHaveBeenCalledTimes(1);

    await user.clear(within(form).getByLabelText('设备名称'));
    await user.type(within(form).getByLabelText('设备名称'), '设备2');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, deviceName: '设备2', ...days }));

    // a reset: the text cleared, the range back to its initial value, searched with it
    await user.click(within(form).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, ...days }));
    expect(within(form).getByLabelText('设备名称')).toHaveValue('');
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-05-01');
  });

  it('shows each button to the holders of its permission only; a list hook drives it as well', async () => {
    const useList = (query: DeviceQuery) => ({
      data: { rows: DEVICES.slice(0, query.pageSize), total: DEVICES.length },
      isFetching: false,
      refetch: () => undefined,
    });
    renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} useList={useList} columns={columns}
        editor={{ dialog: DeviceDialog, add: 'demo:device:add', edit: 'demo:device:edit', editable: (device) => device.deviceId !== 2 }}
        remove={{ permission: 'demo:device:remove', question: () => '?', run: () => Promise.resolve() }}
        exportList={{ permission: 'demo:device:export', url: '/demo/device/export', filename: 'devices.xlsx' }}
      />,
      signedIn(['pc:demo:device:list', 'pc:demo:*:edit']),
    );
    expect(await screen.findByText('设备1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改 设备1' })).toBeInTheDocument();
    // a row that is not editable has no edit button
    expect(screen.queryByRole('button', { name: '修改 设备2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 设备1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    // no search fields, no search toggle
    expect(screen.queryByRole('button', { name: '隐藏搜索' })).not.toBeInTheDocument();
  });

  it('deletes a row, or the selected rows, after a confirmation; choosing rows does not open them', async () => {
    const fetchList = fetchDevices();
    const run = vi.fn((_rows: Device[]) => Promise.resolve());
    const onRowClick = vi.fn();
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} onRowClick={onRowClick}
        remove={{ permission: 'demo:device:remove', question: (device) => `确定删除设备“${device.deviceName}”吗？`, run, removable: (device) => device.deviceId !== 4 }}
      />,
      signedIn(['pc:demo:device:*']),
    );
    const first = (await screen.findByText('设备1')).closest('tr') as HTMLElement;
    const batch = screen.getByRole('button', { name: '删除' });
    expect(screen.queryByRole('button', { name: '删除 设备4' })).not.toBeInTheDocument();
    expect(batch).toBeDisabled();

    await user.click(within(first).getByRole('button', { name: '删除 设备1' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除设备“设备1”吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(run).not.toHaveBeenCalled();

    const second = screen.getByText('设备2').closest('tr') as HTMLElement;
    await user.click(within(first).getByRole('checkbox'));
    await user.click(within(second).getByRole('checkbox'));
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(batch);
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await waitFor(() => expect(confirm).toHaveTextContent('确定删除选中的 2 条数据吗？'));
    const calls = fetchList.mock.calls.length;
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(run).toHaveBeenCalledWith([DEVICES[0], DEVICES[1]]);
    // a fetched list is fetched again; the selection is gone
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(calls + 1));
    await waitFor(() => expect(screen.getByRole('button', { name: '删除' })).toBeDisabled());

    await user.click(screen.getByText('D-3'));
    expect(onRowClick).toHaveBeenCalledWith(DEVICES[2]);
  });

  it('adds and edits in the form dialog: 500px, no backdrop close, busy while saving, a refusal keeps it open', async () => {
    let answer: { status?: number; body: unknown } = { body: { code: 500, msg: '设备名称已存在' } };
    let release: () => void = () => undefined;
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        saved.push(JSON.parse(init?.body as string));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const fetchList = fetchDevices();
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns}
        editor={{ dialog: DeviceDialog, add: 'demo:device:add', edit: 'demo:device:edit' }}
      />,
      signedIn(['*:*:*']),
    );
    await user.click(await screen.findByRole('button', { name: '新增' }));
    let dialog = await screen.findByRole('dialog', { name: '新增设备' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '500px' });
    await user.click(document.querySelector('.ant-modal-wrap') as Element);
    expect(screen.getByRole('dialog', { name: '新增设备' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入设备名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('设备名称'), '设备99');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toHaveClass('ant-btn-loading'));
    release();
    // the server's refusal comes through the one error presenter; the dialog stays
    expect(await screen.findByText('设备名称已存在')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
    expect(saved).toEqual([{ deviceName: '设备99' }]);

    answer = { body: { code: 200, msg: '操作成功' } };
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    release();
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增设备' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '修改 设备1' }));
    dialog = await screen.findByRole('dialog', { name: '修改设备' });
    expect(within(dialog).getByLabelText('设备名称')).toHaveValue('设备1');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(3));
    release();
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('exports the current filters as a form and saves the file; a JSON answer is shown as an error', async () => {
    const fetchList = fetchDevices();
    const posted: { url: string; body: string; type: string | null }[] = [];
    let file = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        posted.push({ url: input, body: (init?.body as URLSearchParams).toString(), type: new Headers(init?.headers).get('Content-Type') });
        return Promise.resolve(
          file
            ? new Response('xlsx bytes', { headers: { 'Content-Type': 'application/vnd.ms-excel' } })
            : new Response(JSON.stringify({ code: 200, msg: '导出数据为空' }), { headers: { 'Content-Type': 'application/json' } }),
        );
      }),
    );
    // jsdom has no object URLs
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = () => 'blob:devices';
        static revokeObjectURL = () => undefined;
      },
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} searchFields={searchFields}
        exportList={{ permission: 'demo:device:export', url: '/demo/device/export', filename: () => 'devices.xlsx' }}
      />,
      signedIn(['pc:demo:device:export']),
    );
    await screen.findByText('设备1');
    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('设备名称'), '设备1');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(fetchList)?.deviceName).toBe('设备1'));

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(downloads).toEqual(['devices.xlsx']));
    expect(posted[0]).toEqual({
      url: '/prod-api/demo/device/export',
      body: `deviceName=${encodeURIComponent('设备1')}`,
      type: 'application/x-www-form-urlencoded',
    });

    file = false;
    await user.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('导出数据为空')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
  });

  it('needs a project: without one, one inline prompt and no request; its button opens the picker', async () => {
    const { calls } = consoleBackend();
    const fetchList = fetchDevices();
    const useList = vi.fn(() => ({ data: { rows: DEVICES, total: DEVICES.length }, isFetching: false, refetch: () => undefined }));
    const { user, store } = renderWithProviders(
      <>
        <ProjectSwitch />
        <ListPage<Device, DeviceQuery> rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} searchFields={searchFields} />
        <ListPage<Device, DeviceQuery> rowKey="deviceId" rowName={(device) => device.deviceName} useList={useList} columns={columns} />
      </>,
      signedIn(['*:*:*'], false),
    );
    // one prompt per list, nothing of the lists themselves, nothing asked
    expect(screen.getAllByRole('region', { name: '请先选择项目' })).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('设备名称')).not.toBeInTheDocument();
    expect(fetchList).not.toHaveBeenCalled();
    expect(useList).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);

    await user.click(screen.getAllByRole('button', { name: '选择项目' })[0] as HTMLElement);
    const picker = await screen.findByRole('dialog', { name: '选择项目' });
    expect(store.getState().ui.projectPicker.open).toBe(true);
    await user.click(await within(picker).findByText('城市天际线亮化工程'));
    await user.click(within(picker).getByRole('button', { name: '确定' }));

    // inside a project the lists are themselves (the fetched one may come a moment later)
    await waitFor(() => expect(screen.getAllByText('设备1')).toHaveLength(2));
    expect(fetchList).toHaveBeenCalled();
    expect(useList).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: '请先选择项目' })).not.toBeInTheDocument();
  });

  it('lists rows outside projects without one when told so', async () => {
    const fetchList = fetchDevices();
    renderWithProviders(
      <ListPage<Device, DeviceQuery> rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} inProject={false} />,
      signedIn(['*:*:*'], false),
    );
    expect(await screen.findByText('设备1')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '请先选择项目' })).not.toBeInTheDocument();
  });
  it("shows the page's empty text for the query sent, else the kit's own", async () => {
    const fetchList = fetchDevices();
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} searchFields={searchFields}
        emptyText={(query) => (query.deviceName ? `没有名为“${query.deviceName}”的设备` : undefined)}
      />,
      signedIn(['*:*:*']),
    );
    expect(await screen.findByText('设备1')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('设备名称'), '路灯');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有名为“路灯”的设备')).toBeInTheDocument();
    expect(screen.queryByText('设备1')).not.toBeInTheDocument();
  });

  it("keeps the kit's own empty text when the page's gives none", async () => {
    renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={() => Promise.resolve({ rows: [], total: 0 })} columns={columns}
        emptyText={() => undefined}
      />,
      signedIn(['*:*:*']),
    );
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('puts the page\'s own toolbar buttons with its own, for the holders of their permissions, acting on the chosen rows', async () => {
    const fetchList = fetchDevices();
    const imported = vi.fn();
    const moved = vi.fn((_rows: readonly Device[]) => Promise.resolve());
    const toolbarExtra: ToolbarAction<Device>[] = [
      { key: 'import', label: '导入', permission: 'demo:device:import', run: imported },
      {
        key: 'move', label: '移动', permission: 'demo:device:edit', disabled: (rows) => rows.length === 0,
        confirm: (rows) => `确定移动 ${rows.length} 台设备吗？`, run: moved,
      },
      { key: 'audit', label: '审计', permission: 'demo:device:audit', run: () => undefined },
    ];
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery>
        rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns}
        editor={{ dialog: DeviceDialog, add: 'demo:device:add' }}
        remove={{ permission: 'demo:device:remove', question: () => '?', run: () => Promise.resolve() }}
        exportList={{ permission: 'demo:device:export', url: '/demo/device/export', filename: 'devices.xlsx' }}
        toolbarExtra={toolbarExtra}
      />,
      signedIn(['pc:demo:device:add', 'pc:demo:device:remove', 'pc:demo:device:import', 'pc:demo:device:edit', 'pc:demo:device:export']),
    );
    await screen.findByText('设备1');
    // after add and delete, before export; without its permission, no audit
    const toolbar = screen.getByRole('button', { name: '导出' }).parentElement as HTMLElement;
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['新增', '删除', '导入', '移动', '导出']);
    expect(screen.queryByRole('button', { name: '审计' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '导入' }));
    expect(imported).toHaveBeenCalledWith([]);

    const move = screen.getByRole('button', { name: '移动' });
    expect(move).toBeDisabled();
    await user.click(within(screen.getByText('设备2').closest('tr') as HTMLElement).getByRole('checkbox'));
    expect(move).toBeEnabled();
    await user.click(move);
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定移动 1 台设备吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(moved).toHaveBeenCalledWith([DEVICES[1]]));
  });

  it('selects rows for a toolbar button acting on them, without a batch delete, and clears them once it has run', async () => {
    const fetchList = fetchDevices();
    const moved = vi.fn((_rows: readonly Device[]) => Promise.resolve());
    const toolbarExtra: ToolbarAction<Device>[] = [
      { key: 'move', label: '移动', permission: 'demo:device:edit', selection: true, confirm: (rows) => `确定移动 ${rows.length} 台设备吗？`, run: moved },
    ];
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery> rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} toolbarExtra={toolbarExtra} />,
      signedIn(['pc:demo:device:edit']),
    );
    await screen.findByText('设备1');
    const move = screen.getByRole('button', { name: '移动' });
    expect(move).toBeDisabled();
    await user.click(within(screen.getByText('设备2').closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(within(screen.getByText('设备3').closest('tr') as HTMLElement).getByRole('checkbox'));
    expect(move).toBeEnabled();
    await user.click(move);
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定移动 2 台设备吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(moved).toHaveBeenCalledWith([DEVICES[1], DEVICES[2]]));
    await waitFor(() => expect(move).toBeDisabled());
    expect(within(screen.getByText('设备2').closest('tr') as HTMLElement).getByRole('checkbox')).not.toBeChecked();
  });

  it('offers no selection for a selecting toolbar button the user may not use', async () => {
    const toolbarExtra: ToolbarAction<Device>[] = [{ key: 'move', label: '移动', permission: 'demo:device:edit', selection: true, run: () => undefined }];
    renderWithProviders(
      <ListPage<Device, DeviceQuery> rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchDevices()} columns={columns} toolbarExtra={toolbarExtra} />,
      signedIn(['pc:demo:device:list']),
    );
    await screen.findByText('设备1');
    expect(screen.queryByRole('button', { name: '移动' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('tells onSelect the selected rows (a picker), and none on another page', async () => {
    vi.spyOn(pagination, 'scrollTo').mockImplementation(() => undefined);
    const onSelect = vi.fn((_rows: Device[]) => undefined);
    const { user } = renderWithProviders(
      <ListPage<Device, DeviceQuery> inProject={false} rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchDevices()} columns={columns} onSelect={onSelect} />,
      signedIn([], false),
    );
    await screen.findByText('设备1');
    expect(onSelect).toHaveBeenLastCalledWith([]);
    await user.click(within(screen.getByText('设备1').closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(within(screen.getByText('设备5').closest('tr') as HTMLElement).getByRole('checkbox'));
    expect(onSelect).toHaveBeenLastCalledWith([DEVICES[0], DEVICES[4]]);
    const calls = onSelect.mock.calls.length;
    await user.click(screen.getByTitle('2'));
    await screen.findByText('设备21');
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith([]));
    // told once per change, not at every render
    expect(onSelect.mock.calls.length).toBe(calls + 1);
  });

  it('merges the outside filters into every query and the export; their change goes back to page 1 and keeps the search form', async () => {
    vi.spyOn(pagination, 'scrollTo').mockImplementation(() => undefined);
    const fetchList = fetchDevices();
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: string, init?: RequestInit) => {
        posted.push((init?.body as URLSearchParams).toString());
        return Promise.resolve(new Response('xlsx bytes', { headers: { 'Content-Type': 'application/vnd.ms-excel' } }));
      }),
    );
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = () => 'blob:devices';
        static revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const renders = vi.fn();
    /** A group picked beside the list, as an organization tree beside the user list. */
    function GroupedDevices() {
      const [groupId, setGroupId] = useState<number | undefined>();
      const [, setTick] = useState(0);
      renders();
      return (
        <>
          <Button onClick={() => setGroupId(7)}>分组7</Button>
          <Button onClick={() => setGroupId(undefined)}>全部分组</Button>
          <Button onClick={() => setTick((tick) => tick + 1)}>重绘</Button>
          <ListPage<Device, DeviceQuery>
            rowKey="deviceId" rowName={(device) => device.deviceName} fetchList={fetchList} columns={columns} searchFields={searchFields}
            filters={{ groupId }}
            exportList={{ permission: 'demo:device:export', url: '/demo/device/export', filename: 'devices.xlsx' }}
          />
        </>
      );
    }
    const { user } = renderWithProviders(<GroupedDevices />, signedIn(['*:*:*']));
    await screen.findByText('设备1');
    // an empty outside filter is left out
    expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20 });

    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('设备名称'), '设备');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, deviceName: '设备' }));
    await user.click(within(screen.getByRole('navigation', { name: '分页' })).getByTitle('2'));
    await waitFor(() => expect(lastQuery(fetchList)?.pageNum).toBe(2));

    await user.click(screen.getByRole('button', { name: '分组7' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, deviceName: '设备', groupId: 7 }));
    expect(within(form).getByLabelText('设备名称')).toHaveValue('设备');
    // paging and searching keep it
    await user.click(within(screen.getByRole('navigation', { name: '分页' })).getByTitle('2'));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 2, pageSize: 20, deviceName: '设备', groupId: 7 }));
    await user.click(within(form).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20, groupId: 7 }));

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(posted).toEqual(['groupId=7']));

    // the same values in a new object ask nothing
    const calls = fetchList.mock.calls.length;
    const rendered = renders.mock.calls.length;
    await user.click(screen.getByRole('button', { name: '重绘' }));
    await user.click(screen.getByRole('button', { name: '分组7' }));
    await waitFor(() => expect(renders.mock.calls.length).toBeGreaterThan(rendered));
    expect(fetchList).toHaveBeenCalledTimes(calls);

    await user.click(screen.getByRole('button', { name: '全部分组' }));
    await waitFor(() => expect(lastQuery(fetchList)).toEqual({ pageNum: 1, pageSize: 20 }));
  });

  it('is a tree table with expandable: each node opens and closes, all at once from the toolbar', async () => {
    interface Area {
      areaId: number;
      areaName: string;
      children?: Area[];
    }
    interface AreaQuery {
      pageNum: number;
      pageSize: number;
    }
    const areas: Area[] = [
      {
        areaId: 1, areaName: '滨江区',
        children: [
          { areaId: 11, areaName: '西兴街道', children: [{ areaId: 111, areaName: '江边公园' }] },
          { areaId: 12, areaName: '长河街道', children: [] },
        ],
      },
      { areaId: 2, areaName: '西湖区' },
    ];
    const onRowClick = vi.fn();
    const props: ListPageProps<Area, AreaQuery> = {
      rowKey: 'areaId', rowName: (area) => area.areaName, columns: [{ key: 'areaName', title: '区域' }],
      useList: () => ({ data: { rows: areas, total: areas.length }, isFetching: false, refetch: () => undefined }),
      onRowClick,
    };
    const shown = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent ?? '');
    const first = renderWithProviders(<ListPage<Area, AreaQuery> {...props} expandable />, signedIn(['*:*:*']));
    const { user } = first;
    // open at first; a leaf, or an empty list of children, has no button
    expect(await screen.findByRole('button', { name: '折叠 滨江区' })).toHaveAttribute('aria-expanded', 'true');
    expect(shown()).toEqual(['滨江区', '西兴街道', '江边公园', '长河街道', '西湖区']);
    for (const name of ['江边公园', '长河街道', '西湖区']) {
      expect(screen.queryByRole('button', { name: `折叠 ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `展开 ${name}` })).not.toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: '折叠 西兴街道' }));
    expect(shown()).toEqual(['滨江区', '西兴街道', '长河街道', '西湖区']);
    expect(screen.getByRole('button', { name: '展开 西兴街道' })).toHaveAttribute('aria-expanded', 'false');
    // opening a node does not open its row
    expect(onRowClick).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '全部折叠' }));
    expect(shown()).toEqual(['滨江区', '西湖区']);
    await user.click(screen.getByRole('button', { name: '展开 滨江区' }));
    expect(shown()).toEqual(['滨江区', '西兴街道', '长河街道', '西湖区']);
    await user.click(screen.getByRole('button', { name: '全部展开' }));
    expect(shown()).toEqual(['滨江区', '西兴街道', '江边公园', '长河街道', '西湖区']);
    expect(screen.getByRole('button', { name: '全部折叠' })).toBeInTheDocument();
    await user.click(screen.getByText('江边公园'));
    expect(onRowClick).toHaveBeenCalledWith(areas[0]?.children?.[0]?.children?.[0]);
    first.unmount();

    // closed at first when told so; a list without expandable has no toggle
    renderWithProviders(<ListPage<Area, AreaQuery> {...props} expandable={{ defaultExpandAll: false }} />, signedIn(['*:*:*']));
    expect(await screen.findByRole('button', { name: '展开 滨江区' })).toHaveAttribute('aria-expanded', 'false');
    expect(shown()).toEqual(['滨江区', '西湖区']);
    expect(screen.getByRole('button', { name: '全部展开' })).toBeInTheDocument();
  });
});
