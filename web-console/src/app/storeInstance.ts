import { makeStore } from './store';

/** The app's one store, created when the first signed-in page needs it. */
export const store = makeStore();
