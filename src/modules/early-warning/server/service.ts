import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '@/server/identity/sessions';
import { audit } from '@/server/identity/audit';
import { getSetting, putSetting } from '@/server/identity/settings';
import { AppError, badInput, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { changeFingerprint } from '@/modules/data-tables/server/commands/get-change-versions';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { LEAVE_FORM_NAME } from '@/modules/forms/server/commands/demo-leave-form';
import { readSubmission } from '@/modules/forms/server/commands/read-submission';
import { publishedProcessesOfForm } from '@/modules/workflow/server/commands/instances';
import { approvedInstancesAfter } from '@/modules/workflow/server/commands/approved-instances';
import {
  RULE_LISTS,
  RULE_PARAMS,
  type CareBody,
  type RuleList,
  type VisitBody,
  type WarningDetail,
  type WarningRow,
  type WarningStatus,
} from '../contract';
import * as repo from './repository';
import { CN, DAY, EVIDENCE_COLUMNS, RULES } from './rules';
import { hasScope, noScope, notYours, scopeOf, unitOf, type Scope } from './scope';

/** The data tables the rules read: a change in any of them (rows, newest id) triggers a recompute. */
export const WATCHED_TABLES = ['jw_attendance', 'jw_grade', 'mj_gate_event', 'ykt_txn', 'wl_auth_session'];
const FINGERPRINT_KEY = 'earlyWarning.dataFingerprint';

export function paramsOf(list: RuleList, stored: Record<string, number> | undefined): Record<string, number> {
  return Object.fromEntries(RULE_PARAMS[list].map((s) => [s.key, stored?.[s.key] ?? s.def]));
}

export async function ruleOf(db: repo.Conn, list: RuleList) {
  return { list, params: paramsOf(list, await repo.ruleParams(db, list)), specs: RULE_PARAMS[list] };
}

/** Thresholds: 学工处 and administrators only; each value an integer within its bounds. */
export async function saveRule(db: repo.Conn, s: Scope, list: RuleList, params: Record<string, number>, now: number) {
  if (!s.all) throw noScope();
  const clean: Record<string, number> = {};
  for (const spec of RULE_PARAMS[list]) {
    const v = params[spec.key] ?? spec.def;
    if (!Number.isInteger(v) || v < spec.min || v > spec.max)
      throw new AppError(Codes.ewBadThreshold, 400, `${spec.label}须为 ${spec.min}–${spec.max} 之间的整数`, {
        field: spec.key,
      });
    clean[spec.key] = v;
  }
  await repo.saveRuleParams(db, list, clean, s.userId, now);
}

/**
 * Approved 学生请假申请 since the last one read (workflow's approved instances, the leave form's
 * processes), their period parsed from the form's dateRange ('YYYY-MM-DD至YYYY-MM-DD').
 */
export async function importLeave(db: repo.Conn): Promise<number> {
  const form = await findFormIdByName(db, LEAVE_FORM_NAME);
  if (!form) return 0;
  const processIds = (await publishedProcessesOfForm(db, Number(form.id))).map((p) => p.id);
  if (!processIds.length) return 0;
  let cursor = await repo.lastLeave(db);
  let added = 0;
  for (;;) {
    const batch = await approvedInstancesAfter(db, cursor, { processIds, limit: 200 });
    if (!batch.length) return added;
    for (const inst of batch) {
      const sub = await readSubmission(db, inst.submissionId);
      const values = sub ? (JSON.parse(String(sub.values)) as Record<string, unknown>) : {};
      const m = /(\d{4}-\d{2}-\d{2})\D+(\d{4}-\d{2}-\d{2})/.exec(String(values.period ?? ''));
      const student = await db
        .selectFrom('appUser')
        .select(['userNo', 'realName', 'departmentId', 'kind'])
        .where('id', '=', inst.applicantId)
        .executeTakeFirst();
      if (m && student?.kind === 'student') {
        const day = (d: string) => Math.floor((Date.parse(`${d}T00:00:00+08:00`) + CN) / DAY);
        await repo.addLeave(db, {
          instanceId: inst.id,
          studentId: inst.applicantId,
          studentNo: student.userNo,
          studentName: student.realName,
          collegeId: await unitOf(db, student.departmentId),
          startDate: m[1]!,
          endDate: m[2]!,
          startDay: day(m[1]!),
          endDay: day(m[2]!),
          kind: String(values.kind ?? ''),
          approvedAt: inst.endedAt,
        });
        added++;
      }
    }
    const last = batch[batch.length - 1]!;
    cursor = { endedAt: last.endedAt, id: last.id };
  }
}

/** Reads the approved leave, then runs every rule and stores what it finds, each list in its own transaction. */
export async function recomputeAll(app: FastifyInstance, now = Date.now()) {
  let leave = 0;
  await app.db.transaction().execute(async (tx) => {
    leave = await importLeave(tx);
  });
  const counts: Partial<Record<RuleList, number>> = {};
  const missing = new Set<string>();
  for (const list of RULE_LISTS) {
    await app.db.transaction().execute(async (tx) => {
      const res = await RULES[list](app, tx, paramsOf(list, await repo.ruleParams(tx, list)));
      res.missing.forEach((m) => missing.add(m));
      counts[list] = await repo.upsertFindings(tx, list, res.findings, now);
    });
  }
  return { leave, counts, missing: [...missing] };
}

/** The watched tables' change versions; a recompute when they moved since the last one (the "after sync" check). */
export async function recomputeIfChanged(app: FastifyInstance, now = Date.now()) {
  const fp = await changeFingerprint(app, app.db, WATCHED_TABLES);
  if ((await getSetting<string>(app.db, FINGERPRINT_KEY)) === fp) return null;
  const res = await recomputeAll(app, now);
  await putSetting(app.db, FINGERPRINT_KEY, fp);
  return res;
}

const isFunding = (list: string) => list === 'preciseFunding';

/** The caller may read this list at all (精准资助: 资助中心 and 学工处 only). */
function canReadList(s: Scope, list: string) {
  if (isFunding(list)) return s.funding || s.all;
  return hasScope(s);
}

function effectiveScope(s: Scope, list: string): Scope {
  // 资助中心 sees the whole 精准资助 list; nothing else widens.
  return isFunding(list) && s.funding ? { ...s, all: true } : s;
}

function toRow(r: repo.WarningRecord, s: Scope): WarningRow {
  return {
    id: r.id,
    list: r.list as RuleList,
    studentNo: r.studentNo,
    studentName: r.studentName,
    collegeName: r.collegeName ?? '',
    counsellorName: r.counsellorName ?? null,
    assigneeName: r.assigneeName ?? null,
    period: r.period,
    reason: r.reason,
    amount: s.funding && r.amount !== null ? Number(r.amount) : null,
    status: r.status as WarningStatus,
    detectedAt: Number(r.detectedAt),
  };
}

async function auditFunding(db: repo.Conn, auth: AuthContext, target: string, ip: string) {
  await audit(db as Parameters<typeof audit>[0], {
    action: 'earlyWarning.preciseFunding.view',
    result: 'ok',
    actorId: auth.userId,
    actorName: auth.realName,
    target,
    ip,
  });
}

export async function listWarnings(
  db: repo.Conn,
  auth: AuthContext,
  q: { list: RuleList; page: number; pageSize: number; status?: WarningStatus; keyword?: string },
  ip: string,
) {
  const s = await scopeOf(db, auth);
  if (!canReadList(s, q.list)) throw noScope();
  const page = await repo.warningPage(db, effectiveScope(s, q.list), q);
  if (isFunding(q.list)) await auditFunding(db, auth, `list page ${q.page}`, ip);
  return { list: page.list.map((r) => toRow(r, s)), total: page.total, page: q.page, pageSize: q.pageSize };
}

function inScope(s: Scope, w: { collegeId: number | null; counsellorId: number | null; assigneeId: number | null }) {
  return (
    s.all ||
    (s.leaderOf !== null && w.collegeId === s.leaderOf) ||
    (s.counsellor && w.counsellorId === s.userId) ||
    w.assigneeId === s.userId
  );
}

async function readableWarning(db: repo.Conn, s: Scope, id: number) {
  const w = await repo.findWarning(db, id);
  if (!w) throw notFound('预警不存在');
  if (!canReadList(s, w.list) || !inScope(effectiveScope(s, w.list), w)) throw notYours();
  return w;
}

export async function warningDetail(db: repo.Conn, auth: AuthContext, id: number, ip: string): Promise<WarningDetail> {
  const s = await scopeOf(db, auth);
  const w = await readableWarning(db, s, id);
  if (isFunding(w.list)) await auditFunding(db, auth, `warning ${id} (${w.studentNo})`, ip);
  const list = w.list as RuleList;
  let rows = JSON.parse(w.evidence) as Record<string, unknown>[];
  let columns = EVIDENCE_COLUMNS[list];
  if (isFunding(list) && !s.funding) {
    columns = columns.filter((c) => c.key !== 'amount');
    rows = rows.map(({ amount: _amount, ...rest }) => rest);
  }
  const care = (await repo.careOf(db, w.studentNo)).map(({ warningId: _w, ...c }) => c);
  return {
    ...toRow(w, s),
    evidence: { columns, rows },
    care,
    canAssign: s.all || (s.leaderOf !== null && w.collegeId === s.leaderOf),
    canAct: w.status === 'open',
  };
}

/** 联系/关闭/上报 on an open warning, with a care record, in one transaction. */
export async function recordCare(db: repo.Conn, auth: AuthContext, body: CareBody, now: number) {
  const s = await scopeOf(db, auth);
  await db.transaction().execute(async (tx) => {
    const w = await readableWarning(tx, s, body.warningId);
    if (w.status !== 'open') throw new AppError(Codes.ewWarningClosed, 409);
    await repo.addCare(tx, {
      warningId: w.id,
      studentNo: w.studentNo,
      action: body.action,
      actorId: auth.userId,
      actorName: auth.realName,
      content: body.content,
      outcome: body.outcome ?? '',
      at: now,
    });
    if (body.action !== 'contact')
      await repo.setWarning(tx, w.id, { status: body.action === 'close' ? 'closed' : 'escalated' }, now);
  });
}

/** 指派: a leader of the student's college or 学工处 hands the warning to one of the college's counsellors. */
export async function assign(db: repo.Conn, auth: AuthContext, warningId: number, assigneeId: number, now: number) {
  const s = await scopeOf(db, auth);
  await db.transaction().execute(async (tx) => {
    const w = await readableWarning(tx, s, warningId);
    if (!(s.all || (s.leaderOf !== null && w.collegeId === s.leaderOf))) throw notYours();
    if (w.status !== 'open') throw new AppError(Codes.ewWarningClosed, 409);
    const options = w.collegeId === null ? [] : await repo.counsellorsOf(tx, w.collegeId);
    const who = options.find((o) => o.id === assigneeId);
    if (!who) throw new AppError(Codes.ewBadAssignee, 400, undefined, { field: 'assigneeId' });
    await repo.setWarning(tx, w.id, { assigneeId }, now);
    await repo.addCare(tx, {
      warningId: w.id,
      studentNo: w.studentNo,
      action: 'assign',
      actorId: auth.userId,
      actorName: auth.realName,
      content: `指派给 ${who.realName}`,
      outcome: '',
      at: now,
    });
  });
}

export async function assignOptions(db: repo.Conn, auth: AuthContext, warningId: number) {
  const s = await scopeOf(db, auth);
  const w = await readableWarning(db, s, warningId);
  return w.collegeId === null ? [] : repo.counsellorsOf(db, w.collegeId);
}

/** A student the caller may act on (by 学号), with their college and counsellor. */
export async function studentInScope(db: repo.Conn, s: Scope, studentNo: string) {
  const st = await repo.studentByNo(db, studentNo);
  if (!st) throw badInput('学号不存在或不是学生', { field: 'studentNo' });
  const collegeId = await unitOf(db, st.departmentId);
  const ok =
    s.all || (s.leaderOf !== null && collegeId === s.leaderOf) || (s.counsellor && st.counsellorId === s.userId);
  if (!ok) throw notYours();
  return { ...st, collegeId };
}

/** 走访宿舍: recorded by a counsellor (or leader) for a student of theirs; optionally on a warning. */
export async function recordVisit(db: repo.Conn, auth: AuthContext, body: VisitBody, now: number) {
  const s = await scopeOf(db, auth);
  if (!hasScope(s)) throw noScope();
  await db.transaction().execute(async (tx) => {
    const st = await studentInScope(tx, s, body.studentNo);
    if (body.warningId !== undefined) {
      const w = await readableWarning(tx, s, body.warningId);
      if (w.studentNo !== st.userNo) throw badInput('预警与学生不一致', { field: 'warningId' });
      if (w.status !== 'open') throw new AppError(Codes.ewWarningClosed, 409);
    }
    await repo.addVisit(tx, {
      studentNo: st.userNo,
      studentName: st.realName,
      collegeId: st.collegeId,
      counsellorId: st.counsellorId,
      visitorId: auth.userId,
      visitorName: auth.realName,
      place: body.place,
      content: body.content,
      warningId: body.warningId ?? null,
      visitedAt: now,
    });
    await repo.addCare(tx, {
      warningId: body.warningId ?? null,
      studentNo: st.userNo,
      action: 'visit',
      actorId: auth.userId,
      actorName: auth.realName,
      content: `${body.place}：${body.content}`,
      outcome: '',
      at: now,
    });
  });
}

export async function dormHistory(
  db: repo.Conn,
  auth: AuthContext,
  q: { studentNo: string; page: number; pageSize: number },
  app: FastifyInstance,
) {
  const s = await scopeOf(db, auth);
  if (!hasScope(s)) throw noScope();
  const st = await studentInScope(db, s, q.studentNo);
  if (!(await getDataTable(app, db, 'mj_gate_event')))
    return { student: st.realName, list: [], total: 0, page: q.page, pageSize: q.pageSize };
  const page = await repo.gatePage(db, st.userNo, q);
  return { student: st.realName, ...page, page: q.page, pageSize: q.pageSize };
}

export async function scopeFor(db: repo.Conn, auth: AuthContext) {
  const s = await scopeOf(db, auth);
  if (!hasScope(s) && !s.funding) throw noScope();
  return s;
}
