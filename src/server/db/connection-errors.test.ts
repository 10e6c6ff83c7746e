import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../test/helper';
import { Codes, DEFAULT_MESSAGES } from '@/shared/errors';
import { isDatabaseUnavailable } from './connection-errors';

/** An error shaped like the one the driver throws: a message and a code. */
const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('telling a database that is away from a failing query', () => {
  it.each([
    [
      'PostgreSQL shut down by an administrator (pg_terminate_backend, restart)',
      err('terminating connection due to administrator command', '57P01'),
    ],
    ['PostgreSQL crashed', err('terminating connection because of crash of another server process', '57P02')],
    ['PostgreSQL starting up or in recovery', err('the database system is starting up', '57P03')],
    ['statement_timeout', err('canceling statement due to statement timeout', '57014')],
    ['a connection exception', err('connection failure', '08006')],
    ['too many connections', err('sorry, too many clients already', '53300')],
    ['nothing listening', err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', err('read ECONNRESET', 'ECONNRESET')],
    ['the connection ended mid-query', err('Connection terminated unexpectedly')],
    ['the connect timeout', err('Connection terminated due to connection timeout')],
    ['a full pool that did not free up in time', err('timeout exceeded when trying to connect')],
    ['query_timeout', err('Query read timeout')],
    [
      'a query on a connection that already broke',
      err('Client has encountered a connection error and is not queryable'),
    ],
    ['SQLite held by another writer past busy_timeout', err('database is locked', 'SQLITE_BUSY')],
    ['SQLite disk read failing', err('disk I/O error', 'SQLITE_IOERR_READ')],
    [
      'a connect failure over several addresses',
      new AggregateError([err('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
    ['a wrapped driver error', new Error('rollback failed', { cause: err('x', '57P01') })],
  ])('503 for %s', (_what, e) => {
    expect(isDatabaseUnavailable(e)).toBe(true);
  });

  it.each([
    ['a syntax error in our SQL', err('syntax error at or near "FORM"', '42601')],
    ['a unique violation', err('duplicate key value violates unique constraint', '23505')],
    ['a missing table', err('no such table: app_user', 'SQLITE_ERROR')],
    ['a SQLite constraint', err('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'boom'],
    ['nothing', null],
  ])('not for %s', (_what, e) => {
    expect(isDatabaseUnavailable(e)).toBe(false);
  });
});

describe('the error handler with the database away', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db: { sqliteFile: ':memory:' } });
    app.get('/user/api/v1.test/pg-gone/', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
        routine: 'ProcessInterrupts',
      });
    });
    app.get('/user/api/v1.test/sqlite-busy/', { config: { access: 'public' } }, async () => {
      throw err('database is locked', 'SQLITE_BUSY');
    });
    app.get('/user/api/v1.test/bad-sql/', { config: { access: 'public' } }, async () => {
      throw err('syntax error at or near "FORM" in SELECT * FORM app_user', '42601');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['/user/api/v1.test/pg-gone/', '/user/api/v1.test/sqlite-busy/'])(
    'answers %s with 503, the database code and a retry hint, and nothing of the driver',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        errorCode: Codes.databaseUnavailable,
        message: '数据库暂不可用，请稍后重试',
        data: null,
      });
      expect(res.body).not.toMatch(/57P01|SQLITE|administrator|ProcessInterrupts|locked/);
    },
  );

  it('keeps a fault of our own query a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/api/v1.test/bad-sql/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      errorCode: Codes.genericError,
      message: DEFAULT_MESSAGES[Codes.genericError],
      data: null,
    });
  });
});
