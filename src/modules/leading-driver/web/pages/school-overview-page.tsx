import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchSchoolOverview } from '../../api';
import type { SchoolOverview } from '../../contract';
import { bars, daily, DARK, hbars, ring } from '../../components/options';
import { bytes, count, percent, stamp, yuan } from '../../components/format';
import { FillChart, Kpi, Panel } from '../components/panel';
import { ScreenHeader } from '../components/screen-header';
import s from '../components/screen.module.css';

/** The screen refreshes itself: syncs land every half hour, the aggregates within five minutes after. */
const REFRESH_MS = 5 * 60_000;

/**
 * /leadingDriver/leadingDriverIndex — 综合校情: the whole school on one dark 1920×1080 screen
 * (students, staff, teaching, research, payroll, dorms, card spending, library, campus network),
 * one call for every panel; a panel whose data table is missing shows 暂无数据.
 */
export default function SchoolOverviewPage() {
  const q = useQuery({
    queryKey: ['leading-driver', 'overview'],
    queryFn: () => fetchSchoolOverview().then((r) => r.data),
    refetchInterval: REFRESH_MS,
  });
  return (
    <div className={s.screen}>
      <div className={s.frame}>
        <ScreenHeader title="综合校情" current="/leadingDriver/leadingDriverIndex" updatedAt={q.data?.generatedAt} />
        {q.isError && !q.data ? (
          <div className={s.error} role="alert">
            {(q.error as Error)?.message || '综合校情读取失败'}
          </div>
        ) : (
          <Body d={q.data} />
        )}
      </div>
    </div>
  );
}

function Body({ d }: { d: SchoolOverview | undefined }) {
  const o = useMemo(() => (d ? options(d) : null), [d]);
  const st = d?.students;
  const sf = d?.staff;
  const te = d?.teaching;
  const re = d?.research;
  const pa = d?.payroll;
  const dm = d?.dorms;
  const ca = d?.card;
  const li = d?.library;
  const ne = d?.network;
  const dash = '—';
  return (
    <>
      <div className={s.kpis}>
        <Kpi
          label="在校学生"
          value={st ? count(st.total) : dash}
          note={st?.newest ? `${st.newest.grade}级 ${count(st.newest.count)} 人` : undefined}
        />
        <Kpi
          label="教职工"
          value={sf ? count(sf.total) : dash}
          note={sf ? (sf.source === 'rs_staff' ? '人事系统在职' : '组织机构账号') : undefined}
        />
        <Kpi
          label="本学期课程 / 教学班"
          value={te ? `${count(te.courses)} / ${count(te.sections)}` : dash}
          note={te?.term}
        />
        <Kpi
          label="本周出勤率"
          value={te?.attendance ? percent(te.attendance.rate) : dash}
          note={te?.attendance ? `第${te.attendance.week}周 缺勤 ${count(te.attendance.absences)} 人次` : undefined}
        />
        <Kpi
          label="科研项目 / 经费"
          value={re ? `${count(re.projects)} 项` : dash}
          note={re ? `${re.funding.toFixed(1)} 万元` : undefined}
        />
        <Kpi
          label="床位入住率"
          value={dm ? percent(dm.occupied / dm.beds) : dash}
          note={dm ? `空床 ${count(dm.free)} 张` : undefined}
        />
        <Kpi
          label="近30天一卡通消费"
          value={ca ? yuan(ca.total) : dash}
          note={ca ? `${count(ca.payments)} 笔` : undefined}
        />
        <Kpi
          label="在借图书"
          value={li ? count(li.onLoan) : dash}
          note={li ? `逾期 ${count(li.overdue)} 册` : undefined}
        />
        <Kpi
          label="月度实发工资"
          value={pa ? yuan(pa.net) : dash}
          note={pa ? `${pa.month} · ${count(pa.headcount)} 人` : undefined}
        />
      </div>
      <div className={s.grid}>
        <Panel title="各学院在校生" empty={!st} extra={st ? `共 ${count(st.total)} 人` : undefined}>
          {o?.students && <FillChart option={o.students} label="各学院在校生人数" />}
        </Panel>
        <Panel
          title="一卡通消费趋势（近30天）"
          empty={!ca}
          extra={ca ? `截至 ${ca.daily.at(-1)?.day ?? ''}` : undefined}
        >
          {o?.card && <FillChart option={o.card} label="每日一卡通消费金额" />}
        </Panel>
        <Panel
          title="科研项目"
          empty={!re}
          extra={re ? `论文 ${re.papers ?? dash} 篇 · 获奖 ${re.awards ?? dash} 项` : undefined}
        >
          {o?.research && <FillChart option={o.research} label="各级别科研项目数与经费" />}
        </Panel>
        <Panel
          title="学生构成"
          empty={!st}
          extra={st ? st.byKind.map((k) => `${k.name} ${count(k.value)}`).join(' · ') : undefined}
        >
          {o?.grades && <FillChart option={o.grades} label="各年级在校生" />}
        </Panel>
        <Panel title="消费地点排行（近30天）" empty={!ca || !ca.byPlace.length}>
          {o?.places && <FillChart option={o.places} label="各消费地点消费金额" />}
        </Panel>
        <Panel
          title="宿舍床位"
          empty={!dm}
          extra={dm ? `床位 ${count(dm.beds)} · 入住 ${count(dm.occupied)}` : undefined}
        >
          {o?.dorms && <FillChart option={o.dorms} label="各宿舍楼入住与空床" />}
        </Panel>
        <Panel
          title="教职工职称"
          empty={!sf || (!sf.byTitle.length && !sf.byDepartment.length)}
          extra={sf ? `共 ${count(sf.total)} 人` : undefined}
        >
          {o?.staff && <FillChart option={o.staff} label="教职工职称或部门分布" />}
        </Panel>
        <Panel
          title="校园网（近30天）"
          empty={!ne}
          extra={ne ? `会话 ${count(ne.sessions)} · 流量 ${bytes(ne.bytes)}` : undefined}
        >
          {o?.network && <FillChart option={o.network} label="每日上网会话与人数" />}
        </Panel>
        <Panel title="图书借阅与薪酬" empty={!li && !pa}>
          <div className={s.figures}>
            {li && (
              <>
                <span>
                  借阅总量<b>{count(li.loans)}</b>
                </span>
                <span>
                  在借<b>{count(li.onLoan)}</b>
                </span>
                <span>
                  逾期未还<b>{count(li.overdue)}</b>
                </span>
                {li.books !== null && (
                  <span>
                    馆藏复本<b>{count(li.books)}</b>
                  </span>
                )}
              </>
            )}
            {!li && <span>图书借阅：暂无数据</span>}
          </div>
          <div style={{ position: 'absolute', inset: '34px 0 0 0' }}>
            {o?.payroll ? (
              <FillChart option={o.payroll} label="月度实发工资" />
            ) : (
              <div className={s.empty}>薪酬：暂无数据</div>
            )}
          </div>
        </Panel>
      </div>
      {d?.aggregatedAt === null && (ca === null || ne === null) && d.missing.length < 16 ? (
        <span style={{ position: 'fixed', right: 12, bottom: 4, fontSize: 12, color: '#6f8bb3' }}>
          流水汇总尚未生成，稍后自动刷新
        </span>
      ) : d?.aggregatedAt ? (
        <span style={{ position: 'fixed', right: 12, bottom: 2, fontSize: 12, color: '#6f8bb3' }}>
          流水汇总于 {stamp(d.aggregatedAt)}
        </span>
      ) : null}
    </>
  );
}

/** Chart options of the panels that have data. */
function options(d: SchoolOverview) {
  const L = DARK;
  return {
    students: d.students ? hbars(d.students.byCollege, L, '在校生', 12, '人') : null,
    grades: d.students
      ? ring(
          d.students.byGrade.map((g) => ({ name: `${g.name}级`, value: g.value })),
          L,
          '年级',
        )
      : null,
    staff: d.staff
      ? d.staff.byTitle.length
        ? ring(d.staff.byTitle, L, '职称')
        : hbars(d.staff.byDepartment, L, '教职工', 10, '人')
      : null,
    card: d.card ? daily(d.card.daily, L, '消费金额（元）', '消费笔数') : null,
    places: d.card?.byPlace.length ? hbars(d.card.byPlace, L, '消费金额', 10, '元') : null,
    network: d.network ? daily(d.network.daily, L, '上网会话', '在线人数') : null,
    research: d.research
      ? bars(
          d.research.byLevel.map((l) => l.name),
          [
            { name: '项目数', data: d.research.byLevel.map((l) => l.value) },
            { name: '经费（万元）', data: d.research.byLevel.map((l) => l.funding), yAxisIndex: 1 },
          ],
          L,
        )
      : null,
    dorms: d.dorms
      ? bars(
          d.dorms.byBuilding.map((b) => b.name),
          [
            { name: '入住', data: d.dorms.byBuilding.map((b) => b.occupied), stack: 'bed' },
            { name: '空床', data: d.dorms.byBuilding.map((b) => b.free), stack: 'bed' },
          ],
          L,
        )
      : null,
    payroll: d.payroll
      ? bars(
          d.payroll.trend.map((m) => m.name.slice(2)),
          [{ name: '实发（元）', data: d.payroll.trend.map((m) => m.value) }],
          L,
        )
      : null,
  };
}
