import { createContext, useContext, useEffect, useMemo } from 'react';
import type { QueryParams } from '../../../api/client';
import type { ListResult } from '../../../components/listPage';
import { useGetDictDataQuery } from '../settingsApi';
import type { DictData, DictDataQuery } from '../types';

export interface DictDataListState {
  /** The type whose items are listed (and to which an added item belongs). */
  dictType: string;
  /** Told the query of every list request (the export posts the same filters). */
  onQuery: (query: DictDataQuery) => void;
}

/** What the items view adds to the list kit's query, and hears back. */
export const DictDataListContext = createContext<DictDataListState>({ dictType: '', onQuery: () => undefined });

/** GET /system/dict/data/list with the search form's filters, the page, and the type. */
export function useDictDataList(query: DictDataQuery): ListResult<DictData> {
  const { dictType, onQuery } = useContext(DictDataListContext);
  const asked = useMemo(() => ({ ...query, dictType }), [query, dictType]);
  useEffect(() => onQuery(asked), [asked, onQuery]);
  return useGetDictDataQuery(asked);
}

/** A list query's filters as the export's form (paging left out). */
export function exportFilters(query: DictDataQuery): QueryParams {
  const filters: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'pageNum' || key === 'pageSize') continue;
    if (typeof value === 'string' || typeof value === 'number') filters[key] = value;
  }
  return filters;
}
