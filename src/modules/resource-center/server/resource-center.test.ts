import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import type { LinkCreated, LinkRow, OpenAnswer, RecordRow, ResourceView, StatsAnswer, UploadAnswer } from '../contract';
import { demoPdf, demoPng } from './demo-files';
import * as svc from './service';

const RES = '/resource/api/v1.resource';
const LINK = '/resource/api/v1.resourceLink';
const SHARE = '/resource/api/v1.share';
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

let app: TestApp;
let staffPlatform: number;
let studentPlatform: number;
/** A second staff member: must not reach the teacher's drafts, links or records. */
let colleague: string;
let staffRoleId: number;

const as = (who: string) => (who === 'student' ? studentPlatform : staffPlatform);
const get = (who: string, url: string) => app.injectAs(who, { method: 'GET', url }, as(who));
const post = (who: string, url: string, body: unknown) =>
  app.injectAs(who, { method: 'POST', url, ...json(body) }, as(who));
const data = <T>(r: { json: () => { data: T } }) => r.json().data;

async function upload(who: string, filename: string, content: Buffer) {
  const mp = multipartBody({ filename, content });
  return app.injectAs(
    who,
    { method: 'POST', url: `${RES}/upload/`, payload: mp.payload, headers: mp.headers },
    as(who),
  );
}

async function publish(title: string, visibility: 'all' | 'roles', file = demoPdf(['Test ' + title])) {
  const up = data<UploadAnswer>(await upload('teacher', 'guide.pdf', file));
  const saved = await post('teacher', `${RES}/save/`, {
    title,
    description: '测试资源',
    kind: up.kind,
    uploadId: up.id,
    labels: ['测试标签'],
    visibility,
    roleIds: visibility === 'roles' ? [staffRoleId] : [],
    departmentIds: [],
  });
  expect(saved.json().errorCode).toBe(Codes.ok);
  const id = data<{ id: number }>(saved).id;
  expect((await post('teacher', `${RES}/release/`, { id })).json().errorCode).toBe(Codes.ok);
  return id;
}

beforeAll(async () => {
  app = await buildTestApp();
  const pid = async (name: string) =>
    (await app.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  staffPlatform = await pid('教职工服务平台');
  studentPlatform = await pid('学生服务平台');
  colleague = (
    await app.db
      .selectFrom('appUser')
      .select('username')
      .where('kind', '=', 'staff')
      .where('username', '!=', 'teacher')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).username;
  staffRoleId = (await app.db.selectFrom('role').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow()).id;
});
afterAll(async () => app?.close());

describe('releasing and the hall', () => {
  let staffOnly: number;
  let forAll: number;

  it('stores an upload streamed and sniffed, and refuses what is not a document or image', async () => {
    const bad = await upload('teacher', 'notes.pdf', Buffer.from('just some text, not a pdf'));
    expect(bad.statusCode).toBe(400);
    const png = data<UploadAnswer>(await upload('teacher', 'photo.png', demoPng([0, 0, 0], [255, 255, 255], 8, 8)));
    expect(png.kind).toBe('image');
    // A student has no 发布资源 permission.
    expect((await upload('student', 'x.pdf', demoPdf(['x']))).statusCode).toBe(403);
  });

  it('keeps a draft out of the hall until it is released', async () => {
    const up = data<UploadAnswer>(await upload('teacher', 'draft.pdf', demoPdf(['Draft'])));
    const { id } = data<{ id: number }>(
      await post('teacher', `${RES}/save/`, {
        title: '草稿资源',
        kind: 'document',
        uploadId: up.id,
        labels: [],
        visibility: 'all',
        roleIds: [],
        departmentIds: [],
      }),
    );
    const hall = data<{ list: ResourceView[] }>(await get('student', `${RES}/hall/?keyword=草稿`));
    expect(hall.list).toHaveLength(0);
    expect((await post('student', `${RES}/open/`, { id })).statusCode).toBe(404);
    expect(
      (
        await post('teacher', `${RES}/save/`, {
          title: 'x',
          kind: 'link',
          url: 'javascript:alert(1)',
          labels: [],
          visibility: 'all',
          roleIds: [],
          departmentIds: [],
        })
      ).json().errorCode,
    ).toBe(Codes.resourceBadTarget);
  });

  it('shows a resource only to those its visibility names (404 to others, never its file)', async () => {
    staffOnly = await publish('教职工手册', 'roles');
    forAll = await publish('学生指南', 'all');
    const studentHall = data<{ list: ResourceView[]; total: number }>(await get('student', `${RES}/hall/?pageSize=50`));
    expect(studentHall.list.map((r) => r.id)).toContain(forAll);
    expect(studentHall.list.map((r) => r.id)).not.toContain(staffOnly);
    const denied = await post('student', `${RES}/open/`, { id: staffOnly });
    expect(denied.statusCode).toBe(404);
    expect((await post('student', `${RES}/favorite/`, { id: staffOnly })).statusCode).toBe(404);
    const colleagueHall = data<{ list: ResourceView[] }>(await get(colleague, `${RES}/hall/?keyword=教职工手册`));
    expect(colleagueHall.list.map((r) => r.id)).toEqual([staffOnly]);
    // Editing is the owner's alone.
    expect((await get(colleague, `${RES}/get/?id=${staffOnly}`)).statusCode).toBe(404);
    expect((await post(colleague, `${RES}/withdraw/`, { id: staffOnly })).statusCode).toBe(404);
  });

  it('searches by keyword and label in SQL and keeps favourites per user', async () => {
    const byLabel = data<{ list: ResourceView[] }>(
      await get('student', `${RES}/hall/?label=${encodeURIComponent('测试标签')}`),
    );
    expect(byLabel.list.map((r) => r.id)).toEqual([forAll]);
    expect((await post('student', `${RES}/favorite/`, { id: forAll })).json().errorCode).toBe(Codes.ok);
    const favs = data<{ list: ResourceView[] }>(await get('student', `${RES}/hall/?favorite=1`));
    expect(favs.list.map((r) => [r.id, r.favorite])).toEqual([[forAll, true]]);
    expect(data<{ total: number }>(await get('teacher', `${RES}/hall/?favorite=1`)).total).toBe(0);
  });

  it('previews through a ticket address with range requests, and records the access', async () => {
    const opened = data<OpenAnswer>(await post('student', `${RES}/open/`, { id: forAll }));
    expect(opened.preview).toBe('pdf');
    const whole = await app.inject({ method: 'GET', url: opened.src });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const part = await app.inject({ method: 'GET', url: opened.src, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${whole.rawPayload.length}`);
    expect(part.rawPayload.toString()).toBe('%PDF');
    const forged = await app.inject({ method: 'GET', url: `${RES}/file/?ticket=AAAAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.json().errorCode).toBe(Codes.resourceTicketExpired);
    // The platform's own file route gives a resource file only to its uploader.
    const up = await app.db
      .selectFrom('rcResource')
      .select('uploadId')
      .where('id', '=', forAll)
      .executeTakeFirstOrThrow();
    expect((await get('student', `/resource/api/v1.file/${up.uploadId}`)).statusCode).toBe(403);

    const records = data<{ list: RecordRow[] }>(await get('teacher', `${RES}/records/?resourceId=${forAll}`));
    expect(records.list[0]).toMatchObject({ resourceId: forAll, action: 'view', userName: '李明轩' });
    expect(data<{ total: number }>(await get(colleague, `${RES}/records/?resourceId=${forAll}`)).total).toBe(0);
    expect((await get('student', `${RES}/records/`)).statusCode).toBe(403);
  });

  it('reports resources, access and labels, and exports them', async () => {
    const s = data<StatsAnswer>(await get('teacher', '/resource/api/v1.resourceStats/report/'));
    expect(s.totals.released).toBe(2);
    expect(s.totals.views).toBeGreaterThanOrEqual(1);
    expect(s.labels.find((l) => l.name === '测试标签')).toMatchObject({ count: 2 });
    const x = await get('teacher', '/resource/api/v1.resourceStats/export/?report=label');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect((await get('student', '/resource/api/v1.resourceStats/report/')).statusCode).toBe(403);
  });
});

describe('shareable links', () => {
  let resourceId: number;
  let link: LinkCreated;

  beforeAll(async () => {
    resourceId = await publish('分享资源', 'roles');
  });

  it('creates a link with password, expiry and visit cap; the visitor needs the password', async () => {
    link = data<LinkCreated>(
      await post('teacher', `${LINK}/create/`, {
        resourceId,
        expiresAt: Date.now() + 3600_000,
        password: 'abcd',
        maxVisits: 2,
      }),
    );
    expect(link.path).toBe(`/share/resource?token=${link.token}`);
    const info = await app.inject({ method: 'GET', url: `${SHARE}/info/?token=${link.token}` });
    expect(info.json().data).toMatchObject({ title: '分享资源', needsPassword: true });
    const open = (password: string) =>
      app.inject({ method: 'POST', url: `${SHARE}/open/`, payload: { token: link.token, password } });
    expect((await open('')).json().errorCode).toBe(Codes.resourceLinkPassword);
    expect((await open('wrong')).json().errorCode).toBe(Codes.resourceLinkPassword);
    // The pages send ordinary calls form-encoded: numbers and the password arrive as text.
    const form = await app.injectAs(
      'teacher',
      {
        method: 'POST',
        url: `${LINK}/create/`,
        payload: `resourceId=${resourceId}&expiresAt=${Date.now() + 3600_000}&password=&maxVisits=0`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      staffPlatform,
    );
    expect(form.json().errorCode).toBe(Codes.ok);
    const okOpen = await open('abcd');
    expect(okOpen.json().errorCode).toBe(Codes.ok);
    const src = (okOpen.json().data as OpenAnswer).src;
    expect((await app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    expect((await open('abcd')).json().errorCode).toBe(Codes.ok);
    const spent = await open('abcd');
    expect(spent.statusCode).toBe(410);
    expect(spent.json().errorCode).toBe(Codes.resourceLinkExhausted);
    const history = data<{ list: LinkRow[] }>(await get('teacher', `${LINK}/list/?scope=history`));
    expect(history.list.find((l) => l.id === link.id)).toMatchObject({ status: 'exhausted', visits: 2 });
  });

  it('counts visits atomically: of racing visitors only the cap get in', async () => {
    const one = data<LinkCreated>(
      await post('teacher', `${LINK}/create/`, {
        resourceId,
        expiresAt: Date.now() + 3600_000,
        password: '',
        maxVisits: 1,
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: `${SHARE}/open/`, payload: { token: one.token, password: '' } }),
      ),
    );
    expect(answers.filter((a) => a.json().errorCode === Codes.ok)).toHaveLength(1);
  });

  it('answers expired and revoked links with their codes; only the owner revokes', async () => {
    const now = Date.now();
    const short = data<LinkCreated>(
      await post('teacher', `${LINK}/create/`, { resourceId, expiresAt: now + 60_000, password: '', maxVisits: 0 }),
    );
    await expect(svc.shareOpen(app.db, short.token, '', now + 61_000)).rejects.toMatchObject({
      code: Codes.resourceLinkExpired,
    });
    expect((await post(colleague, `${LINK}/revoke/`, { id: short.id })).statusCode).toBe(404);
    expect((await post('teacher', `${LINK}/revoke/`, { id: short.id })).json().errorCode).toBe(Codes.ok);
    const gone = await app.inject({ method: 'GET', url: `${SHARE}/info/?token=${short.token}` });
    expect(gone.json().errorCode).toBe(Codes.resourceLinkRevoked);
    expect(data<{ total: number }>(await get(colleague, `${LINK}/list/?scope=history`)).total).toBe(0);
    // A link of someone else's resource, or of a draft, is refused.
    expect((await post(colleague, `${LINK}/create/`, { resourceId, expiresAt: now + 60_000 })).statusCode).toBe(404);
    expect((await post('teacher', `${RES}/withdraw/`, { id: resourceId })).json().errorCode).toBe(Codes.ok);
    expect((await post('teacher', `${LINK}/create/`, { resourceId, expiresAt: now + 60_000 })).json().errorCode).toBe(
      Codes.resourceWrongState,
    );
  });
});
