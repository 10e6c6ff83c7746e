import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@/core/testing/chromium';
import type { FormField, FormSchema, FormValues, LinkageRule } from '@/shared/forms/schema';
import { validateSubmission } from '@/shared/forms/validate';
import { evaluateLinkage } from '@/shared/forms/linkage';

/**
 * Issue 15's form line: the fill page (/web/eventService/formWrite) of a 200-field form in real
 * Chromium against the built app, with a 10-field form of the same kinds as the baseline, plus the
 * submission check and one linkage evaluation in Node against an empty form.
 *
 * Per page load (a fresh browser profile each time, so scripts come from the server as on a first
 * visit): `ready` = from navigation to the frame that shows a character typed into the first field,
 * typed as soon as that field is in the page (so a page still busy mounting answers it late);
 * `all` = until the last field is in the page; then on the whole form, the keystroke latency (an
 * input event to the frame after it, median of several). Medians over the rounds, big and baseline
 * alternating. The budget (issue 15): the 200-field page ready at most 300 ms after the 10-field
 * one, and at most 0.5 ms per extra field.
 */
export interface FormsRenderResult {
  fields: number;
  baseFields: number;
  rounds: number;
  /** Medians, ms. */
  readyMs: number;
  baseReadyMs: number;
  allMs: number;
  baseAllMs: number;
  /** Of the big form's rounds, those whose first keystroke came before the last field was mounted. */
  earlyKeys: number;
  keyMs: number;
  baseKeyMs: number;
  validateMs: number;
  emptyValidateMs: number;
  linkageMs: number;
  emptyLinkageMs: number;
}

export const FILL_BUDGET = { extraReadyMs: 300, perFieldMs: 0.5 };

/** The page's extra ready time over the baseline, per extra field. */
export const perFieldMs = (r: FormsRenderResult) => (r.readyMs - r.baseReadyMs) / (r.fields - r.baseFields);
export const withinBudget = (r: FormsRenderResult) =>
  r.readyMs - r.baseReadyMs <= FILL_BUDGET.extraReadyMs && perFieldMs(r) <= FILL_BUDGET.perFieldMs;

const OPTIONS = Array.from({ length: 8 }, (_, i) => ({ label: `选项${i + 1}`, value: `o${i + 1}` }));
const REGIONS = [
  { label: '浙江省', value: 'zj' },
  { label: '杭州市', value: 'hz', parent: 'zj' },
  { label: '西湖区', value: 'xh', parent: 'hz' },
  { label: '江苏省', value: 'js' },
  { label: '南京市', value: 'nj', parent: 'js' },
];

/** One field of each kind in turn, with the properties that make its renderer and check do real work. */
function fieldAt(i: number): FormField {
  const id = `f${i}`;
  const kinds: Array<() => FormField> = [
    () => ({
      id,
      type: 'text',
      label: `姓名${i}`,
      required: true,
      maxLength: 40,
      pattern: '^\\S+$',
      patternMessage: '不能含空格',
    }),
    () => ({ id, type: 'textarea', label: `说明${i}`, maxLength: 500, help: '<p>请写清<strong>原因</strong></p>' }),
    () => ({ id, type: 'number', label: `数量${i}`, min: 0, max: 1000, precision: 1, unit: '个' }),
    () => ({ id, type: 'money', label: `金额${i}`, min: 0 }),
    () => ({ id, type: 'date', label: `日期${i}` }),
    () => ({ id, type: 'datetime', label: `时间${i}` }),
    () => ({ id, type: 'dateRange', label: `起止${i}` }),
    () => ({ id, type: 'select', label: `类型${i}`, options: OPTIONS, required: true }),
    () => ({ id, type: 'multiSelect', label: `多选${i}`, options: OPTIONS }),
    () => ({ id, type: 'radio', label: `单选${i}`, options: OPTIONS.slice(0, 4) }),
    () => ({ id, type: 'checkbox', label: `复选${i}`, options: OPTIONS.slice(0, 4) }),
    () => ({ id, type: 'switch', label: `开关${i}` }),
    () => ({ id, type: 'cascader', label: `地区${i}`, cascaderOptions: REGIONS }),
    () => ({ id, type: 'user', label: `人员${i}` }),
    () => ({ id, type: 'department', label: `部门${i}` }),
    () => ({ id, type: 'file', label: `附件${i}`, accept: ['pdf', 'docx'], maxSizeMb: 10 }),
    () => ({ id, type: 'image', label: `图片${i}`, maxCount: 3 }),
    () => ({ id, type: 'signature', label: `签名${i}` }),
    () => ({
      id,
      type: 'subTable',
      label: `明细${i}`,
      minRows: 0,
      maxRows: 20,
      sumColumns: ['amount'],
      columns: [
        { id: 'item', type: 'text', label: '项目', required: true },
        { id: 'amount', type: 'money', label: '金额' },
        { id: 'day', type: 'date', label: '日期' },
      ],
    }),
    () => ({ id, type: i % 2 ? 'richText' : 'divider', label: `分隔${i}`, content: '<p>以下内容<em>必填</em></p>' }),
  ];
  return kinds[i % kinds.length]!();
}

/** A filled value for a field (what a person submits). */
function valueFor(f: FormField, i: number): unknown {
  switch (f.type) {
    case 'text':
      return `张三${i}`;
    case 'textarea':
      return '因事请假，望批准。'.repeat(3);
    case 'number':
      return 12.5;
    case 'money':
      return '99.9';
    case 'date':
      return '2026-03-01';
    case 'datetime':
      return '2026-03-01 08:30:00';
    case 'dateRange':
      return '2026-03-01至2026-03-05';
    case 'select':
    case 'radio':
      return 'o2';
    case 'multiSelect':
    case 'checkbox':
      return ['o1', 'o3'];
    case 'switch':
      return true;
    case 'cascader':
      return ['zj', 'hz', 'xh'];
    case 'user':
    case 'department':
      return [{ id: 3, name: '李老师' }];
    case 'file':
    case 'image':
      return [{ id: `u${i}`, name: 'a.pdf', size: 1024, url: `/uploads/u${i}` }];
    case 'signature':
      return { id: `s${i}`, name: 'sign.png', size: 2048, url: `/uploads/s${i}` };
    case 'subTable':
      return Array.from({ length: 5 }, (_, r) => ({ item: `项目${r}`, amount: r * 10, day: '2026-03-02' }));
    default:
      return undefined;
  }
}

export function bigForm(count = 200): { schema: FormSchema; values: FormValues } {
  const fields = Array.from({ length: count }, (_, i) => fieldAt(i));
  const sections = Array.from({ length: Math.ceil(count / 20) }, (_, s) => ({
    id: `s${s}`,
    title: `第 ${s + 1} 部分`,
    columns: (s % 4) + 1,
    fields: fields.slice(s * 20, s * 20 + 20),
  }));
  // Rules: every select shows/requires the next text field, hides a sub-table, or sets a number.
  const rules: LinkageRule[] = fields
    .filter((f) => f.type === 'select')
    .map((f, k) => {
      const i = Number(f.id.slice(1));
      return {
        id: `r${k}`,
        match: k % 2 ? 'any' : 'all',
        conditions: [
          { field: f.id, op: 'eq', value: 'o2' },
          { field: `f${i - 5}`, op: 'notEmpty' },
        ],
        actions: [
          { type: 'require', targets: [`f${(i + 14) % count}`] },
          { type: 'setValue', targets: [`f${(i + 15) % count}`], value: 1 },
        ],
      };
    });
  const values: FormValues = {};
  for (const f of fields) {
    const v = valueFor(f, Number(f.id.slice(1)));
    if (v !== undefined) values[f.id] = v;
  }
  return { schema: { format: 1, sections, rules, submitText: '提交' }, values };
}

const EMPTY: FormSchema = { format: 1, sections: [{ id: 's0', title: '', columns: 1, fields: [] }], rules: [] };

function median(run: () => void, rounds: number): number {
  run(); // warm
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  return middle(times);
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Installed before the page's own scripts: when the first and the last field appear, when typing shows. */
const probe = (last: string) => `
  window.__fill = { first: 0, all: 0, keyAt: 0, typed: 0 };
  new MutationObserver((_, mo) => {
    const b = window.__fill;
    if (!b.first && document.querySelector('[data-field="f0"] input')) b.first = performance.now();
    if (document.querySelector('[data-field="${last}"]')) { b.all = performance.now(); mo.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('keydown', (e) => { window.__fill.keyAt = window.__fill.keyAt || e.timeStamp; }, true);
  document.addEventListener('input', () => {
    if (!window.__fill.typed) requestAnimationFrame(() => { window.__fill.typed = window.__fill.typed || performance.now(); });
  }, true);
`;

interface Load {
  ready: number;
  all: number;
  key: number;
  /** Whether the first keystroke came while fields were still being mounted. */
  early: boolean;
}

/** Where the first field's input is on the page (the same for both forms: same header and layout). */
let firstInputAt: { x: number; y: number } | null = null;

/** One visit of the fill page in a fresh profile. */
async function visit(browser: Browser, url: string, last: string): Promise<Load> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1920, height: 1080 },
  });
  try {
    await context.addInitScript(probe(last));
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(url, { waitUntil: 'commit' });
    const first = page.locator('[data-field="f0"] input').first();
    await first.waitFor({ state: 'attached' });
    // A person's click and keystroke: input events, which the page handles before its own queued work.
    if (firstInputAt) await page.mouse.click(firstInputAt.x, firstInputAt.y);
    else await first.click();
    await page.keyboard.type('a');
    await page.waitForFunction(() => (window as unknown as { __fill: { typed: number } }).__fill.typed > 0);
    if (!firstInputAt) {
      const box = (await first.boundingBox())!;
      firstInputAt = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    await page.locator(`[data-field="${last}"]`).waitFor({ state: 'attached' });
    const b = await page.evaluate(
      () => (window as unknown as { __fill: { first: number; all: number; keyAt: number; typed: number } }).__fill,
    );
    if (await first.inputValue().then((v) => v !== 'a')) throw new Error('the keystroke did not reach the first field');
    if (process.env.BENCH_FORM_DEBUG) console.log(last, JSON.stringify(b));
    // Typing on the whole form: each input event to the frame after it.
    const key = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('[data-field="f0"] input')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const times: number[] = [];
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 7; i += 1) {
        const t = performance.now();
        setValue.call(input, `${input.value}x`);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[3]!;
    });
    // Ready: the first field is shown, and a keystroke typed then is on screen after this long.
    return { ready: b.first + (b.typed - b.keyAt), all: b.all, key, early: b.keyAt < b.all };
  } finally {
    await context.close();
  }
}

/** A throwaway server for the built client with the two forms published (public: no sign-in). */
async function formsServer(staticDir: string) {
  const { buildApp } = await import('../app');
  const { loadConfig } = await import('../config');
  const { seedFirstAdmin } = await import('../db/seed');
  const service = await import('@/modules/forms/server/service');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-fill-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEMO: '',
    DATABASE_URL: '',
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, serveClient: true, startJobs: false });
  await seedFirstAdmin(app.db);
  const publish = async (count: number) => {
    const admin = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const actor = { userId: admin.id, username: 'admin', realName: '系统管理员', ip: '127.0.0.1' };
    const name = `${count} 个字段的表单`;
    const common = { name, category: 'bench', access: 'public' as const };
    const { id } = await service.createForm(app, actor, common);
    const { schema } = bigForm(count);
    await service.saveForm(app, actor, { ...common, id, description: '', managerIds: [], schema });
    await service.publishForm(app, actor, id);
    return id;
  };
  const big = await publish(200);
  const base = await publish(10);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    page: (id: number) => `${origin}/web/eventService/formWrite?formId=${id}`,
    big,
    base,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchFormsRender(opts: { staticDir?: string; rounds?: number } = {}): Promise<FormsRenderResult> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const staticDir = opts.staticDir ?? process.env.BENCH_STATIC_DIR ?? path.join(root, 'dist');
  const rounds = opts.rounds ?? Number(process.env.BENCH_FORM_ROUNDS ?? 5);
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new Error(`no build in ${staticDir}: run vite build`);
  const { schema, values } = bigForm(200);
  const server = await formsServer(staticDir);
  const browser = await launchChromium();
  const big: Load[] = [];
  const base: Load[] = [];
  try {
    await visit(browser, server.page(server.base), 'f9'); // warm: the server's first answers, where to click
    for (let i = 0; i < rounds; i += 1) {
      base.push(await visit(browser, server.page(server.base), 'f9'));
      big.push(await visit(browser, server.page(server.big), 'f199'));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const of = (loads: Load[], k: 'ready' | 'all' | 'key') => middle(loads.map((l) => l[k]));
  return {
    fields: 200,
    baseFields: 10,
    rounds,
    readyMs: of(big, 'ready'),
    baseReadyMs: of(base, 'ready'),
    allMs: of(big, 'all'),
    baseAllMs: of(base, 'all'),
    earlyKeys: big.filter((l) => l.early).length,
    keyMs: of(big, 'key'),
    baseKeyMs: of(base, 'key'),
    validateMs: median(() => validateSubmission(schema, values), 60),
    emptyValidateMs: median(() => validateSubmission(EMPTY, {}), 600),
    linkageMs: median(() => evaluateLinkage(schema, values), 60),
    emptyLinkageMs: median(() => evaluateLinkage(EMPTY, {}), 600),
  };
}

// `tsx src/server/bench/forms-render.ts` runs this piece alone (exit code 1 over budget).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchFormsRender().then(
    (r) => {
      console.log(JSON.stringify({ ...r, perFieldMs: perFieldMs(r), withinBudget: withinBudget(r) }, null, 2));
      if (!withinBudget(r)) process.exitCode = 1;
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
