import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, chooseProject, dialogOpened, screen, sidebar, signIn, toast } from './helpers';

// Devices and device groups (contract: docs/api-compatibility.md, "Devices and device groups")
// against the real server, as admin in the demo project, whose seed hangs devices on the
// simulated gateways SIM-00001..5. A device is added on 滨江配电柜1 (SIM-00001), loop 1 (the form
// first refuses a code with a space, in Chinese), the filtered list is exported as an xlsx
// workbook; a group of that device and a demo one is added and switched off with a
// 15-minute hold (the simulated gateways take it: 成功; the loops return to the schedule by
// themselves once the hold ends); the pages are read once in English. Everything added is
// removed afterwards, so that other specs meet the demo as seeded.

const RUN = Date.now().toString(36);
const CODE = `E2E-${RUN}`.toUpperCase();
const NAME = `端到端设备${RUN}`;
const GROUP = `端到端分组${RUN}`;
/** The demo project, which the simulated gateways SIM-00001..5 belong to. */
const PROJECT = 1;
/** The demo gateway the device hangs on: its option reads "滨江配电柜1 (SIM-00001)". */
const GATEWAY = '滨江配电柜1 (SIM-00001)';

interface Named {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
}

/** What this run added besides the device and the group (when the demo had none of them). */
interface Added {
  categoryId?: number;
  typeId?: number;
  deviceId?: number;
}

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** Picks the option whose title matches `option` in the Select labelled `label` inside `scope`, typing `search` first. */
async function chooseIn(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp, search?: string): Promise<void> {
  // the options arrive after the dialog opens and the dropdown may redraw under the click:
  // pick again until the choice is made
  await expect(async () => {
    const field = scope.getByLabel(label, { exact: typeof label === 'string' });
    await field.click({ force: true });
    if (search !== undefined) await field.fill(search);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(option, { exact: typeof option === 'string' })
      .first()
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Adds each of `options` (each found by typing its `search`) to the multiple Select labelled
 * `label` in `dialog`, then closes its dropdown (Escape, which the open list keeps from the
 * dialog): left open, the list lies over the dialog's buttons. A second click on an option
 * would take it out again, so an option already chosen is not clicked again.
 */
async function chooseSeveral(page: Page, dialog: Locator, label: string, options: { title: string; search: string }[]): Promise<void> {
  const field = dialog.getByLabel(label, { exact: true });
  // the chosen ones are the tags in the dialog (the dropdown, whose options bear the same
  // titles, is not in it)
  const chosen = (title: string) => dialog.getByTitle(title, { exact: true });
  for (const { title, search } of options) {
    await expect(async () => {
      if (await chosen(title).isVisible()) return;
      await field.click({ force: true });
      await field.fill(search);
      await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click({ timeout: 2_000 });
      await expect(chosen(title)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  await field.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  for (const { title } of options) await expect(chosen(title)).toBeVisible();
}

/** The rows of a table as the texts of their cells. */
async function tableLines(table: Locator): Promise<string[][]> {
  const lines: string[][] = [];
  for (const row of await table.locator('tbody tr.ant-table-row').all()) {
    lines.push((await row.locator('td').allInnerTexts()).map((cell) => cell.trim()));
  }
  return lines;
}

/** The equipment type the device is of: the demo's first, or one made here (with its category). */
async function typeLabel(page: Page, added: Added): Promise<string> {
  type Type = { typeId: number; typeName: string; typeCode: string };
  const types = await callApi<Type>(page, 'GET', '/device/type/list?pageNum=1&pageSize=1', { project: PROJECT });
  const [first] = types.rows ?? [];
  if (first) return `${first.typeName} (${first.typeCode})`;
  const category = await callApi(page, 'POST', '/device/category', {
    project: PROJECT,
    body: { categoryName: `端到端分类${RUN}`, categoryCode: `E2E-CAT-${RUN}`, remark: '' },
  });
  added.categoryId = Number(category.data);
  const code = `E2E-TYPE-${RUN}`;
  const type = await callApi(page, 'POST', '/device/type', {
    project: PROJECT,
    body: { categoryId: added.categoryId, typeName: `端到端类型${RUN}`, typeCode: code, typeValue: 100, statusCheckSeconds: 300, minimumBurnMinutes: 0, remark: '' },
  });
  added.typeId = Number(type.data);
  return `端到端类型${RUN} (${code})`;
}

/** A device of the demo besides ours, for the group: the seed's first, or one made here on the same gateway. */
async function demoDevice(page: Page, added: Added): Promise<Named> {
  const devices = await callApi<Named>(page, 'GET', '/device/device/list?pageNum=1&pageSize=10', { project: PROJECT });
  const other = (devices.rows ?? []).find((device) => device.deviceCode !== CODE);
  if (other) return other;
  const mine = (devices.rows ?? []).find((device) => device.deviceCode === CODE) as (Named & { typeId: number; gatewayId: number }) | undefined;
  const second = { deviceName: `${NAME}乙`, deviceCode: `${CODE}-B` };
  const made = await callApi(page, 'POST', '/device/device', {
    project: PROJECT,
    body: { ...second, typeId: mine?.typeId, gatewayId: mine?.gatewayId, loopIndex: 2, address: '端到端', longitude: null, latitude: null, status: '0', remark: '' },
  });
  added.deviceId = Number(made.data);
  return { deviceId: added.deviceId, ...second };
}

/** Removes what this run added, through the API: the group, the devices, the type and category made here. */
async function cleanUp(page: Page, added: Added): Promise<void> {
  const list = <Row>(path: string) => callApi<Row>(page, 'GET', path, { project: PROJECT });
  const groups = await list<{ groupId: number; groupName: string }>(`/device/group/list?pageNum=1&pageSize=10&groupName=${encodeURIComponent(GROUP)}`);
  const groupIds = (groups.rows ?? []).filter((row) => row.groupName === GROUP).map((row) => row.groupId);
  if (groupIds.length > 0) await callApi(page, 'DELETE', `/device/group/${groupIds.join(',')}`, { project: PROJECT });
  const devices = await list<Named>(`/device/device/list?pageNum=1&pageSize=10&deviceCode=${encodeURIComponent(CODE)}`);
  const deviceIds = (devices.rows ?? []).filter((row) => row.deviceCode.startsWith(CODE)).map((row) => row.deviceId);
  if (added.deviceId !== undefined && !deviceIds.includes(added.deviceId)) deviceIds.push(added.deviceId);
  if (deviceIds.length > 0) await callApi(page, 'DELETE', `/device/device/${deviceIds.join(',')}`, { project: PROJECT });
  if (added.typeId !== undefined) await callApi(page, 'DELETE', `/device/type/${added.typeId}`, { project: PROJECT });
  if (added.categoryId !== undefined) await callApi(page, 'DELETE', `/device/category/${added.categoryId}`, { project: PROJECT });
}

test('devices: the demo devices listed, one added (a bad code refused first), exported as xlsx; a group of two switched off for 15 minutes', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await chooseProject(page);
  const added: Added = {};
  try {
    // ---- the demo devices, on the simulated gateways ----
    await openMenu(page, '设备管理', '设备列表');
    await expect(page).toHaveURL(/\/device\/device$/);
    const devices = screen(page, '/device/device');
    await expect(devices.getByRole('row').filter({ hasText: /SIM-0000[1-5]/ }).first()).toBeVisible();
    for (const title of ['设备编码', '设备名称', '设备类型', '网关', '回路', '设备地址', '状态', '在线状态', '开关状态']) {
      await expect(devices.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
    }
    const type = await typeLabel(page, added);

    // ---- a device: the code is checked as the server checks it ----
    await devices.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备' });
    await dialogOpened(dialog);
    await dialog.getByLabel('设备名称').fill(NAME);
    await dialog.getByLabel('设备编码').fill('E2E 01');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('设备编码为 1 到 32 位字母、数字、下划线或连字符')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('设备编码').fill(CODE);
    await expect(dialog.getByText('设备编码为 1 到 32 位字母、数字、下划线或连字符')).toBeHidden();
    await chooseIn(page, dialog, '设备类型', type);
    await chooseIn(page, dialog, '网关', GATEWAY, 'SIM-00001');
    await chooseIn(page, dialog, '回路', /^回路1/);
    await dialog.getByLabel('设备地址').fill('端到端测试点位');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    await devices.getByLabel('设备编码', { exact: true }).fill(CODE);
    await devices.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(devices.getByText('共 1 条')).toBeVisible();
    const row = devices.getByRole('row').filter({ hasText: CODE });
    for (const text of [NAME, 'SIM-00001', '回路1', '端到端测试点位', '在用']) await expect(row).toContainText(text);

    // ---- the filtered list exported: an xlsx workbook of the template's columns and more ----
    const [download] = await Promise.all([page.waitForEvent('download'), devices.getByRole('button', { name: '导出', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^device_\d+\.xlsx$/);
    const file = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet, 'the workbook has a sheet').toBeDefined();
    const header = (sheet?.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 3)).toEqual(['设备编码', '设备名称', '设备类型编码']);
    const rows: string[][] = [];
    sheet?.eachRow((line, number) => {
      if (number > 1) rows.push((line.values as unknown[]).slice(1).map(String));
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 2)).toEqual([CODE, NAME]);

    // ---- a group of that device and a demo one ----
    const other = await demoDevice(page, added);
    await openMenu(page, '设备管理', '设备分组');
    await expect(page).toHaveURL(/\/device\/group$/);
    const groups = screen(page, '/device/group');
    await groups.getByRole('button', { name: '新增', exact: true }).click();
    const groupDialog = page.getByRole('dialog', { name: '新增设备分组' });
    await dialogOpened(groupDialog);
    await groupDialog.getByLabel('分组名称').fill(GROUP);
    await chooseSeveral(page, groupDialog, '分组设备', [
      { title: `${NAME} (${CODE})`, search: CODE },
      { title: `${other.deviceName} (${other.deviceCode})`, search: other.deviceCode },
    ]);
    await groupDialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(groupDialog).toBeHidden();
    await groups.getByLabel('分组名称', { exact: true }).fill(GROUP);
    await groups.getByRole('button', { name: '搜索', exact: true }).click();
    const groupRow = groups.getByRole('row').filter({ hasText: GROUP });
    await expect(groupRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();

    // ---- switched off for 15 minutes: the simulated gateways take it ----
    await groupRow.getByRole('button', { name: `控制 ${GROUP}` }).click();
    const control = page.getByRole('dialog', { name: `分组控制：${GROUP}` });
    await dialogOpened(control);
    await control.getByRole('radio', { name: '关闭' }).check();
    // the label carries its hint's icon
    await chooseIn(page, control, /^保持时长/, '15 分钟');
    await control.getByRole('button', { name: '执行' }).click();
    await expect(control.getByRole('status').filter({ hasText: /共 \d+ 个网关，成功 \d+ 个，失败 0 个/ })).toBeVisible({ timeout: 30_000 });
    const outcomes = await tableLines(control.locator('.ant-table'));
    expect(outcomes.length).toBeGreaterThan(0);
    for (const line of outcomes) expect(line[2], line.join(' ')).toBe('成功');
    expect(outcomes.map((line) => line[1])).toContain('SIM-00001');
    await control.getByRole('button', { name: '完成' }).click();
    await expect(control).toBeHidden();

    // ---- once in English ----
    await page.getByRole('button', { name: 'English', exact: true }).click();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toContainText('Device Groups');
    for (const title of ['Group name', 'Devices', 'Created by']) await expect(groups.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
    await page.goto('/device/device');
    await expect(breadcrumb).toContainText('Devices');
    for (const title of ['Device code', 'Device name', 'Equipment type', 'Gateway', 'Loop', 'Online', 'Switch']) {
      await expect(screen(page, '/device/device').getByRole('columnheader', { name: title, exact: true })).toBeVisible();
    }
  } finally {
    await cleanUp(page, added);
  }
});
