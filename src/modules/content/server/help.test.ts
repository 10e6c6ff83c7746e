import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { failAuditOf, json } from './test-support';

const H = '/portal/api/v1.help';

describe('help centre', () => {
  let app: TestApp;
  let catId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: `${H}/saveCategory/`,
      payload: { name: '测试分类', sort: 99 },
    });
    catId = res.json().data.id;
  });
  afterAll(async () => {
    await app.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}) =>
    app.injectAs('admin', { method, url, ...extra });
  const article = (body: Record<string, unknown>) => ({
    categoryId: catId,
    title: '文章',
    content: '<p>内容</p>',
    keywords: '',
    status: 'published',
    sort: 0,
    ...body,
  });
  const createArticle = async (body: Record<string, unknown>) => {
    const res = await asAdmin('POST', `${H}/createArticle/`, json(article(body)));
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data.id as number;
  };
  const publicList = async (q: string) => (await app.inject({ method: 'GET', url: `${H}/list/?${q}` })).json().data;

  const adminEndpoints: { method: 'GET' | 'POST'; url: string }[] = [
    { method: 'GET', url: `${H}/categoryList/` },
    { method: 'POST', url: `${H}/saveCategory/` },
    { method: 'POST', url: `${H}/deleteCategory/` },
    { method: 'GET', url: `${H}/articleList/` },
    { method: 'GET', url: `${H}/articleDetail/?id=1` },
    { method: 'POST', url: `${H}/createArticle/` },
    { method: 'POST', url: `${H}/updateArticle/` },
    { method: 'POST', url: `${H}/deleteArticle/` },
    { method: 'POST', url: `${H}/uploadImage/` },
  ];

  it.each(adminEndpoints)('$method $url is for administrators only', async ({ method, url }) => {
    const anon = await app.inject({ method, url });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
    const user = await app.injectAs('student', { method, url });
    expect(user.statusCode).toBe(403);
    expect(user.json().errorCode).toBe(Codes.noPermission);
  });

  it('seeds real, published articles readable without a token', async () => {
    const cats = (await app.inject({ method: 'GET', url: `${H}/categories/` })).json().data as {
      id: number;
      name: string;
      articleCount: number;
    }[];
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(['账号与密码', '使用指南']));
    const titles = (await publicList('page=1&pageSize=50')).list.map((a: { title: string }) => a.title);
    expect(titles).toEqual(
      expect.arrayContaining(['如何修改密码', '如何切换服务平台', '忘记密码怎么办', '浏览器与分辨率建议']),
    );
    const first = (await publicList(`keyword=${encodeURIComponent('修改密码')}`)).list[0];
    const detail = (await app.inject({ method: 'GET', url: `${H}/detail/?id=${first.id}` })).json();
    expect(detail.errorCode).toBe(Codes.ok);
    expect(detail.data.content).toContain('<strong>修改密码</strong>');
    // The signed-in user reads the same.
    expect(
      (await app.injectAs('student', { method: 'GET', url: `${H}/detail/?id=${first.id}` })).json().data.title,
    ).toBe(first.title);
  });

  it('searches title, keywords and content case-insensitively, published only, paginated', async () => {
    const tag = `Zq${Date.now()}`;
    const inTitle = await createArticle({ title: `VPN ${tag} 连接说明`, sort: 1 });
    const inKeywords = await createArticle({ title: '校外访问', keywords: `${tag.toLowerCase()} 校外`, sort: 2 });
    const inContent = await createArticle({
      title: '图书馆资源',
      content: `<p>使用 <strong>${tag.toUpperCase()}</strong> 访问数据库</p>`,
      sort: 3,
    });
    const draft = await createArticle({ title: `草稿 ${tag}`, status: 'draft', sort: 4 });

    const found = await publicList(`keyword=${encodeURIComponent(tag.toLowerCase())}&page=1&pageSize=10`);
    expect(found.total).toBe(3);
    expect(found.list.map((a: { id: number }) => a.id)).toEqual([inTitle, inKeywords, inContent]);
    expect(found.list[0]).not.toHaveProperty('content');
    const page2 = await publicList(`keyword=${tag}&page=2&pageSize=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.list.map((a: { id: number }) => a.id)).toEqual([inContent]);

    expect((await publicList(`keyword=${tag}&categoryId=${catId}`)).total).toBe(3);
    const other = (await app.inject({ method: 'GET', url: `${H}/categories/` }))
      .json()
      .data.find((c: { id: number }) => c.id !== catId);
    expect((await publicList(`keyword=${tag}&categoryId=${other.id}`)).total).toBe(0);
    // A keyword with LIKE wildcards matches only itself.
    expect((await publicList(`keyword=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await publicList(`keyword=${encodeURIComponent('_')}`)).total).toBe(0);

    // Administrators see the draft too.
    const adminList = (await asAdmin('GET', `${H}/articleList/?keyword=${tag}`)).json().data;
    expect(adminList.total).toBe(4);
    expect(
      (await asAdmin('GET', `${H}/articleList/?keyword=${tag}&status=draft`))
        .json()
        .data.list.map((a: { id: number }) => a.id),
    ).toEqual([draft]);
    // The public detail hides it.
    expect((await app.inject({ method: 'GET', url: `${H}/detail/?id=${draft}` })).json().errorCode).toBe(
      Codes.notFound,
    );
    expect((await asAdmin('GET', `${H}/articleDetail/?id=${draft}`)).json().data.status).toBe('draft');
  });

  it('stores articles sanitised and audits every change', async () => {
    const id = await createArticle({
      title: '含脚本',
      content: '<p>文<script>alert(1)</script></p><img src="/x" onerror="alert(1)">',
    });
    const row = await app.db.selectFrom('helpArticle').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.content).toBe('<p>文</p>');
    const upd = await asAdmin(
      'POST',
      `${H}/updateArticle/`,
      json(article({ id, title: '已修改', content: '<h2 onmouseover="x">标题</h2>', status: 'draft' })),
    );
    expect(upd.json().errorCode).toBe(Codes.ok);
    expect(
      await app.db
        .selectFrom('helpArticle')
        .select(['title', 'content', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ title: '已修改', content: '<h2>标题</h2>', status: 'draft' });
    expect((await asAdmin('POST', `${H}/deleteArticle/`, { payload: { id } })).json().errorCode).toBe(Codes.ok);
    const actions = (
      await app.db
        .selectFrom('auditLog')
        .select('action')
        .where('target', '=', `help_article:${id}`)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['help_article_created', 'help_article_updated', 'help_article_deleted']);
  });

  it('refuses bad article input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '  ' }, 'title'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ categoryId: 999999 }, 'categoryId'],
      [{ status: 'hidden' }, 'status'],
      [{ status: 'published', content: '<p></p>' }, 'content'],
      [{ keywords: 'k'.repeat(201) }, 'keywords'],
    ];
    for (const [body, field] of cases) {
      const res = await asAdmin('POST', `${H}/createArticle/`, json(article(body)));
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field } });
    }
    // A draft may be saved before its body is written.
    expect(
      (await asAdmin('POST', `${H}/createArticle/`, json(article({ status: 'draft', content: '' })))).json().errorCode,
    ).toBe(Codes.ok);
  });

  it('manages categories: unique names, order, refuses deleting one that holds articles', async () => {
    const list = async () =>
      (await asAdmin('GET', `${H}/categoryList/`)).json().data as {
        id: number;
        name: string;
        sort: number;
        articleCount: number;
      }[];
    const dup = await asAdmin('POST', `${H}/saveCategory/`, { payload: { name: '测试分类', sort: 1 } });
    expect(dup.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'name' } });
    expect((await asAdmin('POST', `${H}/saveCategory/`, { payload: { name: '', sort: 1 } })).json().data).toEqual({
      field: 'name',
    });

    const id = (await asAdmin('POST', `${H}/saveCategory/`, { payload: { name: '第零类', sort: 0 } })).json().data.id;
    expect((await list())[0]).toMatchObject({ id, name: '第零类', articleCount: 0 });
    expect(
      (await asAdmin('POST', `${H}/saveCategory/`, { payload: { id, name: '改名类', sort: 500 } })).json().errorCode,
    ).toBe(Codes.ok);
    const after = await list();
    expect(after.at(-1)).toMatchObject({ id, name: '改名类', sort: 500 });

    const held = after.find((c) => c.id === catId)!;
    expect(held.articleCount).toBeGreaterThan(0);
    const refused = await asAdmin('POST', `${H}/deleteCategory/`, { payload: { id: catId } });
    expect(refused.statusCode).toBe(409);
    expect((await asAdmin('POST', `${H}/deleteCategory/`, { payload: { id } })).json().errorCode).toBe(Codes.ok);
    expect((await list()).some((c) => c.id === id)).toBe(false);
    const actions = (
      await app.db
        .selectFrom('auditLog')
        .select('action')
        .where('target', '=', `help_category:${id}`)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['help_category_created', 'help_category_updated', 'help_category_deleted']);
  });

  it('leaves nothing behind when the audit row cannot be written', async () => {
    const restore = await failAuditOf(app, 'help_article_created');
    try {
      expect((await asAdmin('POST', `${H}/createArticle/`, json(article({ title: '不应保存' })))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await app.db.selectFrom('helpArticle').select('id').where('title', '=', '不应保存').execute()).toEqual([]);
  });

  it('uploads images for articles', async () => {
    const res = await asAdmin(
      'POST',
      `${H}/uploadImage/`,
      multipartBody({ filename: 'a.png', content: TINY_PNG, type: 'image/png' }),
    );
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data.url).toMatch(/^\/resource\/api\/v1\.file\/[0-9a-f-]{36}$/);
  });
});
