import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { landscapeBackend, ok, refused } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./TimingOneKeyPage');
  await import('./TimingFormDialog');
}, 120_000);

const ROUTE = '/landscape/timingOneKey';
const WAITING = '2026-05-11 01:00:00 至 2026-05-11 03:00:00';

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** Types a wall time into the date-time picker labelled `label` and confirms it with Enter. */
async function pickTime(user: UserEvent, dialog: HTMLElement, label: string, wall: string) {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, wall);
  await user.keyboard('{Enter}');
}

async function openAdd(user: UserEvent, title = '新增定时一键控制', add = '新增') {
  await user.click(screen.getByRole('button', { name: add }));
  return screen.findByRole('dialog', { name: title });
}

describe('the timing one-key control page', () => {
  beforeEach(() => {
    // now is 2026-05-10 10:00 in the site's zone, Asia/Shanghai (the clock only: timers run as ever)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T10:00:00+08:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists the project's timings with their switch and state as tags", async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend();
    renderApp({ route: ROUTE });
    const waiting = await rowOf('检修停电');
    for (const text of ['关闭', '2026-05-11 01:00:00', '2026-05-11 03:00:00', '等待执行', 'admin', '2026-05-10 09:00:00']) {
      expect(within(waiting).getByText(text)).toBeInTheDocument();
    }
    expect(within(waiting).getByText('关闭').closest('.ant-tag')).not.toBeNull();
    expect(within(waiting).getByText('等待执行').closest('.ant-tag')).not.toBeNull();
    const inForce = await rowOf('2026-05-10 08:00:00');
    for (const text of ['开启', '2026-05-10 18:00:00', '执行中', '-']) expect(within(inForce).getByText(text)).toBeInTheDocument();
    const over = await rowOf('节日亮灯');
    for (const text of ['开启', '已结束', 'operator']) expect(within(over).getByText(text)).toBeInTheDocument();
    for (const title of ['开关状态', '开始时间', '结束时间', '状态', '备注', '创建人', '创建时间']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const first = callsTo('GET /landscape/timingOneKey/list')[0];
    expect(first?.query.get('pageNum')).toBe('1');
    expect(first?.query.get('pageSize')).toBe('20');
    expect(first?.headers.get('ProjectId')).toBe('1');
  });

  it("the add dialog says the times are the project's zone's and that tasks are to be issued again", async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend();
    const { user } = renderApp({ route: ROUTE });
    await rowOf('检修停电');
    const dialog = await openAdd(user);
    expect(await within(dialog).findByText(/时间为项目所在时区（Asia\/Shanghai）的时间/)).toBeInTheDocument();
    expect(within(dialog).getByText(/优先于所有任务/)).toBeInTheDocument();
    expect(within(dialog).getByText(/任务需重新下发/)).toBeInTheDocument();
    expect(callsTo('GET /lighting/site')).toHaveLength(1);
  });

  it('refuses a missing field, an end before the start and a start in the past, without sending', async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend({ 'POST /landscape/timingOneKey': ok({ data: 13 }) });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('检修停电');
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请选择开启或关闭', '请选择开始时间', '请选择结束时间']) expect(await within(dialog).findByText(message)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    await waitFor(() => expect(within(dialog).queryByText('请选择开启或关闭')).not.toBeInTheDocument());
    // the end before the start
    await pickTime(user, dialog, '开始时间', '2026-05-11 03:00');
    await pickTime(user, dialog, '结束时间', '2026-05-11 01:00');
    expect(await within(dialog).findByText('结束时间必须晚于开始时间')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // the same time is not after it either
    await pickTime(user, dialog, '结束时间', '2026-05-11 03:00');
    expect(await within(dialog).findByText('结束时间必须晚于开始时间')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    // a start earlier today, in the past: the end is checked again with it
    await pickTime(user, dialog, '开始时间', '2026-05-10 09:59');
    expect(await within(dialog).findByText('开始时间不能早于当前时间')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('结束时间必须晚于开始时间')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('开始时间不能早于当前时间')).toBeInTheDocument();

    // a day before today cannot be picked at all
    await pickTime(user, dialog, '开始时间', '2026-05-09 23:00');
    await user.click(within(dialog).getByLabelText('备注'));
    await waitFor(() => expect(within(dialog).getByLabelText('开始时间')).toHaveValue('2026-05-10 09:59'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /landscape/timingOneKey')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: '新增定时一键控制' })).toBeInTheDocument();
  });

  it('adds a timing: on or off, wall times with seconds, the remark trimmed; then reads the list again', async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend({ 'POST /landscape/timingOneKey': ok({ data: 13 }) });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('检修停电');
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    // the minute under way is not in the past
    await pickTime(user, dialog, '开始时间', '2026-05-10 10:00');
    await pickTime(user, dialog, '结束时间', '2026-05-11 03:00');
    await user.type(within(dialog).getByLabelText('备注'), ' 检修 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /landscape/timingOneKey')[0]?.body).toEqual({
      switchState: '0',
      startTime: '2026-05-10 10:00:00',
      endTime: '2026-05-11 03:00:00',
      remark: '检修',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增定时一键控制' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /landscape/timingOneKey/list')).toHaveLength(2));
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend({ 'POST /landscape/timingOneKey': refused(500, '请先设置项目的站点（位置和时区）') });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('检修停电');
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('radio', { name: '开启' }));
    await pickTime(user, dialog, '开始时间', '2026-05-12 19:00');
    await pickTime(user, dialog, '结束时间', '2026-05-12 23:30');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请先设置项目的站点（位置和时区）')).toBeInTheDocument();
    expect(callsTo('POST /landscape/timingOneKey')[0]?.body).toEqual({ switchState: '1', startTime: '2026-05-12 19:00:00', endTime: '2026-05-12 23:30:00', remark: '' });
    expect(screen.queryByText('新增成功')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '新增定时一键控制' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('开始时间')).toHaveValue('2026-05-12 19:00');
  });

  it('deletes one after confirmation, and several selected', async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend({
      'DELETE /landscape/timingOneKey/12': ok(),
      'DELETE /landscape/timingOneKey/11,10': ok(),
    });
    const { user } = renderApp({ route: ROUTE });
    const waiting = await rowOf('检修停电');

    await user.click(within(waiting).getByRole('button', { name: `删除 ${WAITING}` }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent(`确定删除定时一键控制“${WAITING}”吗？`);
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(callsTo('DELETE /landscape/timingOneKey/12')).toHaveLength(0);

    await user.click(within(waiting).getByRole('button', { name: `删除 ${WAITING}` }));
    const again = await screen.findByRole('dialog', { name: '系统提示' });
    await waitFor(() => expect(again).toHaveTextContent(`确定删除定时一键控制“${WAITING}”吗？`));
    await user.click(within(again).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /landscape/timingOneKey/12')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET /landscape/timingOneKey/list')).toHaveLength(2));

    await user.click(within(await rowOf('2026-05-10 08:00:00')).getByRole('checkbox'));
    await user.click(within(await rowOf('节日亮灯')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '删除' }));
    const batch = await screen.findByRole('dialog', { name: '系统提示' });
    await waitFor(() => expect(batch).toHaveTextContent('确定删除选中的 2 条数据吗？'));
    await user.click(within(batch).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('DELETE /landscape/timingOneKey/11,10')).toHaveLength(1));
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    const info = (permissions: string[]) =>
      ok({ user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' }, roles: ['ROLE_DEFAULT'], permissions, defultMenu: '' });
    landscapeBackend({ 'GET /getInfo': info(['pc:landscape:timingOneKey:list']) });
    renderApp({ route: ROUTE });
    await rowOf('检修停电');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `删除 ${WAITING}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("adds without the site's permission: the note names no zone and the site is not asked for", async () => {
    signInWithProject();
    const { callsTo } = landscapeBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'planner', nickName: '计划员', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:landscape:timingOneKey:list', 'pc:landscape:timingOneKey:add'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('检修停电');
    expect(screen.queryByRole('button', { name: `删除 ${WAITING}` })).not.toBeInTheDocument();
    const dialog = await openAdd(user);
    expect(within(dialog).getByText(/^时间为项目所在时区的时间。/)).toBeInTheDocument();
    expect(callsTo('GET /lighting/site')).toHaveLength(0);
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    landscapeBackend();
    const { user } = renderApp({ route: ROUTE });
    const waiting = await rowOf('检修停电');
    for (const text of ['Off', 'Waiting']) expect(within(waiting).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('2026-05-10 08:00:00')).getByText('In force')).toBeInTheDocument();
    expect(within(await rowOf('节日亮灯')).getByText('Over')).toBeInTheDocument();
    for (const title of ['Switch', 'Start time', 'End time', 'State', 'Remark', 'Created by', 'Created at']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const dialog = await openAdd(user, 'Add timing one-key control', 'Add');
    expect(await within(dialog).findByText(/Times are in the project's time zone \(Asia\/Shanghai\)/)).toBeInTheDocument();
    expect(within(dialog).getByText(/the tasks must be issued again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    for (const message of ['Choose whether to switch on or off', 'Please choose the start time', 'Please choose the end time']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: 'On' }));
    await pickTime(user, dialog, 'Start time', '2026-05-10 09:00');
    expect(await within(dialog).findByText('The start cannot be in the past')).toBeInTheDocument();
    await pickTime(user, dialog, 'Start time', '2026-05-11 03:00');
    await pickTime(user, dialog, 'End time', '2026-05-11 01:00');
    expect(await within(dialog).findByText('The end date must be after the start date')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(waiting).getByRole('button', { name: 'Delete 2026-05-11 01:00:00 to 2026-05-11 03:00:00' }));
    expect(await screen.findByText('Delete the timing one-key control "2026-05-11 01:00:00 to 2026-05-11 03:00:00"?')).toBeInTheDocument();
  });
});
