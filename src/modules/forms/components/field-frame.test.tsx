// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FormField } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import { useFieldFrame, type FieldItemProps, type FieldKit } from './field-frame';
import type { FieldInputProps } from './field-input-props';
import { RendererContext } from './renderer-context';
import { column, field } from './testing/sample-schemas';

// A kit of plain elements: what the frame chose is visible by its role and text.
const TextInput = ({ id, value, onChange, disabled, invalid }: FieldInputProps) => (
  <input
    id={id}
    aria-invalid={invalid}
    disabled={disabled}
    value={String(value ?? '')}
    onChange={(e) => onChange(e.target.value)}
  />
);
const KIT: FieldKit = {
  inputs: { text: TextInput },
  SubTable: ({ id, errors, readOnly }) => (
    <div id={id}>
      sub-table {readOnly ? 'read-only' : 'editable'} with {errors.length} messages
    </div>
  ),
  ReadOnly: ({ value }) => <span>as text: {String(value)}</span>,
};

/** Draws the frame the way a kit would, so the test reads what a user would see. */
function Frame(props: FieldItemProps) {
  const f = useFieldFrame(props, KIT);
  return (
    <div>
      <label htmlFor={f.id}>
        {f.required && '* '}
        {props.field.label}
      </label>
      {f.control}
      {f.message && <p role="alert">{f.message}</p>}
      {f.help && <small>help: {f.help}</small>}
    </div>
  );
}

function show(over: Partial<FieldItemProps> = {}, readOnly = false) {
  const props: FieldItemProps = {
    field: field('name', 'text', '姓名', { help: '填写身份证上的姓名' }),
    value: '李明轩',
    required: true,
    locked: false,
    errors: [],
    setField: vi.fn(),
    ...over,
  };
  render(
    <RendererContext.Provider value={{ idPrefix: 'form7', readOnly }}>
      <Frame {...props} />
    </RendererContext.Provider>,
  );
  return props;
}

afterEach(cleanup);

describe('useFieldFrame', () => {
  it('gives the label the kit input of the type, and typing sets that field', () => {
    const props = show();
    const input = screen.getByLabelText('* 姓名') as HTMLInputElement;
    expect(input.id).toBe('form7-name');
    expect(input.value).toBe('李明轩');
    fireEvent.change(input, { target: { value: '王建国' } });
    expect(props.setField).toHaveBeenCalledWith('name', '王建国');
    expect(screen.getByText('help: 填写身份证上的姓名')).toBeTruthy();
  });

  it('shows the field’s own messages joined and marks the input invalid; cell messages stay with the table', () => {
    const errors: FieldError[] = [
      { field: 'name', message: '请填写姓名' },
      { field: 'name', message: '最多 20 个字' },
      { field: 'name', row: 0, column: 'x', message: '单元格' },
    ];
    show({ errors });
    expect(screen.getByRole('alert').textContent).toBe('请填写姓名；最多 20 个字');
    expect(screen.getByLabelText('* 姓名').getAttribute('aria-invalid')).toBe('true');
  });

  it('a field locked by a rule shows a disabled input', () => {
    show({ locked: true });
    expect((screen.getByLabelText('* 姓名') as HTMLInputElement).disabled).toBe(true);
  });

  it('on a read-only form shows the value as text, without required mark or help', () => {
    show({}, true);
    expect(screen.getByText('as text: 李明轩')).toBeTruthy();
    expect(screen.getByText('姓名')).toBeTruthy();
    expect(screen.queryByText(/\*/)).toBeNull();
    expect(screen.queryByText(/help:/)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('hands a sub-table its messages and the mode, whether filling or reading', () => {
    const table = field('costs', 'subTable', '费用', { columns: [column('item', 'text', '项目')] });
    const errors: FieldError[] = [{ field: 'costs', row: 0, column: 'item', message: '请填写项目' }];
    show({ field: table, value: [], errors });
    expect(screen.getByText('sub-table editable with 1 messages').id).toBe('form7-costs');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show({ field: table, value: [] }, true);
    expect(screen.getByText('sub-table read-only with 0 messages')).toBeTruthy();
  });

  it('a type the kit has no input for shows nothing to fill', () => {
    show({ field: field('x', 'date', '日期') as FormField, value: undefined });
    expect(screen.getByText('* 日期')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
