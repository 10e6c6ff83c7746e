import type { Conn } from '../repository/conn';

/**
 * Instances that ended approved, in the order they ended, after a cursor (ended time, id) — what a
 * module that acts on approvals (service-booking issues permits) reads in pages. `processIds`
 * limits the read to those processes. Reads the status index (status, …) and filters the rest.
 */
export async function approvedInstancesAfter(
  db: Conn,
  after: { endedAt: number; id: number },
  opts: { processIds?: number[]; limit: number },
): Promise<
  {
    id: number;
    processId: number;
    submissionId: number;
    applicantId: number;
    applicantName: string;
    title: string;
    endedAt: number;
  }[]
> {
  if (opts.processIds && !opts.processIds.length) return [];
  let q = db
    .selectFrom('wfInstance')
    .select(['id', 'processId', 'submissionId', 'applicantId', 'applicantName', 'title', 'endedAt'])
    .where('status', '=', 'approved')
    .where('endedAt', 'is not', null)
    .where((eb) =>
      eb.or([eb('endedAt', '>', after.endedAt), eb.and([eb('endedAt', '=', after.endedAt), eb('id', '>', after.id)])]),
    );
  if (opts.processIds) q = q.where('processId', 'in', opts.processIds);
  const rows = await q.orderBy('endedAt').orderBy('id').limit(opts.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    processId: r.processId,
    submissionId: r.submissionId,
    applicantId: r.applicantId,
    applicantName: r.applicantName,
    title: r.title,
    endedAt: Number(r.endedAt),
  }));
}
