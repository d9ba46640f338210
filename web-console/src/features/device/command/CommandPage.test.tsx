import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { backToPlan, deviceBackend, groupOnDimmed, issueRefused, offByHand, ok, paramsOffline, paramsSet, renewQueued } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./CommandPage');
}, 120_000);

const ROUTE = '/device/command';

/** A command's row, found by the time it was asked for. */
const rowOf = async (requestedAt: string) => (await screen.findByText(requestedAt)).closest('tr') as HTMLElement;

const searchForm = (search = '搜索') => screen.getByRole('button', { name: search }).closest('form') as HTMLElement;

const lastQuery = (callsTo: (key: string) => MockRequest[]) => Object.fromEntries(callsTo('GET /device/command/list').at(-1)?.query ?? []);

/** The log answering nothing for loop 2, its four commands otherwise. */
const noneOnLoop2 = (request: MockRequest) =>
  request.query.get('loopIndex') === '2' ? ok({ rows: [], total: 0 }) : ok({ rows: [renewQueued, backToPlan, offByHand, issueRefused], total: 4 });

describe('the command log page', () => {
  it("lists the project's commands: time, gateway, loops or schedule, action, hold, source, who, result, attempts, message", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    renderApp({ route: ROUTE });
    for (const title of ['时间', '网关', '回路', '操作', '保持至', '来源', '操作人', '结果', '发送次数', '说明']) {
      expect(await screen.findByRole('columnheader', { name: title })).toBeInTheDocument();
    }

    // admin's switch by hand: loop 3 off for a minute, acknowledged
    const off = await rowOf('2026-05-01 20:00:00');
    for (const text of ['北区网关', 'GW-0007', '3', '关', '2026-05-01 20:01:00', '实时控制', 'admin', '1', '-']) expect(within(off).getByText(text)).toBeInTheDocument();
    expect(within(off).getByText('成功')).toHaveClass('ant-tag-success');
    // values as entered are left out of the language walk
    expect(within(off).getByText('admin')).toHaveAttribute('translate', 'no');

    // the plan putting the loop back, and renewing the offline gateway's schedule (queued, sent twice)
    const back = await rowOf('2026-05-01 20:02:00');
    for (const text of ['3', '开', '恢复计划', '计划执行器', '成功']) expect(within(back).getByText(text)).toBeInTheDocument();
    const renew = await rowOf('2026-05-01 20:10:00');
    for (const text of ['南区网关', 'GW-0008', 'sch-8-0502', '下发计划', '计划续发', '计划执行器', '2', '网关离线，等待上线后发送']) {
      expect(within(renew).getByText(text)).toBeInTheDocument();
    }
    expect(within(renew).getByText('排队中')).toHaveClass('ant-tag-processing');

    // operator's issue, which the offline gateway did not take
    const issue = await rowOf('2026-05-01 19:00:00');
    for (const text of ['sch-8-0501', '下发计划', '任务下发', 'operator', '离线', '设备离线，无法操作。']) expect(within(issue).getByText(text)).toBeInTheDocument();

    // read only: no buttons of its own
    for (const name of ['新增', '删除', '导出']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const first = callsTo('GET /device/command/list')[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ pageNum: '1', pageSize: '20' });
    expect(first?.headers.get('ProjectId')).toBe('1');
    // the gateway filter's choices: the first 500 of the gateway list
    await waitFor(() => expect(callsTo('GET /lighting/gateway/list')).toHaveLength(1));
    expect(callsTo('GET /lighting/gateway/list')[0]?.query.get('pageSize')).toBe('500');
  });

  it("searches by gateway, loop, action, source, result ('pending' for those not finished), user and days", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    await rowOf('2026-05-01 20:00:00');
    const form = searchForm();
    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    // the loops of the project's gateways: up to the north gateway's four
    await selectOption(user, form, '回路', '回路3');
    expect(screen.getByTitle('回路4')).toBeInTheDocument();
    expect(screen.queryByTitle('回路5')).not.toBeInTheDocument();
    await selectOption(user, form, '操作', '关');
    await selectOption(user, form, '来源', '实时控制');
    await selectOption(user, form, '结果', '成功');
    await user.type(within(form).getByLabelText('操作人'), ' adm ');
    await user.click(screen.getByPlaceholderText('开始日期'));
    await user.type(screen.getByPlaceholderText('开始日期'), '2026-05-01');
    await user.keyboard('{Enter}');
    await user.type(screen.getByPlaceholderText('结束日期'), '2026-05-02');
    await user.keyboard('{Enter}');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo).source).toBe('control'));
    expect(lastQuery(callsTo)).toEqual({
      pageNum: '1',
      pageSize: '20',
      gatewayId: '7',
      loopIndex: '3',
      action: 'off',
      source: 'control',
      result: 'ok',
      requestedBy: 'adm',
      'params[beginTime]': '2026-05-01',
      'params[endTime]': '2026-05-02',
    });

    // the commands not finished yet: queued or being sent
    await selectOption(user, form, '结果', '未完成');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo).result).toBe('pending'));

    // the plan's own commands: every action and source offered
    // (the reset's first page was answered before: it comes from the cache)
    await user.click(within(form).getByRole('button', { name: '重置' }));
    await selectOption(user, form, '操作', '下发计划');
    await selectOption(user, form, '来源', '恢复计划');
    for (const source of ['一键控制', '分组控制', '任务下发', '计划续发']) expect(screen.getByTitle(source)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo)).toEqual({ pageNum: '1', pageSize: '20', action: 'schedule', source: 'recommand' }));
  });

  it('shows an on below full with its brightness, an on at full or without one as on', async () => {
    signInWithProject();
    const fullByGroup = { ...groupOnDimmed, commandId: 506, brightness: 100, requestedAt: '2026-05-01 20:30:00' };
    deviceBackend({ 'GET /device/command/list': ok({ rows: [fullByGroup, groupOnDimmed, backToPlan, offByHand], total: 4 }) });
    renderApp({ route: ROUTE });
    const dimmed = await rowOf('2026-05-01 20:20:00');
    for (const text of ['1, 2', '开 30%', '分组控制', 'admin', '成功']) expect(within(dimmed).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('2026-05-01 20:30:00')).getByText('开')).toBeInTheDocument();
    expect(within(await rowOf('2026-05-01 20:02:00')).getByText('开')).toBeInTheDocument();
    expect(within(await rowOf('2026-05-01 20:00:00')).getByText('关')).toBeInTheDocument();
  });

  it('shows a batch parameter setting with the intervals it set, each only when set', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'GET /device/command/list': ok({ rows: [paramsOffline, paramsSet, offByHand], total: 3 }) });
    const { user } = renderApp({ route: ROUTE });
    const set = await rowOf('2026-05-01 20:40:00');
    for (const text of ['北区网关', '心跳 20 秒，上报 60 秒', '设置参数', '批量设置参数', 'admin', '成功']) expect(within(set).getByText(text)).toBeInTheDocument();
    const offline = await rowOf('2026-05-01 20:41:00');
    for (const text of ['南区网关', '上报 60 秒', '设置参数', '离线', '设备离线，无法操作。']) expect(within(offline).getByText(text)).toBeInTheDocument();
    // the action and the source are searchable as such
    const form = searchForm();
    await selectOption(user, form, '操作', '设置参数');
    await selectOption(user, form, '来源', '批量设置参数');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo)).toEqual({ pageNum: '1', pageSize: '20', action: 'params', source: 'params' }));
  });

  it("says the kit's usual text when no command matches", async () => {
    signInWithProject();
    deviceBackend({ 'GET /device/command/list': noneOnLoop2 });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('2026-05-01 20:00:00');
    const form = searchForm();
    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    await selectOption(user, form, '回路', '回路2');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it("speaks English: the plan's commands are the plan executor's", async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = deviceBackend({
      'GET /device/command/list': ok({ rows: [groupOnDimmed, renewQueued, backToPlan, offByHand, issueRefused], total: 5 }),
    });
    renderApp({ route: ROUTE });
    for (const title of ['Time', 'Gateway', 'Loops', 'Action', 'Hold until', 'Source', 'Requested by', 'Result', 'Attempts', 'Message']) {
      expect(await screen.findByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const off = await rowOf('2026-05-01 20:00:00');
    for (const text of ['Off', 'Real-time control', 'admin', 'Succeeded']) expect(within(off).getByText(text)).toBeInTheDocument();
    const back = await rowOf('2026-05-01 20:02:00');
    for (const text of ['On', 'Back to plan', 'Plan executor', 'Succeeded']) expect(within(back).getByText(text)).toBeInTheDocument();
    const renew = await rowOf('2026-05-01 20:10:00');
    for (const text of ['Schedule', 'Daily renewal', 'Plan executor', 'Queued']) expect(within(renew).getByText(text)).toBeInTheDocument();
    const issue = await rowOf('2026-05-01 19:00:00');
    for (const text of ['Task issue', 'operator', 'Offline']) expect(within(issue).getByText(text)).toBeInTheDocument();
    const dimmed = await rowOf('2026-05-01 20:20:00');
    for (const text of ['On 30%', 'Group control']) expect(within(dimmed).getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('计划执行器')).not.toBeInTheDocument();
    for (const label of ['Gateway', 'Loop', 'Action', 'Source', 'Result', 'Requested by']) expect(within(searchForm('Search')).getByLabelText(label)).toBeInTheDocument();
    expect(callsTo('GET /device/command/list')[0]?.headers.get('Content-Language')).toBe('en_US');
  });
});
