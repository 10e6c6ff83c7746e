import type { BackupSchedule } from '../contract';

/** The job that makes scheduled backups (backup-job.ts). */
export const BACKUP_JOB = 'maintenance.backup';

/** The schedule as cron: on the hour chosen (server time), every day; none when scheduled backups are off. */
export const backupCron = (s: BackupSchedule): string | null => (s.enabled ? `0 ${s.hour} * * *` : null);
