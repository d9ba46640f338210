import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi, chooseProject, dialogOpened, screen, sidebar, signIn, toast } from './helpers';

// Maintenance (spec: "maintenance": company, contract, plan; finished, unfinished; contract
// dates not past or empty; contract docs/maintenance-api.md) against the real server, as admin
// in the demo project, on the one menu page 运维管理 / 维保管理 and its three tabs: a company
// is added, then a contract of it from today to 20 days ahead, which shows near its end (the
// last 30 days) with its days left; a contract whose end is before its start is refused by the
// dialog first. A plan under the contract two days ahead is added and finished with its result,
// and is then listed under the finished tab. What can be deleted is removed afterwards: the
// finished plan is kept by the server, and so its contract and the company stay (the names are
// this run's own).

const RUN = Date.now().toString(36).slice(-5);
const COMPANY = `端到端维保单位${RUN}`;
const NUMBER = `E2E-${RUN}`;
const CONTRACT = `端到端维保合同${RUN}`;
const PLAN = `端到端维保计划${RUN}`;
const RESULT = `已更换灯具${RUN}`;
/** The demo project. */
const PROJECT = 1;

/** A day `offset` days from today, as YYYY-MM-DD (the browser and the server share this machine's time zone). */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Opens `item` of the sidebar's `group`, opening the group first when it is closed. */
async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const entry = sidebar(page).getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await sidebar(page).getByRole('menuitem', { name: group }).click();
  await entry.click();
}

/** Opens a tab of the maintenance page; answers its panel. */
async function openTab(maintenance: Locator, name: string): Promise<Locator> {
  await maintenance.getByRole('tab', { name, exact: true }).click();
  const panel = maintenance.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Picks the option whose title matches `option` in the Select labelled `label` inside `scope`, typing `search` first. */
async function chooseMatching(page: Page, scope: Locator, label: string, option: RegExp, search?: string): Promise<void> {
  // the options arrive after the dialog opens and the dropdown may redraw under the click:
  // pick again until the choice is made
  await expect(async () => {
    const field = scope.getByLabel(label, { exact: true });
    await field.click({ force: true });
    if (search !== undefined) await field.fill(search);
    await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Types a day into the date picker labelled `label` inside `dialog`. */
async function pickDay(dialog: Locator, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/**
 * Removes what this run added and the server lets go: its unfinished plans, then its contract
 * once no plan names it, then its company once no contract does. A finished plan is kept, and
 * with it the contract and the company (the server refuses those deletes, all or none).
 */
async function cleanUp(page: Page): Promise<void> {
  const list = <Row>(path: string) => callApi<Row>(page, 'GET', path, { project: PROJECT });
  const remove = (path: string) => callApi(page, 'DELETE', path, { project: PROJECT });
  const plans = await list<{ planId: number; planName: string; status: string }>(`/operation/maintenance/plan/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent(PLAN)}`);
  const open = (plans.rows ?? []).filter((row) => row.planName === PLAN && row.status === '0').map((row) => row.planId);
  if (open.length > 0) await remove(`/operation/maintenance/plan/${open.join(',')}`);
  const contracts = await list<{ contractId: number; contractNumber: string }>(`/operation/maintenance/contract/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent(NUMBER)}`);
  for (const contract of (contracts.rows ?? []).filter((row) => row.contractNumber === NUMBER)) {
    const left = await list(`/operation/maintenance/plan/list?pageNum=1&pageSize=1&contractId=${contract.contractId}`);
    if ((left.total ?? 0) === 0) await remove(`/operation/maintenance/contract/${contract.contractId}`);
  }
  const companies = await list<{ companyId: number; companyName: string; contractCount: number }>(`/operation/maintenance/company/list?pageNum=1&pageSize=100&keyword=${encodeURIComponent(COMPANY)}`);
  for (const company of (companies.rows ?? []).filter((row) => row.companyName === COMPANY && row.contractCount === 0)) {
    await remove(`/operation/maintenance/company/${company.companyId}`);
  }
}

test('a company, its contract near its end and a plan under it, finished with its result on the maintenance page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await chooseProject(page);
  try {
    await openMenu(page, '运维管理', '维保管理');
    await expect(page).toHaveURL(/\/operation\/maintenance$/);
    const maintenance = screen(page, '/operation/maintenance');
    // the plans tab is the first one shown
    await expect(maintenance.getByRole('tab', { name: '维保计划', exact: true })).toHaveAttribute('aria-selected', 'true');

    // ---- a company ----
    const companies = await openTab(maintenance, '维保单位');
    await companies.getByRole('button', { name: '新增', exact: true }).click();
    const company = page.getByRole('dialog', { name: '新增维保单位' });
    await dialogOpened(company);
    await company.getByLabel('单位名称').fill(COMPANY);
    await company.getByLabel('联系人').fill('赵工');
    // a phone given is a mobile number
    await company.getByLabel('联系电话').fill('12800138000');
    await expect(company.getByText('联系电话须为 11 位手机号码：以 1 开头，第二位为 3 到 9')).toBeVisible();
    await company.getByLabel('联系电话').fill('13912345678');
    await company.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(company).toBeHidden();
    const companyRow = companies.getByRole('row').filter({ hasText: COMPANY });
    for (const text of ['赵工', '13912345678']) await expect(companyRow).toContainText(text);

    // ---- a contract: one ending before it starts is refused, then today to 20 days ahead ----
    const contracts = await openTab(maintenance, '维保合同');
    await contracts.getByRole('button', { name: '新增', exact: true }).click();
    const contract = page.getByRole('dialog', { name: '新增维保合同' });
    await dialogOpened(contract);
    await contract.getByLabel('合同编号').fill(NUMBER);
    await contract.getByLabel('合同名称').fill(CONTRACT);
    await chooseMatching(page, contract, '维保单位', new RegExp(`^${COMPANY}$`), COMPANY);
    await contract.getByLabel('合同金额（元）').fill('52000.5');
    await pickDay(contract, '结束日期', day(5));
    await pickDay(contract, '开始日期', day(6));
    await expect(contract.getByText('开始日期不能晚于结束日期')).toBeVisible();
    await contract.getByRole('button', { name: '确定' }).click();
    await expect(contract.getByText('开始日期不能晚于结束日期')).toBeVisible();
    await expect(contract).toBeVisible();
    await pickDay(contract, '开始日期', day(0));
    await pickDay(contract, '结束日期', day(20));
    await expect(contract.getByText('开始日期不能晚于结束日期')).toBeHidden();
    await contract.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(contract).toBeHidden();
    const contractRow = contracts.getByRole('row').filter({ hasText: NUMBER });
    for (const text of [CONTRACT, COMPANY, day(0), day(20), '52,000.50', '即将到期（剩余 20 天）']) await expect(contractRow).toContainText(text);

    // ---- a plan under it, two days ahead ----
    const plans = await openTab(maintenance, '维保计划');
    await plans.getByRole('button', { name: '新增', exact: true }).click();
    const plan = page.getByRole('dialog', { name: '新增维保计划' });
    await dialogOpened(plan);
    await plan.getByLabel('计划名称').fill(PLAN);
    await chooseMatching(page, plan, '维保合同', new RegExp(`^${NUMBER} `), NUMBER);
    await expect(plan.getByText(`合同期：${day(0)} 至 ${day(20)}`)).toBeVisible();
    await pickDay(plan, '计划日期', day(2));
    await plan.getByLabel('维保内容').fill('步道灯具清洁');
    await plan.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(plan).toBeHidden();
    const planRow = plans.getByRole('row').filter({ hasText: PLAN });
    for (const text of [NUMBER, COMPANY, day(2), '未完成']) await expect(planRow).toContainText(text);

    // ---- finished with its result: an empty one is refused ----
    await planRow.getByRole('button', { name: `完成 ${PLAN}` }).click();
    const finish = page.getByRole('dialog', { name: `完成维保计划：${PLAN}` });
    await dialogOpened(finish);
    await finish.getByRole('button', { name: '确定' }).click();
    await expect(finish.getByText('请填写完成情况')).toBeVisible();
    await finish.getByLabel('完成情况').fill(RESULT);
    await finish.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '完成情况已记录').first()).toBeVisible();
    await expect(finish).toBeHidden();

    // listed under the finished tab, kept as it is: no finish, edit or delete
    await plans.getByRole('tab', { name: /^已完成 \(\d+\)$/ }).click();
    const finished = plans.getByRole('row').filter({ hasText: PLAN });
    await expect(finished).toHaveCount(1);
    for (const text of ['已完成', RESULT, 'admin']) await expect(finished).toContainText(text);
    await expect(finished.getByRole('button')).toHaveCount(0);
    await plans.getByRole('tab', { name: /^未完成 \(\d+\)$/ }).click();
    await expect(plans.getByRole('row').filter({ hasText: PLAN })).toHaveCount(0);
  } finally {
    await cleanUp(page);
  }
});
