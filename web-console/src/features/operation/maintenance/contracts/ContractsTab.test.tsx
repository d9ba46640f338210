import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import { renderApp } from '../../../../test/renderWithProviders';
import { selectOption } from '../../../../test/selectOption';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { endedContract, maintenanceBackend, nearEndContract, nextContract } from '../../fixtures';

const ROUTE = '/operation/maintenance';

const rowOf = async (panel: HTMLElement, text: string) => (await within(panel).findByText(text)).closest('tr') as HTMLElement;

/** Types a day into the date picker labelled `label` and confirms it. */
async function pickDay(user: UserEvent, dialog: HTMLElement, label: string, day: string) {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  await user.type(input, day);
  await user.keyboard('{Enter}');
}

async function openContracts(user: UserEvent, name = '维保合同') {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

/** Opens the add dialog of the contracts tab. */
async function addDialog(user: UserEvent, panel: HTMLElement, name = '新增维保合同', add = '新增') {
  await rowOf(panel, nearEndContract.contractNumber);
  await user.click(within(panel).getByRole('button', { name: add }));
  return screen.findByRole('dialog', { name });
}

describe('the maintenance contracts', () => {
  beforeEach(() => {
    // today is 2026-05-10 (the clock only: timers run as ever)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T10:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the contracts with their state: near its end in orange with the days left, ended grey, not started blue; filters on the server', async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend();
    const { user } = renderApp({ route: ROUTE });
    const panel = await openContracts(user);
    const near = await rowOf(panel, nearEndContract.contractNumber);
    for (const text of [nearEndContract.contractName, '明亮照明工程有限公司', '2026-05-01', '2026-05-25', '186,000.00']) expect(within(near).getByText(text)).toBeInTheDocument();
    const nearTag = await within(near).findByText('即将到期（剩余 15 天）');
    expect(nearTag).toHaveClass('ant-tag-warning');
    expect(within(await rowOf(panel, nextContract.contractNumber)).getByText('未开始')).toHaveClass('ant-tag-processing');
    const ended = await rowOf(panel, endedContract.contractNumber);
    expect(within(ended).getByText('已到期')).toHaveClass('ant-tag-default');
    // no amount given
    expect(within(ended).getByText('-')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('关键字'), 'WB');
    await selectOption(user, panel, '维保单位', '明亮照明工程有限公司');
    await selectOption(user, panel, '合同状态', '即将到期');
    await user.click(within(panel).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/maintenance/contract/list').at(-1)?.query.get('state')).toBe('1'));
    expect(Object.fromEntries(callsTo('GET /operation/maintenance/contract/list').at(-1)?.query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      keyword: 'WB',
      companyId: '61',
      state: '1',
    });
  });

  it('adds a contract: the dates required, not past, the start not after the end; the number and the amount checked; then the body the server expects', async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend({ 'POST /operation/maintenance/contract': ok({ contractId: 74 }) });
    const { user } = renderApp({ route: ROUTE });
    const panel = await openContracts(user);
    const dialog = await addDialog(user, panel);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    for (const message of ['请输入合同编号', '请输入合同名称', '请选择维保单位', '请选择开始日期', '请选择结束日期']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }

    await user.type(within(dialog).getByLabelText('合同编号'), 'WB 2026/02');
    expect(await within(dialog).findByText('合同编号只能包含字母、数字、下划线和连字符，且不超过 32 个字符')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('合同编号'));
    await user.type(within(dialog).getByLabelText('合同编号'), 'WB-2026_02');
    await user.type(within(dialog).getByLabelText('合同名称'), ' 东区亮化维保 ');
    await selectOption(user, dialog, '维保单位', '明亮照明工程有限公司');
    // the amount: a number of at most two decimals, not below 0
    const amountRule = '合同金额须为 0 到 999,999,999.99 之间的数字，最多两位小数';
    for (const amount of ['12.345', '-1', '1e5', '１２']) {
      await user.clear(within(dialog).getByLabelText('合同金额（元）'));
      // no amount is valid: the message goes, so the one below is this amount's
      await waitFor(() => expect(within(dialog).queryByText(amountRule)).toBeNull());
      await user.type(within(dialog).getByLabelText('合同金额（元）'), amount);
      await waitFor(() => expect(within(dialog).getByText(amountRule), amount).toBeInTheDocument());
    }
    await user.clear(within(dialog).getByLabelText('合同金额（元）'));
    await user.type(within(dialog).getByLabelText('合同金额（元）'), '52000.5');
    await waitFor(() => expect(within(dialog).queryByText(amountRule)).not.toBeInTheDocument());

    // a day before today cannot be picked
    await pickDay(user, dialog, '开始日期', '2026-05-09');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择开始日期')).toBeInTheDocument();
    // the end first, then a start after it: the end is checked again
    await pickDay(user, dialog, '结束日期', '2026-05-20');
    await pickDay(user, dialog, '开始日期', '2026-05-21');
    expect(await within(dialog).findByText('开始日期不能晚于结束日期')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /operation/maintenance/contract')).toHaveLength(0);

    // the same day is fine
    await pickDay(user, dialog, '开始日期', '2026-05-20');
    await waitFor(() => expect(within(dialog).queryByText('开始日期不能晚于结束日期')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/maintenance/contract')[0]?.body).toEqual({
      contractNumber: 'WB-2026_02',
      contractName: '东区亮化维保',
      companyId: 61,
      startDate: '2026-05-20',
      endDate: '2026-05-20',
      amount: '52000.5',
      remark: '',
    });
  });

  it('edits a contract: a start that has passed may stay, an end that has passed may not; no amount is sent as none', async () => {
    signInWithProject();
    const ended = { ...nearEndContract, endDate: '2026-05-05', amount: null };
    const { callsTo } = maintenanceBackend({
      'GET /operation/maintenance/contract/list': ok({ rows: [ended], total: 1 }),
      'GET /operation/maintenance/contract/71': ok({ data: ended }),
      'PUT /operation/maintenance/contract': ok({ contractId: 71 }),
    });
    const { user } = renderApp({ route: ROUTE });
    const panel = await openContracts(user);
    const row = await rowOf(panel, nearEndContract.contractNumber);
    await user.click(within(row).getByRole('button', { name: `修改 ${nearEndContract.contractNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改维保合同' });
    expect(within(dialog).getByLabelText('开始日期')).toHaveValue('2026-05-01');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('结束日期不能早于今天')).toBeInTheDocument();
    expect(within(dialog).queryByText('开始日期不能早于今天')).not.toBeInTheDocument();
    expect(callsTo('PUT /operation/maintenance/contract')).toHaveLength(0);

    await pickDay(user, dialog, '结束日期', '2026-06-30');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /operation/maintenance/contract')[0]?.body).toEqual({
      contractId: 71,
      contractNumber: nearEndContract.contractNumber,
      contractName: nearEndContract.contractName,
      companyId: 61,
      startDate: '2026-05-01',
      endDate: '2026-06-30',
      amount: '',
      remark: '',
    });
  });

  it('speaks English: the state tags with the days left, the columns and the date rules', async () => {
    signInWithProject();
    await changeLanguage('en');
    maintenanceBackend({
      'GET /operation/maintenance/contract/list': ok({ rows: [nearEndContract, { ...nextContract, state: '1', nearEnd: true, daysLeft: 1 }, endedContract], total: 3 }),
    });
    const { user } = renderApp({ route: ROUTE });
    const panel = await openContracts(user, 'Contracts');
    const near = await rowOf(panel, nearEndContract.contractNumber);
    expect(await within(near).findByText('Near its end (15 days left)')).toBeInTheDocument();
    expect(within(await rowOf(panel, nextContract.contractNumber)).getByText('Near its end (1 day left)')).toBeInTheDocument();
    expect(within(await rowOf(panel, endedContract.contractNumber)).getByText('Ended')).toBeInTheDocument();
    for (const name of ['Contract number', 'Contract name', 'Amount (CNY)', 'State']) expect(within(panel).getByRole('columnheader', { name })).toBeInTheDocument();
    const dialog = await addDialog(user, panel, 'Add maintenance contract', 'Add');
    await pickDay(user, dialog, 'End date', '2026-05-20');
    await pickDay(user, dialog, 'Start date', '2026-05-21');
    expect(await within(dialog).findByText('The start date cannot be after the end date')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount (CNY)'), '1.234');
    expect(await within(dialog).findByText('The amount is a number from 0 to 999,999,999.99 with at most two decimals')).toBeInTheDocument();
  });
});
