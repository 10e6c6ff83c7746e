import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '../test/helper';
import { paginate } from './paginate';

describe('paginate', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    for (let i = 1; i <= 25; i++)
      await createTestUser(app, {
        username: `u${String(i).padStart(2, '0')}`,
        password: 'x',
        kind: i % 5 ? 'student' : 'staff',
      });
  });
  afterAll(async () => {
    await app.close();
  });

  it('cuts one page in SQL and counts the filtered total', async () => {
    const base = app.db.selectFrom('appUser').where('kind', '=', 'student');
    const page = await paginate(base, (q) => q.select(['id', 'username']).orderBy('username'), {
      page: 2,
      pageSize: 7,
    });
    expect(page).toMatchObject({ total: 20, page: 2, pageSize: 7 });
    expect(page.list.map((u) => u.username)).toEqual(['u09', 'u11', 'u12', 'u13', 'u14', 'u16', 'u17']);
  });

  it('answers an empty list past the last page', async () => {
    const page = await paginate(app.db.selectFrom('appUser'), (q) => q.select('id').orderBy('id'), {
      page: 9,
      pageSize: 10,
    });
    expect(page).toMatchObject({ list: [], total: 25 });
  });
});
