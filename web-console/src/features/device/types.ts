/** The kinds of device the map places; gateways until the device registry adds its kinds. */
export type DeviceType = 'gateway';

/** GET /project/location/{id}: where the project sits on the map. */
export interface ProjectLocation {
  id: number;
  projectName: string;
  longitude: number | null;
  latitude: number | null;
  mapLevel: number;
}

/** The part of the map shown, in degrees, and its zoom level (the list's query). */
export interface MapViewport {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
  zoom: number;
}

export interface DeviceLocationQuery extends Partial<MapViewport> {
  deviceType?: DeviceType;
  deviceName?: string;
}

/** One located device. */
export interface DeviceMarker {
  deviceType: string;
  deviceId: number;
  deviceName: string;
  deviceNumber: string;
  /** '1' online, '0' offline. */
  onlineStatus: string;
  longitude: number;
  latitude: number;
}

/** Devices of one grid cell, counted by the server. */
export interface DeviceCluster {
  count: number;
  longitude: number;
  latitude: number;
}

/** GET /device/device/locationDevice/list: markers, or clusters when the viewport holds more than 500. */
export interface DeviceLocations {
  mode: 'markers' | 'clusters';
  total: number;
  truncated: boolean;
  markers: DeviceMarker[];
  clusters: DeviceCluster[];
}

/** POST /device/device/location: nulls clear the location. */
export interface DeviceLocationChange {
  deviceType: DeviceType;
  deviceId: number;
  longitude: number | null;
  latitude: number | null;
}

/**
 * An equipment category of the project (contract: GET /device/category/list, issue 12): name
 * 1 to 30 characters, code 1 to 32 letters, digits, underscores or hyphens, unique in the project.
 */
export interface EquipmentCategory {
  categoryId: number;
  categoryName: string;
  categoryCode: string;
  remark: string | null;
  /** How many equipment types the category holds; a category with types cannot be deleted. */
  typeCount: number;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

export interface EquipmentCategoryQuery {
  pageNum: number;
  pageSize: number;
  categoryName?: string;
  categoryCode?: string;
}

/** POST /device/category body (PUT adds `categoryId`). */
export interface EquipmentCategoryChange {
  categoryName: string;
  categoryCode: string;
  remark: string;
}

/**
 * An equipment type of the project (contract: GET /device/type/list): a category of the
 * project, name, code as a category's, `typeValue` 0 to 255 (lower is a higher priority),
 * the status check in seconds (10 to 86,400), the minimum burn in minutes (0 to 240).
 */
export interface EquipmentType {
  typeId: number;
  categoryId: number;
  categoryName: string;
  typeName: string;
  typeCode: string;
  typeValue: number;
  statusCheckSeconds: number;
  minimumBurnMinutes: number;
  remark: string | null;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

export interface EquipmentTypeQuery {
  pageNum: number;
  pageSize: number;
  typeName?: string;
  categoryId?: number;
}

/** POST /device/type body (PUT adds `typeId`). */
export interface EquipmentTypeChange {
  categoryId: number;
  typeName: string;
  typeCode: string;
  typeValue: number;
  statusCheckSeconds: number;
  minimumBurnMinutes: number;
  remark: string;
}
