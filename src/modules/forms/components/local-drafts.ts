import { del, get, set } from 'idb-keyval';
import type { FormValues } from '@/shared/forms/schema';

/** What a closed tab leaves behind: the values typed so far (IndexedDB, through idb-keyval). */
export interface LocalDraft {
  values: FormValues;
  savedAt: number;
}

export const AUTOSAVE_DELAY_MS = 800;

/** One draft per form, version and person (a visitor is 'guest'): a new version starts clean, another account never sees it. */
export const localDraftKey = (formId: number, version: number, userId: number | null | undefined) =>
  `formDraft:${formId}:v${version}:${userId ?? 'guest'}`;

// IndexedDB may be missing (private mode, old browsers): filling still works, only without autosave.
export async function readLocalDraft(key: string): Promise<LocalDraft | null> {
  try {
    const d = await get<LocalDraft>(key);
    return d && typeof d === 'object' && d.values && typeof d.values === 'object' ? d : null;
  } catch {
    return null;
  }
}

export async function writeLocalDraft(key: string, values: FormValues): Promise<void> {
  try {
    await set(key, { values, savedAt: Date.now() } satisfies LocalDraft);
  } catch {
    // no IndexedDB: nothing to keep
  }
}

export async function clearLocalDraft(key: string): Promise<void> {
  try {
    await del(key);
  } catch {
    // no IndexedDB: nothing to clear
  }
}
