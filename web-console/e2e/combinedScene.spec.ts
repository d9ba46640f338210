import { expect, test, type Locator, type Page } from '@playwright/test';
import { breadcrumb, callApi, chooseMatching, chooseProject, clockPlus, confirmIn, dialogOpened, removeScenesNamed, removeTasksNamed, required, rowOf, signIn, toast } from './helpers';

// Combined scenes (contract: GET/POST/PUT/DELETE /lighting/combinedScene; rules:
// docs/scheduler.md) against the real server, as admin in the demo project. A sequential
// cycle is made of the demo's two power scenes (read from the scene list: the two oldest),
// 15 minutes each; the edit dialog reads it back in order; a task of priority 50 from sunset
// +15 uses it alone (the form refuses a power scene beside it, as the server does) on the
// simulated gateway SIM-00003, which no other spec drives. Enabled, tonight's plan shows the
// task's loop taking the first scene from sunset +15, the second 15 minutes later, the first
// again after 30 (the cycle); the server refuses to delete the combined scene while the task
// uses it. Everything added is removed afterwards, so that other specs meet the demo as seeded.

const RUN = Date.now().toString(36);
const COMBINED = `E2E combined ${RUN}`;
const TASK = `E2E cycle ${RUN}`;
/** The demo project, which the simulated gateways SIM-00001..5 belong to. */
const PROJECT = 1;
const GATEWAY_NUMBER = 'SIM-00003';
/** Its option ends with "(SIM-00003)". */
const GATEWAY = new RegExp(`\\(${GATEWAY_NUMBER}\\)$`);
/** The loop of that gateway whose plan is read. */
const LOOP_INDEX = 1;
const MINUTES = 15;

interface SceneRow {
  sceneId: number;
  sceneName: string;
}

interface SceneLoop {
  gatewayName: string;
  gatewayNumber: string;
  loopIndex: number;
  loopName: string;
  switchState: string;
  brightness: number | null;
}

/** A demo power scene: its name, and what it sets on the loop whose plan is read. */
interface Member {
  name: string;
  loop: SceneLoop;
}

/** The Select whose combobox is named `name` (what it shows is beside the combobox). */
function select(page: Page, scope: Locator, name: string): Locator {
  return scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name, exact: true }) });
}

/** `text` read literally inside a regular expression. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How the plan writes a loop's light (lighting.plan.on / onPlain / off). */
function lightText(loop: SceneLoop): string {
  if (loop.switchState !== '1') return '关';
  return loop.brightness === null ? '开' : `开 ${loop.brightness}%`;
}

/** The demo's two power scenes (the oldest two of the project), with what each sets on the loop read. */
async function demoScenes(page: Page): Promise<[Member, Member]> {
  const list = await callApi<SceneRow>(page, 'GET', '/lighting/scene/list?pageNum=1&pageSize=100', { project: PROJECT });
  const seeded = (list.rows ?? []).filter((row) => !row.sceneName.startsWith('E2E')).sort((a, b) => a.sceneId - b.sceneId);
  expect(seeded.length, 'the demo project has two power scenes').toBeGreaterThanOrEqual(2);
  const members: Member[] = [];
  for (const scene of seeded.slice(0, 2)) {
    const detail = await callApi(page, 'GET', `/lighting/scene/${scene.sceneId}`, { project: PROJECT });
    const loops = (detail.data as { loops?: SceneLoop[] } | undefined)?.loops ?? [];
    const loop = loops.find((candidate) => candidate.gatewayNumber === GATEWAY_NUMBER && candidate.loopIndex === LOOP_INDEX);
    expect(loop, `the demo scene ${scene.sceneName} sets loop ${LOOP_INDEX} of ${GATEWAY_NUMBER}`).toBeDefined();
    if (loop) members.push({ name: scene.sceneName, loop });
  }
  const [first, second] = members;
  if (!first || !second) throw new Error('the demo scenes were not read');
  return [first, second];
}

/** Removes what a run left behind (a failed run's task and combined scene), through the API. */
async function cleanUp(page: Page): Promise<void> {
  await removeTasksNamed(page, PROJECT, TASK);
  await removeScenesNamed(page, PROJECT, '/lighting/combinedScene', COMBINED);
}

test.afterEach(async ({ page }) => {
  // only when the run stopped before its own clean-up (signed in by then)
  if ((await page.context().cookies()).some((cookie) => cookie.name === 'Admin-Token')) await cleanUp(page);
});

test("combined scenes: a sequential cycle of the demo's scenes, used alone by a task, in tonight's plan", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await chooseProject(page);
  const [first, second] = await demoScenes(page);
  // the plan tells the members apart by their light
  expect(lightText(first.loop), 'the demo scenes light the loop differently').not.toBe(lightText(second.loop));

  // 1. the combined scene: sequential, cycling, 15 minutes each
  await page.goto('/lighting/combinedScene');
  await expect(breadcrumb(page)).toContainText('组合场景');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const addDialog = page.getByRole('dialog', { name: '新增组合场景' });
  await dialogOpened(addDialog);
  await addDialog.getByRole('textbox', { name: '场景名称' }).fill(COMBINED);
  await addDialog.getByRole('radio', { name: '顺序执行' }).check();
  await addDialog.getByRole('radio', { name: '循环' }).check();
  await expect(addDialog.getByText('执行完一轮后回到第 1 个场景，循环直到任务结束')).toBeVisible();
  await chooseMatching(page, addDialog, '第 1 个场景', first.name, first.name);
  await addDialog.getByRole('spinbutton', { name: '第 1 个场景的分钟数' }).fill(String(MINUTES));
  await chooseMatching(page, addDialog, '第 2 个场景', second.name, second.name);
  await addDialog.getByRole('spinbutton', { name: '第 2 个场景的分钟数' }).fill(String(MINUTES));
  await expect(addDialog.getByText(`一轮共 ${2 * MINUTES} 分钟`)).toBeVisible();
  await addDialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(addDialog).toBeHidden();
  const combined = rowOf(page, COMBINED);
  await expect(combined).toBeVisible();
  for (const text of ['顺序执行', '循环', String(2 * MINUTES)]) await expect(combined.getByText(text, { exact: true })).toBeVisible();
  await expect(combined).toContainText(`${first.name} → ${second.name}`);

  // 2. read back: the members in order, with their minutes
  await combined.getByRole('button', { name: `修改 ${COMBINED}` }).click();
  const editDialog = page.getByRole('dialog', { name: '修改组合场景' });
  await dialogOpened(editDialog);
  await expect(editDialog.getByRole('spinbutton', { name: '第 1 个场景的分钟数' })).toHaveValue(String(MINUTES));
  await expect(editDialog.getByRole('spinbutton', { name: '第 2 个场景的分钟数' })).toHaveValue(String(MINUTES));
  await expect(select(page, editDialog, '第 1 个场景')).toContainText(first.name);
  await expect(select(page, editDialog, '第 2 个场景')).toContainText(second.name);
  await expect(editDialog.getByRole('radio', { name: '顺序执行' })).toBeChecked();
  await expect(editDialog.getByRole('radio', { name: '循环' })).toBeChecked();
  await editDialog.getByRole('button', { name: '取消' }).click();
  await expect(editDialog).toBeHidden();

  // 3. a task using it: alone (a power scene beside it is refused first), disabled when added
  await page.goto('/lighting/task');
  await expect(breadcrumb(page)).toContainText('任务管理');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const taskDialog = page.getByRole('dialog', { name: '新增任务' });
  await dialogOpened(taskDialog);
  await taskDialog.getByRole('textbox', { name: '任务名称' }).fill(TASK);
  await taskDialog.getByRole('spinbutton', { name: required('优先级') }).fill('50');
  await taskDialog.getByRole('spinbutton', { name: '开始偏移（分钟）' }).fill('15');
  // each choice of a multiple select leaves its list open over the fields below: the
  // dialog's title closes it
  const closeLists = () => taskDialog.locator('.ant-modal-title').click();
  await chooseMatching(page, taskDialog, required('网关'), GATEWAY, GATEWAY_NUMBER);
  await closeLists();
  await chooseMatching(page, taskDialog, required('场景'), `${COMBINED}（组合场景）`, COMBINED);
  await closeLists();
  await chooseMatching(page, taskDialog, required('场景'), first.name, first.name);
  await closeLists();
  const alone = taskDialog.getByText('组合场景须为任务的唯一场景');
  await expect(alone).toBeVisible();
  const scenesField = taskDialog.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: required('场景') }) });
  await scenesField.locator('.ant-select-selection-item').filter({ hasText: first.name }).locator('.ant-select-selection-item-remove').click();
  await expect(alone).toBeHidden();
  await taskDialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(taskDialog).toBeHidden();
  const task = rowOf(page, TASK);
  await expect(task).toBeVisible();
  for (const text of ['50', '日落 +15 分钟', COMBINED]) await expect(task.getByText(text, { exact: true })).toBeVisible();
  const enabled = task.getByRole('switch', { name: `${TASK} 的启用状态` });
  await expect(enabled).not.toBeChecked();

  // 4. enabled: tonight's plan of the gateway's loop takes the first scene from sunset +15,
  // the second 15 minutes later, the first again after 30. Each is a change of the plan, so
  // a manual command given tonight by another spec (one-key control) ends by then.
  await enabled.click();
  await confirmIn(page, `确定启用任务“${TASK}”吗？`);
  await expect(toast(page, '已启用').first()).toBeVisible();
  await expect(enabled).toBeChecked();
  await page.getByRole('button', { name: /今晚计划/ }).click();
  const drawer = page.getByRole('dialog', { name: '今晚计划' });
  await expect(drawer).toBeVisible();
  await chooseMatching(page, drawer, '网关', GATEWAY, GATEWAY_NUMBER);
  const sunset = drawer.getByText(/^日落 \d{2}:\d{2}$/);
  await expect(sunset).toBeVisible();
  const evening = clockPlus(((await sunset.textContent()) ?? '').replace('日落 ', ''), 15);
  const loopName = first.loop.loopName || `回路${LOOP_INDEX}`;
  const timeline = drawer.getByRole('group', { name: `${first.loop.gatewayName} ${loopName} 的计划` });
  await expect(timeline).toBeVisible();
  const cause = `${escaped(TASK)} · ${escaped(COMBINED)} · 优先级 50`;
  const part = (from: string, member: Member) => timeline.getByRole('img', { name: new RegExp(`^${from}–\\d{2}:\\d{2} ${escaped(lightText(member.loop))}：${cause}$`) });
  await expect(part(evening, first)).toBeVisible();
  await expect(part(clockPlus(evening, MINUTES), second)).toBeVisible();
  await expect(part(clockPlus(evening, 2 * MINUTES), first)).toBeVisible();
  await part(evening, first).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: `${TASK} · ${COMBINED} · 优先级 50` })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByRole('button', { name: '关闭' })).first().click();
  await expect(drawer).toBeHidden();

  // 5. the server keeps the combined scene while the task uses it
  await page.goto('/lighting/combinedScene');
  await rowOf(page, COMBINED).getByRole('button', { name: `删除 ${COMBINED}` }).click();
  await confirmIn(page, `确定删除组合场景“${COMBINED}”吗？`);
  await expect(toast(page, TASK).first()).toBeVisible();
  await expect(rowOf(page, COMBINED)).toBeVisible();

  // 6. clean up: the task disabled and deleted, then the combined scene
  await page.goto('/lighting/task');
  const taskAgain = rowOf(page, TASK);
  const enabledAgain = taskAgain.getByRole('switch', { name: `${TASK} 的启用状态` });
  await enabledAgain.click();
  await confirmIn(page, `确定停用任务“${TASK}”吗？`);
  await expect(toast(page, '已停用').first()).toBeVisible();
  await expect(enabledAgain).not.toBeChecked();
  await taskAgain.getByRole('button', { name: `删除 ${TASK}` }).click();
  await confirmIn(page, `确定删除任务“${TASK}”吗？`);
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(taskAgain).toHaveCount(0);

  await page.goto('/lighting/combinedScene');
  await rowOf(page, COMBINED).getByRole('button', { name: `删除 ${COMBINED}` }).click();
  await confirmIn(page, `确定删除组合场景“${COMBINED}”吗？`);
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(rowOf(page, COMBINED)).toHaveCount(0);
  // the demo's scenes stay
  await page.goto('/lighting/scene');
  for (const member of [first, second]) await expect(rowOf(page, member.name)).toBeVisible();
});
