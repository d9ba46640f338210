import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { callApi, choose, errorToasts, GUEST, screen, signIn, toast } from './helpers';

// The monitoring screens against the real server: a job made on the console fires exactly once
// per firing while two processes run schedulers, its runs in the job log; a wrong password in
// the login log, its account unlocked from there; an edit in the operation log, with its detail.

// The two-process test comes last: a replica that stops may hold pulled log events until
// their ack wait runs out (30 s), which the log tests would wait for.

// One run's names: reruns against the same server do not meet the last run's data.
const RUN = Date.now().toString(36).slice(-5);

/** A TCP port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A second process of the binary, its output kept for the report when something fails. */
interface Replica {
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts `lumiscape run --target identity` beside the stack the runner started (same database,
 * NATS and signing key, from the environment it gave us), on gRPC and health ports of its own:
 * a second job scheduler. Resolves once its /readyz answers.
 */
async function startIdentityReplica(binary: string): Promise<Replica> {
  const [grpcPort, httpPort] = [await freePort(), await freePort()];
  const child = spawn(binary, ['run', '--target', 'identity'], {
    env: {
      ...process.env,
      LUMISCAPE_GRPC__IDENTITY_LISTEN: `127.0.0.1:${grpcPort}`,
      // without the edge, health and metrics are served here
      LUMISCAPE_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const replica = { child, output: () => output };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the identity replica exited early (${child.exitCode}):\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${httpPort}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return replica;
    if (Date.now() > deadline) {
      await stopReplica(replica);
      throw new Error(`the identity replica was not ready in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops the replica (SIGTERM, then SIGKILL after 10 s) and waits for it to end. */
async function stopReplica({ child }: Replica): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await ended;
  clearTimeout(timer);
}

/** The texts of one column of an antd table, found by its header, row by row. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `the column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  const cells = table.locator('tbody tr.ant-table-row').locator(`td:nth-child(${index + 1})`);
  return (await cells.allInnerTexts()).map((text) => text.trim());
}

/** Adds a job on the jobs page: the heartbeat handler, `cron`, `running` or paused; waits for its next fire times. */
async function addJob(page: Page, name: string, cron: string, running: boolean): Promise<Locator> {
  await page.goto('/system/job');
  const jobs = screen(page, '/system/job');
  await jobs.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '添加任务' });
  await dialog.getByLabel('任务名称').fill(name);
  await choose(page, dialog, '调用目标', '心跳（不做任何事）');
  await dialog.getByLabel('执行表达式', { exact: true }).fill(cron);
  // the server read the expression: its next five fire times under the field
  await expect(dialog.getByRole('region', { name: '最近 5 次执行时间' }).getByRole('listitem')).toHaveCount(5);
  await dialog.getByRole('radio', { name: running ? '正常' : '暂停', exact: true }).check();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = jobs.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('switch', { name: `状态 ${name}` })).toBeChecked({ checked: running });
  // the dictionaries the server has none of (job groups and statuses) and the handlers: no error
  await expect(errorToasts(page)).toHaveCount(0);
  return row;
}

/** Deletes the jobs of that name through the API (what a test made, taken away again). */
async function deleteJobs(page: Page, name: string): Promise<void> {
  const jobs = await callApi<{ jobId: number; jobName: string }>(page, 'GET', `/monitor/job/list?jobName=${encodeURIComponent(name)}`);
  for (const job of (jobs.rows ?? []).filter((row) => row.jobName === name)) await callApi(page, 'DELETE', `/monitor/job/${job.jobId}`);
}

/** A fresh browser context, as the config's `use` describes it (its own cookies). */
async function freshPage(browser: Browser): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  return context.newPage();
}

test('a wrong password shows in the login log with its result; the account is unlocked from there', async ({ page, browser }) => {
  await signIn(page);
  // the demo guest, with a wrong password, in a browser of its own
  const visitor = await freshPage(browser);
  try {
    await visitor.goto('/login');
    await visitor.getByLabel('账号').fill(GUEST.username);
    await visitor.getByLabel('密码').fill(`wrong-${RUN}`);
    // the answer, before the browser goes (a request cut short may never be recorded)
    const answered = visitor.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/login'));
    await visitor.getByRole('button', { name: '登录', exact: true }).click();
    expect(((await (await answered).json()) as { code: number }).code).not.toBe(200);
    await expect(visitor).toHaveURL(/\/login/);
  } finally {
    await visitor.context().close();
  }

  await page.goto('/system/logininfor');
  const logins = screen(page, '/system/logininfor');
  await logins.getByLabel('用户名称', { exact: true }).fill(GUEST.username);
  await choose(page, logins, '登录状态', '失败');
  const table = logins.locator('.ant-table');
  // the entry is stored in the background: search until it is there
  await expect(async () => {
    await logins.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
    expect(await columnTexts(table, '用户名称')).toContain(GUEST.username);
  }).toPass({ timeout: 45_000 });
  const newest = table.locator('tbody tr.ant-table-row').first();
  await expect(newest).toContainText(GUEST.username);
  await expect(newest).toContainText('失败');
  await expect(errorToasts(page)).toHaveCount(0);
  expect((await columnTexts(table, '提示信息'))[0]).not.toBe('');

  // the guest's wrong password counts towards a lock: unlocked from the selected row
  const unlock = logins.getByRole('button', { name: '解锁', exact: true });
  await expect(unlock).toBeDisabled();
  await newest.getByRole('checkbox').check();
  await unlock.click();
  const confirm = page.getByRole('dialog', { name: '系统提示' });
  await expect(confirm).toContainText(`确认要解锁用户“${GUEST.username}”吗？`);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, `用户“${GUEST.username}”解锁成功`)).toBeVisible();
});

test('the operation log shows an edit and its detail', async ({ page }) => {
  await signIn(page);
  const name = `端到端巡检${RUN}`;
  const remark = `端到端备注${RUN}`;
  try {
    const row = await addJob(page, name, '0 0 3 * * ?', false);
    // the newest record before the edit: the edit's comes after it
    const before = await callApi<{ operId: number }>(page, 'GET', '/monitor/operlog/list?pageNum=1&pageSize=1');
    const lastBefore = before.rows?.[0]?.operId ?? 0;
    // an edit: a paused job's remark

    await row.getByRole('button', { name: `修改 ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: '修改任务' });
    await expect(dialog.getByLabel('任务名称')).toHaveValue(name);
    await dialog.getByLabel('备注').fill(remark);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/system/operlog');
    const operations = screen(page, '/system/operlog');
    await choose(page, operations, '系统模块', '系统监控');
    await choose(page, operations, '操作类型', '修改');
    await operations.getByLabel('操作人员', { exact: true }).fill('admin');
    const table = operations.locator('.ant-table');
    // PUT /monitor/job, not /monitor/job/changeStatus
    const edit = table
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.locator('td', { hasText: /\/monitor\/job$/ }) })
      .first();
    // the record is stored in the background: search until it is there
    await expect(async () => {
      await operations.getByRole('button', { name: '搜索', exact: true }).click();
      await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
      const operId = Number((await edit.locator('td').nth(1).innerText({ timeout: 1_000 })).trim());
      expect(operId).toBeGreaterThan(lastBefore);
    }).toPass({ timeout: 45_000 });
    await expect(edit).toContainText('系统监控');
    await expect(edit).toContainText('修改');
    await expect(edit).toContainText('成功');
    await expect(errorToasts(page)).toHaveCount(0);

    await edit.getByRole('button', { name: /^详细 日志 \d+$/ }).click();
    const drawer = page.getByRole('dialog', { name: '操作日志详细' });
    await expect(drawer).toContainText('系统监控 / 修改');
    await expect(drawer).toContainText(/PUT \S*\/monitor\/job/);
    await expect(drawer).toContainText('admin');
    const parameters = drawer.getByLabel('请求参数');
    await expect(parameters).toContainText(remark);
    await expect(parameters).toContainText(name);
    await expect(drawer.getByLabel('返回参数')).toContainText('"code":200');
    await expect(drawer).toContainText(/\d+ 毫秒/);
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toBeHidden();
  } finally {
    await deleteJobs(page, name).catch(() => undefined);
  }
});

test('a job fires exactly once with two processes', async ({ page }) => {
  const binary = process.env.LUMISCAPE_E2E_BIN;
  test.skip(!binary, 'LUMISCAPE_E2E_BIN names the binary (scripts/test e2e sets it)');
  test.setTimeout(120_000);
  const name = `端到端心跳${RUN}`;
  const replica = await startIdentityReplica(binary ?? '');
  try {
    await signIn(page);
    // every second, on its schedule from the start
    const row = await addJob(page, name, '* * * * * ?', true);
    // two schedulers see it due every second for a while
    await page.waitForTimeout(7_000);
    expect(replica.child.exitCode, 'the second process still runs').toBeNull();

    const toggle = row.getByRole('switch', { name: `状态 ${name}` });
    await toggle.click();
    const confirm = page.getByRole('dialog', { name: '系统提示' });
    await expect(confirm).toContainText(`确认要暂停任务“${name}”吗？`);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '暂停成功')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // the job's runs, from its row
    await row.getByRole('button', { name: `调度日志 ${name}` }).click();
    await page.waitForURL(/\/system\/jobLog\?jobId=\d+$/);
    const jobId = Number(new URL(page.url()).searchParams.get('jobId'));
    const log = screen(page, '/system/jobLog');
    await expect(log.getByText(`正在查看任务“${name}”的调度日志`)).toBeVisible();
    const table = log.locator('.ant-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);

    const fireTimes = await columnTexts(table, '触发时间');
    // about seven firings in seven seconds; a loaded machine may lose one or two
    expect(fireTimes.length, `fire times ${fireTimes.join(', ')}`).toBeGreaterThanOrEqual(4);
    // one row per firing, whichever process ran it
    expect(new Set(fireTimes).size, `fire times ${fireTimes.join(', ')}`).toBe(fireTimes.length);
    for (const time of fireTimes) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await columnTexts(table, '任务名称')).toEqual(fireTimes.map(() => name));
    expect(await columnTexts(table, '执行状态')).not.toContain('失败');
    await expect(errorToasts(page)).toHaveCount(0);
    // the whole log of the job agrees: no firing twice, none beyond the page shown
    await expect(log.getByRole('navigation', { name: '分页' })).toContainText(`共 ${fireTimes.length} 条`);
    const answer = await callApi<{ fireTime: string }>(page, 'GET', `/monitor/jobLog/list?jobId=${jobId}&pageNum=1&pageSize=100`);
    const stored = (answer.rows ?? []).map((entry) => entry.fireTime);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.sort()).toEqual([...fireTimes].sort());
  } catch (error) {
    test.info().annotations.push({ type: 'identity replica output', description: replica.output() });
    throw error;
  } finally {
    await stopReplica(replica);
    await deleteJobs(page, name).catch(() => undefined);
  }
});
