import type { FastifyInstance } from 'fastify';
import { audit } from '@/server/identity/audit';
import { dayKey } from './hours';
import type { BackupItem } from '../contract';
import { dropLocksBefore, takeLock } from './repository';
import { createBackup, LOCK_PREFIX, pruneScheduled, readSchedule, SYSTEM_ACTOR } from './service';

export const SCHEDULER_TICK_MS = 60_000;
const LOCK_RETENTION_MS = 7 * 86_400_000;

/**
 * The scheduled backup, if one is due now: enabled, at the chosen hour (server time), and not
 * yet taken this hour. With several app servers only the one whose lock row insert succeeds
 * ('backup_lock:<date>-<hour>' in `setting`) makes it. Then the oldest scheduled backups
 * beyond `keep` are pruned. Answers the backup made, or null.
 */
export async function runScheduledBackupIfDue(app: FastifyInstance, now = Date.now()): Promise<BackupItem | null> {
  const schedule = await readSchedule(app);
  const hour = new Date(now).getHours();
  if (!schedule.enabled || hour !== schedule.hour) return null;
  if (!(await takeLock(app.db, `${LOCK_PREFIX}${dayKey(now)}-${String(hour).padStart(2, '0')}`, now))) return null;
  await dropLocksBefore(app.db, LOCK_PREFIX, now - LOCK_RETENTION_MS);
  try {
    const item = await createBackup(app, SYSTEM_ACTOR, 'scheduled', '定时备份');
    await pruneScheduled(app, schedule.keep);
    return item;
  } catch (err) {
    app.log.error({ err }, 'scheduled backup failed');
    await audit(app.db, {
      action: 'backup_scheduled',
      result: 'fail',
      actorName: SYSTEM_ACTOR.name,
      detail: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}

/** Checks once a minute; the timer never keeps the process alive and stops when the app closes. */
export function startBackupScheduler(app: FastifyInstance): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runScheduledBackupIfDue(app)
      .catch((err: unknown) => app.log.error({ err }, 'backup scheduler check failed'))
      .finally(() => {
        running = false;
      });
  }, SCHEDULER_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return timer;
}
