import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';

describe('notices and news', () => {
  let app: TestApp;
  let draftId: number;
  let withdrawnId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const now = Date.now();
    const base = {
      summary: null,
      content: '<p>x</p>',
      platformId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    };
    // 25 more published notices an hour apart, newest first numbered 1…25, plus a fresh draft and a withdrawn one.
    await app.db
      .insertInto('notice')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          ...base,
          kind: 'notice',
          title: `测试通知 ${i + 1}`,
          status: 'published',
          publishedAt: now + (100 - i) * 3_600_000,
        })),
      )
      .execute();
    draftId = (
      await app.db
        .insertInto('notice')
        .values({ ...base, kind: 'notice', title: '未发布的草稿', status: 'draft', publishedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    withdrawnId = (
      await app.db
        .insertInto('notice')
        .values({
          ...base,
          kind: 'notice',
          title: '已撤回的通知',
          status: 'withdrawn',
          publishedAt: now + 200 * 3_600_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const list = (q: string) => app.inject({ method: 'GET', url: `/portal/api/v1.notice/list/?${q}` });

  it('lists published notices newest first, page by page, without a token', async () => {
    const p1 = (await list('kind=notice&page=1&pageSize=10')).json();
    expect(p1.errorCode).toBe(Codes.ok);
    const published = await app.db
      .selectFrom('notice')
      .select('id')
      .where('kind', '=', 'notice')
      .where('status', '=', 'published')
      .execute();
    expect(p1.data).toMatchObject({ total: published.length, page: 1, pageSize: 10 });
    expect(p1.data.list.map((n: { title: string }) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `测试通知 ${i + 1}`),
    );
    const p3 = (await list('kind=notice&page=3&pageSize=10')).json().data;
    expect(p3.list[0].title).toBe('测试通知 21');
    const times = [...p1.data.list, ...p3.list].map((n: { publishedAt: number }) => n.publishedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const all = (await list('kind=notice&page=1&pageSize=200')).json().data.list;
    expect(all).toHaveLength(published.length);
    expect(new Set(all.map((n: { id: number }) => n.id)).size).toBe(all.length);
  });

  it('hides drafts and withdrawn items from the list and the detail', async () => {
    const all = (await list('kind=notice&page=1&pageSize=200')).json().data.list as { id: number }[];
    expect(all.some((n) => n.id === draftId || n.id === withdrawnId)).toBe(false);
    for (const id of [draftId, withdrawnId]) {
      const res = await app.inject({ method: 'GET', url: `/portal/api/v1.notice/detail/?id=${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe(Codes.notFound);
    }
  });

  it('keeps news and notices apart', async () => {
    const news = (await list('kind=news&page=1&pageSize=50')).json().data;
    expect(news.total).toBeGreaterThan(0);
    expect(news.list.every((n: { kind: string }) => n.kind === 'news')).toBe(true);
  });

  it('answers one published notice with its content', async () => {
    const first = (await list('kind=notice&page=1&pageSize=1')).json().data.list[0];
    const res = await app.inject({ method: 'GET', url: `/portal/api/v1.notice/detail/?id=${first.id}` });
    expect(res.json().data).toMatchObject({ id: first.id, title: first.title, content: '<p>x</p>', kind: 'notice' });
    expect((await app.inject({ method: 'GET', url: '/portal/api/v1.notice/detail/?id=999999' })).json().errorCode).toBe(
      Codes.notFound,
    );
  });

  it('refuses a page size over 200, a page below 1 and an unknown kind', async () => {
    for (const q of [
      'kind=notice&page=1&pageSize=201',
      'kind=notice&page=0&pageSize=10',
      'kind=blog&page=1&pageSize=10',
    ]) {
      const res = await list(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
    }
  });
});
