import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import { LIST } from './api';
import type { Config, ConfigChange, ConfigQuery, DictData, DictDataChange, DictDataQuery, DictType, DictTypeChange, DictTypeQuery } from './types';

/**
 * Parameters and dictionaries (contract: docs/api-compatibility.md, "Parameters and
 * dictionaries"). Apart from api.ts, which the layout loads on every page for `getDicts`: these
 * screens' endpoints come with their pages only. A change to a dictionary's items invalidates
 * that type's `getDicts` (tag `{type: 'Dict', id: dictType}`), so every page shows the new labels.
 */

const dictTags = (types: readonly string[]) => types.map((type) => ({ type: 'Dict' as const, id: type }));

export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Config', 'DictType', 'DictData'] }).injectEndpoints({
  endpoints: (build) => ({
    getConfigs: build.query<ListPage<Config>, ConfigQuery>({
      query: (params) => ({ url: '/system/config/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Config>(envelope),
      providesTags: [{ type: 'Config', id: LIST }],
    }),
    addConfig: build.mutation<void, ConfigChange>({
      query: (body) => ({ url: '/system/config', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Config', id: LIST }],
    }),
    updateConfig: build.mutation<void, ConfigChange & { configId: number }>({
      query: (body) => ({ url: '/system/config', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Config', id: LIST }],
    }),
    deleteConfigs: build.mutation<void, number[]>({
      query: (configIds) => ({ url: `/system/config/${configIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Config', id: LIST }],
    }),
    /** DELETE /system/config/refreshCache: every replica's cache of the parameters. */
    refreshConfigCache: build.mutation<void, void>({
      query: () => ({ url: '/system/config/refreshCache', method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Config', id: LIST }],
    }),

    getDictTypes: build.query<ListPage<DictType>, DictTypeQuery>({
      query: (params) => ({ url: '/system/dict/type/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<DictType>(envelope),
      providesTags: [{ type: 'DictType', id: LIST }],
    }),
    addDictType: build.mutation<void, DictTypeChange>({
      query: (body) => ({ url: '/system/dict/type', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'DictType', id: LIST }],
    }),
    /** A new key moves the type's items with it (RuoYi's): the items and both keys' lookups are read again. */
    updateDictType: build.mutation<void, DictTypeChange & { dictId: number; previousType: string }>({
      query: ({ previousType: _previousType, ...body }) => ({ url: '/system/dict/type', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [{ type: 'DictType', id: LIST }, { type: 'DictData', id: LIST }, ...dictTags([body.previousType, body.dictType])],
    }),
    deleteDictTypes: build.mutation<void, DictType[]>({
      query: (types) => ({ url: `/system/dict/type/${types.map((type) => type.dictId).join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, types) => [{ type: 'DictType', id: LIST }, ...dictTags(types.map((type) => type.dictType))],
    }),
    /** DELETE /system/dict/type/refreshCache: the server's caches, then every lookup is read again. */
    refreshDictCache: build.mutation<void, void>({
      query: () => ({ url: '/system/dict/type/refreshCache', method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Dict', { type: 'DictType', id: LIST }, { type: 'DictData', id: LIST }],
    }),

    getDictData: build.query<ListPage<DictData>, DictDataQuery>({
      query: (params) => ({ url: '/system/dict/data/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<DictData>(envelope),
      providesTags: [{ type: 'DictData', id: LIST }],
    }),
    addDictData: build.mutation<void, DictDataChange>({
      query: (body) => ({ url: '/system/dict/data', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [{ type: 'DictData', id: LIST }, ...dictTags([body.dictType])],
    }),
    updateDictData: build.mutation<void, DictDataChange & { dictCode: number }>({
      query: (body) => ({ url: '/system/dict/data', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [{ type: 'DictData', id: LIST }, ...dictTags([body.dictType])],
    }),
    deleteDictData: build.mutation<void, DictData[]>({
      query: (items) => ({ url: `/system/dict/data/${items.map((item) => item.dictCode).join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, items) => [{ type: 'DictData', id: LIST }, ...dictTags([...new Set(items.map((item) => item.dictType))])],
    }),
  }),
});

export const {
  useGetConfigsQuery,
  useAddConfigMutation,
  useUpdateConfigMutation,
  useDeleteConfigsMutation,
  useRefreshConfigCacheMutation,
  useGetDictTypesQuery,
  useAddDictTypeMutation,
  useUpdateDictTypeMutation,
  useDeleteDictTypesMutation,
  useRefreshDictCacheMutation,
  useGetDictDataQuery,
  useAddDictDataMutation,
  useUpdateDictDataMutation,
  useDeleteDictDataMutation,
} = settingsApi;
