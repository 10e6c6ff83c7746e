import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { PwaNotices, type UpdateController } from '@/core/pwa';
import { setRouteCatalog } from '@/core/routing/catalog';
import { setNavigator } from '@/core/routing/navigate';
import { AppProviders } from '@/core/ui/app-providers';
import { buildDesktopRouteObjects } from './desktop-router';
import { preloadPage } from './page-route';
import { catalog, desktopRoutes } from './routes';

/** The desktop branch: antd (zh_CN, theme, TanStack Query) around the desktop data router. */
export function mount(root: HTMLElement, updates: UpdateController): void {
  setRouteCatalog(catalog);
  preloadPage(desktopRoutes, window.location.pathname);
  const router = createBrowserRouter(buildDesktopRouteObjects(desktopRoutes));
  // The request layer navigates (expired session, licence, no permission) through the data router.
  setNavigator((to, opts) => void router.navigate(to, opts));
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
        <PwaNotices updates={updates} />
      </AppProviders>
    </StrictMode>,
  );
}
