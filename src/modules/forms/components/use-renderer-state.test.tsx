// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { FormValues } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import type { BaseRendererProps } from './renderer-props';
import { useRendererState } from './use-renderer-state';
import { leaveSchema } from './testing/sample-schemas';

const section = leaveSchema.sections[0]!;

function state(values: FormValues, over: Partial<BaseRendererProps> = {}, stem = 'form') {
  const props: BaseRendererProps = { schema: leaveSchema, values, onChange: vi.fn(), ...over };
  const hook = renderHook(() => useRendererState(props, stem));
  return { hook, props };
}

const ids = (items: { field: { id: string } }[]) => items.map((i) => i.field.id);

describe('useRendererState', () => {
  it('lists a section’s visible fields with their values; a hidden one shows when a rule says so', () => {
    const sick = state({ name: '李明轩', kind: 'sick' }).hook.result.current.itemsOf(section);
    expect(ids(sick)).toEqual(['name', 'kind', 'reason', 'days']);
    expect(sick[0]!.value).toBe('李明轩');
    const trip = state({ kind: 'trip' }).hook.result.current.itemsOf(section);
    expect(ids(trip)).toContain('costs');
  });

  it('applies a rule’s requirement and hands each field only its own messages', () => {
    const errors: FieldError[] = [
      { field: 'reason', message: '请填写请假事由' },
      { field: 'name', message: '请填写姓名' },
    ];
    const items = state({ kind: 'sick' }, { errors }).hook.result.current.itemsOf(section);
    const reason = items.find((i) => i.field.id === 'reason')!;
    expect(reason.required).toBe(true);
    expect(reason.errors.map((e) => e.message)).toEqual(['请填写请假事由']);
    expect(items.find((i) => i.field.id === 'days')!.errors).toEqual([]);
    const plain = state({ kind: 'personal' }).hook.result.current.itemsOf(section);
    expect(plain.find((i) => i.field.id === 'reason')!.required).toBe(false);
  });

  it('writes a field through the rules: a rule’s value follows the change', () => {
    const { hook, props } = state({ kind: 'personal' });
    const kind = hook.result.current.itemsOf(section).find((i) => i.field.id === 'kind')!;
    kind.setField('kind', 'sick');
    expect(props.onChange).toHaveBeenCalledWith(expect.objectContaining({ kind: 'sick', days: 1 }));
  });

  it('gives every renderer on a page its own id prefix, and passes the mode, upload and pickers down', () => {
    const upload = vi.fn();
    const a = state({}, { upload, mode: 'readOnly' }, 'form').hook.result.current;
    const b = state({}, {}, 'mform').hook.result.current;
    expect(a.ctx.idPrefix).toMatch(/^form[A-Za-z0-9_-]+$/);
    expect(b.ctx.idPrefix).toMatch(/^mform[A-Za-z0-9_-]+$/);
    expect(a.ctx.idPrefix.slice(4)).not.toBe(b.ctx.idPrefix.slice(5));
    expect(a.readOnly).toBe(true);
    expect(a.ctx).toMatchObject({ readOnly: true, upload });
    expect(b.readOnly).toBe(false);
  });
});
