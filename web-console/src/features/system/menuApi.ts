import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { reloadRoutes } from '../menu/reloadRoutes';
import { LIST } from './api';
import type { Menu, MenuChange, MenuFilter } from './types';

/**
 * Menus as administrators edit them (contract: docs/api-compatibility.md, "Menus"; RuoYi-Vue's
 * api/system/menu.js). What is edited here is what getRouters serves: once a change is saved,
 * the session's route tree is read again, so the sidebar follows at once.
 */

/** After a saved change: the session's routes again (the sidebar, breadcrumb and search follow). */
const followRoutes = async (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> }) => {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  await dispatch(reloadRoutes());
};

export const menuApi = api.enhanceEndpoints({ addTagTypes: ['Menu'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every menu and button, flat, by parent and order; searched by name (either language) and status. */
    getMenus: build.query<Menu[], MenuFilter>({
      query: (filter) => ({ url: '/system/menu/list', params: { ...filter } }),
      transformResponse: (envelope: Envelope) => (Array.isArray(envelope.data) ? (envelope.data as Menu[]) : []),
      providesTags: [{ type: 'Menu', id: LIST }],
    }),
    addMenu: build.mutation<void, MenuChange>({
      query: (body) => ({ url: '/system/menu', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Menu', id: LIST }],
      onQueryStarted: followRoutes,
    }),
    updateMenu: build.mutation<void, MenuChange & { menuId: number }>({
      query: (body) => ({ url: '/system/menu', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Menu', id: LIST }],
      onQueryStarted: followRoutes,
    }),
    /** Refused (code 500, the server's message) for a menu with sub-menus or one a role holds. */
    deleteMenu: build.mutation<void, number>({
      query: (menuId) => ({ url: `/system/menu/${menuId}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Menu', id: LIST }],
      onQueryStarted: followRoutes,
    }),
  }),
});

export const { useGetMenusQuery, useAddMenuMutation, useUpdateMenuMutation, useDeleteMenuMutation } = menuApi;
