import { describe, expect, it } from 'vitest';
import { assertPermissionList, assertRoleList, hasPermi, hasPermiAnd, hasRole, hasRoleAnd } from './access';

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

  it.each([[[]], [undefined], [null], ['system:user:list'], [{ 0: 'system:user:list' }]])(
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
