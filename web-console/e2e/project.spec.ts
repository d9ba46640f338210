import { expect, test } from '@playwright/test';
import { sidebar, signIn } from './helpers';

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
  await expect(page.getByText('预览（占位）')).toBeVisible();
});
