import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import type { Address, AddressChange, AddressFilter, AddressTreeNode } from './types';

const LIST = 'LIST';

function listOf<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** The address screen's calls (spec section 7, "Project address"), in the selected project. */
export const addressApi = api.enhanceEndpoints({ addTagTypes: ['Address'] }).injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<Address[], AddressFilter>({
      query: (filter) => ({ url: '/project/address/list', params: { ...filter } }),
      transformResponse: (envelope: Envelope) => listOf<Address>(envelope.data),
      providesTags: [{ type: 'Address', id: LIST }],
    }),
    /** The selected project's addresses as a tree of {id, parentId, name, children} (pickers). */
    getAddressTree: build.query<AddressTreeNode[], number | string>({
      query: () => ({ url: '/project/address/getProjectAddressTree' }),
      transformResponse: (envelope: Envelope) => listOf<AddressTreeNode>(envelope.data),
      providesTags: [{ type: 'Address', id: LIST }],
    }),
    addAddress: build.mutation<void, AddressChange>({
      query: (body) => ({ url: '/project/address', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Address', id: LIST }],
    }),
    updateAddress: build.mutation<void, AddressChange & { addressId: number }>({
      query: (body) => ({ url: '/project/address', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Address', id: LIST }],
    }),
    deleteAddress: build.mutation<void, number>({
      query: (addressId) => ({ url: `/project/address/${addressId}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Address', id: LIST }],
    }),
  }),
});

export const {
  useGetAddressesQuery,
  useGetAddressTreeQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = addressApi;
