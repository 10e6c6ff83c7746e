import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { READY } from './protocol';
import { indexSearchDocs, type SearchDocInput } from '@/modules/portal-search/server/commands/search-index';

/**
 * The portal search under benchmark (issue 17), as its own process: the product on a temp SQLite
 * (migrated, no demo seed) whose index holds ITEMS service items and ARTICLES notices/news built
 * from a word pool, indexed through the same command the modules call. Prints
 * `BENCH_TARGET_READY {port, docs, indexSeconds}`; SIGTERM stops it and removes its data.
 */
export const ITEMS = Number(process.env.BENCH_SEARCH_ITEMS ?? 10_000);
export const ARTICLES = Number(process.env.BENCH_SEARCH_ARTICLES ?? 50_000);

const DEPTS = [
  '学生工作处',
  '教务处',
  '人事处',
  '财务处',
  '后勤保障处',
  '图书馆',
  '科学技术研究院',
  '数据中心',
  '国际交流处',
];
const ACTS = ['申请', '办理', '审批', '登记', '变更', '补办', '预约', '查询', '注销', '备案'];
const THINGS = [
  '请假',
  '校园卡',
  '在读证明',
  '成绩单',
  '宿舍',
  '奖学金',
  '助学贷款',
  '出国',
  '报销',
  '科研项目',
  '邮箱',
  '网络',
  '档案',
  '车辆通行',
  '会议室',
  '实验室',
  '教材',
  '学位证书',
  '户籍',
  '医保',
];
const WHO = ['学生', '教职工', '研究生', '本科生', '新生', '毕业生', '访客', '校友'];
const PHRASES = [
  '请于规定时间内通过网上办事大厅提交申请',
  '相关材料须加盖学院公章后提交至窗口',
  '具体安排以学院通知为准',
  '逾期未办理的视为自动放弃',
  '如有疑问请咨询相关部门值班电话',
  '办理结果将通过站内消息通知本人',
  '各单位要高度重视认真组织实施',
  '请广大师生相互转告',
];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

function item(i: number): SearchDocInput {
  // every (who, thing, act) combination appears: 8 × 20 × 10 = 1,600 names, numbered apart
  const title = `${pick(WHO, Math.floor(i / 200))}${pick(THINGS, i)}${pick(ACTS, Math.floor(i / 20))}`;
  return {
    kind: 'item',
    refId: i + 1,
    title: `${title}（${i + 1}）`,
    body: `${pick(DEPTS, i)}负责办理。${pick(PHRASES, i)}，${pick(PHRASES, i + 3)}。`,
    path: `/web/eventService/online?id=${i + 1}`,
    audience: i % 5 === 0 ? [`role:${(i % 7) + 1}`] : ['public'],
    weight: i % 97,
    departmentName: pick(DEPTS, i),
  };
}

function article(i: number): SearchDocInput {
  const thing = pick(THINGS, Math.floor(i / 7));
  const body = Array.from({ length: 6 }, (_, k) => pick(PHRASES, i + k)).join('，');
  return {
    kind: i % 3 === 0 ? 'news' : 'notice',
    refId: i + 1,
    title: `关于${pick(WHO, i + 2)}${thing}${pick(ACTS, i)}工作的通知（${i + 1}）`,
    body: `${pick(DEPTS, i + 1)}：${thing}相关事项说明如下。${body}。`,
    path: `/home/notice/${i + 1}`,
    audience: ['public'],
    departmentName: pick(DEPTS, i + 1),
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-portal-search-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_SOURCES: 'off',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  const app = await buildApp({ config, serveClient: false });
  const t0 = performance.now();
  const BATCH = 1000;
  for (let i = 0; i < ITEMS; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, ITEMS - i) }, (_, k) => item(i + k));
    await app.db.transaction().execute((tx) => indexSearchDocs(tx, docs));
  }
  for (let i = 0; i < ARTICLES; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, ARTICLES - i) }, (_, k) => article(i + k));
    await app.db.transaction().execute((tx) => indexSearchDocs(tx, docs));
  }
  const indexSeconds = (performance.now() - t0) / 1000;
  process.on('SIGTERM', () => {
    void app.close().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  console.log(`${READY} ${JSON.stringify({ port, docs: ITEMS + ARTICLES, indexSeconds })}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exit(1);
});
