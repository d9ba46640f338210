import { expect, test } from '@playwright/test';
import { breadcrumb, choose, chooseProject, confirmIn, signIn, toast } from './helpers';

test('an alarm type: a bad recovery value is refused with the message, a good one is saved', async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  await page.goto('/alarm/type');
  await expect(breadcrumb(page)).toContainText('告警类型');

  const name = `端到端过压${Date.now().toString(36).slice(-5)}`;
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增告警类型' });
  await dialog.getByLabel('告警名称').fill(name);
  await choose(page, dialog, '设备类型', '回路');
  await choose(page, dialog, '告警级别', '严重');
  await dialog.getByLabel('告警内容（中文）').fill('回路电压过高');
  await dialog.getByLabel('告警内容（英文）').fill('Loop voltage too high');
  await choose(page, dialog, '触发属性', '电压 (V)');
  await choose(page, dialog, '触发比较', '>');
  await dialog.getByLabel('触发值').fill('250');
  await dialog.getByRole('switch', { name: '自动处理' }).click();

  // auto processing on: the recovery condition is required
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('开启自动处理时恢复条件必填')).toHaveCount(3);

  await choose(page, dialog, '恢复属性', '电压 (V)');
  await choose(page, dialog, '恢复比较', '<');
  await dialog.getByLabel('恢复值').fill('240.5555');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('恢复值须为正数，1 到 3 位小数')).toBeVisible();
  await dialog.getByLabel('恢复值').fill('-1');
  await expect(dialog.getByText('恢复值须为正数，1 到 3 位小数')).toBeVisible();

  await dialog.getByLabel('恢复值').fill('240.5');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('严重');
  await expect(row).toContainText('电压 > 250');
  await expect(row).toContainText('电压 < 240.5');

  // editing shows what was stored
  await row.getByRole('button', { name: `修改 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: '修改告警类型' });
  await expect(edit.getByLabel('恢复值')).toHaveValue('240.5');
  await edit.getByRole('button', { name: '取消' }).click();

  await row.getByRole('button', { name: `删除 ${name}` }).click();
  await confirmIn(page, `确定删除告警类型“${name}”吗？`);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('real-time and history alarms open, with their filters; the bell leads to the real-time list', async ({ page }) => {
  await signIn(page);
  await chooseProject(page);
  const bell = page.getByRole('button', { name: /^未处理告警 \d+ 条$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/alarm\/realtime$/);
  await expect(breadcrumb(page)).toContainText('实时告警');
  for (const label of ['告警类型', '告警级别', '告警状态', '设备名称']) {
    await expect(page.getByLabel(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('columnheader', { name: '告警级别' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '告警状态' })).toBeVisible();
  await page.getByLabel('设备名称').fill('不存在的设备');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByText('共 0 条')).toBeVisible();

  await page.goto('/alarm/history');
  await expect(breadcrumb(page)).toContainText('历史告警');
  await expect(page.getByRole('columnheader', { name: '结束时间' })).toBeVisible();
  await choose(page, page.locator('form').first(), '告警状态', '已关闭');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('navigation', { name: '分页' })).toBeVisible();
});
