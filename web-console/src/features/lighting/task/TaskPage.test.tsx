import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockResponse } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { pickOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { gatewaySchedules, nightPlan, ok, scheduleBackend } from '../fixtures';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the tasks page', () => {
  it('lists tasks: priority, days, start and end, scenes, gateways, enabled, issue state', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend();
    renderApp({ route: '/lighting/task' });
    const festival = await rowOf('节日亮灯');
    for (const text of ['5', '2026-05-01 至 2026-05-31', '周一、周二、周三、周四、周五', '日落 +15 分钟', '22:00', '节日场景', '深夜节能', '2', '下发成功']) {
      expect(within(festival).getByText(text)).toBeInTheDocument();
    }
    expect(within(festival).getByRole('switch', { name: '节日亮灯 的启用状态' })).toBeChecked();
    const everyday = await rowOf('日常照明');
    for (const text of ['每天', '日落', '日出 -30 分钟', '未下发']) expect(within(everyday).getByText(text)).toBeInTheDocument();
    expect(within(everyday).getByRole('switch', { name: '日常照明 的启用状态' })).not.toBeChecked();
    expect(callsTo('GET /lighting/task/list')[0]?.headers.get('ProjectId')).toBe('1');
  });

  it("adds a task: the spec's message without scenes, the scenes in the order chosen", async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'POST /lighting/task': ok({ data: 13 }) });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增任务' });
    await user.clear(within(dialog).getByLabelText('优先级'));
    await user.type(within(dialog).getByLabelText('优先级'), '256');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('操作错误，请选择要下发的场景')).toBeInTheDocument();
    expect(await within(dialog).findByText('任务名称为 1 到 30 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('优先级为 0 到 255 的整数')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择网关')).toBeInTheDocument();

    // a start 200 minutes after sunset is too far
    await user.clear(within(dialog).getByLabelText('开始偏移（分钟）'));
    await user.type(within(dialog).getByLabelText('开始偏移（分钟）'), '200');
    expect(await within(dialog).findByText('偏移为 -180 到 180 分钟的整数')).toBeInTheDocument();
    expect(callsTo('POST /lighting/task')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('任务名称'), '周末亮灯');
    await user.clear(within(dialog).getByLabelText('优先级'));
    await user.type(within(dialog).getByLabelText('优先级'), '9');
    await user.click(within(dialog).getByRole('checkbox', { name: '周一' }));
    await user.clear(within(dialog).getByLabelText('开始偏移（分钟）'));
    await user.type(within(dialog).getByLabelText('开始偏移（分钟）'), '-20');
    await pickOption(user, dialog, '场景', '深夜节能');
    await pickOption(user, dialog, '场景', '节日场景');
    await pickOption(user, dialog, '网关', '南区网关 (GW-0008)');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/task')[0]?.body).toEqual({
      taskName: '周末亮灯',
      priority: 9,
      dateFrom: null,
      dateTo: null,
      weekdays: '2,3,4,5,6,7',
      startType: '2',
      startTime: null,
      startOffset: -20,
      endType: '1',
      endTime: null,
      endOffset: 0,
      sceneIds: [4, 3],
      gatewayIds: [8],
      remark: '',
    });
  });

  it('offers the combined scenes, each only as the task\'s only scene', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'POST /lighting/task': ok({ data: 13 }) });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增任务' });
    await user.type(within(dialog).getByLabelText('任务名称'), '节日轮换亮灯');
    await pickOption(user, dialog, '网关', '北区网关 (GW-0007)');
    await pickOption(user, dialog, '场景', '节日场景');
    await pickOption(user, dialog, '场景', '节日轮换（组合场景）');
    expect(await within(dialog).findByText('组合场景须为任务的唯一场景')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('组合场景须为任务的唯一场景')).toBeInTheDocument();
    expect(callsTo('POST /lighting/task')).toHaveLength(0);
    expect(callsTo('GET /lighting/combinedScene/list')[0]?.query.get('pageSize')).toBe('500');

    // the power scene taken off again: the combined scene alone is sent
    await pickOption(user, dialog, '场景', '节日场景');
    await waitFor(() => expect(within(dialog).queryByText('组合场景须为任务的唯一场景')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/task')[0]?.body).toMatchObject({ taskName: '节日轮换亮灯', sceneIds: [21], gatewayIds: [7] });
  });

  it("shows the server's refusal to edit or delete an enabled task, and enables another after confirmation", async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({
      'PUT /lighting/task': ok({ code: 500, msg: '任务已启用，不能修改，请先停用' }),
      'DELETE /lighting/task/11': ok({ code: 500, msg: '任务已启用，不能删除，请先停用' }),
      'PUT /lighting/task/changeStatus': ok(),
    });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: '修改 节日亮灯' }));
    const dialog = await screen.findByRole('dialog', { name: '修改任务' });
    expect(within(dialog).getByText('已启用的任务不能修改或删除，请先停用')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('任务名称')).toHaveValue('节日亮灯');
    expect(within(dialog).getByLabelText('开始偏移（分钟）')).toHaveValue('15');
    expect(within(dialog).getByLabelText('结束时间')).toHaveValue('22:00');
    expect(within(dialog).getByRole('checkbox', { name: '周六' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('任务已启用，不能修改，请先停用')).toBeInTheDocument();
    // sent as it stands, and the dialog stays open
    expect(callsTo('PUT /lighting/task')[0]?.body).toEqual({
      taskId: 11,
      taskName: '节日亮灯',
      priority: 5,
      dateFrom: '2026-05-01',
      dateTo: '2026-05-31',
      weekdays: '1,2,3,4,5',
      startType: '2',
      startTime: null,
      startOffset: 15,
      endType: '0',
      endTime: '22:00',
      endOffset: null,
      sceneIds: [3, 4],
      gatewayIds: [7, 8],
      remark: '',
    });
    expect(screen.getByRole('dialog', { name: '修改任务' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改任务' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 节日亮灯' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除任务“节日亮灯”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('任务已启用，不能删除，请先停用')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('switch', { name: '日常照明 的启用状态' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定启用任务“日常照明”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已启用')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/task/changeStatus')[0]?.body).toEqual({ taskId: 12, enabled: '1' });
  });

  it("saves the site: latitude, longitude and an IANA time zone", async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend({ 'PUT /lighting/site': ok() });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: /站点/ }));
    const dialog = await screen.findByRole('dialog', { name: '站点设置' });
    await waitFor(() => expect(within(dialog).getByLabelText('纬度')).toHaveValue('30.2741'));
    await user.clear(within(dialog).getByLabelText('纬度'));
    await user.type(within(dialog).getByLabelText('纬度'), '95');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('纬度为 -90 到 90 的数字')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('纬度'));
    await user.type(within(dialog).getByLabelText('纬度'), '52.52');
    await user.clear(within(dialog).getByLabelText('经度'));
    await user.type(within(dialog).getByLabelText('经度'), '13.405');
    await user.type(within(dialog).getByRole('combobox', { name: '时区' }), 'Europe/Berl');
    await pickOption(user, dialog, '时区', 'Europe/Berlin');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('站点已保存')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/site')[0]?.body).toEqual({ latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '站点设置' })).not.toBeInTheDocument());
  });

  it("draws tonight's plan: each loop's segments with their causes, its reading, sunset and sunrise", async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend();
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: /今晚计划/ }));
    const drawer = await screen.findByRole('dialog', { name: '今晚计划' });
    const timeline = await within(drawer).findByRole('group', { name: '北区网关 主路灯 的计划' });
    const task = within(timeline).getByRole('img', { name: '19:00–21:00 开 80%：节日亮灯 · 节日场景 · 优先级 5' });
    // 19:00 is 7 of the window's 24 hours, two hours wide
    expect(parseFloat(task.style.left)).toBeCloseTo((7 / 24) * 100);
    expect(parseFloat(task.style.width)).toBeCloseTo((2 / 24) * 100);
    expect(within(timeline).getByRole('img', { name: '21:00–21:30 开 100%：手动控制' })).toBeInTheDocument();
    expect(within(timeline).getByRole('img', { name: '21:30–22:10 开 100%：最短燃点至 22:10' })).toBeInTheDocument();
    expect(within(timeline).getByRole('img', { name: '12:00–19:00 关：无计划' })).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: '北区网关 回路2 的计划' })).toBeInTheDocument();
    expect(within(drawer).getByText('实际: 开 80%')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-05-01 19:30:05')).toBeInTheDocument();
    expect(within(drawer).getByText('实际: 暂无读数')).toBeInTheDocument();
    expect(within(drawer).getByText('日落 18:45')).toBeInTheDocument();
    expect(within(drawer).getByText('日出 05:15')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-05-01 12:00 至 2026-05-02 12:00（Asia/Shanghai）')).toBeInTheDocument();

    await user.hover(task);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('19:00–21:00 开 80%：节日亮灯 · 节日场景 · 优先级 5');

    await pickOption(user, drawer, '网关', '北区网关 (GW-0007)');
    await waitFor(() => expect(callsTo('GET /lighting/plan/tonight').at(-1)?.query.get('gatewayId')).toBe('7'));
  });

  it('places the segments of an autumn night by their instants: the two 01:30s apart', async () => {
    signInWithProject();
    // New York, 2026-11-01: 02:00 EDT becomes 01:00 EST, so 01:30 happens at 05:30Z and at 06:30Z
    const utc = (text: string) => Date.parse(`${text}Z`);
    const idle = { taskId: null, taskName: null, sceneId: null, sceneName: null, priority: null, until: null };
    const run = { ...idle, switchState: '1' as const, cause: 'task', sceneId: 3, sceneName: '节日场景' };
    const segment = (from: string, fromMs: string, to: string, toMs: string) => ({ from, to, fromMs: utc(fromMs), toMs: utc(toMs) });
    const autumn = {
      ...nightPlan,
      date: '2026-10-31',
      from: '2026-10-31 12:00:00',
      to: '2026-11-01 12:00:00',
      fromMs: utc('2026-10-31T16:00:00'),
      toMs: utc('2026-11-01T17:00:00'),
      timeZone: 'America/New_York',
      sunset: '2026-10-31 17:50:00',
      sunrise: '2026-11-01 06:30:00',
      gateways: [
        {
          ...nightPlan.gateways[0]!,
          loops: [
            {
              loopIndex: 1,
              loopName: '主路灯',
              actual: null,
              segments: [
                { ...segment('2026-10-31 12:00:00', '2026-10-31T16:00:00', '2026-10-31 22:00:00', '2026-11-01T02:00:00'), ...idle, switchState: '0' as const, brightness: null, cause: 'idle' },
                { ...segment('2026-10-31 22:00:00', '2026-11-01T02:00:00', '2026-11-01 01:30:00', '2026-11-01T05:30:00'), ...run, brightness: 80, taskId: 11, taskName: '节日亮灯', priority: 5 },
                { ...segment('2026-11-01 01:30:00', '2026-11-01T05:30:00', '2026-11-01 01:30:00', '2026-11-01T06:30:00'), ...idle, switchState: '0' as const, brightness: null, cause: 'idle' },
                { ...segment('2026-11-01 01:30:00', '2026-11-01T06:30:00', '2026-11-01 06:00:00', '2026-11-01T11:00:00'), ...run, brightness: 30, taskId: 12, taskName: '深夜节能', priority: 3 },
                { ...segment('2026-11-01 06:00:00', '2026-11-01T11:00:00', '2026-11-01 12:00:00', '2026-11-01T17:00:00'), ...idle, switchState: '0' as const, brightness: null, cause: 'idle' },
              ],
            },
          ],
        },
      ],
    };
    scheduleBackend({ 'GET /lighting/plan/tonight': ok({ data: autumn }) });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: /今晚计划/ }));
    const drawer = await screen.findByRole('dialog', { name: '今晚计划' });
    const timeline = await within(drawer).findByRole('group', { name: '北区网关 主路灯 的计划' });
    const evening = within(timeline).getByRole('img', { name: '22:00–01:30 开 80%：节日亮灯 · 节日场景 · 优先级 5' });
    const repeated = within(timeline).getByRole('img', { name: '01:30–01:30 关：无计划' });
    const late = within(timeline).getByRole('img', { name: '01:30–06:00 开 30%：深夜节能 · 节日场景 · 优先级 3' });
    // a night of 25 real hours: the first 01:30 is 13.5 hours in, the second 14.5
    expect(parseFloat(evening.style.left) + parseFloat(evening.style.width)).toBeCloseTo((13.5 / 25) * 100);
    expect(parseFloat(repeated.style.left)).toBeCloseTo((13.5 / 25) * 100);
    expect(parseFloat(repeated.style.width)).toBeCloseTo((1 / 25) * 100);
    expect(parseFloat(late.style.left)).toBeCloseTo((14.5 / 25) * 100);
    expect(parseFloat(late.style.width)).toBeCloseTo((4.5 / 25) * 100);
    expect(parseFloat(late.style.left)).toBeGreaterThan(parseFloat(evening.style.left) + parseFloat(evening.style.width));
  });

  it("without a site shows the server's message and the way to set it, then the plan", async () => {
    signInWithProject();
    let site = false;
    const { callsTo } = scheduleBackend({
      'GET /lighting/site': ok({ data: null }),
      'PUT /lighting/site': () => {
        site = true;
        return ok();
      },
      'GET /lighting/plan/tonight': () => (site ? ok({ data: nightPlan }) : ok({ code: 500, msg: '请先设置项目的站点（位置和时区）' })),
    });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: /今晚计划/ }));
    const drawer = await screen.findByRole('dialog', { name: '今晚计划' });
    expect(await within(drawer).findByText('请先设置项目的站点（位置和时区）')).toBeInTheDocument();
    // shown once, in the drawer, not as a message too
    expect(document.querySelector('.ant-message-error')).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: '设置站点' }));
    // over the drawer (whose title antd's test ids make its name too): found by its title
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((candidate) => within(candidate).queryByText('站点设置'));
      if (!found) throw new Error('no site dialog');
      return found;
    });
    await user.type(within(dialog).getByLabelText('纬度'), '30.2741');
    await user.type(within(dialog).getByLabelText('经度'), '120.1551');
    await user.type(within(dialog).getByRole('combobox', { name: '时区' }), 'Asia/Shangh');
    await pickOption(user, dialog, '时区', 'Asia/Shanghai');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('站点已保存')).toBeInTheDocument();
    expect(await within(drawer).findByRole('group', { name: '北区网关 主路灯 的计划' })).toBeInTheDocument();
    expect(within(drawer).queryByText('请先设置项目的站点（位置和时区）')).not.toBeInTheDocument();
    expect(callsTo('GET /lighting/plan/tonight').length).toBeGreaterThanOrEqual(2);
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    scheduleBackend();
    const { user } = renderApp({ route: '/lighting/task' });
    const festival = await rowOf('节日亮灯');
    for (const text of ['2026-05-01 to 2026-05-31', 'Mon, Tue, Wed, Thu, Fri', 'Sunset +15 min', '22:00', 'succeeded']) {
      expect(within(festival).getByText(text)).toBeInTheDocument();
    }
    const everyday = await rowOf('日常照明');
    for (const text of ['Every day', 'Sunset', 'Sunrise -30 min', 'not issued']) expect(within(everyday).getByText(text)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Operation error, please select a scenario to deliver')).toBeInTheDocument();
    await pickOption(user, dialog, 'Scenes', '全场同亮 (combined)');
    await pickOption(user, dialog, 'Scenes', '深夜节能');
    expect(await within(dialog).findByText("A combined scene must be the task's only scene")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: /Tonight's plan/ }));
    const drawer = await screen.findByRole('dialog', { name: "Tonight's plan" });
    const timeline = await within(drawer).findByRole('group', { name: 'Plan of 主路灯 of 北区网关' });
    expect(within(timeline).getByRole('img', { name: '19:00–21:00 On 80%: 节日亮灯 · 节日场景 · priority 5' })).toBeInTheDocument();
    expect(within(timeline).getByRole('img', { name: '21:00–21:30 On 100%: manual override' })).toBeInTheDocument();
    expect(within(timeline).getByRole('img', { name: '21:30–22:10 On 100%: minimum burn until 22:10' })).toBeInTheDocument();
    expect(within(timeline).getByRole('img', { name: '12:00–19:00 Off: nothing planned' })).toBeInTheDocument();
    expect(within(drawer).getByText('Sunset 18:45')).toBeInTheDocument();
  });
});

const north = { gatewayId: 7, gatewayName: '北区网关', gatewayNumber: 'GW-0007' };
const south = { gatewayId: 8, gatewayName: '南区网关', gatewayNumber: 'GW-0008' };

/** Both gateways took their schedules. */
const issuedToBoth = ok({
  data: { total: 2, succeeded: 2, failed: 0, results: [{ ...north, result: 'ok', message: '' }, { ...south, result: 'ok', message: '' }] },
});

/** The south gateway is offline. */
const southQueued = ok({
  data: {
    total: 2,
    succeeded: 1,
    failed: 0,
    queued: 1,
    results: [
      { ...north, result: 'ok', message: '' },
      { ...south, result: 'queued', message: 'Gateway offline: the schedule is queued and sent as soon as it is back (for 24 h)' },
    ],
  },
});

const southOffline = ok({
  data: {
    total: 2,
    succeeded: 1,
    failed: 1,
    results: [
      { ...north, result: 'ok', message: '' },
      { ...south, result: 'offline', message: '设备离线，无法操作。' },
    ],
  },
});

describe('issuing tasks', () => {
  it('issues a task after confirmation: being issued until the answer, then the message and the list read again', async () => {
    signInWithProject();
    let answer: (response: MockResponse) => void = () => undefined;
    const { callsTo } = scheduleBackend({
      'POST /lighting/task/issue': () =>
        new Promise<MockResponse>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp({ route: '/lighting/task' });
    await user.click(within(await rowOf('节日亮灯')).getByRole('button', { name: '下发 节日亮灯' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定将任务“节日亮灯”下发到其网关吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument());
    expect(callsTo('POST /lighting/task/issue')).toHaveLength(0);

    await user.click(within(await rowOf('节日亮灯')).getByRole('button', { name: '下发 节日亮灯' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await within(await rowOf('节日亮灯')).findByText('下发中')).toBeInTheDocument();
    expect(callsTo('POST /lighting/task/issue')[0]?.body).toEqual({ taskIds: [11] });
    // the other task is left as it was
    expect(within(await rowOf('日常照明')).getByText('未下发')).toBeInTheDocument();
    const listed = callsTo('GET /lighting/task/list').length;

    answer(issuedToBoth);
    expect(await screen.findByText('下发成功：2个网关')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /lighting/task/list').length).toBeGreaterThan(listed));
    expect(await within(await rowOf('节日亮灯')).findByText('下发成功')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '下发结果' })).not.toBeInTheDocument();
  });

  it("opens the results when a gateway did not take its schedule: each gateway's outcome and message", async () => {
    signInWithProject();
    scheduleBackend({ 'POST /lighting/task/issue': southOffline });
    const { user } = renderApp({ route: '/lighting/task' });
    await user.click(within(await rowOf('节日亮灯')).getByRole('button', { name: '下发 节日亮灯' }));
    await user.click(within(await screen.findByRole('dialog', { name: '系统提示' })).getByRole('button', { name: '确定' }));
    const dialog = await screen.findByRole('dialog', { name: '下发结果' });
    expect(within(dialog).getByText('成功1个，失败1个')).toBeInTheDocument();
    const southRow = within(dialog).getByText('南区网关').closest('tr') as HTMLElement;
    expect(within(southRow).getByText('GW-0008')).toBeInTheDocument();
    expect(within(southRow).getByText('离线')).toBeInTheDocument();
    expect(within(southRow).getByText('设备离线，无法操作。')).toBeInTheDocument();
    const northRow = within(dialog).getByText('北区网关').closest('tr') as HTMLElement;
    expect(within(northRow).getByText('成功')).toBeInTheDocument();
    expect(screen.queryByText('下发成功：1个网关')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '下发结果' })).not.toBeInTheDocument());
  });

  it("issues the selected tasks; the server's refusal of a disabled one shows", async () => {
    signInWithProject();
    const refusal = "任务'日常照明'未启用，请先启用再下发";
    const { callsTo } = scheduleBackend({ 'POST /lighting/task/issue': ok({ code: 500, msg: refusal }) });
    const { user } = renderApp({ route: '/lighting/task' });
    const festival = await rowOf('节日亮灯');
    const issueSelected = screen.getByRole('button', { name: '下发' });
    expect(issueSelected).toBeDisabled();
    await user.click(within(festival).getByRole('checkbox'));
    await user.click(within(await rowOf('日常照明')).getByRole('checkbox'));
    await user.click(issueSelected);
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定下发选中的2个任务吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(callsTo('POST /lighting/task/issue')[0]?.body).toEqual({ taskIds: [11, 12] });
    // nothing was issued: the states as they were
    expect(await within(await rowOf('节日亮灯')).findByText('下发成功')).toBeInTheDocument();
    expect(within(await rowOf('日常照明')).getByText('未下发')).toBeInTheDocument();
  });

  it('disables issuing a disabled task, and says why', async () => {
    signInWithProject();
    const { callsTo } = scheduleBackend();
    const { user } = renderApp({ route: '/lighting/task' });
    const issue = within(await rowOf('日常照明')).getByRole('button', { name: '下发 日常照明' });
    expect(issue).toBeDisabled();
    expect(within(await rowOf('节日亮灯')).getByRole('button', { name: '下发 节日亮灯' })).toBeEnabled();
    await user.hover(issue.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('请先启用任务');
    await user.click(issue);
    expect(screen.queryByRole('dialog', { name: '系统提示' })).not.toBeInTheDocument();
    expect(callsTo('POST /lighting/task/issue')).toHaveLength(0);
  });

  it('hides issuing from users without lighting:task:issue', async () => {
    signInWithProject();
    scheduleBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:task:list', 'pc:lighting:task:query'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/lighting/task' });
    const festival = await rowOf('节日亮灯');
    expect(within(festival).getByText('下发成功')).toBeInTheDocument();
    expect(within(festival).queryByRole('button', { name: '下发 节日亮灯' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下发' })).not.toBeInTheDocument();
    // nothing to choose rows for
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /网关计划/ })).toBeInTheDocument();
  });

  it('lists the schedules the gateways hold, with their states, and reads them again', async () => {
    signInWithProject();
    const never = {
      ...gatewaySchedules[0]!,
      gatewayId: 9,
      gatewayName: '东区网关',
      gatewayNumber: 'GW-0009',
      issueState: '0',
      scheduleId: '',
      validFrom: null,
      validUntil: null,
      loopCount: 0,
      stepCount: 0,
      issuedBy: '',
      requestTime: null,
      finishTime: null,
    };
    const { callsTo } = scheduleBackend({ 'GET /lighting/task/gatewaySchedules': ok({ data: [...gatewaySchedules, never] }) });
    const { user } = renderApp({ route: '/lighting/task' });
    await rowOf('节日亮灯');
    await user.click(screen.getByRole('button', { name: /网关计划/ }));
    const drawer = await screen.findByRole('dialog', { name: '网关计划' });
    const northRow = (await within(drawer).findByText('北区网关')).closest('tr') as HTMLElement;
    for (const text of ['GW-0007', '下发成功', '2026-05-01 12:00:00 – 2026-05-08 12:00:00', '2', '14', 'admin', '2026-05-01 10:00:00', '2026-05-01 10:00:01']) {
      expect(within(northRow).getByText(text)).toBeInTheDocument();
    }
    const southRow = within(drawer).getByText('南区网关').closest('tr') as HTMLElement;
    for (const text of ['下发失败', '4', '20', '设备离线，无法操作。']) expect(within(southRow).getByText(text)).toBeInTheDocument();
    const eastRow = within(drawer).getByText('东区网关').closest('tr') as HTMLElement;
    expect(within(eastRow).getByText('未下发')).toBeInTheDocument();
    expect(within(eastRow).queryByText('0')).not.toBeInTheDocument();

    const read = callsTo('GET /lighting/task/gatewaySchedules').length;
    await user.click(within(drawer).getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(callsTo('GET /lighting/task/gatewaySchedules').length).toBeGreaterThan(read));
  });

  it('says which gateways wait for their schedule in the queue, rather than calling it done', async () => {
    signInWithProject();
    await changeLanguage('en');
    scheduleBackend({ 'POST /lighting/task/issue': southQueued });
    const { user } = renderApp({ route: '/lighting/task' });
    await user.click(within(await rowOf('节日亮灯')).getByRole('button', { name: 'Issue 节日亮灯' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Prompt' })).getByRole('button', { name: 'OK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue results' });
    expect(within(dialog).getByText('1 succeeded, 1 queued until their gateway is back, 0 failed')).toBeInTheDocument();
    const southRow = within(dialog).getByText('南区网关').closest('tr') as HTMLElement;
    expect(within(southRow).getByText('Queued')).toBeInTheDocument();
    expect(southRow).toHaveTextContent('the schedule is queued and sent as soon as it is back');
  });

  it('speaks English: the question, the results, the reason and the schedules', async () => {
    signInWithProject();
    await changeLanguage('en');
    scheduleBackend({ 'POST /lighting/task/issue': southOffline });
    const { user } = renderApp({ route: '/lighting/task' });
    await user.click(within(await rowOf('节日亮灯')).getByRole('button', { name: 'Issue 节日亮灯' }));
    const confirm = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(confirm).toHaveTextContent('Issue task “节日亮灯” to its gateways?');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue results' });
    expect(within(dialog).getByText('1 succeeded, 1 failed')).toBeInTheDocument();
    const southRow = within(dialog).getByText('南区网关').closest('tr') as HTMLElement;
    expect(within(southRow).getByText('Offline')).toBeInTheDocument();
    expect(within(within(dialog).getByText('北区网关').closest('tr') as HTMLElement).getByText('OK')).toBeInTheDocument();
    // the footer's button (the corner's has the same name)
    await user.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Issue results' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Gateway schedules/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Gateway schedules' });
    const southSchedule = (await within(drawer).findByText('南区网关')).closest('tr') as HTMLElement;
    expect(within(southSchedule).getByText('unsuccessful')).toBeInTheDocument();
    expect(within(drawer).getByRole('columnheader', { name: 'Issued by' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gateway schedules' })).not.toBeInTheDocument());

    // last: the tooltip stays, with the id antd gives every title in tests, which would name the dialogs after it
    const disabled = within(await rowOf('日常照明')).getByRole('button', { name: 'Issue 日常照明' });
    await user.hover(disabled.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Enable the task first');
  });
});
