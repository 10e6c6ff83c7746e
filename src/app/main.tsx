import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createUpdateController, PwaNotices, registerServiceWorker } from '../core/pwa';
import { AppProviders } from '../core/ui/app-providers';
import { router } from './router';
import './global.css';

// The service worker (production builds only) and its "新版本已就绪" notice.
const updates = createUpdateController();
void registerServiceWorker(updates);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
      <PwaNotices updates={updates} />
    </AppProviders>
  </StrictMode>,
);
