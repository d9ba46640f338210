import type { DeviceGroupChange, DeviceGroupDetail } from '../types';

/** The group form's fields. */
export interface GroupFormValues {
  groupName: string;
  remark?: string;
  deviceIds?: number[];
}

/** A group's detail in the form. */
export function toValues({ groupName, remark, deviceIds }: DeviceGroupDetail): GroupFormValues {
  return { groupName, remark: remark ?? '', deviceIds };
}

/** The form's values as the server takes them: name and remark trimmed, the devices as chosen. */
export function toChange(values: GroupFormValues): DeviceGroupChange {
  return { groupName: values.groupName.trim(), remark: (values.remark ?? '').trim(), deviceIds: values.deviceIds ?? [] };
}
