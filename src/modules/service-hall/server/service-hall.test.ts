import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { searchDocs } from '@/modules/portal-search/server/commands/search-index';
import type {
  AdminItemDetail,
  AffairLink,
  ApplyAnswer,
  CatalogueFacet,
  ItemCard,
  ItemGuide,
  ItemSaveBody,
  SpecialCard,
  SpecialDetail,
} from '../contract';
import { userPlatforms } from '@/server/identity/menus';
import { canApplyItem, canSeeItem, getServiceItem, itemForProcess, viewerOf } from './commands/items';

type Page<T> = { list: T[]; total: number };
type Res = { statusCode: number; json(): { errorCode: string; message: string; data: unknown } };

const data = <T>(res: Res): T => {
  const b = res.json();
  expect(b.errorCode, b.message).toBe(Codes.ok);
  return b.data as T;
};

describe('service hall', () => {
  let app: TestApp;
  const idOf = new Map<string, number>();

  const anon = (url: string) => app.inject({ method: 'GET', url });
  const get = (user: string, url: string) => app.injectAs(user, { method: 'GET', url });
  const post = (user: string, url: string, payload: object) => app.injectAs(user, { method: 'POST', url, payload });

  beforeAll(async () => {
    app = await buildTestApp({ env: { DATA_DIR: fs.mkdtempSync('/tmp/service-hall-test-') } });
    for (const r of await app.db.selectFrom('svcItem').select(['id', 'name']).execute()) idOf.set(r.name, r.id);
  });
  afterAll(async () => {
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    await app.close();
  });

  const all = async (user: string | null, extra = '') => {
    const url = `/affairs/api/v1.item/list/?page=1&pageSize=200${extra}`;
    return data<Page<ItemCard>>(user ? await get(user, url) : await anon(url));
  };

  it('the demo seed publishes items over the existing offices, some bound to the leave form and its process', async () => {
    expect(idOf.size).toBeGreaterThanOrEqual(15);
    const leave = await getServiceItem(app.db, idOf.get('学生请假')!);
    expect(leave).toMatchObject({ status: 'published', departmentName: '学生工作处', modes: ['online'] });
    expect(leave!.formId).not.toBeNull();
    expect(leave!.processId).not.toBeNull();
    expect((await itemForProcess(app.db, leave!.processId!))?.id).toBe(leave!.id);
  });

  it('a visitor sees public items only and never a staff-only one, by list, detail or top affairs', async () => {
    const visitor = await all(null);
    const names = visitor.list.map((i) => i.name);
    expect(names).toContain('学生请假');
    expect(names).not.toContain('调课申请'); // staff only
    expect(visitor.total).toBe(visitor.list.length);
    const hidden = await anon(`/affairs/api/v1.item/detail/?id=${idOf.get('调课申请')}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errorCode).toBe(Codes.notFound);
    const top = data<AffairLink[]>(await anon('/affairs/api/v1.affairs/topAffairs/?limit=50'));
    expect(top.map((t) => t.name)).not.toContain('调课申请');
    expect(top[0]!.path).toMatch(/^\/web\/eventService\/online\?id=\d+$/);
    expect(await canSeeItem(app.db, null, idOf.get('调课申请')!)).toBe(false);
  });

  it('a visitor opens a public guide and is asked to sign in to apply; applying without a token is refused', async () => {
    const g = data<ItemGuide>(await anon(`/affairs/api/v1.item/detail/?id=${idOf.get('学生请假')}`));
    expect(g).toMatchObject({ canApply: false, applyHint: '请登录后办理', signedIn: false, hasForm: true });
    expect(g.steps.length).toBeGreaterThan(0);
    const res = await app.inject({ method: 'POST', url: '/affairs/api/v1.item/apply/', payload: { id: g.id } });
    expect(res.statusCode).toBe(401);
    expect(await canApplyItem(app.db, null, g.id)).toBe(false);
  });

  it('students see student items, the teacher staff items; each applies only where the rules let them', async () => {
    const student = (await all('student')).list.map((i) => i.name);
    expect(student).not.toContain('调课申请');
    const teacher = (await all('teacher')).list.map((i) => i.name);
    expect(teacher).toContain('调课申请');

    const answer = data<ApplyAnswer>(
      await post('student', '/affairs/api/v1.item/apply/', { id: idOf.get('学生请假') }),
    );
    expect(answer.path).toMatch(/^\/web\/eventService\/formWrite\?formId=\d+&processId=\d+&itemId=\d+$/);
    expect(answer.mobilePath.startsWith('/mobile/formWrite?formId=')).toBe(true);

    // Staff-only item: a student cannot even find it (IDOR answers like a missing id).
    const idor = await post('student', '/affairs/api/v1.item/apply/', { id: idOf.get('调课申请') });
    expect(idor.statusCode).toBe(404);
    // The teacher sees the student item but its apply rule is the student role.
    const denied = await post('teacher', '/affairs/api/v1.item/apply/', { id: idOf.get('学生请假') });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe(Codes.serviceItemApplyDenied);
    const guide = data<ItemGuide>(await get('teacher', `/affairs/api/v1.item/detail/?id=${idOf.get('学生请假')}`));
    expect(guide).toMatchObject({ canApply: false, applyHint: '您不在该事项的办理范围内' });
    // An offline item is not applied for online.
    const offline = await post('student', '/affairs/api/v1.item/apply/', { id: idOf.get('复学申请') });
    expect(offline.json().errorCode).toBe(Codes.serviceItemNotOnline);
  });

  it('applying counts a use: the student’s 常用服务 lead with it', async () => {
    const before = await app.db
      .selectFrom('svcItemUse')
      .innerJoin('appUser', 'appUser.id', 'svcItemUse.userId')
      .select('svcItemUse.count')
      .where('appUser.username', '=', 'student')
      .where('svcItemUse.itemId', '=', idOf.get('学生请假')!)
      .executeTakeFirstOrThrow();
    await post('student', '/affairs/api/v1.item/apply/', { id: idOf.get('学生请假') });
    const mine = data<AffairLink[]>(await get('student', '/affairs/api/v1.affairs/myFrequent/?limit=5'));
    expect(mine[0]!.name).toBe('学生请假');
    const after = await app.db
      .selectFrom('svcItemUse')
      .select('count')
      .where('userId', '=', await userId('student'))
      .where('itemId', '=', idOf.get('学生请假')!)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count) + 1);
    expect((await anon('/affairs/api/v1.affairs/myFrequent/')).statusCode).toBe(401);
  });

  const userId = async (username: string) =>
    Number(
      (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
    );

  it('favourites: on, listed, off; a hidden item cannot be favoured; the favourites filter needs a sign-in', async () => {
    const id = idOf.get('复学申请')!;
    data(await post('student', '/affairs/api/v1.item/favorite/', { id, on: true }));
    data(await post('student', '/affairs/api/v1.item/favorite/', { id, on: true })); // twice is fine
    const favs = await all('student', '&favorites=true');
    expect(favs.list.map((i) => i.id)).toContain(id);
    expect(favs.list.every((i) => i.favorite)).toBe(true);
    data(await post('student', '/affairs/api/v1.item/favorite/', { id, on: false }));
    expect((await all('student', '&favorites=true')).list.map((i) => i.id)).not.toContain(id);
    expect(
      (await post('student', '/affairs/api/v1.item/favorite/', { id: idOf.get('调课申请'), on: true })).statusCode,
    ).toBe(404);
    expect((await anon('/affairs/api/v1.item/list/?favorites=true')).statusCode).toBe(401);
  });

  it('filters by department, theme, audience and mode, with facets counting what the caller sees', async () => {
    const facets = data<CatalogueFacet>(await anon('/affairs/api/v1.item/facets/'));
    const dept = facets.departments.find((d) => d.name === '教务处')!;
    const byDept = await all(null, `&departmentId=${dept.id}`);
    expect(byDept.total).toBe(dept.count);
    expect(byDept.list.every((i) => i.departmentName === '教务处')).toBe(true);
    const byTheme = await all(null, `&theme=${encodeURIComponent('后勤生活')}`);
    expect(byTheme.list.length).toBeGreaterThan(0);
    expect(byTheme.list.every((i) => i.theme === '后勤生活')).toBe(true);
    expect((await all(null, '&mode=booking')).list.every((i) => i.modes.includes('booking'))).toBe(true);
    expect((await all(null, '&audience=student')).list.every((i) => i.audiences.includes('student'))).toBe(true);
    expect((await all(null, `&keyword=${encodeURIComponent('请假')}`)).list.map((i) => i.name)).toEqual(['学生请假']);
    // Bad input: a coded 400, never a 500.
    for (const q of ['theme=x', 'audience=robot', 'page=0', 'pageSize=1000', 'departmentId=99999999999']) {
      const res = await anon(`/affairs/api/v1.item/list/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
    }
  });

  it("the phone home's default layout offers 办事大厅, opening the phone catalogue", async () => {
    for (const user of ['student', 'teacher']) {
      const platforms = await userPlatforms(app.db, await userId(user));
      const layout = data<{ groups: { tiles: { title: string; to: string }[] }[] }>(
        await get(user, `/portal/api/v1.mobileLayout/get/?platformId=${platforms[0]!.id}`),
      );
      const tiles = layout.groups.flatMap((g) => g.tiles);
      expect(tiles.find((t) => t.title === '办事大厅')?.to, user).toBe('/mobile/eventService');
    }
  });

  it('special services: listed for everybody, items filtered by what the caller may see', async () => {
    const specials = data<SpecialCard[]>(await anon('/affairs/api/v1.affairs/specifiedAffairs/'));
    expect(specials.map((s) => s.name)).toEqual(expect.arrayContaining(['新生入学', '毕业离校', '出国出境']));
    const abroad = specials.find((s) => s.name === '出国出境')!;
    const visitor = data<SpecialDetail>(await anon(`/affairs/api/v1.affairs/special/?id=${abroad.id}`));
    expect(visitor.steps.length).toBeGreaterThan(0);
    expect(visitor.items.every((i) => i.name !== '因公出国（境）审批')).toBe(true);
    expect((await anon('/affairs/api/v1.affairs/special/?id=999999')).statusCode).toBe(404);
  });

  describe('back office', () => {
    let departmentId: number;
    const base = (): ItemSaveBody => ({
      name: '测试事项',
      summary: '用于测试',
      departmentId,
      theme: '其他',
      audiences: ['student'],
      modes: ['offline'],
      conditions: '<p>条件</p><script>alert(1)</script>',
      materials: [{ name: '身份证', required: true, copies: '1 份', note: '', templateId: null, templateName: '' }],
      steps: [{ title: '提交', description: '到窗口提交' }],
      timeLimit: '1 天',
      fees: '不收费',
      legalBasis: '',
      contact: '',
      faq: '',
      windows: [{ name: '一号窗口', address: '行政楼', hours: '工作日', phone: '' }],
      openingHours: '工作日',
      mapUploadId: null,
      bring: '身份证',
      formId: null,
      processId: null,
      issuesPermit: false,
      permitTitle: null,
    });

    beforeAll(async () => {
      departmentId = (
        await app.db.selectFrom('department').select('id').where('name', '=', '教务处').executeTakeFirstOrThrow()
      ).id;
    });

    it('refuses everybody but administrators', async () => {
      for (const url of ['/affairs/api/v1.serviceTool/list/', '/affairs/api/v1.serviceTool/ruleOptions/']) {
        expect((await anon(url)).statusCode).toBe(401);
        expect((await get('student', url)).json().errorCode).toBe(Codes.noPermission);
      }
      const res = await post('teacher', '/affairs/api/v1.serviceTool/save/', base());
      expect(res.statusCode).toBe(403);
      expect(await app.db.selectFrom('svcItem').select('id').where('name', '=', '测试事项').execute()).toEqual([]);
    });

    it('validates references and bindings with coded, field-named messages and saves nothing', async () => {
      const bad = await post('admin', '/affairs/api/v1.serviceTool/save/', { ...base(), departmentId: 999999 });
      expect(bad.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'departmentId' } });
      const noForm = await post('admin', '/affairs/api/v1.serviceTool/save/', { ...base(), processId: 1 });
      expect(noForm.json().errorCode).toBe(Codes.serviceItemBindingInvalid);
      const leave = (await getServiceItem(app.db, idOf.get('学生请假')!))!;
      const wrongProcess = await post('admin', '/affairs/api/v1.serviceTool/save/', {
        ...base(),
        formId: leave.formId,
        processId: 999999,
      });
      expect(wrongProcess.json()).toMatchObject({
        errorCode: Codes.serviceItemBindingInvalid,
        data: { field: 'processId' },
      });
      const schema = await post('admin', '/affairs/api/v1.serviceTool/save/', { ...base(), theme: '不存在' });
      expect(schema.json().errorCode).toBe(Codes.inputError);
      expect(await app.db.selectFrom('svcItem').select('id').where('name', '=', '测试事项').execute()).toEqual([]);
    });

    it('creates a draft (sanitised, hidden from the catalogue), publishes it into the search index, withdraws it', async () => {
      const { id } = data<{ id: number }>(await post('admin', '/affairs/api/v1.serviceTool/save/', base()));
      const detail = data<AdminItemDetail>(await get('admin', `/affairs/api/v1.serviceTool/detail/?id=${id}`));
      expect(detail.status).toBe('draft');
      expect(detail.conditions).not.toContain('script');
      expect(detail.see).toEqual([{ subject: 'public', subjectId: 0 }]);
      expect((await anon(`/affairs/api/v1.item/detail/?id=${id}`)).statusCode).toBe(404);

      data(await post('admin', '/affairs/api/v1.serviceTool/publish/', { id }));
      expect(data<ItemGuide>(await anon(`/affairs/api/v1.item/detail/?id=${id}`)).name).toBe('测试事项');
      const found = await searchDocs(app.db, {
        text: '测试事项',
        kinds: ['item'],
        audience: ['public'],
        page: 1,
        pageSize: 10,
      });
      expect(found.list.map((h) => h.refId)).toContain(id);

      data(await post('admin', '/affairs/api/v1.serviceTool/withdraw/', { id }));
      expect((await anon(`/affairs/api/v1.item/detail/?id=${id}`)).statusCode).toBe(404);
      const gone = await searchDocs(app.db, {
        text: '测试事项',
        kinds: ['item'],
        audience: ['public'],
        page: 1,
        pageSize: 10,
      });
      expect(gone.list.map((h) => h.refId)).not.toContain(id);
    });

    it('publishing needs a complete item; an online item needs a form; a process serves one published item', async () => {
      const { id } = data<{ id: number }>(
        await post('admin', '/affairs/api/v1.serviceTool/save/', { ...base(), name: '测试在线', modes: ['online'] }),
      );
      const incomplete = await post('admin', '/affairs/api/v1.serviceTool/publish/', { id });
      expect(incomplete.json()).toMatchObject({ errorCode: Codes.serviceItemIncomplete, data: { field: 'formId' } });

      const copy = data<{ id: number }>(
        await post('admin', '/affairs/api/v1.serviceTool/copy/', { id: idOf.get('学生请假') }),
      );
      const copied = data<AdminItemDetail>(await get('admin', `/affairs/api/v1.serviceTool/detail/?id=${copy.id}`));
      expect(copied).toMatchObject({ name: '学生请假（副本）', status: 'draft' });
      const taken = await post('admin', '/affairs/api/v1.serviceTool/publish/', { id: copy.id });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errorCode).toBe(Codes.serviceItemProcessTaken);
    });

    it('permission settings: staff-only seeing hides it from visitors and students; visitors can never be given apply', async () => {
      const { id } = data<{ id: number }>(
        await post('admin', '/affairs/api/v1.serviceTool/save/', { ...base(), name: '测试权限' }),
      );
      data(await post('admin', '/affairs/api/v1.serviceTool/publish/', { id }));
      const staffRole = (
        await app.db.selectFrom('role').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow()
      ).id;
      const publicApply = await post('admin', '/affairs/api/v1.serviceTool/rules/', {
        id,
        see: [{ subject: 'public', subjectId: 0 }],
        apply: [{ subject: 'public', subjectId: 0 }],
      });
      expect(publicApply.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'apply.0' } });
      const missingRole = await post('admin', '/affairs/api/v1.serviceTool/rules/', {
        id,
        see: [{ subject: 'role', subjectId: 999999 }],
        apply: [],
      });
      expect(missingRole.json().errorCode).toBe(Codes.inputError);

      data(
        await post('admin', '/affairs/api/v1.serviceTool/rules/', {
          id,
          see: [{ subject: 'role', subjectId: staffRole }],
          apply: [{ subject: 'role', subjectId: staffRole }],
        }),
      );
      expect((await anon(`/affairs/api/v1.item/detail/?id=${id}`)).statusCode).toBe(404);
      expect((await get('student', `/affairs/api/v1.item/detail/?id=${id}`)).statusCode).toBe(404);
      expect(data<ItemGuide>(await get('teacher', `/affairs/api/v1.item/detail/?id=${id}`)).name).toBe('测试权限');
      const teacherId = await userId('teacher');
      const v = await viewerOf(app.db, { userId: teacherId, isAdmin: false, platformId: null } as never);
      expect(await canSeeItem(app.db, v, id)).toBe(true);
      const found = await searchDocs(app.db, {
        text: '测试权限',
        kinds: ['item'],
        audience: ['public'],
        page: 1,
        pageSize: 10,
      });
      expect(found.list.map((h) => h.refId)).not.toContain(id);
    });

    it('uploads: sniffed and typed (a map image, never an image as a template), administrators only, served publicly', async () => {
      const send = (user: string, kind: string, filename: string, content: Buffer) => {
        const body = multipartBody({ filename, content });
        return app.injectAs(user, {
          method: 'POST',
          url: `/affairs/api/v1.serviceTool/upload/?kind=${kind}`,
          payload: body.payload,
          headers: body.headers,
        });
      };
      const map = data<{ id: string; url: string }>(await send('admin', 'image', 'map.png', TINY_PNG));
      expect((await anon(map.url)).statusCode).toBe(200);
      const asTemplate = await send('admin', 'template', 'map.png', TINY_PNG);
      expect(asTemplate.statusCode).toBe(400);
      const disguised = await send('admin', 'template', 'form.pdf', Buffer.from('MZ not a pdf at all'));
      expect(disguised.json().errorCode).toBe(Codes.inputError);
      expect((await send('student', 'image', 'map.png', TINY_PNG)).statusCode).toBe(403);

      const { id } = data<{ id: number }>(
        await post('admin', '/affairs/api/v1.serviceTool/save/', { ...base(), name: '测试地图', mapUploadId: map.id }),
      );
      expect(data<AdminItemDetail>(await get('admin', `/affairs/api/v1.serviceTool/detail/?id=${id}`)).mapUrl).toBe(
        map.url,
      );
      // An upload of another purpose (or none) is not a template.
      const wrong = await post('admin', '/affairs/api/v1.serviceTool/save/', {
        ...base(),
        materials: [{ name: '表', required: true, copies: '', note: '', templateId: map.id, templateName: 'x' }],
      });
      expect(wrong.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'materials.0' } });
    });

    it('orders items and saves special services (unknown items refused)', async () => {
      const a = idOf.get('学生请假')!;
      data(await post('admin', '/affairs/api/v1.serviceTool/order/', { items: [{ id: a, sort: 0 }] }));
      expect((await all(null)).list[0]!.id).toBe(a);
      const bad = await post('admin', '/affairs/api/v1.serviceTool/special/save/', {
        name: '测试专题',
        summary: '',
        bannerUploadId: null,
        intro: '<p>x</p>',
        steps: [],
        status: 'published',
        sort: 1,
        itemIds: [999999],
      });
      expect(bad.json().errorCode).toBe(Codes.inputError);
      const { id } = data<{ id: number }>(
        await post('admin', '/affairs/api/v1.serviceTool/special/save/', {
          name: '测试专题',
          summary: '',
          bannerUploadId: null,
          intro: '<p>x</p><img src=x onerror=alert(1)>',
          steps: [{ title: '第一步', description: '' }],
          status: 'published',
          sort: 1,
          itemIds: [a],
        }),
      );
      const s = data<SpecialDetail>(await anon(`/affairs/api/v1.affairs/special/?id=${id}`));
      expect(s.items.map((i) => i.id)).toEqual([a]);
      expect(s.intro).not.toContain('onerror');
      data(await post('admin', '/affairs/api/v1.serviceTool/special/delete/', { id }));
      expect((await anon(`/affairs/api/v1.affairs/special/?id=${id}`)).statusCode).toBe(404);
    });
  });
});
