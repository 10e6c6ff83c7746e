import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, noPermission, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { Codes } from '@/shared/errors';
import { getDataTable, type DataTableDef } from '@/modules/data-tables/server/commands/get-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { DataTableRowError, writeRows } from '@/modules/data-tables/server/commands/write-rows';
import {
  approveTask,
  instanceStates,
  pendingTasksOf,
  rejectTask,
  type InstanceEnd,
} from '@/modules/workflow/server/commands/instances';
import type {
  Audience,
  CorrectionItem,
  CorrectionState,
  DataGroupView,
  DecideBody,
  LayoutGroup,
  LayoutView,
  MyDataView,
  ResolveBody,
  RevealBody,
  SubmitBody,
  SummaryView,
} from '../contract';
import { DEFAULT_LAYOUTS } from './default-layouts';
import * as repo from './repository';
import { checkCorrectionProcess, startCorrectionFlow } from './correction-flow';
import { writeBackTarget } from '@/modules/data-sync/server/commands/write-back-target';

export interface Actor {
  userId: number;
  name: string;
  isAdmin: boolean;
  ip: string;
}

export const actorOf = (req: FastifyRequest): Actor => ({
  userId: req.auth!.userId,
  name: req.auth!.realName || req.auth!.username,
  isAdmin: req.auth!.isAdmin,
  ip: req.ip,
});

const ROWS_SHOWN = 20;

/** 研究生: 学号 beginning with S (硕士) or B (博士); other students are undergraduates. */
export function audienceOf(p: Pick<repo.Person, 'kind' | 'userNo'>): Audience {
  if (p.kind !== 'student') return 'staff';
  return /^[SB]/i.test(p.userNo) ? 'postgraduate' : 'undergraduate';
}

export async function layoutOf(db: repo.Conn, audience: Audience): Promise<LayoutView> {
  const stored = await repo.getLayout(db, audience);
  return stored
    ? { audience, groups: stored.groups, updatedAt: stored.updatedAt }
    : { audience, groups: DEFAULT_LAYOUTS[audience], updatedAt: null };
}

/** Every group must name an existing data table and its fields; group keys are unique. */
export async function saveLayout(app: FastifyInstance, actor: Actor, audience: Audience, groups: LayoutGroup[]) {
  const keys = new Set<string>();
  for (const g of groups) {
    if (keys.has(g.key)) throw new AppError(Codes.oneTableBadLayout, 400, `分组标识「${g.key}」重复`);
    keys.add(g.key);
    const def = await getDataTable(app, app.db, g.tableCode);
    if (!def) throw new AppError(Codes.oneTableBadLayout, 400, `数据表「${g.tableCode}」不存在`);
    const names = new Set(def.fields.map((f) => f.name));
    for (const n of [g.personField, ...g.fields.map((f) => f.name)])
      if (!names.has(n)) throw new AppError(Codes.oneTableBadLayout, 400, `数据表「${def.name}」没有字段「${n}」`);
    if (new Set(g.fields.map((f) => f.name)).size !== g.fields.length)
      throw new AppError(Codes.oneTableBadLayout, 400, `分组「${g.title}」中有重复字段`);
    for (const f of g.fields)
      if (f.processId !== undefined && !(await checkCorrectionProcess(app.db, f.processId)))
        throw new AppError(Codes.oneTableBadLayout, 400, `「${f.label}」选择的审批流程不存在或未发布`);
  }
  await app.db.transaction().execute(async (trx) => {
    await repo.putLayout(trx, audience, groups, actor.userId, Date.now());
  });
  await audit(app.db, {
    action: 'oneTable.layout',
    result: 'ok',
    actorId: actor.userId,
    actorName: actor.name,
    target: audience,
    ip: actor.ip,
  });
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Whose data the caller may read: their own; another person's only for administrators and staff
 * holding the approval page whose department contains the person's or owns the table (checked
 * per group by `groupAllowed`). Every read of another person's data is audited.
 */
interface Scope {
  person: repo.Person;
  self: boolean;
  /** null = every group; else the viewer's department and those above it. */
  ancestors: number[] | null;
  personInScope: boolean;
}

async function scopeFor(app: FastifyInstance, actor: Actor, userNo: string | undefined, mayViewOthers: boolean) {
  const me = await repo.findPersonById(app.db, actor.userId);
  if (!userNo || userNo === me?.userNo) {
    if (!me) throw notFound('用户不存在');
    return { person: me, self: true, ancestors: null, personInScope: true } satisfies Scope;
  }
  // One answer for "no such person" and "not yours to see": nobody learns who exists.
  const person = await repo.findPersonByNo(app.db, userNo);
  if (!person || !mayViewOthers) throw noPermission('无权查看他人的数据');
  if (actor.isAdmin) return { person, self: false, ancestors: null, personInScope: true } satisfies Scope;
  const ancestors = me?.departmentId ? await repo.ancestorsOf(app.db, me.departmentId) : [];
  if (!ancestors.length) throw noPermission('无权查看他人的数据');
  const personAncestors = person.departmentId ? await repo.ancestorsOf(app.db, person.departmentId) : [];
  const personInScope = me!.departmentId !== null && personAncestors.includes(me!.departmentId);
  return { person, self: false, ancestors, personInScope } satisfies Scope;
}

/** A person's rows; a 学号/工号 the person field's type cannot hold (an integer field, a letter) finds none. */
async function personRows(...args: Parameters<typeof listRows>) {
  try {
    return await listRows(...args);
  } catch (e) {
    if (e instanceof DataTableRowError) return { list: [], total: 0 };
    throw e;
  }
}

const groupAllowed = (s: Scope, def: DataTableDef) =>
  s.ancestors === null ||
  s.personInScope ||
  (def.ownerDepartmentId !== null && s.ancestors.includes(def.ownerDepartmentId));

export async function myData(
  app: FastifyInstance,
  actor: Actor,
  userNo: string | undefined,
  mayViewOthers: boolean,
): Promise<MyDataView> {
  const s = await scopeFor(app, actor, userNo, mayViewOthers);
  const audience = audienceOf(s.person);
  const layout = await layoutOf(app.db, audience);
  const groups: DataGroupView[] = [];
  for (const g of layout.groups) {
    const def = await getDataTable(app, app.db, g.tableCode);
    if (!def) {
      groups.push({
        key: g.key,
        title: g.title,
        tableCode: g.tableCode,
        source: '',
        available: false,
        rows: [],
        more: false,
      });
      continue;
    }
    if (!groupAllowed(s, def)) continue;
    const page = await personRows(app, app.db, def.id, {
      page: 1,
      pageSize: ROWS_SHOWN,
      where: { [g.personField]: s.person.userNo },
    });
    const pending = await repo.pendingFieldsOfRows(
      app.db,
      def.id,
      page.list.map((r) => Number(r._id)),
    );
    const known = new Set(def.fields.map((f) => f.name));
    groups.push({
      key: g.key,
      title: g.title,
      tableCode: def.code,
      source: def.name,
      available: true,
      more: page.total > page.list.length,
      rows: page.list.map((r) => ({
        rowId: Number(r._id),
        updatedAt: r._updated_at === undefined || r._updated_at === null ? null : Number(r._updated_at),
        values: g.fields
          .filter((f) => known.has(f.name))
          .map((f) => ({
            name: f.name,
            label: f.label,
            value: f.masked ? null : text(r[f.name]),
            masked: f.masked,
            correctable: s.self && f.correctable,
            pending: pending.has(`${Number(r._id)}:${f.name}`),
          })),
      })),
    });
  }
  // Staff outside the person's department who own none of the tables see nothing: refused, as if unknown.
  if (!s.self && !s.personInScope && !groups.some((g) => g.available)) throw noPermission('无权查看他人的数据');
  if (!s.self)
    await audit(app.db, {
      action: 'oneTable.viewPerson',
      result: 'ok',
      actorId: actor.userId,
      actorName: actor.name,
      target: s.person.userNo,
      detail: `查看${s.person.realName}的一表通数据（${groups.map((g) => g.title).join('、')}）`,
      ip: actor.ip,
    });
  return {
    person: { userNo: s.person.userNo, name: s.person.realName, audience, department: s.person.department },
    groups,
  };
}

/** The person's row of a configured group (404 when the row is not theirs or the group not configured). */
export async function personValue(
  app: FastifyInstance,
  db: repo.Conn,
  person: repo.Person,
  tableCode: string,
  rowId: number,
  field: string,
) {
  const layout = await layoutOf(db, audienceOf(person));
  const groups = layout.groups.filter((g) => g.tableCode === tableCode);
  const conf = groups.flatMap((g) => g.fields.map((f) => ({ g, f }))).find((x) => x.f.name === field);
  const def = await getDataTable(app, db, tableCode);
  if (!conf || !def) throw notFound('数据项不存在');
  // Rows are read through the person's own key: another person's row id finds nothing.
  let row: Record<string, unknown> | undefined;
  for (let page = 1; !row && page <= 50; page++) {
    const r = await personRows(app, db, def.id, {
      page,
      pageSize: 200,
      where: { [conf.g.personField]: person.userNo },
    });
    row = r.list.find((x) => Number(x._id) === rowId);
    if (page * 200 >= r.total) break;
  }
  if (!row) throw notFound('数据项不存在');
  return { def, conf, row };
}

export async function reveal(app: FastifyInstance, actor: Actor, b: RevealBody, mayViewOthers: boolean) {
  const s = await scopeFor(app, actor, b.userNo, mayViewOthers);
  const { def, conf, row } = await personValue(app, app.db, s.person, b.tableCode, b.rowId, b.field);
  if (!groupAllowed(s, def)) throw noPermission('无权查看该数据');
  await audit(app.db, {
    action: 'oneTable.reveal',
    result: 'ok',
    actorId: actor.userId,
    actorName: actor.name,
    target: s.person.userNo,
    detail: `查看敏感字段 ${def.name}.${conf.f.label}（行 ${b.rowId}）`,
    ip: actor.ip,
  });
  return { value: text(row[b.field]) };
}

export async function submit(app: FastifyInstance, actor: Actor, b: SubmitBody): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const me = await repo.findPersonById(trx, actor.userId);
    if (!me) throw notFound('用户不存在');
    const { def, conf, row } = await personValue(app, trx, me, b.tableCode, b.rowId, b.field);
    if (!conf.f.correctable) throw new AppError(Codes.oneTableNotCorrectable, 400);
    if (!def.uniqueKey.length) throw new AppError(Codes.oneTableNotCorrectable, 400, '该数据表没有唯一键，不能纠错');
    const oldValue = text(row[b.field]);
    const newValue = b.newValue.trim();
    if (oldValue === newValue) throw new AppError(Codes.oneTableSameValue, 400, undefined, { field: 'newValue' });
    checkValue(def, b.field, newValue);
    const pending = await repo.pendingFieldsOfRows(trx, def.id, [b.rowId]);
    if (pending.has(`${b.rowId}:${b.field}`)) throw new AppError(Codes.oneTablePendingExists, 409);
    const evidence = await repo.ownEvidence(trx, [...new Set(b.evidence)], actor.userId);
    if (evidence.length !== new Set(b.evidence).size)
      throw new AppError(Codes.inputError, 400, '证明材料无效，请重新上传', { field: 'evidence' });
    const id = await repo.insertCorrection(trx, {
      applicantId: actor.userId,
      applicantName: me.realName,
      personNo: me.userNo,
      tableId: def.id,
      tableCode: def.code,
      tableName: def.name,
      ownerDepartmentId: def.ownerDepartmentId,
      rowId: b.rowId,
      field: b.field,
      fieldLabel: conf.f.label,
      oldValue,
      newValue,
      reason: b.reason.trim(),
      evidence,
      createdAt: now,
    });
    const names = await repo.departmentNames(trx, def.ownerDepartmentId ? [def.ownerDepartmentId] : []);
    const instanceId = await startCorrectionFlow(
      trx,
      {
        applicantId: actor.userId,
        personNo: me.userNo,
        tableName: def.name,
        fieldLabel: conf.f.label,
        department: def.ownerDepartmentId ? (names.get(def.ownerDepartmentId) ?? null) : null,
        oldValue,
        newValue,
        reason: b.reason.trim(),
        evidenceNames: evidence.map((e) => e.name),
        ownerDepartmentId: def.ownerDepartmentId,
        processId: conf.f.processId,
      },
      now,
    );
    await repo.setInstance(trx, id, instanceId);
    // A process whose steps all had nobody (skipped) ends at once: settle it here, the hook found no request yet.
    const st = (await instanceStates(trx, [instanceId])).get(instanceId);
    if (st && st.status !== 'running' && st.status !== 'returned')
      await settleCorrection(app, {
        trx,
        instanceId,
        status: st.status as InstanceEnd['status'],
        comment: '',
        actorId: null,
        now,
      });
    return { id };
  });
}

/** The proposed value must be one the field's type takes (checked again by writeRows on approval). */
function checkValue(def: DataTableDef, field: string, value: string) {
  const f = def.fields.find((x) => x.name === field);
  const bad = () =>
    new AppError(Codes.oneTableBadValue, 400, `「${f?.label ?? field}」的格式不正确`, { field: 'newValue' });
  if (!f) throw bad();
  if (f.type === 'integer' && !/^-?\d{1,15}$/.test(value)) throw bad();
  if (f.type === 'decimal' && !/^-?\d{1,15}(\.\d{1,6})?$/.test(value)) throw bad();
  if (f.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw bad();
  if (f.type === 'boolean' && !['true', 'false', '是', '否'].includes(value)) throw bad();
}

/** Departments whose requests the caller decides: theirs and those below it are not enough — the table's owner must be theirs or above. */
export async function deciderScope(app: FastifyInstance, actor: Actor): Promise<number[] | null> {
  if (actor.isAdmin) return null;
  const me = await repo.findPersonById(app.db, actor.userId);
  return me?.departmentId ? repo.ancestorsOf(app.db, me.departmentId) : [];
}

/**
 * 数据纠错审核's 同意/驳回: through the caller's own approval task on the request's instance (the
 * engine's approve/reject; the completion hook writes the value). Requests from before the engine
 * (no instance) are decided directly by their owning department. Anyone else's request is 404.
 */
export async function decideCorrection(
  app: FastifyInstance,
  actor: Actor,
  b: DecideBody,
  approve: boolean,
): Promise<CorrectionItem> {
  const scope = await deciderScope(app, actor);
  const answer = b.answer.trim();
  if (!approve && !answer) throw new AppError(Codes.inputError, 400, '请填写驳回理由', { field: 'answer' });
  await app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const c = await repo.findCorrection(trx, b.id);
    const inScope = !!c && (!scope || (c.ownerDepartmentId !== null && scope.includes(c.ownerDepartmentId)));
    if (c && c.instanceId !== null) {
      const [task] = await pendingTasksOf(trx, actor.userId, { instanceIds: [c.instanceId], limit: 1 });
      if (!task) {
        if (inScope && c.state !== 'pending') throw new AppError(Codes.oneTableDecided, 409);
        throw notFound('纠错申请不存在');
      }
      const who = { userId: actor.userId, name: actor.name, isAdmin: actor.isAdmin };
      if (approve) await approveTask(trx, who, { taskId: task.taskId, comment: answer }, now);
      else await rejectTask(trx, who, { taskId: task.taskId, comment: answer, to: 'end' }, now);
      return;
    }
    // Another department's request is as unknown as a missing one.
    if (!c || !inScope) throw notFound('纠错申请不存在');
    if (c.state !== 'pending') throw new AppError(Codes.oneTableDecided, 409);
    if (
      !(await repo.decide(trx, c.id, {
        state: approve ? 'approved' : 'rejected',
        answer,
        deciderId: actor.userId,
        deciderName: actor.name,
        at: now,
      }))
    )
      throw new AppError(Codes.oneTableDecided, 409);
    if (approve) await writeApproved(app, trx, c, actor.userId);
  });
  await audit(app.db, {
    action: approve ? 'oneTable.approve' : 'oneTable.reject',
    result: 'ok',
    actorId: actor.userId,
    actorName: actor.name,
    target: String(b.id),
    detail: answer || null,
    ip: actor.ip,
  });
  const c = (await repo.findCorrection(app.db, b.id))!;
  const names = await repo.departmentNames(app.db, c.ownerDepartmentId ? [c.ownerDepartmentId] : []);
  return repo.toItem(c, names);
}

/**
 * The approved value into the owning data table, in the caller's transaction: by the table's unique
 * key, change record source `edit`, reason "数据纠错 #<id>：<reason>", actor = the approver. A value
 * the table refuses rolls the approval back with a coded message.
 */
async function writeApproved(app: FastifyInstance, trx: repo.Tx, c: repo.CorrectionRow, actorId: number | null) {
  const def = await getDataTable(app, trx, c.tableId);
  if (!def) throw notFound('数据表不存在');
  const owner = await repo.findPersonByNo(trx, c.personNo);
  if (!owner) throw notFound('数据项不存在');
  const { row } = await personValue(app, trx, owner, def.code, c.rowId, c.field);
  const keyed = Object.fromEntries(def.uniqueKey.map((k) => [k, row[k]]));
  try {
    await writeRows(app, trx, def.id, [{ ...keyed, [c.field]: c.newValue }], {
      actorId,
      source: 'edit',
      reason: `数据纠错 #${c.id}：${c.reason}`.slice(0, 600),
    });
  } catch (e) {
    if (e instanceof DataTableRowError) throw new AppError(Codes.oneTableBadValue, 400, `建议值无法写入：${e.message}`);
    throw e;
  }
  await repo.setWriteState(trx, c.id, 'written', '');
  // Held against syncs until the owning system confirms (sync-hold.ts).
  await repo.holdValue(trx, c);
  // Synced from a database with write-back for this field: the owning system gets it too (queued).
  const target = await writeBackTarget(trx, c.tableId);
  if (target?.config.columns[c.field]) await repo.queueWriteBack(trx, c.id, Date.now());
}

/**
 * The workflow's completion hook (registered by the server face): when a correction's instance
 * ends, the request follows in the same transaction — approved: decided and the value written;
 * rejected or terminated: 已驳回 with the opinion; withdrawn: 已撤回. Other instances: one indexed
 * lookup finds nothing.
 */
export async function settleCorrection(
  app: FastifyInstance,
  e: Pick<InstanceEnd, 'trx' | 'instanceId' | 'status' | 'comment' | 'actorId' | 'now'>,
): Promise<void> {
  const c = await repo.findCorrectionOfInstance(e.trx, e.instanceId);
  if (!c || c.state !== 'pending') return;
  const who = e.actorId === null ? undefined : await repo.findPersonById(e.trx, e.actorId);
  const state: CorrectionState =
    e.status === 'approved' ? 'approved' : e.status === 'withdrawn' ? 'withdrawn' : 'rejected';
  const answer =
    e.status === 'terminated'
      ? `管理员终止：${e.comment}`
      : e.status === 'rejected'
        ? e.comment || '未通过审核'
        : e.comment;
  if (
    !(await repo.decide(e.trx, c.id, {
      state,
      answer,
      deciderId: who?.id ?? null,
      deciderName: who?.realName ?? (e.status === 'withdrawn' ? c.applicantName : '系统'),
      at: e.now,
    }))
  )
    return;
  if (state === 'approved') await writeApproved(app, e.trx, c, who?.id ?? null);
}

/**
 * Marks approved requests whose value the data table no longer holds (the source system's next
 * sync wrote its own value back): the owning department sees the conflict in its list.
 */
export async function withConflicts(app: FastifyInstance, items: CorrectionItem[]): Promise<CorrectionItem[]> {
  const out: CorrectionItem[] = [];
  for (const c of items) {
    if (c.state !== 'approved' || c.writeState !== 'written') {
      out.push(c);
      continue;
    }
    const person = await repo.findPersonByNo(app.db, c.personNo);
    const now = person
      ? await personValue(app, app.db, person, c.tableCode, c.rowId, c.field).catch(() => undefined)
      : undefined;
    out.push({ ...c, conflict: c.conflictValue !== null || !now || text(now.row[c.field]) !== c.newValue });
  }
  return out;
}

/** Where each request's approval stands (current nodes) and, for the caller's own tasks, the task to act on. */
export async function withFlow(
  app: FastifyInstance,
  items: CorrectionItem[],
  tasks: { taskId: number; instanceId: number }[],
): Promise<CorrectionItem[]> {
  const ids = items.map((c) => c.instanceId).filter((x): x is number => x !== null);
  const states = await instanceStates(app.db, ids);
  const taskOf = new Map(tasks.map((t) => [t.instanceId, t.taskId]));
  return items.map((c) => ({
    ...c,
    currentNodes: c.instanceId === null ? '' : (states.get(c.instanceId)?.currentNodes ?? ''),
    taskId: c.instanceId === null ? null : (taskOf.get(c.instanceId) ?? null),
  }));
}

/**
 * The owner settles a sync conflict: `source` writes the source system's value into the table (the
 * approved one is given up, change record with the reason), `approved` keeps the approved value held
 * and, where write-back is configured, queues it for the owning system again. Owning department
 * (or administrators) only; anyone else's request is 404.
 */
export async function resolveConflict(app: FastifyInstance, actor: Actor, b: ResolveBody): Promise<CorrectionItem> {
  const scope = await deciderScope(app, actor);
  await app.db.transaction().execute(async (trx) => {
    const c = await repo.findCorrection(trx, b.id);
    if (!c || (scope && (c.ownerDepartmentId === null || !scope.includes(c.ownerDepartmentId))))
      throw notFound('纠错申请不存在');
    if (c.state !== 'approved' || c.conflictValue === null) throw new AppError(Codes.oneTableNoConflict, 409);
    const now = Date.now();
    if (b.keep === 'source') {
      const def = await getDataTable(app, trx, c.tableId);
      const owner = await repo.findPersonByNo(trx, c.personNo);
      if (!def || !owner) throw notFound('数据项不存在');
      const { row } = await personValue(app, trx, owner, def.code, c.rowId, c.field);
      const keyed = Object.fromEntries(def.uniqueKey.map((k) => [k, row[k]]));
      await writeRows(app, trx, def.id, [{ ...keyed, [c.field]: c.conflictValue }], {
        actorId: actor.userId,
        source: 'edit',
        reason: `数据纠错 #${c.id} 同步冲突：采用源系统的值`,
      });
      await repo.setHold(trx, c.id, { hold: 0, conflictValue: null, conflictAt: null });
    } else {
      await repo.setHold(trx, c.id, { conflictValue: null, conflictAt: null });
      const target = await writeBackTarget(trx, c.tableId);
      if (target?.config.columns[c.field] && c.sourceState !== 'pending') await repo.queueWriteBack(trx, c.id, now);
    }
  });
  await audit(app.db, {
    action: 'oneTable.resolveConflict',
    result: 'ok',
    actorId: actor.userId,
    actorName: actor.name,
    target: String(b.id),
    detail: b.keep === 'source' ? '采用源系统的值' : '保留核准值',
    ip: actor.ip,
  });
  const c = (await repo.findCorrection(app.db, b.id))!;
  const names = await repo.departmentNames(app.db, c.ownerDepartmentId ? [c.ownerDepartmentId] : []);
  return repo.toItem(c, names);
}

/**
 * The data tables' sync hook: a sync batch that would change a held approved value keeps it and
 * records the conflict; one that brings the approved value confirms it (the hold ends). One
 * indexed lookup per batch.
 */
export async function holdApprovedValues(
  q: repo.Conn,
  def: { id: number },
  updates: { id: number; set: Record<string, string | number | null> }[],
  now: number,
): Promise<void> {
  const held = await repo.heldOfRows(
    q,
    def.id,
    updates.map((u) => u.id),
  );
  if (!held.length) return;
  const byRow = new Map(updates.map((u) => [u.id, u]));
  for (const c of held) {
    const u = byRow.get(c.rowId);
    if (!u || !(c.field in u.set)) continue;
    const incoming = text(u.set[c.field]);
    if (incoming === c.newValue) {
      await repo.setHold(q, c.id, { hold: 0, conflictValue: null, conflictAt: null });
      continue;
    }
    delete u.set[c.field];
    if (c.conflictValue !== incoming) await repo.setHold(q, c.id, { conflictValue: incoming, conflictAt: now });
  }
}

const BEIJING = 8 * 3_600_000;
const dayOf = (ms: number) => new Date(ms + BEIJING).toISOString().slice(0, 10);
export const beijingTime = (ms: number) => new Date(ms + BEIJING).toISOString().slice(0, 16).replace('T', ' ');

export async function summary(app: FastifyInstance, actor: Actor, days = 30): Promise<SummaryView> {
  const scope = await deciderScope(app, actor);
  const now = Date.now();
  const since = now - days * 86_400_000;
  const s = await repo.summary(app.db, scope, since);
  const names = await repo.departmentNames(
    app.db,
    s.byDepartmentId.map((d) => d.id).filter((x): x is number => x !== null),
  );
  const perDay = new Map<string, number>();
  for (let i = days - 1; i >= 0; i--) perDay.set(dayOf(now - i * 86_400_000), 0);
  for (const t of s.days) {
    const d = dayOf(t);
    if (perDay.has(d)) perDay.set(d, perDay.get(d)! + 1);
  }
  return {
    byState: s.byState,
    byTable: s.byTable,
    byField: s.byField,
    byDepartment: s.byDepartmentId.map((d) => ({
      department: d.id === null ? '未指定' : (names.get(d.id) ?? '未知部门'),
      count: d.count,
    })),
    meanHoursToResolve: s.meanHoursToResolve,
    trend: [...perDay].map(([day, count]) => ({ day, count })),
  };
}
