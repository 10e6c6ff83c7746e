import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { MonitorItem, MonitorQuery } from '@/modules/workflow/contract';
import { Conn, contains, n } from './conn';
import '../tables';

export async function monitorList(db: Conn, q: MonitorQuery, now: number): Promise<Page<MonitorItem>> {
  let base = db
    .selectFrom('wfInstance as i')
    .innerJoin('wfProcess as p', 'p.id', 'i.processId')
    .where('i.status', '=', 'running');
  if (q.processId) base = base.where('i.processId', '=', q.processId);
  if (q.keyword?.trim()) {
    const k = q.keyword.trim();
    base = base.where((eb) => contains(eb.ref('i.title'), k));
  }
  if (q.overdue)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('wfTask as t')
          .select('t.id')
          .whereRef('t.instanceId', '=', 'i.id')
          .where('t.status', '=', 'pending')
          .where('t.dueAt', '<', now),
      ),
    );
  const page = await paginate(
    base,
    (b) =>
      b
        .select(['i.id', 'i.title', 'p.name as processName', 'i.applicantName', 'i.startedAt'])
        .orderBy('i.startedAt', 'desc')
        .orderBy('i.id', 'desc'),
    q,
  );
  const ids = page.list.map((r) => r.id);
  const tasks = ids.length
    ? await db
        .selectFrom('wfTask')
        .select(['instanceId', 'nodeId', 'nodeName', 'assigneeName', 'createdAt', 'dueAt'])
        .where('instanceId', 'in', ids)
        .where('status', '=', 'pending')
        .orderBy('id')
        .execute()
    : [];
  return {
    ...page,
    list: page.list.map((r) => {
      const mine = tasks.filter((t) => t.instanceId === r.id);
      const groups = new Map<string, MonitorItem['waitingAt'][number]>();
      for (const t of mine) {
        const g = groups.get(t.nodeId) ?? {
          nodeName: t.nodeName,
          assignees: [],
          since: Number(t.createdAt),
          dueAt: n(t.dueAt),
        };
        g.assignees.push(t.assigneeName);
        groups.set(t.nodeId, g);
      }
      const waitingAt = [...groups.values()];
      return {
        id: r.id,
        title: r.title,
        processName: r.processName,
        applicantName: r.applicantName,
        startedAt: Number(r.startedAt),
        waitingAt,
        overdue: waitingAt.some((w) => w.dueAt !== null && w.dueAt < now),
      };
    }),
  };
}
