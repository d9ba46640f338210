import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import type { MockRequest } from '../../../../test/fetchMock';
import { renderApp } from '../../../../test/renderWithProviders';
import { selectOption } from '../../../../test/selectOption';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { finishedPlan, maintenanceBackend, maintenancePlans, nextPlan, overduePlan } from '../../fixtures';
import type { MaintenancePlan } from '../../types';

const ROUTE = '/operation/maintenance';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Types a day into the date picker labelled `label` and confirms it. */
async function pickDay(user: UserEvent, dialog: HTMLElement, label: string, day: string) {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, day);
  await user.keyboard('{Enter}');
}

describe('the maintenance plans', () => {
  beforeEach(() => {
    // today is 2026-05-10 (the clock only: timers run as ever)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T10:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the plans: the default tab, status tabs with counts, overdue in red, actions only while unfinished, filters on the server', async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend();
    const { user } = renderApp({ route: ROUTE });
    expect(await screen.findByRole('tab', { name: '维保计划', selected: true })).toBeInTheDocument();
    for (const name of ['维保合同', '维保单位']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();

    const overdue = await rowOf(overduePlan.planName);
    for (const text of ['WB-2026-001', '明亮照明工程有限公司', '2026-05-08', '逾期', '未完成']) expect(within(overdue).getByText(text)).toBeInTheDocument();
    expect(within(overdue).getByText('逾期').closest('.ant-tag')).toHaveClass('ant-tag-red');
    for (const name of ['完成', '修改', '删除']) expect(within(overdue).getByRole('button', { name: `${name} ${overduePlan.planName}` })).toBeInTheDocument();

    const finished = await rowOf(finishedPlan.planName);
    for (const text of ['已完成', '已完成，1号柜更换浪涌保护器', 'admin', '2026-05-02 16:30:00']) expect(within(finished).getByText(text)).toBeInTheDocument();
    // a finished plan is kept as it is: no finish, edit or delete
    for (const name of ['完成', '修改', '删除']) expect(within(finished).queryByRole('button', { name: `${name} ${finishedPlan.planName}` })).not.toBeInTheDocument();
    expect(within(await rowOf(nextPlan.planName)).queryByText('逾期')).not.toBeInTheDocument();

    expect(await screen.findByRole('tab', { name: '全部 (3)' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['未完成 (2)', '已完成 (1)']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    expect(screen.getByText('逾期 1')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '已完成 (1)' }));
    await waitFor(() => expect(callsTo('GET /operation/maintenance/plan/list').at(-1)?.query.get('status')).toBe('1'));
    await user.type(screen.getByLabelText('关键字'), '检修');
    await selectOption(user, document.body, '维保合同', 'WB-2026-001 滨江段景观照明年度维保');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/maintenance/plan/list').at(-1)?.query.get('keyword')).toBe('检修'));
    expect(Object.fromEntries(callsTo('GET /operation/maintenance/plan/list').at(-1)?.query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      status: '1',
      keyword: '检修',
      contractId: '71',
    });
  });

  it('finishes a plan: refuses an empty result, then sends it and asks for the list and the counts again', async () => {
    signInWithProject();
    let plans: MaintenancePlan[] = maintenancePlans;
    const { callsTo } = maintenanceBackend({
      'GET /operation/maintenance/plan/list': () => ok({ rows: plans, total: plans.length }),
      'PUT /operation/maintenance/plan/finish': (request: MockRequest) => {
        const { planId, result } = request.body as { planId: number; result: string };
        plans = plans.map((plan) => (plan.planId === planId ? { ...plan, status: '1', overdue: false, result, finishedBy: 'admin', finishTime: '2026-05-10 10:00:00' } : plan));
        // as the edge answers: beside code and msg
        return ok({ status: '1' });
      },
    });
    const { user } = renderApp({ route: ROUTE });
    const row = await rowOf(overduePlan.planName);
    const listCalls = callsTo('GET /operation/maintenance/plan/list').length;
    const countCalls = callsTo('GET /operation/maintenance/plan/counts').length;
    await user.click(within(row).getByRole('button', { name: `完成 ${overduePlan.planName}` }));
    const dialog = await screen.findByRole('dialog', { name: `完成维保计划：${overduePlan.planName}` });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写完成情况')).toBeInTheDocument();
    // a result of blanks is no result
    await user.type(within(dialog).getByLabelText('完成情况'), '   ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写完成情况')).toBeInTheDocument();
    expect(callsTo('PUT /operation/maintenance/plan/finish')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('完成情况'), ' 步道灯具已清洁，更换 3 套 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('完成情况已记录')).toBeInTheDocument();
    expect(callsTo('PUT /operation/maintenance/plan/finish')[0]?.body).toEqual({ planId: 81, result: '步道灯具已清洁，更换 3 套' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `完成维保计划：${overduePlan.planName}` })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET /operation/maintenance/plan/list').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(callsTo('GET /operation/maintenance/plan/counts').length).toBeGreaterThan(countCalls));
    const done = await rowOf(overduePlan.planName);
    await waitFor(() => expect(within(done).getByText('步道灯具已清洁，更换 3 套')).toBeInTheDocument());
    expect(within(done).queryByRole('button', { name: `完成 ${overduePlan.planName}` })).not.toBeInTheDocument();
  });

  it("shows the server's refusal as it comes and keeps the finish dialog open", async () => {
    signInWithProject();
    maintenanceBackend({ 'PUT /operation/maintenance/plan/finish': ok({ code: 500, msg: '维保计划已完成' }) });
    const { user } = renderApp({ route: ROUTE });
    const row = await rowOf(overduePlan.planName);
    await user.click(within(row).getByRole('button', { name: `完成 ${overduePlan.planName}` }));
    const dialog = await screen.findByRole('dialog', { name: `完成维保计划：${overduePlan.planName}` });
    await user.type(within(dialog).getByLabelText('完成情况'), '已清洁');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('维保计划已完成')).toBeInTheDocument();
    expect(screen.queryByText('完成情况已记录')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `完成维保计划：${overduePlan.planName}` })).toBeInTheDocument();
  });

  it("adds a plan: every field required, the date not past and within the contract's dates, then the body the server expects", async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend({ 'POST /operation/maintenance/plan': ok({ planId: 84 }) });
    const { user } = renderApp({ route: ROUTE });
    await rowOf(overduePlan.planName);
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增维保计划' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请输入计划名称', '请选择维保合同', '请选择计划日期']) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(await within(dialog).findByText('请先选择维保合同')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('计划名称'), ' 汛前检查 ');
    // an ended contract takes no new plan
    await user.click(within(dialog).getByLabelText('维保合同'));
    const ended = await screen.findByTitle('WB-2025-001 滨江段景观照明维保（2025）');
    expect(ended).toHaveClass('ant-select-item-option-disabled');
    await user.click(await screen.findByTitle('WB-2027-001 滨江段景观照明年度维保（续签）'));
    expect(await within(dialog).findByText('合同期：2026-05-26 至 2027-05-25')).toBeInTheDocument();
    // a day before the contract starts cannot be picked
    await pickDay(user, dialog, '计划日期', '2026-05-12');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择计划日期')).toBeInTheDocument();
    await pickDay(user, dialog, '计划日期', '2026-06-01');
    // another contract, whose dates the date is not within: checked again
    await selectOption(user, dialog, '维保合同', 'WB-2026-001 滨江段景观照明年度维保');
    expect(await within(dialog).findByText('计划日期须在合同期内（2026-05-01 至 2026-05-25）')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /operation/maintenance/plan')).toHaveLength(0);
    // nor a day before today, though within the contract: the picker keeps the day it had
    await pickDay(user, dialog, '计划日期', '2026-05-09');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByLabelText('计划日期')).toHaveValue('2026-06-01'));
    expect(within(dialog).getByText('计划日期须在合同期内（2026-05-01 至 2026-05-25）')).toBeInTheDocument();
    expect(callsTo('POST /operation/maintenance/plan')).toHaveLength(0);

    await pickDay(user, dialog, '计划日期', '2026-05-12');
    await user.type(within(dialog).getByLabelText('维保内容'), '检查排水');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/maintenance/plan')[0]?.body).toEqual({ planName: '汛前检查', contractId: 71, planDate: '2026-05-12', content: '检查排水' });
  });

  it('edits an unfinished plan: a date that has passed may stay', async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend({ 'PUT /operation/maintenance/plan': ok({ planId: 81 }) });
    const { user } = renderApp({ route: ROUTE });
    const row = await rowOf(overduePlan.planName);
    await user.click(within(row).getByRole('button', { name: `修改 ${overduePlan.planName}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改维保计划' });
    expect(within(dialog).getByLabelText('计划日期')).toHaveValue('2026-05-08');
    await user.clear(within(dialog).getByLabelText('计划名称'));
    await user.type(within(dialog).getByLabelText('计划名称'), '灯具清洁');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /operation/maintenance/plan')[0]?.body).toEqual({
      planId: 81,
      planName: '灯具清洁',
      contractId: 71,
      planDate: '2026-05-08',
      content: overduePlan.content,
    });
  });

  it('speaks English: the tabs, the statuses, the columns and the finish dialog', async () => {
    signInWithProject();
    await changeLanguage('en');
    maintenanceBackend();
    const { user } = renderApp({ route: ROUTE });
    for (const name of ['Plans', 'Contracts', 'Companies']) expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    const overdue = await rowOf(overduePlan.planName);
    expect(await within(overdue).findByText('Unfinished')).toBeInTheDocument();
    expect(await within(overdue).findByText('Overdue')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Finished (1)' })).toBeInTheDocument();
    expect(screen.getByText('Overdue 1')).toBeInTheDocument();
    for (const name of ['Plan name', 'Contract number', 'Plan date', 'Result', 'Finished by']) expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    await user.click(within(overdue).getByRole('button', { name: `Finish ${overduePlan.planName}` }));
    const dialog = await screen.findByRole('dialog', { name: `Finish maintenance plan: ${overduePlan.planName}` });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Describe what was done')).toBeInTheDocument();
  });
});
