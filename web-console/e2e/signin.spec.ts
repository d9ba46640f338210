import { expect, test, type Page } from '@playwright/test';

// Runs against the real `lumiscape` binary with the demo seed and the captcha switched off.
// The browser locale is zh-CN (playwright.config.ts), so the console starts in Chinese.

const ADMIN = { username: 'admin', password: 'admin123' };

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('账号').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  // captcha is off on the server under test
  await expect(page.getByLabel('验证码')).toHaveCount(0);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: /侧边菜单|Side menu/ });
}

test('sign in, see the server menus, switch language, reload, log out', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);

  await expect(page).not.toHaveURL(/\/login/);
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();

  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(sidebar(page).getByRole('menuitem', { name: 'System Management' })).toBeVisible();
  await expect(sidebar(page).getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);

  await page.reload();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(sidebar(page).getByRole('menuitem', { name: 'System Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure to log out and exit the system?');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});

test('an unauthenticated deep link comes back after sign-in', async ({ page }) => {
  await page.goto('/system/user?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=(%2Fsystem%2Fuser%3Fx%3D1|\/system\/user\?x=1)$/);

  await signIn(page);

  await expect(page).toHaveURL(/\/system\/user\?x=1$/);
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
});
