import { MINIMUM_BURN_DEFAULT, STATUS_CHECK_DEFAULT } from '../rules';
import type { EquipmentType, EquipmentTypeChange } from '../types';

/** The type form's fields; numbers are null while cleared. */
export interface TypeFormValues {
  categoryId?: number;
  typeName: string;
  typeCode: string;
  typeValue?: number | null;
  statusCheckSeconds?: number | null;
  minimumBurnMinutes?: number | null;
  remark?: string;
}

/** A new type: status checked every 300 seconds, no minimum burn. */
export const NEW_TYPE: Partial<TypeFormValues> = { statusCheckSeconds: STATUS_CHECK_DEFAULT, minimumBurnMinutes: MINIMUM_BURN_DEFAULT };

/** A listed type in the form. */
export function toValues(type: EquipmentType): TypeFormValues {
  const { categoryId, typeName, typeCode, typeValue, statusCheckSeconds, minimumBurnMinutes, remark } = type;
  return { categoryId, typeName, typeCode, typeValue, statusCheckSeconds, minimumBurnMinutes, remark: remark ?? '' };
}

/** The form's values, once its rules passed, as the server takes them: name and remark trimmed. */
export function toChange(values: TypeFormValues): EquipmentTypeChange {
  return {
    categoryId: values.categoryId ?? 0,
    typeName: values.typeName.trim(),
    typeCode: values.typeCode,
    typeValue: values.typeValue ?? 0,
    statusCheckSeconds: values.statusCheckSeconds ?? STATUS_CHECK_DEFAULT,
    minimumBurnMinutes: values.minimumBurnMinutes ?? MINIMUM_BURN_DEFAULT,
    remark: (values.remark ?? '').trim(),
  };
}
