import { describe, expect, it } from 'vitest';
import { backupImportProblem, isName, isOrder, isRoleKey, isUserName, userImportProblem } from './rules';
// parameters and dictionaries
import { isCssClass, isSettingsKey } from './rules';
// menus and advice
import { ADVICE_TEXT_MAX, charCount, isComponentPath, isExternalLink, isIconName, isMenuPerms, isRoutePath, isRouteQuery } from './rules';

describe('system rules', () => {
  it('names: 1 to max characters once trimmed', () => {
    expect(isName('运维部', 50)).toBe(true);
    expect(isName('组'.repeat(50), 50)).toBe(true);
    expect(isName('组'.repeat(51), 50)).toBe(false);
    expect(isName('   ', 50)).toBe(false);
    expect(isName(undefined, 50)).toBe(false);
  });

  it('display order: whole numbers 0 to 9999', () => {
    expect(isOrder(0)).toBe(true);
    expect(isOrder(9999)).toBe(true);
    expect(isOrder(10000)).toBe(false);
    expect(isOrder(-1)).toBe(false);
    expect(isOrder(1.5)).toBe(false);
    expect(isOrder(undefined)).toBe(false);
  });

  it('accounts: 1 to 30 characters without spaces', () => {
    expect(isUserName('zhang_san-01')).toBe(true);
    expect(isUserName('x'.repeat(30))).toBe(true);
    expect(isUserName('x'.repeat(31))).toBe(false);
    expect(isUserName('zhang san')).toBe(false);
    expect(isUserName('')).toBe(false);
  });

  it('role keys: letters, digits, _ - and :, at most 100, as the server checks them', () => {
    expect(isRoleKey('care:worker')).toBe(true);
    expect(isRoleKey(' ops_lead-2 ')).toBe(true);
    expect(isRoleKey('k'.repeat(100))).toBe(true);
    expect(isRoleKey('k'.repeat(101))).toBe(false);
    expect(isRoleKey('care worker')).toBe(false);
    expect(isRoleKey('运维')).toBe(false);
    expect(isRoleKey('   ')).toBe(false);
    expect(isRoleKey(undefined)).toBe(false);
  });

  it('user imports: xls or xlsx, at most 2 MB', () => {
    expect(userImportProblem({ name: 'users.xlsx', size: 1024 })).toBeUndefined();
    expect(userImportProblem({ name: 'USERS.XLS', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(userImportProblem({ name: 'users.xlsx', size: 2 * 1024 * 1024 + 1 })).toEqual({ kind: 'size', maxBytes: 2 * 1024 * 1024 });
    expect(userImportProblem({ name: 'users.csv', size: 10 })).toEqual({ kind: 'type', extensions: ['xls', 'xlsx'] });
    expect(userImportProblem({ name: 'xlsx', size: 10 })?.kind).toBe('type');
  });

  it('backup imports: sql only (spec section 5), at most 2 MB (the body limit)', () => {
    expect(backupImportProblem({ name: 'lumiscape-backup.sql', size: 1024 })).toBeUndefined();
    expect(backupImportProblem({ name: 'BACKUP.SQL', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(backupImportProblem({ name: 'backup.sql', size: 2 * 1024 * 1024 + 1 })).toEqual({ kind: 'size', maxBytes: 2 * 1024 * 1024 });
    expect(backupImportProblem({ name: 'backup.sql.gz', size: 10 })).toEqual({ kind: 'type', extensions: ['sql'] });
    expect(backupImportProblem({ name: 'sql', size: 10 })?.kind).toBe('type');
  });
});

/* Parameters and dictionaries */
describe('parameter and dictionary rules', () => {
  it('keys and dictionary types: letters, digits, underscores, hyphens and dots, 1 to 100', () => {
    expect(isSettingsKey('sys.menu.mode')).toBe(true);
    expect(isSettingsKey('lighting_communication-type.v2')).toBe(true);
    expect(isSettingsKey(' sys_yes_no ')).toBe(true);
    expect(isSettingsKey('k'.repeat(100))).toBe(true);
    expect(isSettingsKey('k'.repeat(101))).toBe(false);
    expect(isSettingsKey('sys yes')).toBe(false);
    expect(isSettingsKey('字典')).toBe(false);
    expect(isSettingsKey('a/b')).toBe(false);
    expect(isSettingsKey('')).toBe(false);
    expect(isSettingsKey(undefined)).toBe(false);
  });

  it('style classes: empty, or letters, digits, spaces, underscores and hyphens, at most 100', () => {
    expect(isCssClass(undefined)).toBe(true);
    expect(isCssClass('')).toBe(true);
    expect(isCssClass('text-bold big_1')).toBe(true);
    expect(isCssClass('c'.repeat(101))).toBe(false);
    expect(isCssClass('color:red')).toBe(false);
  });

  it('menus: the route path, link, component, permission, icon and parameters as the server checks them (identity menu/admin.rs)', () => {
    expect(isRoutePath('user')).toBe(true);
    expect(isRoutePath(' gateway/detail/:id.v2 ')).toBe(true);
    expect(isRoutePath('p'.repeat(200))).toBe(true);
    expect(isRoutePath('p'.repeat(201))).toBe(false);
    expect(isRoutePath('')).toBe(false);
    expect(isRoutePath('a b')).toBe(false);
    expect(isRoutePath('路由')).toBe(false);
    expect(isExternalLink('https://example.com/x?y=1')).toBe(true);
    expect(isExternalLink(' http://example.com ')).toBe(true);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('https://example.com/a b')).toBe(false);
    expect(isExternalLink(`https://${'e'.repeat(193)}`)).toBe(false);
    expect(isComponentPath('')).toBe(true);
    expect(isComponentPath(undefined)).toBe(true);
    expect(isComponentPath('system/user/index')).toBe(true);
    expect(isComponentPath('../x y')).toBe(false);
    expect(isComponentPath('c'.repeat(256))).toBe(false);
    expect(isMenuPerms('system:user:*')).toBe(true);
    expect(isMenuPerms('')).toBe(true);
    expect(isMenuPerms('a b')).toBe(false);
    expect(isMenuPerms('p'.repeat(101))).toBe(false);
    expect(isIconName('tool')).toBe(true);
    expect(isIconName('')).toBe(true);
    expect(isIconName('<svg>')).toBe(false);
    expect(isIconName('#')).toBe(false);
    expect(isRouteQuery('{"id":1}')).toBe(true);
    expect(isRouteQuery('{"id": 1}')).toBe(false);
  });

  it('advice: texts counted in characters, as the server counts them', () => {
    expect(charCount('灯不亮')).toBe(3);
    expect(charCount('😀')).toBe(1);
    expect(ADVICE_TEXT_MAX).toBe(2000);
    expect(isName('😀'.repeat(100), 100)).toBe(true);
  });
});
