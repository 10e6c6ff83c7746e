import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { DataSourceItem, DatasetItem, DatasetPreview } from '../contract';
import { readDataset } from './commands/datasets';
import { httpPages } from './connectors/http';

/** A small JSON API: 23 books, paged three ways, behind a bearer token. */
const BOOKS = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  isbn: `978-7-${String(i + 1).padStart(5, '0')}`,
  title: `图书${i + 1}`,
  due: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
  price: 20 + i / 2,
}));
const TOKEN = 'lib-token-42';

let server: http.Server;
let base: string;
let app: TestApp;
const seenAuth: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seenAuth.push(String(req.headers['x-api-key'] ?? ''));
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>维护中</html>');
    }
    if (req.headers['x-api-key'] !== `Token ${TOKEN}`) return json(401, { error: 'unauthorised' });
    if (url.pathname === '/api/books') {
      const page = Number(url.searchParams.get('pageNo') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      return json(200, { code: 0, data: { list: BOOKS.slice((page - 1) * size, page * size) } });
    }
    if (url.pathname === '/api/cursor') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const next = from + 10 < BOOKS.length ? `/api/cursor?from=${from + 10}` : null;
      return json(200, { items: BOOKS.slice(from, from + 10), links: { next } });
    }
    if (url.pathname === '/api/escape')
      return json(200, { items: BOOKS.slice(0, 1), links: { next: 'http://elsewhere.example/steal' } });
    json(404, { error: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
  server.close();
});

const post = (url: string, payload: object) =>
  app.injectAs('admin', { method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

const pagedConfig = () => ({
  url: `${base}/api`,
  rowsPath: 'data.list',
  authHeader: 'X-Api-Key',
  authPrefix: 'Token ',
  paging: { mode: 'page', pageParam: 'pageNo', sizeParam: 'size', pageSize: 10, startPage: 1 },
});

describe('an HTTP/JSON source', () => {
  it('pages through an API with a token, detects fields and previews', async () => {
    const res = await post('/data/api/v1.dataSource/create/', {
      name: '图书馆接口',
      kind: 'http',
      config: pagedConfig(),
      secret: TOKEN,
    });
    const source = res.json().data as DataSourceItem;
    expect(source.hasSecret).toBe(true);
    expect((await post('/data/api/v1.dataSource/test/', { id: source.id })).json().errorCode).toBe(Codes.ok);

    const fields = (
      await post('/data/api/v1.dataset/detect/', { sourceId: source.id, kind: 'table', table: 'books' })
    ).json().data as DatasetItem['fields'];
    expect(Object.fromEntries(fields.map((f) => [f.name, f.type]))).toEqual({
      id: 'integer',
      isbn: 'string',
      title: 'string',
      due: 'date',
      price: 'decimal',
    });
    const ds = (
      await post('/data/api/v1.dataset/create/', {
        sourceId: source.id,
        name: '借阅图书',
        kind: 'table',
        table: 'books',
        fields,
      })
    ).json().data as DatasetItem;
    const p = (await post('/data/api/v1.dataset/preview/', { id: ds.id })).json().data as DatasetPreview;
    expect(p.rows).toHaveLength(23);

    const rows: Record<string, unknown>[] = [];
    for await (const b of readDataset(app, ds.id, { batchSize: 6, orderBy: 'id', after: 20 })) rows.push(...b);
    expect(rows.map((r) => r.id)).toEqual([21, 22, 23]);
    expect(seenAuth).toContain(`Token ${TOKEN}`);

    const sql = await post('/data/api/v1.dataset/create/', {
      sourceId: source.id,
      name: '接口 SQL',
      kind: 'query',
      sql: 'SELECT 1',
    });
    expect(sql.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'kind' } });
  });

  it('follows next links on the same site only', async () => {
    const spec = (path: string) => ({
      kind: 'http' as const,
      config: {
        url: `${base}${path}`,
        rowsPath: 'items',
        authHeader: 'X-Api-Key',
        authPrefix: 'Token ',
        paging: { mode: 'next', nextPath: 'links.next' },
      },
      secret: TOKEN,
    });
    const rows: unknown[] = [];
    for await (const page of httpPages(spec('/api/cursor'), '', { connectMs: 1000, statementMs: 3000 }))
      rows.push(...page);
    expect(rows).toHaveLength(23);
    const escape = async () => {
      for await (const page of httpPages(spec('/api/escape'), '', { connectMs: 1000, statementMs: 3000 })) void page;
    };
    await expect(escape()).rejects.toMatchObject({ code: Codes.dataSourceBadResponse });
  });

  it('answers a refused token, a missing address, a non-JSON answer, a closed port and a silent server with codes', async () => {
    const wrong = await post('/data/api/v1.dataSource/test/', { kind: 'http', config: pagedConfig(), secret: 'nope' });
    expect(wrong.json().errorCode).toBe(Codes.dataSourceAuthFailed);
    const created = await post('/data/api/v1.dataSource/create/', {
      name: '接口 404',
      kind: 'http',
      config: pagedConfig(),
      secret: TOKEN,
    });
    const missing = await post('/data/api/v1.dataset/detect/', {
      sourceId: created.json().data.id,
      kind: 'table',
      table: 'none',
    });
    expect(missing.json().errorCode).toBe(Codes.dataSourceDatabaseMissing);
    expect(missing.json().message).toContain('/api/none');
    const html = await post('/data/api/v1.dataSource/test/', { kind: 'http', config: { url: `${base}/html` } });
    expect(html.json().errorCode).toBe(Codes.dataSourceBadResponse);
    const closed = await post('/data/api/v1.dataSource/test/', {
      kind: 'http',
      config: { url: 'http://127.0.0.1:1/x' },
    });
    expect(closed.json().errorCode).toBe(Codes.dataSourceUnreachable);
    const hang = async () => {
      for await (const page of httpPages({ kind: 'http', config: { url: `${base}/hang` }, secret: null }, '', {
        connectMs: 300,
        statementMs: 300,
      }))
        void page;
    };
    await expect(hang()).rejects.toMatchObject({ code: Codes.dataSourceTimeout });
  });
});
