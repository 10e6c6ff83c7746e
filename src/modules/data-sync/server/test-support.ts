import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { createDataSource } from '@/modules/data-sources/server/commands/create-source';
import { createDataset } from '@/modules/data-sources/server/commands/create-dataset';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import type { DataTableField } from '@/modules/data-tables/server/commands/get-data-table';
import { buildTestApp, type TestApp } from '@/server/test/helper';

/** A test app with its own DATA_DIR (SQLite sources live in DATA_DIR/sources); the caller removes it (closeSyncTestApp). */
export async function buildSyncTestApp(): Promise<{ app: TestApp; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-sync-'));
  fs.mkdirSync(path.join(dataDir, 'sources'), { recursive: true });
  const app = await buildTestApp({ env: { DATA_DIR: dataDir } });
  return { app, dataDir };
}

export async function closeSyncTestApp(app: TestApp, dataDir: string): Promise<void> {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export interface StudentRow {
  xh: string;
  xm: string;
  score: number;
  updated: number;
}

/** An SQLite source file under DATA_DIR/sources with a `students` table; answers a handle to change it. */
export function writeStudentSource(dataDir: string, file: string, rows: StudentRow[]) {
  const db = new Sqlite(path.join(dataDir, 'sources', file));
  db.exec('CREATE TABLE IF NOT EXISTS students (xh TEXT, xm TEXT, score INTEGER, updated INTEGER)');
  const ins = db.prepare('INSERT INTO students (xh, xm, score, updated) VALUES (?, ?, ?, ?)');
  db.transaction(() => rows.forEach((r) => ins.run(r.xh, r.xm, r.score, r.updated)))();
  return db;
}

export const students = (n: number, from = 1): StudentRow[] =>
  Array.from({ length: n }, (_, i) => ({
    xh: `S${String(from + i).padStart(7, '0')}`,
    xm: `学生${from + i}`,
    score: (from + i) % 100,
    updated: 1000 + from + i,
  }));

const field = (name: string, label: string, type: DataTableField['type'], extra: Partial<DataTableField> = {}) => ({
  name,
  label,
  type,
  required: false,
  indexed: false,
  visibility: 'all' as const,
  description: '',
  sort: 0,
  ...extra,
});

/** Source, dataset and a `student_no`-keyed data table for the students file. */
export async function registerStudents(app: FastifyInstance, file: string, code: string) {
  const sourceId = await createDataSource(app, app.db, { name: `源-${code}`, kind: 'sqlite', config: { file } }, null);
  const datasetId = await createDataset(
    app,
    app.db,
    { sourceId, name: `学生-${code}`, kind: 'table', table: 'students' },
    null,
  );
  const table = await createDataTable(
    app,
    app.db,
    {
      code,
      name: `学生表-${code}`,
      description: '',
      fields: [
        field('student_no', '学号', 'string', { required: true, sort: 1 }),
        field('name', '姓名', 'string', { required: true, sort: 2 }),
        field('score', '成绩', 'integer', { sort: 3 }),
        field('updated', '更新时间', 'integer', { sort: 4 }),
      ],
      uniqueKey: ['student_no'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  return { sourceId, datasetId, tableId: table.id };
}

export const STUDENT_MAPPING = [
  { from: 'xh', to: 'student_no' },
  { from: 'xm', to: 'name' },
  { from: 'score', to: 'score' },
  { from: 'updated', to: 'updated' },
];
