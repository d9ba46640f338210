import { consoleBackend } from '../../../test/backend';
import { ok, projectRoutes } from '../shared/fixtures';
import type { Address } from '../types';

export { ok };

const address = (addressId: number, parentId: number, ancestors: string, addressName: string, orderNum: number): Address => ({
  addressId,
  parentId,
  ancestors,
  addressName,
  orderNum,
  remark: '',
  createTime: '2026-04-01 09:00:00',
});

/** A park with two zones, one of which has a walkway (flat, by parent then order). */
export const addresses: Address[] = [
  address(1, 0, '0', '滨江公园', 0),
  address(2, 1, '0,1', '东区', 0),
  address(3, 1, '0,1', '西区', 1),
  address(4, 2, '0,1,2', '观景步道', 0),
];

const addressRoutes = projectRoutes('address', 'project/address/index', '地址管理', 'Addresses');

/** The demo backend with the address screen's answers; routes can be replaced. */
export function addressBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: addressRoutes }),
    'GET /project/address/list': ok({ data: addresses }),
    ...overrides,
  });
}
