import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { genContext } from './context';
import { DEMO_SYSTEMS, generateDemoSources, writeDemoSystems, type GeneratedSystem } from './generate';
import { readDemoPeople } from './people';
import { offCampusInterns } from './wangluo';

const read = (file: string, q: string) => {
  const db = new Sqlite(file, { readonly: true });
  try {
    return db.prepare(q).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
};

describe('demo source systems (small size)', () => {
  let app: TestApp;
  const dirs = [
    fs.mkdtempSync(path.join(os.tmpdir(), 'demo-src-a-')),
    fs.mkdtempSync(path.join(os.tmpdir(), 'demo-src-b-')),
  ];
  let first: GeneratedSystem[];
  let second: GeneratedSystem[];
  const file = (system: string, dir = dirs[0]!) => path.join(dir, `${system}.sqlite`);

  beforeAll(async () => {
    app = await buildTestApp();
    first = await generateDemoSources(app.db, dirs[0]!, { size: 'small' });
    second = await generateDemoSources(app.db, dirs[1]!, { size: 'small' });
  });
  afterAll(async () => {
    await app.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('writes the seven systems as complete SQLite files, nothing half-written left beside them', () => {
    expect(first.map((g) => g.system)).toEqual(Object.keys(DEMO_SYSTEMS));
    expect(fs.readdirSync(dirs[0]!).sort()).toEqual(
      Object.keys(DEMO_SYSTEMS)
        .map((s) => `${s}.sqlite`)
        .sort(),
    );
  });

  it('is deterministic: the same people give the same counts and the same rows', () => {
    expect(second.map((g) => g.counts)).toEqual(first.map((g) => g.counts));
    for (const [system, q] of [
      ['yikatong', 'SELECT * FROM card_txn ORDER BY txn_id LIMIT 5 OFFSET 100'],
      ['menjin', 'SELECT * FROM gate_event ORDER BY event_id DESC LIMIT 5'],
      ['jiaowu', 'SELECT * FROM grade ORDER BY id LIMIT 5'],
      ['renshi', 'SELECT * FROM staff ORDER BY staff_no LIMIT 3'],
      ['tushuguan', 'SELECT * FROM loan ORDER BY loan_id LIMIT 3'],
      ['keyan', 'SELECT * FROM project ORDER BY project_no LIMIT 3'],
      ['wangluo', 'SELECT * FROM auth_session ORDER BY session_id DESC LIMIT 5'],
    ] as const)
      expect(read(file(system, dirs[1]), q)).toEqual(read(file(system), q));
  });

  it("uses the portal's people: every card holder, resident and graded student is a user with that number and name", async () => {
    const users = await app.db.selectFrom('appUser').select(['userNo', 'realName', 'kind']).execute();
    const byNo = new Map(users.map((u) => [u.userNo, u]));
    const students = users.filter((u) => u.kind === 'student');
    const holders = read(file('yikatong'), 'SELECT DISTINCT holder_no, holder_name FROM card_txn');
    expect(holders.length).toBeGreaterThan(students.length / 2);
    for (const h of holders) expect(byNo.get(h.holder_no as string)?.realName).toBe(h.holder_name);
    for (const r of read(file('menjin'), 'SELECT DISTINCT student_no, student_name FROM gate_event'))
      expect(byNo.get(r.student_no as string)).toMatchObject({ realName: r.student_name, kind: 'student' });
    for (const r of read(file('wangluo'), 'SELECT DISTINCT student_no, student_name FROM auth_session'))
      expect(byNo.get(r.student_no as string)).toMatchObject({ realName: r.student_name, kind: 'student' });
    for (const r of read(file('jiaowu'), 'SELECT DISTINCT student_no FROM grade'))
      expect(byNo.get(r.student_no as string)?.kind).toBe('student');
    for (const r of read(file('renshi'), 'SELECT staff_no FROM staff'))
      expect(byNo.get(r.staff_no as string)?.kind).toBe('staff');
    // Every student has a card, and the fixed demo student shows up in the timetable's classes.
    const cards = read(file('yikatong'), "SELECT holder_no FROM card WHERE holder_kind = '学生'");
    expect(cards.length).toBe(students.length);
    expect(
      read(file('jiaowu'), "SELECT 1 FROM enrolment WHERE student_no = '20230101101' AND term_code = '2026-2027-1'")
        .length,
    ).toBeGreaterThan(0);
  });

  it('writes only real calendar dates in date columns', () => {
    for (const g of first) {
      const db = new Sqlite(g.file, { readonly: true });
      try {
        for (const table of Object.keys(g.counts))
          for (const col of (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
            .map((c) => c.name)
            .filter((n) => n.endsWith('_date'))) {
            const values = db.prepare(`SELECT DISTINCT ${col} AS v FROM ${table} WHERE ${col} IS NOT NULL`).all() as {
              v: string;
            }[];
            for (const { v } of values)
              expect(new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10), `${g.system}.${table}.${col}`).toBe(v);
          }
      } finally {
        db.close();
      }
    }
  });

  it('has the daily rhythm and the exceptions later modules look for', () => {
    const y = first.find((g) => g.system === 'yikatong')!.counts;
    const m = first.find((g) => g.system === 'menjin')!.counts;
    // Two weeks for the small seed's students: a few meals a day each, two or three gate events a day.
    expect(y.card_txn).toBeGreaterThan(300);
    expect(y.card_txn).toBeLessThan(2000);
    expect(m.gate_event).toBeGreaterThan(300);
    const hours = read(
      file('yikatong'),
      "SELECT CAST(strftime('%H', occurred_at / 1000, 'unixepoch', '+8 hours') AS INTEGER) AS h, COUNT(*) AS n FROM card_txn WHERE kind = 'canteen' GROUP BY h",
    );
    const at = (h: number) => (hours.find((r) => r.h === h)?.n as number | undefined) ?? 0;
    expect(at(12)).toBeGreaterThan(at(15)); // lunch peak
    expect(at(3)).toBe(0);
    // Balances never go below zero: a top-up comes first.
    expect(read(file('yikatong'), 'SELECT 1 FROM card_txn WHERE balance_after < 0')).toEqual([]);
    // Transaction and event ids grow with time (incremental syncs by id or by time agree).
    for (const [system, table, id] of [
      ['yikatong', 'card_txn', 'txn_id'],
      ['menjin', 'gate_event', 'event_id'],
    ] as const)
      expect(
        read(
          file(system),
          `SELECT 1 FROM ${table} a JOIN ${table} b ON b.${id} = a.${id} + 1 WHERE b.occurred_at < a.occurred_at`,
        ),
      ).toEqual([]);
    expect(
      read(
        file('wangluo'),
        'SELECT 1 FROM auth_session a JOIN auth_session b ON b.session_id = a.session_id + 1 WHERE b.login_at < a.login_at',
      ),
    ).toEqual([]);
  });

  it('puts most students online daily; 失联 students nowhere in the last six days, interns off campus only on the VPN', async () => {
    // The test seed's students are nearly all early warning's cast: add ten ordinary ones for the interns.
    const people = await readDemoPeople(app.db);
    const model = people.students[0]!;
    people.students.push(
      ...Array.from({ length: 10 }, (_, i) => ({ ...model, userNo: `2026999900${i}`, name: `实习${i}` })),
    );
    const ctx = genContext(people, 'small');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-src-c-'));
    dirs.push(dir);
    const made = writeDemoSystems(people, dir, { size: 'small', only: ['menjin', 'yikatong', 'wangluo'] });
    const w = made.find((g) => g.system === 'wangluo')!.counts;
    const students = people.students.length;
    expect(w.auth_session).toBeGreaterThan(students * ctx.days.length * 0.7);
    expect(w.auth_session).toBeLessThan(students * ctx.days.length * 1.5);
    // Both leave the morning six days before the end (a last gate 'out'); nothing after that day.
    const from = ctx.days[ctx.days.length - 5]!.start;
    const count = (system: string, q: string) => read(file(system, dir), q).length;
    const seen = (no: string) => ({
      gate: count('menjin', `SELECT 1 FROM gate_event WHERE student_no = '${no}' AND occurred_at >= ${from}`),
      card: count('yikatong', `SELECT 1 FROM card_txn WHERE holder_no = '${no}' AND occurred_at >= ${from}`),
      net: count('wangluo', `SELECT 1 FROM auth_session WHERE student_no = '${no}' AND login_at >= ${from}`),
    });
    const quiet = [...ctx.cast].filter(([, c]) => c === 'disContact').map(([no]) => no);
    expect(quiet.length).toBeGreaterThan(0);
    for (const no of quiet) expect(seen(no), no).toEqual({ gate: 0, card: 0, net: 0 });
    const interns = [...offCampusInterns(ctx)];
    expect(interns.length).toBeGreaterThanOrEqual(2);
    for (const no of interns) {
      expect(seen(no), no).toMatchObject({ gate: 0, card: 0 });
      expect(seen(no).net).toBeGreaterThanOrEqual(5);
      const aps = read(
        file('wangluo', dir),
        `SELECT DISTINCT ap FROM auth_session WHERE student_no = '${no}' AND login_at >= ${from}`,
      );
      expect(aps, no).toEqual([{ ap: 'VPN（校外）' }]);
    }
  });
});
