import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fill } from '../../../test/fill';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import AssetPage from '../AssetPage';
import { assetBackend, lampType, ok, signedIn } from '../fixtures';

async function openTypes(user: UserEvent, name = '资产类型') {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

const rowOf = async (scope: HTMLElement, code: string) => (await within(scope).findByText(code)).closest('tr') as HTMLElement;

/** The attribute sub-form (a group named by its title). */
const subForm = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('group', { name });

describe('the asset types', () => {
  it('lists the types with their names, attributes and assets', async () => {
    assetBackend();
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openTypes(user);
    const lamp = await rowOf(panel, 'LAMP');
    expect(within(lamp).getByText('灯具')).toBeInTheDocument();
    expect(within(lamp).getByText('Lamp')).toBeInTheDocument();
    expect(within(lamp).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(lamp).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(within(await rowOf(panel, 'CABINET')).getByText('户外配电柜')).toBeInTheDocument();
  });

  it('adds a type: each attribute saved in its sub-form under the rules of section 5, unsaved changes saved first', async () => {
    const { callsTo } = assetBackend({ 'POST /operation/asset/type': ok({ typeId: 9 }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openTypes(user);
    await rowOf(panel, 'LAMP');
    await user.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增资产类型' });
    expect(within(dialog).getByText('尚未添加属性')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请输入编码', '请输入中文名称', '请输入英文名称']) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('类型编码'), 'POLE_2');
    await fill(user, within(dialog).getByLabelText('类型名称（中文）'), '智慧灯杆');
    await fill(user, within(dialog).getByLabelText('类型名称（英文）'), 'Smart pole');

    // ---- an options attribute: at most one default, no empty value ----
    await user.click(within(dialog).getByRole('button', { name: '添加属性' }));
    let attribute = subForm(dialog, '新增属性');
    await fill(user, within(attribute).getByLabelText('属性编码'), 'mounts');
    await fill(user, within(attribute).getByLabelText('属性名称（中文）'), '挂载设备');
    await fill(user, within(attribute).getByLabelText('属性名称（英文）'), 'Mounted devices');
    await selectOption(user, attribute, '属性类型', '选项');
    await user.click(await within(attribute).findByRole('checkbox', { name: '多选' }));
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    expect(await within(attribute).findByText('选项类型的属性须有 1 到 100 个子选项，且值不能重复')).toBeInTheDocument();
    await user.click(within(attribute).getByRole('button', { name: '添加子选项' }));
    await user.click(within(attribute).getByRole('button', { name: '添加子选项' }));
    await fill(user, within(attribute).getByLabelText('子选项 1 的值'), 'CAM');
    await fill(user, within(attribute).getByLabelText('子选项 1 的中文名称'), '摄像头');
    await fill(user, within(attribute).getByLabelText('子选项 1 的英文名称'), 'Camera');
    await user.click(within(attribute).getByRole('checkbox', { name: '子选项 1 为默认值' }));
    await user.click(within(attribute).getByRole('checkbox', { name: '子选项 2 为默认值' }));
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    expect(await within(attribute).findByText('子选项最多只能有一个默认值')).toBeInTheDocument();
    expect(await within(attribute).findByText('子选项的值不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('尚未添加属性')).toBeInTheDocument();

    // unsaved changes must be saved first: the type is not saved meanwhile
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请先保存未保存的修改')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/type')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: '新增资产类型' })).toBeInTheDocument();

    await user.click(within(attribute).getByRole('checkbox', { name: '子选项 2 为默认值' }));
    await fill(user, within(attribute).getByLabelText('子选项 2 的值'), 'SPK');
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: '新增属性' })).not.toBeInTheDocument());
    const mounts = await rowOf(dialog, 'mounts');
    for (const text of ['挂载设备', '选项', '否', '摄像头']) expect(within(mounts).getByText(text)).toBeInTheDocument();

    // ---- a number attribute: a verify range when verification is on, the min not above the max ----
    await user.click(within(dialog).getByRole('button', { name: '添加属性' }));
    attribute = subForm(dialog, '新增属性');
    await fill(user, within(attribute).getByLabelText('属性编码'), 'mounts');
    await fill(user, within(attribute).getByLabelText('属性名称（中文）'), '高度(m)');
    await fill(user, within(attribute).getByLabelText('属性名称（英文）'), 'Height (m)');
    await selectOption(user, attribute, '属性类型', '数字');
    await user.click(await within(attribute).findByRole('checkbox', { name: '校验范围' }));
    await user.click(within(attribute).getByRole('checkbox', { name: '必填' }));
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    expect(await within(attribute).findByText('该类型已有此属性编码')).toBeInTheDocument();
    await waitFor(() => expect(within(attribute).getAllByText('开启校验时必须填写校验范围')).toHaveLength(2));
    await fill(user, within(attribute).getByLabelText('属性编码'), 'height');
    await user.type(within(attribute).getByLabelText('最小值'), '12');
    await user.type(within(attribute).getByLabelText('最大值'), '6');
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    expect(await within(attribute).findByText('最小值不能大于最大值')).toBeInTheDocument();
    await fill(user, within(attribute).getByLabelText('最大值'), '15');
    await fill(user, within(attribute).getByLabelText('默认值'), 'abc');
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    expect(await within(attribute).findByText('数字属性的默认值须为数字')).toBeInTheDocument();
    await fill(user, within(attribute).getByLabelText('默认值'), '12');
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    const height = await rowOf(dialog, 'height');
    for (const text of ['数字', '是', '12', '12 ~ 15']) expect(within(height).getByText(text)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('备注'), ' 步道智慧灯杆 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/type')[0]?.body).toEqual({
      typeCode: 'POLE_2',
      nameZh: '智慧灯杆',
      nameEn: 'Smart pole',
      remark: '步道智慧灯杆',
      attributes: [
        {
          attrCode: 'mounts',
          nameZh: '挂载设备',
          nameEn: 'Mounted devices',
          valueType: '3',
          defaultValue: 'CAM',
          multiple: true,
          required: false,
          verify: false,
          min: null,
          max: null,
          options: [
            { value: 'CAM', labelZh: '摄像头', labelEn: 'Camera', isDefault: true },
            { value: 'SPK', labelZh: '', labelEn: '', isDefault: false },
          ],
        },
        {
          attrCode: 'height',
          nameZh: '高度(m)',
          nameEn: 'Height (m)',
          valueType: '2',
          defaultValue: '12',
          multiple: false,
          required: true,
          verify: true,
          min: 12,
          max: 15,
          options: [],
        },
      ],
    });
  });

  it('edits a type: its attributes as saved, one changed and one removed; another is not opened over unsaved edits', async () => {
    const { callsTo } = assetBackend({ 'PUT /operation/asset/type': ok({ typeId: 1 }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openTypes(user);
    await user.click(within(await rowOf(panel, 'LAMP')).getByRole('button', { name: '修改 LAMP' }));
    const dialog = await screen.findByRole('dialog', { name: '修改资产类型' });
    const power = await rowOf(dialog, 'power_w');
    expect(within(power).getByText('1 ~ 2000')).toBeInTheDocument();
    expect(within(await rowOf(dialog, 'light_source')).getByText('LED')).toBeInTheDocument();

    // each attribute opens as saved: the sub-form starts afresh
    await user.click(within(dialog).getByRole('button', { name: '编辑属性 light_source' }));
    const source = subForm(dialog, '编辑属性：light_source');
    expect(within(source).getByLabelText('子选项 2 的中文名称')).toHaveValue('高压钠灯');
    expect(within(source).getByRole('checkbox', { name: '子选项 1 为默认值' })).toBeChecked();
    await user.click(within(source).getByRole('button', { name: '取消编辑' }));
    await user.click(within(power).getByRole('button', { name: '编辑属性 power_w' }));
    const attribute = subForm(dialog, '编辑属性：power_w');
    expect(within(attribute).getByLabelText('属性编码')).toHaveValue('power_w');
    expect(within(attribute).getByLabelText('属性名称（中文）')).toHaveValue('功率(W)');
    expect(within(attribute).getByRole('checkbox', { name: '校验范围' })).toBeChecked();
    expect(within(attribute).queryByText('子选项')).not.toBeInTheDocument();
    expect(within(attribute).getByLabelText('最大值')).toHaveValue('2000');
    await fill(user, within(attribute).getByLabelText('最大值'), '1500');
    expect(within(attribute).getByText('属性有未保存的修改')).toBeInTheDocument();
    // another attribute is not opened over unsaved edits
    await user.click(within(dialog).getByRole('button', { name: '删除属性 light_source' }));
    expect(await screen.findByText('请先保存未保存的修改')).toBeInTheDocument();
    expect(await within(dialog).findByText('light_source')).toBeInTheDocument();
    await user.click(within(attribute).getByRole('button', { name: '保存属性' }));
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: '编辑属性：power_w' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '删除属性 light_source' }));
    await waitFor(() => expect(within(dialog).queryByText('light_source')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /operation/asset/type')[0]?.body).toEqual({
      typeId: 1,
      typeCode: 'LAMP',
      nameZh: '灯具',
      nameEn: 'Lamp',
      remark: '',
      attributes: [{ ...lampType.attributes[1], max: 1500 }],
    });
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    assetBackend();
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openTypes(user, 'Asset types');
    await rowOf(panel, 'LAMP');
    for (const name of ['Type code', 'Type name (Chinese)', 'Type name (English)', 'Attributes', 'Assets']) {
      expect(within(panel).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add asset type' });
    await fill(user, within(dialog).getByLabelText('Type code'), 'POLE');
    await fill(user, within(dialog).getByLabelText('Type name (Chinese)'), '灯杆');
    await fill(user, within(dialog).getByLabelText('Type name (English)'), 'Pole');
    await user.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
    const attribute = subForm(dialog, 'New attribute');
    await selectOption(user, attribute, 'Value type', 'Number');
    await user.click(await within(attribute).findByRole('checkbox', { name: 'Verify range' }));
    await user.click(within(attribute).getByRole('button', { name: 'Save attribute' }));
    // One message under each bound, as each field's check settles.
    await waitFor(() =>
      expect(within(attribute).getAllByText('A verify range is required when verification is on')).toHaveLength(2),
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please save the unsaved changes first')).toBeInTheDocument();
  });
});
