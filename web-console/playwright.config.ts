import { defineConfig } from '@playwright/test';

// The console is served by the real `lumiscape` binary; the runner starts it (with the
// captcha switched off) and points us at it through LUMISCAPE_E2E_URL.
const baseURL = process.env.LUMISCAPE_E2E_URL ?? 'http://127.0.0.1:8080';
// A second stack of its own (scripts/test, e2e_stack) for the 'quiet' project.
const quietURL = process.env.LUMISCAPE_E2E_QUIET_URL ?? baseURL;

// Three projects side by side, one worker each: the specs in order as ever ('console'); the
// language walk ('quiet', e2e/language.spec.ts), which must meet the demo as seeded and no other
// spec's data, on a stack of its own; and the big screen's ten-minute heap test ('heap',
// e2e/screen.spec.ts), which only waits, on that stack too. After the other specs they would
// add sixteen minutes to the run; beside them, they add none.
export default defineConfig({
  testDir: './e2e',
  workers: 3,
  projects: [
    { name: 'console', grepInvert: /@quiet/, workers: 1 },
    { name: 'quiet', grep: /@quiet/, grepInvert: /@heap/, workers: 1, use: { baseURL: quietURL } },
    { name: 'heap', grep: /@heap/, workers: 1, use: { baseURL: quietURL } },
  ],
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    // The specs watch the console as a viewer who asked for less motion (it then has no antd
    // animations: app/theme.ts): a click is never made on a menu or dialog still sliding in,
    // and two browsers animate nothing for nobody on CI's two cores. The big screen's render
    // test sees the motion (e2e/screen.spec.ts).
    reducedMotion: 'reduce',
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
