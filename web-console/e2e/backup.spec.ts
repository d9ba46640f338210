import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, dialogOpened, screen, sidebar, signIn, toast } from './helpers';

// Backup and a role's user assignment (issue 10) against the real server: a backup made and
// downloaded on the screen, restored from the file after a change (the change is gone, the
// admin still signed in); the same file changed by one byte is refused and changes nothing;
// the demo guest assigned to a new role on the assignment screen, then taken off it.

/** A fresh browser context, as the config's `use` describes it (its own cookies). */
async function freshPage(browser: Browser): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  return context.newPage();
}

// One run's names: reruns against the same server do not meet the last run's data.
const RUN = Date.now().toString(36).slice(-5);

/** Adds an organization node under the root on the Organization page; answers its row. */
async function addOrganization(page: Page, name: string) {
  await page.goto('/system/dept');
  const depts = screen(page, '/system/dept');
  await depts.getByRole('button', { name: '新增下级 总部' }).click();
  const dialog = page.getByRole('dialog', { name: '新增组织' });
  await dialog.getByLabel('组织名称').fill(name);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  return depts.getByRole('row', { name: new RegExp(name) });
}

/** The Organization page, opened afresh: the row of the node named `name` (none when it is not there). */
async function organizationRow(page: Page, name: string) {
  await page.goto('/system/dept');
  const depts = screen(page, '/system/dept');
  await expect(depts.getByRole('button', { name: '新增下级 总部' })).toBeVisible();
  return depts.getByRole('row', { name: new RegExp(name) });
}

/** Restores `file` through the Backup page's "restore from file" dialog; answers the dialog. */
async function restoreFromFile(page: Page, file: string) {
  await page.goto('/system/backup');
  const backups = screen(page, '/system/backup');
  await backups.getByRole('button', { name: '从文件恢复' }).click();
  const dialog = page.getByRole('dialog', { name: '从文件恢复' });
  await expect(dialog).toContainText('备份中没有的用户将被强制退出登录');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('checkbox', { name: '我已了解以上影响，确定用该备份恢复' }).check();
  await dialog.getByRole('button', { name: '确定' }).click();
  return dialog;
}

test.describe.serial('a backup made, downloaded and restored on the screen', () => {
  const ORG = `备份后组织${RUN}`;
  let admin: Page;
  let downloaded = '';

  test.beforeAll(async ({ browser }) => {
    admin = await freshPage(browser);
  });

  test.afterAll(async () => {
    if (admin) {
      const depts = await callApi(admin, 'GET', `/system/dept/list?deptName=${encodeURIComponent(ORG)}`);
      for (const dept of (depts.data ?? []) as { deptId: number; deptName: string }[]) {
        if (dept.deptName === ORG) await callApi(admin, 'DELETE', `/system/dept/${dept.deptId}`);
      }
      await admin.context().close();
    }
  });

  test('backup export, then import, restores the same rows', async () => {
    test.setTimeout(120_000);
    await signIn(admin);
    await admin.goto('/system/backup');
    const backups = screen(admin, '/system/backup');
    await backups.getByRole('button', { name: '立即备份' }).click();
    const made = toast(admin, '备份成功：');
    await expect(made).toBeVisible();
    const fileName = /备份成功：(\S+\.sql)/.exec(await made.innerText())?.[1] ?? '';
    expect(fileName).toMatch(/\.sql$/);

    // the new one, made by hand, downloaded under the server's file name
    const row = backups.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) });
    await expect(row).toContainText('手动');
    await expect(row).toContainText('admin');
    await expect(row).toContainText(/\d+(\.\d)? KB/);
    const [download] = await Promise.all([admin.waitForEvent('download'), row.getByRole('button', { name: `下载 ${fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    downloaded = test.info().outputPath(fileName);
    await download.saveAs(downloaded);
    const content = await readFile(downloaded, 'utf8');
    expect(content).toContain('-- manifest: ');
    expect(content).toContain('COPY identity.depts');

    // a change after the backup
    await expect(await addOrganization(admin, ORG)).toBeVisible();

    // the file restored: the change is gone, the admin still signed in
    const dialog = await restoreFromFile(admin, downloaded);
    const result = admin.getByRole('dialog', { name: '恢复结果' });
    await expect(result).toContainText(/恢复成功：14张表，共\d+行/);
    await expect(result.getByRole('row', { name: /^组织 \d+$/ })).toBeVisible();
    await expect(result.getByRole('row', { name: /^用户 \d+$/ })).toBeVisible();
    await expect(dialog).toBeHidden();
    await result.getByRole('button', { name: '关闭' }).click();
    await expect(result).toBeHidden();

    await expect(await organizationRow(admin, ORG)).toHaveCount(0);
    await expect(admin).toHaveURL(/\/system\/dept$/);
    await expect(sidebar(admin).getByRole('menuitem', { name: '系统管理' })).toBeVisible();
    await expect(admin.getByText('登录状态已过期，您可以继续留在该页面，或者重新登录')).toHaveCount(0);
  });

  test('a tampered backup is refused', async () => {
    expect(downloaded, 'the backup of the first test').not.toBe('');
    // one byte of a data row changed: the guest's account in the users' block
    const bytes = await readFile(downloaded);
    const users = bytes.indexOf('COPY identity.users');
    const guest = bytes.indexOf('\tguest\t', users);
    expect(users).toBeGreaterThan(0);
    expect(guest).toBeGreaterThan(users);
    bytes[guest + 1] = 'G'.charCodeAt(0);
    const tampered = test.info().outputPath('tampered.sql');
    await writeFile(tampered, bytes);

    await expect(await addOrganization(admin, ORG)).toBeVisible();
    const dialog = await restoreFromFile(admin, tampered);
    await expect(dialog).toContainText('恢复失败，未作任何更改');
    await expect(dialog).toContainText('该文件不是本系统导出的备份，或导出后已被修改，未作任何更改');
    await expect(dialog).toBeVisible();
    await expect(admin.getByRole('dialog', { name: '恢复结果' })).toHaveCount(0);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();

    // nothing changed: the node added before is still there
    await expect(await organizationRow(admin, ORG)).toBeVisible();
  });
});

test.describe.serial("a role's user assignment", () => {
  const ROLE = `分配角色${RUN}`;
  const ROLE_KEY = `assign_${RUN}`;
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await freshPage(browser);
  });

  test.afterAll(async () => {
    if (admin) {
      const roles = await callApi<{ roleId: number; roleKey: string }>(admin, 'GET', `/system/role/list?roleKey=${ROLE_KEY}`);
      for (const role of (roles.rows ?? []).filter((row) => row.roleKey === ROLE_KEY)) {
        await callApi(admin, 'DELETE', `/system/role/${role.roleId}`);
      }
      await admin.context().close();
    }
  });

  test('assign users: the demo guest given a new role on the assignment screen, listed, then cancelled', async () => {
    await signIn(admin);
    await admin.goto('/system/role');
    const roles = screen(admin, '/system/role');
    await roles.getByRole('button', { name: '新增', exact: true }).click();
    const roleDialog = admin.getByRole('dialog', { name: '添加角色' });
    await roleDialog.getByLabel('角色名称').fill(ROLE);
    await roleDialog.getByLabel('权限字符').fill(ROLE_KEY);
    await roleDialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '新增成功')).toBeVisible();
    await expect(roleDialog).toBeHidden();

    await roles.getByLabel('权限字符', { exact: true }).fill(ROLE_KEY);
    await roles.getByRole('button', { name: '搜索', exact: true }).click();
    await roles.getByRole('row', { name: new RegExp(ROLE_KEY) }).getByRole('button', { name: `分配用户 ${ROLE}` }).click();
    await expect(admin).toHaveURL(/\/system\/role\/authUser\/\d+$/);
    const path = new URL(admin.url()).pathname;
    const assignment = screen(admin, path);
    await expect(assignment.getByRole('heading', { name: `分配用户：${ROLE}` })).toBeVisible();
    await expect(assignment.locator('.ant-table-placeholder')).toContainText('暂无数据');

    // the guest, found among those without the role, granted it
    await assignment.getByRole('button', { name: '添加用户' }).click();
    const picker = admin.getByRole('dialog', { name: '选择用户' });
    await picker.getByLabel('账号', { exact: true }).fill('guest');
    await picker.getByRole('button', { name: '搜索', exact: true }).click();
    const candidate = picker.getByRole('row', { name: /guest/ });
    await expect(candidate).toHaveCount(1);
    await candidate.getByRole('checkbox').check();
    await picker.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '分配成功')).toBeVisible();
    await expect(picker).toBeHidden();
    const holder = assignment.getByRole('row', { name: /guest/ });
    await expect(holder).toContainText('访客');

    // and taken off it again, after a confirmation
    await holder.getByRole('button', { name: '取消授权 guest' }).click();
    const confirm = admin.getByRole('dialog').filter({ hasText: '确认要取消用户“guest”的该角色吗？' });
    await dialogOpened(confirm);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '取消授权成功')).toBeVisible();
    await expect(assignment.getByRole('row', { name: /guest/ })).toHaveCount(0);
    await expect(assignment.locator('.ant-table-placeholder')).toContainText('暂无数据');
  });
});
