// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import type { FileRef, FormValues } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import { field, leaveSchema, OPTIONS, schemaOf } from '@/modules/forms/components/testing/sample-schemas';
import { MobileFormRenderer, type MobileFormRendererProps } from './index';

afterEach(cleanup);

function Harness(
  props: Omit<MobileFormRendererProps, 'values' | 'onChange'> & { initial?: FormValues; spy?: (v: FormValues) => void },
) {
  const { initial, spy, ...rest } = props;
  const [values, setValues] = useState<FormValues>(initial ?? {});
  return (
    <MobileFormRenderer
      {...rest}
      values={values}
      onChange={(v) => {
        setValues(v);
        spy?.(v);
      }}
    />
  );
}

const last = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)?.[0] as FormValues;
const cell = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`);
const input = (id: string) => document.querySelector<HTMLInputElement>(`[id$="-${id}"]`)!;

describe('phone form renderer', () => {
  it('hands back typed text without emoji and numbers as numbers, rounded on leaving', () => {
    const spy = vi.fn();
    render(<Harness schema={leaveSchema} spy={spy} />);
    fireEvent.change(input('name'), { target: { value: '李四😀' } });
    expect(last(spy).name).toBe('李四');
    fireEvent.change(input('days'), { target: { value: '2.54' } });
    expect(last(spy).days).toBe(2.54);
    fireEvent.blur(input('days'));
    expect(last(spy).days).toBe(2.5);
    expect(input('days').value).toBe('2.5');
    fireEvent.change(input('days'), { target: { value: '99' } });
    fireEvent.blur(input('days'));
    expect(last(spy).days).toBe(30);
  });

  it('labels its inputs and marks required ones', () => {
    render(<Harness schema={leaveSchema} />);
    expect(screen.getByLabelText(/姓名/)).toBe(input('name'));
    expect(within(cell('name')!).getByText('*')).toBeTruthy();
    expect(within(cell('reason')!).queryByText('*')).toBeNull();
  });

  it('shows the sub-table, requires a field and sets a value as rules hold', () => {
    const spy = vi.fn();
    render(<Harness schema={leaveSchema} spy={spy} initial={{ kind: 'personal' }} />);
    expect(cell('costs')).toBeNull();
    cleanup();
    render(<Harness schema={leaveSchema} spy={spy} initial={{ kind: 'trip' }} />);
    expect(cell('costs')).not.toBeNull();
    cleanup();
    render(<Harness schema={leaveSchema} spy={spy} initial={{ kind: 'sick' }} />);
    expect(within(cell('reason')!).getByText('*')).toBeTruthy();
    // Defaults that trigger a setValue rule reach the page once.
    expect(last(spy)).toMatchObject({ kind: 'sick', days: 1 });
  });

  it('switches a rule on as a choice is tapped', () => {
    const schema = schemaOf(
      [field('kind', 'radio', '类型', { options: OPTIONS }), field('detail', 'text', '出差地点', { hidden: true })],
      [
        {
          id: 'r',
          match: 'all',
          conditions: [{ field: 'kind', op: 'eq', value: 'trip' }],
          actions: [
            { type: 'show', targets: ['detail'] },
            { type: 'require', targets: ['detail'] },
          ],
        },
      ],
    );
    const spy = vi.fn();
    render(<Harness schema={schema} spy={spy} />);
    expect(cell('detail')).toBeNull();
    fireEvent.click(screen.getByText('出差'));
    expect(last(spy).kind).toBe('trip');
    expect(cell('detail')).not.toBeNull();
    expect(within(cell('detail')!).getByText('*')).toBeTruthy();
  });

  it('hands back checkbox and switch values', () => {
    const spy = vi.fn();
    render(
      <Harness
        schema={schemaOf([field('tags', 'checkbox', '标签', { options: OPTIONS }), field('ok', 'switch', '同意')])}
        spy={spy}
      />,
    );
    fireEvent.click(screen.getByText('病假'));
    fireEvent.click(screen.getByText('出差'));
    expect(last(spy).tags).toEqual(['sick', 'trip']);
    fireEvent.click(screen.getByRole('switch', { name: '同意' }));
    expect(last(spy).ok).toBe(true);
  });

  it('shows server messages beside fields and in sub-table rows', () => {
    const errors: FieldError[] = [
      { field: 'name', message: '姓名不能为空' },
      { field: 'costs', row: 0, column: 'item', message: '项目不能为空' },
    ];
    render(<Harness schema={leaveSchema} initial={{ kind: 'trip', costs: [{ amount: 3 }] }} errors={errors} />);
    expect(within(cell('name')!).getByRole('alert').textContent).toBe('姓名不能为空');
    expect(within(cell('costs')!).getByText('项目不能为空')).toBeTruthy();
  });

  it('adds and sums sub-table rows within their limits', () => {
    const spy = vi.fn();
    render(<Harness schema={leaveSchema} initial={{ kind: 'trip' }} spy={spy} />);
    const add = () =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find((b) =>
        b.textContent?.includes('添加一行'),
      )!;
    // minRows 1: one empty row to fill from the start.
    expect(last(spy).costs).toEqual([{}]);
    fireEvent.change(input('costs-0-amount'), { target: { value: '8' } });
    fireEvent.click(add());
    fireEvent.change(input('costs-1-amount'), { target: { value: '2.5' } });
    expect(last(spy).costs).toEqual([{ amount: 8 }, { amount: 2.5 }]);
    expect(screen.getByText('合计：金额 ¥10.50')).toBeTruthy();
    fireEvent.click(add());
    expect(add().disabled).toBe(true);
  });

  it('shows a stored submission as text', () => {
    const file: FileRef = { id: 'f', name: '材料.docx', size: 4096, url: '/uploads/f' };
    const schema = schemaOf(
      [...leaveSchema.sections[0]!.fields, field('files', 'file', '附件'), field('ok', 'switch', '同意')],
      leaveSchema.rules,
    );
    const { container } = render(
      <MobileFormRenderer
        schema={schema}
        mode="readOnly"
        values={{ name: '王五', kind: 'personal', files: [file], ok: true }}
      />,
    );
    expect(screen.getByText('王五')).toBeTruthy();
    expect(screen.getByText('事假')).toBeTruthy();
    expect(screen.getByText('是')).toBeTruthy();
    expect(screen.getByRole('link', { name: '材料.docx' })).toBeTruthy();
    expect(container.querySelectorAll('input, textarea, button')).toHaveLength(0);
  });

  it('uploads an attachment at once; without uploads it says so', async () => {
    const schema = schemaOf([field('proof', 'file', '证明', { accept: ['pdf'] })]);
    const ref: FileRef = { id: 'u', name: 'p.pdf', size: 6, url: '/uploads/u' };
    const upload = vi.fn(async () => ref);
    const spy = vi.fn();
    render(<Harness schema={schema} upload={upload} spy={spy} />);
    const file = cell('proof')!.querySelector('input[type=file]')!;
    await act(async () => {
      fireEvent.change(file, { target: { files: [new File(['%PDF-1'], 'p.pdf', { type: 'application/pdf' })] } });
    });
    expect(upload).toHaveBeenCalledWith('proof', expect.any(File));
    expect(last(spy).proof).toEqual([ref]);
    expect(screen.getByRole('link', { name: 'p.pdf' })).toBeTruthy();
    cleanup();
    render(<Harness schema={schema} />);
    expect(screen.getByText('预览中不可上传')).toBeTruthy();
  });

  it('disables pickers without a session', () => {
    render(<Harness schema={schemaOf([field('who', 'user', '审批人'), field('dept', 'department', '部门')])} />);
    expect(screen.getAllByText('登录后可选择')).toHaveLength(2);
    expect(Array.from(document.querySelectorAll<HTMLButtonElement>('button[id]')).every((b) => b.disabled)).toBe(true);
  });
});

describe('phone renderer stays free of antd', () => {
  it('imports nothing from the desktop kit (the phone branch never downloads antd)', () => {
    const roots = [__dirname, join(__dirname, '../../pages'), join(__dirname, '../../../components')];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.tsx')) files.push(p);
      }
    };
    roots.forEach(walk);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter(
      (f) =>
        /from '(antd|antd\/[^']*|@ant-design\/[^']*)'/.test(readFileSync(f, 'utf8')) ||
        /from '[^']*\/web\//.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
