import { defineConfig } from '@playwright/test';

// The console is served by the real `lumiscape` binary; the runner starts it (with the
// captcha switched off) and points us at it through LUMISCAPE_E2E_URL.
const baseURL = process.env.LUMISCAPE_E2E_URL ?? 'http://127.0.0.1:8080';

// Two projects side by side, one worker each: the specs in order as ever ('console'), and the
// big screen's ten-minute heap test (tagged @heap, e2e/screen.spec.ts), which only waits and
// so runs beside them instead of adding its ten minutes to the run.
export default defineConfig({
  testDir: './e2e',
  workers: 2,
  projects: [
    { name: 'console', grepInvert: /@heap/, workers: 1 },
    { name: 'heap', grep: /@heap/, workers: 1 },
  ],
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    browserName: 'chromium',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
