import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { PwaNotices, type UpdateController } from '@/core/pwa';
import { setRouteCatalog } from '@/core/routing/catalog';
import { setNavigator } from '@/core/routing/navigate';
import { buildMobileRouteObjects } from './mobile-router';
import { preloadPage } from './page-route';
import { mobileCatalog, mobileRoutes } from './mobile-routes';

/** The phone branch: the phone data router; antd-mobile comes with the shell, TanStack Query with the pages that read data (query-frame.tsx). */
export function mount(root: HTMLElement, updates: UpdateController): void {
  setRouteCatalog(mobileCatalog);
  preloadPage(mobileRoutes, window.location.pathname);
  const router = createBrowserRouter(buildMobileRouteObjects(mobileRoutes));
  setNavigator((to, opts) => void router.navigate(to, opts));
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <PwaNotices updates={updates} />
    </StrictMode>,
  );
}
