import type { Dept, DeptChange } from '../types';

/** The organization form's fields. */
export interface DeptFormValues {
  parentId?: number;
  deptName: string;
  deptCode?: string;
  deptType?: string;
  orderNum?: number;
  leader?: string;
  phone?: string;
  email?: string;
  status: string;
}

/** A new node: a department, first in order, normal; under `parentId` when given. */
export function newDept(parentId?: number): Partial<DeptFormValues> {
  return { parentId, deptType: '2', orderNum: 0, status: '0' };
}

export function toValues({ parentId, deptName, deptCode, deptType, orderNum, leader, phone, email, status }: Dept): DeptFormValues {
  return { parentId: parentId === 0 ? undefined : parentId, deptName, deptCode, deptType, orderNum, leader, phone, email, status };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The form's values as the server takes them: texts trimmed, no parent is the root (0). */
export function toChange(values: DeptFormValues): DeptChange {
  return {
    parentId: values.parentId ?? 0,
    deptName: text(values.deptName),
    deptCode: text(values.deptCode),
    deptType: values.deptType ?? '',
    orderNum: values.orderNum ?? 0,
    leader: text(values.leader),
    phone: text(values.phone),
    email: text(values.email),
    status: values.status,
  };
}
