import type { GenContext } from './context';
import type { DemoPerson } from './people';
import { minuteBetween, pad, personRng, rngFor, type Rng } from './random-helpers';
import type { SourceFile } from './sqlite-file';
import { internAway } from './wangluo';

const BUILDINGS = [
  { id: 1, name: '梅园1号楼', gender: '男' },
  { id: 2, name: '梅园2号楼', gender: '男' },
  { id: 3, name: '梅园3号楼', gender: '男' },
  { id: 4, name: '兰园1号楼', gender: '女' },
  { id: 5, name: '兰园2号楼', gender: '女' },
  { id: 6, name: '竹园1号楼', gender: '男' },
  { id: 7, name: '菊园1号楼', gender: '女' },
] as const;
const FLOORS = 6;
const BEDS = 4;
const ROOMS_PER_FLOOR = 40;
/** Doors close at 23:00; a return after that is a late return. */
const CURFEW = '23:00';

interface Resident {
  person: DemoPerson;
  /** Early warning's demo cast (late back, nights away, on leave, out of contact), or undefined. */
  cause?: string;
  buildingId: number;
  /** Chance on a given evening of coming back after the curfew / not at all (most students almost never). */
  late: number;
  away: number;
}

type GateEvent = [at: number, r: Resident, direction: 'in' | 'out'];

/** One resident's day at the gate: out in the morning, maybe back at noon, in by the evening. */
function dayAtGate(
  rng: Rng,
  r: Resident,
  start: number,
  weekend: boolean,
  out: GateEvent[],
  state: { outside: boolean },
): void {
  const at = (from: number, to: number) => start + minuteBetween(rng, from, to) * 60_000 + rng.int(0, 59) * 1000;
  const push = (t: number, d: 'in' | 'out') => {
    out.push([t, r, d]);
    state.outside = d === 'out';
  };
  // Back from a night out: comes in in the morning before the day starts.
  if (state.outside) push(at(360, 540), 'in');
  if (weekend && rng.chance(0.15)) return; // a day in the dorm
  push(weekend ? at(540, 720) : at(410, 500), 'out');
  if (!weekend && rng.chance(0.22)) {
    push(at(710, 760), 'in');
    push(at(790, 830), 'out');
  }
  if (rng.chance(r.away)) return; // a night out
  if (rng.chance(r.late)) push(at(1385, 1435), 'in');
  else push(weekend ? at(1080, 1370) : at(1110, 1370), 'in');
}

/** The cast's causes this system shows. */
const GATE_CAUSES = new Set(['lateBack', 'unBack', 'leave', 'disContact']);

/**
 * A cast student's day when their cause shows (else false: an ordinary day): in the last two weeks
 * the late-back case comes in after 23:00 every third evening, the night-away case stays out twice,
 * the out-of-contact case leaves six days before the end and is not seen again; the leave case goes
 * home for its approved leave (out the first morning, back the last afternoon).
 */
function castDay(
  rng: Rng,
  r: Resident,
  day: GenContext['days'][number],
  i: number,
  ctx: GenContext,
  out: GateEvent[],
  state: { outside: boolean },
): boolean {
  const at = (from: number, to: number) => day.start + minuteBetween(rng, from, to) * 60_000 + rng.int(0, 59) * 1000;
  const push = (t: number, d: 'in' | 'out') => {
    out.push([t, r, d]);
    state.outside = d === 'out';
  };
  const last = ctx.days.length - 1;
  if (r.cause === 'leave') {
    if (!ctx.leave || day.date < ctx.leave.from || day.date > ctx.leave.to) return false;
    if (day.date === ctx.leave.from) push(at(540, 600), 'out');
    if (day.date === ctx.leave.to) push(at(870, 960), 'in');
    return true;
  }
  if (i < ctx.recentFrom || day.holiday) return false;
  if (r.cause === 'disContact') {
    if (i < last - 5) return false;
    if (i === last - 5 && !state.outside) push(at(480, 540), 'out');
    return true;
  }
  if (state.outside) push(at(400, 460), 'in');
  push(at(470, 520), 'out');
  if (r.cause === 'lateBack') push(i % 3 === 0 ? at(1395, 1430) : at(1260, 1330), 'in');
  else if (r.cause === 'unBack' && (i === last - 4 || i === last - 8))
    return true; // a night away
  else push(at(1260, 1330), 'in');
  return true;
}

/** 门禁系统: dorm buildings, rooms and beds, gates, and every resident's in/out events of the term so far. */
export function writeMenjin(f: SourceFile, ctx: GenContext): void {
  const rng = rngFor('menjin');
  // Most students live on campus; classmates share rooms (students are sorted by number, i.e. by class).
  const residents: Resident[] = [];
  const beds: unknown[][] = [];
  const nextBed = new Map<number, number>();
  for (const p of ctx.people.students) {
    const own = personRng(p.userNo + 'dorm');
    const cause = GATE_CAUSES.has(ctx.cast.get(p.userNo) ?? '') ? ctx.cast.get(p.userNo) : undefined;
    if (own.chance(0.05) && !cause) continue; // 走读: lives off campus (the gate cases live in)
    const options = BUILDINGS.filter((b) => b.gender === p.gender);
    const building = options[Number(p.userNo.slice(-4)) % options.length]!;
    const n = nextBed.get(building.id) ?? 0;
    nextBed.set(building.id, n + 1);
    const room = Math.floor(n / BEDS);
    const roomNo = `${Math.floor(room / ROOMS_PER_FLOOR) + 1}${pad((room % ROOMS_PER_FLOOR) + 1, 2)}`;
    beds.push([
      `${building.id}-${roomNo}-${(n % BEDS) + 1}`,
      building.id,
      roomNo,
      (n % BEDS) + 1,
      p.userNo,
      p.name,
      p.unit.id,
      `${p.grade ?? 2025}-09-01`,
    ]);
    const rare = own.chance(0.04);
    residents.push({ person: p, buildingId: building.id, late: rare ? 0.08 : 0.004, away: rare ? 0.03 : 0.002, cause });
  }

  f.table(
    'dorm_building',
    `CREATE TABLE dorm_building (building_id INTEGER PRIMARY KEY, name TEXT NOT NULL, gender TEXT NOT NULL,
      floors INTEGER NOT NULL, curfew TEXT NOT NULL)`,
    ['building_id', 'name', 'gender', 'floors', 'curfew'],
    BUILDINGS.map((b) => [b.id, b.name, b.gender, FLOORS, CURFEW]),
  );
  f.table(
    'dorm_bed',
    `CREATE TABLE dorm_bed (bed_id TEXT PRIMARY KEY, building_id INTEGER NOT NULL, room_no TEXT NOT NULL,
      bed_no INTEGER NOT NULL, student_no TEXT NOT NULL UNIQUE, student_name TEXT NOT NULL, unit_id INTEGER NOT NULL,
      check_in_date TEXT NOT NULL)`,
    ['bed_id', 'building_id', 'room_no', 'bed_no', 'student_no', 'student_name', 'unit_id', 'check_in_date'],
    beds,
    'CREATE INDEX dorm_bed_building ON dorm_bed (building_id, room_no)',
  );
  const gates = BUILDINGS.flatMap((b) => [
    [b.id * 10 + 1, b.id, `${b.name}北门`],
    [b.id * 10 + 2, b.id, `${b.name}南门`],
  ]);
  f.table(
    'gate',
    `CREATE TABLE gate (gate_id INTEGER PRIMARY KEY, building_id INTEGER NOT NULL, name TEXT NOT NULL)`,
    ['gate_id', 'building_id', 'name'],
    gates,
  );

  // Events day by day in time order, so event_id grows with occurred_at.
  let eventId = 0;
  const states = new Map(residents.map((r) => [r, { outside: false, home: false }]));
  f.table(
    'gate_event',
    `CREATE TABLE gate_event (event_id INTEGER PRIMARY KEY, student_no TEXT NOT NULL, student_name TEXT NOT NULL,
      unit_id INTEGER NOT NULL, building_id INTEGER NOT NULL, gate_id INTEGER NOT NULL, direction TEXT NOT NULL,
      method TEXT NOT NULL, occurred_at INTEGER NOT NULL)`,
    [
      'event_id',
      'student_no',
      'student_name',
      'unit_id',
      'building_id',
      'gate_id',
      'direction',
      'method',
      'occurred_at',
    ],
    (function* () {
      for (const [i, day] of ctx.days.entries()) {
        const events: GateEvent[] = [];
        for (const r of residents) {
          const s = states.get(r)!;
          if (r.cause && castDay(rng, r, day, i, ctx, events, s)) continue;
          // An intern off campus (online through the VPN: wangluo.ts) leaves six days before the end.
          if (internAway(ctx, r.person.userNo, i)) {
            if (!s.outside) events.push([day.start + rng.int(480, 540) * 60_000, r, 'out']);
            s.outside = true;
            continue;
          }
          // National Day: most leave on the 1st and come back on the 7th; the rest live a long weekend.
          if (day.holiday) {
            if (day.date === '2026-10-01' && !s.outside && rng.chance(0.6)) {
              s.home = true;
              events.push([day.start + rng.int(480, 720) * 60_000, r, 'out']);
              s.outside = true;
              continue;
            }
            if (s.home) {
              if (day.date === '2026-10-07') {
                events.push([day.start + rng.int(840, 1290) * 60_000, r, 'in']);
                s.outside = false;
                s.home = false;
              }
              continue;
            }
          }
          dayAtGate(rng, r, day.start, day.weekday > 5 || day.holiday, events, s);
        }
        events.sort((a, b) => a[0] - b[0]);
        for (const [at, r, direction] of events)
          yield [
            ++eventId,
            r.person.userNo,
            r.person.name,
            r.person.unit.id,
            r.buildingId,
            r.buildingId * 10 + rng.int(1, 2),
            direction,
            rng.chance(0.7) ? '刷卡' : '人脸识别',
            at,
          ];
      }
    })(),
    'CREATE INDEX gate_event_time ON gate_event (occurred_at); CREATE INDEX gate_event_student ON gate_event (student_no, occurred_at)',
  );
}
