import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type { LicenceInfo } from '@/shared/licence';
import type {
  AuditExportQuery,
  AuditListQuery,
  AuditRow,
  BackupItem,
  BackupProgressView,
  BackupSchedule,
  BackupScheduleView,
  JobInfo,
  JobRunListQuery,
  JobRunRow,
  LicenceUploadResult,
  RestoreResult,
} from './contract';

const BACKUP = '/user/api/v1.backup';
const AUDIT = '/user/api/v1.audit';

/** Backups on the server, newest first. GET /user/api/v1.backup/list/ */
export const listBackups = (q: { page: number; pageSize: number }) =>
  http.get<Page<BackupItem>>(`${BACKUP}/list/`, { params: q });

/** Make a backup now (slow: the whole database and uploaded files). POST /user/api/v1.backup/create/ */
export const createBackup = (note = '') => http.post<BackupItem>(`${BACKUP}/create/`, { note }, { slow: true });

/** The backup this server is writing now and how far it got (null: none). GET /user/api/v1.backup/progress/ */
export const getBackupProgress = () => http.get<BackupProgressView | null>(`${BACKUP}/progress/`);

/** The backup file. GET /user/api/v1.backup/download/ */
export const downloadBackup = (id: number) =>
  http.get<Blob>(`${BACKUP}/download/`, { params: { id }, responseType: 'blob', slow: true });

/** POST /user/api/v1.backup/delete/ */
export const deleteBackup = (id: number) => http.post<null>(`${BACKUP}/delete/`, { id });

/** Replace all data with the backup's (the audit log merged); `confirm` repeats its file name. Everybody is signed out; answers what was restored. POST /user/api/v1.backup/restore/ */
export const restoreBackup = (id: number, confirm: string) =>
  http.post<RestoreResult>(`${BACKUP}/restore/`, { id, confirm }, { slow: true });

/** Upload a backup file (checked whole before it is kept). POST /user/api/v1.backup/upload/ */
export const uploadBackup = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<BackupItem>(`${BACKUP}/upload/`, fd, { slow: true });
};

/** The schedule, retention and the server's time zone. GET /user/api/v1.backup/schedule/ */
export const getBackupSchedule = () => http.get<BackupScheduleView>(`${BACKUP}/schedule/`);

/** POST /user/api/v1.backup/saveSchedule/ */
export const saveBackupSchedule = (s: BackupSchedule) => http.post<BackupScheduleView>(`${BACKUP}/saveSchedule/`, s);

/** The installed licence and active accounts. GET /user/api/v1.licence/info/ */
export const getLicenceInfo = () => http.get<LicenceInfo>('/user/api/v1.licence/info/');

/** Install a licence file (verified first; refused ones replace nothing). POST /user/api/v1.licence/upload/ */
export const uploadLicence = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<LicenceUploadResult>('/user/api/v1.licence/upload/', fd, { silent: true });
};

/** Audit rows, newest first, filtered on the server. GET /user/api/v1.audit/list/ */
export const listAudit = (q: Partial<AuditListQuery> & { page: number; pageSize: number }) =>
  http.get<Page<AuditRow>>(`${AUDIT}/list/`, { params: q });

/** The filtered rows as .xlsx. GET /user/api/v1.audit/export/ */
export const exportAudit = (f: Partial<AuditExportQuery>) =>
  http.get<Blob>(`${AUDIT}/export/`, { params: f, responseType: 'blob', slow: true });

const JOB = '/user/api/v1.job';

/** Every defined job with its schedule, next run and last status. GET /user/api/v1.job/list/ */
export const listJobs = () => http.get<JobInfo[]>(`${JOB}/list/`);

/** Runs, newest first, filtered by job and status. GET /user/api/v1.job/runs/ */
export const listJobRuns = (q: Partial<JobRunListQuery> & { page: number; pageSize: number }) =>
  http.get<Page<JobRunRow>>(`${JOB}/runs/`, { params: q });

/** Queue a run of the job now (it starts within seconds). POST /user/api/v1.job/runNow/ */
export const runJobNow = (name: string) => http.post<null>(`${JOB}/runNow/`, { name });
