import ExcelJS from 'exceljs';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { callApi, choose, screen, sidebar, signIn, toast } from './helpers';

// The system-administration screens (issue 10) against the real server: an organization, a
// role with some menus and a user made through the screens; the user sees exactly those menus,
// and is turned away at once when disabled; an import of 1,000 rows with bad ones imports
// nothing and lists them; a password reset is logged without the password.

/** A fresh browser context, as the config's `use` describes it (its own cookies). */
async function freshPage(browser: Browser): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  return context.newPage();
}

/** Every entry of the sidebar, directories opened: names in order and the pages' paths. */
async function sidebarEntries(page: Page): Promise<{ names: string[]; paths: string[] }> {
  const closed = sidebar(page).locator('.ant-menu-submenu-title[aria-expanded="false"]');
  for (let opened = 0; (await closed.count()) > 0; opened++) {
    expect(opened, 'directories opened').toBeLessThan(20);
    await closed.first().click();
  }
  const names = (await sidebar(page).getByRole('menuitem').allInnerTexts()).map((name) => name.trim());
  const ids = await sidebar(page)
    .locator('li.ant-menu-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-menu-id') ?? ''));
  // antd's menu ids are '<menu id>-<key>', the key being the page's path
  return { names, paths: ids.map((id) => id.slice(id.indexOf('-/') + 1)) };
}

/** The rows of an antd table (data rows only) as their cells' texts. */
async function tableLines(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr.ant-table-row');
  const lines: string[][] = [];
  for (const row of await rows.all()) {
    lines.push((await row.locator('td').allInnerTexts()).map((cell) => cell.trim()));
  }
  return lines;
}

/** Searches the users page for an account (the list's own search form). */
async function searchAccount(page: Page, account: string): Promise<Locator> {
  const users = screen(page, '/system/user');
  await users.getByLabel('账号', { exact: true }).fill(account);
  await users.getByRole('button', { name: '搜索', exact: true }).click();
  return users;
}

// One run's names: reruns against the same server do not meet the last run's data.
const RUN = Date.now().toString(36).slice(-5);
const STRONG_PASSWORD = 'Str0ng!pass';

test.describe.serial('an organization, a role and a user made on the screens', () => {
  const ORG = `端到端组织${RUN}`;
  const ROLE = `端到端角色${RUN}`;
  const ROLE_KEY = `e2e_${RUN}`;
  const ACCOUNT = `e2e_${RUN}`;
  const NICK_NAME = `端到端用户${RUN}`;
  let admin: Page;
  let member: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await freshPage(browser);
    member = await freshPage(browser);
  });

  test.afterAll(async () => {
    // what this group made, taken away again (the user first: a role or an organization in use stays)
    if (admin) {
      const users = await callApi<{ userId: number }>(admin, 'GET', `/system/user/list?userName=${ACCOUNT}`);
      for (const user of users.rows ?? []) await callApi(admin, 'DELETE', `/system/user/${user.userId}`);
      const roles = await callApi<{ roleId: number; roleKey: string }>(admin, 'GET', `/system/role/list?roleKey=${ROLE_KEY}`);
      for (const role of (roles.rows ?? []).filter((row) => row.roleKey === ROLE_KEY)) {
        await callApi(admin, 'DELETE', `/system/role/${role.roleId}`);
      }
      const depts = await callApi(admin, 'GET', `/system/dept/list?deptName=${encodeURIComponent(ORG)}`);
      for (const dept of (depts.data ?? []) as { deptId: number; deptName: string }[]) {
        if (dept.deptName === ORG) await callApi(admin, 'DELETE', `/system/dept/${dept.deptId}`);
      }
    }
    const contexts: (BrowserContext | undefined)[] = [admin?.context(), member?.context()];
    for (const context of contexts) await context?.close();
  });

  test('an organization, a role with some menus and a user: the user sees exactly those menus', async () => {
    await signIn(admin);

    // the organization, under the root
    await admin.goto('/system/dept');
    const depts = screen(admin, '/system/dept');
    await depts.getByRole('button', { name: '新增下级 总部' }).click();
    const deptDialog = admin.getByRole('dialog', { name: '新增组织' });
    await expect(deptDialog.getByTitle('总部')).toBeVisible();
    await deptDialog.getByLabel('组织名称').fill(ORG);
    // a node under the company is a department unless changed
    await expect(deptDialog.getByTitle('部门')).toBeVisible();
    await deptDialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '新增成功')).toBeVisible();
    await expect(deptDialog).toBeHidden();
    await expect(depts.getByRole('row', { name: new RegExp(ORG) })).toContainText('部门');

    // the role: the gateway screen and the alarm screens that exist (linkage on)
    await admin.goto('/system/role');
    const roles = screen(admin, '/system/role');
    await roles.getByRole('button', { name: '新增', exact: true }).click();
    const roleDialog = admin.getByRole('dialog', { name: '添加角色' });
    await roleDialog.getByLabel('角色名称').fill(ROLE);
    await roleDialog.getByLabel('权限字符').fill(ROLE_KEY);
    const tree = roleDialog.getByRole('group', { name: '菜单权限' });
    await expect(tree.getByText('系统管理', { exact: true })).toBeVisible();
    await expect(tree.getByRole('checkbox', { name: '父子联动' })).toBeChecked();
    // closed at first: the screens show once every node is opened
    await expect(tree.getByText('网关管理', { exact: true })).toHaveCount(0);
    await tree.getByRole('checkbox', { name: '展开/折叠' }).check();
    await tree.getByText('网关管理', { exact: true }).click();
    // a directory takes everything under it; two of its screens are taken back
    await tree.getByText('告警管理', { exact: true }).click();
    await tree.getByText('安防监控', { exact: true }).click();
    await tree.getByText('报表统计', { exact: true }).click();
    await expect(tree.getByRole('checkbox', { name: '全选/全不选' })).not.toBeChecked();
    await roleDialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '新增成功')).toBeVisible();
    await expect(roleDialog).toBeHidden();
    await expect(roles.getByRole('row', { name: new RegExp(ROLE_KEY) })).toContainText(ROLE);

    // the user, in that organization with that role, every project
    await admin.goto('/system/user');
    const users = screen(admin, '/system/user');
    await users.getByRole('button', { name: '新增', exact: true }).click();
    const userDialog = admin.getByRole('dialog', { name: '新增用户' });
    await userDialog.getByLabel('姓名', { exact: true }).fill(NICK_NAME);
    await userDialog.getByLabel('账号', { exact: true }).fill(ACCOUNT);
    await userDialog.getByLabel('密码', { exact: true }).fill(STRONG_PASSWORD);
    await choose(admin, userDialog, '组织', ORG);
    await choose(admin, userDialog, '角色', ROLE);
    // close the roles' list (Escape would close the dialog)
    await userDialog.getByText('新增用户', { exact: true }).click();
    await expect(userDialog.getByRole('radio', { name: '全部项目' })).toBeChecked();
    await userDialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '新增成功')).toBeVisible();
    await expect(userDialog).toBeHidden();
    const row = (await searchAccount(admin, ACCOUNT)).getByRole('row', { name: new RegExp(ACCOUNT) });
    await expect(row).toContainText(NICK_NAME);
    await expect(row).toContainText(ORG);
    await expect(row.getByRole('switch', { name: `状态 ${ACCOUNT}` })).toBeChecked();

    // the new user, in a browser of their own, sees exactly what the role grants
    await signIn(member, { username: ACCOUNT, password: STRONG_PASSWORD });
    const { names, paths } = await sidebarEntries(member);
    expect(names).toEqual(['首页', '照明控制', '网关管理', '告警管理', '告警类型', '实时告警', '历史告警']);
    expect(paths).toEqual(['/index', '/lighting/gateway', '/alarm/type', '/alarm/realtime', '/alarm/history']);
    await expect(sidebar(member).getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);

    // and works in them: every project, so the first one is chosen and its gateways listed
    await sidebar(member).getByRole('menuitem', { name: '网关管理' }).click();
    await expect(member).toHaveURL(/\/lighting\/gateway$/);
    await expect(screen(member, '/lighting/gateway').getByRole('row', { name: /SIM-\d+/ }).first()).toBeVisible();
    // a screen the role does not grant is not there
    await member.goto('/system/user');
    await expect(screen(member, '/system/user').getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
    await expect(member.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
    await member.goto('/lighting/gateway');
    await expect(screen(member, '/lighting/gateway').getByRole('row', { name: /SIM-\d+/ }).first()).toBeVisible();
  });

  test('a user disabled while signed in: their next request is answered 401 and the console asks to sign in again', async () => {
    await admin.goto('/system/user');
    const users = await searchAccount(admin, ACCOUNT);
    await users.getByRole('switch', { name: `状态 ${ACCOUNT}` }).click();
    const confirm = admin.getByRole('dialog').filter({ hasText: `确认要停用用户“${ACCOUNT}”吗？` });
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '停用成功')).toBeVisible();
    await expect(users.getByRole('switch', { name: `状态 ${ACCOUNT}` })).not.toBeChecked();

    // the user reloads their list: 401, and the console's "login state expired" dialog
    const gateways = screen(member, '/lighting/gateway');
    const reloaded = member.waitForResponse((response) => new URL(response.url()).pathname === '/prod-api/lighting/gateway/list');
    // Live push (the simulated fleet's alarms) may have made the page ask already, and the
    // dialog's mask may be up before the click: the click goes to the button all the same.
    await gateways.getByRole('button', { name: '刷新' }).dispatchEvent('click');
    expect((await reloaded).status()).toBe(401);
    const expired = member.getByRole('dialog').filter({ hasText: '登录状态已过期，您可以继续留在该页面，或者重新登录' });
    await expect(expired).toBeVisible();
    await expect(expired).toContainText('系统提示');
    await expect(expired.getByRole('button', { name: '留在此页' })).toBeVisible();
    await expired.getByRole('button', { name: '重新登录' }).click();
    await expect(member).toHaveURL(/\/login(\?|$)/);
    expect((await member.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')).toBeUndefined();

    // and cannot come back in
    await member.getByLabel('账号').fill(ACCOUNT);
    await member.getByLabel('密码').fill(STRONG_PASSWORD);
    await member.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(member, '用户不存在/密码错误')).toBeVisible();
    await expect(member).toHaveURL(/\/login(\?|$)/);
  });

  test('the operation log records a password reset with the password hidden', async () => {
    const password = `N3w!reset${RUN}`;
    await admin.goto('/system/user');
    const users = await searchAccount(admin, ACCOUNT);
    await users.getByRole('button', { name: `重置密码 ${ACCOUNT}` }).click();
    const dialog = admin.getByRole('dialog', { name: '重置密码' });
    await expect(dialog).toContainText(`请输入用户“${ACCOUNT}”的新密码`);
    await dialog.getByLabel('新密码').fill(password);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(admin, '密码已重置')).toBeVisible();
    await expect(dialog).toBeHidden();

    const listed = await callApi<{ userId: number; userName: string }>(admin, 'GET', `/system/user/list?userName=${ACCOUNT}`);
    const userId = listed.rows?.find((user) => user.userName === ACCOUNT)?.userId;
    expect(userId).toBeDefined();

    // the record is stored in the background: read the log until it is there
    interface OperLog {
      operUrl: string;
      requestMethod: string;
      operName: string;
      operParam: string;
      status: number;
    }
    let record: OperLog | undefined;
    await expect
      .poll(
        async () => {
          const log = await callApi<OperLog>(admin, 'GET', '/monitor/operlog/list?pageNum=1&pageSize=50');
          expect(log.code).toBe(200);
          record = log.rows?.find((entry) => {
            if (!entry.operUrl.endsWith('/system/user/resetPwd')) return false;
            return (JSON.parse(entry.operParam) as { userId?: number }).userId === userId;
          });
          return record !== undefined;
        },
        { timeout: 20_000, message: 'the resetPwd record in the operation log' },
      )
      .toBe(true);
    expect(record?.requestMethod).toBe('PUT');
    expect(record?.operName).toBe('admin');
    expect(record?.status).toBe(0);
    // the parameters are kept, the password as ******
    expect(JSON.parse(record?.operParam ?? '{}')).toEqual({ userId, password: '******' });
    expect(record?.operParam).not.toContain(password);
  });
});

/** The import template's columns (GET /system/user/importTemplate, Chinese). */
const IMPORT_HEADERS = ['组织编号', '登录账号', '用户姓名', '手机号码', '用户邮箱', '用户性别', '账号状态', '初始密码', '备注'];

/** A user row of the import sheet: a valid one unless changed. */
function importRow(account: string, index: number): string[] {
  const phone = `139${String(index).padStart(8, '0')}`;
  return ['100', account, `导入用户${index}`, phone, `${account}@example.com`, index % 2 ? '女' : '男', '正常', STRONG_PASSWORD, '端到端导入'];
}

/** The rows as an xlsx file of one sheet, the template's header row first. */
async function importSheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户数据');
  sheet.addRow(IMPORT_HEADERS);
  sheet.addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('importing 1,000 users with bad rows lists exactly those rows and imports nothing', async ({ page }) => {
  const prefix = `imp${RUN}_`;
  const account = (index: number) => `${prefix}${String(index).padStart(4, '0')}`;
  const rows = Array.from({ length: 1000 }, (_, index) => importRow(account(index), index));
  // sheet rows are counted from the header (1): row i of the array is sheet row i + 2
  rows[99][3] = '1390000'; // sheet row 101: a phone too short
  rows[500][1] = account(499); // sheet row 502: the account of row 501 again
  rows[899][7] = 'Str0ngpass'; // sheet row 901: no special character
  rows[949][1] = 'guest'; // sheet row 951: an account that exists
  const file = await importSheet(rows);

  await signIn(page);
  await page.goto('/system/user');
  const users = screen(page, '/system/user');
  await users.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户导入' });
  await dialog.getByLabel('用户数据文件').setInputFiles({ name: 'users-1000.xlsx', mimeType: XLSX_TYPE, buffer: file });
  await expect(dialog.getByText('users-1000.xlsx')).toBeVisible();
  await dialog.getByRole('button', { name: '导入', exact: true }).click();

  await expect(dialog.getByText('很抱歉，导入失败！共 4 条数据不正确，未导入任何数据，错误见下表')).toBeVisible();
  await expect(dialog.getByText('导入失败的行')).toBeVisible();
  const lines = await tableLines(dialog.locator('.ant-table'));
  expect(lines).toHaveLength(4);
  expect(lines.slice(0, 2)).toEqual([
    ['101', account(99), '请输入正确的手机号码'],
    ['502', account(499), '账号在文件中重复'],
  ]);
  expect(lines[2].slice(0, 2)).toEqual(['901', account(899)]);
  expect(lines[2][2]).toMatch(/^密码不符合安全策略/);
  expect(lines[3]).toEqual(['951', 'guest', '账号 guest 已存在']);
  // nothing was imported
  await expect(toast(page, '导入成功')).toHaveCount(0);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await searchAccount(page, prefix);
  await expect(users.getByText('共 0 条')).toBeVisible();
  const listed = await callApi(page, 'GET', `/system/user/list?userName=${prefix}`);
  expect(listed.total).toBe(0);

  // a good file of a few rows imports, says so, and its users are listed
  const good = [1, 2, 3].map((index) => importRow(`${prefix}ok${index}`, 2000 + index));
  try {
    await users.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.getByLabel('用户数据文件').setInputFiles({ name: 'users-3.xlsx', mimeType: XLSX_TYPE, buffer: await importSheet(good) });
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await expect(toast(page, '恭喜您，数据已全部导入成功！新增 3 条，更新 0 条')).toBeVisible();
    await expect(dialog).toBeHidden();
    await searchAccount(page, `${prefix}ok`);
    await expect(users.getByText('共 3 条')).toBeVisible();
    await expect(users.getByRole('row', { name: new RegExp(`${prefix}ok2`) })).toContainText('总部');
  } finally {
    const imported = await callApi<{ userId: number }>(page, 'GET', `/system/user/list?userName=${prefix}`);
    const ids = (imported.rows ?? []).map((user) => user.userId);
    if (ids.length > 0) await callApi(page, 'DELETE', `/system/user/${ids.join(',')}`);
  }
});
