import { expect, test } from '@playwright/test';
import { breadcrumb, GUEST, sidebar, signIn, tab, tags, toast } from './helpers';

test('the sidebar stays collapsed across a reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  await expect(page.getByRole('button', { name: '展开侧边栏' })).toHaveAttribute('aria-expanded', 'false');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe('0');

  await page.reload();
  await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeVisible();
});

test('the breadcrumb is hidden on the home page and shown elsewhere', async ({ page }) => {
  await signIn(page);
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 2 })).toContainText('欢迎使用');
  await expect(breadcrumb(page)).toHaveCount(0);

  await page.goto('/system/user');
  await expect(breadcrumb(page)).toContainText('首页');
  await expect(breadcrumb(page)).toContainText('系统管理');
  await expect(breadcrumb(page)).toContainText('用户管理');
  await breadcrumb(page).getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(breadcrumb(page)).toHaveCount(0);
});

test('the tags view: a tab per page, the context menu, the pinned home tab', async ({ page }) => {
  await signIn(page);
  // Visit by clicking: page.goto would reload the console and start a new tab list.
  await page.goto('/index');
  await sidebar(page).getByRole('menuitem', { name: '系统管理' }).click();
  for (const title of ['用户管理', '角色管理', '菜单管理']) {
    await sidebar(page).getByRole('menuitem', { name: title }).click();
    await expect(tab(page, title)).toBeVisible();
  }
  await expect(tab(page, '首页')).toBeVisible();
  // the pinned tab has no close icon
  await expect(tab(page, '首页').getByRole('button')).toHaveCount(0);

  // close icon on the active tab: go to the last remaining tab
  await tab(page, '菜单管理').getByRole('button', { name: '关闭 菜单管理' }).click();
  await expect(tab(page, '菜单管理')).toHaveCount(0);
  await expect(page).toHaveURL(/\/system\/role$/);

  // right-click: close others keeps the pinned tab and the chosen one
  await tab(page, '用户管理').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: '标签操作' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(105);
  await menu.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(tags(page).locator('[data-tag-path]')).toHaveCount(2);
  await expect(tab(page, '角色管理')).toHaveCount(0);

  // middle-click closes
  await sidebar(page).getByRole('menuitem', { name: '角色管理' }).click();
  // the page first, then its tab (CI once missed the tab here, 2026-11-28: which of the two?)
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(tab(page, '角色管理')).toBeVisible();
  await tab(page, '角色管理').getByRole('link').click({ button: 'middle' });
  await expect(tab(page, '角色管理')).toHaveCount(0);

  // close all: only the pinned tab stays, and we land on it
  await tab(page, '用户管理').click({ button: 'right' });
  await page.getByRole('menu', { name: '标签操作' }).getByRole('menuitem', { name: '全部关闭' }).click();
  await expect(tags(page).locator('[data-tag-path]')).toHaveCount(1);
  await expect(tab(page, '首页')).toBeVisible();
  await expect(page).toHaveURL(/\/index$/);

  // refresh re-enters the page through /redirect and the breadcrumb ignores the detour
  await sidebar(page).getByRole('menuitem', { name: '用户管理' }).click();
  await tab(page, '用户管理').click({ button: 'right' });
  await page.getByRole('menu', { name: '标签操作' }).getByRole('menuitem', { name: '刷新页面' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(breadcrumb(page)).toContainText('用户管理');
});

test('the theme colour from the settings panel persists', async ({ page }) => {
  await signIn(page);
  // a page with a primary button: the not-available page of a module not built yet
  await page.goto('/landscape/scheme');
  const primary = page.getByRole('button', { name: '返回首页' });
  await expect(primary).toHaveCSS('background-color', 'rgb(64, 158, 255)');
  await page.getByRole('button', { name: '布局设置' }).click();
  const panel = page.getByRole('dialog', { name: '布局设置' });
  await panel.getByRole('radio', { name: '#13c2c2' }).click();
  await expect(panel.getByRole('radio', { name: '#13c2c2' })).toHaveAttribute('aria-checked', 'true');
  await expect(primary).toHaveCSS('background-color', 'rgb(19, 194, 194)');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(sidebar(page)).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('layout-setting'));
  expect((JSON.parse(stored ?? '{}') as { theme?: string }).theme).toBe('#13c2c2');
  await expect(primary).toHaveCSS('background-color', 'rgb(19, 194, 194)');

  // switching the tags view off hides the tab strip
  await page.getByRole('button', { name: '布局设置' }).click();
  await page.getByRole('switch', { name: '开启 Tags-Views' }).click();
  await expect(tags(page)).toHaveCount(0);
  await page.getByRole('switch', { name: '开启 Tags-Views' }).click();
  await expect(tags(page)).toBeVisible();
});

test('the header search goes to a page', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const search = page.getByRole('combobox', { name: '搜索菜单' });
  await search.fill('角色');
  await expect(page.getByRole('option', { name: /角色管理/ })).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/system\/role$/);

  // English titles are searched too
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.getByRole('combobox', { name: '搜索菜单' }).fill('Dictionaries');
  await page.getByRole('option', { name: /字典管理/ }).click();
  await expect(page).toHaveURL(/\/system\/dict$/);
});

test('the size selector confirms the switch and remembers it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: 'Small' }).click();
  await expect(toast(page, 'Switch Size Success')).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'size')?.value).toBe('small');
});

test('the data big screen refuses without a project', async ({ page }) => {
  // every user with projects works in one since sign-in: the demo's guest has none
  await signIn(page, GUEST);
  await expect(page.getByRole('group', { name: '当前项目' })).toContainText('未选择项目');
  await page.goto('/dataScreen');
  await expect(toast(page, '项目不存在，请设置项目相关信息！')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dataScreen$/);
  await expect(sidebar(page)).toBeVisible();
});
