import { useMemo } from 'react';
import type { ListResult } from '../../../components/listPage';
import { useGetAddressesQuery } from '../addressApi';
import type { AddressQuery } from '../types';
import { pageOf } from '../../../api/lists';
import { addressRows, type AddressRow } from './addressTree';

/**
 * The addresses for the list kit's tree table: GET /project/address/list (flat and whole)
 * with the name filter, built into a tree by parentId, one page of its top-level addresses.
 */
export function useAddressList(query: AddressQuery): ListResult<AddressRow> {
  const { data, isFetching, refetch } = useGetAddressesQuery({ addressName: query.addressName });
  const page = useMemo(() => (data ? pageOf(addressRows(data), query.pageNum, query.pageSize) : undefined), [data, query.pageNum, query.pageSize]);
  return { data: page, isFetching, refetch };
}
