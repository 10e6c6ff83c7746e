import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import type { JobDefinition } from '@/server/jobs/types';
import { DUTY_STATUS_LABELS } from '../contract';
import { subtreeOf } from './access';
import { dutyStatus, periodOf } from './duties';
import * as repo from './repository';

export const REMIND_JOB = 'data-tables.remind-duties';

/**
 * Once a period per table: when a duty is near or past its deadline and not yet confirmed, the
 * owning department's staff get a message linking to 数据报送. The period is recorded in the same
 * transaction as the messages, so a retry never sends twice.
 */
export async function remindDuties(app: FastifyInstance, now = Date.now()): Promise<number> {
  const metas = await repo.findMetas(app.db, (q) =>
    q.where('dataTable.reportCycle', '<>', 'none').where('dataTable.ownerDepartmentId', 'is not', null),
  );
  let sent = 0;
  for (const m of metas) {
    const p = periodOf(m.reportCycle, m.reportDeadlineDay, now);
    if (!p || m.remindedPeriod === p.key) continue;
    const status = dutyStatus(p, m.lastReportedAt, now);
    if (status === 'ok') continue;
    const users = await repo.activeUsersIn(app.db, await subtreeOf(app.db, m.ownerDepartmentId!));
    const deadline = new Date(p.deadline + 8 * 3600_000).toISOString().slice(0, 10);
    await app.db.transaction().execute(async (trx) => {
      await sendMessage(trx, {
        userIds: users,
        kind: 'urge',
        title: `数据报送${DUTY_STATUS_LABELS[status]}：${m.name}`,
        body: `「${m.name}」本期报送截止于 ${deadline}，请更新数据后在数据报送页面确认已更新。`,
        link: '/web/datasource/dataReporting',
        at: now,
      });
      await repo.markReminded(trx, m.id, p.key);
    });
    sent += users.length;
  }
  return sent;
}

export const remindJob: JobDefinition = {
  name: REMIND_JOB,
  title: '数据报送提醒',
  payload: Type.Object({}),
  cron: '0 8 * * *',
  retry: { limit: 2, backoffMs: 10 * 60_000 },
  async run({ app }) {
    return { written: await remindDuties(app) };
  },
};
