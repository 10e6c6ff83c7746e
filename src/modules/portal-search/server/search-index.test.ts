import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { indexSearchDocs, removeSearchDocs, searchCounts, searchDocs, viewerAudience } from './commands/search-index';

describe('search index (indexSearchDocs / searchDocs)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    await app.db.transaction().execute((tx) =>
      indexSearchDocs(tx, [
        {
          kind: 'item',
          refId: 1,
          title: '学生请假',
          body: '本科生因病因事请假的办理',
          path: '/p/1',
          audience: ['public'],
        },
        {
          kind: 'item',
          refId: 2,
          title: '教职工出国审批',
          body: '教职工因公出国出境',
          path: '/p/2',
          audience: ['role:7'],
          tags: ['因公出国'],
        },
        {
          kind: 'notice',
          refId: 3,
          title: '关于寒假放假的通知',
          body: '学生请假须提前办理',
          path: '/n/3',
          audience: ['user'],
          weight: 5,
        },
        {
          kind: 'item',
          refId: 4,
          title: '研究生请假销假',
          body: '研究生',
          path: '/p/4',
          audience: ['dept:9'],
          weight: 50,
        },
      ]),
    );
  });
  afterAll(() => app.close());

  const find = (text: string, audience: string[], extra: { kinds?: ('item' | 'notice')[] } = {}) =>
    searchDocs(app.db, { text, audience, page: 1, pageSize: 20, ...extra });

  it('finds by pinyin initials and highlights the matched characters', async () => {
    const r = await find('xsqj', ['public']);
    expect(r.list.map((h) => h.refId)).toEqual([1]);
    expect(r.list[0]!.highlight).toEqual([[0, 4]]);
  });

  it('ranks a title match above a body match and filters by audience', async () => {
    const r = await find('学生请假', viewerAudience({ id: 1, departmentIds: [], roleIds: [], platformId: null }));
    expect(r.list.map((h) => h.refId)).toEqual([1, 3]);
    expect(r.list[1]!.snippet).toContain('学生请假');
    expect((await find('学生请假', ['public'])).list.map((h) => h.refId)).toEqual([1]);
  });

  it('short queries use the gram index; staff-only documents never reach others', async () => {
    expect((await find('请假', ['public'])).list.map((h) => h.refId)).toEqual([1]);
    // a 2-character word matches titles, tags and initials; the notice has it only in its body
    expect((await find('请假', ['public', 'user', 'dept:9'])).list.map((h) => h.refId)).toEqual([4, 1]);
    expect((await find('请假须', ['public', 'user'])).list.map((h) => h.refId)).toEqual([3]);
    expect((await find('出国', ['public', 'user'])).total).toBe(0);
    expect((await find('出国', ['public', 'user', 'role:7'])).list.map((h) => h.refId)).toEqual([2]);
    expect((await find('yingongchuguo', ['role:7'])).total).toBe(1);
  });

  it('an exact title or initials match outranks a longer, heavier one', async () => {
    await indexSearchDocs(app.db, [
      {
        kind: 'question',
        refId: 50,
        title: '图书借阅要走什么流程',
        body: '',
        path: '/q/50',
        audience: ['public'],
        weight: 500,
      },
      { kind: 'item', refId: 51, title: '图书借阅', body: '', path: '/p/51', audience: ['public'], weight: 0 },
    ]);
    expect((await find('tsjy', ['public'])).list.map((h) => h.refId)).toEqual([51, 50]);
    expect((await find('图书借阅', ['public'])).list.map((h) => h.refId)).toEqual([51, 50]);
    await removeSearchDocs(app.db, 'question', [50]);
    await removeSearchDocs(app.db, 'item', [51]);
  });

  it('re-indexing replaces a document and removal drops it', async () => {
    await indexSearchDocs(app.db, [
      { kind: 'item', refId: 1, title: '学生休学', body: '', path: '/p/1', audience: ['public'] },
    ]);
    expect((await find('xsqj', ['public'])).total).toBe(0);
    expect((await find('xsxx', ['public'])).total).toBe(1);
    expect(await searchCounts(app.db, { text: '学生', audience: ['public', 'user'] })).toEqual([
      { kind: 'item', count: 1 },
    ]);
    expect(await searchCounts(app.db, { text: '提前办理', audience: ['user'] })).toEqual([
      { kind: 'notice', count: 1 },
    ]);
    await removeSearchDocs(app.db, 'item', [1]);
    expect((await find('xsxx', ['public'])).total).toBe(0);
  });

  it('a bulk load of 1,200 documents in one call (chunked inserts, statistics refreshed) is found page by page', async () => {
    const docs = Array.from({ length: 1200 }, (_, i) => ({
      kind: 'news' as const,
      refId: 1000 + i,
      title: `批量公告${i}`,
      body: i % 2 ? '校园开放日' : '',
      path: `/n/${1000 + i}`,
      audience: i % 3 ? ['public'] : ['role:9'],
      weight: i % 50,
    }));
    await app.db.transaction().execute((tx) => indexSearchDocs(tx, docs));
    const first = await find('批量', ['public']);
    expect(first.total).toBe(800);
    expect(first.list).toHaveLength(20);
    // the exact title outranks the heavier documents around it
    expect((await find('批量公告7', ['public'])).list[0]!.title).toBe('批量公告7');
    await removeSearchDocs(
      app.db,
      'news',
      docs.map((d) => d.refId),
    );
    expect((await find('批量', ['public', 'role:9'])).total).toBe(0);
  });
});
