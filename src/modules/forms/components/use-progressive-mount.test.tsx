// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { allFields, type FormField, type FormSchema } from '@/shared/forms/schema';
import { FIRST_MOUNT, useProgressiveMount } from './use-progressive-mount';

const text = (i: number): FormField => ({ id: `f${i}`, type: 'text', label: `字段${i}` });
const schemaOf = (count: number, extra: FormField[] = []): FormSchema => ({
  format: 1,
  sections: [
    { id: 's0', title: '', columns: 1, fields: [...Array.from({ length: count }, (_, i) => text(i)), ...extra] },
  ],
  rules: [],
});
const mountedCount = (schema: FormSchema, mounted: (f: FormField) => boolean) =>
  allFields(schema).filter(mounted).length;

describe('useProgressiveMount', () => {
  it('mounts a small form whole at once', () => {
    const schema = schemaOf(20);
    const { result } = renderHook(() => useProgressiveMount(schema, false));
    expect(mountedCount(schema, result.current)).toBe(20);
  });

  it('mounts a big form’s first fields at once and the rest, in document order, in background steps', async () => {
    const schema = schemaOf(120, [{ id: 'rows', type: 'subTable', label: '明细', columns: [text(999)] }]);
    const { result } = renderHook(() => useProgressiveMount(schema, false));
    expect(mountedCount(schema, result.current)).toBe(FIRST_MOUNT);
    expect(result.current(text(0))).toBe(true);
    expect(result.current(text(FIRST_MOUNT))).toBe(false);
    await waitFor(() => expect(mountedCount(schema, result.current)).toBe(121), { timeout: 10_000 });
  });

  it('mounts everything at once when asked (messages to show), and never unmounts afterwards', () => {
    const schema = schemaOf(100);
    const { result, rerender } = renderHook(({ all }) => useProgressiveMount(schema, all), {
      initialProps: { all: false },
    });
    expect(mountedCount(schema, result.current)).toBe(FIRST_MOUNT);
    rerender({ all: true });
    expect(mountedCount(schema, result.current)).toBe(100);
    rerender({ all: false });
    expect(mountedCount(schema, result.current)).toBe(100);
  });

  it('starts again from the first fields for another form', () => {
    const a = schemaOf(100);
    const b = schemaOf(90);
    const { result, rerender } = renderHook(({ s, all }) => useProgressiveMount(s, all), {
      initialProps: { s: a, all: true },
    });
    expect(mountedCount(a, result.current)).toBe(100);
    rerender({ s: b, all: false });
    expect(mountedCount(b, result.current)).toBe(FIRST_MOUNT);
  });
});
