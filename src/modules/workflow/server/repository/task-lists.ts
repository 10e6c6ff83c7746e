import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { InstanceStatus, TaskCounts, TaskListItem, TaskListQuery, TaskStatus } from '@/modules/workflow/contract';
import { Conn, contains, n } from './conn';
import '../tables';

/** Forms of one category: a semi-join on the small form table. */
const inCategory = (category: string) => (db: Conn) =>
  db.selectFrom('form').select('id').where('category', '=', category);

const HANDLED: TaskStatus[] = ['approved', 'rejected', 'transferred'];

function taskBase(db: Conn, userId: number, q: TaskListQuery, now: number) {
  let b = db.selectFrom('wfTask as t').where('t.assigneeId', '=', userId);
  if (q.type === 'dsp') {
    b = b.where('t.status', '=', 'pending');
    if (q.from !== undefined) b = b.where('t.createdAt', '>=', q.from);
    if (q.to !== undefined) b = b.where('t.createdAt', '<=', q.to);
    if (q.overdue) b = b.where('t.dueAt', '<', now);
  } else {
    b = b.where('t.handledAt', 'is not', null).where('t.status', 'in', HANDLED);
    if (q.from !== undefined) b = b.where('t.handledAt', '>=', q.from);
    if (q.to !== undefined) b = b.where('t.handledAt', '<=', q.to);
  }
  if (q.formId) b = b.where('t.formId', '=', q.formId);
  if (q.applicant?.trim()) b = b.where('t.applicantName', '=', q.applicant.trim());
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    b = b.where((eb) => contains(eb.ref('t.title'), k));
  }
  if (q.category) b = b.where('t.formId', 'in', inCategory(q.category)(db));
  if (q.kind)
    b = b.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wfInstance as k')
          .select('k.id')
          .whereRef('k.id', '=', 't.instanceId')
          .where('k.kind', '=', q.kind!),
      ),
    );
  return b;
}

function instanceBase(db: Conn, userId: number, q: TaskListQuery) {
  let b = db.selectFrom('wfInstance as i').where('i.applicantId', '=', userId);
  if (q.from !== undefined) b = b.where('i.startedAt', '>=', q.from);
  if (q.to !== undefined) b = b.where('i.startedAt', '<=', q.to);
  if (q.formId) b = b.where('i.formId', '=', q.formId);
  if (q.kind) b = b.where('i.kind', '=', q.kind);
  if (q.category) b = b.where('i.formId', 'in', inCategory(q.category)(db));
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    b = b.where((eb) => contains(eb.ref('i.title'), k));
  }
  return b;
}

function copyBase(db: Conn, userId: number, q: TaskListQuery) {
  let b = db.selectFrom('wfCopy as c').where('c.userId', '=', userId);
  if (q.from !== undefined) b = b.where('c.createdAt', '>=', q.from);
  if (q.to !== undefined) b = b.where('c.createdAt', '<=', q.to);
  if (q.formId) b = b.where('c.formId', '=', q.formId);
  if (q.applicant?.trim()) b = b.where('c.applicantName', '=', q.applicant.trim());
  if (q.category) b = b.where('c.formId', 'in', inCategory(q.category)(db));
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    b = b.where((eb) => contains(eb.ref('c.title'), k));
  }
  return b;
}

export async function taskList(db: Conn, userId: number, q: TaskListQuery, now: number): Promise<Page<TaskListItem>> {
  if (q.type === 'dsp' || q.type === 'ysp') {
    // The page is cut on wf_task's own index; the instance's status is read for those rows only.
    const page = await paginate(
      taskBase(db, userId, q, now),
      (b) => {
        const s = b.select([
          't.id',
          't.instanceId',
          't.title',
          't.formId',
          't.applicantName',
          't.nodeName',
          't.status',
          't.createdAt',
          't.handledAt',
          't.dueAt',
          't.batchApprove',
        ]);
        return q.type === 'dsp'
          ? s.orderBy('t.createdAt', 'desc').orderBy('t.id', 'desc')
          : s.orderBy('t.handledAt', 'desc').orderBy('t.id', 'desc');
      },
      q,
    );
    const ids = page.list.map((r) => r.instanceId);
    const inst = new Map(
      ids.length
        ? (await db.selectFrom('wfInstance').select(['id', 'status', 'kind']).where('id', 'in', ids).execute()).map(
            (r) => [r.id, r],
          )
        : [],
    );
    return {
      ...page,
      list: page.list.map((r) => {
        const dueAt = n(r.dueAt);
        return {
          id: r.id,
          instanceId: r.instanceId,
          taskId: r.id,
          title: r.title,
          formId: r.formId,
          applicantName: r.applicantName,
          nodeName: r.nodeName,
          taskStatus: r.status as TaskStatus,
          instanceStatus: (inst.get(r.instanceId)?.status ?? 'running') as InstanceStatus,
          kind: (inst.get(r.instanceId)?.kind ?? 'normal') as 'normal' | 'edit',
          createdAt: Number(r.createdAt),
          handledAt: n(r.handledAt),
          dueAt,
          overdue: r.status === 'pending' && dueAt !== null && dueAt < now,
          batchApprove: r.batchApprove === 1,
        };
      }),
    };
  }
  if (q.type === 'wfq') {
    const page = await paginate(
      instanceBase(db, userId, q),
      (b) =>
        b
          .select([
            'i.id',
            'i.title',
            'i.formId',
            'i.applicantName',
            'i.currentNodes',
            'i.status',
            'i.kind',
            'i.startedAt',
            'i.endedAt',
          ])
          .orderBy('i.startedAt', 'desc')
          .orderBy('i.id', 'desc'),
      q,
    );
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        instanceId: r.id,
        taskId: null,
        title: r.title,
        formId: r.formId,
        applicantName: r.applicantName,
        nodeName: r.currentNodes,
        taskStatus: null,
        instanceStatus: r.status as InstanceStatus,
        kind: r.kind as 'normal' | 'edit',
        createdAt: Number(r.startedAt),
        handledAt: n(r.endedAt),
        dueAt: null,
        overdue: false,
        batchApprove: false,
      })),
    };
  }
  const page = await paginate(
    copyBase(db, userId, q),
    (b) =>
      b
        .innerJoin('wfInstance as i', 'i.id', 'c.instanceId')
        .select([
          'c.id',
          'c.instanceId',
          'c.title',
          'c.formId',
          'c.applicantName',
          'c.nodeName',
          'c.createdAt',
          'i.status',
          'i.kind',
        ])
        .orderBy('c.createdAt', 'desc')
        .orderBy('c.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      instanceId: r.instanceId,
      taskId: null,
      title: r.title,
      formId: r.formId,
      applicantName: r.applicantName,
      nodeName: r.nodeName,
      taskStatus: null,
      instanceStatus: r.status as InstanceStatus,
      kind: r.kind as 'normal' | 'edit',
      createdAt: Number(r.createdAt),
      handledAt: null,
      dueAt: null,
      overdue: false,
      batchApprove: false,
    })),
  };
}

export async function taskCounts(db: Conn, userId: number): Promise<TaskCounts> {
  const count = async (q: { executeTakeFirst(): Promise<{ c: number | string | bigint } | undefined> }) =>
    Number((await q.executeTakeFirst())?.c ?? 0);
  const [dsp, ysp, wfq, cswd] = await Promise.all([
    count(
      db
        .selectFrom('wfTask')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('assigneeId', '=', userId)
        .where('status', '=', 'pending'),
    ),
    count(
      db
        .selectFrom('wfTask')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('assigneeId', '=', userId)
        .where('handledAt', 'is not', null)
        .where('status', 'in', HANDLED),
    ),
    count(
      db
        .selectFrom('wfInstance')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('applicantId', '=', userId),
    ),
    count(
      db
        .selectFrom('wfCopy')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('userId', '=', userId),
    ),
  ]);
  return { dsp, wfq, ysp, cswd };
}
