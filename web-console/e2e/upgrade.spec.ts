import { expect, test, type Locator, type Page } from '@playwright/test';
import { breadcrumb, callApi, chooseMatching, chooseProject, recordsOf, required, screen, sidebar, signIn, toast } from './helpers';

// Gateway firmware and its upgrade (contract: POST /lighting/version, POST /lighting/upgrade,
// GET /lighting/upgrade/list and /gateways) against the real server and the simulated fleet, as
// admin in the demo project (its gateways SIM-00001..5 are seeded as type LSG-100 and run the
// simulator's 2.4.1-sim). 照明控制 > 网关版本: a file that is not a .bin is refused in the dialog
// and nothing is sent; a .bin of 64 KiB (bytes of no known format, not text) is uploaded as
// version 2.5.0 for LSG-100 and listed with its size in KB. 照明控制 > 网关升级: a campaign for
// the whole project with that firmware, two at a time; its progress bar on the campaigns tab
// climbs through the waves to 100 and it ends 已完成 with 5 successes; the gateways tab then shows the five demo
// gateways upgraded (成功) and running 2.5.0. A firmware 2.5.0 of LSG-100 left by an earlier run
// on the same stack is removed first (its unfinished campaigns cancelled), through the API.
// Afterwards the demo gateways run 2.5.0, which the specs after this one do not mind.

const RUN = Date.now().toString(36);
/** The demo project, which the simulated gateways SIM-00001..5 belong to. */
const PROJECT = 1;
const VERSION = '2.5.0';
const GATEWAY_TYPE = 'LSG-100';
const NOTES = `E2E upgrade ${RUN}`;
/** The demo gateways (all of the demo project's, type LSG-100). */
const DEMO_GATEWAYS = ['SIM-00001', 'SIM-00002', 'SIM-00003', 'SIM-00004', 'SIM-00005'];
/**
 * Two at a time: the five go in three waves (2, 2, 1), so the bar, which shows the share of the
 * gateways finished, has steps to climb (40, 80, 100); five at once finish together and it
 * jumps from 0 to 100.
 */
const CONCURRENCY = 2;
const VERSION_PATH = '/lighting/version';
const UPGRADE_PATH = '/lighting/upgrade';

/**
 * A firmware image of `size` bytes: 0x7f 0x00 then bytes of a simple generator, so of no format
 * a sniffer knows (the server refuses pictures, archives, documents and text renamed .bin).
 */
function firmwareImage(size: number): Buffer {
  const image = Buffer.alloc(size);
  let seed = 0x2545f491;
  for (let at = 0; at < size; at++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    image[at] = seed >>> 24;
  }
  image[0] = 0x7f;
  image[1] = 0x00;
  return image;
}
const IMAGE_BYTES = 64 * 1024;
const IMAGE = firmwareImage(IMAGE_BYTES);

interface Firmware {
  firmwareId: number;
  version: string;
  gatewayType: string;
}

interface Campaign {
  campaignId: number;
  firmwareId: number;
  version: string;
  gatewayType: string;
  state: string;
  total: number;
  success: number;
  failed: number;
  progress: number;
}

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** Removes a firmware VERSION of GATEWAY_TYPE an earlier run left, cancelling its unfinished campaigns first, through the API. */
async function removeEarlierFirmware(page: Page): Promise<void> {
  const firmwares = await callApi<Firmware>(
    page, 'GET', `/lighting/version/list?pageNum=1&pageSize=100&version=${encodeURIComponent(VERSION)}&gatewayType=${encodeURIComponent(GATEWAY_TYPE)}`,
    { project: PROJECT },
  );
  expect(firmwares.code, firmwares.msg).toBe(200);
  const ids = (firmwares.rows ?? []).filter((row) => row.version === VERSION && row.gatewayType === GATEWAY_TYPE).map((row) => row.firmwareId);
  if (ids.length === 0) return;
  const campaigns = await callApi<Campaign>(page, 'GET', '/lighting/upgrade/list?pageNum=1&pageSize=100', { project: PROJECT });
  for (const campaign of (campaigns.rows ?? []).filter((row) => ids.includes(row.firmwareId) && ['running', 'paused', 'stopped'].includes(row.state))) {
    const cancelled = await callApi(page, 'PUT', `/lighting/upgrade/${campaign.campaignId}/cancel`, { project: PROJECT });
    expect(cancelled.code, cancelled.msg).toBe(200);
  }
  const removed = await callApi(page, 'DELETE', `/lighting/version/${ids.join(',')}`, { project: PROJECT });
  expect(removed.code, removed.msg).toBe(200);
}

/** The progress bar's value (aria-valuenow), 0 to 100. */
async function valueOf(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute('aria-valuenow'));
}

test('gateway upgrade: a .bin uploaded to the library, sent to the whole demo project, every gateway upgraded', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await chooseProject(page);
  await removeEarlierFirmware(page);

  // ---- 1. 照明控制 > 网关版本: the upload dialog ----
  await openMenu(page, '照明控制', '网关版本');
  await expect(page).toHaveURL(new RegExp(`${VERSION_PATH}$`));
  await expect(breadcrumb(page)).toContainText('网关版本');
  const versions = screen(page, VERSION_PATH);
  await expect(versions.locator('.ant-table')).toBeVisible();

  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/prod-api${VERSION_PATH}`) uploads.push(request.url());
  });

  await versions.getByRole('button', { name: '上传', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '上传固件' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: required('版本号') }).fill(VERSION);
  await dialog.getByRole('textbox', { name: required('网关类型') }).fill(GATEWAY_TYPE);
  await dialog.getByRole('textbox', { name: required('说明') }).fill(NOTES);
  const input = dialog.locator('input[type="file"]');

  // a file that is not a .bin: refused in the dialog, before anything is sent
  await input.setInputFiles({ name: `notes-${RUN}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not a firmware\n') });
  // the field's error (its hint below says the same and more: '只能上传 bin 格式的固件，大小不超过 500 KB')
  const refusal = dialog.locator('.ant-form-item-explain-error').getByText('只能上传 bin 格式的固件', { exact: true });
  await expect(refusal).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(refusal).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(uploads, 'nothing sent for a file that is not a .bin').toEqual([]);

  // the .bin: sent with its version, type and notes, then listed
  const fileName = `lsg100-${VERSION}-${RUN}.bin`;
  await input.setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: IMAGE });
  await expect(refusal).toBeHidden();
  await expect(dialog.getByText(fileName)).toBeVisible();
  const uploaded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/prod-api${VERSION_PATH}`,
  );
  await dialog.getByRole('button', { name: '确定' }).click();
  const answer = (await (await uploaded).json()) as { code: number; msg?: string; data?: { firmwareId?: number } };
  expect(answer.code, answer.msg).toBe(200);
  const firmwareId = Number(answer.data?.firmwareId);
  expect(firmwareId).toBeGreaterThan(0);
  expect(uploads).toHaveLength(1);
  await expect(toast(page, '上传成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const firmwareRow = versions.getByRole('row').filter({ hasText: fileName });
  await expect(firmwareRow).toBeVisible();
  const listed = (await recordsOf(versions)).find((record) => record['文件名'] === fileName);
  expect(listed, 'the uploaded firmware is listed').toBeDefined();
  expect(listed).toMatchObject({ 版本号: VERSION, 网关类型: GATEWAY_TYPE, 大小: `${(IMAGE_BYTES / 1024).toFixed(1)} KB`, 说明: NOTES, 上传人: 'admin' });

  // ---- 2. 照明控制 > 网关升级: a campaign for the whole project ----
  // the demo gateways' versions before: an earlier run on this stack left them on VERSION, and
  // the server counts a gateway already on it done at once (its bar then jumps to 100)
  const before = await callApi<{ gatewayNumber: string; version: string }>(page, 'GET', '/lighting/upgrade/gateways?pageNum=1&pageSize=100', {
    project: PROJECT,
  });
  expect(before.code, before.msg).toBe(200);
  const toUpgrade = (before.rows ?? []).filter((row) => DEMO_GATEWAYS.includes(row.gatewayNumber) && row.version !== VERSION);
  await openMenu(page, '照明控制', '网关升级');
  await expect(page).toHaveURL(new RegExp(`${UPGRADE_PATH}$`));
  await expect(breadcrumb(page)).toContainText('网关升级');
  const upgrade = screen(page, UPGRADE_PATH);
  const gatewaysTab = upgrade.getByRole('tabpanel', { name: '网关' });
  await expect(gatewaysTab.getByRole('row', { name: /SIM-00001/ })).toBeVisible();

  await gatewaysTab.getByRole('button', { name: '升级', exact: true }).click();
  const form = page.getByRole('dialog', { name: '新建升级任务' });
  await expect(form).toBeVisible();
  await chooseMatching(page, form, required('固件'), `${VERSION}（${GATEWAY_TYPE}）`, VERSION);
  await form.getByRole('radio', { name: '整个项目' }).check();
  await expect(form.getByRole('radio', { name: '整个项目' })).toBeChecked();
  await form.getByRole('spinbutton', { name: required('并发数') }).fill(String(CONCURRENCY));
  const started = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/prod-api${UPGRADE_PATH}`,
  );
  await form.getByRole('button', { name: '确定' }).click();
  const startedResponse = await started;
  expect(startedResponse.request().postDataJSON()).toMatchObject({ firmwareId, scope: 'project', concurrency: CONCURRENCY });
  const campaign = (await startedResponse.json()) as { code: number; msg?: string; data?: { campaignId?: number; total?: number } };
  expect(campaign.code, campaign.msg).toBe(200);
  const campaignId = Number(campaign.data?.campaignId);
  expect(campaignId).toBeGreaterThan(0);
  expect(campaign.data?.total, 'the demo project\'s five gateways').toBe(DEMO_GATEWAYS.length);
  await expect(toast(page, '升级任务已创建').first()).toBeVisible();
  await expect(form).toBeHidden();

  // ---- 3. the campaigns tab (shown once started): its progress bar climbs to 100 ----
  await expect(upgrade.getByRole('tab', { name: '升级任务' })).toHaveAttribute('aria-selected', 'true');
  const campaigns = upgrade.getByTestId('campaign-table');
  const bar = campaigns.getByTestId(`campaign-progress-${campaignId}`);
  await expect(bar).toBeVisible();
  const seen: number[] = [await valueOf(bar)];
  await expect
    .poll(
      async () => {
        const value = await valueOf(bar);
        if (value !== seen.at(-1)) seen.push(value);
        return value;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(100);
  test.info().annotations.push({ type: 'progress seen', description: seen.join(' → ') });
  // it only ever climbs, and was seen on its way (a wave done, not all) unless the gateways ran VERSION already
  expect(seen, `the progress seen: ${seen.join(', ')}`).toEqual([...seen].sort((a, b) => a - b));
  if (toUpgrade.length === DEMO_GATEWAYS.length) {
    expect(seen.some((value) => value > 0 && value < 100), `the progress seen: ${seen.join(', ')}`).toBe(true);
  }

  // ended: 已完成, the five gateways upgraded, none failed
  const campaignRow = async () => (await recordsOf(campaigns)).find((record) => record['任务编号'] === String(campaignId));
  await expect.poll(async () => (await campaignRow())?.['任务状态'], { timeout: 30_000 }).toBe('已完成');
  expect(await campaignRow()).toMatchObject({ 固件版本: VERSION, 网关类型: GATEWAY_TYPE, 网关数: '5', 成功: '5', 失败: '0' });
  const done = await callApi<Campaign>(page, 'GET', '/lighting/upgrade/list?pageNum=1&pageSize=100', { project: PROJECT });
  expect((done.rows ?? []).find((row) => row.campaignId === campaignId)).toMatchObject({
    state: 'finished', total: 5, success: 5, failed: 0, progress: 100,
  });

  // ---- 4. the gateways tab: the five demo gateways upgraded, running 2.5.0 ----
  await upgrade.getByRole('tab', { name: '网关' }).click();
  await expect(gatewaysTab).toBeVisible();
  await expect(async () => {
    await gatewaysTab.getByRole('button', { name: '刷新' }).click();
    const records = (await recordsOf(gatewaysTab)).filter((record) => DEMO_GATEWAYS.includes(record['网关编号'] ?? ''));
    expect(records.map((record) => record['网关编号']).sort()).toEqual(DEMO_GATEWAYS);
    for (const record of records) {
      expect(record, record['网关编号']).toMatchObject({ 网关类型: GATEWAY_TYPE, 当前版本: VERSION, 升级状态: '成功', 目标版本: VERSION });
    }
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
});
