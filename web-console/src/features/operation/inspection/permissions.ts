/** The permission each button of the inspection screen needs (without 'pc:'); the server grants the same. */
export const INSPECTION_PERMISSIONS = {
  query: 'operation:inspection:query',
  add: 'operation:inspection:add',
  edit: 'operation:inspection:edit',
  remove: 'operation:inspection:remove',
  deal: 'operation:inspection:deal',
} as const;

/** Listing users asks GET /system/user/list, which needs this permission. */
export const USER_LIST_PERMISSION = 'system:user:list';
/** The route dialog's pickers: GET /lighting/gateway/list and GET /project/address/getProjectAddressTree. */
export const GATEWAY_LIST_PERMISSION = 'lighting:gateway:list';
export const ADDRESS_LIST_PERMISSION = 'project:address:list';
