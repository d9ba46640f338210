import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { dictApi } from '../dictApi';
import { dictItems, ok, settingsBackend } from '../fixtures';
import type { DictData } from '../types';

type CallsTo = (key: string) => MockRequest[];
const lastItemQuery = (callsTo: CallsTo) => callsTo('GET /system/dict/data/list').at(-1)?.query;

/** The lookup other pages make of a type's labels (GET /system/dict/data/type/{type}). */
const lookup = (dictType: string) => ({
  [`GET /system/dict/data/type/${dictType}`]: ok({ data: dictItems.filter((item) => item.dictType === dictType) }),
});

/** Opens the items of the type named `name`; answers the drawer. */
async function openItems(user: ReturnType<typeof renderApp>['user'], name: string, title: string) {
  await user.click(await screen.findByRole('button', { name: `字典数据 ${name}` }));
  return screen.findByRole('dialog', { name: title });
}

/**
 * The dialog titled `title` open over the items drawer. In tests rc-util gives every dialog's
 * title the id "test-id", so a dialog over the drawer is named by the drawer's title: it is
 * found by its own title text instead.
 */
async function dialogOverDrawer(title: string): Promise<HTMLElement> {
  const dialog = await waitFor(() => {
    const heading = screen.getAllByText(title).find((element) => element.closest('.ant-modal'));
    const found = heading?.closest<HTMLElement>('[role="dialog"]');
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
  return dialog;
}

describe('the dictionaries page', () => {
  it("lists the types and opens a type's items, asked by dictType and searched by label and status", async () => {
    signInWithProject();
    const { callsTo } = settingsBackend();
    const { user } = renderApp({ route: '/system/dict' });
    const row = (await screen.findByText('lamp_color')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('灯具颜色')).toBeInTheDocument();
    expect(await within(row).findByText('Lamp colours')).toBeInTheDocument();
    expect(await within(row).findByText('正常')).toBeInTheDocument();
    expect(await within(row).findByText('否')).toBeInTheDocument();
    for (const name of ['字典编号', '字典名称', '英文名称', '字典类型', '状态', '系统内置', '备注', '创建时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('字典类型'), 'lamp');
    await selectOption(user, document.body, '状态', '正常');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /system/dict/type/list').at(-1)?.query.get('dictType')).toBe('lamp'));
    expect(callsTo('GET /system/dict/type/list').at(-1)?.query.get('status')).toBe('0');

    const drawer = await openItems(user, '灯具颜色', '字典数据：灯具颜色（lamp_color）');
    const item = (await within(drawer).findByText('暖白')).closest('tr') as HTMLElement;
    expect(await within(item).findByText('Warm white')).toBeInTheDocument();
    expect(await within(item).findByText('warm')).toBeInTheDocument();
    expect(await within(item).findByText('是')).toBeInTheDocument();
    for (const name of ['字典编码', '字典标签', '英文标签', '字典键值', '字典排序', '状态', '默认', '系统内置', '备注']) {
      expect(within(drawer).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(lastItemQuery(callsTo)?.get('dictType')).toBe('lamp_color');
    expect(lastItemQuery(callsTo)?.get('pageNum')).toBe('1');

    await user.type(within(drawer).getByLabelText('字典标签'), '暖');
    await selectOption(user, drawer, '状态', '停用');
    await user.click(within(drawer).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastItemQuery(callsTo)?.get('status')).toBe('1'));
    expect(lastItemQuery(callsTo)?.get('dictLabel')).toBe('暖');
    expect(lastItemQuery(callsTo)?.get('dictType')).toBe('lamp_color');

    // another type's items
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '字典数据：灯具颜色（lamp_color）' })).not.toBeInTheDocument());
    const builtIn = await openItems(user, '系统开关', '字典数据：系统开关（sys_normal_disable）');
    expect(await within(builtIn).findByText('Disabled')).toBeInTheDocument();
    expect(lastItemQuery(callsTo)?.get('dictType')).toBe('sys_normal_disable');
  });

  it("adds an item to the opened type and has that type's labels read again", async () => {
    signInWithProject();
    const { callsTo } = settingsBackend({ 'POST /system/dict/data': ok(), ...lookup('lamp_color') });
    const { user, store } = renderApp({ route: '/system/dict' });
    // another page shows lamp_color's labels
    const subscription = store.dispatch(dictApi.endpoints.getDicts.initiate('lamp_color'));
    await waitFor(() => expect(callsTo('GET /system/dict/data/type/lamp_color')).toHaveLength(1));

    const drawer = await openItems(user, '灯具颜色', '字典数据：灯具颜色（lamp_color）');
    await within(drawer).findByText('暖白');
    await user.click(within(drawer).getByRole('button', { name: '新增' }));
    const dialog = await dialogOverDrawer('新增字典数据');
    expect(within(dialog).getByLabelText('字典类型')).toHaveValue('lamp_color');
    expect(within(dialog).getByLabelText('字典类型')).toHaveAttribute('readonly');
    await user.type(within(dialog).getByLabelText('样式属性'), 'bold;');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('字典标签为 1 到 100 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('字典键值为 1 到 100 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('样式属性最多 100 个字符，只能包含字母、数字、空格、下划线和中划线')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('字典标签'), ' 冷白 ');
    await user.type(within(dialog).getByLabelText('英文标签'), 'Cool white');
    await user.type(within(dialog).getByLabelText('字典键值'), 'cool');
    await user.clear(within(dialog).getByLabelText('样式属性'));
    await user.type(within(dialog).getByLabelText('样式属性'), 'lamp-cool');
    await user.clear(within(dialog).getByLabelText('字典排序'));
    await user.type(within(dialog).getByLabelText('字典排序'), '2');
    await selectOption(user, dialog, '回显样式', '成功 (success)');
    await user.click(within(dialog).getByRole('radio', { name: '是' }));
    await user.type(within(dialog).getByLabelText('备注'), '冷色');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/dict/data')[0]?.body).toEqual({
      dictType: 'lamp_color',
      dictLabel: '冷白',
      dictLabelEn: 'Cool white',
      dictValue: 'cool',
      cssClass: 'lamp-cool',
      dictSort: 2,
      listClass: 'success',
      isDefault: 'Y',
      status: '0',
      remark: '冷色',
    });
    await waitFor(() => expect(callsTo('GET /system/dict/data/type/lamp_color')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET /system/dict/data/list').length).toBeGreaterThan(1));
    subscription.unsubscribe();
  });

  it('offers no delete for a built-in item or type, keeps their keys, and deletes the others', async () => {
    signInWithProject();
    const { callsTo } = settingsBackend({ 'PUT /system/dict/data': ok(), 'DELETE /system/dict/data/100': ok(), ...lookup('sys_normal_disable') });
    const { user, store } = renderApp({ route: '/system/dict' });
    expect(await screen.findByRole('button', { name: '删除 灯具颜色' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 系统开关' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改 系统开关' })).toBeInTheDocument();

    let drawer = await openItems(user, '系统开关', '字典数据：系统开关（sys_normal_disable）');
    await within(drawer).findByText('停用', { selector: 'td *' });
    expect(within(drawer).getByRole('button', { name: '修改 正常' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '删除 正常' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '删除 停用' })).not.toBeInTheDocument();

    const subscription = store.dispatch(dictApi.endpoints.getDicts.initiate('sys_normal_disable'));
    await user.click(within(drawer).getByRole('button', { name: '修改 停用' }));
    const dialog = await dialogOverDrawer('修改字典数据');
    expect(within(dialog).getByLabelText('字典键值')).toHaveValue('1');
    expect(within(dialog).getByLabelText('字典键值')).toHaveAttribute('readonly');
    expect(within(dialog).getByText('系统内置，不能修改')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('英文标签'));
    await user.type(within(dialog).getByLabelText('英文标签'), 'Off');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/dict/data')[0]?.body).toEqual({
      dictCode: 2,
      dictType: 'sys_normal_disable',
      dictLabel: '停用',
      dictLabelEn: 'Off',
      dictValue: '1',
      cssClass: '',
      dictSort: 2,
      listClass: 'primary',
      isDefault: 'N',
      status: '0',
      remark: '',
    });
    const lookups = () => callsTo('GET /system/dict/data/type/sys_normal_disable').length;
    await waitFor(() => expect(lookups()).toBeGreaterThan(1));
    subscription.unsubscribe();

    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '字典数据：系统开关（sys_normal_disable）' })).not.toBeInTheDocument());
    drawer = await openItems(user, '灯具颜色', '字典数据：灯具颜色（lamp_color）');
    await user.click(await within(drawer).findByRole('button', { name: '删除 暖白' }));
    const confirm = await dialogOverDrawer('系统提示');
    expect(confirm).toHaveTextContent('确定删除字典数据“暖白”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/dict/data/100')).toHaveLength(1);
  });

  it('deletes the selected items of a type in one request; a built-in one among them is refused by the server', async () => {
    signInWithProject();
    const coolWhite: DictData = { ...dictItems[2]!, dictCode: 101, dictSort: 2, dictValue: 'cool', dictLabel: '冷白', dictLabelEn: 'Cool white', isDefault: 'N' };
    const items = [...dictItems, coolWhite];
    const { callsTo } = settingsBackend({
      'GET /system/dict/data/list': (request) => {
        const rows = items.filter((row) => row.dictType === request.query.get('dictType'));
        return ok({ rows, total: rows.length });
      },
      'DELETE /system/dict/data/100,101': ok(),
      'DELETE /system/dict/data/2': ok({ code: 500, msg: '内置字典数据“停用”不能删除' }),
    });
    const { user } = renderApp({ route: '/system/dict' });
    let drawer = await openItems(user, '灯具颜色', '字典数据：灯具颜色（lamp_color）');
    const warm = (await within(drawer).findByText('暖白')).closest('tr') as HTMLElement;
    const cool = within(drawer).getByText('冷白').closest('tr') as HTMLElement;
    const batch = within(drawer).getByRole('button', { name: '删除' });
    expect(batch).toBeDisabled();
    await user.click(within(warm).getByRole('checkbox'));
    await user.click(within(cool).getByRole('checkbox'));
    expect(batch).toBeEnabled();
    const asked = callsTo('GET /system/dict/data/list').length;
    await user.click(batch);
    const confirm = await dialogOverDrawer('系统提示');
    await waitFor(() => expect(confirm).toHaveTextContent('确定删除选中的 2 条数据吗？'));
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/dict/data/100,101')).toHaveLength(1);
    // the items are read again, still of the opened type; the selection is gone
    await waitFor(() => expect(callsTo('GET /system/dict/data/list').length).toBeGreaterThan(asked));
    expect(lastItemQuery(callsTo)?.get('dictType')).toBe('lamp_color');
    await waitFor(() => expect(within(drawer).getByRole('button', { name: '删除' })).toBeDisabled());

    // a built-in item has no delete button, but the kit lets it be selected: the server refuses
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '字典数据：灯具颜色（lamp_color）' })).not.toBeInTheDocument());
    drawer = await openItems(user, '系统开关', '字典数据：系统开关（sys_normal_disable）');
    const disabled = (await within(drawer).findByText('停用', { selector: 'td *' })).closest('tr') as HTMLElement;
    expect(within(disabled).queryByRole('button', { name: '删除 停用' })).not.toBeInTheDocument();
    await user.click(within(disabled).getByRole('checkbox'));
    await user.click(within(drawer).getByRole('button', { name: '删除' }));
    const refusal = await dialogOverDrawer('系统提示');
    await waitFor(() => expect(refusal).toHaveTextContent('确定删除字典数据“停用”吗？'));
    await user.click(within(refusal).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('内置字典数据“停用”不能删除')).toBeInTheDocument();
    expect(callsTo('DELETE /system/dict/data/2')).toHaveLength(1);
  });

  it("adds a type after checking its key, shows the server's refusal to delete one, refreshes the cache and exports", async () => {
    signInWithProject();
    const { callsTo } = settingsBackend({
      'POST /system/dict/type': ok(),
      'DELETE /system/dict/type/100': ok({ code: 500, msg: '字典类型“灯具颜色”下有字典数据，不能删除' }),
      'DELETE /system/dict/type/refreshCache': ok(),
    });
    const saved = answerWithFile('/export');
    const { user } = renderApp({ route: '/system/dict' });
    await screen.findByText('lamp_color');

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增字典类型' });
    await user.type(within(dialog).getByLabelText('字典类型'), 'lamp color!');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('字典名称为 1 到 100 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('字典类型为 1 到 100 个字母、数字、下划线、中划线或点')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('字典名称'), '灯具品牌');
    await user.type(within(dialog).getByLabelText('英文名称'), 'Lamp brands');
    await user.clear(within(dialog).getByLabelText('字典类型'));
    await user.type(within(dialog).getByLabelText('字典类型'), 'lamp.brand-v2_x');
    await user.click(within(dialog).getByRole('radio', { name: '停用' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/dict/type')[0]?.body).toEqual({ dictName: '灯具品牌', dictNameEn: 'Lamp brands', dictType: 'lamp.brand-v2_x', status: '1', remark: '' });

    await user.click(screen.getByRole('button', { name: '删除 灯具颜色' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除字典类型“灯具颜色”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('字典类型“灯具颜色”下有字典数据，不能删除')).toBeInTheDocument();
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();

    // the kit's toolbar: after add and batch delete, before export; asks first
    const toolbar = screen.getByRole('button', { name: '导出' }).parentElement as HTMLElement;
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['新增', '删除', '刷新缓存', '导出']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '刷新缓存' }));
    let refresh = await screen.findByRole('dialog', { name: '系统提示' });
    expect(refresh).toHaveTextContent('确定刷新字典缓存吗？');
    await user.click(within(refresh).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /system/dict/type/refreshCache')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '刷新缓存' }));
    refresh = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(refresh).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/dict/type/refreshCache')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^type_\d{13}\.xlsx$/);
    expect(callsTo('POST /system/dict/type/export')).toHaveLength(1);

    const drawer = await openItems(user, '灯具颜色', '字典数据：灯具颜色（lamp_color）');
    await within(drawer).findByText('暖白');
    await user.type(within(drawer).getByLabelText('字典标签'), '白');
    await user.click(within(drawer).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastItemQuery(callsTo)?.get('dictLabel')).toBe('白'));
    await user.click(within(drawer).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatch(/^data_\d{13}\.xlsx$/);
    const [call] = callsTo('POST /system/dict/data/export');
    expect(Object.fromEntries((call?.body as URLSearchParams).entries())).toEqual({ dictType: 'lamp_color', dictLabel: '白' });
  });

  it('speaks English, and offers only the buttons the user may use', async () => {
    signInWithProject();
    await changeLanguage('en');
    settingsBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:dict:list', 'pc:system:dict:query'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: '/system/dict' });
    const types = (await screen.findByText('lamp_color')).closest('table') as HTMLElement;
    for (const name of ['ID', 'Chinese name', 'English name', 'Dictionary type', 'Status', 'Built in', 'Remark', 'Created']) {
      expect(within(types).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Items of 灯具颜色' }));
    for (const name of ['Add', 'Delete', 'Export', 'Refresh cache', 'Edit 灯具颜色', 'Delete 灯具颜色']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    const drawer = await screen.findByRole('dialog', { name: 'Items of Lamp colours (lamp_color)' });
    expect(await within(drawer).findByText('Warm white')).toHaveAttribute('translate', 'no');
    expect(await within(drawer).findByText('暖白')).toHaveAttribute('translate', 'no');
    expect(within(types).getByText('灯具颜色')).toHaveAttribute('translate', 'no');
    for (const name of ['Code', 'Chinese label', 'English label', 'Value', 'Order', 'Default', 'Built in']) {
      expect(within(drawer).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    for (const name of ['Add', 'Delete', 'Export', 'Edit 暖白', 'Delete 暖白']) {
      expect(within(drawer).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // no batch delete, no row selection
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
