/** Permission and role checks (spec section 6): one place decides. */

export const ALL_PERMISSION = '*:*:*';
export const PERMISSION_PREFIX = 'pc:';
export const SUPER_ROLE = 'admin';

function isNonEmptyStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}

/**
 * Whether one held permission grants a required one, as the server decides
 * (services/common/src/permission.rs): the wildcard grants everything; otherwise both have
 * the same number of ':' segments and each held segment is '*' or equal to the required one.
 * A '*' in the requirement is matched literally.
 */
export function grants(held: string, required: string): boolean {
  if (held === ALL_PERMISSION) return true;
  const heldParts = held.split(':');
  const requiredParts = required.split(':');
  return (
    heldParts.length === requiredParts.length &&
    heldParts.every((part, index) => part === '*' || part === requiredParts[index])
  );
}

function isGranted(userPermissions: readonly string[], permission: string): boolean {
  const required = PERMISSION_PREFIX + permission;
  return userPermissions.some((held) => grants(held, required));
}

/** True when the user holds any of the given permissions (each prefixed 'pc:'), or the wildcard. */
export function hasPermi(userPermissions: readonly string[], value: unknown): boolean {
  if (!isNonEmptyStringList(value)) return false;
  return value.some((permission) => isGranted(userPermissions, permission));
}

/** True when the user holds all of the given permissions; the wildcard passes at once. */
export function hasPermiAnd(userPermissions: readonly string[], value: unknown): boolean {
  if (!isNonEmptyStringList(value)) return false;
  if (userPermissions.includes(ALL_PERMISSION)) return true;
  return value.every((permission) => isGranted(userPermissions, permission));
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
