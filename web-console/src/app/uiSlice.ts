import { createSlice } from '@reduxjs/toolkit';
import { getSidebarOpened, setSidebarOpened } from '../lib/session';

export interface UiState {
  sidebarOpened: boolean;
  /** Bumped to remount the main content (language or project change). */
  contentVersion: number;
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ sidebarOpened: getSidebarOpened(), contentVersion: 0 }),
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpened = !state.sidebarOpened;
      setSidebarOpened(state.sidebarOpened);
    },
    contentReloaded(state) {
      state.contentVersion += 1;
    },
  },
  selectors: {
    selectSidebarOpened: (state) => state.sidebarOpened,
    selectContentVersion: (state) => state.contentVersion,
  },
});

export const { sidebarToggled, contentReloaded } = uiSlice.actions;
export const { selectSidebarOpened, selectContentVersion } = uiSlice.selectors;
export default uiSlice;
