import { useMatches } from 'react-router-dom';
import type { AppRoute, RouteMeta } from '@/core/routing/types';

/** The route the router matched last (the page), carried on each page route's `handle`. */
export function useCurrentRoute(): AppRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle as { route?: AppRoute } | undefined;
    if (h?.route) return h.route;
  }
  return null;
}

/** The page's layout flags, defaulting to everything shown. */
export function useRouteMeta(): Required<Pick<RouteMeta, 'showHeader' | 'showSider' | 'showFoot'>> & RouteMeta {
  const meta = useCurrentRoute()?.meta ?? { title: '' };
  return {
    ...meta,
    showHeader: meta.showHeader ?? true,
    showSider: meta.showSider ?? true,
    showFoot: meta.showFoot ?? true,
  };
}
