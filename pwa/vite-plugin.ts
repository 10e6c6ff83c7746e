import type { Plugin } from 'vite';
import { webAppManifest } from './manifest';

export const MANIFEST_FILE = 'manifest.webmanifest';

/** Emits the web app manifest into the build, and serves it in the dev server. */
export function webManifestPlugin(): Plugin {
  const text = () => `${JSON.stringify(webAppManifest(), null, 2)}\n`;
  return {
    name: 'campus-portal:web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: text() });
    },
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(text());
      });
    },
  };
}
