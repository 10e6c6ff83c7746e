import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import type { RuleList } from '../contract';
import type { Conn } from './repository';

/**
 * The seven computed lists as SQL over the data tables the data centre fills (`dt_<code>`, the
 * data-tables module's physical tables; read-only here). Each rule answers the students over its
 * thresholds with a one-line reason, then their evidence rows in a second query. Windows end at
 * the newest synced event, not at the clock, so a late sync never makes everyone look absent.
 */

export const DAY = 86_400_000;
/** China time: day numbers and times of day are taken at UTC+8. */
export const CN = 8 * 3_600_000;

export interface Finding {
  studentNo: string;
  studentName: string;
  collegeId: number | null;
  period: string;
  reason: string;
  amount: number | null;
  evidence: Record<string, unknown>[];
}

export interface RuleResult {
  /** Data tables the rule needs that are not (yet) there: the rule is skipped, nothing is closed. */
  missing: string[];
  findings: Finding[];
}

export type Params = Record<string, number>;

/** The Monday (China time, 'YYYY-MM-DD') of the week holding `ms`: the period of weekly rules. */
export function weekOf(ms: number): string {
  const day = Math.floor((ms + CN) / DAY);
  const monday = day - ((day + 3) % 7); // 1970-01-01 was a Thursday
  return new Date(monday * DAY).toISOString().slice(0, 10);
}

export const dateOf = (ms: number) => new Date(ms + CN).toISOString().slice(0, 10);
export const timeOf = (ms: number) => new Date(ms + CN).toISOString().slice(11, 16);

// Literals, not parameters: SQLite binds a JS number as REAL, and day numbers need integer division.
const CN_SQL = sql.lit(CN);
const DAY_SQL = sql.lit(DAY);
const FIVE_SQL = sql.lit(5 * 3_600_000);

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const t = (code: string) => sql.table(`dt_${code}`);
const CHUNK = 500;

async function present(app: FastifyInstance, db: Conn, codes: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const c of codes) if (!(await getDataTable(app, db, c))) missing.push(c);
  return missing;
}

/** Evidence rows of the flagged students, grouped by student (one query per 500 students). */
async function evidenceOf(
  db: Conn,
  nos: string[],
  query: (nos: string[]) => RawBuilder<Record<string, unknown>>,
): Promise<Map<string, Record<string, unknown>[]>> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (let i = 0; i < nos.length; i += CHUNK) {
    const { rows } = await query(nos.slice(i, i + CHUNK)).execute(db);
    for (const r of rows) {
      const no = String(r.studentNo);
      const list = out.get(no) ?? [];
      if (list.length < 40) list.push(r);
      out.set(no, list);
    }
  }
  return out;
}

const inList = (nos: string[]) =>
  sql.join(
    nos.map((n) => sql`${n}`),
    sql`, `,
  );

async function maxOf(db: Conn, code: string, field: string): Promise<number | null> {
  const { rows } = await sql<{ m: unknown }>`select max(${sql.ref(field)}) as m from ${t(code)}`.execute(db);
  return rows[0]?.m === null || rows[0]?.m === undefined ? null : Number(rows[0].m);
}

type Aggregate = { studentNo: string; studentName: string; collegeId: unknown; n: unknown; x?: unknown };

function findings(
  agg: Aggregate[],
  ev: Map<string, Record<string, unknown>[]>,
  period: string,
  reason: (a: Aggregate) => string,
  amount: (a: Aggregate) => number | null = () => null,
): Finding[] {
  return agg.map((a) => ({
    studentNo: String(a.studentNo),
    studentName: String(a.studentName),
    collegeId: a.collegeId === null ? null : num(a.collegeId),
    period,
    reason: reason(a),
    amount: amount(a),
    evidence: ev.get(String(a.studentNo)) ?? [],
  }));
}

/** Approved leave covers the China-time day of this instant (a column expression). */
const onLeave = (noCol: RawBuilder<unknown>, atCol: RawBuilder<unknown>) =>
  sql`exists (select 1 from ew_leave l where l.student_no = ${noCol}
      and (${atCol} + ${CN_SQL}) / ${DAY_SQL} between l.start_day and l.end_day)`;

async function absent(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['jw_attendance']);
  if (missing.length) return { missing, findings: [] };
  const end = await maxOf(db, 'jw_attendance', 'recorded_at');
  if (end === null) return { missing, findings: [] };
  const start = end - p.days! * DAY;
  const where = sql`a.status = '缺勤' and a.recorded_at > ${start} and a.recorded_at <= ${end}
    and not ${onLeave(sql.ref('a.student_no'), sql.ref('a.recorded_at'))}`;
  const { rows } = await sql<Aggregate>`select a.student_no as "studentNo", max(a.student_name) as "studentName",
      max(a.college_id) as "collegeId", count(*) as n
    from ${t('jw_attendance')} a where ${where}
    group by a.student_no having count(*) >= ${p.min!} order by a.student_no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (
      nos,
    ) => sql`select a.student_no as "studentNo", a.class_date as "date", a.week as "week", a.course_code as "course",
        a.period_start as "period", a.status as "status"
      from ${t('jw_attendance')} a where ${where} and a.student_no in (${inList(nos)})
      order by a.student_no, a.recorded_at desc`,
  );
  return {
    missing,
    findings: findings(rows, ev, weekOf(end), (a) => `近${p.days}天缺勤 ${num(a.n)} 次（阈值 ${p.min} 次）`),
  };
}

async function study(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['jw_grade']);
  if (missing.length) return { missing, findings: [] };
  const { rows: terms } = await sql<{
    term: string | null;
  }>`select max(term_code) as term from ${t('jw_grade')}`.execute(db);
  const term = terms[0]?.term;
  if (!term) return { missing, findings: [] };
  // A fail counts unless a later 补考 of the same course passed.
  const failed = sql`g.term_code = ${term} and g.score < 60 and not exists (select 1 from ${t('jw_grade')} r
      where r.student_no = g.student_no and r.course_code = g.course_code and r.term_code = g.term_code and r.score >= 60)`;
  const { rows } = await sql<Aggregate>`select g.student_no as "studentNo", max(g.student_name) as "studentName",
      max(g.college_id) as "collegeId", sum(g.credit) as n, count(*) as x
    from ${t('jw_grade')} g where ${failed} and g.exam_kind <> '补考'
    group by g.student_no having sum(g.credit) >= ${p.credits!} order by g.student_no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (
      nos,
    ) => sql`select g.student_no as "studentNo", g.term_code as "term", g.course_name as "course", g.credit as "credit",
        g.score as "score", g.exam_kind as "examKind"
      from ${t('jw_grade')} g where g.term_code = ${term} and g.score < 60 and g.student_no in (${inList(nos)})
      order by g.student_no, g.course_code, g.recorded_at`,
  );
  return {
    missing,
    findings: findings(
      rows,
      ev,
      term,
      (a) => `${term} 学期 ${num(a.x)} 门课程不及格且补考未通过，共 ${num(a.n)} 学分（阈值 ${p.credits} 学分）`,
    ),
  };
}

async function lateBack(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['mj_gate_event']);
  if (missing.length) return { missing, findings: [] };
  const end = await maxOf(db, 'mj_gate_event', 'occurred_at');
  if (end === null) return { missing, findings: [] };
  const start = end - p.days! * DAY;
  // In after the curfew, or before 05:00 (the same night).
  const tod = sql`((g.occurred_at + ${CN_SQL}) % ${DAY_SQL})`;
  const where = sql`g.direction = 'in' and g.occurred_at > ${start} and g.occurred_at <= ${end}
    and (${tod} >= ${p.curfew! * 3_600_000} or ${tod} < ${FIVE_SQL})
    and not ${onLeave(sql.ref('g.student_no'), sql.ref('g.occurred_at'))}`;
  const { rows } = await sql<Aggregate>`select g.student_no as "studentNo", max(g.student_name) as "studentName",
      max(g.unit_id) as "collegeId", count(*) as n
    from ${t('mj_gate_event')} g where ${where}
    group by g.student_no having count(*) >= ${p.min!} order by g.student_no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (
      nos,
    ) => sql`select g.student_no as "studentNo", g.occurred_at as "at", g.building_id as "building", g.gate_id as "gate",
        g.method as "method"
      from ${t('mj_gate_event')} g where ${where} and g.student_no in (${inList(nos)})
      order by g.student_no, g.occurred_at desc`,
  );
  return {
    missing,
    findings: findings(
      rows,
      ev,
      weekOf(end),
      (a) => `近${p.days}天 ${p.curfew}:00 后回宿舍 ${num(a.n)} 次（阈值 ${p.min} 次）`,
    ),
  };
}

async function unBack(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['mj_gate_event']);
  if (missing.length) return { missing, findings: [] };
  const end = await maxOf(db, 'mj_gate_event', 'occurred_at');
  if (end === null) return { missing, findings: [] };
  const start = end - p.days! * DAY;
  // An 'out' whose next passage is after 05:00 of the next day is a night away; nights =
  // days between. Only nights whose morning lies inside the data (the last evening is not judged).
  const episodes = sql`(select e.student_no, e.student_name, e.unit_id, e.occurred_at as out_at, e.next_at,
        (e.occurred_at + ${CN_SQL}) / ${DAY_SQL} as out_day,
        (coalesce(e.next_at, ${end}) + ${CN_SQL} - ${FIVE_SQL}) / ${DAY_SQL} - (e.occurred_at + ${CN_SQL}) / ${DAY_SQL} as nights
      from (select g.student_no, g.student_name, g.unit_id, g.direction, g.occurred_at,
              lead(g.occurred_at) over (partition by g.student_no order by g.occurred_at, g.event_id) as next_at
            from ${t('mj_gate_event')} g where g.occurred_at > ${start - DAY}) e
      where e.direction = 'out' and e.occurred_at > ${start}) n`;
  const where = sql`n.nights >= 1 and not exists (select 1 from ew_leave l where l.student_no = n.student_no
      and n.out_day between l.start_day and l.end_day)`;
  const { rows } = await sql<Aggregate>`select n.student_no as "studentNo", max(n.student_name) as "studentName",
      max(n.unit_id) as "collegeId", sum(n.nights) as n
    from ${episodes} where ${where}
    group by n.student_no having sum(n.nights) >= ${p.min!} order by n.student_no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (nos) => sql`select n.student_no as "studentNo", n.out_at as "outAt", n.next_at as "backAt", n.nights as "nights"
      from ${episodes} where ${where} and n.student_no in (${inList(nos)}) order by n.student_no, n.out_at desc`,
  );
  return {
    missing,
    findings: findings(rows, ev, weekOf(end), (a) => `近${p.days}天夜不归宿 ${num(a.n)} 晚（阈值 ${p.min} 晚）`),
  };
}

async function disContact(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['mj_gate_event', 'ykt_txn']);
  if (missing.length) return { missing, findings: [] };
  // Campus-network sessions are a sign too (an intern off campus is online through the VPN); without
  // that table the rule still runs on gate and card and reports it missing.
  const net = !(await present(app, db, ['wl_auth_session'])).length;
  if (!net) missing.push('wl_auth_session');
  const gateEnd = await maxOf(db, 'mj_gate_event', 'occurred_at');
  const cardEnd = await maxOf(db, 'ykt_txn', 'occurred_at');
  if (gateEnd === null || cardEnd === null) return { missing, findings: [] };
  const netEnd = net ? await maxOf(db, 'wl_auth_session', 'login_at') : null;
  const end = Math.max(gateEnd, cardEnd, netEnd ?? 0);
  const cutoff = end - p.days! * DAY;
  const since = cutoff - 7 * DAY;
  // Last sign of a student: a gate passage, a card payment or a network login; students only (app_user).
  const netLast = net
    ? sql`union all
        select w.student_no as no, w.student_name as name, w.unit_id as unit, max(w.login_at) as at
          from ${t('wl_auth_session')} w group by w.student_no, w.student_name, w.unit_id`
    : sql``;
  const last = sql`(select s.no, max(s.name) as name, max(s.unit) as unit, max(s.at) as at from (
        select g.student_no as no, g.student_name as name, g.unit_id as unit, max(g.occurred_at) as at
          from ${t('mj_gate_event')} g group by g.student_no, g.student_name, g.unit_id
        union all
        select c.holder_no as no, c.holder_name as name, c.unit_id as unit, max(c.occurred_at) as at
          from ${t('ykt_txn')} c group by c.holder_no, c.holder_name, c.unit_id
        ${netLast}) s
      group by s.no) x`;
  const { rows } =
    await sql<Aggregate>`select x.no as "studentNo", x.name as "studentName", x.unit as "collegeId", x.at as x
    from ${last} join app_user u on u.user_no = x.no and u.kind = 'student'
    where x.at < ${cutoff} and not exists (select 1 from ew_leave l where l.student_no = x.no
      and ${Math.floor((end + CN) / DAY)} between l.start_day and l.end_day + 1)
    order by x.no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (nos) => {
      const netRows = net
        ? sql`union all
        select w.student_no as "studentNo", '网络' as "source", w.login_at as "at", w.ap as "what"
          from ${t('wl_auth_session')} w where w.student_no in (${inList(nos)}) and w.login_at > ${since}`
        : sql``;
      return sql`select * from (
        select g.student_no as "studentNo", '门禁' as "source", g.occurred_at as "at", g.direction as "what"
          from ${t('mj_gate_event')} g where g.student_no in (${inList(nos)}) and g.occurred_at > ${since}
        union all
        select c.holder_no as "studentNo", '一卡通' as "source", c.occurred_at as "at", c.merchant_name as "what"
          from ${t('ykt_txn')} c where c.holder_no in (${inList(nos)}) and c.occurred_at > ${since}
        ${netRows}) z
      order by "studentNo", "at" desc`;
    },
  );
  return {
    missing,
    findings: findings(rows, ev, weekOf(end), (a) => {
      const days = Math.floor((end - num(a.x)) / DAY);
      const what = net ? '门禁、一卡通与上网记录' : '门禁与一卡通记录';
      return `已 ${days} 天无${what}（最后一次 ${dateOf(num(a.x))} ${timeOf(num(a.x))}，阈值 ${p.days} 天）`;
    }),
  };
}

/** Canteen meals outside the crowds: breakfast 07:00–08:30, lunch 11:30–12:50, dinner 17:10–18:50 are peaks. */
const offPeak = (col: RawBuilder<unknown>) => {
  const m = sql`((${col} + ${CN_SQL}) % ${DAY_SQL}) / 60000`;
  return sql`not ((${m} >= 420 and ${m} < 510) or (${m} >= 690 and ${m} < 770) or (${m} >= 1030 and ${m} < 1130))`;
};

async function solitary(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['ykt_txn']);
  if (missing.length) return { missing, findings: [] };
  const end = await maxOf(db, 'ykt_txn', 'occurred_at');
  if (end === null) return { missing, findings: [] };
  const start = end - p.days! * DAY;
  const meals = sql`c.kind = 'canteen' and c.occurred_at > ${start} and c.occurred_at <= ${end}`;
  const alone = offPeak(sql.ref('c.occurred_at'));
  const { rows } = await sql<Aggregate>`select c.holder_no as "studentNo", max(c.holder_name) as "studentName",
      max(c.unit_id) as "collegeId", count(*) as n, sum(case when ${alone} then 1 else 0 end) as x
    from ${t('ykt_txn')} c join app_user u on u.user_no = c.holder_no and u.kind = 'student'
    where ${meals}
    group by c.holder_no having count(*) >= ${p.meals!}
      and sum(case when ${alone} then 1 else 0 end) * 100 >= ${p.share!} * count(*)
    order by c.holder_no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (nos) => sql`select c.holder_no as "studentNo", c.occurred_at as "at", c.merchant_name as "merchant"
      from ${t('ykt_txn')} c where ${meals} and ${alone} and c.holder_no in (${inList(nos)})
      order by c.holder_no, c.occurred_at desc`,
  );
  return {
    missing,
    findings: findings(rows, ev, weekOf(end), (a) => {
      const share = Math.round((num(a.x) * 100) / num(a.n));
      return `近${p.days}天食堂用餐 ${num(a.n)} 次，其中 ${share}% 在非高峰时段独自用餐（阈值 ${p.share}%）`;
    }),
  };
}

async function funding(app: FastifyInstance, db: Conn, p: Params): Promise<RuleResult> {
  const missing = await present(app, db, ['ykt_txn']);
  if (missing.length) return { missing, findings: [] };
  const end = await maxOf(db, 'ykt_txn', 'occurred_at');
  if (end === null) return { missing, findings: [] };
  const start = end - p.days! * DAY;
  const meals = sql`c.kind = 'canteen' and c.occurred_at > ${start} and c.occurred_at <= ${end}`;
  const days = sql`count(distinct (c.occurred_at + ${CN_SQL}) / ${DAY_SQL})`;
  const { rows } = await sql<Aggregate>`select c.holder_no as "studentNo", max(c.holder_name) as "studentName",
      max(c.unit_id) as "collegeId", count(*) as n, -sum(c.amount) / ${days} as x
    from ${t('ykt_txn')} c join app_user u on u.user_no = c.holder_no and u.kind = 'student'
    where ${meals}
    group by c.holder_no having count(*) >= ${p.meals!} and -sum(c.amount) < ${p.daily!} * ${days}
    order by c.holder_no`.execute(db);
  const ev = await evidenceOf(
    db,
    rows.map((r) => r.studentNo),
    (nos) => sql`select c.holder_no as "studentNo", c.occurred_at as "at", c.merchant_name as "merchant",
        -c.amount as "amount"
      from ${t('ykt_txn')} c where ${meals} and c.holder_no in (${inList(nos)})
      order by c.holder_no, c.occurred_at desc`,
  );
  return {
    missing,
    findings: findings(
      rows,
      ev,
      weekOf(end),
      (a) => `近${p.days}天食堂用餐 ${num(a.n)} 次，日均食堂消费低于 ${p.daily} 元`,
      (a) => Math.round(num(a.x) * 100) / 100,
    ),
  };
}

export const RULES: Record<RuleList, (app: FastifyInstance, db: Conn, p: Params) => Promise<RuleResult>> = {
  absentWarning: absent,
  studyWarning: study,
  lateBackWarning: lateBack,
  unBackWarning: unBack,
  disContactWarning: disContact,
  solitaryWarning: solitary,
  preciseFunding: funding,
};

/** What each list's evidence columns are, in order (the detail page's table). */
export const EVIDENCE_COLUMNS: Record<RuleList, { key: string; title: string }[]> = {
  absentWarning: [
    { key: 'date', title: '上课日期' },
    { key: 'week', title: '周次' },
    { key: 'course', title: '课程代码' },
    { key: 'period', title: '节次' },
    { key: 'status', title: '考勤' },
  ],
  studyWarning: [
    { key: 'term', title: '学期' },
    { key: 'course', title: '课程' },
    { key: 'credit', title: '学分' },
    { key: 'score', title: '成绩' },
    { key: 'examKind', title: '考试性质' },
  ],
  lateBackWarning: [
    { key: 'at', title: '进楼时间' },
    { key: 'building', title: '楼栋' },
    { key: 'gate', title: '门禁' },
    { key: 'method', title: '识别方式' },
  ],
  unBackWarning: [
    { key: 'outAt', title: '出楼时间' },
    { key: 'backAt', title: '再次进楼' },
    { key: 'nights', title: '未归（晚）' },
  ],
  disContactWarning: [
    { key: 'source', title: '来源' },
    { key: 'at', title: '时间' },
    { key: 'what', title: '记录' },
  ],
  solitaryWarning: [
    { key: 'at', title: '用餐时间' },
    { key: 'merchant', title: '食堂' },
  ],
  preciseFunding: [
    { key: 'at', title: '用餐时间' },
    { key: 'merchant', title: '食堂' },
    { key: 'amount', title: '金额（元）' },
  ],
};
