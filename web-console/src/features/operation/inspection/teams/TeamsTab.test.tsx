import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import { renderApp } from '../../../../test/renderWithProviders';
import { selectOption } from '../../../../test/selectOption';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { eastTeam, inspectionBackend } from '../../fixtures';

async function openTeams(user: UserEvent, name = '巡检班组') {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

const rowOf = async (panel: HTMLElement, name: string) => (await within(panel).findByText(name)).closest('tr') as HTMLElement;

/** The remove button of a tag in a multiple Select (antd hides it from the accessibility tree: Backspace does the same). */
const removeOf = (tag: HTMLElement) => tag.querySelector('.ant-select-selection-item-remove') as HTMLElement;

describe('the inspection teams', () => {
  it('lists the teams with their members by name', async () => {
    signInWithProject();
    inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openTeams(user);
    const row = await rowOf(panel, eastTeam.teamName);
    expect(within(row).getByText('张三、李四')).toBeInTheDocument();
    expect(within(row).getByText('夜间巡检')).toBeInTheDocument();
  });

  it('adds a team of users picked from the user list', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({ 'POST /operation/inspection/team': ok({ data: { teamId: 12 } }) });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openTeams(user);
    await rowOf(panel, eastTeam.teamName);
    await user.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增巡检班组' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入班组名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择 1 到 50 名班组成员')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/team')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('班组名称'), ' 西区白班 ');
    await selectOption(user, dialog, '班组成员', '李四 (lisi)');
    await selectOption(user, dialog, '班组成员', '张三 (zhangsan)');
    await user.type(within(dialog).getByLabelText('备注'), '白天巡检');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/team')[0]?.body).toEqual({ teamName: '西区白班', memberIds: [6, 5], remark: '白天巡检' });
    // enabled users only
    expect(callsTo('GET /system/user/list')[0]?.query.get('status')).toBe('0');
  });

  it('edits a team: its members chosen, one taken away', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({ 'PUT /operation/inspection/team': ok() });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openTeams(user);
    const row = await rowOf(panel, eastTeam.teamName);
    await user.click(within(row).getByRole('button', { name: `修改 ${eastTeam.teamName}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改巡检班组' });
    expect(within(dialog).getByLabelText('班组名称')).toHaveValue(eastTeam.teamName);
    const zhangsan = within(dialog).getByTitle('张三 (zhangsan)');
    expect(within(dialog).getByTitle('李四 (lisi)')).toBeInTheDocument();
    await user.click(removeOf(zhangsan));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/team')[0]?.body).toEqual({ teamId: 11, teamName: eastTeam.teamName, memberIds: [6], remark: '夜间巡检' });
  });

  it('takes typed user ids when the user list is refused (403)', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({
      'GET /system/user/list': { status: 403, body: { code: 403, msg: '没有权限，请联系管理员授权' } },
      'POST /operation/inspection/team': ok({ data: { teamId: 12 } }),
    });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openTeams(user);
    await rowOf(panel, eastTeam.teamName);
    await user.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增巡检班组' });
    expect(await within(dialog).findByText('无法读取用户列表，请输入成员的用户 ID（每输入一个按回车）')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('班组名称'), '临时班组');
    await user.type(within(dialog).getByLabelText('班组成员'), 'abc{Enter}');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入 1 到 50 个成员用户 ID（正整数）')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/team')).toHaveLength(0);
    await user.click(removeOf(within(dialog).getByTitle('abc')));
    await user.type(within(dialog).getByLabelText('班组成员'), '7{Enter}');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/team')[0]?.body).toEqual({ teamName: '临时班组', memberIds: [7], remark: '' });
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openTeams(user, 'Teams');
    await rowOf(panel, eastTeam.teamName);
    expect(within(panel).getByRole('columnheader', { name: 'Members' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add inspection team' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Enter the team name')).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose 1 to 50 members')).toBeInTheDocument();
  });
});
