import { expect, test, type Locator, type Page } from '@playwright/test';
import { breadcrumb, callApi, chooseProject, confirmIn, dialogOpened, screen, sidebar, signIn, toast } from './helpers';

// Timing one-key control (contract: docs/api-compatibility.md, "Timing one-key control"; rule 0
// of docs/scheduler.md) against the real server, as admin in the demo project, whose seed gives
// it a site in Asia/Shanghai: times are wall times of that zone. Opened from the sidebar
// (景观照明 > 定时一键控制), a timing 'off' from tomorrow 01:00 to tomorrow 03:00 is added and
// listed as waiting (等待执行); the form refuses an end before the start, as the server does;
// the timing is deleted at the end. Adding and deleting one sends the project's tasks back to
// not issued: a spec that needs them issued issues them itself (schedule.spec.ts does).

const RUN = Date.now().toString(36);
/** The remark that marks this run's timing. */
const REMARK = `E2E timing ${RUN}`;
/** The demo project, with its site. */
const PROJECT = 1;
const PATH = '/landscape/timingOneKey';
/** The zone of the demo's site, unless the server says another. */
const DEMO_ZONE = 'Asia/Shanghai';
const ORDER_REFUSAL = '结束时间必须晚于开始时间';

interface Timing {
  timingId: number;
  switchState: string;
  startTime: string;
  endTime: string;
  state: string;
  remark: string | null;
}

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** A form field's accessible name: its label, after the required mark. */
function required(label: string): RegExp {
  return new RegExp(`^(\\* )?${label}$`);
}

/** The day after today in `zone`, 'YYYY-MM-DD'. */
function tomorrowIn(zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + 24 * 60 * 60 * 1000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Types a wall time ('YYYY-MM-DD HH:mm') into the date-time picker labelled `label` and confirms it. */
async function pickTime(dialog: Locator, label: string, wall: string): Promise<void> {
  const input = dialog.getByRole('textbox', { name: required(label) });
  await input.click();
  await input.fill(wall);
  await input.press('Enter');
  await expect(input).toHaveValue(wall);
}

/** The timings this run added, through the API. */
async function ours(page: Page): Promise<Timing[]> {
  const list = await callApi<Timing>(page, 'GET', '/landscape/timingOneKey/list?pageNum=1&pageSize=500', { project: PROJECT });
  return (list.rows ?? []).filter((row) => row.remark === REMARK);
}

/** Removes what a run left behind (a failed run's timing), through the API. */
async function cleanUp(page: Page): Promise<void> {
  const ids = (await ours(page)).map((row) => row.timingId);
  if (ids.length > 0) await callApi(page, 'DELETE', `/landscape/timingOneKey/${ids.join(',')}`, { project: PROJECT });
}

test.afterEach(async ({ page }) => {
  // only when the run stopped before its own clean-up (signed in by then)
  if ((await page.context().cookies()).some((cookie) => cookie.name === 'Admin-Token')) await cleanUp(page);
});

test("timing one-key control: an 'off' for tomorrow night added and waiting, an end before the start refused, then deleted", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await chooseProject(page);

  const site = await callApi(page, 'GET', '/lighting/site', { project: PROJECT });
  const zone = (site.data as { timeZone?: string } | null)?.timeZone ?? DEMO_ZONE;
  const day = tomorrowIn(zone);
  const start = `${day} 01:00:00`;
  const end = `${day} 03:00:00`;
  const name = `${start} 至 ${end}`;

  // 1. from the sidebar
  await openMenu(page, '景观照明', '定时一键控制');
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(breadcrumb(page)).toContainText('定时一键控制');
  const list = screen(page, PATH);
  const row = list.getByRole('row', { name: new RegExp(REMARK) });

  // 2. an 'off' from tomorrow 01:00 to tomorrow 03:00, in the site's zone
  await list.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增定时一键控制' });
  await dialogOpened(dialog);
  await expect(dialog.getByText(`时间为项目所在时区（${zone}）的时间`, { exact: false })).toBeVisible();
  await expect(dialog.getByText('任务需重新下发', { exact: false })).toBeVisible();
  await dialog.getByRole('radio', { name: '关闭' }).check();
  await pickTime(dialog, '开始时间', `${day} 01:00`);
  await pickTime(dialog, '结束时间', `${day} 03:00`);
  await dialog.getByRole('textbox', { name: '备注' }).fill(REMARK);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // 3. listed as waiting, off, with its times as the server writes them
  await expect(row).toBeVisible();
  for (const text of ['关闭', '等待执行', start, end, 'admin']) await expect(row.getByText(text, { exact: true })).toBeVisible();
  const [added] = await ours(page);
  expect(added).toMatchObject({ switchState: '0', startTime: start, endTime: end, state: '0' });

  // 4. an end before the start: refused in the form, nothing sent; the server refuses it too
  await list.getByRole('button', { name: '新增', exact: true }).click();
  await dialogOpened(dialog);
  await dialog.getByRole('radio', { name: '开启' }).check();
  await pickTime(dialog, '开始时间', `${day} 03:00`);
  await pickTime(dialog, '结束时间', `${day} 01:00`);
  await expect(dialog.getByText(ORDER_REFUSAL, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText(ORDER_REFUSAL, { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  expect(await ours(page)).toHaveLength(1);
  const refusal = await callApi(page, 'POST', '/landscape/timingOneKey', {
    project: PROJECT,
    body: { switchState: '1', startTime: `${day} 03:00:00`, endTime: `${day} 01:00:00`, remark: REMARK },
  });
  expect(refusal.code).not.toBe(200);
  expect(refusal.msg).toMatch(/结束时间必须晚于开始时间|The end date must be after the start date/);
  expect(await ours(page)).toHaveLength(1);

  // 5. deleted after confirmation
  await row.getByRole('button', { name: `删除 ${name}` }).click();
  await confirmIn(page, `确定删除定时一键控制“${name}”吗？`);
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await ours(page)).toHaveLength(0);
});
