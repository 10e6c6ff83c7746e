import { useEffect, useState } from 'react';
import { http } from '../http';

/** Where the server keeps uploaded files (src/server/uploads: GET /resource/api/v1.file/:id). */
const STORED_FILE = /^\/resource\/api\/v1\.file\/[0-9a-f-]{36}$/;

/**
 * A src an <img> can show for a stored file: a private upload (an avatar) needs the session's
 * Authorization header, which an <img> does not send, so it is fetched with the request layer
 * and shown from an object URL (released when the url changes or the component leaves). Any
 * other address (a public logo, a data: URL) is returned as it is; null while loading or failed.
 */
export function useFileSrc(url: string | null | undefined): string | null {
  const stored = !!url && STORED_FILE.test(url);
  const [loaded, setLoaded] = useState<{ url: string; src: string } | null>(null);

  useEffect(() => {
    if (!url || !stored) return;
    let objectUrl: string | null = null;
    let live = true;
    http
      .get<Blob>(url, { responseType: 'blob', silent: true })
      .then((answer) => {
        if (!live || !(answer.data instanceof Blob)) return;
        objectUrl = URL.createObjectURL(answer.data);
        setLoaded({ url, src: objectUrl });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, stored]);

  if (!url) return null;
  if (!stored) return url;
  return loaded?.url === url ? loaded.src : null;
}
