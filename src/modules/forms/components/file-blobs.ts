import { useEffect, useState } from 'react';
import type { FileRef } from '@/shared/forms/schema';
import { http } from '@/core/http';
import { useSession } from '@/core/session/store';
import { saveFile } from '@/core/ui/save-file';

/**
 * Form attachments are private files (/resource/api/v1.file/<id>, read with the Authorization
 * header), so an <img src> or a plain link cannot show them. Pictures are fetched once as blobs
 * and shown through object URLs; files download the same way. What this tab uploaded itself is
 * shown from the local copy — a visitor of a public form has no session to read it back with.
 * (The platform's file route, not an endpoint of this module: no call of its own in api.ts.)
 */
const PRIVATE_FILE = /^\/resource\/api\/v1\.file\/[0-9a-f-]{36}$/;
const canObjectUrl = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

const local = new Map<string, Blob>();
const urls = new Map<string, Promise<string | null>>();

/** Keep the uploaded blob of a new FileRef, so it shows without reading it back. */
export function rememberUpload(ref: FileRef, blob: Blob): void {
  local.set(ref.id, blob);
}

async function readBlob(ref: FileRef): Promise<Blob | null> {
  const mine = local.get(ref.id);
  if (mine) return mine;
  if (!useSession.getState().token) return null;
  try {
    return (await http.get<Blob>(ref.url, { responseType: 'blob', silent: true })).data;
  } catch {
    return null;
  }
}

/** An address an <img> can show: the file's own when public, else an object URL of its blob (null: not readable here). */
export function fileDisplayUrl(ref: FileRef): Promise<string | null> {
  if (!PRIVATE_FILE.test(ref.url)) return Promise.resolve(ref.url);
  let p = urls.get(ref.id);
  if (!p) {
    p = readBlob(ref).then((b) => (b && canObjectUrl() ? URL.createObjectURL(b) : null));
    // A failed read may succeed later (after signing in).
    p.then((u) => {
      if (u === null) urls.delete(ref.id);
    });
    urls.set(ref.id, p);
  }
  return p;
}

/** Display URLs of several files by id; a file not (yet) readable is missing from the map. */
export function useFileUrls(refs: readonly FileRef[]): Record<string, string> {
  const [map, setMap] = useState<Record<string, string>>({});
  const key = refs.map((r) => r.id).join(',');
  useEffect(() => {
    let live = true;
    for (const r of refs) {
      void fileDisplayUrl(r).then((u) => {
        if (live && u) setMap((m) => (m[r.id] === u ? m : { ...m, [r.id]: u }));
      });
    }
    return () => {
      live = false;
    };
    // refs is read through its ids (key): a new array of the same files changes nothing.
  }, [key]);
  return map;
}

export function useFileUrl(ref: FileRef | null): string | undefined {
  const map = useFileUrls(ref ? [ref] : []);
  return ref ? map[ref.id] : undefined;
}

/** Download an attachment under its own name; false when it cannot be read here. */
export async function downloadFile(ref: FileRef): Promise<boolean> {
  if (!PRIVATE_FILE.test(ref.url)) {
    window.open(ref.url, '_blank', 'noopener');
    return true;
  }
  const blob = await readBlob(ref);
  if (!blob) return false;
  saveFile(blob, ref.name);
  return true;
}
