/** Permission and role checks (spec section 6): one place decides. */

export const ALL_PERMISSION = '*:*:*';
export const PERMISSION_PREFIX = 'pc:';
export const SUPER_ROLE = 'admin';

function isNonEmptyStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0;
}

/** True when the user holds any of the given permissions (each prefixed 'pc:'), or the wildcard. */
export function hasPermi(userPermissions: readonly string[], value: unknown): boolean {
  if (!isNonEmptyStringList(value)) return false;
  const wanted = new Set(value.map((permission) => PERMISSION_PREFIX + permission));
  return userPermissions.some((held) => held === ALL_PERMISSION || wanted.has(held));
}

/** True when the user holds all of the given permissions; the wildcard passes at once. */
export function hasPermiAnd(userPermissions: readonly string[], value: unknown): boolean {
  if (!isNonEmptyStringList(value)) return false;
  if (userPermissions.includes(ALL_PERMISSION)) return true;
  return value.every((permission) => userPermissions.includes(PERMISSION_PREFIX + permission));
}

/** True when the user has any of the given roles, or is the super role. */
export function hasRole(userRoles: readonly string[], value: unknown): boolean {
  if (!isNonEmptyStringList(value)) return false;
  return userRoles.some((role) => role === SUPER_ROLE || value.includes(role));
}

/** True when the user has all of the given roles; the super role passes at once. */
export function hasRoleAnd(userRoles: readonly string[], value: unknown): boolean {
  if (!isNonEmptyStringList(value)) return false;
  if (userRoles.includes(SUPER_ROLE)) return true;
  return value.every((role) => userRoles.includes(role));
}

/** Guards for a declared permission list; the messages are the spec's (section 5). */
export function assertPermissionList(value: unknown): asserts value is string[] {
  if (!isNonEmptyStringList(value)) throw new Error('请设置操作权限标签值');
}

export function assertRoleList(value: unknown): asserts value is string[] {
  if (!isNonEmptyStringList(value)) throw new Error('请设置角色权限标签值');
}
