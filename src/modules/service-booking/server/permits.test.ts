import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { PermitRow, VerifyAnswer } from '../contract';
import { endedBookingsOf } from './commands/bookings';
import { maskName, settlePermits } from './permits';
import { DEMO_DESK_DEPARTMENT } from './seed';

let app: TestApp;
let staffPlatform: number;
let deskUser: string;

const PERMIT = '/affairs/api/v1.permit';

const verify = async (code: string): Promise<VerifyAnswer> =>
  (await app.inject({ method: 'GET', url: `${PERMIT}/verify/?code=${encodeURIComponent(code)}` })).json().data;

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', 'like', '%教职工%').executeTakeFirstOrThrow()
  ).id;
  const staff = await app.db
    .selectFrom('appUser')
    .innerJoin('department', 'department.id', 'appUser.departmentId')
    .select('appUser.username')
    .where('department.name', '=', DEMO_DESK_DEPARTMENT)
    .where('appUser.kind', '=', 'staff')
    .orderBy('appUser.userNo')
    .executeTakeFirstOrThrow();
  deskUser = staff.username;
}, 60_000);

afterAll(async () => {
  await app.close();
});

describe('demo data', () => {
  it('seeds windows, slots whose seat counts match their bookings, bookings in every state, call-backs and permits', async () => {
    const statuses = await app.db.selectFrom('sbBooking').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['attended', 'booked', 'cancelled', 'no_show']);
    const mismatched = await sql<{ id: number }>`select s.id from sb_slot s
      where s.booked <> (select count(*) from sb_booking b where b.slot_id = s.id and b.status <> 'cancelled')`.execute(
      app.db,
    );
    expect(mismatched.rows).toHaveLength(0);
    const full = await sql<{
      n: number;
    }>`select count(*) as n from sb_slot where booked = capacity and start_at > ${Date.now()}`.execute(app.db);
    expect(Number(full.rows[0]!.n)).toBeGreaterThan(0);
    const cbs = await app.db.selectFrom('sbCallback').select('status').execute();
    expect(cbs.map((c) => c.status).sort()).toEqual(['closed', 'pending']);
    const permits = await app.db.selectFrom('sbPermit').select('status').execute();
    expect(permits.map((p) => p.status)).toContain('revoked');
    expect(permits.map((p) => p.status)).toContain('valid');
    const student = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const ended = await endedBookingsOf(app.db, student.id, { page: 1, pageSize: 10 });
    expect(ended.list.map((b) => b.status)).toContain('attended');
  });
});

describe('electronic permits', () => {
  it('masks holder names', () => {
    expect(maskName('李明轩')).toBe('李*轩');
    expect(maskName('王颖')).toBe('王*');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
  });

  it('issues a permit once when an application of a permit item ends approved (the settling job), verifiable in public', async () => {
    const item = await app.db
      .selectFrom('svcItem')
      .select(['id', 'processId', 'permitTitle'])
      .where('issuesPermit', '=', 1)
      .where('processId', 'is not', null)
      .where('status', '=', 'published')
      .executeTakeFirst();
    let processId = item?.processId ?? null;
    const model = await app.db.selectFrom('wfInstance').selectAll().orderBy('id').executeTakeFirst();
    if (!model) return; // the demo has no workflow instance to model one on
    if (!item) {
      processId = model.processId;
      const any = await app.db
        .selectFrom('svcItem')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await app.db
        .updateTable('svcItem')
        .set({ issuesPermit: 1, permitTitle: '测试证明', processId })
        .where('id', '=', any.id)
        .execute();
    }
    const student = await app.db
      .selectFrom('appUser')
      .select(['id', 'realName'])
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = model;
    const now = Date.now();
    const inst = await app.db
      .insertInto('wfInstance')
      .values({
        ...rest,
        processId: processId!,
        applicantId: student.id,
        applicantName: student.realName,
        status: 'approved',
        recordToken: `sb-test-${now}`,
        startedAt: now - 60_000,
        updatedAt: now,
        endedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await settlePermits(app, now);
    expect(await settlePermits(app, now)).toBe(0);
    const issued = await app.db
      .selectFrom('sbPermit')
      .select(['id', 'code', 'holderId'])
      .where('instanceId', '=', inst.id)
      .execute();
    expect(issued).toHaveLength(1);
    expect(issued[0]!.holderId).toBe(student.id);
    const v = await verify(issued[0]!.code);
    expect(v).toMatchObject({ result: 'valid', holderName: maskName(student.realName) });
    // The holder sees it with a QR code.
    const doc = await app.injectAs('student', { method: 'GET', url: `${PERMIT}/document/?id=${issued[0]!.id}` });
    expect(doc.json().data.qr).toMatch(/^data:image\/png;base64,/);
    expect(doc.json().data.verifyPath).toContain(issued[0]!.code);
    // Another student does not.
    const other = await app.db
      .selectFrom('appUser')
      .select('username')
      .where('kind', '=', 'student')
      .where('username', '!=', 'student')
      .executeTakeFirstOrThrow();
    expect(
      (await app.injectAs(other.username, { method: 'GET', url: `${PERMIT}/document/?id=${issued[0]!.id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('department staff issue by hand and revoke with a reason (audited); the public page then says revoked; unknown codes are unknown', async () => {
    const scope = await app.injectAs(
      deskUser,
      { method: 'GET', url: '/affairs/api/v1.booking/manage/scope/' },
      staffPlatform,
    );
    expect(scope.json().errorCode, scope.body).toBe(Codes.ok);
    const items = scope.json().data.items as { id: number; issuesPermit: boolean }[];
    const permitItem = items.find((i) => i.issuesPermit);
    expect(permitItem).toBeDefined();
    const bad = await app.injectAs(
      deskUser,
      {
        method: 'POST',
        url: `${PERMIT}/manage/issue/`,
        payload: { itemId: permitItem!.id, holderNo: 'nobody-here' },
      },
      staffPlatform,
    );
    expect(bad.statusCode).toBe(400);
    const issued = await app.injectAs(
      deskUser,
      {
        method: 'POST',
        url: `${PERMIT}/manage/issue/`,
        payload: { itemId: permitItem!.id, holderNo: 'student' },
      },
      staffPlatform,
    );
    expect(issued.json().errorCode, issued.body).toBe(Codes.ok);
    const id = issued.json().data.id as number;
    const list = await app.injectAs(
      deskUser,
      { method: 'GET', url: `${PERMIT}/manage/list/?status=valid` },
      staffPlatform,
    );
    const row = (list.json().data.list as PermitRow[]).find((p) => p.id === id)!;
    expect(row.holderName).toBe('李明轩');
    expect((await verify(row.code)).result).toBe('valid');
    expect((await verify(row.code.toLowerCase())).result).toBe('valid');

    const noReason = await app.injectAs(
      deskUser,
      { method: 'POST', url: `${PERMIT}/manage/revoke/`, payload: { id, reason: ' ' } },
      staffPlatform,
    );
    expect(noReason.statusCode).toBe(400);
    const revoked = await app.injectAs(
      deskUser,
      { method: 'POST', url: `${PERMIT}/manage/revoke/`, payload: { id, reason: '材料不实' } },
      staffPlatform,
    );
    expect(revoked.json().errorCode).toBe(Codes.ok);
    const twice = await app.injectAs(
      deskUser,
      { method: 'POST', url: `${PERMIT}/manage/revoke/`, payload: { id, reason: '材料不实' } },
      staffPlatform,
    );
    expect(twice.json().errorCode).toBe(Codes.bookingWrongState);
    expect(await verify(row.code)).toMatchObject({ result: 'revoked', revokeReason: '材料不实' });
    const log = await app.db.selectFrom('auditLog').select('action').where('target', '=', `permit:${id}`).execute();
    expect(log.map((l) => l.action).sort()).toEqual(['permit.issue', 'permit.revoke']);
    expect((await verify('ZZZZ-ZZZZ-ZZZZ')).result).toBe('unknown');
    const malformed = await app.inject({
      method: 'GET',
      url: `${PERMIT}/verify/?code=${encodeURIComponent('<script>')}`,
    });
    expect(malformed.statusCode).toBe(400);

    // Staff of another department cannot revoke it; a student has no permit desk.
    expect((await app.injectAs('student', { method: 'GET', url: `${PERMIT}/manage/list/` })).statusCode).toBe(403);
  });
});
