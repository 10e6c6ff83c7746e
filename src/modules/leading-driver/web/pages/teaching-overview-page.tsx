import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchTeachingOverview } from '../../api';
import { GRADE_BANDS, type TeachingOverview, type TeachingQuery } from '../../contract';
import { bars, DARK, hbars, rateRange } from '../../components/options';
import { count, percent } from '../../components/format';
import { FillChart, Kpi, Panel } from '../components/panel';
import { ScreenHeader } from '../components/screen-header';
import s from '../components/screen.module.css';

/**
 * /leadingDriver/teachingOverview — 教学概况: courses and sections by college, enrolments, grade bands
 * and failing rate of the latest graded term, attendance by college and by week, teachers' load;
 * filtered by term and college (one call per filter).
 */
export default function TeachingOverviewPage() {
  const [filter, setFilter] = useState<TeachingQuery>({});
  const q = useQuery({
    queryKey: ['leading-driver', 'teaching', filter],
    queryFn: () => fetchTeachingOverview(filter).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  return (
    <div className={s.screen}>
      <div className={s.frame}>
        <ScreenHeader title="教学概况" current="/leadingDriver/teachingOverview" />
        {q.isError && !d ? (
          <div className={s.error} role="alert">
            {(q.error as Error)?.message || '教学概况读取失败'}
          </div>
        ) : (
          <>
            <div className={s.kpis} style={{ gridTemplateColumns: '1.6fr repeat(5, 1fr)' }}>
              <div className={s.kpi}>
                <div className={s.filters}>
                  <label>
                    学期{' '}
                    <select
                      aria-label="学期"
                      value={filter.term ?? ''}
                      onChange={(e) => setFilter((f) => ({ ...f, term: e.target.value || undefined }))}
                    >
                      <option value="">最新学期</option>
                      {(d?.terms ?? []).map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    学院{' '}
                    <select
                      aria-label="学院"
                      value={filter.collegeId ?? ''}
                      onChange={(e) =>
                        setFilter((f) => ({ ...f, collegeId: e.target.value ? Number(e.target.value) : undefined }))
                      }
                    >
                      <option value="">全部学院</option>
                      {(d?.colleges ?? []).map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
                <div className={s.kpiNote} style={{ marginTop: 8 }}>
                  课表学期 {d?.term ?? '—'} · 成绩学期 {d?.gradeTerm ?? '—'}
                </div>
              </div>
              <Kpi label="开课门数" value={d?.totals ? count(d.totals.courses) : '—'} />
              <Kpi label="教学班" value={d?.totals ? count(d.totals.sections) : '—'} />
              <Kpi label="选课人次" value={d?.totals ? count(d.totals.enrolments) : '—'} />
              <Kpi label="任课教师" value={d?.totals ? count(d.totals.teachers) : '—'} />
              <Kpi label="不及格率" value={d?.grades ? percent(failRate(d)) : '—'} note={d?.gradeTerm ?? undefined} />
            </div>
            <Body d={d} />
          </>
        )}
      </div>
    </div>
  );
}

const failRate = (d: TeachingOverview) => {
  const total = d.grades!.reduce((a, g) => a + g.total, 0);
  return total ? d.grades!.reduce((a, g) => a + g.failed, 0) / total : 0;
};

function Body({ d }: { d: TeachingOverview | undefined }) {
  const o = useMemo(() => (d ? options(d) : null), [d]);
  return (
    <div className={s.gridTwo}>
      <Panel title="各学院开课与选课" empty={!d?.byCollege}>
        {o?.byCollege && <FillChart option={o.byCollege} label="各学院课程、教学班与选课人次" />}
      </Panel>
      <Panel title="成绩分布" empty={!d?.grades} extra={d?.gradeTerm ?? undefined}>
        {o?.grades && <FillChart option={o.grades} label="各学院成绩分段人次" />}
      </Panel>
      <Panel title="各学院不及格率" empty={!d?.grades}>
        {o?.failing && <FillChart option={o.failing} label="各学院不及格率" />}
      </Panel>
      <Panel title="各周出勤率" empty={!d?.attendanceByWeek}>
        {o?.weeks && <FillChart option={o.weeks} label="各周出勤率" />}
      </Panel>
      <Panel title="各学院出勤率" empty={!d?.attendanceByCollege}>
        {o?.colleges && <FillChart option={o.colleges} label="各学院出勤率" />}
      </Panel>
      <Panel title="教师授课负荷（前15）" empty={!d?.teachers?.length}>
        <div style={{ position: 'absolute', inset: 0, overflow: 'auto' }}>
          <table className={s.table}>
            <thead>
              <tr>
                <th>工号</th>
                <th>教师</th>
                <th>教学班</th>
                <th>周学时</th>
                <th>授课人次</th>
              </tr>
            </thead>
            <tbody>
              {(d?.teachers ?? []).map((t) => (
                <tr key={t.teacherNo}>
                  <td>{t.teacherNo}</td>
                  <td>{t.name}</td>
                  <td>{t.sections}</td>
                  <td>{t.weeklyPeriods}</td>
                  <td>{count(t.students)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}

const pct = (r: number) => Math.round(r * 1000) / 10;

function options(d: TeachingOverview) {
  const L = DARK;
  return {
    byCollege: d.byCollege
      ? bars(
          d.byCollege.map((c) => c.name),
          [
            { name: '课程', data: d.byCollege.map((c) => c.courses) },
            { name: '教学班', data: d.byCollege.map((c) => c.sections) },
            { name: '选课人次(百)', data: d.byCollege.map((c) => Math.round(c.enrolments / 10) / 10) },
          ],
          L,
        )
      : null,
    grades: d.grades
      ? bars(
          d.grades.map((g) => g.name),
          GRADE_BANDS.map((band, i) => ({ name: band, data: d.grades!.map((g) => g.bands[i]!), stack: 'g' })),
          L,
        )
      : null,
    failing: d.grades
      ? hbars(
          d.grades.map((g) => ({ name: g.name, value: pct(g.failRate) })),
          L,
          '不及格率',
          12,
          '%',
        )
      : null,
    weeks: d.attendanceByWeek
      ? bars(
          d.attendanceByWeek.map((w) => w.key),
          [{ name: '出勤率(%)', data: d.attendanceByWeek.map((w) => pct(w.rate)) }],
          L,
          rateRange(d.attendanceByWeek.map((w) => pct(w.rate))),
        )
      : null,
    colleges: d.attendanceByCollege
      ? hbars(
          d.attendanceByCollege.map((c) => ({ name: c.key, value: pct(c.rate) })),
          L,
          '出勤率',
          12,
          '%',
          rateRange(d.attendanceByCollege.map((c) => pct(c.rate))),
        )
      : null,
  };
}
