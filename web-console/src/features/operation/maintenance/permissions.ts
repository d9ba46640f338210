/** The permission each button of the maintenance screen needs (without 'pc:'); the server grants the same. */
export const MAINTENANCE_PERMISSIONS = {
  query: 'operation:maintenance:query',
  add: 'operation:maintenance:add',
  edit: 'operation:maintenance:edit',
  remove: 'operation:maintenance:remove',
  finish: 'operation:maintenance:finish',
} as const;
