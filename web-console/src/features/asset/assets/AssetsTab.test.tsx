import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import { fill } from '../../../test/fill';
import type { MockRequest } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import AssetPage from '../AssetPage';
import { assetBackend, idleLamp, ok, signedIn, usedLamp } from '../fixtures';

const today = () => dayjs().format('YYYY-MM-DD');

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;

/** The remove button of a tag in a multiple Select (antd hides it from the accessibility tree). */
const removeOf = (tag: HTMLElement) => tag.querySelector('.ant-select-selection-item-remove') as HTMLElement;

describe('the assets', () => {
  it('lists the assets with their type, status and values, and filters on the server', async () => {
    const { callsTo } = assetBackend();
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    expect(await screen.findByRole('tab', { name: '资产', selected: true })).toBeInTheDocument();
    const idle = await rowOf(idleLamp.assetCode);
    for (const text of ['观景平台洗墙灯', '灯具', '1200.00', '874.00', '2024-03-15', '60', '2030-06-01']) {
      expect(within(idle).getByText(text)).toBeInTheDocument();
    }
    expect(await within(idle).findByText('闲置')).toBeInTheDocument();
    expect(within(await rowOf(usedLamp.assetCode)).getByText('在用')).toBeInTheDocument();
    const scrapped = await rowOf('ZC-0006');
    expect(within(scrapped).getByText('已报废')).toBeInTheDocument();
    expect(within(scrapped).getByText('配电柜')).toBeInTheDocument();
    // no expiry date
    expect(within(scrapped).getAllByText('-').length).toBeGreaterThan(0);
    // typed values are shown as entered (left out of the language walk)
    expect(within(idle).getByText('观景平台洗墙灯')).toHaveAttribute('translate', 'no');
    expect(within(idle).getByText(idleLamp.assetCode)).toHaveAttribute('translate', 'no');

    const form = screen.getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('关键字'), 'ZC');
    await selectOption(user, form, '资产类型', '灯具');
    await selectOption(user, form, '资产状态', '在用');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/asset/list').at(-1)?.query.get('status')).toBe('1'));
    expect(Object.fromEntries(callsTo('GET /operation/asset/list').at(-1)?.query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      keyword: 'ZC',
      typeId: '1',
      status: '1',
    });

    // the export posts the same filters as a form
    const saved = answerWithFile('/operation/asset/export');
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^asset_\d+\.xlsx$/);
    const exported = callsTo('POST /operation/asset/export')[0]?.body as URLSearchParams;
    expect(Object.fromEntries(exported)).toEqual({ keyword: 'ZC', typeId: '1', status: '1' });
  });

  it('receives the selected assets: at least one asset, then the body the server takes', async () => {
    const { callsTo } = assetBackend({ 'POST /operation/asset/record/receive': ok({ recordId: 40 }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const row = await rowOf(idleLamp.assetCode);
    // batch buttons wait for a selection
    expect(screen.getByRole('button', { name: '领用' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '维修' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '报废' })).toBeDisabled();
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '领用' }));
    const dialog = await screen.findByRole('dialog', { name: '资产领用' });
    const chosen = within(dialog).getByTitle('ZC-0003 观景平台洗墙灯');
    // the date is today unless chosen
    expect(within(dialog).getByLabelText('日期')).toHaveValue(today());

    // the selection emptied: refused before anything is sent
    await user.click(removeOf(chosen));
    await user.type(within(dialog).getByLabelText('经办人'), '张工');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请至少选择一个资产')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/record/receive')).toHaveLength(0);

    // only idle assets are offered to receive
    await user.click(within(dialog).getByLabelText('资产'));
    const dropdown = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    expect(within(dropdown).queryByTitle('ZC-0001 滨江步道投光灯')).not.toBeInTheDocument();
    await user.click(within(dropdown).getByTitle('ZC-0003 观景平台洗墙灯'));
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByLabelText('备注'), ' 夜间照明 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('领用成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/record/receive')[0]?.body).toEqual({ assetIds: [11], person: '张工', recordDate: today(), remark: '夜间照明' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '资产领用' })).not.toBeInTheDocument());
    // the selection is cleared
    expect(screen.getByRole('button', { name: '领用' })).toBeDisabled();
  });

  it("shows the server's refusal of a record, naming the asset, and keeps the dialog open", async () => {
    assetBackend({ 'POST /operation/asset/record/repair': { status: 200, body: { code: 500, msg: '资产“ZC-0006”已报废' } } });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    await user.click(within(await rowOf('ZC-0006')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '维修' }));
    const dialog = await screen.findByRole('dialog', { name: '资产维修' });
    await user.type(within(dialog).getByLabelText('经办人'), '李工');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('资产“ZC-0006”已报废')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '资产维修' })).toBeInTheDocument();
  });

  it("adds an asset of a type with attributes: the type's defaults, required values, a verified range", async () => {
    const { callsTo } = assetBackend({ 'POST /operation/asset': ok({ assetId: 21 }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    await rowOf(idleLamp.assetCode);
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增资产' });
    expect(within(dialog).getByText('选择资产类型后填写其属性')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请输入编码', '请输入资产名称', '请选择资产类型', '请输入初始价值', '请输入残值率', '请输入使用期限']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    // a new asset starts today
    expect(within(dialog).getByLabelText('开始使用日期')).toHaveValue(today());

    await fill(user, within(dialog).getByLabelText('资产编码'), 'ZC 9');
    await selectOption(user, dialog, '资产类型', '灯具');
    // the type's attributes, each at its default: the light source LED, the power without one
    expect(await within(dialog).findByLabelText('光源')).toBeInTheDocument();
    expect(within(dialog).getByTitle('LED')).toBeInTheDocument();
    expect(within(dialog).getByText('范围 1 ~ 2000')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('资产名称'), '樱花大道庭院灯');
    // money keeps two decimals at most, the rate too, the limit whole months
    await user.type(within(dialog).getByLabelText('初始价值（元）'), '2300.456');
    expect(within(dialog).getByLabelText('初始价值（元）')).toHaveValue('2300.45');
    await user.type(within(dialog).getByLabelText('残值率（%）'), '120');
    await user.type(within(dialog).getByLabelText('使用期限（月）'), '0');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('编码只能包含字母、数字、下划线和连字符，且不超过 32 个字符')).toBeInTheDocument();
    // antd shows each field's message as its own check settles, so each is waited for.
    expect(await within(dialog).findByText('残值率须为 0 到 100 之间的数字，最多两位小数')).toBeInTheDocument();
    expect(await within(dialog).findByText('使用期限须为 1 到 1200 个月')).toBeInTheDocument();
    expect(await within(dialog).findByText('属性“功率(W)”不能为空')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('资产编码'), 'ZC-0009');
    await fill(user, within(dialog).getByLabelText('残值率（%）'), '5');
    await fill(user, within(dialog).getByLabelText('使用期限（月）'), '60');
    // a power beyond the range is brought into it
    const power = within(dialog).getByLabelText('功率(W)');
    await user.type(power, '5000');
    await user.tab();
    expect(power).toHaveValue('2000');
    await fill(user, power, '60');
    await selectOption(user, dialog, '光源', '高压钠灯');
    await fill(user, within(dialog).getByLabelText('品牌'), ' 明亮 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset')[0]?.body).toEqual({
      assetCode: 'ZC-0009',
      assetName: '樱花大道庭院灯',
      typeId: 1,
      expireDate: '',
      model: '',
      brand: '明亮',
      address: '',
      supplier: '',
      initialValue: '2300.45',
      residualRate: '5',
      startDate: today(),
      limitMonths: 60,
      image: '',
      attachment: '',
      attributes: [
        { attrCode: 'light_source', value: 'HPS' },
        { attrCode: 'power_w', value: '60' },
      ],
    });
  });

  it("edits an asset: its values as saved, a value now outside its type's range refused, several options joined", async () => {
    const outside = { ...idleLamp, attributes: [{ attrCode: 'light_source', value: 'LED' }, { attrCode: 'power_w', value: '3000' }] };
    const { callsTo } = assetBackend({ 'GET /operation/asset/11': ok({ data: outside }), 'PUT /operation/asset': ok({ assetId: 11 }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const row = await rowOf(idleLamp.assetCode);
    await user.click(within(row).getByRole('button', { name: `修改 ${idleLamp.assetCode}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改资产' });
    expect(within(dialog).getByLabelText('资产编码')).toHaveValue('ZC-0003');
    await waitFor(() => expect(within(dialog).getByLabelText('功率(W)')).toHaveValue('3000'));
    expect(within(dialog).getByLabelText('到期日期')).toHaveValue('2030-06-01');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('属性“功率(W)”须在 1 到 2000 之间')).toBeInTheDocument();
    expect(callsTo('PUT /operation/asset')).toHaveLength(0);

    // another type: its attributes at their defaults, several options joined with ','
    await selectOption(user, dialog, '资产类型', '灯杆');
    expect(await within(dialog).findByTitle('摄像头')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('材质')).toHaveValue('钢');
    await selectOption(user, dialog, '挂载设备', '音箱');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    const body = callsTo('PUT /operation/asset')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ assetId: 11, assetCode: 'ZC-0003', typeId: 3, expireDate: '2030-06-01', initialValue: '1200.00', limitMonths: 60 });
    expect(body.attributes).toEqual([
      { attrCode: 'mounts', value: 'CAM,SPK' },
      { attrCode: 'material', value: '钢' },
    ]);
  });

  it('imports a sheet: xls or xlsx only, the refused rows of a code-500 answer listed, then imported', async () => {
    let answer: { body: unknown } = {
      body: {
        code: 500,
        msg: '导入失败：共 2 行数据有误，未导入任何数据',
        data: {
          failures: [
            { row: 3, assetCode: 'ZC 01', msg: '编码不能为空，只能包含字母、数字、下划线和连字符，且不超过32个字符' },
            { row: 5, assetCode: 'ZC-0005', msg: '编码“ZC-0005”已存在' },
          ],
        },
      },
    };
    const { callsTo } = assetBackend({ 'POST /operation/asset/importData': () => answer });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    await rowOf(idleLamp.assetCode);
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '资产导入' });
    const input = within(dialog).getByLabelText('资产数据文件');
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('请选择要导入的文件')).toBeInTheDocument();
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'assets.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('文件格式不正确，请选择 xls 或 xlsx 格式文件')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/importData')).toHaveLength(0);

    await user.upload(input, new File(['sheet'], 'assets.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(within(dialog).getByText('assets.xlsx')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('导入失败：共 2 行数据有误，未导入任何数据')).toBeInTheDocument();
    expect(await within(dialog).findByText('导入失败的行')).toBeInTheDocument();
    const lines = within(dialog)
      .getAllByRole('row')
      .map((line) => within(line).queryAllByRole('cell').map((cell) => cell.textContent))
      .filter((cells) => cells.length > 0);
    expect(lines).toEqual([
      ['3', 'ZC 01', '编码不能为空，只能包含字母、数字、下划线和连字符，且不超过32个字符'],
      ['5', 'ZC-0005', '编码“ZC-0005”已存在'],
    ]);
    const [call] = callsTo('POST /operation/asset/importData');
    expect(((call?.body as FormData).get('file') as File).name).toBe('assets.xlsx');
    expect(call?.headers.get('ProjectId')).toBe('1');

    answer = ok({ msg: '导入成功：新增 2 条', data: { created: 2 } });
    const listCalls = callsTo('GET /operation/asset/list').length;
    await user.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入成功：新增 2 条')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '资产导入' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /operation/asset/list').length).toBeGreaterThan(listCalls));

    // the template
    const saved = answerWithFile('/operation/asset/importTemplate');
    await user.click(screen.getByRole('button', { name: '导入' }));
    await user.click(within(await screen.findByRole('dialog', { name: '资产导入' })).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo('POST /operation/asset/importTemplate')).toHaveLength(1);
  });

  it('shows only the buttons the permissions grant', async () => {
    assetBackend();
    renderWithProviders(<AssetPage />, signedIn(['pc:operation:asset:list', 'pc:operation:asset:query', 'pc:operation:asset:receive']));
    await rowOf(idleLamp.assetCode);
    expect(screen.getByRole('button', { name: '领用' })).toBeInTheDocument();
    for (const name of ['新增', '导出', '导入', '维修', '报废', `修改 ${idleLamp.assetCode}`, `删除 ${idleLamp.assetCode}`]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('speaks English: the tabs, the columns, the statuses, the types and the receive rule', async () => {
    await changeLanguage('en');
    assetBackend({ 'POST /operation/asset/record/receive': (request: MockRequest) => ok({ recordId: 40, sent: request.body }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    for (const name of ['Assets', 'Records', 'Asset types']) expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    const row = await rowOf(idleLamp.assetCode);
    expect(await within(row).findByText('Idle')).toBeInTheDocument();
    expect(await within(row).findByText('Lamp')).toBeInTheDocument();
    for (const name of ['Asset code', 'Asset name', 'Asset type', 'Status', 'Initial value', 'Net value', 'Start date', 'Limit (months)', 'Expiry date']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive assets' });
    await user.click(removeOf(within(dialog).getByTitle('ZC-0003 观景平台洗墙灯')));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please choose at least one asset')).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter the person')).toBeInTheDocument();
  });
});
