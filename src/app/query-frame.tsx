import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '@/core/ui/query-client';
// every phone page but the sign-in page may open an imperative pop-up (Dialog, Toast…) at once
import '@/core/ui/antd-mobile-render';

// One client for the page load, so a page's data outlives a visit to the sign-in page and back.
const client = createQueryClient();

/**
 * TanStack Query around the phone pages that read server data (issue 14): a frame loaded with the
 * first of them, so the phone login — which reads none — does not download it (~10 KB gzip).
 */
export default function QueryFrame() {
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
