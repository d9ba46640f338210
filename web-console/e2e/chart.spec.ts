import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseProject, screen, sidebar, signIn } from './helpers';

// Lighting charts (contract: docs/api-compatibility.md, "Lighting charts") against the real
// server, as admin in the demo project. Its seed gives the project a site in Asia/Shanghai and
// an everyday plan for every loop (on from 15 minutes after sunset to 10 minutes before
// sunrise), and the simulated gateways SIM-00001..5 report their loops. Loop 1 of 滨江配电柜1
// (SIM-00001) is charted for today: the chart is drawn and the planned on time is not nil;
// then once in English. Nothing is changed.

/** The demo gateway charted: its option reads "滨江配电柜1 (SIM-00001)". */
const GATEWAY = '滨江配电柜1 (SIM-00001)';
const PATH = '/device/chart';

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** Picks the option whose title matches `option` in the Select labelled `label` inside `scope`, typing `search` first. */
async function chooseIn(page: Page, scope: Locator, label: string, option: string | RegExp, search?: string): Promise<void> {
  // the options arrive after the page opens and the dropdown may redraw under the click:
  // pick again until the choice is made
  await expect(async () => {
    const field = scope.getByLabel(label, { exact: true });
    await field.click({ force: true });
    if (search !== undefined) await field.fill(search);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(option, { exact: typeof option === 'string' })
      .first()
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The figure the summary gives beside `label` (a bordered description: label cell, then value cell). */
function figure(scope: Locator, label: string): Locator {
  return scope.locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]');
}

/** Charts loop 1 of the demo gateway for the date shown (today), and waits for the chart's canvas. */
async function chartLoopOne(page: Page, charts: Locator, labels: { gateway: string; loop: string; loopOption: RegExp; query: string; chart: RegExp }): Promise<void> {
  await chooseIn(page, charts, labels.gateway, GATEWAY, 'SIM-00001');
  await chooseIn(page, charts, labels.loop, labels.loopOption);
  const answered = page.waitForResponse((response) => response.url().includes('/device/chart/loop'));
  await charts.getByRole('button', { name: labels.query, exact: true }).click();
  expect((await answered).ok()).toBe(true);
  await expect(charts.getByRole('img', { name: labels.chart }).locator('canvas').first()).toBeVisible();
}

test('lighting charts: loop 1 of 滨江配电柜1 tonight, planned against actual, with a planned on time; once in English', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await chooseProject(page);

  await openMenu(page, '设备管理', '照明图表');
  await expect(page).toHaveURL(/\/device\/chart$/);
  const charts = screen(page, PATH);
  await expect(charts.getByText('请选择网关和回路，再点击“查询”，查看该回路一夜的计划与实际')).toBeVisible();
  await expect(charts.getByRole('button', { name: '查询', exact: true })).toBeDisabled();

  await chartLoopOne(page, charts, { gateway: '网关', loop: '回路', loopOption: /^回路1/, query: '查询', chart: /^滨江配电柜1 .* 的照明图表$/ });
  const figures = charts.getByRole('region', { name: '亮灯统计' });
  // the everyday plan lights the loop from sunset +15 to sunrise -10
  const planned = figure(figures, '计划亮灯时长（时:分）');
  await expect(planned).toHaveText(/^\d+:\d{2}$/);
  await expect(planned).not.toHaveText('0:00');
  await expect(figure(figures, '实际亮灯时长（时:分）')).toHaveText(/^(\d+:\d{2}|-)$/);
  await expect(charts.getByText(/“实际”一行的空白处/)).toBeVisible();

  // ---- once in English (the pages are made anew in the other language) ----
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Lighting Charts');
  await expect(charts.getByText("Choose a gateway and a loop, then click Query to see the loop's night, planned against actual")).toBeVisible();
  await chartLoopOne(page, charts, { gateway: 'Gateway', loop: 'Loop', loopOption: /^Loop 1/, query: 'Query', chart: /^Lighting chart of 滨江配电柜1 / });
  const english = charts.getByRole('region', { name: 'On time' });
  await expect(figure(english, 'Planned on time (h:mm)')).not.toHaveText('0:00');
  await expect(charts.getByText(/^Blank stretches of the Actual row/)).toBeVisible();
});
