import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../useDictOptions';
import '../i18n';

/** Spec section 3 and the seed: status, organization type, gender. */
export const NORMAL_DISABLE = ['0', '1'] as const;
export const DEPT_TYPES = ['1', '2', '3'] as const;
export const SEXES = ['0', '1', '2'] as const;
/** The seed's sys_show_hide, menu_module_type and sys_advice_status. */
export const SHOW_HIDE = ['0', '1'] as const;
export const MENU_MODULES = ['1', '2', '3', '4', 'dataScreen'] as const;
export const ADVICE_STATUSES = ['0', '1', '2'] as const;

type Kind = 'status' | 'dept.types' | 'user.sexes' | 'menu.visibles' | 'menu.modules' | 'advice.statuses';

/** The dictionary's values in the interface's texts, until the server's arrive (or when it has none). */
function useFallback(kind: Kind, values: readonly string[]): DictOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(`system.${kind}.${value as '1'}`) })), [t, kind, values]);
}

/** sys_normal_disable: "0" normal, "1" disabled. */
export function useNormalDisable(): DictOption[] {
  return useDictOptions('sys_normal_disable', useFallback('status', NORMAL_DISABLE));
}

/** sys_dept_type: "1" company, "2" department, "3" team. */
export function useDeptTypes(): DictOption[] {
  return useDictOptions('sys_dept_type', useFallback('dept.types', DEPT_TYPES));
}

/** sys_user_sex: "0" male, "1" female, "2" unknown. */
export function useSexes(): DictOption[] {
  return useDictOptions('sys_user_sex', useFallback('user.sexes', SEXES));
}

/** sys_show_hide: "0" shown, "1" hidden (a menu in the sidebar). */
export function useShowHide(): DictOption[] {
  return useDictOptions('sys_show_hide', useFallback('menu.visibles', SHOW_HIDE));
}

/** menu_module_type: the menu modules of the module switcher. */
export function useMenuModules(): DictOption[] {
  return useDictOptions('menu_module_type', useFallback('menu.modules', MENU_MODULES));
}

/** sys_advice_status: "0" pending, "1" replied, "2" closed. */
export function useAdviceStatuses(): DictOption[] {
  return useDictOptions('sys_advice_status', useFallback('advice.statuses', ADVICE_STATUSES));
}
