/** The permission each button of the asset screen needs (without 'pc:'); the server grants the same. */
export const ASSET_PERMISSIONS = {
  query: 'operation:asset:query',
  add: 'operation:asset:add',
  edit: 'operation:asset:edit',
  remove: 'operation:asset:remove',
  export: 'operation:asset:export',
  /** The import and its template. */
  import: 'operation:asset:import',
  /** Receive and return. */
  receive: 'operation:asset:receive',
  repair: 'operation:asset:repair',
  /** Scrap and cancel a scrap. */
  scrap: 'operation:asset:scrap',
} as const;
