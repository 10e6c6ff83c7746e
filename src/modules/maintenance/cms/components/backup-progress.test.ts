import { describe, expect, it } from 'vitest';
import { progressText } from './backup-progress';

const base = {
  kind: 'manual' as const,
  startedAt: 1,
  tables: 0,
  tablesTotal: 0,
  rows: 0,
  files: 0,
  filesTotal: 0,
  bytes: 0,
  bytesTotal: 0,
};

describe('backup progress text', () => {
  it('counts tables while the database is read, then bytes of the files', () => {
    expect(progressText({ ...base, phase: 'database', tables: 12, tablesTotal: 48, rows: 9120 })).toEqual({
      percent: 25,
      text: '正在读取数据库：第 12/48 张表，已读 9120 行',
    });
    expect(
      progressText({ ...base, phase: 'files', files: 3, filesTotal: 10, bytes: 50 << 20, bytesTotal: 200 << 20 }),
    ).toEqual({ percent: 25, text: '正在打包上传的文件：3/10 个，50.0 MB / 200 MB' });
    expect(progressText({ ...base, phase: 'files' }).percent).toBe(0);
    expect(progressText({ ...base, phase: 'done', bytes: 5, bytesTotal: 5 }).percent).toBe(100);
  });
});
