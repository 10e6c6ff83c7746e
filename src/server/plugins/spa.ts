import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { Codes } from '@/shared/errors';

const API_PREFIX = /^\/(user|portal|workflow|message|affairs|data|bi|warning|resource\/api|invoker_server)\//;
const notFoundBody = { errorCode: Codes.notFound, message: '请求的资源不存在', data: null };

/** The path of a request URL, percent-decoded; null when its escapes are broken. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/**
 * Serves the built client: hashed files under /resource/ cached for a year, index.html and
 * the service worker never cached, and every other GET falls back to index.html so each
 * client route deep-links. Unknown API paths answer a JSON 404 instead.
 */
export const spaPlugin = fp(async (app, opts: { root: string }) => {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // serve: false — we only want reply.sendFile; our own route decides what is a file.
  // preCompressed: the build's .br/.gz twins of scripts and styles go to browsers that accept them.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  const isFile = (rel: string) => {
    const abs = path.join(root, rel);
    return abs.startsWith(root + path.sep) && fs.statSync(abs, { throwIfNoEntry: false })?.isFile() === true;
  };

  app.get('/*', { config: { access: 'public' } }, async (req, reply) => {
    const url = decodedPath(req.url);
    // A NUL byte makes fs throw (GET /%00 answered 500): no file or client route has one.
    if (url === null || url.includes('\0')) return reply.status(404).send(notFoundBody);
    if (API_PREFIX.test(url) || !hasBuild) return reply.status(404).send(notFoundBody);
    const rel = url.replace(/^\/+/, '');
    // Dot folders (.vite/manifest.json maps chunks to source paths) are build internals.
    if (rel.split('/').some((seg) => seg.startsWith('.'))) return reply.status(404).send(notFoundBody);
    // The compressed twins are served in place of their file, never by their own names.
    if (/\.(br|gz)$/.test(rel)) return reply.status(404).send(notFoundBody);
    if (rel && isFile(rel)) {
      const hashed = rel.startsWith('resource/');
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(rel, { cacheControl: false });
    }
    if (rel.startsWith('resource/') || path.extname(rel)) return reply.status(404).send(notFoundBody);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });

  app.setNotFoundHandler((_req, reply) => reply.status(404).send(notFoundBody));
});
