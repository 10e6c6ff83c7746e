import { openApp } from '../api';

/**
 * Opens an app the way its kind wants: an in-app page in this tab (through the router's `go`),
 * an external system in a new tab. The server records the use and answers the address (with the
 * single sign-on hop when configured). The new tab is opened before the call so no pop-up blocker
 * takes it for an unasked window.
 */
export async function launchApp(
  app: { id: number; kind: string },
  device: 'desktop' | 'phone',
  go: (path: string) => void,
): Promise<void> {
  const tab = app.kind === 'external' ? window.open('', '_blank') : null;
  try {
    const r = await openApp(app.id, device);
    if (r.data.kind === 'internal') go(r.data.url);
    else if (tab) {
      tab.opener = null;
      tab.location.href = r.data.url;
    } else window.location.href = r.data.url;
  } catch (e) {
    tab?.close();
    throw e;
  }
}
