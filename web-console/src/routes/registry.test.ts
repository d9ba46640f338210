import { describe, expect, it } from 'vitest';
import { flattenRoutes } from './menu';
import { hasPage, needsProject, NotAvailablePage, pageFor } from './registry';
import { GATEWAY_DETAIL_COMPONENT, ROLE_AUTH_USER_COMPONENT, subPagePath, withSubPages } from './subPages';

describe('component registry', () => {
  it('maps known server component names to their pages', () => {
    for (const name of [
      'index',
      'lighting/gateway/index',
      'lighting/gateway/control',
      'lighting/gateway/version',
      'lighting/gateway/upgrade',
      'lighting/oneKey/index',
      'lighting/energy/index',
      'device/category/index',
      'device/type/index',
      'device/device/index',
      'device/group/index',
      'device/chart/index',
      'device/command/index',
      'device/communication/index',
      'alarm/type/index',
      'alarm/realtime/index',
      'alarm/history/index',
      'system/dept/index',
      'system/user/index',
      'system/role/index',
    ]) {
      expect(hasPage(name), name).toBe(true);
      expect(pageFor(name)).not.toBe(NotAvailablePage);
    }
  });

  it("marks the pages of a project's data: every business page, not home nor the not-available page", () => {
    for (const name of [
      'lighting/gateway/index',
      GATEWAY_DETAIL_COMPONENT,
      'lighting/gateway/control',
      'lighting/gateway/version',
      'lighting/gateway/upgrade',
      'lighting/oneKey/index',
      'lighting/scene/index',
      'lighting/task/index',
      'lighting/energy/index',
      'device/map/index',
      'device/category/index',
      'device/type/index',
      'device/device/index',
      'device/group/index',
      'device/chart/index',
      'device/command/index',
      'device/communication/index',
      'alarm/type/index',
      'alarm/realtime/index',
      'alarm/history/index',
      'operation/workOrder/index',
      'operation/inspection/index',
      'operation/maintenance/index',
      'operation/asset/index',
    ]) {
      expect(hasPage(name), name).toBe(true);
      expect(needsProject(name), name).toBe(true);
    }
    for (const name of ['index', 'system/dept/index', 'system/user/index', 'system/role/index', 'toString', undefined]) expect(needsProject(name), name).toBe(false);
  });

  it('maps the combined scenes screen to its page, inside the selected project', () => {
    expect(hasPage('lighting/combinedScene/index')).toBe(true);
    expect(pageFor('lighting/combinedScene/index')).not.toBe(NotAvailablePage);
    expect(needsProject('lighting/combinedScene/index')).toBe(true);
  });

  it("maps the address screen to its page, inside the selected project", () => {
    expect(hasPage('project/address/index')).toBe(true);
    expect(pageFor('project/address/index')).not.toBe(NotAvailablePage);
    expect(needsProject('project/address/index')).toBe(true);
  });

  it('maps the timing one-key control screen to its page, inside the selected project', () => {
    expect(hasPage('landscape/timingOneKey/index')).toBe(true);
    expect(pageFor('landscape/timingOneKey/index')).not.toBe(NotAvailablePage);
    expect(needsProject('landscape/timingOneKey/index')).toBe(true);
  });

  it('maps the parameter and dictionary screens to their pages, outside projects', () => {
    for (const name of ['system/config/index', 'system/dict/index']) {
      expect(hasPage(name), name).toBe(true);
      expect(pageFor(name)).not.toBe(NotAvailablePage);
      expect(needsProject(name), name).toBe(false);
    }
  });

  it('maps the monitoring screens (jobs, the hidden job log, the login and operation logs) to their pages, outside projects', () => {
    for (const name of ['monitor/job/index', 'monitor/job/log', 'monitor/logininfor/index', 'monitor/operlog/index']) {
      expect(hasPage(name), name).toBe(true);
      expect(pageFor(name)).not.toBe(NotAvailablePage);
      expect(needsProject(name), name).toBe(false);
    }
  });

  it('maps the menu and advice screens to their pages, outside projects', () => {
    for (const name of ['system/menu/index', 'system/advice/index']) {
      expect(hasPage(name), name).toBe(true);
      expect(pageFor(name)).not.toBe(NotAvailablePage);
      expect(needsProject(name), name).toBe(false);
    }
  });

  it('maps every other name to the not-available page', () => {
    for (const name of ['landscape/scheme/index', 'Layout', 'ParentView', 'toString', '', undefined]) {
      expect(pageFor(name)).toBe(NotAvailablePage);
    }
    expect(hasPage('constructor')).toBe(false);
  });

  it('adds the gateway detail under the gateway page, for users who have that page only', () => {
    const withGateways = flattenRoutes([
      {
        path: '/lighting',
        component: 'Layout',
        meta: { title: '照明控制' },
        children: [{ path: 'gateway', component: 'lighting/gateway/index', meta: { title: '网关管理' } }],
      },
    ]);
    const detail = withSubPages(withGateways).find((entry) => entry.component === GATEWAY_DETAIL_COMPONENT);
    expect(detail).toMatchObject({
      path: '/lighting/gateway/detail/:gatewayId',
      container: false,
      meta: { title: '网关详情', titleEn: 'Gateway Detail', activeMenu: '/lighting/gateway' },
    });
    expect(subPagePath('/lighting/gateway', GATEWAY_DETAIL_COMPONENT, { gatewayId: 7 })).toBe('/lighting/gateway/detail/7');

    const without = flattenRoutes([{ path: '/system', component: 'Layout', children: [{ path: 'user', component: 'system/user/index' }] }]);
    expect(withSubPages(without)).toEqual(without);
  });

  it("maps backup and a role's user assignment (a sub-page of the role page) to their pages, outside projects", () => {
    for (const name of ['system/backup/index', ROLE_AUTH_USER_COMPONENT]) {
      expect(hasPage(name), name).toBe(true);
      expect(pageFor(name)).not.toBe(NotAvailablePage);
      expect(needsProject(name), name).toBe(false);
    }
    const withRoles = flattenRoutes([
      { path: '/system', component: 'Layout', meta: { title: '系统管理' }, children: [{ path: 'role', component: 'system/role/index', meta: { title: '角色管理' } }] },
    ]);
    const authUser = withSubPages(withRoles).find((entry) => entry.component === ROLE_AUTH_USER_COMPONENT);
    expect(authUser).toMatchObject({
      path: '/system/role/authUser/:roleId',
      container: false,
      meta: { title: '分配用户', titleEn: 'Assign Users', activeMenu: '/system/role' },
    });
    expect(subPagePath('/system/role', ROLE_AUTH_USER_COMPONENT, { roleId: 2 })).toBe('/system/role/authUser/2');
  });
});
