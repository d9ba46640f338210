import type { ReactNode } from 'react';
import { useAccess } from '../features/auth/useAccess';
import { assertPermissionList, assertRoleList } from '../lib/access';

export interface HasPermiProps {
  /** Permissions without the 'pc:' prefix; a missing or empty list throws. */
  value: unknown;
  /** Require all of them (hasPermiAnd) instead of any (hasPermi). */
  all?: boolean;
  children: ReactNode;
}

/**
 * The permission gate (spec sections 5 and 6): its children appear only for a user with any
 * (or all) of the permissions, or the wildcard. Misconfigured: '请设置操作权限标签值'.
 */
export function HasPermi({ value, all = false, children }: HasPermiProps) {
  const access = useAccess();
  assertPermissionList(value);
  const allowed = all ? access.hasPermiAnd(value) : access.hasPermi(value);
  return allowed ? <>{children}</> : null;
}

export interface HasRoleProps {
  value: unknown;
  all?: boolean;
  children: ReactNode;
}

/** The role gate: children appear for admin or a listed role. Misconfigured: '请设置角色权限标签值'. */
export function HasRole({ value, all = false, children }: HasRoleProps) {
  const access = useAccess();
  assertRoleList(value);
  const allowed = all ? access.hasRoleAnd(value) : access.hasRole(value);
  return allowed ? <>{children}</> : null;
}
