import { createAppAsyncThunk } from '../../app/hooks';
import { menuApi } from './api';
import { routesLoaded } from './routesSlice';

/**
 * Reads the signed-in user's route tree again (GET /system/menu/getRouters) and puts it in
 * place of the session's: the sidebar, the breadcrumb, the header search and the route table
 * follow a menu that was added, edited or deleted. A failure keeps the tree the session has
 * (the request's error was shown by the client).
 */
export const reloadRoutes = createAppAsyncThunk('routes/reload', async (_: void, { dispatch }) => {
  try {
    const routes = await dispatch(menuApi.endpoints.getRouters.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
    dispatch(routesLoaded(routes));
  } catch {
    // the session's tree stays
  }
});
