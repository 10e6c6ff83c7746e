import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { CareRow, RuleList, WarningStatus } from '../contract';
import type { Finding } from './rules';
import { scopeWhere, type Scope } from './scope';

export type Conn = Kysely<Database> | Transaction<Database>;

const BATCH = 200;

export async function ruleParams(db: Conn, list: string): Promise<Record<string, number> | undefined> {
  const r = await db.selectFrom('ewRule').select('params').where('list', '=', list).executeTakeFirst();
  return r ? (JSON.parse(r.params) as Record<string, number>) : undefined;
}

export async function saveRuleParams(db: Conn, list: string, params: Record<string, number>, by: number, now: number) {
  await db
    .insertInto('ewRule')
    .values({ list, params: JSON.stringify(params), updatedAt: now, updatedBy: by })
    .onConflict((oc) =>
      oc.column('list').doUpdateSet({ params: JSON.stringify(params), updatedAt: now, updatedBy: by }),
    )
    .execute();
}

/** Portal users and their counsellor by 学号 (the rules know students by number only). */
async function studentsByNo(db: Conn, nos: string[]) {
  const out = new Map<string, { id: number; counsellorId: number | null }>();
  for (let i = 0; i < nos.length; i += BATCH) {
    const rows = await db
      .selectFrom('appUser')
      .leftJoin('ewCounsellor', 'ewCounsellor.studentId', 'appUser.id')
      .select(['appUser.id', 'appUser.userNo', 'ewCounsellor.counsellorId'])
      .where('appUser.userNo', 'in', nos.slice(i, i + BATCH))
      .execute();
    for (const r of rows) out.set(r.userNo, { id: r.id, counsellorId: r.counsellorId });
  }
  return out;
}

/**
 * One rule's findings into ew_warning: a new (list, student, period) is inserted open; one already
 * listed keeps its status and care history and gets the fresh reason and evidence.
 */
export async function upsertFindings(tx: Conn, list: RuleList, found: Finding[], now: number): Promise<number> {
  const people = await studentsByNo(
    tx,
    found.map((f) => f.studentNo),
  );
  for (let i = 0; i < found.length; i += BATCH) {
    const rows = found.slice(i, i + BATCH).map((f) => {
      const p = people.get(f.studentNo);
      return {
        list,
        studentNo: f.studentNo,
        studentId: p?.id ?? null,
        studentName: f.studentName,
        collegeId: f.collegeId,
        counsellorId: p?.counsellorId ?? null,
        assigneeId: p?.counsellorId ?? null,
        period: f.period,
        reason: f.reason,
        amount: f.amount,
        evidence: JSON.stringify(f.evidence),
        status: 'open',
        detectedAt: now,
        updatedAt: now,
      };
    });
    await tx
      .insertInto('ewWarning')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['list', 'studentNo', 'period']).doUpdateSet((eb) => ({
          reason: eb.ref('excluded.reason'),
          amount: eb.ref('excluded.amount'),
          evidence: eb.ref('excluded.evidence'),
          updatedAt: eb.ref('excluded.updatedAt'),
        })),
      )
      .execute();
  }
  return found.length;
}

const warningSelect = (db: Conn) =>
  db
    .selectFrom('ewWarning as w')
    .leftJoin('department as d', 'd.id', 'w.collegeId')
    .leftJoin('appUser as c', 'c.id', 'w.counsellorId')
    .leftJoin('appUser as a', 'a.id', 'w.assigneeId')
    .select([
      'w.id',
      'w.list',
      'w.studentNo',
      'w.studentName',
      'w.collegeId',
      'w.counsellorId',
      'w.assigneeId',
      'd.name as collegeName',
      'c.realName as counsellorName',
      'a.realName as assigneeName',
      'w.period',
      'w.reason',
      'w.amount',
      'w.status',
      'w.detectedAt',
      'w.evidence',
    ]);

export type WarningRecord = Awaited<ReturnType<ReturnType<typeof warningSelect>['executeTakeFirstOrThrow']>>;

export async function warningPage(
  db: Conn,
  s: Scope,
  q: { list: string; page: number; pageSize: number; status?: WarningStatus; keyword?: string; assignedToMe?: boolean },
) {
  let base = db
    .selectFrom('ewWarning as w')
    .where('w.list', '=', q.list)
    .where(scopeWhere(s, { college: 'w.college_id', counsellor: 'w.counsellor_id', assignee: 'w.assignee_id' }));
  if (q.status) base = base.where('w.status', '=', q.status);
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([eb('w.studentNo', 'like', `%${q.keyword}%`), eb('w.studentName', 'like', `%${q.keyword}%`)]),
    );
  const [ids, total] = await Promise.all([
    base
      .select('w.id')
      .orderBy('w.detectedAt', 'desc')
      .orderBy('w.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = ids.length
    ? await warningSelect(db)
        .where(
          'w.id',
          'in',
          ids.map((r) => r.id),
        )
        .orderBy('w.detectedAt', 'desc')
        .orderBy('w.id', 'desc')
        .execute()
    : [];
  return { list, total: Number(total.n) };
}

/** Warnings assigned to the user (approval centre 预警任务), every list, open first. */
export async function assignedPage(db: Conn, userId: number, q: { page: number; pageSize: number; status?: string }) {
  let base = db.selectFrom('ewWarning as w').where('w.assigneeId', '=', userId);
  if (q.status) base = base.where('w.status', '=', q.status);
  const [ids, total] = await Promise.all([
    base
      .select('w.id')
      .orderBy('w.status', 'desc')
      .orderBy('w.detectedAt', 'desc')
      .orderBy('w.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = ids.length
    ? await warningSelect(db)
        .where(
          'w.id',
          'in',
          ids.map((r) => r.id),
        )
        .orderBy('w.status', 'desc')
        .orderBy('w.detectedAt', 'desc')
        .orderBy('w.id', 'desc')
        .execute()
    : [];
  return { list, total: Number(total.n) };
}

export const findWarning = (db: Conn, id: number) => warningSelect(db).where('w.id', '=', id).executeTakeFirst();

export async function careOf(db: Conn, studentNo: string): Promise<(CareRow & { warningId: number | null })[]> {
  const rows = await db
    .selectFrom('ewCare')
    .select(['id', 'warningId', 'action', 'actorName', 'content', 'outcome', 'at'])
    .where('studentNo', '=', studentNo)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, at: Number(r.at) }));
}

export async function addCare(
  tx: Conn,
  c: {
    warningId: number | null;
    studentNo: string;
    action: string;
    actorId: number;
    actorName: string;
    content: string;
    outcome: string;
    at: number;
  },
) {
  await tx.insertInto('ewCare').values(c).execute();
}

export async function setWarning(tx: Conn, id: number, set: { status?: string; assigneeId?: number }, now: number) {
  await tx
    .updateTable('ewWarning')
    .set({ ...set, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Counsellors of a college (for 指派). */
export async function counsellorsOf(db: Conn, collegeId: number) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .select(['u.id', 'u.realName', 'u.userNo'])
    .where('r.code', '=', 'counsellor')
    .where('u.departmentId', '=', collegeId)
    .orderBy('u.userNo')
    .execute();
}

export async function studentByNo(db: Conn, userNo: string) {
  return db
    .selectFrom('appUser')
    .leftJoin('ewCounsellor', 'ewCounsellor.studentId', 'appUser.id')
    .select([
      'appUser.id',
      'appUser.userNo',
      'appUser.realName',
      'appUser.departmentId',
      'appUser.kind',
      'ewCounsellor.counsellorId',
    ])
    .where('appUser.userNo', '=', userNo)
    .where('appUser.kind', '=', 'student')
    .executeTakeFirst();
}

export async function visitPage(db: Conn, s: Scope, q: { page: number; pageSize: number; keyword?: string }) {
  let base = db
    .selectFrom('ewVisit as v')
    .where(scopeWhere(s, { college: 'v.college_id', counsellor: 'v.counsellor_id', assignee: 'v.visitor_id' }));
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([eb('v.studentNo', 'like', `%${q.keyword}%`), eb('v.studentName', 'like', `%${q.keyword}%`)]),
    );
  const [list, total] = await Promise.all([
    base
      .leftJoin('department as d', 'd.id', 'v.collegeId')
      .select([
        'v.id',
        'v.studentNo',
        'v.studentName',
        'd.name as collegeName',
        'v.visitorName',
        'v.place',
        'v.content',
        'v.visitedAt',
        'v.warningId',
      ])
      .orderBy('v.visitedAt', 'desc')
      .orderBy('v.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: list.map((v) => ({ ...v, visitedAt: Number(v.visitedAt) })), total: Number(total.n) };
}

export async function addVisit(
  tx: Conn,
  v: {
    studentNo: string;
    studentName: string;
    collegeId: number | null;
    counsellorId: number | null;
    visitorId: number;
    visitorName: string;
    place: string;
    content: string;
    warningId: number | null;
    visitedAt: number;
  },
) {
  await tx.insertInto('ewVisit').values(v).execute();
}

export async function leavePage(db: Conn, s: Scope, q: { page: number; pageSize: number; keyword?: string }) {
  let base = db.selectFrom('ewLeave as l').where(scopeWhere(s, { college: 'l.college_id', student: 'l.student_no' }));
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([eb('l.studentNo', 'like', `%${q.keyword}%`), eb('l.studentName', 'like', `%${q.keyword}%`)]),
    );
  const [list, total] = await Promise.all([
    base
      .leftJoin('department as d', 'd.id', 'l.collegeId')
      .select([
        'l.id',
        'l.instanceId',
        'l.studentNo',
        'l.studentName',
        'd.name as collegeName',
        'l.startDate',
        'l.endDate',
        'l.kind',
        'l.approvedAt',
      ])
      .orderBy('l.startDay', 'desc')
      .orderBy('l.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: list.map((l) => ({ ...l, approvedAt: Number(l.approvedAt) })), total: Number(total.n) };
}

export async function addLeave(
  tx: Conn,
  l: {
    instanceId: number;
    studentId: number;
    studentNo: string;
    studentName: string;
    collegeId: number | null;
    startDate: string;
    endDate: string;
    startDay: number;
    endDay: number;
    kind: string;
    approvedAt: number;
  },
) {
  await tx
    .insertInto('ewLeave')
    .values(l)
    .onConflict((oc) => oc.column('instanceId').doNothing())
    .execute();
}

export async function lastLeave(db: Conn) {
  const r = await db
    .selectFrom('ewLeave')
    .select(['approvedAt', 'instanceId'])
    .orderBy('approvedAt', 'desc')
    .orderBy('instanceId', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? { endedAt: Number(r.approvedAt), id: r.instanceId } : { endedAt: 0, id: 0 };
}

/** One student's gate passages (dt_mj_gate_event), newest first, paginated in SQL. */
export async function gatePage(db: Conn, studentNo: string, q: { page: number; pageSize: number }) {
  const t = sql.table('dt_mj_gate_event');
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{ at: unknown; direction: string; building: unknown; gate: unknown; method: string }>`select occurred_at as at,
        direction, building_id as building, gate_id as gate, method
      from ${t} where student_no = ${studentNo} order by occurred_at desc, event_id desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`.execute(db),
    sql<{ n: unknown }>`select count(*) as n from ${t} where student_no = ${studentNo}`.execute(db),
  ]);
  return {
    list: rows.map((r) => ({ ...r, at: Number(r.at), building: Number(r.building), gate: Number(r.gate) })),
    total: Number(count[0]?.n ?? 0),
  };
}

export async function setCounsellors(
  tx: Conn,
  rows: { studentId: number; studentNo: string; counsellorId: number; collegeId: number | null }[],
) {
  for (let i = 0; i < rows.length; i += BATCH)
    await tx
      .insertInto('ewCounsellor')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) => oc.column('studentId').doNothing())
      .execute();
}

// --- approval centre: follows and requests ---

export async function followPage(db: Conn, userId: number, q: { page: number; pageSize: number }) {
  const base = db.selectFrom('ewFollow as f').where('f.userId', '=', userId).where('f.status', '<>', 'ended');
  const [list, total] = await Promise.all([
    base
      .leftJoin('department as d', 'd.id', 'f.collegeId')
      .select(['f.id', 'f.studentNo', 'f.studentName', 'd.name as collegeName', 'f.reason', 'f.status', 'f.createdAt'])
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: list.map((f) => ({ ...f, createdAt: Number(f.createdAt) })), total: Number(total.n) };
}

export const findFollow = (db: Conn, id: number) =>
  db.selectFrom('ewFollow').selectAll().where('id', '=', id).executeTakeFirst();

export async function activeFollow(db: Conn, userId: number, studentNo: string) {
  return db
    .selectFrom('ewFollow')
    .select('id')
    .where('userId', '=', userId)
    .where('studentNo', '=', studentNo)
    .where('status', '<>', 'ended')
    .executeTakeFirst();
}

export async function addFollow(
  tx: Conn,
  f: {
    userId: number;
    studentNo: string;
    studentName: string;
    collegeId: number | null;
    reason: string;
    status: string;
    createdAt: number;
  },
) {
  const r = await tx.insertInto('ewFollow').values(f).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function setFollowStatus(tx: Conn, id: number, status: string) {
  await tx.updateTable('ewFollow').set({ status }).where('id', '=', id).execute();
}

export async function addRequest(
  tx: Conn,
  r: {
    kind: string;
    source: string;
    refId: number;
    studentNo: string;
    studentName: string;
    authorId: number;
    authorName: string;
    departmentId: number | null;
    approverId: number | null;
    content: string;
    status: string;
    createdAt: number;
  },
) {
  const row = await tx
    .insertInto('ewRequest')
    .values({ ...r, instanceId: null, reply: '', replierName: '', decidedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findRequest = (db: Conn, id: number) =>
  db.selectFrom('ewRequest').selectAll().where('id', '=', id).executeTakeFirst();

/** The 不再关注 request of a workflow instance (index ew_request_instance). */
export const findRequestOfInstance = (db: Conn, instanceId: number) =>
  db.selectFrom('ewRequest').selectAll().where('instanceId', '=', instanceId).executeTakeFirst();

export async function setRequestInstance(tx: Conn, id: number, instanceId: number) {
  await tx.updateTable('ewRequest').set({ instanceId }).where('id', '=', id).execute();
}

/** Requests the user wrote, those sent to their unit (协助) and those waiting for them (不再关注). */
export async function requestPage(
  db: Conn,
  s: Scope,
  q: { kind: string; source: string; page: number; pageSize: number },
) {
  const base = db
    .selectFrom('ewRequest as r')
    .where('r.kind', '=', q.kind)
    .where('r.source', '=', q.source)
    .where((eb) => {
      const mine = [eb('r.authorId', '=', s.userId), eb('r.approverId', '=', s.userId)];
      if (s.unitId !== null) mine.push(eb('r.departmentId', '=', s.unitId));
      return s.all ? eb.val(true) : eb.or(mine);
    });
  const [list, total] = await Promise.all([
    base
      .leftJoin('department as d', 'd.id', 'r.departmentId')
      .select([
        'r.id',
        'r.kind',
        'r.refId',
        'r.studentNo',
        'r.studentName',
        'r.authorId',
        'r.authorName',
        'd.name as departmentName',
        'r.departmentId',
        'r.approverId',
        'r.instanceId',
        'r.content',
        'r.status',
        'r.reply',
        'r.replierName',
        'r.createdAt',
        'r.decidedAt',
      ])
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: list.map((r) => ({
      ...r,
      createdAt: Number(r.createdAt),
      decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
    })),
    total: Number(total.n),
  };
}

export async function decideRequest(
  tx: Conn,
  id: number,
  set: { status: string; reply: string; replierName: string },
  now: number,
) {
  const r = await tx
    .updateTable('ewRequest')
    .set({ ...set, decidedAt: now })
    .where('id', '=', id)
    .where('status', 'in', ['submitted', 'pending'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A college's leaders (holders of the role college_leader in that college): 不再关注's approvers (any one of them). */
export async function leadersOf(db: Conn, collegeId: number | null): Promise<{ id: number; realName: string }[]> {
  if (collegeId === null) return [];
  return db
    .selectFrom('appUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .innerJoin('role as ro', 'ro.id', 'ur.roleId')
    .select(['u.id', 'u.realName'])
    .where('ro.code', '=', 'college_leader')
    .where('u.departmentId', '=', collegeId)
    .orderBy('u.userNo')
    .limit(20)
    .execute();
}
