import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { pickOption, selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { deviceBackend, northGateway, ok, silentLoopChart, southGateway } from '../fixtures';

// jsdom has no canvas: the chart is checked by chartModel.test.ts and the e2e tests
vi.mock('./ChartView', () => ({
  default: ({ label, chart }: { label: string; chart: { planned: unknown[]; actual: unknown[] } }) => (
    <div role="img" aria-label={label}>
      {chart.planned.length} planned, {chart.actual.length} reported
    </div>
  ),
}));

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./ChartPage');
}, 120_000);

beforeEach(() => {
  // today is 2026-05-01 (the clock only: timers run as ever)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-01T20:00:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const ROUTE = '/device/chart';
/** What the server answers without a site (code 500 in an HTTP 200 answer). */
const NO_SITE = '请先设置项目的位置和时区';

const filterForm = async () => (await screen.findByLabelText('网关')).closest('form') as HTMLElement;

/** Types a day into the date picker and confirms it. */
async function pickDay(user: UserEvent, form: HTMLElement, day: string) {
  const input = within(form).getByLabelText('日期');
  await user.click(input);
  await user.clear(input);
  await user.type(input, day);
  await user.keyboard('{Enter}');
}

/** Chooses the north gateway and a loop, and queries. */
async function queryNorth(user: UserEvent, loop = '回路1：主路灯') {
  const form = await filterForm();
  await selectOption(user, form, '网关', '北区网关 (GW-0007)');
  await selectOption(user, form, '回路', loop);
  await user.click(within(form).getByRole('button', { name: '查询' }));
  return form;
}

const summary = () => screen.findByRole('region', { name: '亮灯统计' });

/** The figure the summary gives beside `label`. */
const valueOf = (figures: HTMLElement, label: string) => within(figures).getByText(label).closest('th')?.nextElementSibling?.textContent;

describe('the lighting charts page', () => {
  it('asks for a gateway first, then sends the gateway, the loop (named as on the gateway) and the date', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend({ 'GET /lighting/gateway/list': ok({ rows: [northGateway, southGateway], total: 2 }) });
    const { user } = renderApp({ route: ROUTE });
    const form = await filterForm();
    expect(await screen.findByText('请选择网关和回路，再点击“查询”，查看该回路一夜的计划与实际')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: '查询' })).toBeDisabled();
    expect(within(form).getByText('请先选择网关')).toBeInTheDocument();
    // today by default
    expect(within(form).getByLabelText('日期')).toHaveValue('2026-05-01');

    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    // the first loop at once; the north gateway's four, the first two named
    await waitFor(() => expect(within(form).getByTitle('回路1：主路灯')).toBeInTheDocument());
    await user.click(within(form).getByLabelText('回路'));
    const loops = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    for (const title of ['回路1：主路灯', '回路2：景观带', '回路3', '回路4']) expect(await within(loops).findByTitle(title)).toBeInTheDocument();
    await user.click(within(loops).getByTitle('回路2：景观带'));
    expect(callsTo('GET /device/chart/loop')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo('GET /device/chart/loop')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('GET /device/chart/loop')[0]?.query ?? [])).toEqual({ gatewayId: '7', loopIndex: '2', date: '2026-05-01' });
    expect(callsTo('GET /device/chart/loop')[0]?.headers.get('ProjectId')).toBe('1');
    expect(await screen.findByRole('img', { name: '北区网关 回路1：主路灯 2026-05-01 的照明图表' })).toHaveTextContent('5 planned, 4 reported');

    // another night (Enter in the date submits, as in any form); the same query again asks again
    await pickDay(user, form, '2026-04-30');
    await waitFor(() => expect(callsTo('GET /device/chart/loop')).toHaveLength(2));
    expect(callsTo('GET /device/chart/loop')[1]?.query.get('date')).toBe('2026-04-30');
    await waitFor(() => expect(within(form).getByRole('button', { name: '查询' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo('GET /device/chart/loop')).toHaveLength(3));

    // another gateway: its two loops, unnamed, the first chosen
    // (the loop's dropdown, opened before, stays in the document)
    await pickOption(user, form, '网关', '南区网关 (GW-0008)');
    await waitFor(() => expect(within(form).getByTitle('回路1')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo('GET /device/chart/loop')).toHaveLength(4));
    expect(callsTo('GET /device/chart/loop')[3]?.query.get('gatewayId')).toBe('8');
    expect(callsTo('GET /device/chart/loop')[3]?.query.get('loopIndex')).toBe('1');
  });

  it('sums up the night under the chart: planned and actual on time and their difference; explains the gaps', async () => {
    signInWithProject();
    deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    await queryNorth(user);
    expect(await screen.findByRole('img', { name: '北区网关 回路1：主路灯 2026-05-01 的照明图表' })).toBeInTheDocument();
    const figures = await summary();
    // planned on 19:00 to 22:10; reported on 19:02 to 20:30 and 20:50 to 22:15
    expect(valueOf(figures, '计划亮灯时长（时:分）')).toBe('3:10');
    expect(valueOf(figures, '实际亮灯时长（时:分）')).toBe('2:53');
    expect(valueOf(figures, '差值（实际 − 计划）')).toBe('-0:17');
    expect(screen.getByText(/“实际”一行的空白处：该时段遥测中断超过 5 分钟/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '图例' })).getByText('无数据')).toBeInTheDocument();
    expect(screen.queryByText('该夜没有上报的遥测数据')).not.toBeInTheDocument();
  });

  it('shows the plan alone and says so when nothing was reported that night', async () => {
    signInWithProject();
    deviceBackend({ 'GET /device/chart/loop': ok({ data: silentLoopChart }) });
    const { user } = renderApp({ route: ROUTE });
    await queryNorth(user);
    expect(await screen.findByText('该夜没有上报的遥测数据')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '北区网关 回路1：主路灯 2026-05-01 的照明图表' })).toHaveTextContent('5 planned, 0 reported');
    const figures = await summary();
    expect(valueOf(figures, '计划亮灯时长（时:分）')).toBe('3:10');
    expect(valueOf(figures, '实际亮灯时长（时:分）')).toBe('-');
  });

  it("shows the server's refusal as every request's, and no chart", async () => {
    signInWithProject();
    deviceBackend({ 'GET /device/chart/loop': { body: { code: 500, msg: NO_SITE } } });
    const { user } = renderApp({ route: ROUTE });
    await queryNorth(user);
    // the client's error message, as for every request
    expect((await screen.findByText(NO_SITE)).closest('.ant-message-notice')).not.toBeNull();
    expect(await screen.findByText('未能读取照明图表')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /照明图表$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '亮灯统计' })).not.toBeInTheDocument();
  });

  it('offers the query to the holders of pc:device:chart:query only', async () => {
    signInWithProject();
    deviceBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['viewer'],
        permissions: ['pc:device:chart:list', 'pc:lighting:gateway:list'],
      }),
    });
    renderApp({ route: ROUTE });
    const form = await filterForm();
    expect(within(form).getByLabelText('回路')).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: '查询' })).not.toBeInTheDocument();
  });

  it('in English', async () => {
    signInWithProject();
    deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    await filterForm();
    await act(async () => {
      await changeLanguage('en');
    });
    expect(await screen.findByText("Choose a gateway and a loop, then click Query to see the loop's night, planned against actual")).toBeInTheDocument();
    const form = (await screen.findByLabelText('Gateway')).closest('form') as HTMLElement;
    await selectOption(user, form, 'Gateway', '北区网关 (GW-0007)');
    await waitFor(() => expect(within(form).getByTitle('Loop 1: 主路灯')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Query' }));
    expect(await screen.findByRole('img', { name: 'Lighting chart of 北区网关 Loop 1: 主路灯 on 2026-05-01' })).toBeInTheDocument();
    const figures = await screen.findByRole('region', { name: 'On time' });
    expect(valueOf(figures, 'Planned on time (h:mm)')).toBe('3:10');
    expect(valueOf(figures, 'Actual on time (h:mm)')).toBe('2:53');
    expect(valueOf(figures, 'Difference (actual − planned)')).toBe('-0:17');
    expect(screen.getByText(/^Blank stretches of the Actual row/)).toBeInTheDocument();
  });
});
