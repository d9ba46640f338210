import { describe, expect, it } from 'vitest';
import permissionCases from '../../../services/common/src/permission_cases.json';
import { assertPermissionList, assertRoleList, grants, hasPermi, hasPermiAnd, hasRole, hasRoleAnd, PERMISSION_PREFIX } from './access';

/**
 * The cases the server's permission.rs runs too, so the console grants exactly what the
 * server grants. `required` is written with the pc: prefix, which hasPermi adds itself.
 */
describe('the permission cases shared with the server', () => {
  const unprefixed = (required: readonly string[]) =>
    required.map((permission) => (permission.startsWith(PERMISSION_PREFIX) ? permission.slice(PERMISSION_PREFIX.length) : permission));

  it.each(permissionCases.cases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    expect(hasPermi(entry.held, unprefixed(entry.required))).toBe(entry.any);
    expect(hasPermiAnd(entry.held, unprefixed(entry.required))).toBe(entry.all);
  });
});

describe('grants', () => {
  it('matches segment by segment, a held * standing for any one segment', () => {
    expect(grants('pc:system:*:*', 'pc:system:role:edit')).toBe(true);
    expect(grants('pc:system:*', 'pc:system:role:edit')).toBe(false);
    expect(grants('pc:system:user:list', 'pc:system:*:list')).toBe(false);
    expect(grants('*:*:*', 'pc:anything')).toBe(true);
  });
});

describe('hasPermi', () => {
  const held = ['pc:system:user:list', 'pc:system:user:add'];

  it('passes when any requested permission is held with the pc: prefix', () => {
    expect(hasPermi(held, ['system:user:edit', 'system:user:add'])).toBe(true);
  });

  it('fails when none is held', () => {
    expect(hasPermi(held, ['system:role:list'])).toBe(false);
  });

  it('does not match a permission held without the prefix', () => {
    expect(hasPermi(['system:user:list'], ['system:user:list'])).toBe(false);
  });

  it('passes anything for the wildcard', () => {
    expect(hasPermi(['*:*:*'], ['lighting:scene:remove'])).toBe(true);
  });

  it.each([[[]], [undefined], [null], ['system:user:list'], [{ 0: 'system:user:list' }], [[42]]])(
    'is false for an empty or non-list argument (%j)',
    (value) => {
      expect(hasPermi(['*:*:*'], value)).toBe(false);
    },
  );
});

describe('hasPermiAnd', () => {
  it('requires every permission', () => {
    const held = ['pc:a:b:c', 'pc:a:b:d'];
    expect(hasPermiAnd(held, ['a:b:c', 'a:b:d'])).toBe(true);
    expect(hasPermiAnd(held, ['a:b:c', 'a:b:e'])).toBe(false);
  });

  it('passes at once for the wildcard', () => {
    expect(hasPermiAnd(['*:*:*'], ['x:y:z', 'p:q:r'])).toBe(true);
  });

  it.each([[[]], [undefined], ['a:b:c'], [42]])('is false for an empty or non-list argument (%j)', (value) => {
    expect(hasPermiAnd(['*:*:*'], value)).toBe(false);
  });
});

describe('roles', () => {
  it('admin passes every role check', () => {
    expect(hasRole(['admin'], ['ROLE_X'])).toBe(true);
    expect(hasRoleAnd(['admin'], ['ROLE_X', 'ROLE_Y'])).toBe(true);
  });

  it('matches listed roles', () => {
    expect(hasRole(['ROLE_DEFAULT'], ['ROLE_DEFAULT', 'ROLE_X'])).toBe(true);
    expect(hasRoleAnd(['ROLE_DEFAULT'], ['ROLE_DEFAULT', 'ROLE_X'])).toBe(false);
    expect(hasRole(['ROLE_DEFAULT'], [])).toBe(false);
  });
});

describe('misconfigured directives', () => {
  it('throw the spec messages', () => {
    expect(() => assertPermissionList([])).toThrow('请设置操作权限标签值');
    expect(() => assertRoleList(undefined)).toThrow('请设置角色权限标签值');
    expect(() => assertPermissionList(['a:b:c'])).not.toThrow();
  });
});
