import { expect, type Locator, type Page } from '@playwright/test';

// Runs against the real `lumiscape` binary with the demo seed and the captcha switched off.
// The browser locale is zh-CN (playwright.config.ts), so the console starts in Chinese.

export const ADMIN = { username: 'admin', password: 'admin123' };
/** A demo user without projects (default menu /lighting/gateway; lighting and alarm menus). */
export const GUEST = { username: 'guest', password: 'guest123' };

/** The live alarm notifications popped by the simulated fleet's faults (新告警). */
const alarmPopups = new WeakMap<Page, Locator>();

/**
 * Closes the live alarm notifications that stand in the way of an action. They sit top right,
 * over the list pages' search buttons, and the pointer resting on one (where a click was aimed)
 * stops its close timer, so a click could wait for ever. Playwright runs the handler before an
 * action or an assertion meets the notification; a spec that waits for one calls
 * [keepAlarmPopups] first.
 */
export async function dismissAlarmPopups(page: Page): Promise<void> {
  if (alarmPopups.has(page)) return;
  const popup = page.locator('.ant-notification-notice').filter({ hasText: /新告警|New alarm/ }).first();
  alarmPopups.set(page, popup);
  await page.addLocatorHandler(
    popup,
    async (notice) => {
      // a click event only, no pointer: a real click would close an open dropdown under way
      await notice.locator('.ant-notification-notice-close').dispatchEvent('click', undefined, { timeout: 2_000 }).catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}

/** Lets the live alarm notifications stay, for a spec that waits for one. */
export async function keepAlarmPopups(page: Page): Promise<void> {
  const popup = alarmPopups.get(page);
  if (!popup) return;
  alarmPopups.delete(page);
  await page.removeLocatorHandler(popup);
}

/** Signs in from /login and waits for the main layout. */
export async function signIn(page: Page, account = ADMIN): Promise<void> {
  await dismissAlarmPopups(page);
  await page.goto('/login');
  await page.getByLabel('账号').fill(account.username);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(sidebar(page)).toBeVisible();
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: /侧边菜单|Side menu/ });
}

export function tags(page: Page) {
  return page.getByRole('navigation', { name: '标签栏' });
}

export function breadcrumb(page: Page) {
  return page.getByRole('navigation', { name: '面包屑' });
}

/** A tab of the tags view by its title. */
export function tab(page: Page, title: string) {
  return tags(page).locator('[data-tag-path]').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** The message or notification text on screen (antd's message and notification). */
export function toast(page: Page, text: string) {
  return page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text });
}

/** The demo seed's first project. */
export const DEMO_PROJECT = '滨江景观照明示范项目';
/** The demo seed's second project. */
export const SECOND_PROJECT = '城市天际线亮化工程';

/** The top bar's project switch (its button reads the current project). */
export function currentProject(page: Page) {
  return page.getByRole('group', { name: '当前项目' });
}

/** Error messages and notifications on screen (what a failed request shows). */
export function errorToasts(page: Page) {
  return page.locator('.ant-message-error, .ant-notification-notice-icon-error');
}

/** Picks a project in the top bar's project picker. */
/**
 * Waits until a dialog has finished opening. Its zoom animation scales the buttons, and on a
 * loaded machine a click aimed mid-animation can land beside the button it was aimed at.
 */
export async function dialogOpened(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
}

/**
 * Clicks 确定 in the confirmation that says `text`, once it has finished opening: a click
 * during its zoom-in can land on nothing on a loaded machine, and the confirmation then stays.
 */
export async function confirmIn(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialogOpened(dialog);
  await dialog.getByRole('button', { name: '确定' }).click();
}

export async function chooseProject(page: Page, name = DEMO_PROJECT): Promise<void> {
  const current = page.getByRole('group', { name: '当前项目' });
  await current.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: '选择项目' });
  await dialogOpened(dialog);
  await dialog.getByRole('row', { name: new RegExp(name) }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(current).toContainText(name);
}

/** Picks `option` in the antd Select labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Picks the option whose title matches `option` in the Select labelled `label` inside `scope`, typing `search` first. */
export async function chooseMatching(page: Page, scope: Locator, label: string | RegExp, option: RegExp | string, search?: string): Promise<void> {
  // the options arrive after the dialog opens and the dropdown may redraw under the click:
  // pick again until the choice is made
  await expect(async () => {
    // antd puts the label on the select and on its input: the input is the combobox
    const field = scope.getByRole('combobox', { name: label, exact: typeof label === 'string' });
    await field.click({ force: true });
    if (search !== undefined) await field.fill(search);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(option, { exact: typeof option === 'string' })
      .first()
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** A form field's accessible name: its label, after the required mark, before a hint's icon. */
export function required(label: string): RegExp {
  return new RegExp(`^(\\* )?${label}( question-circle)?$`);
}

/** The row of the list that names `name`. */
export function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row', { name: new RegExp(name) });
}

/** "HH:mm" `minutes` after "HH:mm". */
export function clockPlus(clock: string, minutes: number): string {
  const [hours = 0, mins = 0] = clock.split(':').map(Number);
  const total = (hours * 60 + mins + minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The session token the console keeps in its cookie (src/lib/session.ts: Admin-Token). */
export async function sessionToken(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')?.value;
  expect(token, 'the Admin-Token cookie').toBeTruthy();
  return decodeURIComponent(token ?? '');
}

/** RuoYi's envelope of a list or an answer, as the server sends it. */
export interface Envelope<Row = Record<string, unknown>> {
  code: number;
  msg?: string;
  rows?: Row[];
  total?: number;
  data?: unknown;
}

/**
 * Calls the HTTP API (`/prod-api` + `path`) with the page's session token, as the console
 * would: in `project` (the ProjectId header) when given, with a JSON `body` when given.
 */
export async function callApi<Row = Record<string, unknown>>(
  page: Page,
  method: 'GET' | 'DELETE' | 'POST' | 'PUT',
  path: string,
  options: { project?: number; body?: unknown } = {},
): Promise<Envelope<Row>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${await sessionToken(page)}` };
  if (options.project !== undefined) headers.ProjectId = String(options.project);
  const response = await page.request.fetch(`/prod-api${path}`, { method, headers, data: options.body });
  return (await response.json()) as Envelope<Row>;
}

/** The page at `path` in the main layout (the tags view keeps other pages mounted, hidden). */
export function screen(page: Page, path: string) {
  return page.getByRole('main').locator(`[data-kept-path="${path}"]`);
}

/** A 1x1 PNG picture, for uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Deletes the lighting tasks named `name` in `project` (disabled first), through the API: what a failed run left behind. */
export async function removeTasksNamed(page: Page, project: number, name: string): Promise<void> {
  const tasks = await callApi<{ taskId: number; taskName: string; enabled: string }>(
    page, 'GET', `/lighting/task/list?pageNum=1&pageSize=100&taskName=${encodeURIComponent(name)}`, { project },
  );
  for (const task of (tasks.rows ?? []).filter((row) => row.taskName === name)) {
    if (task.enabled === '1') await callApi(page, 'PUT', '/lighting/task/changeStatus', { project, body: { taskId: task.taskId, enabled: '0' } });
    await callApi(page, 'DELETE', `/lighting/task/${task.taskId}`, { project });
  }
}

/** Deletes the scenes named `name` in `project` of the power (`/lighting/scene`) or combined (`/lighting/combinedScene`) list, through the API. */
export async function removeScenesNamed(page: Page, project: number, list: '/lighting/scene' | '/lighting/combinedScene', name: string): Promise<void> {
  const scenes = await callApi<{ sceneId: number; sceneName: string }>(
    page, 'GET', `${list}/list?pageNum=1&pageSize=100&sceneName=${encodeURIComponent(name)}`, { project },
  );
  for (const scene of (scenes.rows ?? []).filter((row) => row.sceneName === name)) {
    await callApi(page, 'DELETE', `${list}/${scene.sceneId}`, { project });
  }
}

/** The rows of a list as records of their cells by column title. */
export async function recordsOf(list: Locator): Promise<Record<string, string>[]> {
  const titles = (await list.locator('.ant-table thead th').allInnerTexts()).map((title) => title.trim());
  const records: Record<string, string>[] = [];
  for (const row of await list.locator('.ant-table tbody tr.ant-table-row').all()) {
    const cells = (await row.locator('td').allInnerTexts()).map((cell) => cell.trim());
    records.push(Object.fromEntries(titles.map((title, at) => [title, cells[at] ?? ''])));
  }
  return records;
}
