// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { FileRef } from '@/shared/forms/schema';
import { RendererContext } from './renderer-context';
import type { SignatureCanvasHandle } from './signature-canvas';
import { SIGNATURE_SAVE_FAILED, useSignatureStep } from './use-signature-step';
import { field } from './testing/sample-schemas';

const SIGNED: FileRef = { id: 'f1', name: 'signature.png', url: '/files/f1', size: 2048 };
const sign = field('sign', 'signature', '申请人签名');

function step(upload: ((id: string, f: File) => Promise<FileRef>) | undefined, value: unknown = null) {
  const onChange = vi.fn();
  const report = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RendererContext.Provider value={{ idPrefix: 'f', readOnly: false, upload }}>{children}</RendererContext.Provider>
  );
  const hook = renderHook(() => useSignatureStep({ field: sign, value, onChange, report }), { wrapper });
  return { hook, onChange, report };
}

/** A pad with ink (or not), standing in for the canvas the kit draws. */
function pad(inked: boolean): SignatureCanvasHandle {
  return { isEmpty: () => !inked, clear: vi.fn(), toPng: async () => new Blob(['png'], { type: 'image/png' }) };
}

const httpError = () => Object.assign(new Error('文件类型不允许'), { name: 'HttpError' });

describe('useSignatureStep', () => {
  it('opens a blank pad and uploads the drawing as a PNG of this field, then closes with the ref as value', async () => {
    const upload = vi.fn(async (_id: string, _f: File) => SIGNED);
    const { hook, onChange } = step(upload);
    act(() => hook.result.current.setInked(true));
    act(() => hook.result.current.begin());
    expect(hook.result.current.open).toBe(true);
    expect(hook.result.current.inked).toBe(false);
    hook.result.current.pad.current = pad(true);
    await act(() => hook.result.current.confirm());
    const [fieldId, file] = upload.mock.calls[0]!;
    expect(fieldId).toBe('sign');
    expect(file.type).toBe('image/png');
    expect(file.name).toMatch(/^signature-\d+\.png$/);
    expect(onChange).toHaveBeenCalledWith(SIGNED);
    expect(hook.result.current.open).toBe(false);
    expect(hook.result.current.saving).toBe(false);
  });

  it('uploads nothing for an empty pad', async () => {
    const upload = vi.fn(async () => SIGNED);
    const { hook, onChange } = step(upload);
    act(() => hook.result.current.begin());
    hook.result.current.pad.current = pad(false);
    await act(() => hook.result.current.confirm());
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(hook.result.current.open).toBe(true);
  });

  it('keeps the pad open after a server refusal, which the request layer already toasted', async () => {
    const { hook, onChange, report } = step(vi.fn(async () => Promise.reject(httpError())));
    act(() => hook.result.current.begin());
    hook.result.current.pad.current = pad(true);
    await act(() => hook.result.current.confirm());
    expect(report).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(hook.result.current.open).toBe(true);
  });

  it('reports a failure nobody toasted, with a reason when there is none', async () => {
    const { hook, report } = step(vi.fn(async () => Promise.reject(new Error(''))));
    act(() => hook.result.current.begin());
    hook.result.current.pad.current = pad(true);
    await act(() => hook.result.current.confirm());
    expect(report).toHaveBeenCalledWith(SIGNATURE_SAVE_FAILED);
    expect(hook.result.current.open).toBe(true);
  });

  it('holds the current signature, removes it, and cannot upload in a preview', () => {
    const { hook, onChange } = step(undefined, SIGNED);
    expect(hook.result.current.current).toEqual(SIGNED);
    expect(hook.result.current.canUpload).toBe(false);
    hook.result.current.remove();
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(step(undefined, { broken: true }).hook.result.current.current).toBeNull();
  });
});
