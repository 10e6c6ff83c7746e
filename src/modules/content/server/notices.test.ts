import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { failAuditOf, json } from './test-support';

const N = '/portal/api/v1.notice';

describe('notices and news in the back office', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}) =>
    app.injectAs('admin', { method, url, ...extra });
  const create = async (body: Record<string, unknown>) =>
    asAdmin('POST', `${N}/create/`, json({ kind: 'notice', title: '测试通知', content: '<p>正文</p>', ...body }));
  const createId = async (body: Record<string, unknown> = {}) => {
    const res = await create(body);
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data.id as number;
  };
  const post = (action: string, id: number) => asAdmin('POST', `${N}/${action}/`, { payload: { id } });
  const auditRows = (action: string, target: string) =>
    app.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('target', '=', target).execute();

  const endpoints: { method: 'GET' | 'POST'; url: string }[] = [
    { method: 'GET', url: `${N}/adminList/?kind=notice` },
    { method: 'GET', url: `${N}/adminDetail/?id=1` },
    { method: 'POST', url: `${N}/create/` },
    { method: 'POST', url: `${N}/update/` },
    { method: 'POST', url: `${N}/publish/` },
    { method: 'POST', url: `${N}/withdraw/` },
    { method: 'POST', url: `${N}/delete/` },
    { method: 'POST', url: `${N}/uploadImage/` },
  ];

  it.each(endpoints)('$method $url refuses callers without a token and signed-in users', async ({ method, url }) => {
    const anon = await app.inject({ method, url });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
    for (const u of ['student', 'teacher']) {
      const res = await app.injectAs(u, { method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe(Codes.noPermission);
    }
  });

  it('stores the content sanitised: a script and an onerror vanish', async () => {
    const id = await createId({
      title: '含脚本的通知',
      content:
        '<p>安全<script>alert(1)</script></p><img src="https://a.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">链</a>',
    });
    const row = await app.db.selectFrom('notice').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.content).toBe('<p>安全</p><img src="https://a.example/x.png" /><a>链</a>');
    expect(row).toMatchObject({ status: 'draft', kind: 'notice', publishedAt: null, platformId: null });
    const detail = (await asAdmin('GET', `${N}/adminDetail/?id=${id}`)).json().data;
    expect(detail).toMatchObject({
      id,
      title: '含脚本的通知',
      status: 'draft',
      content: row.content,
      createdByName: '系统管理员',
    });
    expect(await auditRows('notice_created', `notice:${id}`)).toHaveLength(1);

    await asAdmin(
      'POST',
      `${N}/update/`,
      json({
        id,
        kind: 'notice',
        title: '改过的标题',
        content: '<p onclick="x()">新</p><iframe src="https://x"></iframe>',
      }),
    );
    const after = await app.db
      .selectFrom('notice')
      .select(['title', 'content'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ title: '改过的标题', content: '<p>新</p>' });
    expect(await auditRows('notice_updated', `notice:${id}`)).toHaveLength(1);
  });

  it('refuses a missing, blank or too long title, a long summary and an unknown platform, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: undefined }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: '长'.repeat(101) }, 'title'],
      [{ summary: '长'.repeat(201) }, 'summary'],
      [{ platformId: 999999 }, 'platformId'],
      [{ kind: 'blog' }, 'kind'],
    ];
    const before = (
      await app.db
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(res.json().data).toEqual({ field });
    }
    const after = (
      await app.db
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
    expect((await create({ title: '长'.repeat(100), summary: '摘'.repeat(200) })).json().errorCode).toBe(Codes.ok);
  });

  it('keeps a notice for one platform, or for all when none is given', async () => {
    const platform = await app.db.selectFrom('platform').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const id = await createId({ platformId: platform.id });
    expect((await asAdmin('GET', `${N}/adminDetail/?id=${id}`)).json().data).toMatchObject({
      platformId: platform.id,
      platformName: platform.name,
    });
    await asAdmin(
      'POST',
      `${N}/update/`,
      json({ id, kind: 'notice', title: 't', content: '<p>x</p>', platformId: null }),
    );
    expect((await asAdmin('GET', `${N}/adminDetail/?id=${id}`)).json().data).toMatchObject({
      platformId: null,
      platformName: null,
    });
  });

  it('publishes into the public list and withdraws out of it', async () => {
    const id = await createId({ kind: 'news', title: '新闻：发布与撤回' });
    const publicIds = async () =>
      (
        (await app.inject({ method: 'GET', url: '/portal/api/v1.notice/list/?kind=news&page=1&pageSize=200' })).json()
          .data.list as { id: number }[]
      ).map((n) => n.id);
    expect(await publicIds()).not.toContain(id);

    const pub = await post('publish', id);
    expect(pub.json().errorCode).toBe(Codes.ok);
    expect(await publicIds()).toContain(id);
    const detail = await app.inject({ method: 'GET', url: `/portal/api/v1.notice/detail/?id=${id}` });
    expect(detail.json().data).toMatchObject({ id, title: '新闻：发布与撤回', content: '<p>正文</p>' });
    expect((await post('publish', id)).json().errorCode).toBe(Codes.conflict);

    expect((await post('withdraw', id)).json().errorCode).toBe(Codes.ok);
    expect(await publicIds()).not.toContain(id);
    expect((await app.inject({ method: 'GET', url: `/portal/api/v1.notice/detail/?id=${id}` })).json().errorCode).toBe(
      Codes.notFound,
    );
    expect((await post('withdraw', id)).json().errorCode).toBe(Codes.conflict);

    // A withdrawn item can be published again.
    expect((await post('publish', id)).json().errorCode).toBe(Codes.ok);
    expect(await publicIds()).toContain(id);
    expect(await auditRows('notice_published', `notice:${id}`)).toHaveLength(2);
    expect(await auditRows('notice_withdrawn', `notice:${id}`)).toHaveLength(1);
  });

  it('refuses to publish an empty body', async () => {
    const id = await createId({ content: '<p> </p><script>x</script>' });
    const res = await post('publish', id);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ field: 'content' });
    const row = await app.db.selectFrom('notice').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
  });

  it('deletes drafts and withdrawn items only', async () => {
    const live = await createId();
    await post('publish', live);
    const del = await post('delete', live);
    expect(del.statusCode).toBe(409);
    expect(del.json().errorCode).toBe(Codes.conflict);
    await post('withdraw', live);
    expect((await post('delete', live)).json().errorCode).toBe(Codes.ok);
    const draft = await createId();
    expect((await post('delete', draft)).json().errorCode).toBe(Codes.ok);
    expect(await app.db.selectFrom('notice').select('id').where('id', 'in', [live, draft]).execute()).toEqual([]);
    expect(await auditRows('notice_deleted', `notice:${draft}`)).toHaveLength(1);
    expect((await post('delete', draft)).json().errorCode).toBe(Codes.notFound);
  });

  it('lists one kind filtered by status and keyword, page by page, in SQL', async () => {
    const tag = `筛选${Date.now()}`;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createId({ kind: 'news', title: `${tag} 第${i + 1}条` }));
    // Drafts made an hour ago: times are kept in whole units, so drafts and publications in the same
    // one would tie and the order would depend on the clock.
    await app.db
      .updateTable('notice')
      .set((eb) => ({ updatedAt: eb('updatedAt', '-', 3_600_000) }))
      .where('id', 'in', ids)
      .execute();
    await post('publish', ids[0]!);
    await post('publish', ids[1]!);
    await createId({ kind: 'notice', title: `${tag} 通知` });
    const list = async (q: string) => (await asAdmin('GET', `${N}/adminList/?kind=news&${q}`)).json().data;

    const all = await list(`keyword=${encodeURIComponent(tag)}&page=1&pageSize=2`);
    expect(all.total).toBe(5);
    expect(all.list).toHaveLength(2);
    // Newest change first: the two just published.
    expect(all.list.map((n: { id: number }) => n.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await list(`keyword=${encodeURIComponent(tag)}&page=3&pageSize=2`)).list).toHaveLength(1);
    const published = await list(`keyword=${encodeURIComponent(tag)}&status=published`);
    expect(published.total).toBe(2);
    expect(
      published.list.every((n: { status: string; kind: string }) => n.status === 'published' && n.kind === 'news'),
    ).toBe(true);
    expect(
      (await list(`keyword=${encodeURIComponent(`${tag} 第3`)}&status=draft`)).list.map(
        (n: { title: string }) => n.title,
      ),
    ).toEqual([`${tag} 第3条`]);
    // LIKE wildcards in the keyword are taken literally.
    expect((await list('keyword=%25')).total).toBe(0);
    const bad = await asAdmin('GET', `${N}/adminList/?kind=news&pageSize=201`);
    expect(bad.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'pageSize' } });
  });

  it('leaves nothing behind when the audit row cannot be written', async () => {
    const restore = await failAuditOf(app, 'notice_created');
    try {
      const res = await create({ title: '不应保存的通知' });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await app.db.selectFrom('notice').select('id').where('title', '=', '不应保存的通知').execute()).toEqual([]);
  });

  it('uploads a public content image for administrators, images only', async () => {
    const up = multipartBody({ filename: 'pic.png', content: TINY_PNG, type: 'image/png' });
    const res = await asAdmin('POST', `${N}/uploadImage/`, up);
    expect(res.json().errorCode).toBe(Codes.ok);
    const { id, url } = res.json().data;
    expect(url).toBe(`/resource/api/v1.file/${id}`);
    const fetched = await app.inject({ method: 'GET', url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(
      await app.db.selectFrom('upload').select(['purpose', 'isPublic']).where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ purpose: 'notice-image', isPublic: 1 });
    expect(await auditRows('content_image_uploaded', id)).toHaveLength(1);

    const pdf = await asAdmin(
      'POST',
      `${N}/uploadImage/`,
      multipartBody({ filename: 'a.pdf', content: Buffer.from('%PDF-1.4 test'), type: 'application/pdf' }),
    );
    expect(pdf.statusCode).toBe(400);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await asAdmin(
      'POST',
      `${N}/uploadImage/`,
      multipartBody({ filename: 'big.png', content: big, type: 'image/png' }),
    );
    expect(tooBig.statusCode).toBe(413);
    const none = await asAdmin('POST', `${N}/uploadImage/`, { payload: { id: 1 } });
    expect(none.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'file' } });
  });
});
