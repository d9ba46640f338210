import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import type {
  Campaign,
  CampaignChange,
  CampaignCreated,
  CampaignQuery,
  CampaignTarget,
  CampaignTargetQuery,
  Firmware,
  FirmwareChange,
  FirmwareQuery,
  FirmwareUpload,
  UpgradeGateway,
  UpgradeGatewayQuery,
} from './types';

/** The firmware library's and the upgrade screen's permissions (without 'pc:'). */
export const FIRMWARE_PERMISSIONS = {
  list: 'lighting:version:list',
  query: 'lighting:version:query',
  add: 'lighting:version:add',
  edit: 'lighting:version:edit',
  remove: 'lighting:version:remove',
} as const;

export const UPGRADE_PERMISSIONS = {
  list: 'lighting:upgrade:list',
  query: 'lighting:upgrade:query',
  add: 'lighting:upgrade:add',
  edit: 'lighting:upgrade:edit',
} as const;

/**
 * The firmware library, the campaigns, their targets and the gateways' upgrade states; added
 * here, not to the shell's list. A campaign's start, pause, resume and cancel change all but the
 * library; an upload or a deletion changes the library.
 */
const UPGRADE_TAGS = ['Firmware', 'UpgradeCampaign', 'UpgradeTarget', 'UpgradeGateway'] as const;
const LIST = 'LIST';
const CAMPAIGN_CHANGES = ['UpgradeCampaign', 'UpgradeTarget', 'UpgradeGateway'] as const;

/** A campaign's command (PUT /lighting/upgrade/{campaignId}/{command}, no body). */
export type CampaignCommand = 'pause' | 'resume' | 'cancel';

/** The firmware library and the gateway upgrades (contract: /lighting/version, /lighting/upgrade). */
export const upgradeApi = api.enhanceEndpoints({ addTagTypes: UPGRADE_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getFirmwares: build.query<ListPage<Firmware>, FirmwareQuery>({
      query: (params) => ({ url: '/lighting/version/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Firmware>(envelope),
      providesTags: (result) => [
        { type: 'Firmware', id: LIST },
        ...(result?.rows ?? []).map((row) => ({ type: 'Firmware' as const, id: row.firmwareId })),
      ],
    }),
    getFirmware: build.query<Firmware, number>({
      query: (firmwareId) => ({ url: `/lighting/version/${firmwareId}` }),
      transformResponse: (envelope: Envelope) => {
        const firmware = dataOf<Firmware | undefined>(envelope, undefined);
        if (!firmware) throw new Error('firmware missing');
        return firmware;
      },
      providesTags: (_result, _error, firmwareId) => [{ type: 'Firmware', id: firmwareId }],
    }),
    /** Uploads a .bin with its version, type and notes (multipart/form-data, the file as `file`); answers its id. */
    uploadFirmware: build.mutation<number, FirmwareUpload>({
      query: ({ file, version, gatewayType, notes }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('version', version);
        form.append('gatewayType', gatewayType);
        form.append('notes', notes);
        return { url: '/lighting/version', method: 'POST', data: form };
      },
      transformResponse: (envelope: Envelope) => Number(dataOf<{ firmwareId?: unknown }>(envelope, {}).firmwareId ?? 0),
      invalidatesTags: [{ type: 'Firmware', id: LIST }],
    }),
    /** Only the notes change: version, type, file and checksum are fixed once uploaded. */
    updateFirmware: build.mutation<void, FirmwareChange>({
      query: (body) => ({ url: '/lighting/version', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Firmware', id: LIST },
        { type: 'Firmware', id: body.firmwareId },
      ],
    }),
    /** Refused for a firmware a running or paused campaign uses (the server's msg is shown). */
    deleteFirmwares: build.mutation<void, number[]>({
      query: (ids) => ({ url: `/lighting/version/${ids.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Firmware', id: LIST }],
    }),

    getUpgradeGateways: build.query<ListPage<UpgradeGateway>, UpgradeGatewayQuery>({
      query: (params) => ({ url: '/lighting/upgrade/gateways', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<UpgradeGateway>(envelope),
      providesTags: [{ type: 'UpgradeGateway', id: LIST }],
    }),
    getCampaigns: build.query<ListPage<Campaign>, CampaignQuery>({
      query: (params) => ({ url: '/lighting/upgrade/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Campaign>(envelope),
      providesTags: [{ type: 'UpgradeCampaign', id: LIST }],
    }),
    getCampaignTargets: build.query<ListPage<CampaignTarget>, CampaignTargetQuery>({
      query: ({ campaignId, ...params }) => ({ url: `/lighting/upgrade/${campaignId}/targets`, params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<CampaignTarget>(envelope),
      providesTags: (_result, _error, { campaignId }) => [{ type: 'UpgradeTarget', id: campaignId }],
    }),
    /** Starts a campaign; the server refuses gateways of several types (its msg is shown). */
    createCampaign: build.mutation<CampaignCreated, CampaignChange>({
      query: (body) => ({ url: '/lighting/upgrade', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => {
        const created = dataOf<Partial<CampaignCreated>>(envelope, {});
        return { campaignId: Number(created.campaignId ?? 0), total: Number(created.total ?? 0) };
      },
      invalidatesTags: [...CAMPAIGN_CHANGES],
    }),
    commandCampaign: build.mutation<void, { campaignId: number; command: CampaignCommand }>({
      query: ({ campaignId, command }) => ({ url: `/lighting/upgrade/${campaignId}/${command}`, method: 'PUT' }),
      transformResponse: () => undefined,
      invalidatesTags: [...CAMPAIGN_CHANGES],
    }),
  }),
});

export const {
  useGetFirmwaresQuery,
  useGetFirmwareQuery,
  useUploadFirmwareMutation,
  useUpdateFirmwareMutation,
  useDeleteFirmwaresMutation,
  useGetUpgradeGatewaysQuery,
  useGetCampaignsQuery,
  useGetCampaignTargetsQuery,
  useCreateCampaignMutation,
  useCommandCampaignMutation,
} = upgradeApi;
