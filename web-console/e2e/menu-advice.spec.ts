import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, dialogOpened, GUEST, screen, sidebar, signIn, toast } from './helpers';

// The menu and advice screens against the real server: a menu added under a directory with an
// icon from the picker is in the sidebar at once and after a reload, in both languages, and
// goes when deleted; feedback sent from the user menu is replied to on the advice page and
// the sender reads the reply.

// One run's names: reruns against the same server do not meet the last run's data.
const RUN = Date.now().toString(36).slice(-5);

/** A fresh browser context, as the config's `use` describes it (its own cookies). */
async function freshPage(browser: Browser): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  return context.newPage();
}

test.describe('menus', () => {
  const NAME = `端到端报表${RUN}`;
  const NAME_EN = `E2E Reports ${RUN}`;

  test.afterEach(async ({ page }) => {
    // what the test made, taken away again if it is still there
    const found = await callApi<never>(page, 'GET', `/system/menu/list?menuName=${encodeURIComponent(NAME)}`);
    for (const menu of (found.data ?? []) as { menuId: number; menuName: string }[]) {
      if (menu.menuName === NAME) await callApi(page, 'DELETE', `/system/menu/${menu.menuId}`);
    }
  });

  test('a menu added under a directory with an icon from the picker is in the sidebar, after a reload in both languages, until deleted', async ({ page }) => {
    await signIn(page);
    await page.goto('/system/menu');
    const menus = screen(page, '/system/menu');
    await menus.getByRole('button', { name: '新增下级 系统管理', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '添加菜单' });
    // under a directory: a menu (a page) unless changed
    await expect(dialog.getByRole('radio', { name: '菜单', exact: true })).toBeChecked();
    await dialog.getByLabel('中文名称').fill(NAME);
    await dialog.getByLabel('英文名称').fill(NAME_EN);
    await dialog.getByLabel('路由地址').fill(`e2e${RUN}`);
    await dialog.getByLabel('组件路径').fill('system/e2e/index');
    await dialog.getByLabel('权限标识').fill(`system:e2e${RUN}:list`);

    // the icon picker: the sidebar's icons, searched, one chosen
    await dialog.getByLabel('菜单图标').click();
    await page.getByLabel('搜索图标').fill('bul');
    const icons = page.getByRole('group', { name: '图标' });
    await expect(icons.getByRole('button')).toHaveCount(1);
    await icons.getByRole('button', { name: 'bulb' }).click();
    await expect(dialog.getByLabel('菜单图标')).toHaveValue('bulb');

    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    // the sidebar follows at once, with the icon chosen
    const entry = sidebar(page).getByRole('menuitem', { name: NAME });
    await expect(entry).toBeVisible();
    await expect(entry.locator('.anticon-bulb')).toBeVisible();

    // and after a reload, in Chinese then in English
    await page.reload();
    await expect(sidebar(page).getByRole('menuitem', { name: NAME })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(sidebar(page).getByRole('menuitem', { name: NAME_EN })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: NAME })).toHaveCount(0);
    await page.reload();
    const english = sidebar(page).getByRole('menuitem', { name: NAME_EN });
    await expect(english).toBeVisible();
    await expect(english.locator('.anticon-bulb')).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: NAME })).toHaveCount(0);

    // the menu page names it in English too; deleted after a confirmation, it leaves the sidebar
    await menus.getByRole('button', { name: 'Expand System Management', exact: true }).click();
    await expect(menus.getByRole('row', { name: new RegExp(NAME_EN) })).toContainText(`system:e2e${RUN}:list`);
    await menus.getByRole('button', { name: `Delete ${NAME_EN}`, exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Delete the menu "${NAME_EN}"?` });
    await dialogOpened(confirm);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: NAME_EN })).toHaveCount(0);
    await expect(menus.getByRole('row', { name: new RegExp(NAME_EN) })).toHaveCount(0);
    await page.reload();
    await expect(sidebar(page).getByRole('menuitem', { name: 'Menus', exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: NAME_EN })).toHaveCount(0);
    await page.getByRole('button', { name: '中文' }).click();
    await expect(sidebar(page).getByRole('menuitem', { name: '菜单管理', exact: true })).toBeVisible();
  });
});

test.describe('advice', () => {
  const TITLE = `端到端反馈${RUN}`;
  const CONTENT = '三号桥东侧有两盏灯不亮。';
  const REPLY = `已派人维修${RUN}`;
  let member: Page | undefined;

  test.afterEach(async ({ page }) => {
    const found = await callApi<{ adviceId: number; title: string }>(page, 'GET', `/system/advice/list?title=${encodeURIComponent(TITLE)}`);
    const ids = (found.rows ?? []).filter((row) => row.title === TITLE).map((row) => row.adviceId);
    if (ids.length > 0) await callApi(page, 'DELETE', `/system/advice/${ids.join(',')}`);
    await member?.context().close();
  });

  test('a user sends feedback from the user menu, the administrator replies and sets its status, the user reads the reply', async ({ page, browser }) => {
    // the guest: feedback needs no permission
    const guest = await freshPage(browser);
    member = guest;
    await signIn(guest, GUEST);
    await guest.getByRole('button', { name: '用户菜单' }).click();
    await guest.getByRole('menuitem', { name: '意见反馈' }).click();
    const feedback = guest.getByRole('dialog', { name: '意见反馈' });
    await feedback.getByRole('button', { name: '提交反馈' }).click();
    const form = guest.getByRole('dialog', { name: '提交意见反馈' });
    // checked before it is sent
    await form.getByRole('button', { name: '确定' }).click();
    await expect(form.getByText('标题为 1 到 100 个字符')).toBeVisible();
    await form.getByLabel('标题').fill(TITLE);
    await form.getByLabel('反馈内容').fill(CONTENT);
    await form.getByRole('button', { name: '确定' }).click();
    await expect(toast(guest, '提交成功')).toBeVisible();
    await expect(form).toBeHidden();
    const mine = feedback.getByRole('row', { name: new RegExp(TITLE) });
    await expect(mine).toContainText('待处理');

    // the administrator finds it, replies and closes it
    await signIn(page);
    await page.goto('/system/advice');
    const advice = screen(page, '/system/advice');
    await advice.getByLabel('标题', { exact: true }).fill(TITLE);
    await advice.getByRole('button', { name: '搜索', exact: true }).click();
    const row = advice.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toContainText('guest');
    await expect(row).toContainText('待处理');
    await advice.getByRole('button', { name: `详情 ${TITLE}`, exact: true }).click();
    const detail = page.getByRole('dialog', { name: '意见反馈详情' });
    await expect(detail).toContainText(CONTENT);
    await expect(detail).toContainText('暂无回复');
    await detail.getByRole('button', { name: '关闭', exact: true }).last().click();
    await expect(detail).toBeHidden();
    await advice.getByRole('button', { name: `回复 ${TITLE}`, exact: true }).click();
    const reply = page.getByRole('dialog', { name: '回复意见反馈' });
    await expect(reply.getByRole('radio', { name: '已回复' })).toBeChecked();
    await reply.getByLabel('回复内容').fill(REPLY);
    await reply.getByRole('radio', { name: '已关闭' }).check();
    await reply.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '回复成功')).toBeVisible();
    await expect(reply).toBeHidden();
    await expect(row).toContainText('已关闭');
    await expect(row).toContainText(REPLY);

    // the user reads the reply and the status in their list, and in the whole feedback
    await feedback.getByRole('button', { name: '刷新' }).click();
    await expect(mine).toContainText('已关闭');
    await expect(mine).toContainText(REPLY);
    await mine.getByText(TITLE).click();
    const own = guest.getByRole('dialog', { name: '意见反馈详情' });
    await expect(own).toContainText(CONTENT);
    await expect(own).toContainText(REPLY);
    await expect(own).toContainText('admin');

    // the administrator deletes it after a confirmation
    await advice.getByRole('button', { name: `删除 ${TITLE}`, exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `确定删除意见反馈“${TITLE}”吗？` });
    await dialogOpened(confirm);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
