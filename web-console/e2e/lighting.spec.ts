import { expect, test, type Page } from '@playwright/test';
import { breadcrumb, choose, chooseProject, confirmIn, signIn, toast } from './helpers';

// Gateways, their detail and one-key control against the real server. The gateways made here
// never connect, so they are offline: switching their loops shows the server's message.

function uniqueNumber(): string {
  return `E2E-${Date.now().toString(36)}`;
}

async function addGateway(page: Page, name: string, number: string, loops = 2): Promise<void> {
  await page.goto('/lighting/gateway');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增网关' });
  await dialog.getByLabel('网关名称').fill(name);
  await dialog.getByLabel('网关编号').fill(number);
  await choose(page, dialog, '通信方式', '4G');
  await dialog.getByLabel('回路数').fill(String(loops));
  await dialog.getByLabel('回路1', { exact: true }).fill('主路灯');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await closeCredential(page, number);
}

/** The credential dialog shown once after an add or an issue: the serial and a JWT, then closed. */
async function closeCredential(page: Page, number: string): Promise<void> {
  const credential = page.getByRole('dialog', { name: '网关凭证' });
  await expect(credential.getByLabel('MQTT 用户名')).toHaveValue(number);
  await expect(credential.getByLabel('MQTT 密码')).toHaveValue(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await credential.getByRole('button', { name: '关闭' }).click();
  await expect(credential).toBeHidden();
}

async function deleteGateway(page: Page, name: string): Promise<void> {
  await page.goto('/lighting/gateway');
  await page.getByLabel('网关名称').first().fill(name);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('button', { name: `删除 ${name}` }).click();
  await confirmIn(page, `确定删除网关“${name}”吗？`);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
}

test('gateways: add with the server-side rules checked first, edit, delete', async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  await page.goto('/lighting/gateway');
  await expect(breadcrumb(page)).toContainText('网关管理');

  // the form refuses what the server would refuse
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增网关' });
  await dialog.getByLabel('网关编号').fill('GW 01');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('网关名称为 1 到 50 个字符')).toBeVisible();
  await expect(dialog.getByText('网关编号为 1 到 32 位字母、数字、下划线或中划线')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  const number = uniqueNumber();
  const name = `端到端网关${number.slice(-4)}`;
  await addGateway(page, name, number);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(name);
  await expect(row).toContainText('离线');

  // the serial is unique across the platform: the server says so
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const again = page.getByRole('dialog', { name: '新增网关' });
  await again.getByLabel('网关名称').fill(`${name}二`);
  await again.getByLabel('网关编号').fill(number);
  await choose(page, again, '通信方式', '4G');
  await again.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '已存在' })).toBeVisible();
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: '取消' }).click();

  // a new credential replaces the current one, after a confirmation
  await row.getByRole('button', { name: `签发凭证 ${name}` }).click();
  await confirmIn(page, `确定为网关“${name}”签发新凭证吗？`);
  await closeCredential(page, number);

  await row.getByRole('button', { name: `修改 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: '修改网关' });
  await expect(edit.getByLabel('网关编号')).toHaveValue(number);
  await expect(edit.getByLabel('回路1', { exact: true })).toHaveValue('主路灯');
  // changing the serial would revoke the credential: the dialog says so until it is put back
  const revokes = edit.getByText('修改网关编号后，该网关的凭证将立即失效，需重新签发凭证。');
  await expect(revokes).toBeHidden();
  await edit.getByLabel('网关编号').fill(`${number}X`);
  await expect(revokes).toBeVisible();
  await edit.getByLabel('网关编号').fill(number);
  await expect(revokes).toBeHidden();
  await edit.getByLabel('网关名称').fill(`${name}改`);
  await edit.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText(`${name}改`);

  await deleteGateway(page, `${name}改`);
});

test('gateways: several deleted at once after one confirmation', async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  const numbers = [`${uniqueNumber()}A`, `${uniqueNumber()}B`];
  const names = numbers.map((number) => `批量网关${number.slice(-5)}`);
  for (const [index, number] of numbers.entries()) await addGateway(page, names[index] ?? number, number);

  await page.goto('/lighting/gateway');
  await page.getByLabel('网关名称').first().fill('批量网关');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const batch = page.getByRole('button', { name: '删除', exact: true });
  await expect(batch).toBeDisabled();
  for (const number of numbers) await page.getByRole('row', { name: new RegExp(number) }).getByRole('checkbox').check();
  // choosing a row does not open it
  await expect(page).toHaveURL(/\/lighting\/gateway$/);
  await batch.click();
  await confirmIn(page, '确定删除选中的 2 条数据吗？');
  await expect(toast(page, '删除成功')).toBeVisible();
  for (const number of numbers) await expect(page.getByRole('row', { name: new RegExp(number) })).toHaveCount(0);
});

test("a gateway's detail: header, loops, an offline gateway answers with the server's message", async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  const number = uniqueNumber();
  const name = `详情网关${number.slice(-4)}`;
  await addGateway(page, name, number, 3);

  await page.getByRole('row', { name: new RegExp(number) }).getByText(name).click();
  await expect(page).toHaveURL(/\/lighting\/gateway\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: `网关详情：${name}` })).toBeVisible();
  await expect(breadcrumb(page)).toContainText('网关管理');
  await expect(breadcrumb(page)).toContainText('网关详情');
  await expect(page.locator('.ant-descriptions').getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '打开 主路灯' })).toBeVisible();
  await expect(page.getByRole('button', { name: '关闭 回路3' })).toBeVisible();
  await expect(page.getByText('上下线记录')).toBeVisible();
  await expect(page.getByText('有功功率（近 24 小时）')).toBeVisible();

  // never connected: offline, and the server answers at once with its message
  await page.getByRole('button', { name: '打开 主路灯' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '设备离线，无法操作。' })).toBeVisible();

  // the real-time control page controls the same loops
  await page.goto('/lighting/control');
  await page.getByLabel('网关', { exact: true }).click();
  await page.getByLabel('网关', { exact: true }).fill(name);
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${name} (${number})`).click();
  await page.getByRole('button', { name: '关闭 回路2' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '设备离线，无法操作。' })).toBeVisible();

  await deleteGateway(page, name);
});

test('one-key control: all off after a confirmation, a result per gateway, an audit record', async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  const number = uniqueNumber();
  const name = `一键网关${number.slice(-4)}`;
  await addGateway(page, name, number);

  await page.goto('/lighting/oneKey');
  await page.getByRole('button', { name: '全部关闭' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定全部关闭吗？' });
  await expect(confirm).toContainText('将关闭本项目所有网关的全部回路');
  // cancelling does nothing
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('全部关闭结果')).toHaveCount(0);

  await page.getByRole('button', { name: '全部关闭' }).click();
  await confirmIn(page, '确定全部关闭吗？');
  await expect(page.getByText('全部关闭结果')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /共 \d+ 个网关，成功 \d+ 个，失败 \d+ 个/ })).toBeVisible({
    timeout: 30_000,
  });
  const ours = page.getByRole('row', { name: new RegExp(number) });
  await expect(ours).toContainText('离线');

  const records = page.locator('.ant-card').filter({ hasText: '操作记录' });
  await expect(records.getByRole('row').nth(1)).toContainText('全部关闭');
  await expect(records.getByRole('row').nth(1)).toContainText('admin');

  await deleteGateway(page, name);
});
