import { mulberry32 } from '@/server/db/seed/prng';
import type { GenContext } from './context';
import type { DemoPerson } from './people';
import { minuteBetween, personRng } from './random-helpers';
import type { SourceFile } from './sqlite-file';

/** Fixed seed of 网络信息中心 (the others' are in random-helpers.ts). */
const SEED = 20260913;

const APS = [
  '图书馆-1F',
  '图书馆-3F',
  '第一教学楼',
  '第二教学楼',
  '实验楼A座',
  '学生活动中心',
  '第一食堂',
  '梅园宿舍区',
  '兰园宿舍区',
  '竹园宿舍区',
  '菊园宿舍区',
] as const;
const VPN = 'VPN（校外）';

const interns = new WeakMap<GenContext, Set<string>>();

/**
 * Students on an off-campus internship (在校外实习): no gate passage or card payment in the last
 * six days of events (menjin.ts and yikatong.ts leave them out like the out-of-contact case), but
 * online every day through the VPN, so early warning's 失联 rule does not list them. Up to three
 * students outside the warning cast (or its 旷课 case), spread over the number order; the same in every system.
 */
export function offCampusInterns(ctx: GenContext): Set<string> {
  let out = interns.get(ctx);
  if (!out) {
    // Not the fixed demo student (20230101101): the browser suite expects their card and gate records.
    // The 旷课 case may be one (attendance only); the other cases need their gate and card records.
    const free = ctx.people.students.filter(
      (p) => (ctx.cast.get(p.userNo) ?? 'absent') === 'absent' && p.userNo !== '20230101101',
    );
    const picks = new Set([0.17, 0.5, 0.83].map((q) => Math.floor(free.length * q)));
    out = new Set([...picks].flatMap((i) => (free[i] ? [free[i].userNo] : [])));
    interns.set(ctx, out);
  }
  return out;
}

/** True on the days an intern is away: the last six generated days (as the out-of-contact case). */
export const internAway = (ctx: GenContext, userNo: string, i: number) =>
  i >= ctx.days.length - 6 && offCampusInterns(ctx).has(userNo);

type Session = [login: number, p: DemoPerson, logout: number, ip: string, ap: string, bytes: number];

/**
 * 网络信息中心: students' campus-network authentication sessions (上网认证记录). Most students are
 * online on most days, now and then twice; the out-of-contact case is not online in its last six
 * days and the leave case not while away; the interns log in through the VPN from outside.
 */
export function writeWangluo(f: SourceFile, ctx: GenContext): void {
  const rng = mulberry32(SEED);
  const students = ctx.people.students.map((p) => {
    const own = personRng(p.userNo + 'net');
    return { p, daily: 0.8 + own.next() * 0.18, host: own.int(2, 250), net: own.int(16, 31) };
  });
  const last = ctx.days.length - 1;
  let sessionId = 0;
  f.table(
    'auth_session',
    `CREATE TABLE auth_session (session_id INTEGER PRIMARY KEY, student_no TEXT NOT NULL, student_name TEXT NOT NULL,
      unit_id INTEGER NOT NULL, login_at INTEGER NOT NULL, logout_at INTEGER, ip TEXT NOT NULL, ap TEXT NOT NULL,
      bytes INTEGER NOT NULL)`,
    ['session_id', 'student_no', 'student_name', 'unit_id', 'login_at', 'logout_at', 'ip', 'ap', 'bytes'],
    (function* () {
      for (const [i, day] of ctx.days.entries()) {
        const sessions: Session[] = [];
        for (const s of students) {
          const cause = ctx.cast.get(s.p.userNo);
          if (cause === 'disContact' && i >= last - 5) continue;
          if (cause === 'leave' && ctx.leave && day.date >= ctx.leave.from && day.date <= ctx.leave.to) continue;
          const vpn = internAway(ctx, s.p.userNo, i);
          if (!vpn && !rng.chance(day.weekday > 5 || day.holiday ? s.daily - 0.1 : s.daily)) continue;
          const n = rng.chance(0.12) ? 2 : 1; // a daytime login, now and then an evening one too
          for (let k = 0; k < n; k++) {
            const from = k === 0 ? minuteBetween(rng, 480, 840) : minuteBetween(rng, 1140, 1320);
            const login = day.start + from * 60_000 + rng.int(0, 59) * 1000;
            const logout = login + rng.int(10, 180) * 60_000 + rng.int(0, 59) * 1000;
            const ap = vpn ? VPN : APS[rng.int(0, APS.length - 1)]!;
            const ip = vpn ? `10.200.${s.net}.${s.host}` : `10.${s.net}.${rng.int(0, 255)}.${s.host}`;
            sessions.push([login, s.p, logout, ip, ap, rng.int(2, 900) * 1_048_576 + rng.int(0, 1_048_575)]);
          }
        }
        sessions.sort((a, b) => a[0] - b[0]);
        // The last day's evening sessions may still be open: no logout yet.
        for (const [login, p, logout, ip, ap, bytes] of sessions)
          yield [++sessionId, p.userNo, p.name, p.unit.id, login, logout > ctx.asOf ? null : logout, ip, ap, bytes];
      }
    })(),
    'CREATE INDEX auth_session_time ON auth_session (login_at); CREATE INDEX auth_session_student ON auth_session (student_no, login_at)',
  );
}
