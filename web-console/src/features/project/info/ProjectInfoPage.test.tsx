import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, projectInfoBackend, riverside } from './fixtures';

describe('the project info page', () => {
  it('lists the projects, searches by status, and adds one with its modules after checking the required fields', async () => {
    signInWithProject();
    const { callsTo } = projectInfoBackend({ 'POST /project/project': ok({ data: 7 }) });
    const { user } = renderApp({ route: '/project/info' });
    const row = (await screen.findByRole('cell', { name: '滨江景观照明示范项目' })).closest('tr') as HTMLElement;
    for (const text of ['LS-DEMO-001', '杭州市', '张工', '在建', '已验收']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '启用滨江景观照明示范项目' })).toBeChecked();

    await selectOption(user, document.body, '项目状态', '竣工');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /project/project/list').at(-1)?.query.get('status')).toBe('2'));
    // Outside any project: no ProjectId header.
    expect(callsTo('GET /project/project/list').at(-1)?.headers.get('ProjectId')).toBeNull();

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增项目' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('项目名称不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('项目编号不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('项目地址不能为空')).toBeInTheDocument();
    expect(callsTo('POST /project/project')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('项目名称'), ' 深圳湾 ');
    await user.type(within(dialog).getByLabelText('项目编号'), 'SZ 1');
    await user.type(within(dialog).getByLabelText('项目地址'), '滨海大道');
    await user.type(within(dialog).getByLabelText('联系电话'), '12345');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('只能包含字母、数字、下划线和连字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('项目编号'));
    await user.type(within(dialog).getByLabelText('项目编号'), 'SZ-1');
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '13800138000');
    await selectOption(user, dialog, '所在城市', '深圳市（广东省）');
    await user.click(within(dialog).getByRole('button', { name: '添加模块' }));
    await user.click(within(dialog).getByRole('button', { name: '添加模块' }));
    await selectOption(user, dialog, '模块1', '网关状态');
    await selectOption(user, dialog, '模块2', '能耗');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const body = callsTo('POST /project/project')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      projectName: '深圳湾',
      projectNumber: 'SZ-1',
      cityCode: '4403',
      phone: '13800138000',
      address: '滨海大道',
      status: '1',
      acceptance: '1',
      mapMode: '0',
      mapLevel: 12,
      menuLogoStatus: '1',
      modules: [
        { position: 1, moduleCode: 'gateway' },
        { position: 2, moduleCode: 'energy' },
      ],
      iotStateInterval: 60,
      iotEnergyInterval: 900,
    });
  });

  it('holds at most 6 modules, refuses a repeated position, and shows the server refusal to delete, in English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const refusal = 'The project still has 5 gateway(s) and cannot be deleted';
    const { callsTo } = projectInfoBackend({
      'PUT /project/project': ok(),
      'DELETE /project/project/1': ok({ code: 500, msg: refusal }),
    });
    const { user } = renderApp({ route: '/project/info' });
    await user.click(await screen.findByRole('button', { name: `Edit ${riverside.projectName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    expect(within(dialog).getByLabelText('Project address')).toHaveValue('钱塘江滨江段');
    const add = within(dialog).getByRole('button', { name: 'Add module' });
    for (let n = 0; n < 4; n += 1) await user.click(add);
    expect(add).toBeDisabled();
    // Two modules at the same position are refused before anything is sent.
    await selectOption(user, dialog, 'Position of module 3', '1');
    await selectOption(user, dialog, 'Module 3', 'Energy');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Module positions cannot repeat')).toBeInTheDocument();
    expect(callsTo('PUT /project/project')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: `Delete ${riverside.projectName}` }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await changeLanguage('zh-CN');
  });
});
