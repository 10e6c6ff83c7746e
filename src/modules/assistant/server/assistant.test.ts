import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { AskAnswer, AskedRow, FaqCategoryView, FaqQuestionDetail, FaqQuestionRow } from '../contract';

const A = '/portal/api/v1.assistant';
const ADMIN = '/portal/api/v1.assistantAdmin';

describe('intelligent assistant', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const get = async <T>(url: string, as?: string) => {
    const res = as ? await app.injectAs(as, { method: 'GET', url }) : await app.inject({ method: 'GET', url });
    return res.json() as { errorCode: string; data: T };
  };
  const post = async <T>(url: string, payload: object, as?: string) => {
    const res = as
      ? await app.injectAs(as, { method: 'POST', url, payload })
      : await app.inject({ method: 'POST', url, payload });
    return res.json() as { errorCode: string; data: T; message: string };
  };

  it('shows the demo FAQ by category and the top questions to a visitor', async () => {
    const cats = (await get<FaqCategoryView[]>(`${A}/categories/`)).data;
    expect(cats.length).toBeGreaterThanOrEqual(8);
    expect(cats.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(38);
    const top = (await get<FaqQuestionRow[]>(`${A}/topQuestions/?limit=3`)).data;
    expect(top).toHaveLength(3);
    expect(top[0]!.viewCount).toBeGreaterThanOrEqual(top[1]!.viewCount);
  });

  it('answers a question in plain words from the FAQ, through the portal search', async () => {
    const r = (await post<AskAnswer>(`${A}/ask/`, { text: '我的校园卡丢了，怎么补办？' })).data;
    expect(r.logged).toBe(false);
    expect(r.best!.question).toBe('校园卡丢失了怎么补办？');
    expect(r.best!.answer).toContain('一站式服务大厅');
    // synonyms are indexed as tags
    const syn = (await post<AskAnswer>(`${A}/ask/`, { text: '一卡通丢了' })).data;
    expect(syn.best!.question).toBe('校园卡丢失了怎么补办？');
    const search = (await get<{ list: { question: string }[] }>(`${A}/search/?q=xyk`)).data;
    expect(search.list.map((h) => h.question)).toContain('校园卡如何充值？');
  });

  it('logs an unanswered question once per wording and lets the back office turn it into an FAQ', async () => {
    const text = '游泳馆票价多少钱？';
    expect((await post<AskAnswer>(`${A}/ask/`, { text })).data).toMatchObject({ logged: true, best: null });
    expect((await post<AskAnswer>(`${A}/ask/`, { text: '游泳馆票价多少钱' }, 'student')).data.logged).toBe(true);
    const open = (await get<{ list: AskedRow[] }>(`${ADMIN}/asked/?status=open&pageSize=50`, 'admin')).data.list;
    const row = open.find((r) => r.text.startsWith('游泳馆'))!;
    expect(row).toMatchObject({ times: 2, askedBy: '李明轩' });
    // only the back office sees it
    expect((await get(`${ADMIN}/asked/`, 'student')).errorCode).toBe(Codes.noPermission);

    const cats = (await get<{ id: number; name: string }[]>(`${ADMIN}/categories/`, 'admin')).data;
    const life = cats.find((c) => c.name === '后勤与生活')!;
    const conv = await post<{ id: number }>(
      `${ADMIN}/convertAsked/`,
      {
        askedId: row.id,
        categoryId: life.id,
        question: '游泳馆开放时间和票价是多少？',
        answer: '<p>每天 12:00—21:00 开放，学生 5 元/次。</p><script>x()</script>',
        synonyms: ['游泳池'],
        status: 'published',
        sort: 0,
      },
      'admin',
    );
    expect(conv.errorCode).toBe(Codes.ok);
    const again = await post(`${ADMIN}/handleAsked/`, { id: row.id, action: 'ignore' }, 'admin');
    expect(again.errorCode).toBe(Codes.faqAskedHandled);
    const answered = (await post<AskAnswer>(`${A}/ask/`, { text: '游泳池票价' })).data;
    expect(answered.best!.question).toBe('游泳馆开放时间和票价是多少？');
    expect(answered.best!.answer).not.toContain('script');
    // the signed-in asker is told
    const inbox = await app.db.selectFrom('message').select('title').where('title', 'like', '%游泳馆%').execute();
    expect(inbox.length).toBe(1);
  });

  it('counts "was this helpful" once per signed-in user, replacing a changed vote', async () => {
    const q = (await get<FaqQuestionRow[]>(`${A}/topQuestions/?limit=1`)).data[0]!;
    const before = (await get<FaqQuestionDetail>(`${A}/detail/?id=${q.id}`)).data;
    await post(`${A}/vote/`, { id: q.id, helpful: true }, 'student');
    await post(`${A}/vote/`, { id: q.id, helpful: true }, 'student');
    let after = (await get<FaqQuestionDetail>(`${A}/detail/?id=${q.id}`, 'student')).data;
    expect(after.helpfulCount).toBe(before.helpfulCount + 1);
    expect(after.myVote).toBe(true);
    await post(`${A}/vote/`, { id: q.id, helpful: false }, 'student');
    after = (await get<FaqQuestionDetail>(`${A}/detail/?id=${q.id}`, 'student')).data;
    expect(after).toMatchObject({ helpfulCount: before.helpfulCount, unhelpfulCount: before.unhelpfulCount + 1 });
  });

  it('refuses what it must: a category with questions, a duplicate name, an empty published answer, unknown ids', async () => {
    const cats = (await get<{ id: number; name: string }[]>(`${ADMIN}/categories/`, 'admin')).data;
    expect((await post(`${ADMIN}/deleteCategory/`, { id: cats[0]!.id }, 'admin')).errorCode).toBe(
      Codes.faqCategoryNotEmpty,
    );
    expect((await post(`${ADMIN}/saveCategory/`, { name: cats[1]!.name, sort: 1 }, 'admin')).errorCode).toBe(
      Codes.faqCategoryNameTaken,
    );
    const empty = await post(
      `${ADMIN}/saveQuestion/`,
      { categoryId: cats[0]!.id, question: '空答案', answer: '<p> </p>', synonyms: [], status: 'published', sort: 0 },
      'admin',
    );
    expect(empty.errorCode).toBe(Codes.inputError);
    expect((await get(`${A}/detail/?id=999999`)).errorCode).toBe(Codes.notFound);
    expect((await post(`${A}/ask/`, { text: '？？' })).errorCode).toBe(Codes.inputError);
  });

  it('unpublishing a question takes it out of the search at once', async () => {
    const [hit] = (await get<{ list: { id: number }[] }>(`${A}/search/?q=${encodeURIComponent('研讨间')}`)).data.list;
    const q = (
      await get<{ categoryId: number; question: string; answer: string; synonyms: string[] }>(
        `${ADMIN}/question/?id=${hit!.id}`,
        'admin',
      )
    ).data;
    const saved = await post(
      `${ADMIN}/saveQuestion/`,
      {
        id: hit!.id,
        categoryId: q.categoryId,
        question: q.question,
        answer: q.answer,
        synonyms: q.synonyms,
        status: 'draft',
        sort: 0,
      },
      'admin',
    );
    expect(saved.errorCode).toBe(Codes.ok);
    expect((await get<{ total: number }>(`${A}/search/?q=${encodeURIComponent('研讨间')}`)).data.total).toBe(0);
  });
});
