import { expect, test } from '@playwright/test';
import { signIn, toast } from './helpers';

test('the personal center: edit the nickname, a wrong old password is refused', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: '超级管理员' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);

  const nickName = page.getByLabel('用户昵称');
  await expect(nickName).toHaveValue('超级管理员');
  await nickName.fill('演示管理员');
  await page.getByLabel('手机号码').fill('12345');
  await page.getByRole('button', { name: '保存' }).first().click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  await page.getByLabel('手机号码').fill('');
  await page.getByRole('button', { name: '保存' }).first().click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page.getByRole('link', { name: '演示管理员' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('用户昵称')).toHaveValue('演示管理员');
  // put it back for the other tests
  await page.getByLabel('用户昵称').fill('超级管理员');
  await page.getByRole('button', { name: '保存' }).first().click();
  await expect(page.getByRole('link', { name: '超级管理员' })).toBeVisible();

  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByLabel('旧密码').fill('not-the-password');
  await page.getByLabel('新密码').fill('admin1234');
  await page.getByLabel('确认密码').fill('admin12345');
  await page.getByRole('button', { name: '保存' }).last().click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认密码').fill('admin1234');
  await page.getByRole('button', { name: '保存' }).last().click();
  await expect(toast(page, '修改密码失败，旧密码错误')).toBeVisible();
});
