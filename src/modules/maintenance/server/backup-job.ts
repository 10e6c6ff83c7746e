import { Type } from 'typebox';
import type { JobDefinition } from '@/server/jobs/types';
import { audit } from '@/server/identity/audit';
import { BACKUP_JOB, backupCron } from './backup-schedule';
import { createBackup, pruneScheduled, readSchedule, SYSTEM_ACTOR } from './service';

const BackupJobPayload = Type.Object({});

/**
 * The scheduled backup as a job: its cron follows the saved schedule (read when the runner opens,
 * replaced by saveSchedule), the runner makes it run once across app servers. A backup, then
 * the oldest scheduled backups beyond `keep` are pruned. A failure is audited and retried once.
 */
export const backupJob: JobDefinition<typeof BackupJobPayload> = {
  name: BACKUP_JOB,
  title: '定时备份',
  payload: BackupJobPayload,
  cron: async (app) => backupCron(await readSchedule(app)),
  retry: { limit: 1, backoffMs: 10 * 60_000 },
  // The whole database and every uploaded file: give a large installation time.
  timeoutMs: 2 * 3_600_000,
  async run({ app, trigger }) {
    const schedule = await readSchedule(app);
    try {
      await createBackup(app, SYSTEM_ACTOR, 'scheduled', trigger === 'manual' ? '立即运行' : '定时备份');
    } catch (err) {
      await audit(app.db, {
        action: 'backup_scheduled',
        result: 'fail',
        actorName: SYSTEM_ACTOR.name,
        detail: err instanceof Error ? err.message : String(err),
      });
      throw err;
    }
    const pruned = await pruneScheduled(app, schedule.keep);
    return { written: 1 + pruned };
  },
};
