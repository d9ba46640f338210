import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { pickOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { ok, scheduleBackend } from '../fixtures';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** The scene a member row's select shows. */
const sceneShown = (dialog: HTMLElement, row: number) => within(dialog).getByRole('combobox', { name: `第 ${row} 个场景` }).closest('.ant-select') as HTMLElement;

describe('the combined scenes page', () => {
  it('lists combined scenes: modes, members in order, total minutes; searches by name; deletes after confirmation', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'DELETE /lighting/combinedScene/21': ok() });
    const { user } = renderApp({ route: '/lighting/combinedScene' });
    const cycle = await rowOf('节日轮换');
    for (const text of ['顺序执行', '循环', '节日场景', '深夜节能', '75', 'admin', '2026-04-22 10:00:00']) expect(within(cycle).getByText(text)).toBeInTheDocument();
    expect(cycle).toHaveTextContent('节日场景 → 深夜节能');
    const together = await rowOf('全场同亮');
    for (const text of ['同步执行', '单次', '节假日']) expect(within(together).getByText(text)).toBeInTheDocument();
    expect(together).toHaveTextContent('深夜节能、节日场景');
    // no minutes at once
    expect(within(together).queryByText('0')).not.toBeInTheDocument();
    expect(callsTo('GET /lighting/combinedScene/list')[0]?.query.get('pageSize')).toBe('20');
    expect(callsTo('GET /lighting/combinedScene/list')[0]?.headers.get('ProjectId')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: '场景名称' }), '节日');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /lighting/combinedScene/list').at(-1)?.query.get('sceneName')).toBe('节日'));

    await user.click(within(await rowOf('节日轮换')).getByRole('button', { name: '删除 节日轮换' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除组合场景“节日轮换”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /lighting/combinedScene/21')).toHaveLength(1);
  });

  it('adds a sequential cycle: the modes and scenes required, the members in the order set with their minutes', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'POST /lighting/combinedScene': ok({ data: 23 }) });
    const { user } = renderApp({ route: '/lighting/combinedScene' });
    await rowOf('节日轮换');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增组合场景' });
    // two rows to begin with, no minutes until the scenes run in a sequence
    expect(within(dialog).getByRole('combobox', { name: '第 2 个场景' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('第 1 个场景的分钟数')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('场景名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择执行方式（同步或顺序）')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择单次或循环')).toBeInTheDocument();
    expect(within(dialog).getAllByText('请选择场景')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText('场景名称'), ' 夜间轮换 ');
    await user.click(within(dialog).getByRole('radio', { name: '顺序执行' }));
    expect(within(dialog).getByText('从任务开始，先执行第 1 个场景所设的分钟数，再执行第 2 个场景，依次类推')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '循环' }));
    expect(within(dialog).getByText('执行完一轮后回到第 1 个场景，循环直到任务结束')).toBeInTheDocument();
    await pickOption(user, dialog, '第 1 个场景', '深夜节能');
    await user.type(within(dialog).getByLabelText('第 1 个场景的分钟数'), '15');
    await pickOption(user, dialog, '第 2 个场景', '节日场景');
    await user.type(within(dialog).getByLabelText('第 2 个场景的分钟数'), '20');
    // a third: the same scene again is allowed in a sequence; moved up to second place
    await user.click(within(dialog).getByRole('button', { name: '添加场景' }));
    await pickOption(user, dialog, '第 3 个场景', '节日场景');
    await user.type(within(dialog).getByLabelText('第 3 个场景的分钟数'), '10');
    expect(within(dialog).getByRole('button', { name: '下移第 3 个场景' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '上移第 1 个场景' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '上移第 3 个场景' }));
    expect(within(dialog).getByLabelText('第 2 个场景的分钟数')).toHaveValue('10');
    expect(within(dialog).getByText('一轮共 45 分钟')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/combinedScene')[0]?.body).toEqual({
      sceneName: '夜间轮换',
      executionMode: '1',
      repeatMode: '1',
      remark: '',
      members: [
        { sceneId: 4, minutes: 15 },
        { sceneId: 3, minutes: 10 },
        { sceneId: 3, minutes: 20 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增组合场景' })).not.toBeInTheDocument());
  });

  it('refuses minutes out of 5 to 1440, or fewer than 2 scenes, without sending', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'POST /lighting/combinedScene': ok({ data: 23 }) });
    const { user } = renderApp({ route: '/lighting/combinedScene' });
    await rowOf('节日轮换');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增组合场景' });
    await user.type(within(dialog).getByLabelText('场景名称'), '短时轮换');
    await user.click(within(dialog).getByRole('radio', { name: '顺序执行' }));
    await user.click(within(dialog).getByRole('radio', { name: '单次' }));
    expect(within(dialog).getByText('执行完一轮后，最后一个场景保持到任务结束')).toBeInTheDocument();
    await pickOption(user, dialog, '第 1 个场景', '节日场景');
    await user.type(within(dialog).getByLabelText('第 1 个场景的分钟数'), '4');
    await pickOption(user, dialog, '第 2 个场景', '深夜节能');
    await user.type(within(dialog).getByLabelText('第 2 个场景的分钟数'), '1441');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getAllByText('顺序执行时每个场景持续5到1440分钟')).toHaveLength(2));

    // a whole number only
    await user.clear(within(dialog).getByLabelText('第 1 个场景的分钟数'));
    await user.type(within(dialog).getByLabelText('第 1 个场景的分钟数'), '7.5');
    await user.clear(within(dialog).getByLabelText('第 2 个场景的分钟数'));
    await user.type(within(dialog).getByLabelText('第 2 个场景的分钟数'), '1440');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getAllByText('顺序执行时每个场景持续5到1440分钟')).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: '删除第 1 个场景' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('组合场景须包含2到20个场景')).toBeInTheDocument();
    expect(callsTo('POST /lighting/combinedScene')).toHaveLength(0);
  });

  it('refuses a scene chosen twice when synchronous, where the repeat does not matter; sends no minutes', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'POST /lighting/combinedScene': ok({ data: 23 }) });
    const { user } = renderApp({ route: '/lighting/combinedScene' });
    await rowOf('节日轮换');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增组合场景' });
    await user.type(within(dialog).getByLabelText('场景名称'), '同时亮灯');
    await user.click(within(dialog).getByRole('radio', { name: '循环' }));
    // at once there is no cycle: single, and no other choice
    await user.click(within(dialog).getByRole('radio', { name: '同步执行' }));
    expect(within(dialog).getByText('所有场景在任务运行期间同时生效；两个场景设置同一回路时，以排在后面的场景为准')).toBeInTheDocument();
    expect(within(dialog).getByText('仅在顺序执行时起作用')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '单次' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '循环' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('第 1 个场景的分钟数')).not.toBeInTheDocument();
    await pickOption(user, dialog, '第 1 个场景', '节日场景');
    await pickOption(user, dialog, '第 2 个场景', '节日场景');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getAllByText('同步执行时同一场景只能选一次')).toHaveLength(2));
    expect(callsTo('POST /lighting/combinedScene')).toHaveLength(0);

    // another scene in the second row: both errors go
    await pickOption(user, dialog, '第 2 个场景', '深夜节能');
    await waitFor(() => expect(within(dialog).queryByText('同步执行时同一场景只能选一次')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/combinedScene')[0]?.body).toEqual({
      sceneName: '同时亮灯',
      executionMode: '0',
      repeatMode: '0',
      remark: '',
      members: [
        { sceneId: 3, minutes: 0 },
        { sceneId: 4, minutes: 0 },
      ],
    });
  });

  it("edits a combined scene from its detail, its members in order, and shows the server's refusal", async () => {
    signInWithProject();
    const refusal = '组合场景正被已启用的任务“节日亮灯”使用，请先停用';
    let refuse = true;
    const { callsTo } = scheduleBackend({ 'PUT /lighting/combinedScene': () => (refuse ? ok({ code: 500, msg: refusal }) : ok()) });
    const { user } = renderApp({ route: '/lighting/combinedScene' });
    await user.click(within(await rowOf('节日轮换')).getByRole('button', { name: '修改 节日轮换' }));
    const dialog = await screen.findByRole('dialog', { name: '修改组合场景' });
    await waitFor(() => expect(within(dialog).getByLabelText('第 1 个场景的分钟数')).toHaveValue('30'));
    expect(sceneShown(dialog, 1)).toHaveTextContent('节日场景');
    expect(sceneShown(dialog, 2)).toHaveTextContent('深夜节能');
    expect(within(dialog).getByLabelText('第 2 个场景的分钟数')).toHaveValue('45');
    expect(within(dialog).getByRole('radio', { name: '顺序执行' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '循环' })).toBeChecked();
    expect(callsTo('GET /lighting/combinedScene/21')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: '下移第 1 个场景' }));
    expect(sceneShown(dialog, 1)).toHaveTextContent('深夜节能');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '修改组合场景' })).toBeInTheDocument();
    const sent = {
      sceneId: 21,
      sceneName: '节日轮换',
      executionMode: '1',
      repeatMode: '1',
      remark: '',
      members: [
        { sceneId: 4, minutes: 45 },
        { sceneId: 3, minutes: 30 },
      ],
    };
    expect(callsTo('PUT /lighting/combinedScene')[0]?.body).toEqual(sent);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/combinedScene')[1]?.body).toEqual(sent);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改组合场景' })).not.toBeInTheDocument());
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    scheduleBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:combinedScene:list'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/lighting/combinedScene' });
    await rowOf('节日轮换');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 节日轮换' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 节日轮换' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = scheduleBackend();
    const { user } = renderApp({ route: '/lighting/combinedScene' });
    const cycle = await rowOf('节日轮换');
    for (const text of ['Sequential', 'Cycle', '75']) expect(within(cycle).getByText(text)).toBeInTheDocument();
    const together = await rowOf('全场同亮');
    for (const text of ['Synchronous', 'Single']) expect(within(together).getByText(text)).toBeInTheDocument();
    expect(together).toHaveTextContent('深夜节能, 节日场景');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add combined scene' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The scene name is 1 to 30 characters')).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose the execution mode: synchronous or sequential')).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose single or cycle')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Choose the scene')).toHaveLength(2);

    await user.click(within(dialog).getByRole('radio', { name: 'Synchronous' }));
    expect(within(dialog).getByText('Only matters in a sequence')).toBeInTheDocument();
    await pickOption(user, dialog, 'Scene 1', '深夜节能');
    await pickOption(user, dialog, 'Scene 2', '深夜节能');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getAllByText('In synchronous mode a scene is chosen once')).toHaveLength(2));

    await user.click(within(dialog).getByRole('radio', { name: 'Sequential' }));
    // in a sequence a scene may come twice: the errors go, the minutes are asked for
    await waitFor(() => expect(within(dialog).queryByText('In synchronous mode a scene is chosen once')).not.toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('Minutes of scene 1'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Remove scene 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('In a sequence each scene lasts 5 to 1440 minutes')).toBeInTheDocument();
    expect(await within(dialog).findByText('A combined scene has 2 to 20 scenes')).toBeInTheDocument();
    expect(callsTo('POST /lighting/combinedScene')).toHaveLength(0);
  });
});
