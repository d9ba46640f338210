import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';

export interface DictItem {
  dictValue: string;
  dictLabel: string;
  dictLabelZh?: string;
  dictLabelEn?: string;
  [field: string]: unknown;
}

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDicts: build.query<DictItem[], string>({
      query: (type) => ({ url: `/system/dict/data/type/${encodeURIComponent(type)}` }),
      transformResponse: (envelope: Envelope) => (Array.isArray(envelope.data) ? (envelope.data as DictItem[]) : []),
      providesTags: (_result, _error, type) => [{ type: 'Dict', id: type }],
    }),
  }),
});

/** Parameter values (GET /system/config/configKey/{key}) are read through app/configValues.ts. */
export const { useGetDictsQuery } = systemApi;

/** A dictionary label in the current language. */
export function dictLabel(item: DictItem, language: string): string {
  if (language === 'en') return item.dictLabelEn || item.dictLabel;
  return item.dictLabelZh || item.dictLabel;
}
