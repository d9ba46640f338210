import { expect, test, type Page } from '@playwright/test';
import { PNG, chooseProject, sessionToken, signIn, toast } from './helpers';

// The device map (issue 11, "Map") against the real server, with no internet: the tiles come
// from a local fixture. The config entry map.style is set, through the config API, to a tile
// template on a host that only this test answers (every other request off this machine is
// refused and recorded), and put back afterwards. The map opens at the demo project's
// location with its five cabinets; choosing a cabinet and clicking the map moves it there;
// zooming asks the server for the new viewport.

const TILE_HOST = 'https://tiles.lumiscape-e2e.test';
const TILE_TEMPLATE = `${TILE_HOST}/{z}/{x}/{y}.png?key={key}`;
const CABINET = '滨江配电柜5';

interface Envelope {
  code: number;
  msg?: string;
  rows?: Record<string, unknown>[];
  data?: unknown;
}

/** Calls the API as the console does, with the page's session and the demo's first project. */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Envelope> {
  const response = await page.request.fetch(`/prod-api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await sessionToken(page)}`, ProjectId: '1', 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

/** The config entry's row (for its id and value). */
async function configRow(page: Page, key: string): Promise<Record<string, unknown>> {
  const list = await api(page, 'GET', `/system/config/list?configKey=${encodeURIComponent(key)}&pageNum=1&pageSize=10`);
  const row = list.rows?.find((entry) => entry.configKey === key);
  expect(row, key).toBeTruthy();
  return row ?? {};
}

async function setConfig(page: Page, row: Record<string, unknown>, value: string): Promise<void> {
  const answer = await api(page, 'PUT', '/system/config', { ...row, configValue: value });
  expect(answer.code, answer.msg).toBe(200);
}

interface Marker {
  deviceId: number;
  deviceName: string;
  longitude: number;
  latitude: number;
}

async function located(page: Page): Promise<Marker[]> {
  const answer = await api(page, 'GET', '/device/device/locationDevice/list');
  return (answer.data as { markers?: Marker[] } | undefined)?.markers ?? [];
}

test('the device map works offline: fixture tiles, the project and its devices, placing one, refetching on zoom', async ({ page }) => {
  // Off this machine, only the fixture's tile host answers.
  const outside: string[] = [];
  const tiles: string[] = [];
  await page.context().route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  await page.context().route(`${TILE_HOST}/**`, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });

  await signIn(page);
  const style = await configRow(page, 'map.style');
  const before = (await located(page)).find((marker) => marker.deviceName === CABINET);
  expect(before, `${CABINET} is placed by the demo seed`).toBeTruthy();
  await setConfig(page, style, TILE_TEMPLATE);
  try {
    // every identity replica's cache follows the edit within a second
    await expect.poll(async () => (await api(page, 'GET', '/system/config/configKey/map.style')).msg).toBe(TILE_TEMPLATE);
    // the console reads the config values again after a reload
    await page.reload();
    await chooseProject(page);
    await page.goto('/device/map');
    const map = page.getByTestId('device-map');

    // the tiles are the fixture's, the key put in their template (none is set: empty)
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((url) => url.startsWith(`${TILE_HOST}/`) && url.endsWith('.png?key='))).toBe(true);
    // the project's marker and its five cabinets
    await expect(map.locator('.leaflet-marker-icon[title="滨江景观照明示范项目"]')).toBeVisible();
    await expect(map.locator('.device-map-marker')).toHaveCount(5);
    await expect(map.locator(`.leaflet-marker-icon[title^="${CABINET}（SIM-00005，"]`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '视野内 5 台设备' })).toBeVisible();

    // zooming out (from the project's map level, 15) asks for the new viewport once the map has rested
    const zoomed = page.waitForRequest((request) => request.url().includes('/device/device/locationDevice/list') && /zoom=14\b/.test(request.url()));
    await map.getByRole('button', { name: 'Zoom out' }).click();
    await zoomed;

    // choose a cabinet and click the map: it is placed there
    await page.getByRole('combobox', { name: '选择要放置的网关' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${CABINET} (SIM-00005)`, { exact: true }).click();
    await expect(page.getByText(`在地图上点击放置「${CABINET}」`)).toBeVisible();
    const box = await map.boundingBox();
    expect(box).toBeTruthy();
    await map.click({ position: { x: Math.round((box?.width ?? 400) * 0.2), y: Math.round((box?.height ?? 400) * 0.8) } });
    await expect(toast(page, `「${CABINET}」已放置`)).toBeVisible();
    const after = (await located(page)).find((marker) => marker.deviceName === CABINET);
    expect(after).toBeTruthy();
    // south-west of the centre, where it was clicked
    expect(after?.longitude).toBeLessThan(120.2108);
    expect(after?.latitude).toBeLessThan(30.2084);
    await expect(map.locator('.device-map-marker')).toHaveCount(5);
    expect(outside, 'nothing was asked of the internet').toEqual([]);
  } finally {
    await setConfig(page, style, typeof style.configValue === 'string' ? style.configValue : '');
    if (before) {
      await api(page, 'POST', '/device/device/location', {
        deviceType: 'gateway',
        deviceId: before.deviceId,
        longitude: before.longitude,
        latitude: before.latitude,
      });
    }
  }
});
