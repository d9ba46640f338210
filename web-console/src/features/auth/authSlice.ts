import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getMenuModule, getProjectId, getProjectName, getToken } from '../../lib/session';
import type { SessionInfo, UserProfile } from './types';

export interface AuthState {
  token: string | undefined;
  user: UserProfile | null;
  roles: string[];
  permissions: string[];
  defaultMenu: string;
  /** Selected project, or undefined (cookie absent or -1). */
  projectId: string | undefined;
  projectName: string;
  menuModule: string;
}

function initialState(): AuthState {
  return {
    token: getToken(),
    user: null,
    roles: [],
    permissions: [],
    defaultMenu: '',
    projectId: getProjectId(),
    projectName: getProjectName(),
    menuModule: getMenuModule(),
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    tokenChanged(state, action: PayloadAction<string | undefined>) {
      state.token = action.payload;
    },
    sessionLoaded(state, action: PayloadAction<SessionInfo>) {
      state.user = action.payload.user;
      state.roles = action.payload.roles;
      state.permissions = action.payload.permissions;
      state.defaultMenu = action.payload.defaultMenu;
    },
    projectChanged(state, action: PayloadAction<{ id: string | undefined; name: string }>) {
      state.projectId = action.payload.id;
      state.projectName = action.payload.name;
    },
    menuModuleChanged(state, action: PayloadAction<string>) {
      state.menuModule = action.payload;
    },
    /** The personal center changed the user's own details. */
    userUpdated(state, action: PayloadAction<Partial<UserProfile>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    loggedOut(state) {
      Object.assign(state, initialState(), {
        token: undefined,
        projectId: undefined,
        projectName: '',
      });
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectPermissions: (state) => state.permissions,
    selectRoles: (state) => state.roles,
    selectProjectName: (state) => state.projectName,
    selectProjectId: (state) => state.projectId,
    selectMenuModule: (state) => state.menuModule,
  },
});

export const { tokenChanged, sessionLoaded, projectChanged, menuModuleChanged, userUpdated, loggedOut } =
  authSlice.actions;
export const {
  selectToken,
  selectUser,
  selectPermissions,
  selectRoles,
  selectProjectName,
  selectProjectId,
  selectMenuModule,
} = authSlice.selectors;
export default authSlice;
