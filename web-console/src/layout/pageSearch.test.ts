import { describe, expect, it } from 'vitest';
import type { SearchablePage } from '../routes/menu';
import { createPageSearch, PATH_WEIGHT, SEARCH_THRESHOLD, TITLE_WEIGHT } from './pageSearch';

const page = (path: string, titleZh: string[], titleEn: string[]): SearchablePage => ({ path, titleZh, titleEn, external: false, search: '' });

const pages = [
  page('/system/user', ['系统管理', '用户管理'], ['System Management', 'Users']),
  page('/system/role', ['系统管理', '角色管理'], ['System Management', 'Roles']),
  page('/lighting/gateway', ['照明控制', '网关管理'], ['Lighting Control', 'Gateways']),
  page('/alarm/history', ['告警管理', '历史告警'], ['Alarm Management', 'History Alarms']),
];

describe('page search', () => {
  const search = createPageSearch(pages);

  it('uses the spec settings', () => {
    expect([SEARCH_THRESHOLD, TITLE_WEIGHT, PATH_WEIGHT]).toEqual([0.4, 0.7, 0.3]);
  });

  it('finds pages by Chinese or English title, fuzzily', () => {
    expect(search('角色')[0]?.path).toBe('/system/role');
    expect(search('gatway')[0]?.path).toBe('/lighting/gateway');
    expect(search('History')[0]?.path).toBe('/alarm/history');
  });

  it('finds pages by path', () => {
    expect(search('/alarm/hist')[0]?.path).toBe('/alarm/history');
  });

  it('finds nothing for nothing or nonsense', () => {
    expect(search('  ')).toEqual([]);
    expect(search('zzzzqqq')).toEqual([]);
  });
});
