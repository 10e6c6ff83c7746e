import type { GenContext } from './context';
import type { DemoPerson } from './people';
import { dateInYears, pad, personRng, round2, rngFor, weighted } from './random-helpers';
import type { SourceFile } from './sqlite-file';
import { staffProfile } from './staff-profile';
import { isoDate } from './term';

const FUNDERS = [
  ['国家自然科学基金面上项目', '国家级', 50, 80],
  ['国家自然科学基金青年科学基金项目', '国家级', 20, 30],
  ['国家社会科学基金一般项目', '国家级', 20, 35],
  ['教育部人文社会科学研究项目', '省部级', 8, 12],
  ['省自然科学基金项目', '省部级', 10, 20],
  ['省重点研发计划项目', '省部级', 50, 200],
  ['市科技计划项目', '市厅级', 5, 20],
  ['企业委托技术开发项目', '横向', 10, 120],
] as const;
const TOPICS: Record<string, readonly string[]> = {
  '01': ['大模型推理加速', '联邦学习隐私保护', '图神经网络', '边缘计算任务调度', '软件缺陷预测', '知识图谱构建'],
  '02': ['复杂曲面数控加工', '新能源汽车热管理', '协作机器人柔顺控制', '齿轮传动故障诊断', '增材制造工艺'],
  '03': ['二语习得', '口译认知负荷', '中华文化对外传播', '语料库翻译学', '日语敬语习得'],
  '04': ['数字经济与企业创新', '供应链金融风险', 'ESG信息披露', '乡村振兴与农村金融', '平台经济治理'],
  '05': ['新能源并网稳定性', '电机驱动控制', '智能电网调度', '电力电子变换器', '无线电能传输'],
  '06': ['装配式建筑结构', '绿色建筑节能', '城市更新', '隧道围岩稳定性', '建筑信息模型'],
  '07': ['高熵合金', '锂电池正极材料', '可降解高分子材料', '钙钛矿太阳能电池', '耐蚀涂层'],
  '08': ['非线性偏微分方程', '拓扑量子材料', '催化剂表面反应', '随机微分方程数值方法', '光子晶体'],
  '09': ['数据合规与个人信息保护', '基层社会治理', '网络文学研究', '社会工作干预', '行政诉讼'],
  '10': ['非遗文化创意设计', '适老化产品设计', '城市公共空间设计', '交互设计', '品牌视觉设计'],
};
const JOURNALS = [
  ['IEEE Transactions on Industrial Electronics', 'SCI'],
  ['Expert Systems with Applications', 'SCI'],
  ['Journal of Cleaner Production', 'SCI'],
  ['Materials & Design', 'SCI'],
  ['计算机学报', 'EI'],
  ['机械工程学报', 'EI'],
  ['土木工程学报', 'EI'],
  ['管理世界', 'CSSCI'],
  ['外语教学与研究', 'CSSCI'],
  ['法学研究', 'CSSCI'],
  ['装饰', '北大核心'],
  ['华夏理工大学学报', '普通期刊'],
] as const;
const AWARDS = [
  ['省科学技术进步奖', '省部级'],
  ['省自然科学奖', '省部级'],
  ['省高等教育教学成果奖', '省部级'],
  ['市科学技术奖', '市厅级'],
  ['中国专利优秀奖', '国家级'],
] as const;

/** 科研系统: research projects with members and funding, papers and awards of the colleges' teachers. */
export function writeKeyan(f: SourceFile, ctx: GenContext): void {
  const rng = rngFor('keyan');
  const researchers = ctx.people.staff.filter((s) => s.unit.kind === 'college' && staffProfile(s).teaches);
  const asOfDate = isoDate(ctx.asOf);
  const topic = (p: DemoPerson) => rng.pick(TOPICS[p.unit.code.replace(/\D/g, '')] ?? TOPICS['01']!);
  const colleagues = (p: DemoPerson) => researchers.filter((r) => r.unit.id === p.unit.id && r.userNo !== p.userNo);

  const projects: unknown[][] = [];
  const members: unknown[][] = [];
  const papers: unknown[][] = [];
  const awards: unknown[][] = [];
  for (const p of researchers) {
    const own = personRng(p.userNo + 'research');
    const senior = ['教授', '副教授'].includes(staffProfile(p).title);
    const nProjects = own.chance(senior ? 0.8 : 0.35) ? own.int(1, senior ? 3 : 1) : 0;
    for (let i = 0; i < nProjects; i++) {
      const [funder, level, lo, hi] = weighted(
        rng,
        FUNDERS.map((x, k) => [x, k === 1 || k === 6 || k === 7 ? 3 : 2] as const),
      );
      const start = dateInYears(rng, 2020, 2026);
      const years = rng.int(2, 4);
      // 29 February plus whole years: 28 February, a date in any year.
      const end = `${Number(start.slice(0, 4)) + years}${start.slice(4) === '-02-29' ? '-02-28' : start.slice(4)}`;
      const no = `KY${start.slice(0, 4)}${pad(projects.length + 1, 4)}`;
      const status = start > asOfDate ? '立项' : end < asOfDate ? (rng.chance(0.9) ? '已结题' : '延期') : '在研';
      projects.push([
        no,
        `${topic(p)}${rng.pick(['关键技术研究', '机理与方法研究', '理论与应用研究', '若干问题研究'])}`,
        p.userNo,
        p.name,
        p.unit.id,
        p.unit.name,
        level,
        funder,
        round2(rng.int(lo, hi) + rng.int(0, 9) / 10),
        start,
        end,
        status,
      ]);
      members.push([no, p.userNo, p.name, '负责人', 1]);
      const pool = colleagues(p);
      for (let k = 0; k < Math.min(pool.length, rng.int(1, 4)); k++) {
        const m = rng.pick(pool);
        if (!members.some((x) => x[0] === no && x[1] === m.userNo))
          members.push([no, m.userNo, m.name, '参与人', k + 2]);
      }
    }
    const nPapers = own.int(0, senior ? 5 : 2);
    for (let i = 0; i < nPapers; i++) {
      const [journal, indexed] = rng.pick(JOURNALS);
      const published = dateInYears(rng, 2022, 2026);
      if (published > asOfDate) continue;
      papers.push([
        papers.length + 1,
        `${topic(p)}的${rng.pick(['研究', '方法', '实证分析', '建模与仿真', '综述'])}`,
        p.userNo,
        p.name,
        p.unit.id,
        journal,
        indexed,
        published,
        `10.${rng.int(1000, 9999)}/hxlg.${published.slice(0, 4)}.${pad(papers.length + 1, 5)}`,
      ]);
    }
    if (own.chance(senior ? 0.15 : 0.03)) {
      const [name, level] = rng.pick(AWARDS);
      const date = dateInYears(rng, 2021, 2025);
      awards.push([
        awards.length + 1,
        name,
        level,
        weighted(rng, [
          ['一等奖', 1],
          ['二等奖', 3],
          ['三等奖', 4],
        ]),
        p.userNo,
        p.name,
        p.unit.id,
        date,
      ]);
    }
  }

  f.table(
    'project',
    `CREATE TABLE project (project_no TEXT PRIMARY KEY, title TEXT NOT NULL, leader_no TEXT NOT NULL,
      leader_name TEXT NOT NULL, unit_id INTEGER NOT NULL, unit_name TEXT NOT NULL, level TEXT NOT NULL,
      funder TEXT NOT NULL, funding REAL NOT NULL, start_date TEXT NOT NULL, end_date TEXT NOT NULL, status TEXT NOT NULL)`,
    [
      'project_no',
      'title',
      'leader_no',
      'leader_name',
      'unit_id',
      'unit_name',
      'level',
      'funder',
      'funding',
      'start_date',
      'end_date',
      'status',
    ],
    projects,
    'CREATE INDEX project_unit ON project (unit_id)',
  );
  f.table(
    'project_member',
    `CREATE TABLE project_member (project_no TEXT NOT NULL, staff_no TEXT NOT NULL, name TEXT NOT NULL,
      role TEXT NOT NULL, rank INTEGER NOT NULL, PRIMARY KEY (project_no, staff_no))`,
    ['project_no', 'staff_no', 'name', 'role', 'rank'],
    members,
  );
  f.table(
    'paper',
    `CREATE TABLE paper (paper_id INTEGER PRIMARY KEY, title TEXT NOT NULL, first_author_no TEXT NOT NULL,
      first_author TEXT NOT NULL, unit_id INTEGER NOT NULL, journal TEXT NOT NULL, indexed_by TEXT NOT NULL,
      published_date TEXT NOT NULL, doi TEXT NOT NULL)`,
    [
      'paper_id',
      'title',
      'first_author_no',
      'first_author',
      'unit_id',
      'journal',
      'indexed_by',
      'published_date',
      'doi',
    ],
    papers,
  );
  f.table(
    'award',
    `CREATE TABLE award (award_id INTEGER PRIMARY KEY, name TEXT NOT NULL, level TEXT NOT NULL, grade TEXT NOT NULL,
      staff_no TEXT NOT NULL, staff_name TEXT NOT NULL, unit_id INTEGER NOT NULL, awarded_date TEXT NOT NULL)`,
    ['award_id', 'name', 'level', 'grade', 'staff_no', 'staff_name', 'unit_id', 'awarded_date'],
    awards,
  );
}
