import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { allFields, type FormField, type FormSchema, type FormValues, type LinkageRule } from '@/shared/forms/schema';
import { validateSubmission } from '@/shared/forms/validate';
import { evaluateLinkage } from '@/shared/forms/linkage';

/**
 * Issue 5's 200-field form: the desktop renderer (antd) rendered to a string with react-dom/server,
 * the submission check and one linkage evaluation, each timed against the same work on an empty
 * form in the same process. Node has no CSS: a loader hook turns the renderer's CSS-module imports
 * into class-name proxies, so the real components render as they do in the browser.
 */
export interface FormsRenderResult {
  fields: number;
  renderMs: number;
  emptyRenderMs: number;
  validateMs: number;
  emptyValidateMs: number;
  linkageMs: number;
  emptyLinkageMs: number;
}

const CSS_AS_PROXY = `
export async function load(url, context, next) {
  if (/\\.css(\\?|$)/.test(url)) {
    return { format: 'module', shortCircuit: true, source: 'export default new Proxy({}, { get: (_, k) => (typeof k === "string" ? k : undefined) });' };
  }
  return next(url, context);
}`;

let cssHooked = false;
function hookCss() {
  if (cssHooked) return;
  register(`data:text/javascript,${encodeURIComponent(CSS_AS_PROXY)}`);
  cssHooked = true;
}

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
  run(); // warm: module init, antd's style cache
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function benchFormsRender(rounds = 15): Promise<FormsRenderResult> {
  hookCss();
  const { FormRenderer } = await import('@/modules/forms/web/components/form-renderer/index');
  const { schema, values } = bigForm(200);
  const render = (s: FormSchema, v: FormValues) => () =>
    renderToString(createElement(FormRenderer, { schema: s, values: v, onChange: () => undefined }));
  // The figure means something only if every field really rendered.
  const html = render(schema, values)();
  const missing = allFields(schema).filter(
    (f) => f.type !== 'richText' && f.type !== 'divider' && !html.includes(`data-field="${f.id}"`),
  );
  if (missing.length) throw new Error(`the renderer left out ${missing.length} fields`);
  return {
    fields: 200,
    renderMs: median(render(schema, values), rounds),
    emptyRenderMs: median(render(EMPTY, {}), rounds * 4),
    validateMs: median(() => validateSubmission(schema, values), rounds * 4),
    emptyValidateMs: median(() => validateSubmission(EMPTY, {}), rounds * 40),
    linkageMs: median(() => evaluateLinkage(schema, values), rounds * 4),
    emptyLinkageMs: median(() => evaluateLinkage(EMPTY, {}), rounds * 40),
  };
}

// `tsx src/server/bench/forms-render.ts` runs this piece alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchFormsRender().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
