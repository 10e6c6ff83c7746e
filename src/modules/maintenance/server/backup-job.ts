import { Type } from 'typebox';
import type { JobDefinition } from '@/server/jobs/types';
import { BACKUP_JOB, backupCron } from './backup-schedule';
import { lastBackupAt } from './repository';
import { createBackup, pruneBackups, readSchedule, reportScheduledFailure, SYSTEM_ACTOR } from './service';

const BackupJobPayload = Type.Object({
  /** A catch-up run after downtime (catchUpMissedBackup): the slot it stands in for. */
  catchUpSlot: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * The scheduled backup as a job: its cron follows the saved schedule (read when the runner opens,
 * replaced by saveSchedule), the runner makes it run once across app servers. A backup, then
 * the oldest scheduled backups beyond `keep` are pruned. A failure is audited, alerted to the
 * administrators once per burst and retried once.
 */
export const backupJob: JobDefinition<typeof BackupJobPayload> = {
  name: BACKUP_JOB,
  title: '定时备份',
  payload: BackupJobPayload,
  cron: async (app) => backupCron(await readSchedule(app)),
  retry: { limit: 1, backoffMs: 10 * 60_000 },
  // The whole database and every uploaded file: give a large installation time.
  timeoutMs: 2 * 3_600_000,
  async run({ app, trigger }, payload) {
    const schedule = await readSchedule(app);
    if (payload.catchUpSlot !== undefined) {
      // Two app servers starting together may both queue the catch-up: the second finds it made.
      const last = await lastBackupAt(app.db, 'scheduled');
      if (last !== null && last >= payload.catchUpSlot) return { written: 0 };
    }
    const note =
      payload.catchUpSlot !== undefined
        ? `补做：停机错过 ${new Date(payload.catchUpSlot).toLocaleString('zh-CN', { hour12: false })} 的定时备份`
        : trigger === 'manual'
          ? '立即运行'
          : '定时备份';
    try {
      await createBackup(app, SYSTEM_ACTOR, 'scheduled', note);
    } catch (err) {
      await reportScheduledFailure(app, err);
      throw err;
    }
    const pruned = await pruneBackups(app, 'scheduled', schedule.keep);
    return { written: 1 + pruned };
  },
};
