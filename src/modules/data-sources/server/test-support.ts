import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sourcesDir } from './connectors/sqlite';

/**
 * Test fixtures: an SQLite source file under the test app's DATA_DIR/sources/ with a small
 * `student` table (ids 1..n, a date, a datetime as text and one as epoch ms, a boolean, a
 * sensitive id number). Answers the file name (relative, what config.file takes) and a remover.
 */
export function makeSqliteSource(app: FastifyInstance, rows = 30): { file: string; remove: () => void } {
  const dir = sourcesDir(app.config.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = `test-${randomBytes(6).toString('hex')}.sqlite`;
  const full = path.join(dir, file);
  const db = new Database(full);
  db.exec(`CREATE TABLE student (
    id INTEGER PRIMARY KEY, xh TEXT NOT NULL, name TEXT NOT NULL, birthday DATE, enrolled_at DATETIME,
    updated_ms INTEGER, score REAL, active BOOLEAN, id_card TEXT)`);
  const insert = db.prepare('INSERT INTO student VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const base = new Date(2026, 8, 1, 8, 0, 0).getTime();
  db.transaction(() => {
    for (let i = 1; i <= rows; i++)
      insert.run(
        i,
        `2026${String(i).padStart(4, '0')}`,
        `学生${i}`,
        `2006-0${(i % 9) + 1}-1${i % 10}`,
        `2026-09-01 08:${String(i % 60).padStart(2, '0')}:00`,
        base + i * 60_000,
        60 + (i % 40) + 0.5,
        i % 2,
        `11010520060101${String(i).padStart(4, '0')}`,
      );
  })();
  db.close();
  return { file, remove: () => fs.rmSync(full, { force: true }) };
}
