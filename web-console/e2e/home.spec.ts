import { expect, test } from '@playwright/test';
import { callApi, errorToasts, signIn } from './helpers';

// The home page (issue 11, "Home dashboard") against the real server and the simulated fleet:
// its panels come from the services that own the figures, and follow the live stream without
// a reload.

test("the home page's open alarms follow the alarms the fleet raises, without a reload", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/index$/);
  const devices = page.getByRole('region', { name: '设备状态' });
  await expect(devices).toContainText('在线网关');
  await expect(page.getByRole('region', { name: '最新公告' })).toContainText('春节亮灯安排');
  const alarms = page.getByRole('region', { name: '未关闭告警' });
  const shown = async () => Number((await alarms.locator('.ant-statistic-content-value').first().innerText()).replace(/\D/g, ''));

  // A raised alarm (the simulator's under-voltage faults) pops its notification; the panel
  // then shows the server's count, whatever it was before, on the same page.
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '新告警' }).first()).toBeVisible({ timeout: 90_000 });
  await expect
    .poll(async () => {
      const server = await callApi(page, 'GET', '/project/project/getProjectMainPageInfo?projectId=1');
      const open = (server.data as { alarms: { open: number } }).alarms.open;
      return (await shown()) === open && open > 0;
    }, { timeout: 30_000 })
    .toBe(true);
  await expect(errorToasts(page)).toHaveCount(0);
});
