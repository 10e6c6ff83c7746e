import type { DataTableDef } from '../contract';
import type * as repo from './repository';

/** One row a sync is about to change: its id and the changed values (a hook may take fields out). */
export interface SyncUpdate {
  id: number;
  set: Record<string, string | number | null>;
}

/**
 * Holds on synced values (一表通: an approved correction the owning system has not confirmed yet).
 * Called once per sync batch that changes rows, in the sync's transaction, before the rows are
 * written: a hook removes the fields it holds from `set` (and records the conflict its own way).
 * Registering a name again replaces it. Keep hooks cheap: one indexed lookup per batch.
 */
export type SyncHoldHook = (q: repo.Conn, def: DataTableDef, updates: SyncUpdate[], now: number) => Promise<void>;

const hooks = new Map<string, SyncHoldHook>();

export function onSyncUpdate(name: string, hook: SyncHoldHook): void {
  hooks.set(name, hook);
}

export async function applySyncHolds(q: repo.Conn, def: DataTableDef, updates: SyncUpdate[], now: number) {
  for (const hook of hooks.values()) await hook(q, def, updates, now);
}
