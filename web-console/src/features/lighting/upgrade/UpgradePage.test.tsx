import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { campaignTargets, finishedCampaign, ok, pausedCampaign, runningCampaign, stoppedCampaign, upgradeBackend } from '../fixtures';

/** The page's module (and the antd parts it brings) loaded once, outside the tests' waits. */
beforeAll(async () => {
  await import('./UpgradePage');
}, 120_000);

const ROUTE = '/lighting/upgrade';
const CAMPAIGNS = 'GET /lighting/upgrade/list';
const CREATE = 'POST /lighting/upgrade';

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
/** A campaign's row, by its key. */
function campaignRow(campaignId: number): HTMLElement {
  const row = screen.getByTestId('campaign-table').querySelector<HTMLElement>(`tr[data-row-key="${campaignId}"]`);
  if (!row) throw new Error(`no row of campaign ${campaignId}`);
  return row;
}

async function openCampaigns(user: UserEvent, name = '升级任务') {
  await user.click(await screen.findByRole('tab', { name }));
  return within(screen.getByTestId('campaign-table'));
}

describe('the gateway upgrade page', () => {
  it('lists the gateways with their upgrade state and progress, and starts a campaign for the chosen ones', async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend({ [CREATE]: ok({ data: { campaignId: 13, total: 1 } }) });
    const { user } = renderApp({ route: ROUTE });
    const north = await rowOf('GW-0007');
    expect(within(north).getByText('北区网关')).toBeInTheDocument();
    expect(within(north).getAllByText('LS-GW100')).toHaveLength(1);
    expect(within(north).getByText('朗明')).toBeInTheDocument();
    expect(within(north).getByText('1.4.2')).toBeInTheDocument();
    expect(within(north).getByText('在线')).toBeInTheDocument();
    expect(await within(north).findByText('升级中')).toBeInTheDocument();
    const progress = within(north).getByTestId('gateway-progress-7');
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(progress).toHaveAccessibleName('升级进度 北区网关');
    expect(progress.className).toContain('ant-progress-status-active');
    const south = await rowOf('GW-0008');
    expect(within(south).getByText('失败')).toBeInTheDocument();
    expect(within(south).getByTestId('gateway-progress-8').className).toContain('ant-progress-status-exception');

    await user.click(within(north).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '升级' }));
    const dialog = await screen.findByRole('dialog', { name: '新建升级任务' });
    expect(within(dialog).getByRole('radio', { name: '选定网关' })).toBeChecked();
    expect(within(dialog).getByText('北区网关 (GW-0007)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('并发数')).toHaveValue('10');
    expect(within(dialog).getByLabelText('失败阈值（%）')).toHaveValue('20');
    expect(dialog).toHaveTextContent('失败的网关超过该比例时，任务自动停止');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择固件')).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);
    expect(callsTo('GET /lighting/version/list')[0]?.query.get('pageSize')).toBe('500');

    await selectOption(user, dialog, '固件', '1.5.0（LS-GW100）');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('升级任务已创建')).toBeInTheDocument();
    expect(callsTo(CREATE)[0]?.body).toEqual({ firmwareId: 5, scope: 'list', gatewayIds: [7], concurrency: 10, failureThreshold: 20 });
    // on to the campaigns
    await waitFor(() => expect(screen.getByRole('tab', { name: '升级任务' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('starts a campaign for a device group, checks the limits, and shows the server refusing mixed gateway types', async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend({ [CREATE]: { body: { code: 500, msg: '只支持同一种网关类型升级' } } });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('GW-0007');
    // nothing chosen: the whole project at first
    await user.click(screen.getByRole('button', { name: '升级' }));
    const dialog = await screen.findByRole('dialog', { name: '新建升级任务' });
    expect(within(dialog).getByRole('radio', { name: '整个项目' })).toBeChecked();
    await selectOption(user, dialog, '固件', '1.5.0（LS-GW100）');
    await user.click(within(dialog).getByRole('radio', { name: '设备分组' }));
    await user.clear(within(dialog).getByLabelText('并发数'));
    await user.clear(within(dialog).getByLabelText('失败阈值（%）'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择设备分组')).toBeInTheDocument();
    expect(await within(dialog).findByText('并发数为 1 到 200 的整数')).toBeInTheDocument();
    expect(await within(dialog).findByText('失败阈值为 1 到 100 的整数')).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);

    await selectOption(user, dialog, '分组', '北岸亮化');
    await fill(user, within(dialog).getByLabelText('并发数'), '50');
    await fill(user, within(dialog).getByLabelText('失败阈值（%）'), '30');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('只支持同一种网关类型升级')).toBeInTheDocument();
    expect(callsTo(CREATE)[0]?.body).toEqual({ firmwareId: 5, scope: 'group', groupId: 31, concurrency: 50, failureThreshold: 30 });
    expect(screen.getByRole('dialog', { name: '新建升级任务' })).toBeInTheDocument();
  });

  it('lists the campaigns with their state and progress; resumes, pauses and cancels after a confirmation', async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend({
      'PUT /lighting/upgrade/11/resume': ok(),
      'PUT /lighting/upgrade/10/cancel': ok(),
    });
    const { user } = renderApp({ route: ROUTE });
    const table = await openCampaigns(user);
    expect(await table.findByText('已暂停')).toBeInTheDocument();
    expect(table.getByText('已自动停止')).toBeInTheDocument();
    expect(table.getByText('已完成')).toBeInTheDocument();
    const stopped = campaignRow(10);
    expect(within(stopped).getByText('失败率 30% 超过阈值 20%')).toBeInTheDocument();
    expect(within(stopped).getByText('20%')).toBeInTheDocument();
    const progress = screen.getByTestId('campaign-progress-11');
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(progress).toHaveAccessibleName('升级进度 任务 11（1.4.9）');
    // the green part: 3 of 10 upgraded
    expect(progress.querySelector('.ant-progress-success-bg')).toHaveStyle({ width: '30%' });

    // paused: resume and cancel; stopped: resume and cancel; finished: neither
    const paused = campaignRow(11);
    expect(within(paused).queryByRole('button', { name: '暂停 任务 11（1.4.9）' })).not.toBeInTheDocument();
    expect(within(campaignRow(9)).queryByRole('button', { name: /继续|暂停|取消任务/ })).not.toBeInTheDocument();
    expect(within(campaignRow(9)).getByRole('button', { name: '详情 任务 9（1.4.2）' })).toBeInTheDocument();

    await user.click(within(paused).getByRole('button', { name: '继续 任务 11（1.4.9）' }));
    expect(await screen.findByText('已继续')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/upgrade/11/resume')).toHaveLength(1);

    await user.click(within(campaignRow(10)).getByRole('button', { name: '取消任务 任务 10（1.4.8）' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定取消“任务 10（1.4.8）”吗？未完成的网关将不再升级。');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('PUT /lighting/upgrade/10/cancel')).toHaveLength(1));
    expect(callsTo('PUT /lighting/upgrade/10/cancel')[0]?.body).toBeUndefined();
  });

  it('reads the lists again every 2 seconds while a campaign runs, pauses it, and stops reading once none runs', async () => {
    signInWithProject();
    let running = true;
    const { callsTo } = upgradeBackend({
      [CAMPAIGNS]: () => ok({ rows: [running ? runningCampaign : { ...runningCampaign, state: 'paused' }, finishedCampaign], total: 2 }),
      'PUT /lighting/upgrade/12/pause': () => {
        running = false;
        return ok();
      },
    });
    const { user } = renderApp({ route: ROUTE });
    const table = await openCampaigns(user);
    expect(await table.findByText('进行中')).toBeInTheDocument();
    const before = { campaigns: callsTo(CAMPAIGNS).length, gateways: callsTo('GET /lighting/upgrade/gateways').length };
    await waitFor(() => expect(callsTo(CAMPAIGNS).length).toBeGreaterThan(before.campaigns), { timeout: 4000 });
    await waitFor(() => expect(callsTo('GET /lighting/upgrade/gateways').length).toBeGreaterThan(before.gateways), { timeout: 4000 });

    await user.click(within(campaignRow(12)).getByRole('button', { name: '暂停 任务 12（1.5.0）' }));
    expect(await screen.findByText('已暂停', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(await within(campaignRow(12)).findByRole('button', { name: '继续 任务 12（1.5.0）' })).toBeInTheDocument();
    const settled = callsTo(CAMPAIGNS).length;
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(callsTo(CAMPAIGNS)).toHaveLength(settled);
  }, 30_000);

  it("shows a campaign's gateways in a drawer, read again while it runs, filtered by state", async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend({
      [CAMPAIGNS]: ok({ rows: [runningCampaign], total: 1 }),
      'GET /lighting/upgrade/12/targets': (request: MockRequest) =>
        ok({ rows: campaignTargets.filter((target) => (request.query.get('upgradeState') ?? target.upgradeState) === target.upgradeState), total: 2 }),
    });
    const { user } = renderApp({ route: ROUTE });
    await openCampaigns(user);
    await user.click(await within(screen.getByTestId('campaign-table')).findByRole('button', { name: '详情 任务 12（1.5.0）' }));
    const drawer = await screen.findByRole('dialog', { name: '升级详情：任务 12（1.5.0）' });
    const north = (await within(drawer).findByText('GW-0007')).closest('tr') as HTMLElement;
    expect(within(north).getByText('80/200')).toBeInTheDocument();
    expect(within(north).getByText('传输')).toBeInTheDocument();
    expect(within(north).getByTestId('target-progress-7')).toHaveAttribute('aria-valuenow', '40');
    const south = (await within(drawer).findByText('GW-0008')).closest('tr') as HTMLElement;
    expect(within(south).getByText('chunk 20 not acknowledged')).toBeInTheDocument();
    expect(within(south).getByTestId('target-progress-8').className).toContain('ant-progress-status-exception');
    const first = callsTo('GET /lighting/upgrade/12/targets').length;
    await waitFor(() => expect(callsTo('GET /lighting/upgrade/12/targets').length).toBeGreaterThan(first), { timeout: 4000 });

    await selectOption(user, drawer, '升级状态', '失败');
    await user.click(within(drawer).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(within(drawer).queryByText('GW-0007')).not.toBeInTheDocument());
    expect(callsTo('GET /lighting/upgrade/12/targets').at(-1)?.query.get('upgradeState')).toBe('3');
  }, 30_000);

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    upgradeBackend({
      [CAMPAIGNS]: ok({ rows: [pausedCampaign, stoppedCampaign], total: 2 }),
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:upgrade:list', 'pc:lighting:upgrade:query'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('GW-0007');
    expect(screen.queryByRole('button', { name: '升级' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const table = await openCampaigns(user);
    expect(await table.findByRole('button', { name: '详情 任务 11（1.4.9）' })).toBeInTheDocument();
    expect(table.queryByRole('button', { name: /继续|暂停|取消任务/ })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = upgradeBackend({ 'PUT /lighting/upgrade/11/cancel': ok() });
    const { user } = renderApp({ route: ROUTE });
    const north = await rowOf('GW-0007');
    expect(await within(north).findByText('Upgrading')).toBeInTheDocument();
    expect(within(north).getByTestId('gateway-progress-7')).toHaveAccessibleName('Upgrade progress 北区网关');
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'New upgrade campaign' });
    expect(dialog).toHaveTextContent('The campaign stops by itself when more than this share of its gateways fail');
    expect(within(dialog).getByRole('radio', { name: 'Whole project' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const table = await openCampaigns(user, 'Campaigns');
    expect(await table.findByText('Stopped (failure rate)')).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: 'Cancel campaign Campaign 11 (1.4.9)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(confirm).toHaveTextContent('Cancel "Campaign 11 (1.4.9)"? The gateways not finished yet will not be upgraded.');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo('PUT /lighting/upgrade/11/cancel')).toHaveLength(1));
  });
});
