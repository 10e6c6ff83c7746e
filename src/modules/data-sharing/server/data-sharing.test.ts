import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import {
  openApiPath,
  signingText,
  type AccessLogItem,
  type AppItem,
  type AppSecret,
  type ApplicationItem,
  type OpenAnswer,
} from '../contract';
import { APPROVER_ROLE } from './approval';

/*
 * 数据共享 end to end on the server: a data table made through data-tables' commands, a theme and
 * datasets from the back office, a staff member's app, applications approved through the workflow
 * engine by the data administrator, the signed data API (granted fields and rows only, signature,
 * timestamp, nonce, rate limit, access log), supplements, revocation and disabling.
 */
const S = '/data/api/v1.dataShare';
let app: TestApp;
let staffPlatform: number;
const APPLICANT = 'teacher';
const ADMIN = 'ds_admin_t';
const OTHER = 'ds_other_t';
let datasetId: number;
let otherDatasetId: number;
let offDatasetId: number;
let appId: number;
let key: AppSecret;

const as = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  app.injectAs(
    who,
    {
      method,
      url,
      ...(body ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    },
    who === 'admin' ? null : staffPlatform,
  );
async function data<T>(res: { json(): { errorCode: string; message: string; data: unknown } }): Promise<T> {
  const b = res.json();
  expect(b.errorCode, b.message).toBe(Codes.ok);
  return b.data as T;
}
const code = (res: { json(): { errorCode: string } }) => res.json().errorCode;
const count = async (table: 'dsApplication' | 'dsAccessLog' | 'dsGrant') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

function signed(
  k: { appKey: string; secret: string },
  dataset: string,
  query: Record<string, string> = { page: '1', pageSize: '50' },
  over: { timestamp?: string; nonce?: string; signature?: string } = {},
) {
  const path = openApiPath(dataset);
  const timestamp = over.timestamp ?? String(Date.now());
  const nonce = over.nonce ?? randomBytes(12).toString('hex');
  const signature =
    over.signature ??
    createHmac('sha256', k.secret)
      .update(signingText('GET', path, timestamp, nonce, query))
      .digest('hex');
  const qs = new URLSearchParams(query).toString();
  return app.inject({
    method: 'GET',
    url: qs ? `${path}?${qs}` : path,
    headers: { 'x-app-key': k.appKey, 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature },
  });
}

async function myTask(kind: 'apply' | 'supplement', id: number) {
  const page = await data<{ list: ApplicationItem[] }>(
    await as(ADMIN, 'GET', `${S}/tasks/?kind=${kind}&page=1&pageSize=50`),
  );
  return page.list.find((r) => r.id === id);
}

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('menu').select('platformId').where('name', '=', 'dataSharingApps').executeTakeFirstOrThrow()
  ).platformId!;
  const roles = await app.db
    .selectFrom('role')
    .select(['id', 'code'])
    .where('code', 'in', ['staff', APPROVER_ROLE])
    .execute();
  for (const [username, codes] of [
    [ADMIN, ['staff', APPROVER_ROLE]],
    [OTHER, ['staff']],
  ] as const) {
    const userId = await createTestUser(app, { username, password: 'Demo@2026', kind: 'staff' });
    await app.db
      .insertInto('userRole')
      .values(roles.filter((r) => (codes as readonly string[]).includes(r.code)).map((r) => ({ userId, roleId: r.id })))
      .execute();
  }
  const field = (name: string, type: 'string' | 'integer' = 'string') => ({
    name,
    label: name,
    type,
    required: false,
    indexed: false,
    visibility: 'all' as const,
    description: '',
    sort: 0,
  });
  const def = await createDataTable(
    app,
    app.db,
    {
      code: 'ds_people_t',
      name: '共享测试人员',
      description: '',
      fields: [field('id_no'), field('person'), field('dept'), field('salary', 'integer')],
      uniqueKey: ['id_no'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  await writeRows(
    app,
    app.db,
    def.id,
    Array.from({ length: 7 }, (_, i) => ({
      id_no: `P${i}`,
      person: `人员${i}`,
      dept: i < 5 ? 'A' : 'B',
      salary: 1000 + i,
    })),
    { actorId: null, source: 'import' as never },
  );
});

afterAll(async () => {
  await app?.close();
});

describe('数据共享', () => {
  it('the back office keeps themes and datasets, checked against the data table', async () => {
    const { id: themeId } = await data<{ id: number }>(
      await as('admin', 'POST', `${S}/theme/save/`, { name: '测试主题', description: '', sort: 1 }),
    );
    const base = { themeId, tableCode: 'ds_people_t', description: '人员', enabled: true };
    const bad = await as('admin', 'POST', `${S}/dataset/save/`, {
      ...base,
      code: 'ppl_bad',
      name: '坏',
      fields: ['person', 'nope'],
    });
    expect(code(bad)).toBe(Codes.dataShareBadFields);
    const noTable = await as('admin', 'POST', `${S}/dataset/save/`, {
      ...base,
      tableCode: 'no_such_table',
      code: 'ppl_none',
      name: '无表',
      fields: ['person'],
    });
    expect(code(noTable)).toBe(Codes.dataShareDatasetUnavailable);
    ({ id: datasetId } = await data<{ id: number }>(
      await as('admin', 'POST', `${S}/dataset/save/`, {
        ...base,
        code: 'ppl',
        name: '人员A',
        fields: ['person', 'dept', 'salary'],
        rowFilter: { dept: 'A' },
      }),
    ));
    ({ id: otherDatasetId } = await data<{ id: number }>(
      await as('admin', 'POST', `${S}/dataset/save/`, {
        ...base,
        code: 'ppl_all',
        name: '人员全部',
        fields: ['person'],
      }),
    ));
    ({ id: offDatasetId } = await data<{ id: number }>(
      await as('admin', 'POST', `${S}/dataset/save/`, {
        ...base,
        code: 'ppl_off',
        name: '停用',
        fields: ['person'],
        enabled: false,
      }),
    ));
    expect(code(await as('admin', 'POST', `${S}/theme/delete/`, { id: themeId }))).toBe(Codes.dataShareThemeInUse);
    // Staff read the catalogue (enabled datasets only) but not the back office's API.
    const cat = await data<{ list: { code: string }[] }>(
      await as(APPLICANT, 'GET', `${S}/catalog/?page=1&pageSize=50`),
    );
    expect(cat.list.map((d) => d.code)).toEqual(expect.arrayContaining(['ppl', 'ppl_all']));
    expect(cat.list.map((d) => d.code)).not.toContain('ppl_off');
    expect((await as(APPLICANT, 'POST', `${S}/theme/save/`, { name: 'x' })).statusCode).toBe(403);
  });

  it('a staff member makes an app; its secret is shown once and stored sealed', async () => {
    key = await data<AppSecret>(
      await as(APPLICANT, 'POST', `${S}/app/create/`, { name: '测试应用', contact: '王老师' }),
    );
    appId = key.id;
    const row = await app.db.selectFrom('dsApp').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    expect(row.secretSealed).not.toContain(key.secret);
    const mine = await data<{ list: AppItem[] }>(await as(APPLICANT, 'GET', `${S}/apps/?page=1&pageSize=20`));
    expect(mine.list.map((a) => a.id)).toContain(appId);
    expect(JSON.stringify(mine)).not.toContain(key.secret);
    // Another staff member neither sees nor reads its log.
    const theirs = await data<{ list: AppItem[] }>(await as(OTHER, 'GET', `${S}/apps/?page=1&pageSize=20`));
    expect(theirs.list).toHaveLength(0);
    expect((await as(OTHER, 'GET', `${S}/app/log/?appId=${appId}&page=1&pageSize=20`)).statusCode).toBe(404);
  });

  it('refuses bad applications and saves nothing (batch: all or nothing)', async () => {
    const before = await count('dsApplication');
    const body = {
      appId,
      datasetIds: [datasetId],
      purpose: '门户展示',
      fields: ['person'],
      periodStart: today(),
      periodEnd: inDays(90),
    };
    expect(code(await as(APPLICANT, 'POST', `${S}/apply/`, { ...body, fields: ['id_no'] }))).toBe(
      Codes.dataShareBadFields,
    );
    expect(
      code(await as(APPLICANT, 'POST', `${S}/apply/`, { ...body, periodEnd: inDays(-3), periodStart: inDays(-5) })),
    ).toBe(Codes.dataShareBadPeriod);
    expect(
      code(await as(APPLICANT, 'POST', `${S}/apply/`, { ...body, periodStart: inDays(5), periodEnd: inDays(1) })),
    ).toBe(Codes.dataShareBadPeriod);
    expect(
      code(await as(APPLICANT, 'POST', `${S}/apply/`, { ...body, datasetIds: [otherDatasetId, offDatasetId] })),
    ).toBe(Codes.dataShareDatasetUnavailable);
    expect((await as(APPLICANT, 'POST', `${S}/apply/`, { ...body, purpose: '' })).statusCode).toBe(400);
    // Someone else's app: not found.
    expect((await as(OTHER, 'POST', `${S}/apply/`, body)).statusCode).toBe(404);
    expect(await count('dsApplication')).toBe(before);
  });

  let applicationId: number;
  it('apply → approved by the data administrator through the workflow → the app reads only granted fields and rows', async () => {
    const sent = await data<{ ids: number[] }>(
      await as(APPLICANT, 'POST', `${S}/apply/`, {
        appId,
        datasetIds: [datasetId],
        purpose: '门户展示人员名单',
        fields: ['person'],
        periodStart: today(),
        periodEnd: inDays(90),
      }),
    );
    applicationId = sent.ids[0]!;
    // A second one for the same dataset waits for the first.
    expect(
      code(
        await as(APPLICANT, 'POST', `${S}/apply/`, {
          appId,
          datasetIds: [datasetId],
          purpose: '再申请',
          fields: [],
          periodStart: today(),
          periodEnd: inDays(30),
        }),
      ),
    ).toBe(Codes.dataShareGrantExists);
    // Before approval: no grant.
    expect(code(await signed(key, 'ppl'))).toBe(Codes.dataShareNoGrant);

    const task = await myTask('apply', applicationId);
    expect(task?.taskId).not.toBeNull();
    expect(task?.state).toBe('approving');
    // The applicant is not the approver.
    expect((await as(APPLICANT, 'POST', `${S}/decide/`, { id: applicationId, approve: true })).statusCode).toBe(403);
    await data(await as(ADMIN, 'POST', `${S}/decide/`, { id: applicationId, approve: true, comment: '同意' }));
    expect(code(await as(ADMIN, 'POST', `${S}/decide/`, { id: applicationId, approve: true }))).toBe(
      Codes.dataShareWrongState,
    );

    const mine = await data<{ list: ApplicationItem[] }>(await as(APPLICANT, 'GET', `${S}/mine/?page=1&pageSize=20`));
    const row = mine.list.find((r) => r.id === applicationId)!;
    expect(row.state).toBe('approved');
    expect(row.grantFields).toEqual(['person']);

    const answer = await data<OpenAnswer>(await signed(key, 'ppl'));
    expect(answer.fields).toEqual(['person']);
    expect(answer.total).toBe(5);
    expect(answer.list).toHaveLength(5);
    for (const r of answer.list) expect(Object.keys(r)).toEqual(['person']);
    // Paginated in SQL.
    const second = await data<OpenAnswer>(await signed(key, 'ppl', { page: '2', pageSize: '2' }));
    expect(second.list).toHaveLength(2);
    expect(second.total).toBe(5);
    // Another dataset of the same table: not granted.
    expect(code(await signed(key, 'ppl_all'))).toBe(Codes.dataShareNoGrant);
  });

  it('refuses a wrong key, signature, stale timestamp and reused nonce; page size is bounded', async () => {
    const logBefore = await count('dsAccessLog');
    const unknown = await signed({ appKey: 'ds_nobody', secret: 'x' }, 'ppl');
    expect(unknown.statusCode).toBe(401);
    expect(code(unknown)).toBe(Codes.dataShareUnknownApp);
    // An unknown key writes nothing.
    expect(await count('dsAccessLog')).toBe(logBefore);
    const badSig = await signed({ ...key, secret: 'wrong-secret' }, 'ppl');
    expect([badSig.statusCode, code(badSig)]).toEqual([401, Codes.dataShareBadSignature]);
    const stale = await signed(key, 'ppl', undefined, { timestamp: String(Date.now() - 6 * 60_000) });
    expect(code(stale)).toBe(Codes.dataShareBadTimestamp);
    // The signature covers the query: a changed page size does not pass.
    const path = openApiPath('ppl');
    const ts = String(Date.now());
    const sig = createHmac('sha256', key.secret)
      .update(signingText('GET', path, ts, 'nonce-aaaa-1', { page: '1', pageSize: '1' }))
      .digest('hex');
    const tampered = await app.inject({
      method: 'GET',
      url: `${path}?page=1&pageSize=100`,
      headers: { 'x-app-key': key.appKey, 'x-timestamp': ts, 'x-nonce': 'nonce-aaaa-1', 'x-signature': sig },
    });
    expect(code(tampered)).toBe(Codes.dataShareBadSignature);
    await data(await signed(key, 'ppl', undefined, { nonce: 'nonce-bbbb-2' }));
    expect(code(await signed(key, 'ppl', undefined, { nonce: 'nonce-bbbb-2' }))).toBe(Codes.dataShareNonceReused);
    expect((await signed(key, 'ppl', { page: '1', pageSize: '501' })).statusCode).toBe(400);
  });

  it('limits calls per app per minute (counted in the database)', async () => {
    await app.db.updateTable('dsApp').set({ ratePerMinute: 0 }).where('id', '=', appId).execute();
    const res = await signed(key, 'ppl');
    expect([res.statusCode, code(res)]).toEqual([429, Codes.dataShareRateLimited]);
    await app.db.updateTable('dsApp').set({ ratePerMinute: 10_000 }).where('id', '=', appId).execute();
    await data(await signed(key, 'ppl'));
  });

  it('a supplement adds fields once approved (taskDataShareSupplement)', async () => {
    const mine = await data<{ list: ApplicationItem[] }>(await as(APPLICANT, 'GET', `${S}/mine/?page=1&pageSize=20`));
    const grantId = mine.list.find((r) => r.id === applicationId)!.grantId!;
    expect(
      code(await as(APPLICANT, 'POST', `${S}/supplement/`, { grantId, fields: ['person'], purpose: '无新增' })),
    ).toBe(Codes.dataShareBadFields);
    expect(
      code(await as(APPLICANT, 'POST', `${S}/supplement/`, { grantId, fields: ['id_no'], purpose: '不共享' })),
    ).toBe(Codes.dataShareBadFields);
    const { id } = await data<{ id: number }>(
      await as(APPLICANT, 'POST', `${S}/supplement/`, { grantId, fields: ['salary'], purpose: '展示工资' }),
    );
    expect((await myTask('apply', id))?.id).toBeUndefined();
    expect((await myTask('supplement', id))?.taskId).not.toBeNull();
    // Until approved the app still reads only its first field.
    expect((await data<OpenAnswer>(await signed(key, 'ppl'))).fields).toEqual(['person']);
    await data(await as(ADMIN, 'POST', `${S}/decide/`, { id, approve: true }));
    const answer = await data<OpenAnswer>(await signed(key, 'ppl'));
    expect(answer.fields).toEqual(['person', 'salary']);
    expect(Object.keys(answer.list[0]!)).toEqual(['person', 'salary']);
  });

  it('the owner reads the access log of every call, answered or refused', async () => {
    const log = await data<{ list: AccessLogItem[]; total: number }>(
      await as(APPLICANT, 'GET', `${S}/app/log/?appId=${appId}&page=1&pageSize=100`),
    );
    const codes = new Set(log.list.map((r) => r.errorCode));
    for (const c of [
      Codes.ok,
      Codes.dataShareNoGrant,
      Codes.dataShareBadSignature,
      Codes.dataShareBadTimestamp,
      Codes.dataShareNonceReused,
      Codes.dataShareRateLimited,
    ])
      expect(codes).toContain(c);
    expect(log.list.find((r) => r.errorCode === Codes.ok)!.rows).toBeGreaterThan(0);
    // The data administrator reads it too.
    await data(await as(ADMIN, 'GET', `${S}/app/log/?appId=${appId}&page=1&pageSize=5`));
  });

  it('revoking the grant refuses the next call at once; so does disabling the app', async () => {
    const mine = await data<{ list: ApplicationItem[] }>(await as(APPLICANT, 'GET', `${S}/mine/?page=1&pageSize=20`));
    const grantId = mine.list.find((r) => r.id === applicationId)!.grantId!;
    await data(await signed(key, 'ppl'));
    await data(await as(APPLICANT, 'POST', `${S}/revoke/`, { id: grantId }));
    const refused = await signed(key, 'ppl');
    expect([refused.statusCode, code(refused)]).toEqual([403, Codes.dataShareNoGrant]);
    expect(code(await as(APPLICANT, 'POST', `${S}/revoke/`, { id: grantId }))).toBe(Codes.dataShareWrongState);
    const after = await data<{ list: ApplicationItem[] }>(
      await as(APPLICANT, 'GET', `${S}/mine/?state=revoked&page=1&pageSize=20`),
    );
    expect(after.list.map((r) => r.id)).toContain(applicationId);

    // A new application for another dataset, rejected; then the app is disabled.
    const { ids } = await data<{ ids: number[] }>(
      await as(APPLICANT, 'POST', `${S}/apply/`, {
        appId,
        datasetIds: [otherDatasetId],
        purpose: '另一个',
        fields: [],
        periodStart: today(),
        periodEnd: inDays(10),
      }),
    );
    await data(await as(ADMIN, 'POST', `${S}/decide/`, { id: ids[0], approve: false, comment: '不需要' }));
    const rejected = await data<{ list: ApplicationItem[] }>(
      await as(APPLICANT, 'GET', `${S}/mine/?state=rejected&page=1&pageSize=20`),
    );
    expect(rejected.list.find((r) => r.id === ids[0])?.reply).toBe('不需要');
    await data(await as(APPLICANT, 'POST', `${S}/app/disable/`, { id: appId }));
    expect(code(await signed(key, 'ppl'))).toBe(Codes.dataShareAppDisabled);
    // A rotated secret replaces the old one at once.
    await data(await as(APPLICANT, 'POST', `${S}/app/enable/`, { id: appId }));
    const rotated = await data<AppSecret>(await as(APPLICANT, 'POST', `${S}/app/rotate/`, { id: appId }));
    expect(code(await signed(key, 'ppl'))).toBe(Codes.dataShareBadSignature);
    expect(code(await signed(rotated, 'ppl'))).toBe(Codes.dataShareNoGrant);
  });
});
