import { useEffect } from 'react';
import { useSession } from '@/core/session/store';
import { recordFootprints } from '../../api';
import type { FootprintRecordBody } from '../../contract';

type Visit = FootprintRecordBody['visits'][number];

const FLUSH_MS = 3000;
const MAX_BATCH = 20;
const queue: Visit[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  timer = null;
  const batch = queue.splice(0, MAX_BATCH);
  if (batch.length) void recordFootprints({ visits: batch }).catch(() => undefined);
  if (queue.length) timer = setTimeout(flush, FLUSH_MS);
}

/** Queue one page view; sent in batches (one insert per view, one call per few seconds). */
export function recordVisit(v: Omit<Visit, 'at'>) {
  const path = v.path.slice(0, 300);
  if (!/^\/[A-Za-z0-9/_?&=%.-]*$/.test(path) || !v.title) return;
  queue.push({ ...v, path, title: v.title.slice(0, 100), at: Date.now() });
  if (queue.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(flush, FLUSH_MS);
}

/**
 * 我的足迹's recorder for a frame: every signed-in page view under /web (service items — the
 * eventService pages — as items). The web layout calls it once.
 */
export function useFootprint(pathname: string, search: string, title: string | undefined) {
  const token = useSession((st) => st.token);
  useEffect(() => {
    if (!token || !title || !pathname.startsWith('/web/')) return;
    recordVisit({ kind: pathname.startsWith('/web/eventService/') ? 'item' : 'page', path: pathname + search, title });
  }, [token, pathname, search, title]);
}
