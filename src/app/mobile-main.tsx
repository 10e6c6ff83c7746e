import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { PwaNotices, type UpdateController } from '@/core/pwa';
import { setRouteCatalog } from '@/core/routing/catalog';
import { setNavigator } from '@/core/routing/navigate';
import { createQueryClient } from '@/core/ui/query-client';
import { buildMobileRouteObjects } from './mobile-router';
import { catalog, mobileRoutes } from './routes';

/** The phone branch: TanStack Query around the phone data router; antd-mobile comes with the shell. */
export function mount(root: HTMLElement, updates: UpdateController): void {
  setRouteCatalog(catalog);
  const router = createBrowserRouter(buildMobileRouteObjects(mobileRoutes));
  setNavigator((to, opts) => void router.navigate(to, opts));
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <PwaNotices updates={updates} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
