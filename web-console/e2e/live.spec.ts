import { expect, test } from '@playwright/test';
import { chooseProject, keepAlarmPopups, screen, signIn } from './helpers';

// The e2e runner starts a simulated fleet (the demo seed's gateways SIM-00001..5 of this
// project) whose supply sags now and then: the whole path from device telemetry through the
// gateway-bridge, the alarm service and the edge's live push reaches this page.

test('the simulated fleet is online and its alarms arrive without a reload', async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  await page.goto('/lighting/gateway');
  const first = page.getByRole('row', { name: /SIM-00001/ });
  await expect(first).toContainText('在线', { timeout: 30_000 });

  await page.goto('/alarm/realtime');
  let reloads = 0;
  page.on('load', () => reloads++);
  // A raised alarm pops a notification and lands in the history, with no navigation.
  await keepAlarmPopups(page);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '新告警' }).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('menuitem', { name: '历史告警' }).click().catch(() => page.goto('/alarm/history'));
  // the real-time list stays mounted, hidden, in the tags view: look at the history only
  const history = screen(page, '/alarm/history');
  await expect(history.getByText(/共 [1-9]\d* 条/)).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('row').filter({ hasText: /滨江配电柜/ }).first()).toBeVisible();
  expect(reloads).toBe(0);
});
