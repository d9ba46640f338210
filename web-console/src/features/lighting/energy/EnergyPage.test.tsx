import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import type { MockRequest } from '../../../test/fetchMock';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/renderWithProviders';
import { pickOption, selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { energyBackend, energySetting, energyStats, ok } from '../fixtures';

// jsdom has no canvas: each chart is its label, and the option it was last given is kept by label.
const { charts } = vi.hoisted(() => ({ charts: new Map<string, { series: { name?: string; data: unknown[] }[]; xAxis: { data: string[] }; yAxis: { data?: string[] } }>() }));
vi.mock('../../dataScreen/Chart', () => ({
  default: ({ label, option }: { label: string; option: never }) => {
    charts.set(label, option);
    return <div role="img" aria-label={label} />;
  },
}));

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./EnergyPage');
}, 120_000);

beforeEach(() => {
  // today is 2026-05-10 (the clock only: timers run as ever)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-10T10:00:00'));
  charts.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

const ROUTE = '/lighting/energy';
const STATS = 'GET /lighting/energy/stats';
const RANKING = 'GET /lighting/energy/ranking';
/** The last 30 days including today: the days searched at first. */
const LAST_30_DAYS = { beginTime: '2026-04-11', endTime: '2026-05-10' };

const queryOf = (request: MockRequest | undefined) => Object.fromEntries(request?.query ?? []);
const searchForm = (search = '搜索') => screen.getByRole('button', { name: search }).closest('form') as HTMLElement;
/** A bucket's row, found by its time. */
const rowOf = async (time: string) => (await screen.findByRole('cell', { name: time })).closest('tr') as HTMLElement;
const card = (title: string) => screen.getByRole('region', { name: title });

/** Types a range's two ends into its inputs, each confirmed. */
async function pickRange(user: UserEvent, begin: string, end: string, placeholders = ['开始日期', '结束日期']) {
  const [from, to] = placeholders.map((placeholder) => screen.getByPlaceholderText(placeholder));
  if (!from || !to) throw new Error('no range inputs');
  await user.click(from);
  await user.clear(from);
  await user.type(from, begin);
  await user.keyboard('{Enter}');
  await user.clear(to);
  await user.type(to, end);
  await user.keyboard('{Enter}');
}

describe('the energy statistics page', () => {
  it("shows the last 30 days' totals in cards, the baseline, the charts and the days in a table", async () => {
    signInWithProject();
    const { callsTo } = energyBackend();
    renderApp({ route: ROUTE });
    const total = await screen.findByRole('region', { name: '总用电量' });
    expect(await within(total).findByText('278.75 kWh')).toBeInTheDocument();
    expect(within(card('电费')).getByText('¥181.2')).toBeInTheDocument();
    expect(within(card('基准用电量')).getByText('600 kWh')).toBeInTheDocument();
    expect(within(card('节约电量')).getByText('321.25 kWh')).toBeInTheDocument();
    expect(within(card('节约电费')).getByText('¥208.82')).toBeInTheDocument();
    // the baseline's note as entered, and what the kind means
    expect(screen.getByText('按改造前整夜亮灯计算')).toHaveAttribute('translate', 'no');
    expect(screen.getByText(/基准为同一批回路整夜按其最高实测功率全亮时的用电量。/)).toBeInTheDocument();
    expect(screen.getByText(/时间按项目时区 Asia\/Shanghai 统计/)).toBeInTheDocument();

    // the days searched: the last 30, by the day, in the selected project
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-04-11');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-05-10');
    expect(queryOf(callsTo(STATS)[0])).toEqual({ granularity: 'day', ...LAST_30_DAYS });
    expect(callsTo(STATS)[0]?.headers.get('ProjectId')).toBe('1');
    expect(queryOf(callsTo(RANKING)[0])).toEqual({ ...LAST_30_DAYS, limit: '10' });

    // the table: each day and the total
    for (const title of ['时间', '用电量 (kWh)', '峰段 (kWh)', '平段 (kWh)', '谷段 (kWh)', '电费 (¥)', '基准 (kWh)', '节约电量 (kWh)', '节约电费 (¥)', '数据标记']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const day = await rowOf('2026-05-08');
    expect([...day.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['2026-05-08', '120.5', '30.1', '50.2', '40.2', '78.35', '200', '79.5', '51.68', '']);
    const totalRow = screen.getByText('合计').closest('tr') as HTMLElement;
    for (const text of ['278.75', '69.6', '118.95', '90.2', '181.2', '600', '321.25', '208.82']) expect(within(totalRow).getByText(text)).toBeInTheDocument();

    // the charts, named: the trend's days with the bands stacked and the baseline; the ranking's loops
    expect(screen.getByRole('img', { name: '能耗趋势' })).toBeInTheDocument();
    const trend = charts.get('能耗趋势');
    expect(trend?.xAxis.data).toEqual(['05-08', '05-09', '05-10']);
    expect(trend?.series.map((series) => series.name)).toEqual(['峰段', '平段', '谷段', '基准']);
    expect(trend?.series.map((series) => series.data)).toEqual([
      [30.1, 29.5, 10],
      [50.2, 48.75, 20],
      [40.2, 40, 10],
      [200, 200, 200],
    ]);
    expect(await screen.findByRole('img', { name: '回路能耗排行（前 10 名）' })).toBeInTheDocument();
    await waitFor(() => expect(charts.get('回路能耗排行（前 10 名）')?.yAxis.data).toEqual(['北区网关 · 主路灯', '南区网关 · 回路2']));
    expect(charts.get('回路能耗排行（前 10 名）')?.series[0]?.data).toEqual([150.5, 80]);
    // no comparison asked for
    expect(screen.queryByRole('img', { name: '能耗对比' })).not.toBeInTheDocument();

    // an administrator's buttons
    for (const name of ['导出', '导出排行', '能耗设置', '重新计算']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('asks by the hour, month and year with their default ranges, for a loop of a gateway or a group', async () => {
    signInWithProject();
    const { callsTo } = energyBackend();
    const { user } = renderApp({ route: ROUTE });
    await screen.findByRole('region', { name: '总用电量' });
    const form = searchForm();
    const last = () => queryOf(callsTo(STATS).at(-1));

    // the same search again reads the figures again
    await waitFor(() => expect(callsTo(RANKING)).toHaveLength(1));
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo(STATS)).toHaveLength(2));
    expect(last()).toEqual({ granularity: 'day', ...LAST_30_DAYS });
    await waitFor(() => expect(callsTo(RANKING)).toHaveLength(2));

    // by the hour: today
    await user.click(within(form).getByRole('radio', { name: '按时' }));
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-05-10');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-05-10');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(last().granularity).toBe('hour'));
    expect(last()).toEqual({ granularity: 'hour', beginTime: '2026-05-10', endTime: '2026-05-10' });

    // by the month: January to December of this year, whole months
    await user.click(within(form).getByRole('radio', { name: '按月' }));
    expect(screen.getByPlaceholderText('开始月份')).toHaveValue('2026-01');
    expect(screen.getByPlaceholderText('结束月份')).toHaveValue('2026-12');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(last().granularity).toBe('month'));
    expect(last()).toEqual({ granularity: 'month', beginTime: '2026-01-01', endTime: '2026-12-31' });
    expect(queryOf(callsTo(RANKING).at(-1))).toEqual({ beginTime: '2026-01-01', endTime: '2026-12-31', limit: '10' });

    // by the year: the last 5 years; a loop of the north gateway
    await user.click(within(form).getByRole('radio', { name: '按年' }));
    expect(screen.getByPlaceholderText('开始年份')).toHaveValue('2022');
    expect(screen.getByPlaceholderText('结束年份')).toHaveValue('2026');
    await selectOption(user, form, '统计维度', '按回路');
    // the loop number is checked before anything is sent
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await within(form).findByText('请选择网关')).toBeInTheDocument();
    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    await fill(user, within(form).getByLabelText('回路号'), '65');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await within(form).findByText('回路号须为 1 至 64 的整数')).toBeInTheDocument();
    expect(last().granularity).toBe('month');
    await fill(user, within(form).getByLabelText('回路号'), '3');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(last().granularity).toBe('year'));
    expect(last()).toEqual({ granularity: 'year', beginTime: '2022-01-01', endTime: '2026-12-31', gatewayId: '7', loopIndex: '3' });

    // a device group: the ranking is the group's too
    await pickOption(user, form, '统计维度', '按分组');
    await pickOption(user, form, '分组', '北岸亮化');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(last().groupId).toBe('31'));
    expect(last()).toEqual({ granularity: 'year', beginTime: '2022-01-01', endTime: '2026-12-31', groupId: '31' });
    expect(queryOf(callsTo(RANKING).at(-1))).toEqual({ beginTime: '2022-01-01', endTime: '2026-12-31', limit: '10', groupId: '31' });

    // reset: the whole project, by the day, the last 30 days, searched again
    await user.click(within(form).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(last()).toEqual({ granularity: 'day', ...LAST_30_DAYS }));
    expect(within(form).queryByLabelText('分组')).not.toBeInTheDocument();
  });

  it('compares with the same period last year or the period before, bucket by bucket', async () => {
    signInWithProject();
    const compared = { ...energyStats, rows: [{ ...energyStats.rows[0]!, time: '2025-05-08', kwh: 100 }], total: { ...energyStats.total, kwh: 250 } };
    const { callsTo } = energyBackend({
      [STATS]: (request) => ok({ data: request.query.get('beginTime')?.startsWith('2026') ? energyStats : compared }),
    });
    const { user } = renderApp({ route: ROUTE });
    await screen.findByRole('region', { name: '总用电量' });
    const form = searchForm();
    await selectOption(user, form, '对比', '同比（去年同期）');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo(STATS).map(queryOf)).toContainEqual({ granularity: 'day', beginTime: '2025-04-11', endTime: '2025-05-10' }));
    expect(await screen.findByRole('img', { name: '能耗对比' })).toBeInTheDocument();
    // bucket by bucket: the first of the one with the first of the other
    await waitFor(() => expect(charts.get('能耗对比')?.series[1]?.data).toEqual([100, null, null]));
    const comparison = charts.get('能耗对比');
    expect(comparison?.series.map((series) => series.name)).toEqual(['本期 2026-04-11 至 2026-05-10', '对比期 2025-04-11 至 2025-05-10']);
    expect(comparison?.series[0]?.data).toEqual([120.5, 118.25, 40]);
    expect(within(card('总用电量')).getByText('对比期 250 kWh（+11.5%）')).toBeInTheDocument();

    await selectOption(user, form, '对比', '环比（上一周期）');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo(STATS).map(queryOf)).toContainEqual({ granularity: 'day', beginTime: '2026-03-12', endTime: '2026-04-10' }));
  });

  it('flags the buckets whose readings were reset, missing or implausible, and says what the flags mean', async () => {
    signInWithProject();
    energyBackend();
    renderApp({ route: ROUTE });
    const legend = await screen.findByRole('alert');
    expect(legend).toHaveTextContent('部分时段的数据带有标记：');
    expect(within(legend).getByText('含计数器复位：时段内电能表计数器曾复位，用电量从复位后起算。')).toBeInTheDocument();
    expect(within(legend).getByText('数据缺口：时段内读数有缺口，缺口内的用电量按时间平均分摊。')).toBeInTheDocument();
    expect(within(legend).getByText('异常跳变未计入：时段内读数有不合理的跳变，跳变部分未计入。')).toBeInTheDocument();
    const reset = await rowOf('2026-05-09');
    expect(within(reset).getByText('含计数器复位').closest('.ant-tag')).toHaveAttribute('title', '时段内电能表计数器曾复位，用电量从复位后起算。');
    expect(within(reset).queryByText('数据缺口')).not.toBeInTheDocument();
    const gapAndJump = await rowOf('2026-05-10');
    expect(within(gapAndJump).getByText('数据缺口')).toBeInTheDocument();
    expect(within(gapAndJump).getByText('异常跳变未计入')).toBeInTheDocument();
    expect(within(await rowOf('2026-05-08')).queryByText(/复位|缺口|跳变/)).not.toBeInTheDocument();
  });

  it('says nothing of flags when no bucket is flagged', async () => {
    signInWithProject();
    const clean = { ...energyStats, rows: energyStats.rows.map((row) => ({ ...row, flags: 0 })), total: { ...energyStats.total, flags: 0 } };
    energyBackend({ [STATS]: ok({ data: clean }) });
    renderApp({ route: ROUTE });
    await rowOf('2026-05-09');
    expect(screen.queryByText('部分时段的数据带有标记：')).not.toBeInTheDocument();
    expect(screen.queryByText('含计数器复位')).not.toBeInTheDocument();
  });

  it('exports the trend and the ranking of the search as energy_<ms>.xlsx', async () => {
    signInWithProject();
    const { callsTo } = energyBackend();
    const saved = answerWithFile('/lighting/energy/export');
    const { user } = renderApp({ route: ROUTE });
    await screen.findByRole('region', { name: '总用电量' });
    const form = searchForm();
    await user.click(within(form).getByRole('radio', { name: '按时' }));
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(queryOf(callsTo(STATS).at(-1)).granularity).toBe('hour'));

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^energy_\d{13}\.xlsx$/);
    const trend = callsTo('POST /lighting/energy/export')[0];
    expect(trend?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries((trend?.body as URLSearchParams).entries())).toEqual({ view: 'trend', granularity: 'hour', beginTime: '2026-05-10', endTime: '2026-05-10' });

    await user.click(screen.getByRole('button', { name: '导出排行' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatch(/^energy_\d{13}\.xlsx$/);
    const ranking = callsTo('POST /lighting/energy/export')[1];
    expect(Object.fromEntries((ranking?.body as URLSearchParams).entries())).toEqual({ view: 'ranking', beginTime: '2026-05-10', endTime: '2026-05-10', limit: '10' });
  });

  it("shows the server's refusal of a range too long for the granularity, and no figures", async () => {
    signInWithProject();
    const refuseLongHours = (request: MockRequest) =>
      request.query.get('granularity') === 'hour' && request.query.get('beginTime') !== request.query.get('endTime')
        ? { status: 200, body: { code: 500, msg: '按小时统计的时间范围不能超过 31 天' } }
        : ok({ data: energyStats });
    const { callsTo } = energyBackend({ [STATS]: refuseLongHours });
    const { user } = renderApp({ route: ROUTE });
    await within(await screen.findByRole('region', { name: '总用电量' })).findByText('278.75 kWh');
    const form = searchForm();
    await user.click(within(form).getByRole('radio', { name: '按时' }));
    await pickRange(user, '2026-03-01', '2026-05-10');
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-03-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-05-10');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(queryOf(callsTo(STATS).at(-1))).toEqual({ granularity: 'hour', beginTime: '2026-03-01', endTime: '2026-05-10' }));
    // (confirming the range with Enter searches too: the refusal may be shown more than once)
    expect((await screen.findAllByText('按小时统计的时间范围不能超过 31 天'))[0]).toBeInTheDocument();
    await waitFor(() => expect(within(card('总用电量')).getByText('-')).toBeInTheDocument());
  });

  it('edits the settings: prices and hour bands checked first, then PUT and the figures read again', async () => {
    signInWithProject();
    const { callsTo } = energyBackend();
    const { user } = renderApp({ route: ROUTE });
    await screen.findByRole('region', { name: '总用电量' });
    await user.click(screen.getByRole('button', { name: '能耗设置' }));
    const dialog = await screen.findByRole('dialog', { name: '能耗设置' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });
    const peak = within(dialog).getByLabelText('峰段电价');
    // prices shown to the cent at least
    await waitFor(() => expect(peak).toHaveValue('1.20'));
    expect(within(dialog).getByLabelText('平段电价')).toHaveValue('0.75');
    expect(within(dialog).getByLabelText('谷段电价')).toHaveValue('0.35');
    expect(within(dialog).getByText('Asia/Shanghai')).toBeInTheDocument();
    expect(within(dialog).getByText('最后修改：admin 2026-05-01 10:00:00')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '整夜全亮' })).toBeChecked();
    const hours = within(dialog).getByRole('group', { name: '分时段' });
    expect(within(hours).getAllByRole('button')).toHaveLength(24);
    expect(within(hours).getByRole('button', { name: '00:00-01:00 谷' })).toBeInTheDocument();
    expect(within(hours).getByRole('button', { name: '12:00-13:00 峰' })).toBeInTheDocument();
    expect(within(hours).getByRole('button', { name: '23:00-24:00 平' })).toBeInTheDocument();

    // prices: 0 to 100, 4 decimals at most
    const refusal = '电价须为 0 至 100 元/kWh，最多 4 位小数';
    await fill(user, peak, '0.12345');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await fill(user, peak, '100.5');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(callsTo('PUT /lighting/energy/setting')).toHaveLength(0);
    await fill(user, peak, '1.3456');
    await waitFor(() => expect(within(dialog).queryByText(refusal)).not.toBeInTheDocument());

    // midnight moves from valley to peak; the baseline becomes last year's, with a note
    await user.click(within(hours).getByRole('button', { name: '00:00-01:00 谷' }));
    expect(within(hours).getByRole('button', { name: '00:00-01:00 峰' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '去年同期' }));
    expect(within(dialog).getByText('基准为同一批回路去年同期的用电量。')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('基准说明'), '与 2025 年同期比较');
    const sent = callsTo(STATS).length;
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/energy/setting')[0]?.body).toEqual({
      peakPrice: 1.3456,
      flatPrice: 0.75,
      valleyPrice: 0.35,
      hourBands: 'PVVVVVVVFFFPPPFFFFFPPPFF',
      baseline: 'lastYear',
      baselineNote: '与 2025 年同期比较',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '能耗设置' })).not.toBeInTheDocument());
    // new prices change every cost: the figures are read again
    await waitFor(() => expect(callsTo(STATS).length).toBeGreaterThan(sent));
  });

  it('refuses hour bands with an hour not set until it is', async () => {
    signInWithProject();
    const { callsTo } = energyBackend({ 'GET /lighting/energy/setting': ok({ data: { ...energySetting, hourBands: 'VVVVVVVVFFFPPPFFFFFPPPF' } }) });
    const { user } = renderApp({ route: ROUTE });
    await screen.findByRole('region', { name: '总用电量' });
    await user.click(screen.getByRole('button', { name: '能耗设置' }));
    const dialog = await screen.findByRole('dialog', { name: '能耗设置' });
    const hours = within(dialog).getByRole('group', { name: '分时段' });
    const unset = await within(hours).findByRole('button', { name: '23:00-24:00 未设置' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请为全部 24 个小时选择峰、平或谷')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/energy/setting')).toHaveLength(0);
    await user.click(unset);
    expect(within(hours).getByRole('button', { name: '23:00-24:00 峰' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('PUT /lighting/energy/setting')).toHaveLength(1));
    expect(callsTo('PUT /lighting/energy/setting')[0]?.body).toMatchObject({ hourBands: 'VVVVVVVVFFFPPPFFFFFPPPFP' });
  });

  it("rebuilds the search's days after a confirmation, and tells how many; a purged period is refused with the server's words", async () => {
    signInWithProject();
    let purged = false;
    const { callsTo } = energyBackend({
      'POST /lighting/energy/rebuild': () => (purged ? { status: 200, body: { code: 500, msg: '2026-04-11 的原始数据已清理，无法重算' } } : ok({ data: { days: 30 } })),
    });
    const { user } = renderApp({ route: ROUTE });
    await screen.findByRole('region', { name: '总用电量' });
    await user.click(screen.getByRole('button', { name: '重新计算' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('将用仍保留的原始数据重新计算 2026-04-11 至 2026-05-10 的能耗汇总');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /lighting/energy/rebuild')).toHaveLength(0);

    const sent = callsTo(STATS).length;
    await user.click(screen.getByRole('button', { name: '重新计算' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已重新计算 30 天的能耗汇总')).toBeInTheDocument();
    expect(callsTo('POST /lighting/energy/rebuild')[0]?.body).toEqual(LAST_30_DAYS);
    await waitFor(() => expect(callsTo(STATS).length).toBeGreaterThan(sent));

    purged = true;
    await user.click(screen.getByRole('button', { name: '重新计算' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('2026-04-11 的原始数据已清理，无法重算')).toBeInTheDocument();
  });

  it('shows the figures only to a user who may only list them: no export, settings or rebuild, no scopes beyond the project', async () => {
    signInWithProject();
    const { callsTo } = energyBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '查看员', avatar: '' },
        roles: ['viewer'],
        permissions: ['pc:lighting:energy:list'],
      }),
    });
    const { user } = renderApp({ route: ROUTE });
    expect(await within(await screen.findByRole('region', { name: '总用电量' })).findByText('278.75 kWh')).toBeInTheDocument();
    for (const name of ['导出', '导出排行', '能耗设置', '重新计算']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(within(searchForm()).getByLabelText('统计维度'));
    const listbox = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    expect(within(listbox).getByTitle('全项目')).toBeInTheDocument();
    for (const scope of ['按网关', '按回路', '按分组']) expect(within(listbox).queryByTitle(scope)).not.toBeInTheDocument();
    expect(callsTo('GET /lighting/gateway/list')).toHaveLength(0);
    expect(callsTo('GET /device/group/list')).toHaveLength(0);
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = energyBackend();
    renderApp({ route: ROUTE });
    const total = await screen.findByRole('region', { name: 'Total energy' });
    expect(await within(total).findByText('278.75 kWh')).toBeInTheDocument();
    for (const title of ['Cost', 'Baseline energy', 'Energy saved', 'Cost saved']) expect(card(title)).toBeInTheDocument();
    expect(screen.getByText(/The baseline is the same loops on all night at their highest drawn power\./)).toBeInTheDocument();
    for (const title of ['Time', 'Energy (kWh)', 'Peak (kWh)', 'Flat (kWh)', 'Valley (kWh)', 'Cost (¥)', 'Baseline (kWh)', 'Saved (kWh)', 'Saved (¥)', 'Data flags']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    expect(within(await rowOf('2026-05-09')).getByText('counter reset')).toBeInTheDocument();
    const flagged = await rowOf('2026-05-10');
    for (const flag of ['gap in readings', 'implausible jump not counted']) expect(within(flagged).getByText(flag)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some periods\' figures are flagged:');
    for (const name of ['Export', 'Export ranking', 'Settings', 'Rebuild', 'Search', 'Reset']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Energy trend' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Top 10 loops by energy' })).toBeInTheDocument();
    await waitFor(() => expect(charts.get('Top 10 loops by energy')?.yAxis.data).toEqual(['北区网关 · 主路灯', '南区网关 · Loop 2']));
    expect(charts.get('Energy trend')?.series.map((series) => series.name)).toEqual(['Peak', 'Flat', 'Valley', 'Baseline']);
    expect(callsTo(STATS)[0]?.headers.get('Content-Language')).toBe('en_US');
  });
});
