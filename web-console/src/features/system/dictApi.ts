import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';

/** An item of a dictionary (GET /system/dict/data/type/{type}). */
export interface DictItem {
  dictValue: string;
  dictLabel: string;
  dictLabelZh?: string;
  dictLabelEn?: string;
  [field: string]: unknown;
}

/**
 * The dictionaries, apart from the system screens' endpoints: the layout (the menu-module
 * switcher) and the other modules' pages read them, and carry only this one.
 */
export const dictApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDicts: build.query<DictItem[], string>({
      query: (type) => ({ url: `/system/dict/data/type/${encodeURIComponent(type)}` }),
      transformResponse: (envelope: Envelope) => (Array.isArray(envelope.data) ? (envelope.data as DictItem[]) : []),
      providesTags: (_result, _error, type) => [{ type: 'Dict', id: type }],
    }),
  }),
});

export const { useGetDictsQuery } = dictApi;

/** A dictionary label in the current language. */
export function dictLabel(item: DictItem, language: string): string {
  if (language === 'en') return item.dictLabelEn || item.dictLabel;
  return item.dictLabelZh || item.dictLabel;
}
