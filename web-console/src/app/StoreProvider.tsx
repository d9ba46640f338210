import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/** Wraps a page in the Redux provider; loaded together with the store. */
export function withStore(store: AppStore, Page: ComponentType): ComponentType {
  function WithStore() {
    return (
      <Provider store={store}>
        <Page />
      </Provider>
    );
  }
  WithStore.displayName = `WithStore(${Page.displayName ?? Page.name})`;
  return WithStore;
}
