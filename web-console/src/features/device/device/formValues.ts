import { IN_SERVICE, OUT_OF_SERVICE } from '../rules';
import type { Device, DeviceChange, DeviceStatus } from '../types';

/** The device form's fields; numbers are null while cleared. */
export interface DeviceFormValues {
  deviceName: string;
  deviceCode: string;
  typeId?: number;
  gatewayId?: number;
  loopIndex?: number;
  address: string;
  longitude?: number | null;
  latitude?: number | null;
  status: DeviceStatus;
  remark?: string;
}

/** A new device: in service. */
export const NEW_DEVICE: Partial<DeviceFormValues> = { status: IN_SERVICE };

/** A listed device in the form. */
export function toValues(device: Device): DeviceFormValues {
  const { deviceName, deviceCode, typeId, gatewayId, loopIndex, address, longitude, latitude, remark } = device;
  return {
    deviceName,
    deviceCode,
    typeId,
    gatewayId,
    loopIndex,
    address,
    longitude,
    latitude,
    status: device.status === OUT_OF_SERVICE ? OUT_OF_SERVICE : IN_SERVICE,
    remark: remark ?? '',
  };
}

const coordinate = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The form's values, once its rules passed, as the server takes them: name, address and remark
 * trimmed, the code as typed (the rules refuse spaces), no location as two nulls.
 */
export function toChange(values: DeviceFormValues): DeviceChange {
  return {
    deviceName: values.deviceName.trim(),
    deviceCode: values.deviceCode,
    typeId: values.typeId ?? 0,
    gatewayId: values.gatewayId ?? 0,
    loopIndex: values.loopIndex ?? 0,
    address: values.address.trim(),
    longitude: coordinate(values.longitude),
    latitude: coordinate(values.latitude),
    status: values.status,
    remark: (values.remark ?? '').trim(),
  };
}
