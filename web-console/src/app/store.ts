import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import authSlice from '../features/auth/authSlice';
import routesSlice from '../features/menu/routesSlice';
import tagsViewSlice from '../layout/tagsViewSlice';
import uiSlice from './uiSlice';

const rootReducer = combineSlices(api, authSlice, routesSlice, uiSlice, tagsViewSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Creates a store; tests make their own, the app makes one in main.tsx. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
