import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { buildMenu, flattenRoutes } from '../../routes/menu';
import { withSubPages } from '../../routes/subPages';
import type { ServerRoute } from '../../routes/types';

export interface RoutesState {
  /** The server's route tree for this session. */
  tree: ServerRoute[];
  /** Set once user info and routes have been loaded after sign-in. */
  loaded: boolean;
}

const initialState: RoutesState = { tree: [], loaded: false };

const routesSlice = createSlice({
  name: 'routes',
  initialState,
  reducers: {
    routesLoaded(state, action: PayloadAction<ServerRoute[]>) {
      state.tree = action.payload;
      state.loaded = true;
    },
    routesCleared() {
      return initialState;
    },
  },
  selectors: {
    selectRouteTree: (state) => state.tree,
    selectRoutesLoaded: (state) => state.loaded,
  },
});

export const { routesLoaded, routesCleared } = routesSlice.actions;
export const { selectRouteTree, selectRoutesLoaded } = routesSlice.selectors;

/** Sidebar entries built from the permitted routes. */
export const selectMenu = createSelector([selectRouteTree], (tree) => buildMenu(tree));
/** Every server route by full path (and the console's sub-pages), for resolving the current location. */
export const selectRouteEntries = createSelector([selectRouteTree], (tree) => withSubPages(flattenRoutes(tree)));

export default routesSlice;
