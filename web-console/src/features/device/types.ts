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
