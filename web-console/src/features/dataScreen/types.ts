/** GET /project/project/getScreenAllProjectInfo (docs/api-compatibility.md): a panel the caller may not read is null. */
export interface ScreenProject {
  id: number;
  projectName: string;
  cityName: string;
  address: string;
  location: string;
  status: string;
  longitude: number | null;
  latitude: number | null;
  mapLevel: number;
  planPicture: string;
}

export interface ScreenDevices {
  gatewayTotal: number;
  gatewayOnline: number;
  gatewayOffline: number;
  loopTotal: number;
  loopOn: number;
  loopOff: number;
}

export interface ScreenAlarms {
  open: number;
  serious: number;
  main: number;
  secondary: number;
}

export interface TrendDay {
  date: string;
  serious: number;
  main: number;
  secondary: number;
  total: number;
}

export interface ScreenAlarm {
  alarmId: number;
  alarmName: string;
  alarmLevel: string;
  status: string;
  deviceName: string;
  content: string;
  alarmTime: string | null;
}

export interface ScreenPower {
  activePower: number;
  activePowerKw: number;
  loopsReporting: number;
  sampleTime: string | null;
}

export interface ScreenGateway {
  gatewayId: number;
  gatewayName: string;
  gatewayNumber: string;
  onlineStatus: '0' | '1';
  lastSeenTime: string | null;
}

export interface ScreenData {
  project: ScreenProject;
  devices: ScreenDevices | null;
  alarms: ScreenAlarms | null;
  alarmTrend: TrendDay[] | null;
  latestAlarms: ScreenAlarm[] | null;
  power: ScreenPower | null;
  gateways: { total: number; rows: ScreenGateway[] } | null;
  refreshTime: string | null;
}
