import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/reset.css';
import './index.css';
import './i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { provideStore } from './app/storeAccess';

// Redux and RTK Query arrive with the first signed-in page, not with the sign-in page.
provideStore(() => import('./app/storeInstance').then((module) => module.store));
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
