import { api } from '../../api/api';
import { serializeApiError, type Envelope } from '../../api/errors';
import { dataOf, toListPage, type ListPage } from '../../api/lists';
import { importFailuresOf, sendSheetImport } from '../../api/sheetImport';
import type {
  Asset,
  AssetAction,
  AssetAttribute,
  AssetChange,
  AssetImportFailure,
  AssetImportOutcome,
  AssetQuery,
  AssetRecord,
  AssetRecordChange,
  AssetRecordQuery,
  AssetReturnChange,
  AssetType,
  AssetTypeChange,
  AssetTypeQuery,
} from './types';

/** Tag of a whole list (one per record otherwise, by id). */
export const ASSET_LIST = 'LIST';

/** A list query of the selected project: the project only keys the cache (the client sends its header). */
export type InProject<Q> = Q & { projectId: string };

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An attribute as the console keeps it: its options a list, its range numbers or null. */
function attributeOf(raw: Partial<AssetAttribute>): AssetAttribute {
  return {
    attrCode: raw.attrCode ?? '',
    nameZh: raw.nameZh ?? '',
    nameEn: raw.nameEn ?? '',
    valueType: raw.valueType ?? '',
    defaultValue: raw.defaultValue ?? '',
    multiple: raw.multiple === true,
    required: raw.required === true,
    verify: raw.verify === true,
    min: numberOrNull(raw.min),
    max: numberOrNull(raw.max),
    options: listOf<AssetAttribute['options'][number]>(raw.options).map((option) => ({ ...option, isDefault: option.isDefault === true })),
  };
}

/** A type with its attributes (none when the server sends none). */
export function typeOf(raw: Partial<AssetType>): AssetType {
  return { ...(raw as AssetType), attributes: listOf<Partial<AssetAttribute>>(raw.attributes).map(attributeOf) };
}

/** An asset with its attribute values (none when the server sends none). */
export function assetOf(raw: Partial<Asset>): Asset {
  return { ...(raw as Asset), attributes: listOf(raw.attributes) };
}

/** A record with its assets (none when the server sends none). */
export function recordOf(raw: Partial<AssetRecord>): AssetRecord {
  return { ...(raw as AssetRecord), items: listOf(raw.items) };
}

/** The id a write answers beside `code` (`{code, msg, assetId}`), as RuoYi's AjaxResult.put. */
export function savedId(envelope: Envelope, field: 'typeId' | 'assetId' | 'recordId'): number {
  const id = Number(envelope[field]);
  return Number.isFinite(id) ? id : 0;
}

/** The failures of an import's refusal (`data.failures`), or undefined when it has none. */
export const failuresOf = (body: unknown) => importFailuresOf<AssetImportFailure>(body);

/** POST /operation/asset/importData (multipart `file`), all or none (api/sheetImport.ts). */
export const sendAssetImport = (file: File): Promise<AssetImportOutcome> => sendSheetImport<AssetImportFailure>('/operation/asset/importData', file);

type AssetTag = 'AssetType' | 'Asset' | 'AssetRecord';

/** A list and, when editing, the record. */
const tags = (type: AssetTag, id?: number) => [{ type, id: ASSET_LIST }, ...(id === undefined ? [] : [{ type, id }])];

/** What a record changes: the records and the assets' statuses. */
const recorded = [...tags('AssetRecord'), ...tags('Asset')];

const TAG_TYPES = ['AssetType', 'Asset', 'AssetRecord'] as const;

/** The asset screen's calls (docs/asset-api.md). */
export const assetApi = api.enhanceEndpoints({ addTagTypes: TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    getAssetTypes: build.query<ListPage<AssetType>, InProject<AssetTypeQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/asset/type/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Partial<AssetType>>(envelope);
        return { ...page, rows: page.rows.map(typeOf) };
      },
      providesTags: [{ type: 'AssetType', id: ASSET_LIST }],
    }),
    getAssetType: build.query<AssetType, number>({
      query: (typeId) => ({ url: `/operation/asset/type/${typeId}` }),
      transformResponse: (envelope: Envelope) => typeOf(dataOf<Partial<AssetType>>(envelope, {})),
      providesTags: (_result, _error, typeId) => [{ type: 'AssetType', id: typeId }],
    }),
    /** Adds (no typeId) or edits a type; answers its id. Assets show the type's name. */
    saveAssetType: build.mutation<number, AssetTypeChange>({
      query: (body) => ({ url: '/operation/asset/type', method: body.typeId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => savedId(envelope, 'typeId'),
      invalidatesTags: (_result, _error, { typeId }) => [...tags('AssetType', typeId), ...tags('Asset')],
    }),
    /** All or none: refused while an asset has one of the types. */
    deleteAssetTypes: build.mutation<void, number[]>({
      query: (typeIds) => ({ url: `/operation/asset/type/${typeIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: tags('AssetType'),
    }),

    getAssets: build.query<ListPage<Asset>, InProject<AssetQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/asset/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Partial<Asset>>(envelope);
        return { ...page, rows: page.rows.map(assetOf) };
      },
      providesTags: [{ type: 'Asset', id: ASSET_LIST }],
    }),
    getAsset: build.query<Asset, number>({
      query: (assetId) => ({ url: `/operation/asset/${assetId}` }),
      transformResponse: (envelope: Envelope) => assetOf(dataOf<Partial<Asset>>(envelope, {})),
      providesTags: (_result, _error, assetId) => [{ type: 'Asset', id: assetId }],
    }),
    /** Adds (no assetId) or edits an asset; answers its id. Types count their assets. */
    saveAsset: build.mutation<number, AssetChange>({
      query: (body) => ({ url: '/operation/asset', method: body.assetId === undefined ? 'POST' : 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => savedId(envelope, 'assetId'),
      invalidatesTags: (_result, _error, { assetId }) => [...tags('Asset', assetId), ...tags('AssetType')],
    }),
    /** All or none: refused for an asset in use or under repair. */
    deleteAssets: build.mutation<void, number[]>({
      query: (assetIds) => ({ url: `/operation/asset/${assetIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [...tags('Asset'), ...tags('AssetType')],
    }),
    /** Imports a sheet, all or none (the refused rows listed); the lists are stale once it is imported. */
    importAssets: build.mutation<AssetImportOutcome, File>({
      queryFn: async (file) => {
        try {
          return { data: await sendAssetImport(file) };
        } catch (error) {
          return { error: serializeApiError(error) };
        }
      },
      invalidatesTags: (result) => (result && result.failures.length === 0 ? [...tags('Asset'), ...tags('AssetType')] : []),
    }),

    getAssetRecords: build.query<ListPage<AssetRecord>, InProject<AssetRecordQuery>>({
      query: ({ projectId: _projectId, ...params }) => ({ url: '/operation/asset/record/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => {
        const page = toListPage<Partial<AssetRecord>>(envelope);
        return { ...page, rows: page.rows.map(recordOf) };
      },
      providesTags: [{ type: 'AssetRecord', id: ASSET_LIST }],
    }),
    /** Receive, repair or scrap the assets (at least one); answers the record's id. */
    addAssetRecord: build.mutation<number, AssetRecordChange & { action: AssetAction }>({
      query: ({ action, ...body }) => ({ url: `/operation/asset/record/${action}`, method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => savedId(envelope, 'recordId'),
      invalidatesTags: recorded,
    }),
    /** Returns the assets of one effective receive or repair record (back to idle). */
    returnAssets: build.mutation<number, AssetReturnChange>({
      query: (body) => ({ url: '/operation/asset/record/return', method: 'POST', data: body }),
      transformResponse: (envelope: Envelope) => savedId(envelope, 'recordId'),
      invalidatesTags: recorded,
    }),
    /** Cancels an effective scrap: each asset back to the status it had. */
    cancelAssetScrap: build.mutation<number, number>({
      query: (recordId) => ({ url: `/operation/asset/record/cancelScrap/${recordId}`, method: 'PUT' }),
      transformResponse: (envelope: Envelope) => savedId(envelope, 'recordId'),
      invalidatesTags: recorded,
    }),
  }),
});

export const {
  useGetAssetTypesQuery,
  useGetAssetTypeQuery,
  useSaveAssetTypeMutation,
  useDeleteAssetTypesMutation,
  useGetAssetsQuery,
  useGetAssetQuery,
  useSaveAssetMutation,
  useDeleteAssetsMutation,
  useImportAssetsMutation,
  useGetAssetRecordsQuery,
  useAddAssetRecordMutation,
  useReturnAssetsMutation,
  useCancelAssetScrapMutation,
} = assetApi;
