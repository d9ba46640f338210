import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../features/auth/authSlice';

/** One visited page in the tags view. */
export interface TagView {
  /** Identity of the tab: the page's pathname. */
  path: string;
  /** Where the tab leads: path with query. */
  fullPath: string;
  title: string;
  titleEn?: string;
  /** Pinned: cannot be closed. */
  affix?: boolean;
  /** Not kept alive (spec: noCache pages are not cached). */
  noCache?: boolean;
}

export interface TagsViewState {
  visited: TagView[];
  /** Paths of the pages kept alive. */
  cached: string[];
}

const initialState: TagsViewState = { visited: [], cached: [] };

function addCached(state: TagsViewState, view: TagView): void {
  if (!view.noCache && !state.cached.includes(view.path)) state.cached.push(view.path);
}

/** The visited and cached lists (spec section 4): add, delete, delete others, delete all. */
const tagsViewSlice = createSlice({
  name: 'tagsView',
  initialState,
  reducers: {
    viewAdded(state, action: PayloadAction<TagView>) {
      const view = action.payload;
      const existing = state.visited.find((visited) => visited.path === view.path);
      if (existing) existing.fullPath = view.fullPath;
      else state.visited.push(view);
      addCached(state, view);
    },
    /** Closes a tab (pinned tabs stay). */
    viewDeleted(state, action: PayloadAction<string>) {
      const path = action.payload;
      state.visited = state.visited.filter((view) => view.affix || view.path !== path);
      state.cached = state.cached.filter((cached) => cached !== path);
    },
    /** Forgets a page's kept state without closing its tab (refresh). */
    cachedViewDeleted(state, action: PayloadAction<string>) {
      state.cached = state.cached.filter((cached) => cached !== action.payload);
    },
    othersDeleted(state, action: PayloadAction<string>) {
      const path = action.payload;
      state.visited = state.visited.filter((view) => view.affix || view.path === path);
      const kept = new Set(state.visited.filter((view) => !view.noCache).map((view) => view.path));
      state.cached = state.cached.filter((cached) => kept.has(cached));
    },
    allDeleted(state) {
      state.visited = state.visited.filter((view) => view.affix);
      const kept = new Set(state.visited.filter((view) => !view.noCache).map((view) => view.path));
      state.cached = state.cached.filter((cached) => kept.has(cached));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectVisitedViews: (state) => state.visited,
    selectCachedViews: (state) => state.cached,
  },
});

export const { viewAdded, viewDeleted, cachedViewDeleted, othersDeleted, allDeleted } = tagsViewSlice.actions;
export const { selectVisitedViews, selectCachedViews } = tagsViewSlice.selectors;
export default tagsViewSlice;
