import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type {
  ControlAck,
  Gateway,
  GatewayAdded,
  GatewayChange,
  GatewayCredential,
  GatewayDetail,
  GatewayQuery,
  OneKeyAnswer,
  OneKeyRecord,
  OnlineEvent,
  PowerSeries,
} from './types';

/** Tag of the gateway list (one per gateway otherwise, by id). */
export const GATEWAY_LIST = 'LIST';

const EMPTY_ACK: ControlAck = { correlationId: '', elapsedMs: 0, loops: [] };

/** A credential as the server sends it, or undefined when it is not one. */
function credentialOf(value: unknown): GatewayCredential | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { publicKey, jwt, creds } = value as Partial<Record<keyof GatewayCredential, unknown>>;
  return typeof jwt === 'string' && typeof creds === 'string' && jwt !== '' && creds !== ''
    ? { publicKey: typeof publicKey === 'string' ? publicKey : '', jwt, creds }
    : undefined;
}

/** The lighting screens' calls (contract: Lighting). */
export const lightingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGateways: build.query<ListPage<Gateway>, GatewayQuery>({
      query: (params) => ({ url: '/lighting/gateway/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Gateway>(envelope),
      providesTags: (result) => [
        { type: 'Gateway', id: GATEWAY_LIST },
        ...(result?.rows ?? []).map((row) => ({ type: 'Gateway' as const, id: row.gatewayId })),
      ],
    }),
    getGateway: build.query<GatewayDetail, number>({
      query: (gatewayId) => ({ url: `/lighting/gateway/${gatewayId}` }),
      transformResponse: (envelope: Envelope) => {
        const detail = dataOf<GatewayDetail | undefined>(envelope, undefined);
        if (!detail) throw new Error('gateway detail missing');
        return { ...detail, loops: Array.isArray(detail.loops) ? detail.loops : [] };
      },
      providesTags: (_result, _error, gatewayId) => [{ type: 'Gateway', id: gatewayId }],
    }),
    /** Registers a gateway; answers its id and its credential (shown once). */
    addGateway: build.mutation<GatewayAdded, GatewayChange>({
      query: (body) => ({ url: '/lighting/gateway', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => {
        const added = dataOf<Partial<GatewayAdded>>(envelope, {});
        return { gatewayId: added.gatewayId ?? 0, credential: credentialOf(added.credential) ?? null };
      },
      invalidatesTags: [{ type: 'Gateway', id: GATEWAY_LIST }],
    }),
    updateGateway: build.mutation<void, GatewayChange & { gatewayId: number }>({
      query: (body) => ({ url: '/lighting/gateway', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Gateway', id: GATEWAY_LIST },
        { type: 'Gateway', id: body.gatewayId },
      ],
    }),
    deleteGateways: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/lighting/gateway/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Gateway', id: GATEWAY_LIST }],
    }),
    /** Issues the gateway a new credential (shown once); the previous one stops working. */
    issueGatewayCredential: build.mutation<GatewayCredential, number>({
      query: (gatewayId) => ({ url: `/lighting/gateway/${gatewayId}/credential`, method: 'POST' }),
      transformResponse: (envelope: Envelope) => {
        const credential = credentialOf(envelope.data);
        if (!credential) throw new Error('gateway credential missing');
        return credential;
      },
    }),
    /** Switches one loop; answers the gateway's acknowledgement. */
    controlLoop: build.mutation<ControlAck, { gatewayId: number; loopIndex: number; on: boolean }>({
      query: (body) => ({ url: '/lighting/control/loop', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => dataOf(envelope, EMPTY_ACK),
    }),
    /** Asks the gateway for its current readings. */
    readGateway: build.mutation<ControlAck, { gatewayId: number }>({
      query: (body) => ({ url: '/lighting/control/read', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => dataOf(envelope, EMPTY_ACK),
    }),
    getGatewayPower: build.query<PowerSeries, { gatewayId: number; loopIndex: number; hours?: number }>({
      query: ({ gatewayId, loopIndex, hours = 24 }) => ({
        url: `/lighting/gateway/${gatewayId}/power`,
        params: { loopIndex, hours },
      }),
      transformResponse: (envelope: Envelope, _meta, { loopIndex }) => {
        const series = dataOf<Partial<PowerSeries>>(envelope, {});
        return { loopIndex: series.loopIndex ?? loopIndex, points: Array.isArray(series.points) ? series.points : [] };
      },
      providesTags: (_result, _error, { gatewayId }) => [{ type: 'Gateway', id: gatewayId }],
    }),
    getGatewayOnlineHistory: build.query<ListPage<OnlineEvent>, { gatewayId: number; pageNum: number; pageSize: number }>({
      query: ({ gatewayId, pageNum, pageSize }) => ({
        url: `/lighting/gateway/${gatewayId}/onlineHistory`,
        params: { pageNum, pageSize },
      }),
      transformResponse: (envelope: Envelope) => toListPage<OnlineEvent>(envelope),
      providesTags: (_result, _error, { gatewayId }) => [{ type: 'GatewayHistory', id: gatewayId }],
    }),
    /** Switches every loop of every gateway of the project. */
    oneKeyControl: build.mutation<OneKeyAnswer, { on: boolean }>({
      query: (body) => ({ url: '/lighting/oneKey/control', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => {
        const answer = dataOf<OneKeyAnswer>(envelope, { recordId: 0, total: 0, succeeded: 0, failed: 0, results: [] });
        return { ...answer, results: Array.isArray(answer.results) ? answer.results : [] };
      },
      invalidatesTags: ['OneKeyRecord', { type: 'Gateway', id: GATEWAY_LIST }],
    }),
    getOneKeyRecords: build.query<ListPage<OneKeyRecord>, { pageNum: number; pageSize: number }>({
      query: (params) => ({ url: '/lighting/oneKey/record/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<OneKeyRecord>(envelope),
      providesTags: ['OneKeyRecord'],
    }),
  }),
});

export const {
  useGetGatewaysQuery,
  useGetGatewayQuery,
  useAddGatewayMutation,
  useUpdateGatewayMutation,
  useDeleteGatewaysMutation,
  useIssueGatewayCredentialMutation,
  useControlLoopMutation,
  useReadGatewayMutation,
  useGetGatewayPowerQuery,
  useGetGatewayOnlineHistoryQuery,
  useOneKeyControlMutation,
  useGetOneKeyRecordsQuery,
} = lightingApi;
