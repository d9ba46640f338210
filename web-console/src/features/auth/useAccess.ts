import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { hasPermi, hasPermiAnd, hasRole, hasRoleAnd } from '../../lib/access';
import { selectPermissions, selectRoles } from './authSlice';

/** The signed-in user's access checks (spec section 6), for pages and buttons. */
export function useAccess() {
  const permissions = useAppSelector(selectPermissions);
  const roles = useAppSelector(selectRoles);
  return useMemo(
    () => ({
      hasPermi: (value: unknown) => hasPermi(permissions, value),
      hasPermiAnd: (value: unknown) => hasPermiAnd(permissions, value),
      hasRole: (value: unknown) => hasRole(roles, value),
      hasRoleAnd: (value: unknown) => hasRoleAnd(roles, value),
    }),
    [permissions, roles],
  );
}
