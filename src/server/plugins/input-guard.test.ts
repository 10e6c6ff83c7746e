import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@/shared/errors';
import { buildTestApp, type TestApp } from '../test/helper';

/** The paging spellings that answered 500 on every list route (issue 11). */
const BAD = [
  '100000000000000000000',
  '9007199254740993',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  'NaN',
  '-1',
  '0',
  '1.5',
  '1e308',
];

describe('values a schema lets past that the database cannot take', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a huge, negative, fractional or non-finite page or pageSize with 400 naming the field', async () => {
    for (const field of ['page', 'pageSize']) {
      for (const v of BAD) {
        const anonymous = await app.inject({ method: 'GET', url: `/portal/api/v1.notice/list/?${field}=${v}` });
        const admin = await app.injectAs('admin', { method: 'GET', url: `/user/api/v1.account/list/?${field}=${v}` });
        for (const res of [anonymous, admin]) {
          expect(res.statusCode, `${field}=${v}`).toBe(400);
          expect(res.json(), `${field}=${v}`).toMatchObject({ errorCode: Codes.inputError, data: { field } });
        }
      }
    }
  });

  it('still answers the last sane page and the largest page size', async () => {
    const res = await app.inject({ method: 'GET', url: '/portal/api/v1.notice/list/?page=1000000&pageSize=200' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ list: [], page: 1000000, pageSize: 200 });
  });

  it('refuses a non-finite id in a query string instead of sending it to the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/portal/api/v1.notice/detail/?id=Infinity' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'id' } });
  });

  it('refuses an id beyond a PostgreSQL integer and a time beyond 2^53, on both databases alike', async () => {
    const query = await app.inject({ method: 'GET', url: '/portal/api/v1.notice/detail/?id=2147483648' });
    const body = await app.injectAs('admin', {
      method: 'POST',
      url: '/portal/api/v1.help/deleteCategory/',
      payload: { id: 2147483648 },
    });
    const time = await app.injectAs('admin', {
      method: 'GET',
      url: '/user/api/v1.audit/list/?from=100000000000000000000',
    });
    for (const [res, field] of [
      [query, 'id'],
      [body, 'id'],
      [time, 'from'],
    ] as const) {
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ errorCode: Codes.inputError, data: { field } });
    }
  });

  it('refuses a NUL character in any string, signed in or not, before it reaches the database', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/user/login/',
      payload: { is_admin: '1', username: 'adm\u0000in', password: 'x', code: 'TEST' },
    });
    const search = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.account/list/?keyword=a%00b' });
    for (const [res, field] of [
      [login, 'username'],
      [search, 'keyword'],
    ] as const) {
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ errorCode: Codes.inputError, data: { field } });
    }
  });
});
