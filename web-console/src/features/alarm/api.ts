import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type { Alarm, AlarmDetail, AlarmQuery, AlarmType, AlarmTypeChange, AlarmTypeQuery } from './types';

export const ALARM_LIST = 'LIST';

/** The alarm screens' calls (contract: Alarms). */
export const alarmApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlarmTypes: build.query<ListPage<AlarmType>, AlarmTypeQuery>({
      query: (params) => ({ url: '/alarm/type/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<AlarmType>(envelope),
      providesTags: ['AlarmType'],
    }),
    getAlarmType: build.query<AlarmType, number>({
      query: (id) => ({ url: `/alarm/type/${id}` }),
      transformResponse: (envelope: Envelope) => dataOf<AlarmType>(envelope, {} as AlarmType),
      providesTags: ['AlarmType'],
    }),
    addAlarmType: build.mutation<void, AlarmTypeChange>({
      query: (body) => ({ url: '/alarm/type', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: ['AlarmType'],
    }),
    updateAlarmType: build.mutation<void, AlarmTypeChange & { alarmTypeId: number }>({
      query: (body) => ({ url: '/alarm/type', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: ['AlarmType'],
    }),
    deleteAlarmTypes: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/alarm/type/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['AlarmType'],
    }),
    /** Open alarms (not processed, processing), newest first. */
    getRealtimeAlarms: build.query<ListPage<Alarm>, AlarmQuery>({
      query: (params) => ({ url: '/alarm/realtime/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Alarm>(envelope),
      providesTags: [{ type: 'Alarm', id: ALARM_LIST }],
    }),
    /** Every alarm, newest first. */
    getHistoryAlarms: build.query<ListPage<Alarm>, AlarmQuery>({
      query: (params) => ({ url: '/alarm/history/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Alarm>(envelope),
      providesTags: [{ type: 'Alarm', id: ALARM_LIST }],
    }),
    getAlarm: build.query<AlarmDetail, number>({
      query: (id) => ({ url: `/alarm/alarm/${id}` }),
      transformResponse: (envelope: Envelope) => dataOf<AlarmDetail>(envelope, {} as AlarmDetail),
      providesTags: (_result, _error, id) => [{ type: 'Alarm', id }],
    }),
    processAlarm: build.mutation<void, number>({
      query: (alarmId) => ({ url: '/alarm/alarm/process', method: 'PUT', data: { alarmId } }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, alarmId) => [{ type: 'Alarm', id: ALARM_LIST }, { type: 'Alarm', id: alarmId }, 'AlarmOpenCount'],
    }),
    closeAlarm: build.mutation<void, { alarmId: number; closeReason: string }>({
      query: (body) => ({ url: '/alarm/alarm/close', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { alarmId }) => [
        { type: 'Alarm', id: ALARM_LIST },
        { type: 'Alarm', id: alarmId },
        'AlarmOpenCount',
      ],
    }),
  }),
});

export const {
  useGetAlarmTypesQuery,
  useGetAlarmTypeQuery,
  useAddAlarmTypeMutation,
  useUpdateAlarmTypeMutation,
  useDeleteAlarmTypesMutation,
  useGetRealtimeAlarmsQuery,
  useGetHistoryAlarmsQuery,
  useGetAlarmQuery,
  useProcessAlarmMutation,
  useCloseAlarmMutation,
} = alarmApi;
