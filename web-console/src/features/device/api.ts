import { api } from '../../api/api';
import { serializeApiError, type Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import { sendSheetImport } from '../../api/sheetImport';
import type {
  CommunicationQuery,
  CommunicationRecord,
  Device,
  DeviceChange,
  DeviceCommand,
  DeviceCommandQuery,
  DeviceGroup,
  DeviceGroupChange,
  DeviceGroupDetail,
  DeviceGroupQuery,
  DeviceImportFailure,
  DeviceImportOutcome,
  DeviceLocationChange,
  DeviceLocationQuery,
  DeviceLocations,
  DeviceQuery,
  EquipmentCategory,
  EquipmentCategoryChange,
  EquipmentCategoryQuery,
  EquipmentType,
  EquipmentTypeChange,
  EquipmentTypeQuery,
  GroupControl,
  GroupControlAnswer,
  LoopChart,
  LoopChartQuery,
  ProjectLocation,
} from './types';

/**
 * Locations are the gateways' own data: the list is a 'Gateway' tag of its own, which a
 * location change refreshes (no tag type of its own, so nothing is added to the shell).
 */
export const LOCATIONS = { type: 'Gateway' as const, id: 'LOCATIONS' };

/**
 * The equipment catalogue's, the devices', the groups', the command log's and the
 * communication records' tags, added with these endpoints (not to the shell's list): a list
 * tag of each, and one per row by id.
 */
const DEVICE_TAGS = ['DeviceCategory', 'DeviceType', 'Device', 'DeviceGroup', 'DeviceCommand', 'DeviceCommunication'] as const;
const LIST = 'LIST';
const CATEGORY_LIST = { type: 'DeviceCategory' as const, id: LIST };
const TYPE_LIST = { type: 'DeviceType' as const, id: LIST };
const DEVICE_LIST = { type: 'Device' as const, id: LIST };
const GROUP_LIST = { type: 'DeviceGroup' as const, id: LIST };
const COMMAND_LIST = { type: 'DeviceCommand' as const, id: LIST };
const COMMUNICATION_LIST = { type: 'DeviceCommunication' as const, id: LIST };

const NO_LOCATIONS: DeviceLocations = { mode: 'markers', total: 0, truncated: false, markers: [], clusters: [] };

const NO_RESULTS: GroupControlAnswer = { total: 0, succeeded: 0, failed: 0, results: [] };

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The groups a device belongs to, a list (also when the server joins them with commas). */
function namesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/** A device as the console reads it: its group names a list, its loop name a text, unknowns null. */
export function deviceOf(raw: Partial<Device>): Device {
  return {
    ...(raw as Device),
    loopName: raw.loopName ?? '',
    longitude: numberOrNull(raw.longitude),
    latitude: numberOrNull(raw.latitude),
    switchState: raw.switchState === '0' || raw.switchState === '1' ? raw.switchState : null,
    groupNames: namesOf(raw.groupNames),
  };
}

/** A group's detail with its lists always lists. */
function groupDetailOf(raw: Partial<DeviceGroupDetail>): DeviceGroupDetail {
  const devices = Array.isArray(raw.devices) ? raw.devices.map(deviceOf) : [];
  const deviceIds = Array.isArray(raw.deviceIds) ? raw.deviceIds.map(Number) : devices.map((device) => device.deviceId);
  return { ...(raw as DeviceGroupDetail), deviceIds, devices };
}

/** A lighting chart with its lists always lists and its loop name a text. */
function loopChartOf(raw: Partial<LoopChart>): LoopChart {
  const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
  return {
    ...(raw as LoopChart),
    loopName: raw.loopName ?? '',
    sunset: raw.sunset || null,
    sunrise: raw.sunrise || null,
    planned: list(raw.planned),
    actual: list(raw.actual),
    power: list(raw.power),
  };
}

/** POST /device/device/importData (multipart `file`), all or none, as the asset import (api/sheetImport.ts). */
export const sendDeviceImport = (file: File): Promise<DeviceImportOutcome> => sendSheetImport<DeviceImportFailure>('/device/device/importData', file);

/** A command as the console reads it: its loops always a list, its brightness a number or null (a row without one). */
function commandOf(raw: Partial<DeviceCommand>): DeviceCommand {
  return {
    ...(raw as DeviceCommand),
    loops: Array.isArray(raw.loops) ? raw.loops.map(Number) : [],
    brightness: typeof raw.brightness === 'number' ? raw.brightness : null,
  };
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A communication record as the console reads it: absent texts empty, absent numbers and times null, `truncated` a boolean. */
function communicationOf(raw: Partial<CommunicationRecord>): CommunicationRecord {
  return {
    ...(raw as CommunicationRecord),
    reason: typeof raw.reason === 'string' ? raw.reason : '',
    messageSeq: numberOrNull(raw.messageSeq),
    correlationId: textOrNull(raw.correlationId),
    deviceTime: textOrNull(raw.deviceTime),
    size: numberOrNull(raw.size) ?? 0,
    payload: typeof raw.payload === 'string' ? raw.payload : '',
    truncated: raw.truncated === true,
  };
}

/**
 * The map's calls (spec section 7, "Project": locationDevice/list, location, project location),
 * the equipment categories and types, the devices, the device groups
 * (docs/api-compatibility.md, issue 12), the command log and the communication records.
 */
export const deviceApi = api.enhanceEndpoints({ addTagTypes: DEVICE_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getProjectLocation: build.query<ProjectLocation | undefined, string>({
      query: (projectId) => ({ url: `/project/location/${projectId}`, isProject: false }),
      transformResponse: (envelope: Envelope) => dataOf<ProjectLocation | undefined>(envelope, undefined),
    }),
    getDeviceLocations: build.query<DeviceLocations, DeviceLocationQuery>({
      query: (params) => ({ url: '/device/device/locationDevice/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const data = dataOf<Partial<DeviceLocations>>(envelope, {});
        return {
          ...NO_LOCATIONS,
          ...data,
          markers: Array.isArray(data.markers) ? data.markers : [],
          clusters: Array.isArray(data.clusters) ? data.clusters : [],
        };
      },
      providesTags: [LOCATIONS],
    }),
    setDeviceLocation: build.mutation<void, DeviceLocationChange>({
      query: (body) => ({ url: '/device/device/location', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [LOCATIONS],
    }),

    // Equipment categories: a category's type count follows its types, its name shows in their rows.
    getDeviceCategories: build.query<ListPage<EquipmentCategory>, EquipmentCategoryQuery>({
      query: (params) => ({ url: '/device/category/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<EquipmentCategory>(envelope),
      providesTags: (result) => [CATEGORY_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'DeviceCategory' as const, id: row.categoryId }))],
    }),
    addDeviceCategory: build.mutation<number, EquipmentCategoryChange>({
      query: (body) => ({ url: '/device/category', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [CATEGORY_LIST],
    }),
    updateDeviceCategory: build.mutation<void, EquipmentCategoryChange & { categoryId: number }>({
      query: (body) => ({ url: '/device/category', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [CATEGORY_LIST, { type: 'DeviceCategory', id: body.categoryId }, TYPE_LIST, DEVICE_LIST],
    }),
    /** All or none; refused (code 500) while a category has types. */
    deleteDeviceCategories: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/device/category/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [CATEGORY_LIST],
    }),

    // Equipment types: each change moves the type counts of the categories.
    getDeviceTypes: build.query<ListPage<EquipmentType>, EquipmentTypeQuery>({
      query: (params) => ({ url: '/device/type/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<EquipmentType>(envelope),
      providesTags: (result) => [TYPE_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'DeviceType' as const, id: row.typeId }))],
    }),
    addDeviceType: build.mutation<number, EquipmentTypeChange>({
      query: (body) => ({ url: '/device/type', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [TYPE_LIST, CATEGORY_LIST],
    }),
    updateDeviceType: build.mutation<void, EquipmentTypeChange & { typeId: number }>({
      query: (body) => ({ url: '/device/type', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [TYPE_LIST, { type: 'DeviceType', id: body.typeId }, CATEGORY_LIST, DEVICE_LIST],
    }),
    deleteDeviceTypes: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/device/type/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [TYPE_LIST, CATEGORY_LIST],
    }),

    // Devices: their group names and the groups' device counts follow each other.
    getDevices: build.query<ListPage<Device>, DeviceQuery>({
      query: (params) => ({ url: '/device/device/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Partial<Device>>(envelope);
        return { ...page, rows: page.rows.map(deviceOf) };
      },
      providesTags: (result) => [DEVICE_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'Device' as const, id: row.deviceId }))],
    }),
    addDevice: build.mutation<number, DeviceChange>({
      query: (body) => ({ url: '/device/device', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [DEVICE_LIST],
    }),
    updateDevice: build.mutation<void, DeviceChange & { deviceId: number }>({
      query: (body) => ({ url: '/device/device', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [DEVICE_LIST, { type: 'Device', id: body.deviceId }],
    }),
    /** All or none; the devices leave their groups. */
    deleteDevices: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/device/device/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [DEVICE_LIST, GROUP_LIST],
    }),
    /** Imports a sheet, all or none (the refused rows listed); the list is stale once it is imported. */
    importDevices: build.mutation<DeviceImportOutcome, File>({
      queryFn: async (file) => {
        try {
          return { data: await sendDeviceImport(file) };
        } catch (error) {
          return { error: serializeApiError(error) };
        }
      },
      invalidatesTags: (result) => (result && result.failures.length === 0 ? [DEVICE_LIST] : []),
    }),

    // Device groups: a group's detail lists its devices, so it follows them too.
    getDeviceGroups: build.query<ListPage<DeviceGroup>, DeviceGroupQuery>({
      query: (params) => ({ url: '/device/group/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<DeviceGroup>(envelope),
      providesTags: (result) => [GROUP_LIST, ...(result?.rows ?? []).map((row) => ({ type: 'DeviceGroup' as const, id: row.groupId }))],
    }),
    getDeviceGroup: build.query<DeviceGroupDetail, number>({
      query: (groupId) => ({ url: `/device/group/${groupId}` }),
      transformResponse: (envelope: Envelope) => {
        const detail = dataOf<Partial<DeviceGroupDetail> | undefined>(envelope, undefined);
        if (!detail) throw new Error('device group detail missing');
        return groupDetailOf(detail);
      },
      providesTags: (_result, _error, groupId) => [{ type: 'DeviceGroup', id: groupId }, DEVICE_LIST],
    }),
    addDeviceGroup: build.mutation<number, DeviceGroupChange>({
      query: (body) => ({ url: '/device/group', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => Number(envelope.data ?? 0),
      invalidatesTags: [GROUP_LIST, DEVICE_LIST],
    }),
    updateDeviceGroup: build.mutation<void, DeviceGroupChange & { groupId: number }>({
      query: (body) => ({ url: '/device/group', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [GROUP_LIST, { type: 'DeviceGroup', id: body.groupId }, DEVICE_LIST],
    }),
    /** All or none; the devices stay. */
    deleteDeviceGroups: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/device/group/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [GROUP_LIST, DEVICE_LIST],
    }),
    /**
     * Switches the loops of the group's devices in service (on at a brightness when one is
     * given, full when none); answers the outcome per gateway, as one-key control. The
     * devices' switch states are read again.
     */
    controlDeviceGroup: build.mutation<GroupControlAnswer, GroupControl>({
      query: (body) => ({ url: '/device/group/control', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => {
        const answer = dataOf<GroupControlAnswer>(envelope, NO_RESULTS);
        return { ...NO_RESULTS, ...answer, results: Array.isArray(answer.results) ? answer.results : [] };
      },
      invalidatesTags: [DEVICE_LIST, COMMAND_LIST],
    }),

    /**
     * The commands sent to the project's gateways, newest first: by gateway, loop, action,
     * source, result ('pending' for those not finished), a part of the user's name and whole
     * days (contract: GET /device/command/list).
     */
    getDeviceCommands: build.query<ListPage<DeviceCommand>, DeviceCommandQuery>({
      query: (params) => ({ url: '/device/command/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Partial<DeviceCommand>>(envelope);
        return { ...page, rows: page.rows.map(commandOf) };
      },
      providesTags: [COMMAND_LIST],
    }),

    /**
     * The messages between the project's gateways and the platform, newest first: by gateway,
     * direction, channel, outcome and whole days of one calendar month, the current month
     * without days (contract: GET /device/communication/list). A range across months or a word
     * the server does not know: code 400, shown by the client.
     */
    getCommunicationRecords: build.query<ListPage<CommunicationRecord>, CommunicationQuery>({
      query: (params) => ({ url: '/device/communication/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Partial<CommunicationRecord>>(envelope);
        return { ...page, rows: page.rows.map(communicationOf) };
      },
      providesTags: [COMMUNICATION_LIST],
    }),

    /**
     * A lighting chart: one loop's night, planned against actual, with its power (contract:
     * GET /device/chart/loop). A refusal (no site, a loop beyond the gateway's) is shown by the client.
     */
    getLoopChart: build.query<LoopChart, LoopChartQuery>({
      query: (params) => ({ url: '/device/chart/loop', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const chart = dataOf<Partial<LoopChart> | undefined>(envelope, undefined);
        if (!chart) throw new Error('lighting chart missing');
        return loopChartOf(chart);
      },
    }),
  }),
});

export const {
  useGetProjectLocationQuery,
  useGetDeviceLocationsQuery,
  useSetDeviceLocationMutation,
  useGetDeviceCategoriesQuery,
  useAddDeviceCategoryMutation,
  useUpdateDeviceCategoryMutation,
  useDeleteDeviceCategoriesMutation,
  useGetDeviceTypesQuery,
  useAddDeviceTypeMutation,
  useUpdateDeviceTypeMutation,
  useDeleteDeviceTypesMutation,
  useGetDevicesQuery,
  useAddDeviceMutation,
  useUpdateDeviceMutation,
  useDeleteDevicesMutation,
  useImportDevicesMutation,
  useGetDeviceGroupsQuery,
  useGetDeviceGroupQuery,
  useAddDeviceGroupMutation,
  useUpdateDeviceGroupMutation,
  useDeleteDeviceGroupsMutation,
  useControlDeviceGroupMutation,
  useGetDeviceCommandsQuery,
  useGetCommunicationRecordsQuery,
  useLazyGetLoopChartQuery,
} = deviceApi;
