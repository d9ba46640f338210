import { expect, test } from '@playwright/test';
import { errorToasts, keepAlarmPopups, signIn } from './helpers';

// The home page (issue 11, "Home dashboard") against the real server and the simulated fleet:
// its panels come from the services that own the figures, and follow the live stream without
// a reload.

test("the home page's open alarms follow the alarms the fleet raises, without a reload", async ({ page }) => {
  // Every answer of the home page's call, as the page receives it.
  let answers = 0;
  let lastOpen: number | undefined;
  page.on('response', async (response) => {
    if (!response.url().includes('/project/project/getProjectMainPageInfo')) return;
    const body = (await response.json().catch(() => undefined)) as { data?: { alarms?: { open: number } } } | undefined;
    answers += 1;
    lastOpen = body?.data?.alarms?.open;
  });
  await signIn(page);
  await expect(page).toHaveURL(/\/index$/);
  const devices = page.getByRole('region', { name: '设备状态' });
  await expect(devices).toContainText('在线网关');
  await expect(page.getByRole('region', { name: '最新公告' })).toContainText('春节亮灯安排');
  const alarms = page.getByRole('region', { name: '未关闭告警' });
  const shown = async () => Number(await alarms.locator('[data-value]').first().getAttribute('data-value'));
  await expect.poll(() => answers).toBeGreaterThan(0);
  const loaded = answers;

  // A raised alarm (the simulator's under-voltage faults) pops its notification; the page asks
  // for its figures again, on its own, and shows what the server answered.
  await keepAlarmPopups(page);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '新告警' }).first()).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => answers, { timeout: 30_000 }).toBeGreaterThan(loaded);
  await expect.poll(async () => lastOpen !== undefined && (await shown()) === lastOpen, { timeout: 30_000 }).toBe(true);
  await expect(errorToasts(page)).toHaveCount(0);
});
