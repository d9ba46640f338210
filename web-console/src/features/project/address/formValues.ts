import type { Address, AddressChange } from '../types';

/** The address form's fields; no parent is a root. */
export interface AddressFormValues {
  parentId?: number;
  addressName: string;
  orderNum?: number;
  remark?: string;
}

/** A new address, first in order; under `parentId` when given. */
export function newAddress(parentId?: number): Partial<AddressFormValues> {
  return { parentId, orderNum: 0 };
}

export function toValues({ parentId, addressName, orderNum, remark }: Address): AddressFormValues {
  return { parentId: parentId === 0 ? undefined : parentId, addressName, orderNum, remark };
}

/** The form's values as the server takes them: texts trimmed, no parent is the root (0). */
export function toChange(values: AddressFormValues): AddressChange {
  return {
    parentId: values.parentId ?? 0,
    addressName: (values.addressName ?? '').trim(),
    orderNum: values.orderNum ?? 0,
    remark: (values.remark ?? '').trim(),
  };
}
