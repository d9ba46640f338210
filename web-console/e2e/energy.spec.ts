import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { breadcrumb, callApi, chooseProject, screen, sidebar, signIn } from './helpers';

// Energy statistics (contract: GET /lighting/energy/stats, /ranking, POST /export) against the
// real server, as admin in the demo project. The demo seed stores four weeks of readings of
// every demo loop and the roller folds them into the rollups at start, so the page (照明控制 >
// 能耗统计), which asks for the last 30 days by the day at first, shows a total above zero, the
// trend and the ranking charts and a row per day. Exported, the trend is a workbook a
// spreadsheet library opens: a header, a row per day and the total. The simulated fleet keeps
// reporting today's energy while the test runs, so the exported total lies between the card's
// total and the same question asked again after the export (energy only grows).

const ENERGY_PATH = '/lighting/energy';
const STATS_PATH = '/lighting/energy/stats';

async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** A card's figure as a number ("1,234.5 kWh" reads 1234.5). */
function numberIn(text: string): number {
  return Number(text.replace(/[^\d.-]/g, ''));
}

test('energy statistics: the demo history by the day, its charts and its workbook', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await chooseProject(page);

  // ---- 1. from the sidebar: the last 30 days, by the day ----
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(STATS_PATH));
  await openMenu(page, '照明控制', '能耗统计');
  await expect(page).toHaveURL(new RegExp(`${ENERGY_PATH}$`));
  await expect(breadcrumb(page)).toContainText('能耗统计');
  const answer = await asked;
  const query = new URL(answer.url()).searchParams;
  expect(query.get('granularity')).toBe('day');
  const body = (await answer.json()) as { code: number; data: { rows: { kwh: number }[]; total: { kwh: number } } };
  expect(body.code).toBe(200);
  expect(body.data.rows).toHaveLength(30);
  const view = screen(page, ENERGY_PATH);

  // ---- 2. the demo's weeks of history: a total, the charts, a row per day ----
  const total = view.getByRole('region', { name: '总用电量', exact: true });
  await expect(total).toContainText(/\d/);
  const shown = numberIn((await total.innerText()).split('\n').slice(1).join(' '));
  expect(shown).toBeGreaterThan(0);
  expect(Math.abs(shown - body.data.total.kwh)).toBeLessThan(1);
  for (const chart of ['能耗趋势', '回路能耗排行（前 10 名）']) await expect(view.getByLabel(chart, { exact: true })).toBeVisible();
  await expect(view.getByRole('region', { name: '电费', exact: true })).toContainText('¥');

  // ---- 3. exported: a workbook of a header, a row per day and the total ----
  const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: '导出', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^energy_\d+\.xlsx$/);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  expect(sheet, 'the workbook has a sheet').toBeDefined();
  const header = (sheet?.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 3)).toEqual(['时间', '用电量(kWh)', '峰(kWh)']);
  expect(sheet?.rowCount).toBe(32);
  const last = sheet?.getRow(32);
  expect(last?.getCell(1).value).toBe('合计');
  const exported = last?.getCell(2).value;
  expect(typeof exported, 'the energy is a number, not text').toBe('number');
  const again = await callApi(page, 'GET', `${STATS_PATH}?${query.toString()}`, { project: Number(answer.request().headers().projectid) });
  expect(again.code).toBe(200);
  const after = (again.data as { total: { kwh: number } }).total.kwh;
  expect(Number(exported), 'at least the total shown before the export').toBeGreaterThanOrEqual(body.data.total.kwh - 0.01);
  expect(Number(exported), 'at most the total asked for after it').toBeLessThanOrEqual(after + 0.01);

  // ---- 4. by the month: this year's months ----
  const byMonth = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith(STATS_PATH) && url.searchParams.get('granularity') === 'month';
  });
  await view.getByText('按月', { exact: true }).click();
  await view.getByRole('button', { name: /搜\s*索/ }).click();
  const months = (await (await byMonth).json()) as { data: { rows: { time: string; kwh: number }[] } };
  expect(months.data.rows).toHaveLength(12);
  expect(months.data.rows.some((row) => row.kwh > 0)).toBe(true);
});
