import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { pickOption, selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, scheduleBackend } from '../fixtures';

describe('the power scenes page', () => {
  it('lists scenes, checks the form as the server does, and deletes after confirmation', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'DELETE /lighting/scene/3': ok() });
    const { user } = renderApp({ route: '/lighting/scene' });
    const row = (await screen.findByText('节日场景')).closest('tr') as HTMLElement;
    expect(within(row).getByText('默认场景')).toBeInTheDocument();
    expect(within(row).getByText('2026-04-20 10:00:00')).toBeInTheDocument();
    const other = screen.getByText('深夜节能').closest('tr') as HTMLElement;
    expect(within(other).getByText('自定义场景')).toBeInTheDocument();
    expect(callsTo('GET /lighting/scene/list')[0]?.query.get('pageSize')).toBe('20');

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增场景' });
    // one row to begin with, on at 100 %
    expect(within(dialog).getByLabelText('第 1 行亮度')).toHaveValue('100');
    await user.clear(within(dialog).getByLabelText('第 1 行亮度'));
    await user.type(within(dialog).getByLabelText('第 1 行亮度'), '150');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // each field's message comes when its own check has run: wait for every one
    expect(await within(dialog).findByText('场景名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择网关')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择回路')).toBeInTheDocument();
    expect(await within(dialog).findByText('亮度为 1 到 100 的整数')).toBeInTheDocument();

    // no loop at all
    await user.click(within(dialog).getByRole('button', { name: '删除第 1 行' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请至少添加一个回路')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增场景' })).not.toBeInTheDocument());
    expect(callsTo('POST /lighting/scene')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '删除 节日场景' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除场景“节日场景”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /lighting/scene/3')).toHaveLength(1);
  });

  it('adds a scene once each (gateway, loop) is set once: a loop of the chosen gateway, off without brightness', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'POST /lighting/scene': ok({ data: 9 }) });
    const { user } = renderApp({ route: '/lighting/scene' });
    await screen.findByText('节日场景');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增场景' });
    await user.type(within(dialog).getByLabelText('场景名称'), ' 周末场景 ');
    await user.click(within(dialog).getByRole('button', { name: '添加回路' }));
    await pickOption(user, dialog, '第 1 行网关', '北区网关 (GW-0007)');
    await pickOption(user, dialog, '第 1 行回路', '回路2');
    await pickOption(user, dialog, '第 2 行网关', '北区网关 (GW-0007)');
    await pickOption(user, dialog, '第 2 行回路', '回路2');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getAllByText('同一网关的同一回路只能设置一次')).toHaveLength(2));
    expect(callsTo('POST /lighting/scene')).toHaveLength(0);

    // the second row: another gateway (its four loops), off; both errors go
    await pickOption(user, dialog, '第 2 行网关', '南区网关 (GW-0008)');
    await pickOption(user, dialog, '第 2 行回路', '回路4');
    await waitFor(() => expect(within(dialog).queryByText('同一网关的同一回路只能设置一次')).not.toBeInTheDocument());
    await user.click(within(dialog).getByLabelText('第 2 行开关'));
    expect(within(dialog).getByLabelText('第 2 行亮度')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('第 1 行亮度'));
    await user.type(within(dialog).getByLabelText('第 1 行亮度'), '60');
    await selectOption(user, dialog, '场景类型', '自定义场景');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/scene')[0]?.body).toEqual({
      sceneName: '周末场景',
      sceneType: '3',
      remark: '',
      loops: [
        { gatewayId: 7, loopIndex: 2, switchState: '1', brightness: 60 },
        { gatewayId: 8, loopIndex: 4, switchState: '0', brightness: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增场景' })).not.toBeInTheDocument());
  });

  it("edits a scene's loops from its detail, and shows the server's refusal", async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({
      'PUT /lighting/scene': ok(),
      'DELETE /lighting/scene/3': ok({ code: 500, msg: '场景正被任务“节日亮灯”使用，不能删除' }),
    });
    const { user } = renderApp({ route: '/lighting/scene' });
    await screen.findByText('节日场景');
    await user.click(screen.getByRole('button', { name: '修改 节日场景' }));
    const dialog = await screen.findByRole('dialog', { name: '修改场景' });
    await waitFor(() => expect(within(dialog).getByLabelText('第 1 行亮度')).toHaveValue('80'));
    expect(within(dialog).getByLabelText('第 2 行亮度')).toBeDisabled();
    expect(within(dialog).getByLabelText('第 2 行开关')).not.toBeChecked();
    await user.click(within(dialog).getByLabelText('第 2 行开关'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/scene')[0]?.body).toEqual({
      sceneId: 3,
      sceneName: '节日场景',
      sceneType: '1',
      remark: '',
      loops: [
        { gatewayId: 7, loopIndex: 1, switchState: '1', brightness: 80 },
        { gatewayId: 7, loopIndex: 2, switchState: '1', brightness: 100 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改场景' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '场景“节日场景”的回路' }));
    const drawer = await screen.findByRole('dialog', { name: '场景“节日场景”的回路' });
    expect(await within(drawer).findByText('主路灯')).toBeInTheDocument();
    expect(await within(drawer).findByText('80')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '场景“节日场景”的回路' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 节日场景' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('场景正被任务“节日亮灯”使用，不能删除')).toBeInTheDocument();
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    scheduleBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:scene:list'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/lighting/scene' });
    await screen.findByText('节日场景');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 节日场景' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 节日场景' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '场景“节日场景”的回路' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    scheduleBackend();
    const { user } = renderApp({ route: '/lighting/scene' });
    const row = (await screen.findByText('深夜节能')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Custom')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add scene' });
    await user.clear(within(dialog).getByLabelText('Brightness of row 1'));
    await user.type(within(dialog).getByLabelText('Brightness of row 1'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The brightness is a whole number from 1 to 100')).toBeInTheDocument();
    expect(await within(dialog).findByText('The scene name is 1 to 30 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove row 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Add at least one loop')).toBeInTheDocument();
  });
});
