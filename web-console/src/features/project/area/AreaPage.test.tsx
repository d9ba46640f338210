import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ServerRoute } from '../../../routes/types';
import { consoleBackend, serverRoutes } from '../../../test/backend';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import type { PlanArea } from '../types';

const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const square = (x: number, y: number, side: number) => [
  { x, y },
  { x: x + side, y },
  { x: x + side, y: y + side },
  { x, y: y + side },
];

const east: PlanArea = {
  areaId: 7,
  areaName: '东区观景带',
  areaType: '1',
  points: square(0.1, 0.1, 0.3),
  colour: '#409EFF',
  orderNum: 0,
  remark: '',
  devices: [{ areaId: 7, deviceType: 'gateway', deviceId: 31, x: 0.2, y: 0.2 }],
  updateTime: '2026-11-20 09:00:00',
};

const routes: ServerRoute[] = [
  {
    path: '/project',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: { title: '项目管理', titleEn: 'Projects', icon: '#' },
    children: [{ path: 'area', component: 'project/area/index', meta: { title: '区域与建筑', titleEn: 'Areas and Buildings', icon: '#' } }],
  },
  ...serverRoutes,
];

const gateway = (gatewayId: number, gatewayName: string) => ({
  gatewayId,
  gatewayName,
  gatewayNumber: `SIM-${gatewayId}`,
  communicationType: '1',
  loopCount: 4,
  onlineStatus: '1',
  signal: null,
  temperature: null,
  firmwareVersion: '',
});

function backend() {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: routes }),
    'GET /project/location/1': ok({ data: { id: 1, projectName: '滨江景观照明示范项目', planPicture: '/demo/plan-riverside.svg' } }),
    'GET /project/area/list': ok({ rows: [east], total: 1 }),
    'GET /lighting/gateway/list': ok({ rows: [gateway(31, '滨江配电柜1'), gateway(32, '滨江配电柜2')], total: 2 }),
    'POST /project/area': ok({ data: 8 }),
    'POST /project/area/device': ok({ data: { areaId: 7, deviceType: 'gateway', deviceId: 32, x: 0.3, y: 0.3 } }),
  });
}

/** Clicks the plan of `scope` at fractions of its size (jsdom lays nothing out: the box is given). */
function clickPlan(scope: HTMLElement, x: number, y: number) {
  const canvas = within(scope).getByTestId('plan-canvas');
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.click(canvas, { clientX: x * 200, clientY: y * 100 });
}

describe('the areas and buildings page', () => {
  it('draws an area on the plan: it must be drawn first, and finished before it is saved', async () => {
    signInWithProject();
    const { callsTo } = backend();
    const { user } = renderApp({ route: '/project/area' });
    expect(await screen.findByRole('cell', { name: '东区观景带' })).toBeInTheDocument();
    // the plan with the area and its device
    expect(await screen.findAllByRole('img', { name: '项目平面图' })).not.toHaveLength(0);
    expect(screen.getAllByRole('img', { name: /设备 31/ })).toHaveLength(1);
    expect(callsTo('GET /project/area/list').at(-1)?.headers.get('ProjectId')).toBe('1');

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增区域' });
    await user.type(within(dialog).getByLabelText('区域名称'), ' 北广场 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请先绘制区域')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '绘制区域' }));
    clickPlan(dialog, 0.5, 0.5);
    clickPlan(dialog, 0.8, 0.5);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请先完成编辑')).toBeInTheDocument();
    // two corners are not an area
    await user.click(within(dialog).getByRole('button', { name: '完成绘制' }));
    expect(await screen.findByText('请先绘制区域', { selector: '.ant-message *' })).toBeInTheDocument();
    clickPlan(dialog, 0.8, 0.9);
    await user.click(within(dialog).getByRole('button', { name: '完成绘制' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /project/area')[0]?.body).toEqual({
      areaName: '北广场',
      areaType: '1',
      points: [{ x: 0.5, y: 0.5 }, { x: 0.8, y: 0.5 }, { x: 0.8, y: 0.9 }],
      colour: '#409EFF',
      orderNum: 0,
      remark: '',
    });
  });

  it('places a gateway in an area where the operator clicks, once one is chosen', async () => {
    signInWithProject();
    const { callsTo } = backend();
    const { user } = renderApp({ route: '/project/area' });
    await user.click(await screen.findByRole('button', { name: '放置设备到 东区观景带' }));
    const dialog = await screen.findByRole('dialog', { name: '放置设备 - 东区观景带' });
    expect(await within(dialog).findByRole('button', { name: '移出 滨江配电柜1' })).toBeInTheDocument();
    clickPlan(dialog, 0.3, 0.3);
    expect(await screen.findByText('请先选择要放置的设备')).toBeInTheDocument();
    expect(callsTo('POST /project/area/device')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: '网关' }));
    await user.click(await screen.findByText('滨江配电柜2 (SIM-32)'));
    clickPlan(dialog, 0.3, 0.3);
    await waitFor(() => expect(callsTo('POST /project/area/device')).toHaveLength(1));
    expect(callsTo('POST /project/area/device')[0]?.body).toEqual({ areaId: 7, deviceType: 'gateway', deviceId: 32, x: 0.3, y: 0.3 });
  });
});
