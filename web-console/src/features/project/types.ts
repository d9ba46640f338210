/** An address of the selected project (GET /project/address/list, /project/address/{id}). */
export interface Address {
  addressId: number;
  parentId: number;
  ancestors: string;
  addressName: string;
  orderNum: number;
  remark: string;
  hasChildren?: boolean;
  createTime?: string | null;
}

/** The address list's filters. */
export interface AddressFilter {
  addressName?: string;
}

/** The address list's query: the filters, and the page of the tree's top-level rows. */
export interface AddressQuery extends AddressFilter {
  pageNum: number;
  pageSize: number;
}

/** POST /project/address body; PUT adds addressId. */
export interface AddressChange {
  parentId: number;
  addressName: string;
  orderNum: number;
  remark: string;
}
