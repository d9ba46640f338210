import type { EquipmentCategory, EquipmentCategoryChange } from '../types';

/** The category form's fields. */
export interface CategoryFormValues {
  categoryName: string;
  categoryCode: string;
  remark?: string;
}

/** A listed category in the form. */
export function toValues({ categoryName, categoryCode, remark }: EquipmentCategory): CategoryFormValues {
  return { categoryName, categoryCode, remark: remark ?? '' };
}

/** The form's values as the server takes them: name and remark trimmed, the code as typed (the rules refuse spaces). */
export function toChange(values: CategoryFormValues): EquipmentCategoryChange {
  return {
    categoryName: values.categoryName.trim(),
    categoryCode: values.categoryCode,
    remark: (values.remark ?? '').trim(),
  };
}
