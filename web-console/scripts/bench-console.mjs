#!/usr/bin/env node
// Console benchmark: the JavaScript the sign-in and home pages load (gzipped) and the time
// from submitting the sign-in form to the home page. Needs a running `lumiscape` with the
// console, the captcha switched off and the demo user admin / admin123:
//
//   LUMISCAPE_BENCH_URL=http://127.0.0.1:8080 node web-console/scripts/bench-console.mjs
//
// The last line is `console: signin <N> KB gz, home <M> KB gz, signin->home <T> ms`
// (KB of 1024 bytes, the time the median of 7 runs, each in a fresh browser context).
/* global window, document, location, MutationObserver, requestAnimationFrame -- inside page.evaluate (the browser) */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BASE_URL = (process.env.LUMISCAPE_BENCH_URL ?? '').replace(/\/+$/, '');
const RUNS = Number(process.env.LUMISCAPE_BENCH_RUNS ?? 7);
const USER = { username: 'admin', password: 'admin123' };
const TIMEOUT_MS = 60_000;

if (!BASE_URL) {
  console.error('LUMISCAPE_BENCH_URL is not set (the address of a running lumiscape)');
  process.exit(2);
}

/** Gzipped size of every script response, by URL, as it arrives. */
function recordScripts(page) {
  const sizes = new Map();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const url = response.url();
    if (sizes.has(url)) return;
    sizes.set(url, 0);
    pending.push(
      response.body().then(
        (body) => sizes.set(url, gzipSync(body).length),
        () => sizes.delete(url),
      ),
    );
  });
  return {
    /** Total gzipped bytes of the scripts seen so far (bodies read in full). */
    async total() {
      await Promise.all(pending);
      let bytes = 0;
      for (const size of sizes.values()) bytes += size;
      return bytes;
    },
  };
}

/** The home page is on screen: /index with the main layout (sidebar) and its content. */
async function homeRendered(page) {
  await page.waitForURL(/\/index(\?|$)/, { timeout: TIMEOUT_MS });
  await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await page.locator('main h2').first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}

async function run(browser) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page);
    // Sign in towards the home page (the first route could be another page).
    await page.goto(`${BASE_URL}/login?redirect=%2Findex`, { waitUntil: 'networkidle', timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: '登录', exact: true }).waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const signinBytes = await scripts.total();

    await page.getByLabel('账号').fill(USER.username);
    await page.getByLabel('密码').fill(USER.password);
    // Timed in the page: from the form's submit event to the first frame showing the home
    // page (the browser's clock, without the automation's polling).
    await page.evaluate(() => {
      const marks = { submitted: 0, home: 0 };
      window.__bench = marks;
      document.addEventListener('submit', () => (marks.submitted = performance.now()), { capture: true, once: true });
      const onScreen = () =>
        /\/index$/.test(location.pathname) &&
        document.querySelector('nav[aria-label]') !== null &&
        document.querySelector('main h2') !== null;
      const observer = new MutationObserver(() => {
        if (marks.home || !marks.submitted || !onScreen()) return;
        observer.disconnect();
        requestAnimationFrame(() => (marks.home = performance.now()));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await homeRendered(page);
    await page.waitForFunction(() => window.__bench.home > 0, null, { timeout: TIMEOUT_MS });
    const elapsed = await page.evaluate(() => window.__bench.home - window.__bench.submitted);
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS }).catch(() => undefined);
    const homeBytes = await scripts.total();
    return { signinBytes, homeBytes, elapsed };
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const browser = await chromium.launch({
  executablePath: process.env.LUMISCAPE_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const results = [];
  for (let index = 0; index < RUNS; index += 1) {
    const result = await run(browser);
    results.push(result);
    console.error(
      `run ${index + 1}/${RUNS}: signin ${result.signinBytes} B gz, home ${result.homeBytes} B gz, ${Math.round(result.elapsed)} ms`,
    );
  }
  const kb = (bytes) => Math.round(bytes / 1024);
  const signin = kb(median(results.map((result) => result.signinBytes)));
  const home = kb(median(results.map((result) => result.homeBytes)));
  const elapsed = Math.round(median(results.map((result) => result.elapsed)));
  console.log(`console: signin ${signin} KB gz, home ${home} KB gz, signin->home ${elapsed} ms`);
} finally {
  await browser.close();
}
