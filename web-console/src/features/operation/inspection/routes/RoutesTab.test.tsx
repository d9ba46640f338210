import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/renderWithProviders';
import { selectOption } from '../../../../test/selectOption';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { inspectionBackend, riversideRoute } from '../../fixtures';

async function openRoutes(user: UserEvent) {
  await user.click(await screen.findByRole('tab', { name: '巡检路线' }));
  return screen.findByRole('tabpanel', { name: '巡检路线' });
}

/** The names of the route's points, in the order shown. */
const pointsOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: '巡检点' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[translate="no"]')?.textContent);

/** Picks the address `name` in the route dialog's address tree. */
async function addAddress(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByLabelText('添加地址'));
  const dropdown = (await screen.findAllByRole('tree')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
  await user.click(await within(dropdown).findByTitle(name));
}

describe('the inspection routes', () => {
  it('lists the routes with their points in order', async () => {
    signInWithProject();
    inspectionBackend();
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openRoutes(user);
    const row = (await within(panel).findByText(riversideRoute.routeName)).closest('tr') as HTMLElement;
    expect(await within(row).findByText('北区网关 (GW-0007) → 观景步道')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();
  });

  it('adds a route: at least one point, devices and addresses in the order chosen, moved and removed', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({ 'POST /operation/inspection/route': ok({ data: { routeId: 22 } }) });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openRoutes(user);
    await within(panel).findByText(riversideRoute.routeName);
    await user.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增巡检路线' });
    expect(within(dialog).getByText('尚未添加巡检点')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入路线名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('路线须有 1 到 100 个巡检点，请添加设备或地址')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('路线名称'), '南区巡检');
    await selectOption(user, dialog, '添加设备', '北区网关 (GW-0007)');
    await addAddress(user, dialog, '观景步道');
    await selectOption(user, dialog, '添加设备', '南区网关 (GW-0008)');
    // a device is named as the server names it: "name (serial)"
    expect(pointsOf(dialog)).toEqual(['北区网关 (GW-0007)', '观景步道', '南区网关 (GW-0008)']);
    await waitFor(() => expect(within(dialog).queryByText('路线须有 1 到 100 个巡检点，请添加设备或地址')).not.toBeInTheDocument());

    // a point is on a route once: the gateway chosen is no longer offered
    await user.click(within(dialog).getByLabelText('添加设备'));
    const dropdown = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown') as HTMLElement;
    expect(within(dropdown).queryByTitle('北区网关 (GW-0007)')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // the first cannot go up, the last cannot go down
    expect(within(dialog).getByRole('button', { name: '上移 北区网关 (GW-0007)' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '下移 南区网关 (GW-0008)' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '上移 南区网关 (GW-0008)' }));
    expect(pointsOf(dialog)).toEqual(['北区网关 (GW-0007)', '南区网关 (GW-0008)', '观景步道']);
    await user.click(within(dialog).getByRole('button', { name: '下移 北区网关 (GW-0007)' }));
    expect(pointsOf(dialog)).toEqual(['南区网关 (GW-0008)', '北区网关 (GW-0007)', '观景步道']);
    await user.click(within(dialog).getByRole('button', { name: '移除 北区网关 (GW-0007)' }));
    expect(pointsOf(dialog)).toEqual(['南区网关 (GW-0008)', '观景步道']);

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/inspection/route')[0]?.body).toEqual({
      routeName: '南区巡检',
      points: [
        { pointType: '1', refId: 8 },
        { pointType: '2', refId: 302 },
      ],
      remark: '',
    });
  });

  it('edits a route: its points as saved, reordered', async () => {
    signInWithProject();
    const { callsTo } = inspectionBackend({ 'PUT /operation/inspection/route': ok() });
    const { user } = renderApp({ route: '/operation/inspection' });
    const panel = await openRoutes(user);
    const row = (await within(panel).findByText(riversideRoute.routeName)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: `修改 ${riversideRoute.routeName}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改巡检路线' });
    expect(pointsOf(dialog)).toEqual(['北区网关 (GW-0007)', '观景步道']);
    await user.click(within(dialog).getByRole('button', { name: '下移 北区网关 (GW-0007)' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /operation/inspection/route')[0]?.body).toEqual({
      routeId: 21,
      routeName: riversideRoute.routeName,
      points: [
        { pointType: '2', refId: 302 },
        { pointType: '1', refId: 7 },
      ],
      remark: '',
    });
  });
});
