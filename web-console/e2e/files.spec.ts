import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG, screen, sessionToken, signIn, toast } from './helpers';

// File management (issue 11, "File management and upload") against the real server: a file
// of each upload type goes up from the screen into the demo's first project, a GIF that
// calls itself .png is refused with the server's message, and one file is audited.

// One run's names: reruns against the same server do not meet the last run's data.
const RUN = Date.now().toString(36).slice(-5);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0x55)]);

/** Calls the file API in the demo's first project with the page's session token. */
async function fileApi(page: Page, method: 'GET' | 'DELETE', path: string): Promise<{ code: number; rows?: { fileId: number }[] }> {
  const response = await page.request.fetch(`/prod-api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await sessionToken(page)}`, ProjectId: '1' },
  });
  return (await response.json()) as { code: number; rows?: { fileId: number }[] };
}

/** Picks the upload type: the dialog's one select, opened by its selector (the chosen type's text lies over its input). */
async function chooseType(page: Page, dialog: Locator, type: string): Promise<void> {
  const select = dialog.locator('.ant-select');
  const chosen = select.locator('.ant-select-selection-item');
  if ((await chosen.textContent()) !== type) {
    await select.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(type, { exact: true }).click();
  }
  await expect(chosen).toHaveText(type);
}

test.describe.serial('file management', () => {
  test.afterEach(async ({ page }) => {
    const made = await fileApi(page, 'GET', `/project/file/list?pageSize=100&fileName=${RUN}`);
    for (const file of made.rows ?? []) await fileApi(page, 'DELETE', `/project/file/${file.fileId}`);
  });

  test('uploads a file of each type, refuses a wrong one and audits one', async ({ page }) => {
    await signIn(page);
    await page.goto('/project/file');
    const files = screen(page, '/project/file');
    await files.getByRole('button', { name: '上传', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '上传文件' });
    const input = dialog.locator('input[type="file"]');

    const uploads: [string, string, string, Buffer][] = [
      ['图片', `plan-${RUN}.png`, 'image/png', PNG],
      ['文档', `contract-${RUN}.pdf`, 'application/pdf', PDF],
      ['媒体', `music-${RUN}.mp3`, 'audio/mpeg', MP3],
    ];
    for (const [type, name, mimeType, buffer] of uploads) {
      await chooseType(page, dialog, type);
      await input.setInputFiles({ name, mimeType, buffer });
      await expect(toast(page, '已上传').first()).toBeVisible();
      await expect(files.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    }

    // a GIF that calls itself .png: refused by its content, nothing listed
    await chooseType(page, dialog, '图片');
    await input.setInputFiles({ name: `liar-${RUN}.png`, mimeType: 'image/png', buffer: GIF });
    await expect(toast(page, '文件扩展名 .png 与文件内容（gif）不符')).toBeVisible();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
    await expect(files.getByRole('row', { name: new RegExp(`liar-${RUN}`) })).toHaveCount(0);

    // the uploaded picture is served from the file server
    const link = files.getByRole('link', { name: `plan-${RUN}.png` });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/prod-api\/files\/upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await page.request.get(href ?? '');
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

    // audit: no pass needs a reason, then it shows
    await files.getByRole('button', { name: `审核 contract-${RUN}.pdf`, exact: true }).click();
    const audit = page.getByRole('dialog', { name: new RegExp('审核文件') });
    await audit.getByLabel('不通过').check();
    await audit.getByLabel('审核意见').fill('缺少盖章页');
    await audit.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '审核成功')).toBeVisible();
    await expect(files.getByRole('row', { name: new RegExp(`contract-${RUN}`) })).toContainText('不通过');
  });
});
