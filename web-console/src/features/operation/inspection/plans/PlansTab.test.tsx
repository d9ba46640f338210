import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import { renderApp } from '../../../../test/renderWithProviders';
import { selectOption } from '../../../../test/selectOption';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { dailyPlan, inspectionBackend } from '../../fixtures';

const rowOf = async (panel: HTMLElement, name: string) => (await within(panel).findByText(name)).closest('tr') as HTMLElement;

/** Types a day into the date picker labelled `label` and confirms it. */
async function pickDay(user: UserEvent, dialog: HTMLElement, label: string, day: string) {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, day);
  await user.keyboard('{Enter}');
}

async function openPlans(user: UserEvent) {
  await user.click(await screen.findByRole('tab', { name: '巡检计划' }));
  return screen.findByRole('tabpanel', { name: '巡检计划' });
}

describe('the inspection plans', () => {
  beforeEach(() => {
    // today is 2026-05-10 (the clock only: timers run as ever)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T10:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the plans with their period and status, and filters by status and name on the server', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openPlans(user);
    const row = await rowOf(panel, dailyPlan.planName);
    for (const text of ['滨江夜巡路线', '东区夜巡组', '每天', '2026-05-01', '2026-05-31', '正常']) expect(within(row).getByText(text)).toBeInTheDocument();
    await selectOption(user, panel, '计划状态', '停用');
    await user.type(within(panel).getByLabelText('关键字'), '滨江');
    await user.click(within(panel).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/inspection/plan/list').at(-1)?.query.get('keyword')).toBe('滨江'));
    expect(Object.fromEntries(callsTo('GET /operation/inspection/plan/list').at(-1)?.query ?? [])).toEqual({ pageNum: '1', pageSize: '20', status: '1', keyword: '滨江' });
  });

  it('adds a plan: every field required, the end not before the start, then the body the server expects', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({ 'POST /operation/inspection/plan': ok({ data: { planId: 32 } }) });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openPlans(user);
    await rowOf(panel, dailyPlan.planName);
    await user.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增巡检计划' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请输入计划名称', '请选择巡检路线', '请选择巡检班组', '请选择巡检周期', '请选择开始日期', '请选择结束日期']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    // a new plan is enabled
    expect(within(dialog).getByRole('radio', { name: '正常' })).toBeChecked();

    await user.type(within(dialog).getByLabelText('计划名称'), ' 东区每周巡检 ');
    await selectOption(user, dialog, '巡检路线', '滨江夜巡路线');
    await selectOption(user, dialog, '巡检班组', '东区夜巡组');
    await selectOption(user, dialog, '巡检周期', '每周');
    // a day before today cannot be picked
    await pickDay(user, dialog, '开始日期', '2026-05-09');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择开始日期')).toBeInTheDocument();
    // the end first, then a start after it: the end is checked again
    await pickDay(user, dialog, '结束日期', '2026-05-11');
    await pickDay(user, dialog, '开始日期', '2026-05-12');
    expect(await within(dialog).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /operation/inspection/plan')).toHaveLength(0);

    await pickDay(user, dialog, '开始日期', '2026-05-10');
    await waitFor(() => expect(within(dialog).queryByText('结束日期不能早于开始日期')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/plan')[0]?.body).toEqual({
      planName: '东区每周巡检',
      routeId: 21,
      teamId: 11,
      period: '2',
      startDate: '2026-05-10',
      endDate: '2026-05-11',
      status: '0',
      remark: '',
    });
  });

  it('edits a plan: a start that has passed may stay, an end that has passed may not', async () => {
    signInWithProject();
    const ended = { ...dailyPlan, endDate: '2026-05-05' };
    const { callsTo } = inspectionBackend({
      'GET /operation/inspection/plan/list': ok({ rows: [ended], total: 1 }),
      'GET /operation/inspection/plan/31': ok({ data: ended }),
      'PUT /operation/inspection/plan': ok(),
    });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openPlans(user);
    const row = await rowOf(panel, dailyPlan.planName);
    await user.click(within(row).getByRole('button', { name: `修改 ${dailyPlan.planName}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改巡检计划' });
    expect(within(dialog).getByLabelText('开始日期')).toHaveValue('2026-05-01');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('结束日期不能早于今天')).toBeInTheDocument();
    expect(within(dialog).queryByText('开始日期不能早于今天')).not.toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/plan')).toHaveLength(0);

    await pickDay(user, dialog, '结束日期', '2026-06-30');
    await user.click(within(dialog).getByRole('radio', { name: '停用' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/plan')[0]?.body).toEqual({
      planId: 31,
      planName: dailyPlan.planName,
      routeId: 21,
      teamId: 11,
      period: '1',
      startDate: '2026-05-01',
      endDate: '2026-06-30',
      status: '1',
      remark: '',
    });
  });

  it('speaks English: the tab, the columns, the dictionaries and the date rules', async () => {
    signInWithProject();
    await changeLanguage('en');
    const ended = { ...dailyPlan, endDate: '2026-05-05' };
    inspectionBackend({ 'GET /operation/inspection/plan/list': ok({ rows: [ended], total: 1 }), 'GET /operation/inspection/plan/31': ok({ data: ended }) });
    const { user } = renderApp({ route: '/operation/inspection' });
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Plans' });
    const row = await rowOf(panel, dailyPlan.planName);
    expect(await within(row).findByText('Daily')).toBeInTheDocument();
    expect(await within(row).findByText('Normal')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Period' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `Edit ${dailyPlan.planName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit inspection plan' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The end date cannot be before today')).toBeInTheDocument();
  });
});
