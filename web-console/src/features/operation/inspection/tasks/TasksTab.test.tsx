import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import type { MockRequest } from '../../../../test/fetchMock';
import { renderApp } from '../../../../test/renderWithProviders';
import { selectOption } from '../../../../test/selectOption';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { doingTask, finishedTask, inspectionBackend, inspectionTasks } from '../../fixtures';
import type { InspectionTask } from '../../types';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the inspection tasks', () => {
  it('lists the tasks with their statuses, the tabs with their counts, and filters on the server', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    expect(await screen.findByRole('tab', { name: '巡检任务', selected: true })).toBeInTheDocument();
    const doing = await rowOf('滨江每日巡检 2026-05-02');
    expect(within(doing).getByText('巡检中')).toBeInTheDocument();
    expect(within(doing).getByText('滨江每日巡检')).toBeInTheDocument();
    expect(within(doing).getByText('滨江夜巡路线')).toBeInTheDocument();
    expect(within(doing).getByText('东区夜巡组')).toBeInTheDocument();
    expect(within(doing).getByRole('button', { name: '处理 滨江每日巡检 2026-05-02' })).toBeInTheDocument();
    expect(within(doing).getByRole('button', { name: '删除 滨江每日巡检 2026-05-02' })).toBeInTheDocument();
    const byHand = await rowOf('临时巡检');
    expect(within(byHand).getByText('手动添加')).toBeInTheDocument();
    expect(within(byHand).getByText('待巡检')).toBeInTheDocument();
    // only a task that is doing is dealt with; a finished one is kept
    expect(within(byHand).queryByRole('button', { name: '处理 临时巡检' })).not.toBeInTheDocument();
    const finished = await rowOf('滨江每日巡检 2026-05-01');
    expect(within(finished).getByText('已完成')).toBeInTheDocument();
    expect(within(finished).getByText('zhangsan')).toBeInTheDocument();
    expect(within(finished).queryByRole('button', { name: '处理 滨江每日巡检 2026-05-01' })).not.toBeInTheDocument();
    expect(within(finished).queryByRole('button', { name: '删除 滨江每日巡检 2026-05-01' })).not.toBeInTheDocument();

    expect(await screen.findByRole('tab', { name: '全部 (13)' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['待巡检 (3)', '巡检中 (2)', '已完成 (7)', '已过期 (1)']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '巡检中 (2)' }));
    await waitFor(() => expect(callsTo('GET /operation/inspection/task/list').at(-1)?.query.get('status')).toBe('1'));
    await user.click(screen.getByRole('switch', { name: '只看我的班组' }));
    await waitFor(() => expect(callsTo('GET /operation/inspection/task/list').at(-1)?.query.get('mine')).toBe('1'));
    await user.type(screen.getByLabelText('关键字'), '滨江');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/inspection/task/list').at(-1)?.query.get('keyword')).toBe('滨江'));
    expect(Object.fromEntries(callsTo('GET /operation/inspection/task/list').at(-1)?.query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      status: '1',
      mine: '1',
      keyword: '滨江',
    });
  });

  it('deals with a task: refuses an empty description and missing results, then sends every point and shows the work orders raised', async () => {
    signInWithProject();
    let tasks: InspectionTask[] = inspectionTasks;
    const { callsTo } = inspectionBackend({
      'GET /operation/inspection/task/list': () => ok({ rows: tasks, total: tasks.length }),
      'PUT /operation/inspection/task/deal': (request: MockRequest) => {
        const { taskId } = request.body as { taskId: number };
        tasks = tasks.map((task) => (task.taskId === taskId ? { ...task, status: '2', abnormalCount: 1, handlerName: 'admin' } : task));
        // as the edge answers: beside code and msg
        return ok({ status: '2', workOrders: ['WO20260502009'] });
      },
    });
    const { user } = renderApp({ route: '/operation/inspection' });
    const row = await rowOf(doingTask.taskName);
    const listCalls = callsTo('GET /operation/inspection/task/list').length;
    await user.click(within(row).getByRole('button', { name: `处理 ${doingTask.taskName}` }));
    const dialog = await screen.findByRole('dialog', { name: `处理巡检任务：${doingTask.taskName}` });
    const gatewayPoint = await within(dialog).findByRole('group', { name: '1. 北区网关 (GW-0007)' });
    const addressPoint = within(dialog).getByRole('group', { name: '2. 观景步道' });

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写处理结果描述')).toBeInTheDocument();
    expect(await within(gatewayPoint).findByText('请选择巡检结果：正常或异常')).toBeInTheDocument();
    expect(await within(addressPoint).findByText('请选择巡检结果：正常或异常')).toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/task/deal')).toHaveLength(0);

    // an abnormal point may raise a work order, of the question chosen ("other" unless chosen)
    expect(within(gatewayPoint).queryByRole('checkbox', { name: '生成工单' })).not.toBeInTheDocument();
    await user.click(within(gatewayPoint).getByRole('radio', { name: '异常' }));
    await user.type(within(gatewayPoint).getByLabelText('备注'), '柜门松动');
    await user.click(within(gatewayPoint).getByRole('checkbox', { name: '生成工单' }));
    expect(within(gatewayPoint).getByTitle('其他')).toBeInTheDocument();
    await selectOption(user, gatewayPoint, '问题类型', '设施损坏');
    await user.click(within(addressPoint).getByRole('radio', { name: '正常' }));
    // a description of blanks is no description
    await user.type(within(dialog).getByLabelText('处理结果描述'), '   ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写处理结果描述')).toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/task/deal')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('处理结果描述'), ' 北区网关柜门松动，已报修 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('巡检任务已处理')).toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/task/deal')[0]?.body).toEqual({
      taskId: 41,
      description: '北区网关柜门松动，已报修',
      results: [
        { pointId: 501, result: '2', remark: '柜门松动', workOrder: true, questionType: '4' },
        { pointId: 502, result: '1', remark: '', workOrder: false, questionType: '' },
      ],
    });
    const result = await screen.findByRole('dialog', { name: '处理结果' });
    expect(within(result).getByText('任务状态：已完成')).toBeInTheDocument();
    expect(within(within(result).getByRole('list', { name: '已生成工单：' })).getByText('WO20260502009')).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '处理结果' })).not.toBeInTheDocument());
    // the list and the counts are asked again: the task is finished
    await waitFor(() => expect(callsTo('GET /operation/inspection/task/list').length).toBeGreaterThan(listCalls));
    const dealt = await rowOf(doingTask.taskName);
    await waitFor(() => expect(within(dealt).getByText('已完成')).toBeInTheDocument());
    expect(within(dealt).queryByRole('button', { name: `处理 ${doingTask.taskName}` })).not.toBeInTheDocument();
  });

  it('adds a task by hand: times required, the start not later than the end, then the body the server expects', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({ 'POST /operation/inspection/task': ok({ data: { taskId: 44 } }) });
    const { user } = renderApp({ route: '/operation/inspection' });
    await rowOf(doingTask.taskName);
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增巡检任务' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请输入任务名称', '请选择巡检路线', '请选择巡检班组', '请选择开始时间', '请选择结束时间']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText('任务名称'), '暴雨后巡检');
    await selectOption(user, dialog, '巡检路线', '滨江夜巡路线');
    await selectOption(user, dialog, '巡检班组', '东区夜巡组');
    const pick = async (label: string, time: string) => {
      const input = within(dialog).getByLabelText(label);
      await user.click(input);
      await user.clear(input);
      await user.type(input, time);
      await user.keyboard('{Enter}');
    };
    await pick('开始时间', '2026-05-03 18:00:00');
    await pick('结束时间', '2026-05-03 08:00:00');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('结束时间不能早于开始时间')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/task')).toHaveLength(0);

    await pick('结束时间', '2026-05-03 22:00:00');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/task')[0]?.body).toEqual({
      taskName: '暴雨后巡检',
      routeId: 21,
      teamId: 11,
      startTime: '2026-05-03 18:00:00',
      endTime: '2026-05-03 22:00:00',
    });
  });

  it("shows a task's detail: its points in order with their results and work orders", async () => {
    signInWithProject();
    inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    const row = await rowOf(finishedTask.taskName);
    await user.click(within(row).getByRole('button', { name: `${finishedTask.taskName} 详情` }));
    const drawer = await screen.findByRole('dialog', { name: '巡检任务详情' });
    expect(await within(drawer).findByText('东区网关柜门松动，已报修')).toBeInTheDocument();
    const points = within(drawer).getAllByRole('row').slice(-2);
    expect(within(points[0] as HTMLElement).getByText('北区网关 (GW-0007)')).toBeInTheDocument();
    expect(within(points[0] as HTMLElement).getByText('设备')).toBeInTheDocument();
    expect(within(points[0] as HTMLElement).getByText('异常')).toBeInTheDocument();
    expect(within(points[0] as HTMLElement).getByText('柜门松动')).toBeInTheDocument();
    expect(within(points[0] as HTMLElement).getByText('WO20260501008')).toBeInTheDocument();
    expect(within(points[1] as HTMLElement).getByText('观景步道')).toBeInTheDocument();
    expect(within(points[1] as HTMLElement).getByText('地址')).toBeInTheDocument();
    expect(within(points[1] as HTMLElement).getByText('正常')).toBeInTheDocument();
  });

  it("shows the server's refusal as it comes and keeps the deal dialog open", async () => {
    signInWithProject();
    inspectionBackend({ 'PUT /operation/inspection/task/deal': ok({ code: 500, msg: '任务已过期，不能处理' }) });
    const { user } = renderApp({ route: '/operation/inspection' });
    const row = await rowOf(doingTask.taskName);
    await user.click(within(row).getByRole('button', { name: `处理 ${doingTask.taskName}` }));
    const dialog = await screen.findByRole('dialog', { name: `处理巡检任务：${doingTask.taskName}` });
    for (const name of ['1. 北区网关 (GW-0007)', '2. 观景步道']) {
      await user.click(within(await within(dialog).findByRole('group', { name })).getByRole('radio', { name: '正常' }));
    }
    await user.type(within(dialog).getByLabelText('处理结果描述'), '一切正常');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('任务已过期，不能处理')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `处理巡检任务：${doingTask.taskName}` })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '处理结果' })).not.toBeInTheDocument();
  });

  it('speaks English: the tabs, the statuses, the columns and the deal dialog', async () => {
    signInWithProject();
    await changeLanguage('en');
    inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    for (const name of ['Tasks', 'Plans', 'Routes', 'Teams']) expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    const doing = await rowOf(doingTask.taskName);
    expect(await within(doing).findByText('Doing')).toBeInTheDocument();
    expect(within(await rowOf('临时巡检')).getByText('Added by hand')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All (13)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Finished (7)' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Only my teams' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Task name' })).toBeInTheDocument();
    await user.click(within(doing).getByRole('button', { name: `Deal with ${doingTask.taskName}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deal with inspection task: ${doingTask.taskName}` });
    const point = await within(dialog).findByRole('group', { name: '1. 北区网关 (GW-0007)' });
    await user.click(within(point).getByRole('radio', { name: 'Abnormal' }));
    expect(within(point).getByRole('checkbox', { name: 'Raise a work order' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Describe the result')).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose the result: normal or abnormal')).toBeInTheDocument();
  });
});
