import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, chooseProject, confirmIn, dialogOpened, screen, sidebar, signIn, toast } from './helpers';

// Assets (spec: "assets"; contract docs/asset-api.md) against the real server, as admin in
// the demo project, on the one menu page 运维管理 / 资产管理 and its three tabs: an asset of the
// demo type 灯具 (its light source LED by default, its power required within 1 to 2000 W) is
// added from the console, received (在用), scrapped (已报废); on the records tab the scrap is
// cancelled, and the asset is back in use. Afterwards the receive is returned and the asset
// deleted (records stay: the server keeps them).

const STAMP = Date.now();
const CODE = `E2E-${STAMP}`;
const NAME = `端到端投光灯${STAMP}`;
const RECEIVED = `端到端领用${STAMP}`;
const SCRAPPED = `端到端报废${STAMP}`;
/** The demo project, which the demo asset types belong to. */
const PROJECT = 1;

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** Opens a tab of the asset page; answers its panel. */
async function openTab(assets: Locator, name: string): Promise<Locator> {
  await assets.getByRole('tab', { name, exact: true }).click();
  const panel = assets.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Picks the option titled `option` in the Select labelled `label` inside `scope`. */
async function chooseIn(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  // the options arrive after the dialog opens and the dropdown may redraw under the click:
  // pick again until the choice is made
  await expect(async () => {
    await scope.getByLabel(label, { exact: true }).click({ force: true });
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Selects the asset's row and records `action` (领用, 报废) for it, with a person and a remark. */
async function record(page: Page, list: Locator, action: string, title: string, remark: string, done: string): Promise<void> {
  const row = list.getByRole('row').filter({ hasText: CODE });
  await row.getByRole('checkbox').check();
  await list.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialogOpened(dialog);
  // the selected asset is chosen
  await expect(dialog.getByTitle(`${CODE} ${NAME}`)).toBeVisible();
  await dialog.getByLabel('经办人').fill('端到端');
  await dialog.getByLabel('备注').fill(remark);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, done).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Puts back what this run changed: the scrap cancelled and the receive returned when still effective, then the asset deleted. */
async function cleanUp(page: Page): Promise<void> {
  const list = <Row>(path: string) => callApi<Row>(page, 'GET', path, { project: PROJECT });
  type Record = { recordId: number; recordType: string; status: string };
  const effective = async (remark: string, recordType: string) =>
    ((await list<Record>(`/operation/asset/record/list?pageNum=1&pageSize=50&keyword=${encodeURIComponent(remark)}`)).rows ?? []).filter(
      (row) => row.recordType === recordType && row.status === '0',
    );
  for (const scrap of await effective(SCRAPPED, '4')) {
    await callApi(page, 'PUT', `/operation/asset/record/cancelScrap/${scrap.recordId}`, { project: PROJECT });
  }
  for (const receive of await effective(RECEIVED, '1')) {
    await callApi(page, 'POST', '/operation/asset/record/return', { project: PROJECT, body: { recordId: receive.recordId, person: '端到端', remark: '端到端测试结束' } });
  }
  const assets = await list<{ assetId: number; assetCode: string }>(`/operation/asset/list?pageNum=1&pageSize=10&keyword=${encodeURIComponent(CODE)}`);
  const ids = (assets.rows ?? []).filter((row) => row.assetCode === CODE).map((row) => row.assetId);
  if (ids.length > 0) await callApi(page, 'DELETE', `/operation/asset/${ids.join(',')}`, { project: PROJECT });
}

test('an asset of the demo lamp type is added, received, scrapped, and its scrap cancelled on the records tab', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await chooseProject(page);
  try {
    await openMenu(page, '运维管理', '资产管理');
    await expect(page).toHaveURL(/\/operation\/asset$/);
    const assetPage = screen(page, '/operation/asset');
    // the assets tab is the first one shown
    await expect(assetPage.getByRole('tab', { name: '资产', exact: true })).toHaveAttribute('aria-selected', 'true');
    const assets = assetPage.getByRole('tabpanel', { name: '资产', exact: true });

    // ---- an asset of the demo type 灯具 ----
    await assets.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增资产' });
    await dialogOpened(dialog);
    await dialog.getByLabel('资产编码').fill(CODE);
    await dialog.getByLabel('资产名称').fill(NAME);
    await chooseIn(page, dialog, '资产类型', '灯具');
    // the type's attributes: the light source at its default, the power within its range
    await expect(dialog.getByText('范围 1 ~ 2000')).toBeVisible();
    await expect(dialog.getByTitle('LED', { exact: true })).toBeVisible();
    await dialog.getByLabel('功率(W)', { exact: true }).fill('120');
    await dialog.getByLabel('初始价值（元）').fill('1000');
    await dialog.getByLabel('残值率（%）').fill('5');
    await dialog.getByLabel('使用期限（月）').fill('12');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    await assets.getByLabel('关键字').fill(CODE);
    await assets.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(assets.getByText('共 1 条')).toBeVisible();
    const row = assets.getByRole('row').filter({ hasText: CODE });
    // a new asset is idle; not depreciated before its first whole month
    for (const text of [NAME, '灯具', '闲置', '1000.00']) await expect(row).toContainText(text);

    // ---- received: in use ----
    await record(page, assets, '领用', '资产领用', RECEIVED, '领用成功');
    await expect(row).toContainText('在用');

    // ---- scrapped ----
    await record(page, assets, '报废', '资产报废', SCRAPPED, '报废成功');
    await expect(row).toContainText('已报废');

    // ---- the scrap cancelled on the records tab: the asset back in use ----
    const records = await openTab(assetPage, '资产记录');
    const scrap = records.getByRole('row').filter({ hasText: SCRAPPED });
    await expect(scrap).toHaveCount(1);
    for (const text of ['报废', '有效', '端到端', CODE]) await expect(scrap).toContainText(text);
    const receive = records.getByRole('row').filter({ hasText: RECEIVED });
    for (const text of ['领用', '有效', CODE]) await expect(receive).toContainText(text);
    await scrap.getByRole('button', { name: `撤销报废 ${CODE}` }).click();
    await confirmIn(page, '确定撤销报废记录');
    await expect(toast(page, '已撤销报废').first()).toBeVisible();
    await expect(scrap).toContainText('已撤销');
    await expect(scrap.getByRole('button', { name: `撤销报废 ${CODE}` })).toHaveCount(0);

    await openTab(assetPage, '资产');
    await expect(row).toContainText('在用');
  } finally {
    await cleanUp(page);
  }
});
