import { expect, test, type Page } from '@playwright/test';
import { breadcrumb, chooseMatching, chooseProject, clockPlus, confirmIn, dialogOpened, removeScenesNamed, removeTasksNamed, required, rowOf, signIn, toast } from './helpers';

// Power scenes, tasks and tonight's plan (contract: docs/api-compatibility.md, "Power scenes,
// tasks and tonight's plan"; rules: docs/scheduler.md) against the real server, as admin in the
// demo project. Its seed gives the project a site in Asia/Shanghai, two scenes over every loop
// (傍晚全亮, 深夜节能) and two enabled tasks (傍晚亮灯: sunset +15 to 23:00; 深夜节能: 23:00
// to sunrise -10). A scene of one loop (SIM-00002, loop 2, on at 70%) and a task of priority 50
// using it (sunset +15 to 23:30) are added here; the server refuses edits and deletion of the
// enabled task; tonight's plan shows the task on that loop and the demo's evening on the
// others; issued, the task reaches 下发成功 on its simulated gateway. Everything added is
// removed afterwards, so that other specs meet the demo as seeded.

const RUN = Date.now().toString(36);
const SCENE = `E2E scene ${RUN}`;
const TASK = `E2E sunset ${RUN}`;
/** The demo project, which the simulated gateways SIM-00001..5 belong to. */
const PROJECT = 1;
/** The demo gateway used: its option reads "滨江配电柜2 (SIM-00002)". */
const GATEWAY = /\(SIM-00002\)$/;
const GATEWAY_NAME = '滨江配电柜2';
/** What the server answers an edit or a deletion of an enabled task. */
const ENABLED_REFUSAL = '任务已启用，请先停用再修改或删除';

/** Removes what a run left behind (a failed run's task and scene), through the API. */
async function cleanUp(page: Page): Promise<void> {
  await removeTasksNamed(page, PROJECT, TASK);
  await removeScenesNamed(page, PROJECT, '/lighting/scene', SCENE);
}

test.afterEach(async ({ page }) => {
  // only when the run stopped before its own clean-up (signed in by then)
  if ((await page.context().cookies()).some((cookie) => cookie.name === 'Admin-Token')) await cleanUp(page);
});

test("scenes and tasks: an enabled task is refused edits and deletion, tonight's plan shows it", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await chooseProject(page);

  // 1. a scene of one loop
  await page.goto('/lighting/scene');
  await expect(breadcrumb(page)).toContainText('电力场景');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const sceneDialog = page.getByRole('dialog', { name: '新增场景' });
  await dialogOpened(sceneDialog);
  await sceneDialog.getByRole('textbox', { name: '场景名称' }).fill(SCENE);
  await chooseMatching(page, sceneDialog, '第 1 行网关', GATEWAY, 'SIM-00002');
  await chooseMatching(page, sceneDialog, '第 1 行回路', '回路2');
  await expect(sceneDialog.getByRole('switch', { name: '第 1 行开关' })).toBeChecked();
  await sceneDialog.getByRole('spinbutton', { name: '第 1 行亮度' }).fill('70');
  await sceneDialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(sceneDialog).toBeHidden();
  await expect(rowOf(page, SCENE)).toBeVisible();
  await expect(rowOf(page, SCENE)).toContainText('默认场景');

  // 2. a task using it, disabled when added; without a scene the spec's message first
  await page.goto('/lighting/task');
  await expect(breadcrumb(page)).toContainText('任务管理');
  await expect(rowOf(page, '傍晚亮灯')).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const taskDialog = page.getByRole('dialog', { name: '新增任务' });
  await dialogOpened(taskDialog);
  await taskDialog.getByRole('textbox', { name: '任务名称' }).fill(TASK);
  await taskDialog.getByRole('spinbutton', { name: required('优先级') }).fill('50');
  await taskDialog.getByRole('spinbutton', { name: '开始偏移（分钟）' }).fill('15');
  await chooseMatching(page, taskDialog, '结束方式', '定时');
  const endTime = taskDialog.getByRole('textbox', { name: '结束时间', exact: true });
  await endTime.click();
  await endTime.fill('23:30');
  await endTime.press('Enter');
  await expect(endTime).toHaveValue('23:30');
  await chooseMatching(page, taskDialog, required('网关'), GATEWAY, 'SIM-00002');
  await taskDialog.getByRole('button', { name: '确定' }).click();
  await expect(taskDialog.getByText('操作错误，请选择要下发的场景')).toBeVisible();
  await chooseMatching(page, taskDialog, required('场景'), SCENE, SCENE);
  await expect(taskDialog.getByText('操作错误，请选择要下发的场景')).toBeHidden();
  await taskDialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(taskDialog).toBeHidden();
  const task = rowOf(page, TASK);
  await expect(task).toBeVisible();
  for (const text of ['50', '日落 +15 分钟', '23:30', SCENE]) await expect(task.getByText(text, { exact: true })).toBeVisible();
  const enabled = task.getByRole('switch', { name: `${TASK} 的启用状态` });
  await expect(enabled).not.toBeChecked();

  // 3. enabled: the server refuses an edit and a deletion
  await enabled.click();
  await confirmIn(page, `确定启用任务“${TASK}”吗？`);
  await expect(toast(page, '已启用').first()).toBeVisible();
  await expect(enabled).toBeChecked();

  await task.getByRole('button', { name: `修改 ${TASK}` }).click();
  const editDialog = page.getByRole('dialog', { name: '修改任务' });
  await dialogOpened(editDialog);
  await expect(editDialog.getByText('已启用的任务不能修改或删除，请先停用')).toBeVisible();
  await expect(editDialog.getByRole('textbox', { name: '任务名称' })).toHaveValue(TASK);
  await editDialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, ENABLED_REFUSAL)).toBeVisible();
  await expect(editDialog).toBeVisible();
  await editDialog.getByRole('button', { name: '取消' }).click();
  await expect(editDialog).toBeHidden();
  // the refusal gone, so that the next one is seen to come
  await expect(toast(page, ENABLED_REFUSAL)).toHaveCount(0);

  await task.getByRole('button', { name: `删除 ${TASK}` }).click();
  await confirmIn(page, `确定删除任务“${TASK}”吗？`);
  await expect(toast(page, ENABLED_REFUSAL)).toBeVisible();
  await expect(task).toBeVisible();

  // 3b. issued to its gateway (SIM-00002 of the simulated fleet): the schedule, compiled from
  // every enabled task of the project, is acknowledged; the task's state reaches succeeded and
  // the gateway's schedule is listed with it
  await task.getByRole('button', { name: `下发 ${TASK}` }).click();
  await confirmIn(page, `确定将任务“${TASK}”下发到其网关吗？`);
  await expect(toast(page, '下发成功：1个网关').first()).toBeVisible();
  await expect(task.getByText('下发成功', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /网关计划/ }).click();
  const schedules = page.getByRole('dialog', { name: '网关计划' });
  await expect(schedules).toBeVisible();
  const issuedRow = schedules.getByRole('row', { name: /SIM-00002/ });
  await expect(issuedRow.getByText('下发成功', { exact: true })).toBeVisible();
  await expect(issuedRow).toContainText('admin');
  await schedules.getByRole('button', { name: 'Close' }).or(schedules.getByRole('button', { name: '关闭' })).first().click();
  await expect(schedules).toBeHidden();

  // 4. tonight's plan of the gateway: our task on loop 2, the demo's evening on loop 1
  await page.getByRole('button', { name: /今晚计划/ }).click();
  const drawer = page.getByRole('dialog', { name: '今晚计划' });
  await expect(drawer).toBeVisible();
  await chooseMatching(page, drawer, '网关', GATEWAY, 'SIM-00002');
  await expect(drawer.getByRole('group', { name: /的计划$/ })).toHaveCount(4);
  await expect(drawer.getByText(/（Asia\/Shanghai）$/)).toBeVisible();
  const sunset = drawer.getByText(/^日落 \d{2}:\d{2}$/);
  await expect(sunset).toBeVisible();
  await expect(drawer.getByText(/^日出 \d{2}:\d{2}$/)).toBeVisible();
  const sunsetClock = ((await sunset.textContent()) ?? '').replace('日落 ', '');
  const evening = clockPlus(sunsetClock, 15);

  // From sunset +15 our task (priority 50) lights loop 2 at 70% until 23:30, over the demo's
  // evening (priority 10), which lights the other loops until 23:00. A manual command given
  // tonight by another spec (one-key control in the demo project) may cut a run in two: so a
  // run's start is read from its first segment, and its end as a change of the plan there
  // (a manual command holds until the next planned change).
  const ours = drawer.getByRole('group', { name: `${GATEWAY_NAME} 回路2 的计划` });
  const ourRun = (from: string, to: string) => new RegExp(`^${from}–${to} 开 70%：${TASK} · ${SCENE} · 优先级 50$`);
  const ourSegment = ours.getByRole('img', { name: ourRun(evening, '\\d{2}:\\d{2}') });
  await expect(ourSegment).toBeVisible();
  await expect(ours.getByRole('img', { name: /^\d{2}:\d{2}–23:30 / })).toBeVisible();
  await expect(ours.getByRole('img', { name: /傍晚亮灯/ })).toHaveCount(0);
  await ourSegment.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: `${TASK} · ${SCENE} · 优先级 50` })).toBeVisible();
  const other = drawer.getByRole('group', { name: `${GATEWAY_NAME} 回路1 的计划` });
  await expect(other.getByRole('img', { name: new RegExp(`^${evening}–\\d{2}:\\d{2} 开 100%：傍晚亮灯 · 傍晚全亮 · 优先级 10$`) })).toBeVisible();
  await expect(other.getByRole('img', { name: /^\d{2}:\d{2}–23:00 / })).toBeVisible();
  await expect(other.getByRole('img', { name: new RegExp(TASK) })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByRole('button', { name: '关闭' })).first().click();
  await expect(drawer).toBeHidden();

  // 5. clean up: disabled, deleted; then the scene
  await enabled.click();
  await confirmIn(page, `确定停用任务“${TASK}”吗？`);
  await expect(toast(page, '已停用').first()).toBeVisible();
  await expect(enabled).not.toBeChecked();
  await task.getByRole('button', { name: `删除 ${TASK}` }).click();
  await confirmIn(page, `确定删除任务“${TASK}”吗？`);
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(task).toHaveCount(0);

  await page.goto('/lighting/scene');
  await rowOf(page, SCENE).getByRole('button', { name: `删除 ${SCENE}` }).click();
  await confirmIn(page, `确定删除场景“${SCENE}”吗？`);
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(rowOf(page, SCENE)).toHaveCount(0);
  // the demo's scenes stay
  for (const name of ['傍晚全亮', '深夜节能']) await expect(rowOf(page, name)).toBeVisible();
});
