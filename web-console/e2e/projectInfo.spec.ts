import { expect, test } from '@playwright/test';
import { callApi, chooseProject, confirmIn, errorToasts, PNG, screen, sidebar, signIn, toast } from './helpers';

// Project info (issue 11, "Project info") against the real server: a project created on the
// screen with a logo, six home-page modules and a plan picture is granted to its creator, can
// be chosen in the picker and shows its logo in the sidebar; the demo project, which has
// gateways, cannot be deleted. The logo and the plan picture are uploaded from the form.

const RUN = Date.now().toString(36).slice(-5);
const NAME = `端到端项目${RUN}`;
const MODULES = ['网关状态', '告警', '能耗', '工单', '巡检', '公告'];

test.describe.serial('project info', () => {
  test.afterEach(async ({ page }) => {
    const made = await callApi<{ id: number }>(page, 'GET', `/project/project/list?projectName=${encodeURIComponent(RUN)}`);
    for (const project of made.rows ?? []) await callApi(page, 'DELETE', `/project/project/${project.id}`);
  });

  test('a project with a logo, six modules and a plan picture; chosen, its logo in the sidebar', async ({ page }) => {
    await signIn(page);
    await page.goto('/project/info');
    const projects = screen(page, '/project/info');
    await expect(projects.getByRole('row', { name: /滨江景观照明示范项目/ })).toBeVisible();

    await projects.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增项目' });
    await dialog.getByLabel('项目名称').fill(NAME);
    await dialog.getByLabel('项目编号').fill(`E2E-${RUN}`);
    await dialog.getByLabel('项目地址').fill('端到端大道1号');
    await dialog.getByLabel('所在城市').fill('深圳');
    await page.locator('.ant-select-dropdown:visible').getByTitle('深圳市（广东省）').click();
    const uploads = dialog.locator('input[type="file"]');
    await uploads.nth(0).setInputFiles({ name: `logo-${RUN}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await uploads.nth(1).setInputFiles({ name: `plan-${RUN}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(2);
    const add = dialog.getByRole('button', { name: '添加模块' });
    for (const [index, module] of MODULES.entries()) {
      await add.click();
      await dialog.getByLabel(`模块${index + 1}`, { exact: true }).click();
      // the newest open dropdown (the last one may still be closing)
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().getByTitle(module, { exact: true }).click();
      await expect(dialog.getByLabel(`模块${index + 1}`, { exact: true }).locator('..').locator('..')).toContainText(module);
    }
    await expect(add).toBeDisabled();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = projects.getByRole('row', { name: new RegExp(NAME) });
    await expect(row).toContainText('深圳市');
    await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();

    // Granted to its creator: the picker lists it; chosen, its logo is in the sidebar.
    await chooseProject(page, NAME);
    const logo = sidebar(page).locator('..').getByRole('img', { name: '项目标志' });
    await expect(logo).toHaveAttribute('src', /^\/prod-api\/files\/upload\/.+\.png$/);
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const home = await callApi(page, 'GET', `/project/project/list?projectName=${encodeURIComponent(NAME)}`);
    const created = (home.rows ?? [])[0] as { planPicture: string; modules: { position: number }[] };
    expect(created.planPicture).toMatch(/^\/upload\/.+\.png$/);
    expect(created.modules.map((module) => module.position)).toEqual([1, 2, 3, 4, 5, 6]);
    await chooseProject(page);
    await expect(errorToasts(page)).toHaveCount(0);
  });

  test('the demo project has gateways and is not deleted; the refusal is shown', async ({ page }) => {
    await signIn(page);
    await page.goto('/project/info');
    const projects = screen(page, '/project/info');
    // the seed's five, unless a spec before this one left one of its own behind
    const gateways = (await callApi(page, 'GET', '/lighting/gateway/list?pageSize=1', { project: 1 })).total;
    expect(gateways).toBeGreaterThanOrEqual(5);
    await projects.getByRole('button', { name: '删除 滨江景观照明示范项目' }).click();
    // the confirmation opened before its button is pressed (a click mid-animation may miss it)
    await confirmIn(page, '是否确认删除项目"滨江景观照明示范项目"？');
    // the newest message, whatever it says (a failure then shows what was said instead)
    await expect(page.locator('.ant-message-notice, .ant-notification-notice').last()).toContainText(`项目下还有${gateways}个网关，不允许删除`);
    await expect(projects.getByRole('row', { name: /滨江景观照明示范项目/ })).toBeVisible();
  });
});
