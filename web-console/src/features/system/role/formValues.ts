import type { CheckedTree, DataScope, Role, RoleChange, TreeNodeData } from '../types';
import { keysToSave, type TreeChecks } from './checkTree';

/** Spec section 6: all data, custom organizations, the project's. */
export const DATA_SCOPES: readonly DataScope[] = ['1', '2', '3'];
/** The scope whose organizations are chosen in the tree. */
export const CUSTOM_SCOPE: DataScope = '2';

/** The role form's fields; the menu tree's checks and linkage are one field. */
export interface RoleFormValues {
  roleName: string;
  roleKey: string;
  roleSort?: number;
  status: string;
  remark?: string;
  menus: TreeChecks;
}

/** A new role: normal, first in order, no menu, linkage on (RuoYi's defaults). */
export const NEW_ROLE: Partial<RoleFormValues> = { roleSort: 0, status: '0', menus: { checked: [], linked: true } };

/** A role in the form; its menus come with the role's menu tree. */
export function toValues(role: Role, menus?: CheckedTree): RoleFormValues {
  return {
    roleName: role.roleName,
    roleKey: role.roleKey,
    roleSort: role.roleSort,
    status: role.status,
    remark: role.remark,
    menus: { checked: menus?.checkedKeys ?? [], linked: role.menuCheckStrictly },
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * The form's values as the server takes them: texts trimmed; the menus checked and, with
 * linkage, half checked (the directories above a granted screen), else the checked ones only.
 * A role's organization-tree linkage belongs to its data scope and is kept as it is.
 */
export function toChange(values: RoleFormValues, menuTree: readonly TreeNodeData[], deptCheckStrictly: boolean): RoleChange {
  return {
    roleName: text(values.roleName),
    roleKey: text(values.roleKey),
    roleSort: values.roleSort ?? 0,
    status: values.status,
    menuIds: keysToSave(menuTree, values.menus),
    menuCheckStrictly: values.menus.linked,
    deptCheckStrictly,
    remark: text(values.remark),
  };
}
