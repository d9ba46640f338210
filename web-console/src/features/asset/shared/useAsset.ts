import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectProjectId } from '../../auth/authSlice';
import { useGetAssetRecordsQuery, useGetAssetsQuery, useGetAssetTypesQuery } from '../api';
import type { AssetQuery, AssetRecordQuery, AssetTypeQuery } from '../types';
import { typeOption } from './text';

/** Types and assets offered in the dialogs and the search form: the first page the server gives at most. */
export const PICKER_SIZE = 500;

function useProject(): string {
  return useAppSelector(selectProjectId) ?? '';
}

/**
 * The list kit's sources: a page of the selected project's records. The project keys the
 * cache, so another project's answers are never shown for this one.
 */
export function useProjectAssets(query: AssetQuery) {
  return useGetAssetsQuery({ ...query, projectId: useProject() });
}

export function useProjectRecords(query: AssetRecordQuery) {
  return useGetAssetRecordsQuery({ ...query, projectId: useProject() });
}

export function useProjectTypes(query: AssetTypeQuery) {
  return useGetAssetTypesQuery({ ...query, projectId: useProject() });
}

/** The project's types with their attributes, and as options of a Select (value: typeId; the name in the current language). */
export function useTypeOptions() {
  const { i18n } = useTranslation();
  const { data, isFetching } = useGetAssetTypesQuery({ pageNum: 1, pageSize: PICKER_SIZE, projectId: useProject() });
  const types = useMemo(() => data?.rows ?? [], [data]);
  const options = useMemo(() => types.map((type) => typeOption(i18n.language, type)), [types, i18n.language]);
  return { types, options, loading: isFetching };
}

/** The project's assets a record may take (`status`: only those in it), for the record dialog's picker. */
export function useAssetChoices(status: string | undefined, skip = false) {
  const query = { pageNum: 1, pageSize: PICKER_SIZE, projectId: useProject(), ...(status === undefined ? {} : { status }) };
  const { data, isFetching } = useGetAssetsQuery(query, { skip, refetchOnMountOrArgChange: true });
  return { assets: data?.rows ?? [], loading: isFetching };
}
