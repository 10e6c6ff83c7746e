// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { HttpError } from '@/core/http';
import type { OpenedForm, SubmitAnswer } from '../contract';
import { invalidCountText, openFailureText, useFillOutcome } from './use-fill-outcome';
import type { SubmitOutcome, useFormFill } from './use-form-fill';

type Fill = ReturnType<typeof useFormFill>;

const ANSWER = { id: 9, submittedAt: '2026-03-01T08:00:00Z', follow: null } as unknown as SubmitAnswer;
const FORM = { id: 1, version: 1, name: '请假', defaults: { kind: 'personal' } } as unknown as OpenedForm;

function outcome(
  submit: SubmitOutcome,
  draft: Awaited<ReturnType<Fill['saveServerDraft']>> = { ok: false, errors: [] },
) {
  const fill = {
    submit: vi.fn(async () => submit),
    saveServerDraft: vi.fn(async () => draft),
    change: vi.fn(),
    setErrors: vi.fn(),
  } as unknown as Fill;
  const words = { reportInvalid: vi.fn(), draftSaved: vi.fn() };
  const hook = renderHook(() => useFillOutcome(fill, FORM, words));
  return { hook, fill, words };
}

/** A field on the page, to see that the first one to fix is scrolled to. */
function fieldOnPage(id: string) {
  const el = document.createElement('div');
  el.dataset.field = id;
  el.scrollIntoView = vi.fn();
  document.body.appendChild(el);
  return el;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('fill outcomes', () => {
  it('says why a form did not open', () => {
    expect(openFailureText(new HttpError('未登录', '0x00000011', 401))).toBe('请登录后填写此表单');
    expect(openFailureText(new Error('表单已停用'))).toBe('表单已停用');
    expect(openFailureText(undefined)).toBe('表单不存在或已停用');
  });

  it('a submitted form shows its success page from the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { hook, words } = outcome({ ok: true, answer: ANSWER });
    await act(() => hook.result.current.submit());
    expect(hook.result.current.done).toBe(ANSWER);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(words.reportInvalid).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('the client’s own check says how many places to fix and scrolls to the first', async () => {
    const first = fieldOnPage('name');
    const { hook, words } = outcome({
      ok: false,
      reason: 'invalid',
      errors: [
        { field: 'name', message: '请填写姓名' },
        { field: 'days', message: '请填写天数' },
      ],
    });
    await act(() => hook.result.current.submit());
    expect(words.reportInvalid).toHaveBeenCalledWith(invalidCountText(2));
    expect(invalidCountText(2)).toBe('有 2 处内容需要修改');
    expect(first.scrollIntoView).toHaveBeenCalled();
    expect(hook.result.current.done).toBeNull();
  });

  it('a server refusal (already toasted) only scrolls to its field', async () => {
    const field = fieldOnPage('days');
    const { hook, words } = outcome({ ok: false, reason: 'refused', errors: [{ field: 'days', message: '超出范围' }] });
    await act(() => hook.result.current.submit());
    expect(words.reportInvalid).not.toHaveBeenCalled();
    expect(field.scrollIntoView).toHaveBeenCalled();
  });

  it('再填一份 starts again from the defaults without messages', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { hook, fill } = outcome({ ok: true, answer: ANSWER });
    await act(() => hook.result.current.submit());
    act(() => hook.result.current.fillAgain());
    expect(hook.result.current.done).toBeNull();
    expect(fill.change).toHaveBeenCalledWith({ kind: 'personal' });
    expect(fill.setErrors).toHaveBeenCalledWith([]);
  });

  it('a saved draft is announced; one that cannot be saved scrolls to what to fix', async () => {
    const info = { id: 3, savedAt: '2026-03-01T08:00:00Z' };
    const saved = outcome({ ok: false, reason: 'failed', errors: [] }, { ok: true, info } as never);
    await act(() => saved.hook.result.current.saveDraft());
    expect(saved.words.draftSaved).toHaveBeenCalledWith(info);
    const field = fieldOnPage('name');
    const refused = outcome(
      { ok: false, reason: 'failed', errors: [] },
      { ok: false, errors: [{ field: 'name', message: '过长' }] },
    );
    await act(() => refused.hook.result.current.saveDraft());
    expect(refused.words.draftSaved).not.toHaveBeenCalled();
    expect(field.scrollIntoView).toHaveBeenCalled();
  });
});
