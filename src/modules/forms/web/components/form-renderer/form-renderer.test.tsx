// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { FileRef, FormSchema, FormValues } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import { field, leaveSchema, OPTIONS, schemaOf } from '@/modules/forms/components/testing/sample-schemas';
import { FormRenderer, type FormRendererProps } from './index';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';

afterEach(cleanup);

/** The page's part: it keeps the values the renderer hands back. */
function Harness(
  props: Omit<FormRendererProps, 'values' | 'onChange'> & { initial?: FormValues; spy?: (v: FormValues) => void },
) {
  const { initial, spy, ...rest } = props;
  const [values, setValues] = useState<FormValues>(initial ?? {});
  return (
    <ConfigProvider locale={zhCN}>
      <App>
        <FormRenderer
          {...rest}
          values={values}
          onChange={(v) => {
            setValues(v);
            spy?.(v);
          }}
        />
      </App>
    </ConfigProvider>
  );
}

const last = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)?.[0] as FormValues;
const cell = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`);

async function pickOption(label: string, option: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (o) => o.textContent === option,
    );
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  fireEvent.click(item);
}

describe('desktop form renderer: text and numbers', () => {
  it('hands back typed text without emoji, and numbers as numbers', () => {
    const spy = vi.fn();
    render(<Harness schema={leaveSchema} spy={spy} />);
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三😀' } });
    expect(last(spy).name).toBe('张三');
    fireEvent.change(screen.getByLabelText('天数'), { target: { value: '2.5' } });
    expect(last(spy).days).toBe(2.5);
    expect(screen.getByText('天')).toBeTruthy();
  });

  it('marks required fields', () => {
    render(<Harness schema={leaveSchema} />);
    const label = document.querySelector('label[for$="-name"]')!;
    expect(label.className).toContain('ant-form-item-required');
  });
});

describe('desktop form renderer: linkage rules live', () => {
  it('shows the sub-table only while the select equals its value', async () => {
    render(<Harness schema={leaveSchema} />);
    expect(cell('costs')).toBeNull();
    await pickOption('请假类型', '出差');
    await waitFor(() => expect(cell('costs')).not.toBeNull());
    expect(screen.getByText('差旅费用')).toBeTruthy();
    await pickOption('请假类型', '事假');
    await waitFor(() => expect(cell('costs')).toBeNull());
  });

  it('makes a field required and sets a value when a rule holds', async () => {
    const spy = vi.fn();
    render(<Harness schema={leaveSchema} spy={spy} />);
    const reasonLabel = () => document.querySelector('label[for$="-reason"]')!;
    expect(reasonLabel().className).not.toContain('ant-form-item-required');
    await pickOption('请假类型', '病假');
    await waitFor(() => expect(reasonLabel().className).toContain('ant-form-item-required'));
    expect(last(spy)).toMatchObject({ kind: 'sick', days: 1 });
    expect((screen.getByLabelText('天数') as HTMLInputElement).value).toBe('1.0');
  });

  it('locks a field a rule makes read-only', async () => {
    const schema = schemaOf(
      [field('agree', 'switch', '同意'), field('note', 'text', '备注')],
      [
        {
          id: 'r',
          match: 'all',
          conditions: [{ field: 'agree', op: 'eq', value: true }],
          actions: [{ type: 'readOnly', targets: ['note'] }],
        },
      ],
    );
    render(<Harness schema={schema} />);
    expect((screen.getByLabelText('备注') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: '同意' }));
    await waitFor(() => expect((screen.getByLabelText('备注') as HTMLInputElement).disabled).toBe(true));
  });
});

describe('desktop form renderer: choices', () => {
  const schema = schemaOf([
    field('kind', 'radio', '类型', { options: OPTIONS }),
    field('tags', 'checkbox', '标签', { options: OPTIONS }),
    field('many', 'multiSelect', '多选', { options: OPTIONS }),
    field('ok', 'switch', '是否同意'),
  ]);

  it('hands back the picked values in their shapes', async () => {
    const spy = vi.fn();
    render(<Harness schema={schema} spy={spy} />);
    fireEvent.click(screen.getByRole('radio', { name: '病假' }));
    expect(last(spy).kind).toBe('sick');
    fireEvent.click(screen.getByRole('checkbox', { name: '事假' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '出差' }));
    expect(last(spy).tags).toEqual(['personal', 'trip']);
    fireEvent.click(screen.getByRole('switch', { name: '是否同意' }));
    expect(last(spy).ok).toBe(true);
    await pickOption('多选', '出差');
    expect(last(spy).many).toEqual(['trip']);
  });
});

describe('desktop form renderer: dates', () => {
  it('shows stored dates and ranges in their pickers', () => {
    const schema = schemaOf([
      field('d', 'date', '日期'),
      field('t', 'datetime', '时间'),
      field('r', 'dateRange', '起止日期'),
    ]);
    render(
      <Harness schema={schema} initial={{ d: '2026-03-01', t: '2026-03-01 08:30:00', r: '2026-03-01至2026-03-05' }} />,
    );
    expect((screen.getByLabelText('日期') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('时间') as HTMLInputElement).value).toBe('2026-03-01 08:30:00');
    const inputs = cell('r')!.querySelectorAll('input');
    expect([inputs[0]!.value, inputs[1]!.value]).toEqual(['2026-03-01', '2026-03-05']);
  });

  it('clears a date to empty', () => {
    const spy = vi.fn();
    const schema = schemaOf([field('d', 'date', '日期')]);
    render(<Harness schema={schema} initial={{ d: '2026-03-01' }} spy={spy} />);
    const clear = cell('d')!.querySelector('.ant-picker-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    expect(last(spy).d).toBe('');
  });
});

describe('desktop form renderer: messages', () => {
  it('shows server messages beside their fields and in sub-table cells', () => {
    const errors: FieldError[] = [
      { field: 'name', message: '姓名不能为空' },
      { field: 'costs', row: 0, column: 'item', message: '项目不能为空' },
    ];
    render(<Harness schema={leaveSchema} initial={{ kind: 'trip', costs: [{ amount: 12 }] }} errors={errors} />);
    expect(within(cell('name')!).getByText('姓名不能为空')).toBeTruthy();
    expect(within(cell('costs')!).getByText('项目不能为空')).toBeTruthy();
    expect(cell('name')!.querySelector('.ant-form-item-has-error')).not.toBeNull();
  });
});

describe('desktop form renderer: read-only mode', () => {
  it('shows every value as text, hidden fields stay hidden', () => {
    const schema = schemaOf(
      [
        ...leaveSchema.sections[0]!.fields,
        field('ok', 'switch', '是否同意'),
        field('files', 'file', '附件'),
        field('who', 'user', '审批人'),
      ],
      leaveSchema.rules,
    );
    const file: FileRef = { id: 'f1', name: '证明.pdf', size: 2048, url: '/uploads/f1' };
    const { container } = render(
      <ConfigProvider locale={zhCN}>
        <FormRenderer
          schema={schema}
          mode="readOnly"
          values={{ name: '张三', kind: 'sick', days: 2, ok: false, files: [file], who: [{ id: 3, name: '李老师' }] }}
        />
      </ConfigProvider>,
    );
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('病假')).toBeTruthy();
    expect(screen.getByText('2.0天')).toBeTruthy();
    expect(screen.getByText('否')).toBeTruthy();
    expect(screen.getByRole('link', { name: '证明.pdf' }).getAttribute('href')).toBe('/uploads/f1');
    expect(screen.getByText('李老师')).toBeTruthy();
    expect(container.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(cell('costs')).toBeNull();
  });
});

describe('desktop form renderer: sub-table', () => {
  // querySelector rather than getByRole: role queries over a table of inputs are slow in jsdom.
  const button = (text: string) =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent?.replace(/\s/g, '') === text,
    )!;
  const remove = (row: number) => document.querySelector<HTMLButtonElement>(`button[aria-label="删除第 ${row} 行"]`)!;

  it('adds rows up to the maximum, sums a column and keeps the minimum', () => {
    const spy = vi.fn();
    render(<Harness schema={leaveSchema} initial={{ kind: 'trip' }} spy={spy} />);
    // minRows 1: the table starts with one empty row to fill.
    expect(last(spy).costs).toEqual([{}]);
    fireEvent.change(document.querySelector('input[id$="-costs-0-amount"]')!, { target: { value: '12.5' } });
    expect(last(spy).costs).toEqual([{ amount: 12.5 }]);
    fireEvent.click(button('添加一行'));
    fireEvent.change(document.querySelector('input[id$="-costs-1-amount"]')!, { target: { value: '7' } });
    fireEvent.click(button('添加一行'));
    expect(button('添加一行').disabled).toBe(true);
    expect(document.querySelector('[data-sum="amount"]')!.textContent).toBe('¥19.50');
    fireEvent.click(remove(3));
    fireEvent.click(remove(2));
    expect(last(spy).costs).toEqual([{ amount: 12.5 }]);
    expect(remove(1).disabled).toBe(true);
  });
});

describe('desktop form renderer: uploads', () => {
  const schema = schemaOf([field('proof', 'file', '证明材料', { accept: ['pdf'], maxSizeMb: 1, maxCount: 2 })]);

  it('uploads a chosen file at once and keeps its reference', async () => {
    const spy = vi.fn();
    const ref: FileRef = { id: 'u1', name: 'a.pdf', size: 10, url: '/uploads/u1' };
    const upload = vi.fn(async () => ref);
    render(<Harness schema={schema} spy={spy} upload={upload} />);
    const input = cell('proof')!.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1'], 'a.pdf', { type: 'application/pdf' })] } });
    });
    await waitFor(() => expect(last(spy)?.proof).toEqual([ref]));
    expect(upload).toHaveBeenCalledWith('proof', expect.any(File));
    expect(screen.getAllByText('a.pdf').length).toBeGreaterThan(0);
  });

  it('refuses a file of another type before uploading', async () => {
    const upload = vi.fn();
    render(<Harness schema={schema} upload={upload} />);
    const input = cell('proof')!.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'a.exe')] } });
    });
    await waitFor(() => expect(document.body.textContent).toContain('「a.exe」的类型不允许'));
    expect(upload).not.toHaveBeenCalled();
  });

  it('is disabled with a note when uploads are not possible (a preview)', () => {
    render(<Harness schema={schema} />);
    expect(screen.getByText(/预览中不可上传/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /选择文件/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('desktop form renderer: signature', () => {
  it('uploads the drawn signature as a PNG and shows it', async () => {
    // jsdom has no canvas: a 2D context that records nothing, and toBlob giving a small PNG.
    const ctx = new Proxy({}, { get: () => () => undefined });
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((cb: BlobCallback) => cb(new Blob(['png'], { type: 'image/png' })));
    const ref: FileRef = { id: 'sig1', name: 'signature.png', size: 3, url: '/uploads/sig1' };
    const upload = vi.fn(async (_id: string, _file: File) => ref);
    const spy = vi.fn();
    render(
      <Harness
        schema={schemaOf([field('sign', 'signature', '本人签名', { required: true })])}
        upload={upload}
        spy={spy}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /点击签名/ }));
    const pad = await screen.findByRole('img', { name: /签名区域/ });
    const ok = () => screen.getByRole('button', { name: /确\s?定/ }) as HTMLButtonElement;
    expect(ok().disabled).toBe(true);
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    expect(ok().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(ok());
    });
    await waitFor(() => expect(last(spy)?.sign).toEqual(ref));
    const file = upload.mock.calls[0]![1];
    expect([upload.mock.calls[0]![0], file.type, file.name.endsWith('.png')]).toEqual(['sign', 'image/png', true]);
    expect(screen.getByRole('img', { name: '本人签名（已签名）' }).getAttribute('src')).toBe('/uploads/sig1');
    getContext.mockRestore();
    toBlob.mockRestore();
  });
});

describe('desktop form renderer: private files', () => {
  it('shows a stored signature through its blob, read with the session', async () => {
    const id = '5f2d0091-46f5-45c4-9b29-ebc950c43d0b';
    const seen: string[] = [];
    httpInstances.normal.defaults.adapter = async (config) => {
      seen.push(`${config.url} ${config.headers.get('Authorization')}`);
      return {
        data: new Blob(['png'], { type: 'image/png' }),
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'image/png' },
        config,
      };
    };
    const createObjectURL = vi.fn(() => 'blob:signature');
    Object.assign(URL, { createObjectURL });
    useSession.setState({ token: 'T1' });
    localStorage.setItem('Authorization', 'T1');
    try {
      const sig: FileRef = { id, name: 'signature.png', size: 3, url: `/resource/api/v1.file/${id}` };
      render(
        <FormRenderer
          schema={schemaOf([field('sign', 'signature', '本人签名')])}
          mode="readOnly"
          values={{ sign: sig }}
        />,
      );
      const img = await screen.findByRole('img', { name: '本人签名（签名）' });
      expect(img.getAttribute('src')).toBe('blob:signature');
      expect(seen).toEqual([`/resource/api/v1.file/${id} T1`]);
    } finally {
      useSession.setState({ token: null });
      localStorage.removeItem('Authorization');
    }
  });
});

describe('desktop form renderer: pickers', () => {
  const schema = schemaOf([field('who', 'user', '审批人'), field('dept', 'department', '部门')]);

  it('disables pickers without a session', () => {
    render(<Harness schema={schema} />);
    expect(screen.getAllByText('登录后可选择')).toHaveLength(2);
  });

  it('searches users as typed and keeps the picked name', async () => {
    const spy = vi.fn();
    const searchUsers = vi.fn(async (k: string) => (k === '李' ? [{ id: 7, name: '李雷', department: '数学系' }] : []));
    const pickers = { searchUsers, departments: async () => [] };
    render(<Harness schema={schema} spy={spy} pickers={pickers} />);
    const input = screen.getByLabelText('审批人');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '李' } });
    const option = await screen.findByText('李雷（数学系）', {}, { timeout: 3000 });
    // The field's id goes with the keyword: the server answers only whom that field allows.
    expect(searchUsers).toHaveBeenCalledTimes(1);
    expect(searchUsers).toHaveBeenCalledWith('李', 'who');
    fireEvent.click(option);
    expect(last(spy).who).toEqual([{ id: 7, name: '李雷' }]);
  });
});

describe('desktop form renderer: layout', () => {
  it('places fields in the section columns with their span, one column when forced to phone width', () => {
    const schema: FormSchema = {
      format: 1,
      rules: [],
      sections: [
        {
          id: 's',
          title: '两列',
          columns: 2,
          fields: [field('a', 'text', '甲', { span: 2 }), field('b', 'text', '乙')],
        },
      ],
    };
    const { container, rerender } = render(<FormRenderer schema={schema} values={{}} />);
    const grid = container.querySelector<HTMLElement>('[data-field="a"]')!.parentElement!;
    expect(grid.style.getPropertyValue('--cols')).toBe('2');
    expect(cell('a')!.style.getPropertyValue('--span')).toBe('2');
    expect(cell('b')!.style.getPropertyValue('--span')).toBe('1');
    rerender(<FormRenderer schema={schema} values={{}} width="phone" />);
    expect(container.firstElementChild!.className).toMatch(/phone/);
  });

  it('renders description blocks as HTML', () => {
    const schema = schemaOf([
      field('intro', 'richText', '说明', { content: '<p>请如实填写<strong>全部</strong>内容</p>' }),
    ]);
    render(<FormRenderer schema={schema} values={{}} />);
    expect(screen.getByText('全部', { selector: 'strong' })).toBeTruthy();
  });
});
