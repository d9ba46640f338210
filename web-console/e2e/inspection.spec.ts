import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, choose, chooseProject, dialogOpened, screen, sidebar, signIn, toast } from './helpers';

// Inspection (spec: "inspection"; contract docs/inspection-api.md) against the real server,
// as admin in the demo project, on the one menu page 运维管理 / 巡检管理 and its four tabs: a
// team of one member (admin), a route of one point (the demo gateway 滨江配电柜1, SIM-00001)
// and a daily plan from today to a week ahead are added from the console. The plan job (every
// 10 seconds) makes the plan's task for today and sets it doing (巡检中) once its start has
// come; the task is then dealt with: its point abnormal, with a work order raised for it. The
// task is finished, the work order's number is shown, and the work-order page lists it as an
// inspection order. Everything the test added is removed afterwards, and the order closed.

const RUN = Date.now().toString(36).slice(-5);
const TEAM = `端到端班组${RUN}`;
const ROUTE = `端到端路线${RUN}`;
const PLAN = `端到端计划${RUN}`;
const DESCRIPTION = `配电柜柜门松动${RUN}`;
const REMARK = `柜门松动，需紧固${RUN}`;
/** The demo gateway walked (its option and its point read "滨江配电柜1 (SIM-00001)"). */
const GATEWAY = '滨江配电柜1';
/** The demo project, which the simulated gateways SIM-00001..5 belong to. */
const PROJECT = 1;

/** A day `offset` days from today, as YYYY-MM-DD (the browser and the server share this machine's time zone). */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** Opens a tab of the inspection page; answers its panel. */
async function openTab(inspection: Locator, name: string): Promise<Locator> {
  await inspection.getByRole('tab', { name, exact: true }).click();
  const panel = inspection.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Picks the option whose title matches `option` in the Select labelled `label` inside `scope`, typing `search` first. */
async function chooseMatching(page: Page, scope: Locator, label: string, option: RegExp, search?: string): Promise<void> {
  // the options arrive after the dialog opens and the dropdown may redraw under the click:
  // pick again until the choice is made
  await expect(async () => {
    const field = scope.getByLabel(label, { exact: true });
    await field.click({ force: true });
    if (search !== undefined) await field.fill(search);
    await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Types a day into the date picker labelled `label` inside `dialog`. */
async function pickDay(dialog: Locator, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Removes what this run added (the finished task stays, as the server keeps finished tasks) and closes its work order. */
async function cleanUp(page: Page, workOrder: string): Promise<void> {
  const list = <Row>(path: string) => callApi<Row>(page, 'GET', path, { project: PROJECT });
  const plans = await list<{ planId: number; planName: string }>(`/operation/inspection/plan/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent(PLAN)}`);
  for (const plan of (plans.rows ?? []).filter((row) => row.planName === PLAN)) {
    const tasks = await list<{ taskId: number; status: string }>(`/operation/inspection/task/list?pageNum=1&pageSize=100&planId=${plan.planId}`);
    const open = (tasks.rows ?? []).filter((task) => task.status !== '2').map((task) => task.taskId);
    if (open.length > 0) await callApi(page, 'DELETE', `/operation/inspection/task/${open.join(',')}`, { project: PROJECT });
    await callApi(page, 'DELETE', `/operation/inspection/plan/${plan.planId}`, { project: PROJECT });
  }
  const routes = await list<{ routeId: number; routeName: string }>(`/operation/inspection/route/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent(ROUTE)}`);
  const routeIds = (routes.rows ?? []).filter((row) => row.routeName === ROUTE).map((row) => row.routeId);
  if (routeIds.length > 0) await callApi(page, 'DELETE', `/operation/inspection/route/${routeIds.join(',')}`, { project: PROJECT });
  const teams = await list<{ teamId: number; teamName: string }>(`/operation/inspection/team/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent(TEAM)}`);
  const teamIds = (teams.rows ?? []).filter((row) => row.teamName === TEAM).map((row) => row.teamId);
  if (teamIds.length > 0) await callApi(page, 'DELETE', `/operation/inspection/team/${teamIds.join(',')}`, { project: PROJECT });
  if (workOrder) {
    const orders = await list<{ workOrderId: number; orderNumber: string }>(`/operation/workOrder/list?pageNum=1&pageSize=10&keyword=${encodeURIComponent(workOrder)}`);
    for (const order of (orders.rows ?? []).filter((row) => row.orderNumber === workOrder)) {
      await callApi(page, 'PUT', '/operation/workOrder/close', { project: PROJECT, body: { workOrderId: order.workOrderId, closeReason: '端到端测试结束' } });
    }
  }
}

test('a plan makes a task, dealt with on the inspection page: an abnormal point raises an inspection work order', async ({ page }) => {
  // the plan job runs every 10 seconds: the task is waited for up to 45 s
  test.setTimeout(180_000);
  await signIn(page);
  await chooseProject(page);
  let workOrder = '';
  try {
    await openMenu(page, '运维管理', '巡检管理');
    await expect(page).toHaveURL(/\/operation\/inspection$/);
    const inspection = screen(page, '/operation/inspection');
    // the tasks tab is the first one shown
    await expect(inspection.getByRole('tab', { name: '巡检任务', exact: true })).toHaveAttribute('aria-selected', 'true');

    // ---- a team of one member: admin ----
    const teams = await openTab(inspection, '巡检班组');
    await teams.getByRole('button', { name: '新增', exact: true }).click();
    const team = page.getByRole('dialog', { name: '新增巡检班组' });
    await dialogOpened(team);
    await team.getByLabel('班组名称').fill(TEAM);
    await chooseMatching(page, team, '班组成员', /\(admin\)$/);
    await expect(team.getByTitle(/\(admin\)$/)).toBeVisible();
    await team.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(team).toBeHidden();
    // the member by name (the nickname or the account, as the server names members)
    await expect(teams.getByRole('row').filter({ hasText: TEAM })).toContainText(/超级管理员|admin/);

    // ---- a route of one gateway ----
    const routes = await openTab(inspection, '巡检路线');
    await routes.getByRole('button', { name: '新增', exact: true }).click();
    const route = page.getByRole('dialog', { name: '新增巡检路线' });
    await dialogOpened(route);
    await route.getByLabel('路线名称').fill(ROUTE);
    await chooseMatching(page, route, '添加设备', new RegExp(`^${GATEWAY} \\(`), GATEWAY);
    const points = route.getByRole('list', { name: '巡检点' });
    await expect(points.getByRole('listitem')).toHaveCount(1);
    await expect(points).toContainText(GATEWAY);
    await route.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(route).toBeHidden();
    await expect(routes.getByRole('row').filter({ hasText: ROUTE })).toContainText(GATEWAY);

    // ---- a daily plan from today to a week ahead ----
    const plans = await openTab(inspection, '巡检计划');
    await plans.getByRole('button', { name: '新增', exact: true }).click();
    const plan = page.getByRole('dialog', { name: '新增巡检计划' });
    await dialogOpened(plan);
    await plan.getByLabel('计划名称').fill(PLAN);
    await chooseMatching(page, plan, '巡检路线', new RegExp(`^${ROUTE}$`), ROUTE);
    await chooseMatching(page, plan, '巡检班组', new RegExp(`^${TEAM}$`), TEAM);
    await choose(page, plan, '巡检周期', '每天');
    await pickDay(plan, '开始日期', day(0));
    await pickDay(plan, '结束日期', day(7));
    await expect(plan.getByRole('radio', { name: '正常' })).toBeChecked();
    await plan.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(plan).toBeHidden();
    const planRow = plans.getByRole('row').filter({ hasText: PLAN });
    for (const text of [ROUTE, TEAM, '每天', day(0), day(7), '正常']) await expect(planRow).toContainText(text);

    // ---- the job makes today's task and sets it doing: the list is asked again until it shows ----
    const tasks = await openTab(inspection, '巡检任务');
    await tasks.getByRole('tab', { name: /^巡检中 \(\d+\)$/ }).click();
    const doing = tasks.getByRole('row').filter({ hasText: PLAN }).filter({ hasText: '巡检中' });
    await expect(async () => {
      await tasks.getByRole('button', { name: '刷新' }).click();
      await expect(doing).toHaveCount(1, { timeout: 3_000 });
    })
      .toPass({ timeout: 45_000 })
      .catch(async (error: unknown) => {
        // Once in a full run (2026-11-28) the task was made and doing, yet the refreshed list
        // and counts never showed it: say what the server answered then, to tell the two apart.
        const server = await callApi<{ taskName: string; status: string }>(page, 'GET', '/operation/inspection/task/list?pageNum=1&pageSize=50&status=1', { project: PROJECT });
        throw new Error(`${String(error)}\nthe server's doing tasks then: ${JSON.stringify((server.rows ?? []).map((row) => row.taskName))}`);
      });
    for (const text of [ROUTE, TEAM]) await expect(doing).toContainText(text);

    // ---- dealt with: the point abnormal, a work order raised for it ----
    await doing.getByRole('button', { name: /^处理 / }).click();
    const deal = page.getByRole('dialog', { name: /^处理巡检任务：/ });
    await dialogOpened(deal);
    const point = deal.getByRole('group', { name: `1. ${GATEWAY}` });
    await expect(point).toBeVisible();
    await point.getByRole('radio', { name: '异常' }).check();
    await point.getByLabel('备注').fill(REMARK);
    await point.getByRole('checkbox', { name: '生成工单' }).check();
    // the question is "other" unless chosen
    await expect(point.getByTitle('其他', { exact: true })).toBeVisible();
    // (a Select with a value: its value covers the input, the pick clicks through)
    await chooseMatching(page, point, '问题类型', /^设施损坏$/);
    await expect(point.getByTitle('设施损坏', { exact: true })).toBeVisible();
    await deal.getByLabel('处理结果描述').fill(DESCRIPTION);
    await deal.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '巡检任务已处理').first()).toBeVisible();
    await expect(deal).toBeHidden();

    // the task is finished and the work order's number is shown
    const result = page.getByRole('dialog', { name: '处理结果' });
    await dialogOpened(result);
    await expect(result).toContainText('任务状态：已完成');
    const opened = result.getByRole('list', { name: '已生成工单：' }).getByRole('listitem');
    await expect(opened).toHaveCount(1);
    workOrder = ((await opened.textContent()) ?? '').trim();
    expect(workOrder).toMatch(/^WO\d+$/);
    await result.getByRole('button', { name: '确定' }).click();
    await expect(result).toBeHidden();

    // the finished task, with its abnormal point and its work order in the detail
    await tasks.getByRole('tab', { name: /^已完成 \(\d+\)$/ }).click();
    const finished = tasks.getByRole('row').filter({ hasText: PLAN }).filter({ hasText: '已完成' });
    await expect(finished).toHaveCount(1);
    await expect(finished).toContainText('admin');
    await finished.getByRole('button', { name: / 详情$/ }).click();
    const detail = page.getByRole('dialog', { name: '巡检任务详情' });
    await expect(detail).toBeVisible();
    await expect(detail.getByText(DESCRIPTION, { exact: true })).toBeVisible();
    const pointRow = detail.getByRole('row').filter({ hasText: GATEWAY });
    for (const text of ['设备', '异常', REMARK, workOrder]) await expect(pointRow).toContainText(text);
    await detail.getByRole('button', { name: '关闭' }).click();
    await expect(detail).toBeHidden();

    // ---- the work-order page lists it as an inspection order, at the point ----
    await openMenu(page, '运维管理', '工单管理');
    await expect(page).toHaveURL(/\/operation\/workOrder$/);
    const orders = screen(page, '/operation/workOrder');
    await orders.getByLabel('关键字').fill(workOrder);
    await orders.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(orders.getByText('共 1 条')).toBeVisible();
    const order = orders.getByRole('row').filter({ hasText: workOrder });
    // at the point, named as the lighting service names the gateway: "滨江配电柜1 (SIM-00001)"
    for (const text of ['巡检', '设施损坏', '待派单', GATEWAY]) await expect(order).toContainText(text);
    await order.getByRole('button', { name: `${workOrder} 详情` }).click();
    const drawer = page.getByRole('dialog', { name: '工单详情' });
    await expect(drawer).toBeVisible();
    // the point's remark is the order's description
    await expect(drawer.getByRole('cell', { name: REMARK, exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toBeHidden();
  } finally {
    await cleanUp(page, workOrder);
  }
});
