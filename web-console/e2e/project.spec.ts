import { expect, test } from '@playwright/test';
import { chooseProject, currentProject, DEMO_PROJECT, dialogOpened, errorToasts, GUEST, SECOND_PROJECT, sidebar, signIn } from './helpers';

test('after sign-in the admin is on the home page inside the first project, with no error', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('欢迎使用');
  await expect(currentProject(page)).toContainText(DEMO_PROJECT);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'projectId')?.value).toBe('1');
  // the bell asks in the project: the layout's requests are answered, nothing went wrong
  await expect(page.getByRole('button', { name: /^未处理告警 \d+ 条$/ })).toBeVisible();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);

  // a reload keeps the project
  await page.reload();
  await expect(currentProject(page)).toContainText(DEMO_PROJECT);
  await expect(errorToasts(page)).toHaveCount(0);
});

test('the second demo project shows its own gateways', async ({ page }) => {
  await signIn(page);
  await chooseProject(page, SECOND_PROJECT);
  await page.goto('/lighting/gateway');
  // the reload kept the chosen project
  await expect(currentProject(page)).toContainText(SECOND_PROJECT);
  for (const n of [1, 2, 3]) {
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `天际线配电柜${n}`, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`SIM-0000${5 + n}`);
  }
  await expect(page.getByText('共 3 条')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: /滨江配电柜|SIM-0000[1-5](?!\d)/ })).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);
});

test('a user without projects: project pages show the prompt to choose one, and no error', async ({ page }) => {
  await signIn(page, GUEST);
  await expect(page).toHaveURL(/\/lighting\/gateway$/);
  await expect(currentProject(page)).toContainText('未选择项目');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'projectId')?.value).toBe('-1');

  const prompt = page.getByRole('region', { name: '请先选择项目' });
  for (const path of ['/lighting/gateway', '/lighting/control', '/lighting/oneKey', '/alarm/type', '/alarm/realtime', '/alarm/history']) {
    if (path !== '/lighting/gateway') await page.goto(path);
    await expect(prompt, path).toHaveCount(1);
    await expect(prompt, path).toBeVisible();
    await expect(page.getByRole('main').getByRole('table'), path).toHaveCount(0);
    await expect(errorToasts(page), path).toHaveCount(0);
  }

  // its button opens the project picker
  await prompt.getByRole('button', { name: '选择项目' }).click();
  const picker = page.getByRole('dialog', { name: '选择项目' });
  await dialogOpened(picker);
  await picker.getByRole('button', { name: '取消' }).click();
  await expect(picker).toBeHidden();
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);
});

test('choose a project: filter, select, the name in the top bar, the logo in the sidebar', async ({ page }) => {
  await signIn(page);
  const current = page.getByRole('group', { name: '当前项目' });
  await current.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: '选择项目' });
  await expect(dialog.getByRole('row')).toHaveCount(3); // header and two projects

  await dialog.getByRole('searchbox', { name: '项目名称' }).fill('滨江');
  await dialog.getByRole('button', { name: '搜索' }).click();
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await dialog.getByRole('row', { name: /滨江景观照明示范项目/ }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();

  await expect(current).toContainText('滨江景观照明示范项目');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'projectId')?.value).toBe('1');
  expect(decodeURIComponent(cookies.find((cookie) => cookie.name === 'projectName')?.value ?? '')).toBe('滨江景观照明示范项目');

  const logo = sidebar(page).locator('..').getByRole('img', { name: '项目标志' });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', '/prod-api/files/demo/logo.svg');
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // the other project has no logo: the default one shows
  await current.getByRole('button').click();
  await page.getByRole('dialog', { name: '选择项目' }).getByRole('row', { name: /城市天际线亮化工程/ }).click();
  await page.getByRole('dialog', { name: '选择项目' }).getByRole('button', { name: '确定' }).click();
  await expect(current).toContainText('城市天际线亮化工程');
  await expect(page.getByRole('img', { name: '默认标志' })).toBeVisible();

  // with a project the data big screen opens
  await sidebar(page).getByRole('menuitem', { name: '数据大屏' }).click();
  await expect(page).toHaveURL(/\/dataScreen$/);
  await expect(page.getByRole('heading', { level: 1, name: '城市天际线亮化工程' })).toBeVisible();
  await expect(page.getByRole('region', { name: '设备概况' })).toBeVisible();
});
