import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getSidebarOpened, setSidebarOpened } from '../lib/session';

export type Device = 'desktop' | 'mobile';

export interface UiState {
  sidebar: {
    opened: boolean;
    /** Close at once, without the collapse animation (switching to mobile). */
    withoutAnimation: boolean;
  };
  device: Device;
  /** Bumped to remount the main content (language or project change). */
  contentVersion: number;
  /** The top bar's project picker: shown or not, and how many times it was opened. */
  projectPicker: { open: boolean; opening: number };
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({
    sidebar: { opened: getSidebarOpened(), withoutAnimation: false },
    device: 'desktop',
    contentVersion: 0,
    projectPicker: { open: false, opening: 0 },
  }),
  reducers: {
    sidebarToggled(state) {
      state.sidebar.opened = !state.sidebar.opened;
      state.sidebar.withoutAnimation = false;
      setSidebarOpened(state.sidebar.opened);
    },
    sidebarClosed(state, action: PayloadAction<{ withoutAnimation: boolean }>) {
      state.sidebar.opened = false;
      state.sidebar.withoutAnimation = action.payload.withoutAnimation;
      setSidebarOpened(false);
    },
    deviceChanged(state, action: PayloadAction<Device>) {
      state.device = action.payload;
    },
    contentReloaded(state) {
      state.contentVersion += 1;
    },
    /** Opens the project picker, afresh (from the top bar, or a page that needs a project). */
    projectPickerOpened(state) {
      state.projectPicker = { open: true, opening: state.projectPicker.opening + 1 };
    },
    projectPickerClosed(state) {
      state.projectPicker.open = false;
    },
  },
  selectors: {
    selectSidebarOpened: (state) => state.sidebar.opened,
    selectSidebarWithoutAnimation: (state) => state.sidebar.withoutAnimation,
    selectDevice: (state) => state.device,
    selectContentVersion: (state) => state.contentVersion,
    selectProjectPicker: (state) => state.projectPicker,
  },
});

export const { sidebarToggled, sidebarClosed, deviceChanged, contentReloaded, projectPickerOpened, projectPickerClosed } =
  uiSlice.actions;
export const { selectSidebarOpened, selectSidebarWithoutAnimation, selectDevice, selectContentVersion, selectProjectPicker } =
  uiSlice.selectors;
export default uiSlice;
