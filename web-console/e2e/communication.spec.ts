import { expect, test, type Locator, type Page } from '@playwright/test';
import { breadcrumb, callApi, chooseMatching, chooseProject, dialogOpened, recordsOf, screen, sidebar, signIn } from './helpers';

// The communication records (contract: GET /device/communication/list) against the real
// server and the simulated fleet, as admin in the demo project. The demo gateways SIM-00001..5
// send telemetry all the time: within a minute the page (设备管理 > 通信记录), which asks for the
// month so far at first, lists some of it, up, telemetry, accepted. Searched by channel
// telemetry it lists telemetry only; a telemetry's payload, in full, is JSON with its
// "loops". A range of days across two months is refused by the page with the server's own
// words before anything is sent, and the server refuses it too.

/** The demo project, which the simulated gateways belong to. */
const PROJECT = 1;
const COMMUNICATION_PATH = '/device/communication';
const LIST_PATH = '/device/communication/list';
/** The server's refusal of a range across months, in its two languages (the page shows the session's). */
const CROSS_MONTH = '通信记录不支持跨月查询';
const CROSS_MONTH_EN = 'Communication records cannot be queried across months';

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day of the browser's calendar (the spec's and the browser's machine are one), YYYY-MM-DD. */
const dayOf = (date: Date) => `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** Types a day into one of the range's inputs and confirms it. */
async function pickDay(list: Locator, placeholder: string, value: string): Promise<void> {
  const input = list.getByPlaceholder(placeholder, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test("communication records: the fleet's telemetry is listed, searched by channel, its payload shown whole; no range across months", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await chooseProject(page);

  // ---- 1. from the sidebar: the month so far, asked for at first ----
  const today = new Date();
  const firstDay = dayOf(new Date(today.getFullYear(), today.getMonth(), 1));
  const opened = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(LIST_PATH));
  await openMenu(page, '设备管理', '通信记录');
  await expect(page).toHaveURL(new RegExp(`${COMMUNICATION_PATH}$`));
  await expect(breadcrumb(page)).toContainText('通信记录');
  const asked = new URL((await opened).url()).searchParams;
  expect(asked.get('params[beginTime]')).toBe(firstDay);
  expect(asked.get('params[endTime]')).toBe(dayOf(today));
  const list = screen(page, COMMUNICATION_PATH);
  for (const title of ['记录时间', '网关', '方向', '通道', '结果', '序号/关联号', '报文大小', '原因', '报文']) {
    await expect(list.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await expect(list.getByPlaceholder('开始日期', { exact: true })).toHaveValue(firstDay);
  await expect(list.getByPlaceholder('结束日期', { exact: true })).toHaveValue(dayOf(today));
  // read only: no buttons of the kit's own but search, reset and the toolbar's
  for (const name of ['新增', '删除', '导出']) await expect(list.getByRole('button', { name, exact: true })).toHaveCount(0);

  // ---- 2. the simulated fleet's telemetry, up and accepted, within a minute ----
  const telemetry = list.locator('.ant-table tbody tr.ant-table-row').filter({ hasText: '遥测' }).filter({ hasText: '上行' }).filter({ hasText: '已接收' });
  await expect(async () => {
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(LIST_PATH));
    await list.getByRole('button', { name: '刷新', exact: true }).click();
    await refreshed;
    await expect(telemetry.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000, 5_000] });
  await expect(telemetry.first()).toContainText(/SIM-0000\d/);

  // ---- 3. searched by channel telemetry: telemetry only ----
  // the search form's labels end with a colon
  await chooseMatching(page, list, /^通道/, '遥测');
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith(LIST_PATH) && url.searchParams.get('channel') === 'telemetry';
  });
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  const answer = await searched;
  expect(answer.status()).toBe(200);
  const found = new URL(answer.url()).searchParams;
  expect(found.get('params[beginTime]')).toBe(firstDay);
  expect(found.get('params[endTime]')).toBe(dayOf(today));
  await expect(telemetry.first()).toBeVisible();
  const records = await recordsOf(list);
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) expect(record['通道']).toBe('遥测');

  // ---- 4. a telemetry's payload, whole: JSON with its loops ----
  const row = telemetry.filter({ hasNotText: '已截断' }).first();
  await row.getByRole('button', { name: /^查看报文 通信记录 \d+$/ }).click();
  const dialog = page.getByRole('dialog', { name: '报文详情' });
  await dialogOpened(dialog);
  await expect(dialog.getByText('JSON，已格式化显示')).toBeVisible();
  const payload = dialog.getByLabel('报文', { exact: true });
  await expect(payload).toContainText('"loops"');
  const parsed = JSON.parse((await payload.textContent()) ?? '') as { loops?: unknown };
  expect(Array.isArray(parsed.loops), 'the telemetry names its loops').toBe(true);
  await expect(dialog).toContainText('上行');
  await expect(dialog).toContainText('遥测');
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(dialog).toBeHidden();

  // ---- 5. a range across two months: refused by the page with the server's words, nothing sent ----
  const lastOfPrevious = dayOf(new Date(today.getFullYear(), today.getMonth(), 0));
  const sent: string[] = [];
  const watch = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname.endsWith(LIST_PATH)) sent.push(request.url());
  };
  page.on('request', watch);
  await pickDay(list, '开始日期', lastOfPrevious);
  await pickDay(list, '结束日期', dayOf(today));
  await expect(list.getByText(CROSS_MONTH, { exact: true })).toBeVisible();
  await list.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(list.getByText(CROSS_MONTH, { exact: true })).toBeVisible();
  // the click has had its time to send anything
  await page.waitForTimeout(1_000);
  page.off('request', watch);
  expect(sent, 'no request for a range across months').toEqual([]);

  // the server refuses it as well, with the same words
  const refused = await callApi(page, 'GET', `${LIST_PATH}?pageNum=1&pageSize=10&params%5BbeginTime%5D=${lastOfPrevious}&params%5BendTime%5D=${dayOf(today)}`, {
    project: PROJECT,
  });
  expect(refused.code).toBe(400);
  expect([CROSS_MONTH, CROSS_MONTH_EN]).toContain(refused.msg);

  // a reset: the month so far again, and the message gone
  await list.getByRole('button', { name: '重置', exact: true }).click();
  await expect(list.getByText(CROSS_MONTH, { exact: true })).toBeHidden();
  await expect(list.getByPlaceholder('开始日期', { exact: true })).toHaveValue(firstDay);
});
